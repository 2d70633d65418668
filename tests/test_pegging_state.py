"""The play as a state machine (rules spec §1.3): go and last-card points, resets, the 5-card
single count, and the multi-player go readings — with the spec's worked examples."""

from __future__ import annotations

import pytest

from trainer.engine.cards import Card, parse_cards
from trainer.engine.errors import IllegalAction
from trainer.engine.pegging import PeggingState
from trainer.engine.ruleset import Ruleset


def card(text: str) -> Card:
    return parse_cards(text)[0]


def run(state: PeggingState, moves: str) -> PeggingState:
    """Apply moves like '10S KD go 3D'; 'go' says go for the seat to act."""
    for move in moves.split():
        state, _ = state.act(None if move == "go" else card(move))
    return state


def test_appendix_go_then_run_of_three_and_four_and_last_card_is_8() -> None:
    # 10, K, 2, A, go, 3, 4: the second player scores run 3 on the 3, run 4 on the 4, 1 for go -> 8
    state = PeggingState.start([parse_cards("10S 2H 9C"), parse_cards("KD AS 3D 4D")], leader=0)
    state = run(state, "10S KD 2H AS go 3D 4D")
    assert state.pegged == (0, 8)
    assert state.count == 0 and state.turn == 0  # the 9 leads a new count


def test_w14_thirty_one_after_a_go_scores_2_and_no_go_point() -> None:
    state = PeggingState.start([parse_cards("2S 8C 9C"), parse_cards("10H 4D 7D")], leader=0)
    state = run(state, "2S 10H 8C 4D go 7D")  # 24, the 9 does not fit: go; the 7 makes 31
    assert state.pegged == (0, 2)
    assert state.count == 0


def test_w14_playing_on_after_a_go_earns_one_go_point_only() -> None:
    state = PeggingState.start([parse_cards("2S 8C 9C"), parse_cards("10H 4D AD 5S")], leader=0)
    state = run(state, "2S 10H 8C 4D go AD 5S")  # 25 then 30: one point for the go, not two
    assert state.pegged == (0, 1)


def test_renege_message_names_seat_cards_and_count() -> None:
    state = PeggingState.start([parse_cards("10S 10D 5S 5C"), parse_cards("KH QS")], leader=0)
    state = run(state, "10S KH 5S")  # count 25
    state = run(state, "go")  # seat 1 holds QS: cannot play at 25
    with pytest.raises(IllegalAction, match="seat 0 said go holding 5C at count 25"):
        state.go()


def test_five_card_single_count_stops_at_the_first_go_go(five_card: Ruleset) -> None:
    state = PeggingState.start(
        [parse_cards("KS QS 9H"), parse_cards("KD JD 8C")], leader=0, ruleset=five_card
    )
    state = run(state, "KS KD QS go go")  # 30: neither can play; last player (seat 0) pegs 1 for go
    assert state.finished
    assert state.hands == (parse_cards("9H"), parse_cards("JD 8C"))  # left unplayed
    assert state.pegged == (1, 2)


def test_three_players_continue_until_nobody_can_play(three_player: Ruleset) -> None:
    hands = [parse_cards("KS 9C"), parse_cards("QS 8C"), parse_cards("5S AC")]
    state = PeggingState.start(hands, leader=0, ruleset=three_player)
    state = run(state, "KS QS 5S")  # 25
    state = run(state, "go go")  # seats 0 and 1 cannot play
    state = run(state, "AC")  # seat 2 plays on alone: 26, then nobody can play
    assert state.pegged[2] == 1 and state.count == 0  # go point to the last player


def test_three_players_hoyle_literal_ends_after_two_goes(three_player: Ruleset) -> None:
    from dataclasses import replace

    literal = replace(three_player, pegging=replace(three_player.pegging, multi_go="hoyle_literal"))
    hands = [parse_cards("KS 9C"), parse_cards("QS 8C"), parse_cards("5S AC")]
    state = PeggingState.start(hands, leader=0, ruleset=literal)
    state = run(state, "KS QS 5S go go")  # two goes in a row: the count ends, seat 2 keeps its A
    assert state.count == 0 and state.pegged[2] == 1
    assert card("AC") in state.hands[2]
