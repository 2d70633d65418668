"""Player names as people type them on phones: cleaned for display and reduced to a key that
decides whether two names are "the same player".

Two phones must not both become "Anna" by typing "Anna" and "Ａｎｎａ" (full-width) or "An\u200bna"
(a zero-width space), so names are compared after NFKC normalisation with every invisible
formatting character removed and case folded.
"""

from __future__ import annotations

import unicodedata

from trainer.engine.errors import CribError

MAX_NAME = 40
_INVISIBLE = {"\u00ad", "\u034f", "\u115f", "\u1160", "\u3164", "\uffa0"}  # soft hyphen, fillers


class PlayerNameError(CribError, ValueError):
    """A name that cannot be used in this room (empty, too long, or taken)."""


def clean_name(raw: str) -> str:
    """The name as shown: NFKC, no control or format (zero-width, bidi) characters, single spaces."""
    text = unicodedata.normalize("NFKC", raw)
    kept = [
        " " if ch.isspace() else ch
        for ch in text
        if ch.isspace()
        or (unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn") and ch not in _INVISIBLE)
    ]
    return " ".join("".join(kept).split())


def name_key(cleaned: str) -> str:
    """What two names are compared by: the cleaned name, case folded and normalised again."""
    return unicodedata.normalize("NFKC", cleaned.casefold())


def check_name(raw: str) -> str:
    """A usable display name, or a PlayerNameError saying what to change."""
    name = clean_name(raw)
    if not name:
        raise PlayerNameError(
            "the name is empty: type the name the teacher will see", key="club_web.err.name_empty"
        )
    if len(name) > MAX_NAME:
        raise PlayerNameError(
            f"the name is longer than {MAX_NAME} characters: shorten it",
            key="club_web.err.name_long",
            max=MAX_NAME,
        )
    return name


def safe_text(raw: str, limit: int) -> str:
    """Any user text (an answer) kept as plain text: control characters out, at most `limit` chars."""
    text = "".join(ch for ch in raw if ch in "\n\t" or unicodedata.category(ch) not in ("Cc", "Cs"))
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
