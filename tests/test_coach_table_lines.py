"""Lines of `crib play` a strong player reads at the table (issue 18, played through): a short
count reads as what was claimed and then the true count, never the right count said aloud
followed by "claimed 7 points"."""

from __future__ import annotations

import pytest

from trainer.cli.play.game import _describe
from trainer.content.rulesets import load_ruleset
from trainer.engine.cards import Card, parse_cards
from trainer.engine.events import ShowEvent
from trainer.engine.scoring import score_show

CLASSIC = load_ruleset("classic")


def _short_count() -> ShowEvent:
    # crib play --seed 310760368 --level expert: 8D 10S 5C 9H + 7C is 8, counted 7
    hand, starter = parse_cards("8D 10S 5C 9H"), Card.parse("7C")
    breakdown = score_show(hand, starter, is_crib=False, ruleset=CLASSIC)
    return ShowEvent(seat=0, what="hand", cards=hand, starter=starter, breakdown=breakdown, claimed=7)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            "count your hand 8♦ 10♠ 5♣ 9♥ + 7♣: 7 points claimed, but it is worth 8 (fifteen 2, fifteen 4,"
            " and a run of 4 is 8)",
        ),
        ("ru", ": заявлено 7 очков, а на самом деле 8 (пятнадцать два, пятнадцать четыре"),
    ],
)
def test_a_short_count_says_the_claim_then_the_true_count(lang: str, expected: str) -> None:
    line = _describe(_short_count(), ("You", "Computer"), lang, voice="you").plain
    assert expected in line, line
    assert "claimed 7 points, but it is 8" not in line


def test_the_replay_table_keeps_its_own_claim_column() -> None:
    line = _describe(_short_count(), ("You", "Computer"), "en").plain
    assert "claimed 7 points, but it is 8" in line
