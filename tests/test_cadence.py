"""The count as players say it: fifteens first with a running total, then pairs, runs, flush, nobs."""

from __future__ import annotations

import pytest

from trainer.engine.cards import parse_cards
from trainer.engine.ruleset import Ruleset
from trainer.engine.scoring import score_show
from trainer.i18n.cadence import say_count


def said(hand: str, starter: str, ruleset: Ruleset, lang: str = "en") -> str:
    return say_count(score_show(parse_cards(hand), parse_cards(starter)[0], ruleset=ruleset), lang)


@pytest.mark.parametrize(
    ("hand", "starter", "expected"),
    [
        ("5H 5C 5S JD", "5D", "fifteen 2, fifteen 4, fifteen 6, fifteen 8, fifteen 10, fifteen 12, "
         "fifteen 14, fifteen 16, a double pair royal is 28, and nobs is 29"),
        ("9H 10H 10C JS", "9S", "a pair is 2, another pair is 4, a double double run of 3 is 16, "
         "and nobs is 17"),
        ("3S 3H 3D 4C", "5S", "fifteen 2, fifteen 4, fifteen 6, a pair royal is 12, "
         "and a triple run of 3 is 21"),
        ("2H 4H 6H 8H", "KH", "a flush of 5 is 5"),
        ("2H 4H 6H 8C", "KS", "nineteen (nothing)"),
    ],
    ids=["29", "double-double-17", "triple-run-21", "flush-5", "zero"],
)  # fmt: skip
def test_counting_cadence(classic: Ruleset, hand: str, starter: str, expected: str) -> None:
    assert said(hand, starter, classic) == expected


@pytest.mark.parametrize(
    ("hand", "starter", "expected"),
    [
        ("7H 7C 8S 8D", "9H", "пятнадцать два, пятнадцать четыре, пятнадцать шесть, пятнадцать восемь, "
         "пара — десять, ещё пара — двенадцать и четыре последовательности из трёх — двадцать четыре"),
        ("3S 3H 4D 5C", "KH", "пятнадцать два, пятнадцать четыре, пара — шесть и две последовательности "
         "из трёх — двенадцать"),
        ("2H 4H 6H 8C", "KS", "ноль очков"),
    ],
    ids=["double-double-24", "double-run-12", "zero"],
)  # fmt: skip
def test_russian_cadence_says_numbers_in_words_with_no_comma_before_and(
    classic: Ruleset, hand: str, starter: str, expected: str
) -> None:
    """As a player says it at the table: «пятнадцать два», a run counted as runs, «и» with no comma."""
    assert said(hand, starter, classic, "ru") == expected
