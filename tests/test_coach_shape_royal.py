"""Three or four kept cards of one rank are named as a player names them (a pair royal), not as
the number of pairs the scoring counts ("3 pairs")."""

import pytest

from trainer.i18n.reasons import held_words


@pytest.mark.parametrize(
    ("pairs", "lang", "word"),
    [
        (3, "en", "a pair royal"),
        (6, "en", "a double pair royal"),
        (3, "ru", "королевская пара"),
        (6, "ru", "двойная королевская пара"),
    ],
)
def test_royal_pairs_are_named(pairs: int, lang: str, word: str) -> None:
    text = held_words({"pairs": pairs, "points": pairs * 2}, lang)
    assert word in text
    assert str(pairs) + " pair" not in text and "3 пары" not in text and "6 пар" not in text


def test_two_pairs_stay_counted() -> None:
    assert "2 pairs" in held_words({"pairs": 2, "points": 4}, "en")
