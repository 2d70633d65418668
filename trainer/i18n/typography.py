"""Typography of printed numbers and short texts, the same on every screen: a true minus sign
(−4,84, never a hyphen beside a minus on one line), no negative zero, a percentage with a
no-break space in Russian («20 %»), an en dash in a range (10–21), dates as дд.мм in Russian, and
a text cut to fit a column at a space (never mid-word). Stdlib only: quick commands use it.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence

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


def score(values: Sequence[int], lang: str = "en") -> str:
    """A game's score as players write it: «121:104» in Russian, 121–104 in English."""
    return (":" if lang == "ru" else EN_DASH).join(map(str, values))


def day(value: dt.date | str, lang: str = "en") -> str:
    """A day of the year as a reader writes it: 18.11 in Russian, 11-18 in English (month first).
    `value` is a date or an ISO day (`2026-11-18`)."""
    if isinstance(value, str):
        value = dt.date.fromisoformat(value[:10])
    return value.strftime("%d.%m") if lang == "ru" else value.strftime("%m-%d")


def moment(value: dt.datetime | float, lang: str = "en") -> str:
    """A day and a time (local): 01.12.2026 19:30 in Russian, 2026-12-01 19:30 in English. `value`
    is a datetime or seconds since the epoch."""
    if not isinstance(value, dt.datetime):
        value = dt.datetime.fromtimestamp(value)
    return value.strftime("%d.%m.%Y %H:%M" if lang == "ru" else "%Y-%m-%d %H:%M")


def dash(lang: str = "en") -> str:
    """The sign between two ends of a range in `lang`: an en dash in Russian (10–21); English keeps
    its hyphen (10-21), as its pinned output shows."""
    return EN_DASH if lang == "ru" else "-"


def minus(lang: str = "en") -> str:
    """The minus sign of `lang`: a true minus in Russian (−4,84), a hyphen in English."""
    return MINUS if lang == "ru" else "-"


_QUOTED = re.compile(r"(?<![\w'’])'([^'\n]+?)'(?![\w'])")
_TYPED = re.compile(r"(`[^`\n]*`)")


def quotes(text: str, lang: str = "en") -> str:
    """`text` with its quoted values ('много4') in the quotes of `lang`: «много4» in Russian.
    What stands in `backticks` (a command to type, with its shell quotes) is left as it is."""
    if lang != "ru" or "'" not in text:
        return text
    parts = _TYPED.split(text)
    return "".join(part if i % 2 else _QUOTED.sub(r"«\1»", part) for i, part in enumerate(parts))


def shorten(text: str, width: int) -> str:
    """`text` cut to at most `width` characters at a space, with "…" when cut (a word is never
    split: «…после тас» becomes «…после…»)."""
    if len(text) <= width:
        return text
    cut = text[: max(width - 1, 1)]
    if " " in cut:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;:(—–-") + "…"


def sentence(text: str, lang: str = "en") -> str:
    """`text` as a line that stands on its own: a Russian line starts with a capital letter (the
    ruling phrases are fragments in lower case, because they are also set inside other sentences),
    also after an opening quote («мимо» сказано… → «Мимо» сказано…); English keeps its lower-case
    label style, as its pinned output shows."""
    if lang == "en":
        return text
    for i, char in enumerate(text):
        if char.isalpha():
            return text[:i] + char.upper() + text[i + 1 :]
        if char not in "«„\"'(":
            return text
    return text


def after_colon(text: str) -> str:
    """A Russian sentence that follows a label and a colon starts in lower case («Подсказка:
    посмотрите…»); a card («В♣») or an abbreviation keeps its capital."""
    if len(text) > 1 and text[0].isupper() and text[1].islower():
        return text[0].lower() + text[1:]
    return text
