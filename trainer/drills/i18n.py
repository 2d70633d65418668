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


def plural(key: str, n: int, lang: str = "en", /) -> str:
    """The form of a counted word for `n`: the entry holds the forms separated by "|", English
    "one|many" and Russian "one|few|many" (очко/очка/очков), because Russian numerals choose
    among three forms by the last digits and a "(s)" suffix cannot express that."""
    forms = t(key, lang).split("|")
    if lang == "ru" and len(forms) == 3:
        tens, ones = n % 100, n % 10
        if ones == 1 and tens != 11:
            return forms[0]
        if 2 <= ones <= 4 and not 12 <= tens <= 14:
            return forms[1]
        return forms[2]
    return forms[0] if n == 1 else forms[-1]


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
