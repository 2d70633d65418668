"""Scripted deals, one per variant, from stacked decks, asserting the state after every action.

Each play step reads: (card or "go", seat acting, count after, seat to act after, scores after).
A count of 0 after a card or a go means the count ended and was reset. Expected totals are
worked out in the comments (rules spec §1.3-1.5, §2).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from trainer.engine.cards import Card, full_deck, parse_cards
from trainer.engine.errors import IllegalAction
from trainer.engine.events import GoPointEvent, HeelsEvent, PlayEndEvent, ShowEvent
from trainer.engine.game import Game, Phase
from trainer.engine.ruleset import Ruleset

Step = tuple[str, int, int, int | None, tuple[int, ...]]


def C(text: str) -> Card:
    return Card.parse(text)


def stacked(
    ruleset: Ruleset, *, dealer: int, hands: Sequence[str], starter: str, to_crib: str = ""
) -> list[Card]:
    """A deck that deals `hands` one card at a time from the dealer's left, then `to_crib`, then
    a stock whose fifth card is the starter (so `cut(position=4)` turns it)."""
    n = ruleset.players
    parsed = [parse_cards(h) for h in hands]
    deck: list[Card] = []
    for r in range(ruleset.deal.cards_per_player):
        for k in range(1, n + 1):
            deck.append(parsed[(dealer + k) % n][r])
    deck += parse_cards(to_crib, allow_empty=True)
    start = C(starter)
    rest = [c for c in full_deck() if c not in deck and c != start]
    return [*deck, *rest[:4], start, *rest[4:]]


def deal_stacked(
    ruleset: Ruleset,
    *,
    dealer: int,
    hands: Sequence[str],
    discards: Sequence[str],
    starter: str,
    to_crib: str = "",
    scores: Sequence[int] | None = None,
) -> Game:
    game = Game.new(ruleset, dealer=dealer, scores=scores)
    game.deal(stacked(ruleset, dealer=dealer, hands=hands, starter=starter, to_crib=to_crib))
    assert game.phase is Phase.DISCARD
    for seat, expected in enumerate(hands):
        assert game.hand(seat) == parse_cards(expected)
    n = ruleset.players
    for k in range(1, n + 1):
        seat = (dealer + k) % n
        assert game.phase is Phase.DISCARD
        assert game.to_act == seat
        game.discard(seat, parse_cards(discards[seat]))
        assert game.has_discarded(seat)
    assert game.phase is Phase.STARTER
    assert len(game.crib) == 4
    assert sorted(game.accounted_cards()) == sorted(full_deck())
    game.cut(position=4)
    assert game.starter == C(starter)
    assert sorted(game.accounted_cards()) == sorted(full_deck())
    return game


def run_play(game: Game, steps: Sequence[Step]) -> None:
    for number, (token, seat, count, turn, scores) in enumerate(steps, start=1):
        where = f"step {number} ({token})"
        assert game.phase is Phase.PLAY, where
        assert game.to_act == seat, where
        if token == "go":
            game.go()
        else:
            game.play(C(token))
        assert game.scores == scores, where
        if turn is None:
            assert game.phase in (Phase.SHOW, Phase.OVER), where
        else:
            assert game.pegging is not None
            assert game.pegging.count == count, where
            assert game.pegging.turn == turn, where


def run_show(game: Game, expected: Sequence[tuple[int, str, int, tuple[int, ...]]]) -> None:
    for seat, what, points, scores in expected:
        assert game.next_count() == (seat, what)
        events = game.show()
        show = events[0]
        assert isinstance(show, ShowEvent)
        assert (show.seat, show.what, show.points) == (seat, what, points)
        assert game.scores == scores


# ----------------------------------------------------------------------------- classic six-card


def test_classic_six_card_deal_from_a_stacked_deck(classic: Ruleset) -> None:
    # B (seat 1) deals; A (seat 0) is pone, leads, and counts first.
    game = deal_stacked(
        classic,
        dealer=1,
        hands=["5H 5D JS 6C 4S KC", "7C 8D 9H 3S QD 2C"],
        discards=["6C KC", "QD 2C"],
        starter="6D",
    )
    assert game.crib == parse_cards("6C KC QD 2C")
    run_play(
        game,
        [
            ("4S", 0, 4, 1, (0, 0)),
            ("3S", 1, 7, 0, (0, 0)),
            ("5D", 0, 12, 1, (3, 0)),  # run 3-4-5
            ("9H", 1, 21, 0, (3, 0)),
            ("JS", 0, 0, 1, (5, 0)),  # 31 for 2; the count resets and B leads
            ("7C", 1, 7, 0, (5, 0)),
            ("5H", 0, 12, 1, (5, 0)),
            ("8D", 1, 20, None, (5, 1)),  # every card played: 1 for last to B
        ],
    )
    # A 5H 5D JS 4S + 6D: fifteens 8, pair 2, double run 6 = 16; B 7C 8D 9H 3S + 6D: two
    # fifteens and a run of four = 8; crib 6C KC QD 2C + 6D: a pair = 2.
    run_show(game, [(0, "hand", 16, (21, 1)), (1, "hand", 8, (21, 9)), (1, "crib", 2, (21, 11))])
    assert game.phase is Phase.DONE
    game.next_deal()
    assert (game.phase, game.dealer, game.deal_number, game.scores) == (Phase.DEAL, 0, 2, (21, 11))


# ----------------------------------------------------------------------------- five-card


def test_five_card_mendelev_deal_corrected(five_card: Ruleset) -> None:
    # Spec §4 W16: A 3 compensation + 3 play + 15 hand = 21; B 2 play + 8 hand + 9 crib = 19.
    game = Game.new(five_card, dealer=1)
    deck = stacked(five_card, dealer=1, hands=["JH 9S 7D 5S 5C", "KS KC JD 8H 6H"], starter="5H")
    events = game.deal(deck)
    assert [type(e).__name__ for e in events] == ["DealEvent", "CompensationEvent"]
    assert game.scores == (3, 0)  # 3 to the first deal's pone, at game start
    game.discard(0, parse_cards("9S 7D"))
    game.discard(1, parse_cards("8H 6H"))
    game.cut(starter=C("5H"))
    run_play(
        game,
        [
            ("JH", 0, 10, 1, (3, 0)),
            ("JD", 1, 20, 0, (3, 2)),  # pair
            ("5S", 0, 25, 1, (3, 2)),
            ("go", 1, 25, 0, (3, 2)),  # K + 25 > 31
            ("5C", 0, 30, None, (6, 2)),  # pair 2, then 1 for the go: the single count ends
        ],
    )
    run_show(game, [(0, "hand", 15, (21, 2)), (1, "hand", 8, (21, 10)), (1, "crib", 9, (21, 19))])


def test_five_card_as_printed_wrong_go_is_refused(five_card: Ruleset) -> None:
    game = Game.new(five_card, dealer=1)
    game.deal(stacked(five_card, dealer=1, hands=["JH 9S 7D 5S 5C", "KS KC JD 8H 6H"], starter="5H"))
    game.discard(0, parse_cards("9S 7D"))
    game.discard(1, parse_cards("8H 6H"))
    game.cut(position=4)
    for token in ("JH", "JD", "5S"):
        game.play(C(token))
    game.go()
    assert not game.can_go()
    with pytest.raises(IllegalAction, match="seat 0 said go holding 5C at count 25"):
        game.go()


def test_five_card_play_stops_at_the_first_go_go_with_cards_unplayed(five_card: Ruleset) -> None:
    game = deal_stacked(
        five_card,
        dealer=1,
        hands=["10C KC 3H 4C 6D", "QD JS 9S 7H AH"],
        discards=["4C 6D", "7H AH"],
        starter="5C",
    )
    run_play(
        game,
        [
            ("10C", 0, 10, 1, (3, 0)),
            ("QD", 1, 20, 0, (3, 0)),
            ("KC", 0, 30, 1, (3, 0)),
            ("go", 1, 30, 0, (3, 0)),
            ("go", 0, 30, None, (4, 0)),  # both said go: 1 to A for the last card, play over
        ],
    )
    end = next(e.event for e in game.log if isinstance(e.event, PlayEndEvent))
    assert end.counts == 1
    assert end.unplayed == (parse_cards("3H"), parse_cards("JS 9S"))
    # Unplayed cards still count: A 10C KC 3H + 5C = 4, B QD JS 9S + 5C = 4, crib 4C 6D 7H AH + 5C = 6.
    run_show(game, [(0, "hand", 4, (8, 0)), (1, "hand", 4, (8, 4)), (1, "crib", 6, (8, 10))])
    # The dealer pegged nothing: allowed in the five-card game (spec §1.3 item 8).


# ----------------------------------------------------------------------------- seven-card


def test_seven_card_deal_with_three_counts(seven_card: Ruleset) -> None:
    game = deal_stacked(
        seven_card,
        dealer=1,
        hands=["10H JC QS KD 5C 2H 3D", "10S JD QH KC AS 4C 9D"],
        discards=["2H 3D", "4C 9D"],
        starter="5S",
    )
    run_play(
        game,
        [
            ("10H", 0, 10, 1, (0, 0)),
            ("10S", 1, 20, 0, (0, 2)),  # pair
            ("JC", 0, 30, 1, (0, 2)),
            ("AS", 1, 0, 0, (0, 4)),  # 31; A leads the next count
            ("QS", 0, 10, 1, (0, 4)),
            ("JD", 1, 20, 0, (0, 4)),
            ("KD", 0, 30, 1, (3, 4)),  # run J-Q-K
            ("go", 1, 30, 0, (3, 4)),
            ("go", 0, 0, 1, (4, 4)),  # nobody can play: 1 for go to A; B leads
            ("QH", 1, 10, 0, (4, 4)),
            ("5C", 0, 15, 1, (6, 4)),  # fifteen
            ("KC", 1, 25, None, (6, 5)),  # last card
        ],
    )
    assert game.pegging is not None and game.pegging.counts_done == 3
    # Six-card shows: A 10H JC QS KD 5C + 5S = 22, B 10S JD QH KC AS + 5S = 12, crib 2H 3D 4C 9D + 5S = 6.
    run_show(game, [(0, "hand", 22, (28, 5)), (1, "hand", 12, (28, 17)), (1, "crib", 6, (28, 23))])


# ----------------------------------------------------------------------------- three players

THREE_HANDS = ["KH QH 5D 8C AH", "JD 10S 6C 9S 2C", "7C 4H 2S 3D KS"]
THREE_DISCARDS = ["AH", "2C", "KS"]


def test_three_player_deal_with_card_from_the_pack_and_gos_in_turn(three_player: Ruleset) -> None:
    # C (seat 2) deals; one card (6H) goes from the pack to the crib after the hands.
    game = deal_stacked(
        three_player, dealer=2, hands=THREE_HANDS, discards=THREE_DISCARDS, starter="5S", to_crib="6H"
    )
    assert game.crib == parse_cards("6H AH 2C KS")
    run_play(
        game,
        [
            ("KH", 0, 10, 1, (0, 0, 0)),
            ("JD", 1, 20, 2, (0, 0, 0)),
            ("7C", 2, 27, 0, (0, 0, 0)),
            ("go", 0, 27, 1, (0, 0, 0)),  # A holds QH 5D 8C: nothing fits
            ("go", 1, 27, 2, (0, 0, 0)),  # B holds 10S 6C 9S: nothing fits
            ("4H", 2, 0, 0, (0, 0, 2)),  # C plays on to 31; A leads next
            ("QH", 0, 10, 1, (0, 0, 2)),
            ("10S", 1, 20, 2, (0, 0, 2)),
            ("3D", 2, 23, 0, (0, 0, 2)),
            ("5D", 0, 28, 1, (0, 0, 2)),
            ("go", 1, 28, 2, (0, 0, 2)),
            ("2S", 2, 30, 0, (0, 0, 2)),  # C's last card; A must still answer
            ("go", 0, 0, 0, (0, 0, 3)),  # nobody can play: 1 to C, who played last; A leads
            ("8C", 0, 8, 1, (0, 0, 3)),
            ("6C", 1, 14, 1, (0, 0, 3)),  # A and C are out of cards: B plays on
            ("9S", 1, 23, None, (0, 1, 3)),  # last card
        ],
    )
    # Clockwise from the dealer's left, crib last: A 10, B 9, C 6, crib 2.
    run_show(
        game,
        [
            (0, "hand", 10, (10, 1, 3)),
            (1, "hand", 9, (10, 10, 3)),
            (2, "hand", 6, (10, 10, 9)),
            (2, "crib", 2, (10, 10, 11)),
        ],
    )
    game.next_deal()
    assert game.dealer == 0  # the deal passes to the left


def test_three_player_hoyle_literal_go_ends_the_count_when_the_next_player_also_says_go(
    three_player: Ruleset,
) -> None:
    # Spec §2.4 option: after A's go, B cannot play either, so C does not play; C takes 1 for
    # the last card (7C at 27) and keeps 4H for a later count.
    from dataclasses import replace

    from trainer.engine.ruleset import Pegging

    literal = replace(three_player, pegging=Pegging(mode="all_cards", multi_go="hoyle_literal"))
    game = deal_stacked(
        literal, dealer=2, hands=THREE_HANDS, discards=THREE_DISCARDS, starter="5S", to_crib="6H"
    )
    run_play(
        game,
        [
            ("KH", 0, 10, 1, (0, 0, 0)),
            ("JD", 1, 20, 2, (0, 0, 0)),
            ("7C", 2, 27, 0, (0, 0, 0)),
            ("go", 0, 27, 1, (0, 0, 0)),
            ("go", 1, 0, 0, (0, 0, 1)),  # the count ends at B's go; A leads the next
        ],
    )
    assert C("4H") in game.pegging.hands[2]  # type: ignore[union-attr]
    point = [e.event for e in game.log if isinstance(e.event, GoPointEvent)]
    assert [(p.seat, p.count) for p in point] == [(2, 27)]


# ----------------------------------------------------------------------------- four players


def test_partnership_deal_pooled_scores_and_several_gos_in_turn(partnership: Ruleset) -> None:
    # D (seat 3) deals; A+C (seats 0, 2) play B+D (seats 1, 3). Scores are per team.
    game = deal_stacked(
        partnership,
        dealer=3,
        hands=["KH 3C 8H 7D 2H", "QS AS 6S 9S KD", "9D 4D 5D 10C 2D", "5C 6H 7S JC QC"],
        discards=["2H", "KD", "2D", "QC"],
        starter="AC",
    )
    run_play(
        game,
        [
            ("KH", 0, 10, 1, (0, 0)),
            ("QS", 1, 20, 2, (0, 0)),
            ("9D", 2, 29, 3, (0, 0)),
            ("go", 3, 29, 0, (0, 0)),
            ("go", 0, 29, 1, (0, 0)),
            ("AS", 1, 30, 2, (0, 0)),  # B can still play after two gos
            ("go", 2, 30, 1, (0, 0)),
            ("go", 1, 0, 2, (0, 1)),  # nobody can play: 1 to B's team; C leads
            ("4D", 2, 4, 3, (0, 1)),
            ("5C", 3, 9, 0, (0, 1)),
            ("3C", 0, 12, 1, (3, 1)),  # run 3-4-5 across three players
            ("6S", 1, 18, 2, (3, 5)),  # run 3-4-5-6
            ("5D", 2, 23, 3, (3, 5)),
            ("7S", 3, 30, 0, (3, 8)),  # run 5-6-7
            ("go", 0, 30, 1, (3, 8)),
            ("go", 1, 30, 2, (3, 8)),
            ("go", 2, 30, 3, (3, 8)),
            ("go", 3, 0, 0, (3, 9)),  # four gos in turn: 1 to D, who played last
            ("8H", 0, 8, 1, (3, 9)),
            ("9S", 1, 17, 2, (3, 9)),
            ("10C", 2, 27, 3, (6, 9)),  # run 8-9-10
            ("go", 3, 27, 0, (6, 9)),
            ("go", 0, 0, 3, (7, 9)),  # 1 to C; D leads (B and C are out of cards)
            ("6H", 3, 6, 0, (7, 9)),
            ("7D", 0, 13, 3, (7, 9)),
            ("JC", 3, 23, None, (7, 10)),  # last card
        ],
    )
    assert game.seat_scores == (7, 10, 7, 10)  # partners always show the same score
    # A 2, B 8 (flush 4), C 6, D 6 (nobs), crib 6.
    run_show(
        game,
        [
            (0, "hand", 2, (9, 10)),
            (1, "hand", 8, (9, 18)),
            (2, "hand", 6, (15, 18)),
            (3, "hand", 6, (15, 24)),
            (3, "crib", 6, (15, 30)),
        ],
    )


# ----------------------------------------------------------------------------- counting out


def test_pone_counts_out_before_the_dealer_can_count(classic: Ruleset) -> None:
    # A (pone) at 115, B (dealer) at 110. A pegs 1 for go (116) and counts 6 in hand: 121.
    # B's 5S 5H 5D JC with the 5C starter (29) is never counted (spec §1.5).
    game = deal_stacked(
        classic,
        dealer=1,
        hands=["2C 3D 4H 9S KD QS", "5S 5H 5D JC 8C 7C"],
        discards=["KD QS", "8C 7C"],
        starter="5C",
        scores=(115, 110),
    )
    run_play(
        game,
        [
            ("9S", 0, 9, 1, (115, 110)),
            ("JC", 1, 19, 0, (115, 110)),
            ("2C", 0, 21, 1, (115, 110)),
            ("5S", 1, 26, 0, (115, 110)),
            ("4H", 0, 30, 1, (115, 110)),
            ("go", 1, 30, 0, (115, 110)),
            ("go", 0, 0, 1, (116, 110)),
            ("5H", 1, 5, 0, (116, 110)),
            ("3D", 0, 8, 1, (116, 110)),
            ("5D", 1, 13, None, (116, 111)),
        ],
    )
    events = game.show()
    assert [type(e).__name__ for e in events] == ["ShowEvent", "GameOverEvent"]
    assert game.scores == (121, 111)  # the winner's peg stops in the game hole
    outcome = game.outcome
    assert outcome is not None
    assert (outcome.winner, outcome.stage, outcome.result, outcome.games) == (0, "hand", "win", 1)
    assert outcome.next_first_dealer == 1  # the loser deals first next game
    assert game.is_over
    with pytest.raises(IllegalAction, match="the game is over"):
        game.show()
    assert not any(isinstance(e.event, ShowEvent) and e.event.seat == 1 for e in game.log)


def test_dealer_pegs_out_with_his_heels_before_the_play(classic: Ruleset) -> None:
    game = deal_stacked(
        classic,
        dealer=1,
        hands=["2C 3D 4H 9S KD QS", "5S 5H 5D JC 8C 7C"],
        discards=["KD QS", "8C 7C"],
        starter="JD",
        scores=(100, 119),
    )
    assert game.is_over
    assert isinstance(game.log[-2].event, HeelsEvent)
    assert game.outcome is not None and (game.outcome.winner, game.outcome.stage) == (1, "heels")
    assert not game.can_play(C("9S"))
