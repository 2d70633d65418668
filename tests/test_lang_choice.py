"""The language is chosen like any Unix tool: --lang, then CRIB_LANG, then the locale (LC_ALL,
LC_MESSAGES, LANG: the first set), then English; Russian output prints В Д К Т unless asked for
J Q K A, and Russian suit letters are read in card input."""

from __future__ import annotations

import pytest
from helpers import run

from trainer.cli.context import choose_lang
from trainer.engine.cards import Card, parse_cards


@pytest.mark.parametrize(
    ("flag", "env", "lang"),
    [
        ("ru", {"CRIB_LANG": "en", "LANG": "en_US.UTF-8"}, "ru"),
        ("en", {"CRIB_LANG": "ru"}, "en"),
        (None, {"CRIB_LANG": "ru", "LANG": "en_US.UTF-8"}, "ru"),
        (None, {"CRIB_LANG": "fr", "LANG": "ru_RU.UTF-8"}, "ru"),  # unsupported: passed over
        (None, {"LANG": "ru_RU.UTF-8"}, "ru"),
        (None, {"LC_ALL": "en_GB.UTF-8", "LANG": "ru_RU.UTF-8"}, "en"),  # LC_ALL first
        (None, {"LC_MESSAGES": "ru_RU.UTF-8", "LANG": "C.UTF-8"}, "ru"),
        (None, {"LANG": "de_DE.UTF-8"}, "en"),  # another language: English
        (None, {"LANG": "C"}, "en"),
        (None, {}, "en"),
    ],
)
def test_the_language_is_chosen_flag_then_env_then_locale_then_english(
    flag: str | None, env: dict[str, str], lang: str
) -> None:
    assert choose_lang(flag, env) == lang


def _count(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = run(capsys, *argv, "count", "5H", "5D", "5C", "JS", "5S")
    assert code == 0, err
    return out


def test_crib_lang_and_lang_choose_russian_and_the_flag_wins(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRIB_LANG", "ru")
    assert "стартер" in _count(capsys)
    assert "starter" in _count(capsys, "--lang", "en")
    monkeypatch.delenv("CRIB_LANG")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert "стартер" in _count(capsys)
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert "starter" in _count(capsys)


def test_a_bad_lang_is_an_error_in_the_fallback_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRIB_LANG", "ru")
    code, _, err = run(capsys, "--lang", "fr", "count", "5H")
    assert code == 2
    assert err == "crib: ошибка: --lang «fr»: выберите en или ru\n"


def test_russian_output_prints_russian_court_letters_unless_jqka_is_asked(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _count(capsys, "--lang", "ru").splitlines()[1].startswith("5♥ 5♦ 5♣ В♠   стартер 5♠")
    assert _count(capsys, "--lang", "ru", "--ranks", "jqka").splitlines()[1].startswith("5♥ 5♦ 5♣ J♠")
    monkeypatch.setenv("CRIB_RANKS", "jqka")
    assert "J♠" in _count(capsys, "--lang", "ru")
    monkeypatch.delenv("CRIB_RANKS")
    assert "J♠" in _count(capsys, "--lang", "en")


def test_russian_suit_letters_are_read_the_position_telling_ace_from_clubs() -> None:
    assert Card.parse("ТТ") == Card.parse("AC")  # rank Т = ace, suit Т = clubs
    assert parse_cards("10Т ВП ДЧ КБ Т♥") == parse_cards("10C JS QH KD AH")
    assert Card.parse("тп") == Card.parse("AS")


def test_russian_card_input_counts_like_english(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "ru", "count", "5Ч", "5Б", "5Т", "ВП", "--starter", "5П")
    assert code == 0
    assert "29" in out
