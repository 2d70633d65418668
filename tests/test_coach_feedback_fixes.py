"""Feedback that must add up on screen (issue 18, item 10): a wrong itemised count at the table
names the kind, its items with their cards and the rule that scores them (it once read "run of 0
4, not 3"); the discard drill's line shows every part of the net, the dealer's heels included,
and the parts as shown add up to the net as shown."""

from __future__ import annotations

import re
from itertools import islice

import pytest

from trainer.content.rulesets import load_ruleset
from trainer.drills.checking import grade
from trainer.drills.data import discard_data
from trainer.drills.generators import DrillSpec, stream
from trainer.drills.lines import plain
from trainer.i18n.drill_words import explain

_PARTS = re.compile(r"hand (-?[\d.]+), crib ([+-][\d.]+)(?:, heels ([+-][\d.]+))?, net (-?[\d.]+)")
_PARTS_RU = re.compile(r"рука (-?[\d,]+), криб ([+-][\d,]+)(?:, «пятки» ([+-][\d,]+))?, итог (-?[\d,]+)")


def _num(text: str | None) -> float:  # "10.93." at the end of a sentence
    return float(text.rstrip(".,").replace(",", ".")) if text else 0.0


@pytest.mark.parametrize(("lang", "pattern"), [("en", _PARTS), ("ru", _PARTS_RU)])
def test_discard_drill_lines_add_up_as_shown(lang: str, pattern: re.Pattern[str]) -> None:
    classic = load_ruleset("classic")
    spec = DrillSpec(drills=("discard",), ruleset=classic, seed=11, theme="dealer")
    seen_heels = 0
    for q in islice(stream(spec), 8):
        assert discard_data(q)["dealer"]
        lines = [plain(x) for x in explain(q, grade(q, "1 2", ruleset=classic), lang=lang)]
        for line in [x for x in lines if pattern.search(x)] or lines[:1]:  # best and yours
            m = pattern.search(line)
            assert m, line
            hand, crib, heels, net = (_num(g) for g in m.groups())
            seen_heels += bool(m.group(3))
            assert round(hand + crib + heels, 2) == net, line
    assert seen_heels  # the dealer's heels are shown, not silently inside the net


def _count_decision() -> dict[str, object]:
    # crib play --seed 310760368 --level expert: 8D 10S 5C 9H + 7C counted "fifteens 4 runs 3"
    return {
        "kind": "count",
        "best": "8",
        "choice": "7",
        "band": "mistake",
        "basis": "ev",
        "ev_lost": 1.0,
        "reason": {
            "what": "hand",
            "missed": 1,
            "over": 0,
            "items": [
                {"kind": "fifteen", "cards": ["8D", "7C"], "points": 2},
                {"kind": "fifteen", "cards": ["10S", "5C"], "points": 2},
                {"kind": "run", "cards": ["7C", "8D", "9H", "10S"], "points": 4},
            ],
            "by_kind": {"run": {"claimed": 3, "true": 4}},
        },
    }


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            "The hand is worth 8 points. Runs score 4 points, not 3: run of 4 7♣ 8♦ 9♥ 10♠ (a run scores"
            " a point for each card). Count it: fifteen 2, fifteen 4, and a run of 4 is 8.",
        ),
        (
            "ru",
            "На руке 8 очков. Последовательности дают 4 очка, а не 3: последовательность из 4 7♣ 8♦ 9♥"
            " 10♠. Последовательность — очко за каждую карту. Считаем: пятнадцать два, пятнадцать"
            " четыре и последовательность из четырёх — восемь.",
        ),
    ],
)
def test_wrong_itemised_count_names_the_item_and_the_rule(lang: str, expected: str) -> None:
    from trainer.cli.context import SETTINGS
    from trainer.cli.play import play_view

    old = SETTINGS.lang
    SETTINGS.lang = lang
    try:
        text = play_view.better_text(_count_decision()).plain
    finally:
        SETTINGS.lang = old
    assert expected in text
    assert "of 0" not in text and "из 0" not in text


@pytest.mark.parametrize(
    ("lang", "missed", "over", "crib", "expected"),
    [
        ("en", 1, 0, False, "The hand is worth 8 points; you counted 1 point short. Count it: fifteen 2,"),
        ("en", 0, 2, True, "The crib is worth 8 points; you counted 2 points too many. Count it:"),
        ("ru", 1, 0, False, "На руке 8 очков, а вы насчитали на 1 очко меньше. Считаем: пятнадцать два,"),
        ("ru", 0, 2, True, "В крибе 8 очков, а вы насчитали на 2 очка больше. Считаем:"),
        ("ru", 5, 0, False, "На руке 8 очков, а вы насчитали на 5 очков меньше."),
    ],
)
def test_a_miscount_is_told_in_sentences_with_the_count_said_aloud(
    lang: str, missed: int, over: int, crib: bool, expected: str
) -> None:
    from trainer.cli.context import SETTINGS
    from trainer.cli.play import play_view

    decision = _count_decision()
    reason = decision["reason"]
    assert isinstance(reason, dict)
    reason.pop("by_kind")
    reason.update(missed=missed, over=over, what="crib" if crib else "hand")
    old = SETTINGS.lang
    SETTINGS.lang = lang
    try:
        text = play_view.better_text(decision).plain
    finally:
        SETTINGS.lang = old
    assert text.startswith(expected), text
    assert text.endswith((" is 8.", "— восемь.")), text
    assert "пятнадцать 2" not in text and "из 3 3" not in text and ": 4," not in text
