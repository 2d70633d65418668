"""UI strings in English and Russian. Each entry is defined with both languages side by side, so
a string without its translation cannot be written; a test checks none is empty and that both
use the same {placeholders}.

Feature modules call `define({...})` at import time with their own keys (prefix them with the
module's area, e.g. "drill.count.prompt").
"""

from __future__ import annotations

LANGS = ("en", "ru")
MESSAGES: dict[str, dict[str, str]] = {}


def define(entries: dict[str, tuple[str, str]]) -> None:
    """Register strings as key -> (english, russian)."""
    for key, (en, ru) in entries.items():
        if key in MESSAGES and MESSAGES[key] != {"en": en, "ru": ru}:
            raise ValueError(f"UI string {key!r} defined twice with different text")
        MESSAGES[key] = {"en": en, "ru": ru}


def t(key: str, lang: str = "en", /, **values: object) -> str:
    """The string for `key` in `lang`, formatted with `values` (English if lang is unknown)."""
    entry = MESSAGES.get(key)
    if entry is None:
        raise KeyError(f"no UI string {key!r}; add it with define()")
    text = entry.get(lang) or entry["en"]
    return text.format(**values) if values else text


define(
    {
        "common.correct": ("Correct!", "Верно!"),
        "common.wrong": ("Not quite.", "Не совсем."),
        "common.interrupted": (
            "Interrupted — your answers so far are saved.",
            "Прервано — ваши ответы сохранены.",
        ),
    }
)
