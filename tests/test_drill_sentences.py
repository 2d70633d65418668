"""Drill feedback in whole sentences (issue 22, reader 3's rows 6 and 21): a wrong count says
which way it is wrong with its noun («на 2 очка больше, чем есть»), and the fives hint holds two
counts each in its own plural form, never «пятёрок — 1»."""

from __future__ import annotations

import pytest

from trainer.cli.drill.drill_runner import hint_text
from trainer.drills.hints import hint
from trainer.drills.messages import Points, msg
from trainer.i18n.drill_words import word


@pytest.mark.parametrize(
    ("lang", "key", "given", "total", "expected"),
    [
        ("ru", "drill.fb.over", 8, 6, "Вы насчитали 8, а на самом деле 6 — на 2 очка больше, чем есть."),
        ("ru", "drill.fb.short", 0, 2, "Вы насчитали 0, а на самом деле 2 — на 2 очка меньше, чем есть."),
        ("ru", "drill.fb.short", 12, 13, "Вы насчитали 12, а на самом деле 13 — на 1 очко меньше, чем есть."),
        ("en", "drill.fb.over", 8, 6, "You said 8, but it is 6: 2 points too many."),
        ("en", "drill.fb.short", 12, 13, "You said 12, but it is 13: 1 point short."),
    ],
)
def test_a_wrong_count_says_which_way(lang: str, key: str, given: int, total: int, expected: str) -> None:
    diff = Points(abs(total - given))
    assert word(msg(key, given=given, total=total, diff=diff), lang) == expected


@pytest.mark.parametrize(
    ("lang", "fives", "tens", "expected"),
    [
        (
            "ru",
            1,
            1,
            "Посмотрите на пятёрки и на карты, которые стоят 10 (10, В, Д, К): здесь одна пятёрка и"
            " одна такая карта.",
        ),
        (
            "ru",
            2,
            3,
            "Посмотрите на пятёрки и на карты, которые стоят 10 (10, В, Д, К): здесь две пятёрки и"
            " три такие карты.",
        ),
        (
            "ru",
            0,
            5,
            "Посмотрите на пятёрки и на карты, которые стоят 10 (10, В, Д, К): здесь ни одной пятёрки"
            " и пять таких карт.",
        ),
        (
            "en",
            1,
            2,
            "Look at the fives and the ten-cards (10 J Q K): the cards shown hold one five"
            " and two ten-cards.",
        ),
    ],
)
def test_the_fives_hint_is_a_sentence(lang: str, fives: int, tens: int, expected: str) -> None:
    """Few cards are counted in words, as a person says them («одна пятёрка», not «1 пятёрка»)."""
    idea = hint(
        "adapt.hint.fives",
        fives=msg(f"adapt.hint.fives_said.{fives}"),
        tens=msg(f"adapt.hint.tens_said.{tens}"),
    )
    assert hint_text(idea, lang) == expected


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_count_of_fives_and_ten_cards_has_its_words(lang: str) -> None:
    from trainer.i18n import has

    assert all(has(f"adapt.hint.fives_said.{n}", lang) for n in range(5))
    assert all(has(f"adapt.hint.tens_said.{n}", lang) for n in range(7))  # seven-card: six shown


def test_a_single_item_of_a_kind_is_named_in_the_singular() -> None:
    """«пара К♠+К♥ — 2 очка», not «пары К♠+К♥» (reader 10, row 36)."""
    from trainer.i18n import t

    assert t("coach.kind_one.pair", "ru") == "пара" and t("coach.kinds.pair", "ru") == "пары"
    assert t("coach.kind_one.run", "ru") == "последовательность"
