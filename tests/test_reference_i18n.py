"""The UI strings of the rules reference, the lessons ladder and the club quizzes exist in English
and Russian with the same {placeholders} (the drills' catalogue-wide check sees only the strings
registered when it is collected, so these modules are imported here first)."""

from __future__ import annotations

import importlib
import string

import pytest

from trainer.drills.i18n import LANGS, MESSAGES

for _module in ("trainer.cli.reference_messages", "trainer.cli.learn", "trainer.cli.club"):
    importlib.import_module(_module)  # registers the strings checked below

PREFIXES = ("ref.", "learn.", "club.")
OURS = sorted(k for k in MESSAGES if k.startswith(PREFIXES))


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_the_features_define_their_strings() -> None:
    assert len(OURS) > 150
    assert {k.split(".")[0] for k in OURS} == {"ref", "learn", "club"}


@pytest.mark.parametrize("key", OURS)
def test_every_string_is_translated_with_the_same_placeholders(key: str) -> None:
    entry = MESSAGES[key]
    for lang in LANGS:
        assert entry.get(lang, "").strip(), f"{key} has no {lang} text"
    assert _fields(entry["en"]) == _fields(entry["ru"]), key
