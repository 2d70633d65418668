"""Every UI string exists in English and Russian, neither is empty, and both use the same
{placeholders}: a sentence that loses a placeholder in translation would crash or mislead."""

from __future__ import annotations

import string

import pytest

from trainer.cli import (  # noqa: F401  (register the strings of the quick commands, checked below)
    advice_messages,
    core_messages,
    game_messages,
)
from trainer.drills import messages  # noqa: F401  (registers the drill, quiz and stats strings)
from trainer.drills.i18n import LANGS, MESSAGES, define, t


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_every_string_has_both_languages_with_the_same_placeholders(key: str) -> None:
    entry = MESSAGES[key]
    for lang in LANGS:
        assert entry.get(lang, "").strip(), f"{key} has no {lang} text"
    assert _fields(entry["en"]) == _fields(entry["ru"]), key


def test_the_feature_keys_are_prefixed() -> None:
    ours = [k for k in MESSAGES if k.split(".")[0] in ("drill", "quiz", "stats")]
    assert len(ours) > 100


def test_the_check_catches_a_missing_translation() -> None:
    define({"drill.test.only_english": ("Hello {name}", "")})
    try:
        entry = MESSAGES["drill.test.only_english"]
        assert not entry["ru"].strip()  # the parametrised test above would fail on this entry
        assert _fields("Hello {name}") != _fields("Привет")
    finally:
        del MESSAGES["drill.test.only_english"]


def test_the_quick_commands_define_their_strings() -> None:
    ours = {k.split(".")[0] for k in MESSAGES if k.startswith(("core.", "advise.", "game."))}
    assert ours == {"core", "advise", "game"}


def test_t_formats_and_falls_back_to_english() -> None:
    assert t("drill.header", "ru", n=2, total=5, drill="count", ruleset="classic").startswith("Вопрос 2/5")
    assert t("drill.correct", "de") == "Correct!"
