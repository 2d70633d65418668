"""Named end-of-game positions from published cribbage strategy: near the end the expert and the
coach choose by the chance to win, not by the average ("play to the board": Colvert, Play
Winning Cribbage, on position; Schell, Cribbage Strategy, on the endgame).

Scores are set so that the side needs the stated points in the show after an average play
(`show_need`: the target minus the score minus the pegging a pone or dealer can count on).
"""

from __future__ import annotations

import random

import pytest

from trainer.advice.computer import Expert, advise_discard, advise_play
from trainer.advice.endgame import show_need
from trainer.content.rulesets import load_ruleset
from trainer.engine.cards import Card, parse_cards
from trainer.engine.game import Game
from trainer.play.coach import grade_discard_choice

CLASSIC = load_ruleset("classic")
OTHER_HAND = "AS 2S 7C 7D 9H JC"


def _score_for(need: int, *, dealer: bool) -> int:
    """The score at which the side needs `need` in the show."""
    for score in range(CLASSIC.target):
        if show_need(CLASSIC, score=score, dealer=dealer) == need:
            return score
    raise AssertionError(need)


def _discard_position(hand: str, need: int, *, opponent: int = 100) -> Game:
    """Seat 0 is pone (counts first) holding `hand`, needing `need` in the show."""
    game = Game.new(CLASSIC, dealer=1, scores=(_score_for(need, dealer=False), opponent))
    game.deal_hands([parse_cards(hand), parse_cards(OTHER_HAND)])
    return game


def _keep(game: Game) -> set[str]:
    return {str(c) for c in advise_discard(game, 0).best.keep}


DISCARD_CASES = [
    pytest.param(
        "2H 3S 4D 8C 10H KS",
        12,
        {"2H", "3S", "4D", "8C"},
        id="need-12-first-count-keep-2348-out-on-any-2-3-4-cut",
    ),
    pytest.param(
        "4H 4D 5S 8D 8C KC",
        4,
        {"4H", "4D", "5S", "KC"},
        id="need-4-keep-the-sure-fifteen-and-pair-not-the-bigger-average",
    ),
    pytest.param(
        "6H 6C JS QS QD QC",
        14,
        {"JS", "QS", "QD", "QC"},
        id="need-14-keep-the-only-hand-that-can-make-it",
    ),
]


@pytest.mark.parametrize(("hand", "need", "keep"), DISCARD_CASES)
def test_near_the_end_the_discard_goes_for_the_points_needed(hand: str, need: int, keep: set[str]) -> None:
    game = _discard_position(hand, need)
    advice = advise_discard(game, 0)
    assert advice.need == need and advice.endgame is not None
    assert _keep(game) == keep
    expert = Expert(random.Random(0)).discard(game, 0)
    assert {str(c) for c in parse_cards(hand) if c not in expert} == keep


def test_the_coach_says_when_the_board_changes_the_advice() -> None:
    game = _discard_position("4H 4D 5S 8D 8C KC", 4)
    advice = advise_discard(game, 0)
    assert advice.changed  # by the average 4-4-5-8 is better
    assert {str(c) for c in advice.options[0].keep} == {"4H", "4D", "5S", "8C"}
    decision = grade_discard_choice(game, 0, advice.options[0].discard, advice)
    assert decision.basis == "win" and decision.band != "best"
    assert decision.reason["changed"] is True
    # fifteen two and a pair whatever the cut; the chance to win is below 1 only because the pone
    # (at 115) may peg less than 2 and the dealer (at 100) then count 21 (about 2%)
    assert 0.95 <= decision.reason["best_chance"] < 1.0


def test_far_from_the_end_the_average_decides() -> None:
    game = Game.new(CLASSIC, dealer=1, scores=(40, 45))
    game.deal_hands([parse_cards("4H 4D 5S 8D 8C KC"), parse_cards(OTHER_HAND)])
    advice = advise_discard(game, 0)
    assert advice.endgame is None
    assert _keep(game) == {"4H", "4D", "5S", "8C"}


def _pegging(scores: tuple[int, int], hands: list[str], plays: list[str]) -> Game:
    game = Game.new(CLASSIC, dealer=1, scores=scores)
    dealt = [parse_cards(h) for h in hands]
    game.deal_hands(dealt)
    for seat in (0, 1):
        game.discard(seat, dealt[seat][4:])
    game.cut(starter=Card.parse("2S"))
    for card in plays:
        game.play(Card.parse(card))
    return game


def test_peg_out_with_the_fifteen() -> None:
    """The dealer needs 2: at a count of 6 the 9 makes fifteen and wins on the spot."""
    game = _pegging((100, 119), ["6H 4C 9D KH AS 3S", "9C KD 5H 6C 2D 8D"], ["6H"])
    advice = advise_play(game, 1)
    assert str(advice.best.card) == "9C"
    assert advice.win[Card.parse("9C").index >> 2] == 1.0
    assert Expert(random.Random(0)).play(game, 1) == Card.parse("9C")


def test_do_not_lead_a_five_to_an_opponent_who_needs_two() -> None:
    """The dealer needs 2 to peg out: a five led is the likeliest fifteen-two for him."""
    game = _pegging((60, 119), ["5S 10H JD QC AS 3S", "4H 9C KD 6C 2D 8D"], [])
    advice = advise_play(game, 0)
    assert advice.win  # the board decides
    assert str(advice.best.card) != "5S"
    assert advice.win[Card.parse("5S").index >> 2] == min(advice.win.values())
