"""Grading by points lost: the band edges are inclusive on the generous side, floating-point
noise at an edge never costs a band, and the helpers find the chosen option among the advice."""

from __future__ import annotations

import pytest

from trainer.advice.discard import analyse_discard
from trainer.advice.grading import band, grade_discard, grade_peg, points_lost
from trainer.advice.pegging import advise_peg
from trainer.engine.cards import Card, parse_cards
from trainer.engine.errors import CribError
from trainer.engine.ruleset import Ruleset


@pytest.mark.parametrize(
    ("lost", "expected"),
    [
        (0.0, "best"),
        (0.1, "best"),  # best <= 0.1
        (0.1001, "inaccuracy"),
        (0.5, "inaccuracy"),  # inaccuracy <= 0.5
        (0.5001, "mistake"),
        (1.5, "mistake"),  # mistake <= 1.5
        (1.5001, "blunder"),
        (7.0, "blunder"),
    ],
)
def test_band_edges(lost: float, expected: str) -> None:
    assert band(lost) == expected


def test_floating_point_noise_at_an_edge_keeps_the_better_band() -> None:
    assert 5.2 - 5.1 > 0.1  # 0.10000000000000053
    assert band(points_lost(5.2, 5.1)) == "best"


def test_points_lost_is_never_negative() -> None:
    assert points_lost(3.0, 3.4) == 0.0
    assert points_lost(3.0, 1.75) == pytest.approx(1.25)


def test_grade_discard_of_the_best_option_is_best(classic: Ruleset) -> None:
    options = analyse_discard(parse_cards("5H 5D JC QS 2C 9D"), dealer=False, ruleset=classic)
    graded = grade_discard(options, options[0].discard)
    assert graded.band == "best" and graded.points_lost == 0.0
    assert graded.best == options[0].discard


def test_throwing_the_fives_to_the_opponent_is_a_blunder(classic: Ruleset) -> None:
    options = analyse_discard(parse_cards("5H 5D JC QS 2C 9D"), dealer=False, ruleset=classic)
    graded = grade_discard(options, parse_cards("5D 5H"))
    assert graded.band == "blunder" and graded.points_lost > 5


def test_grade_peg_treats_cards_of_one_rank_alike(classic: Ruleset) -> None:
    advice = advise_peg(parse_cards("7C 7D KS 2C"), ruleset=classic, played=parse_cards("8H"))
    chosen = Card.parse("7D") if advice[0].card.rank == Card.parse("7C").rank else advice[0].card
    assert grade_peg(advice, chosen).band == "best"


def test_grade_peg_refuses_a_card_that_is_not_a_legal_play(classic: Ruleset) -> None:
    advice = advise_peg(parse_cards("7C 8D 4S"), ruleset=classic, played=parse_cards("10H 5S"))
    with pytest.raises(CribError, match="not a legal play"):
        grade_peg(advice, Card.parse("QH"))
    with pytest.raises(CribError, match="go"):
        grade_peg([], Card.parse("QH"))
