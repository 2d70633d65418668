"""Typography of printed numbers and short texts, the same on every screen: a true minus sign
(−4,84, never a hyphen beside a minus on one line), no negative zero, a percentage with a
no-break space in Russian («20 %»), an en dash in a range (10–21), dates as дд.мм in Russian, and
a text cut to fit a column at a space (never mid-word). Stdlib only: quick commands use it.
"""

from __future__ import annotations

import datetime as dt

MINUS = "\u2212"
NBSP = "\u00a0"
EN_DASH = "\u2013"


def signed(text: str) -> str:
    """`text` (a formatted number) with a true minus; `-0`, `-0,0`, `−0 %` lose their sign."""
    body = text.lstrip("-" + MINUS)
    if body == text:
        return text
    if not any(c in "123456789" for c in body):
        return body
    return MINUS + body


def percent(value: float, lang: str = "en", places: int = 0) -> str:
    """`value` (0.2 for 20 %) as a percentage: «20 %» in Russian (no-break space, decimal comma),
    "20%" in English; a true minus, never "-0%"."""
    text = signed(f"{value * 100:.{places}f}")
    if lang == "ru":
        return text.replace(".", ",") + NBSP + "%"
    return text + "%"


def span(low: object, high: object) -> str:
    """A range of two values with an en dash (10–21)."""
    return f"{low}{EN_DASH}{high}"


def day(value: dt.date, lang: str = "en") -> str:
    """A day of the year as a reader writes it: 18.11 in Russian, 11-18 in English (month first)."""
    return value.strftime("%d.%m") if lang == "ru" else value.strftime("%m-%d")


def shorten(text: str, width: int) -> str:
    """`text` cut to at most `width` characters at a space, with "…" when cut (a word is never
    split: «…после тас» becomes «…после…»)."""
    if len(text) <= width:
        return text
    cut = text[: max(width - 1, 1)]
    if " " in cut:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;:(—–-") + "…"
