"""Single rules of the game flow: the draw, compensation, lurch and skunk, the next game's dealer,
illegal actions and their messages, claims under muggins, penalties, forks and drill positions."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from test_game_scripted import C, deal_stacked, stacked

from trainer.engine.bots import play_until, position
from trainer.engine.cards import parse_cards
from trainer.engine.errors import IllegalAction
from trainer.engine.events import CompensationEvent, DrawEvent, MugginsEvent, PenaltyEvent
from trainer.engine.game import Game, Phase
from trainer.engine.irregularities import adjudicate
from trainer.engine.ruleset import Compensation, Lurch, Muggins, Ruleset

CLASSIC_HANDS = ["5H 5D JS 6C 4S KC", "7C 8D 9H 3S QD 2C"]
CLASSIC_DISCARDS = ["6C KC", "QD 2C"]


def heels_win(ruleset: Ruleset, *, loser_score: int, dealer: int = 1) -> Game:
    """A game the dealer wins on his heels at the cut, the other side stuck on `loser_score`."""
    scores = [loser_score] * ruleset.sides
    scores[ruleset.side_of(dealer)] = ruleset.target - 2
    hands = CLASSIC_HANDS if ruleset.players == 2 else None
    assert hands is not None
    return deal_stacked(
        ruleset, dealer=dealer, hands=hands, discards=CLASSIC_DISCARDS, starter="JD", scores=scores
    )


# ----------------------------------------------------------------------------- the draw


def test_lowest_card_deals_first(classic: Ruleset) -> None:
    game = Game.new(classic)
    assert game.phase is Phase.DRAW
    (event,) = game.draw(parse_cards("9S 4D"))
    assert isinstance(event, DrawEvent) and event.dealer == 1
    assert (game.phase, game.dealer, game.pone) == (Phase.DEAL, 1, 0)


def test_equal_ranks_draw_again_only_among_the_tied(three_player: Ruleset) -> None:
    game = Game.new(three_player)
    (event,) = game.draw(parse_cards("3S 3D KH"))
    assert isinstance(event, DrawEvent) and event.dealer is None and event.tied == (0, 1)
    assert game.phase is Phase.DRAW
    assert "each player who draws (2), not 3" in (game.verify_draw(parse_cards("AS 2S 3H")) or "")
    game.draw(parse_cards("QS 2H"))
    assert game.dealer == 1


def test_first_dealer_high_option(partnership: Ruleset) -> None:
    game = Game.new(replace(partnership, first_dealer="high"))
    game.draw(parse_cards("KS 2D 9H AC"))
    assert game.dealer == 0


def test_draw_and_deal_from_a_seeded_random_source_repeat(classic: Ruleset) -> None:
    def first_hands(seed: int) -> tuple[object, ...]:
        game = Game.new(classic, rng=random.Random(seed))
        while game.phase is Phase.DRAW:
            game.draw()
        game.deal()
        return (game.dealer, game.hand(0), game.hand(1))

    assert first_hands(3) == first_hands(3)
    assert first_hands(3) != first_hands(4)


# ----------------------------------------------------------------------------- compensation


def test_five_card_compensation_only_on_the_first_deal_by_default(five_card: Ruleset) -> None:
    hands = ["10C KC 3H 4C 6D", "QD JS 9S 7H AH"]
    game = Game.new(five_card, dealer=0, deal_number=2)
    events = game.deal(stacked(five_card, dealer=0, hands=hands, starter="5C"))
    assert not any(isinstance(e, CompensationEvent) for e in events)


def test_five_card_compensation_every_deal_option(five_card: Ruleset) -> None:
    rules = replace(five_card, compensation=Compensation(points=3, when="every_deal"))
    hands = ["10C KC 3H 4C 6D", "QD JS 9S 7H AH"]
    game = Game.new(rules, dealer=0, deal_number=2)
    game.deal(stacked(rules, dealer=0, hands=hands, starter="5C"))
    assert game.scores == (0, 3)  # to the pone of this deal (seat 1)


def test_six_card_game_has_no_compensation(classic: Ruleset) -> None:
    game = Game.new(classic, dealer=1)
    events = game.deal(stacked(classic, dealer=1, hands=CLASSIC_HANDS, starter="6D"))
    assert len(events) == 1 and game.scores == (0, 0)


# ----------------------------------------------------------------------------- lurch and skunk


@pytest.mark.parametrize(
    ("loser", "result", "games"),
    [(60, "lurch", 2), (61, "win", 1)],
    ids=["loser-60-is-lurched-below-half-of-121", "loser-61-is-not"],
)
def test_lurch_below_half_the_target(classic: Ruleset, loser: int, result: str, games: int) -> None:
    outcome = heels_win(classic, loser_score=loser).outcome
    assert outcome is not None and (outcome.result, outcome.games) == (result, games)


@pytest.mark.parametrize(
    ("loser", "result", "games"),
    [(91, "win", 1), (90, "skunk", 2), (60, "double_skunk", 3)],
    ids=["91-no-skunk", "90-skunk-2-games", "60-double-skunk-3-games"],
)
def test_skunk_lines_at_91_and_61(classic: Ruleset, loser: int, result: str, games: int) -> None:
    rules = replace(classic, lurch=Lurch(rule="skunk_91", values=(2, 3)))
    outcome = heels_win(rules, loser_score=loser).outcome
    assert outcome is not None and (outcome.result, outcome.games) == (result, games)


@pytest.mark.parametrize(
    ("loser", "points"), [(95, 2), (80, 3), (30, 3)], ids=["win-2", "skunk-3", "no-more-for-double"]
)
def test_acc_game_points(classic: Ruleset, loser: int, points: int) -> None:
    rules = replace(classic, lurch=Lurch(rule="acc_game_points"))
    outcome = heels_win(rules, loser_score=loser).outcome
    assert outcome is not None and outcome.games == points


def test_no_lurch_rule(classic: Ruleset) -> None:
    outcome = heels_win(replace(classic, lurch=Lurch(rule="none")), loser_score=5).outcome
    assert outcome is not None and not outcome.lurched and outcome.games == 1


# ----------------------------------------------------------------------------- next game


def test_loser_deals_first_next_game(classic: Ruleset) -> None:
    game = heels_win(classic, loser_score=80)  # dealer (seat 1) wins
    nxt = game.next_game()
    assert (nxt.phase, nxt.dealer, nxt.scores) == (Phase.DEAL, 0, (0, 0))


def test_winner_deals_first_next_game_option(classic: Ruleset) -> None:
    game = heels_win(replace(classic, next_game_first_dealer="winner"), loser_score=80)
    assert game.next_game().dealer == 1


def test_next_game_needs_a_finished_game(classic: Ruleset) -> None:
    with pytest.raises(IllegalAction, match="not over"):
        Game.new(classic, dealer=0).next_game()


# ----------------------------------------------------------------------------- illegal actions


@pytest.fixture
def discarding(classic: Ruleset) -> Game:
    game = Game.new(classic, dealer=1)
    game.deal(stacked(classic, dealer=1, hands=CLASSIC_HANDS, starter="6D"))
    return game


def test_discard_must_be_the_right_number_of_held_cards(discarding: Game) -> None:
    assert discarding.verify_discard(0, parse_cards("6C")) == "seat 0 must lay away 2 card(s), not 1"
    assert "does not hold 7C" in (discarding.verify_discard(0, parse_cards("6C 7C")) or "")
    discarding.discard(0, parse_cards("6C KC"))
    assert "already laid away 6C KC" in (discarding.verify_discard(0, parse_cards("5H 5D")) or "")


def test_nothing_is_played_before_the_starter(discarding: Game) -> None:
    assert discarding.verify_play(C("5H")) == "cannot play a card now: the game is in the discard phase"
    assert (
        discarding.verify_cut(position=10)
        == "cannot cut for the starter now: the game is in the discard phase"
    )


def test_starter_cut_leaves_four_cards_in_each_packet(discarding: Game) -> None:
    discarding.discard(0, parse_cards("6C KC"))
    discarding.discard(1, parse_cards("QD 2C"))
    assert discarding.verify_cut(position=3) == "a cut lifts 4 to 36 cards of the 40 left, not 3"
    assert "at least 4 cards in each packet" in (discarding.verify_cut(starter=discarding.stock[1]) or "")
    assert discarding.verify_cut(starter=C("5H")) == "the starter 5H is not in the pack (it was dealt)"
    assert "random source" in (discarding.verify_cut() or "")


def test_play_out_of_turn_and_over_31_are_refused(classic: Ruleset) -> None:
    game = deal_stacked(classic, dealer=1, hands=CLASSIC_HANDS, discards=CLASSIC_DISCARDS, starter="6D")
    assert game.verify_play(C("7C"), 1) == "it is seat 0's turn, not seat 1's"
    for token in ("4S", "3S", "5D", "9H"):
        game.play(C(token))
    game.play(C("JS"))  # 31
    game.play(C("7C"))
    assert game.verify_play(C("8D")) == "seat 0 does not hold 8D"
    assert game.verify_go() == "seat 0 said go holding 5H at count 7"


def test_the_show_goes_in_order(classic: Ruleset) -> None:
    game = deal_stacked(classic, dealer=1, hands=CLASSIC_HANDS, discards=CLASSIC_DISCARDS, starter="6D")
    for token in ("4S", "3S", "5D", "9H", "JS", "7C", "5H", "8D"):
        game.play(C(token))
    assert "seat 0's hand to count now" in (game.verify_show(1) or "")
    game.show(0)
    assert game.can_show(1)


def test_deal_inputs_are_checked(classic: Ruleset, three_player: Ruleset) -> None:
    game = Game.new(classic, dealer=0)
    assert game.verify_deal_hands([parse_cards("5H 5D JS 6C 4S"), parse_cards("7C 8D 9H 3S QD 2C")]) == (
        "seat 0 must be dealt 6 cards, not 5"
    )
    assert (
        game.verify_deal(parse_cards("5H 5D"))
        == "the stacked deck needs at least 12 cards for this deal, not 2"
    )
    assert "random source" in (game.verify_deal() or "")
    three = Game.new(three_player, dealer=0)
    hands = [parse_cards(h) for h in ("KH QH 5D 8C AH", "JD 10S 6C 9S 2C", "7C 4H 2S 3D KS")]
    assert "from the pack to the crib: 1, not 0" in (three.verify_deal_hands(hands) or "")


def test_new_game_checks_its_arguments(classic: Ruleset) -> None:
    with pytest.raises(IllegalAction, match="one per side"):
        Game.new(classic, scores=(1, 2, 3))
    with pytest.raises(IllegalAction, match="dealer seat 2 does not exist"):
        Game.new(classic, dealer=2)


# ----------------------------------------------------------------------------- claims and muggins


def _playing(ruleset: Ruleset) -> Game:
    return deal_stacked(ruleset, dealer=1, hands=CLASSIC_HANDS, discards=CLASSIC_DISCARDS, starter="6D")


def _to_show(game: Game) -> Game:
    for token in ("4S", "3S", "5D", "9H", "JS", "7C", "5H", "8D"):
        game.play(C(token))
    return game  # scores (5, 1); A's hand is worth 16


def test_an_undercount_is_lost_without_muggins(classic: Ruleset) -> None:
    game = _to_show(_playing(classic))
    events = game.show(claimed=12)
    assert len(events) == 1 and events[0].points == 12
    assert game.scores == (17, 1)


def test_muggins_gives_the_overlooked_points_to_the_opponent(classic: Ruleset) -> None:
    rules = replace(classic, muggins=Muggins(enabled=True))
    game = _to_show(_playing(rules))
    events = game.show(claimed=12)
    assert isinstance(events[1], MugginsEvent) and (events[1].seat, events[1].points) == (1, 4)
    assert game.scores == (17, 5)


def test_muggins_in_the_play_only_with_play_scope(classic: Ruleset) -> None:
    for scope, taken in (("play_and_show", 3), ("show", 0)):
        rules = replace(classic, muggins=Muggins(enabled=True, scope=scope))
        game = _playing(rules)
        game.play(C("4S"))
        game.play(C("3S"))
        game.play(C("5D"), claimed=0)  # the run of three is overlooked
        assert game.scores == (0, taken), scope


def test_an_overclaim_is_corrected_and_the_opponent_pegs_2_under_seed_rules(classic: Ruleset) -> None:
    game = _to_show(_playing(classic))
    events = game.show(claimed=20)
    assert events[0].points == 16
    assert isinstance(events[1], PenaltyEvent) and (events[1].seat, events[1].points) == (1, 2)
    assert game.scores == (21, 3)


@pytest.mark.parametrize(
    ("penalties", "dealer_gets"),
    [("acc", 0), ("old_laws", 4)],
    ids=["acc-correction-only", "old-laws-excess-to-opponent"],
)
def test_overclaim_under_other_penalty_sets(classic: Ruleset, penalties: str, dealer_gets: int) -> None:
    game = _to_show(_playing(replace(classic, penalties=penalties)))
    game.show(claimed=20)
    assert game.scores == (21, 1 + dealer_gets)


# ----------------------------------------------------------------------------- penalties


def test_penalize_pegs_a_ruling_for_the_beneficiary(classic: Ruleset) -> None:
    game = _playing(classic)
    ruling = adjudicate("renege", ruleset=classic)
    (event,) = game.penalize(ruling, offender=0)
    assert isinstance(event, PenaltyEvent) and event.seat == 1
    assert game.scores == (0, 2)


def test_penalize_applies_an_acc_backward_penalty(classic: Ruleset) -> None:
    game = Game.new(classic, dealer=0, scores=(40, 30))
    ruling = adjudicate(
        "false_claim_of_game", ruleset=classic, penalty_set="acc", claimed=121, true_points=40
    )
    game.penalize(ruling, offender=0)
    assert game.scores == (25, 30 + 81)


def test_penalize_refuses_a_ruling_without_points(classic: Ruleset) -> None:
    game = Game.new(classic, dealer=0)
    ruling = adjudicate("misdeal_not_one_at_a_time", ruleset=classic)
    assert (
        game.verify_penalize(ruling, offender=0) == "the ruling on misdeal_not_one_at_a_time scores no points"
    )


# ----------------------------------------------------------------------------- house rule


def test_no_peg_out_on_heels_house_rule(classic: Ruleset) -> None:
    rules = replace(classic, no_peg_out_on_heels_or_go=True)
    game = heels_win(rules, loser_score=50)
    assert not game.is_over
    assert game.scores == (50, 120)  # heels may take him to 120 only


# ----------------------------------------------------------------------------- forks and positions


def test_a_copy_plays_on_independently(classic: Ruleset) -> None:
    game = _playing(classic)
    fork = game.copy()
    fork.play(C("4S"))
    assert game.pegging is not None and game.pegging.count == 0
    assert Game.from_state(fork.state).pegging.count == 4  # type: ignore[union-attr]


def test_play_until_a_mid_count_pegging_position(classic: Ruleset) -> None:
    def mid_count(g: Game) -> bool:
        return g.phase is Phase.PLAY and g.pegging is not None and g.pegging.count >= 15

    game = position(classic, seed=11, until=mid_count)
    again = position(classic, seed=11, until=mid_count)
    assert game.pegging == again.pegging  # the same seed gives the same position
    assert game.pegging is not None and 15 <= game.pegging.count <= 31
    assert any(game.pegging.hands)


def test_play_until_a_three_player_count_with_two_gos(three_player: Ruleset) -> None:
    game = position(
        three_player,
        seed=5,
        until=lambda g: g.phase is Phase.PLAY and g.pegging is not None and len(g.pegging.said_go) == 2,
        bot="random",
    )
    assert game.pegging is not None and len(game.pegging.said_go) == 2


def test_play_until_refuses_a_position_that_never_comes(classic: Ruleset) -> None:
    game = Game.new(classic, rng=random.Random(1), dealer=0)
    with pytest.raises(IllegalAction, match="ended before"):
        play_until(game, until=lambda g: False)
