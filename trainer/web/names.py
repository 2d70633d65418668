"""Player names as people type them on phones: cleaned for display and reduced to a key that
decides whether two names are "the same player".

Two phones must not both become "Anna" by typing "Anna" and "Ａｎｎａ" (full-width), "An\u200bna"
(a zero-width space), "Аnna" (a Cyrillic А) or "ᴀɴɴᴀ" (small capitals), so names are compared by
their confusable skeleton (trainer.web.skeleton) after NFKC normalisation with every invisible
character removed; a name with no letter or digit left (blank, or only marks) is refused.
"""

from __future__ import annotations

import unicodedata

from trainer.engine.errors import CribError
from trainer.web.skeleton import skeleton

MAX_NAME = 40
# soft hyphen, grapheme joiner, Hangul and Khmer fillers, Mongolian separator, Braille blank: drawn as nothing
_INVISIBLE = {
    "\u00ad",
    "\u034f",
    "\u115f",
    "\u1160",
    "\u17b4",
    "\u17b5",
    "\u180e",
    "\u2800",
    "\u3164",
    "\uffa0",
}


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
    """What two names are compared by: the cleaned name's confusable skeleton."""
    return skeleton(cleaned)


def _readable(name: str) -> bool:
    """At least one letter or digit: a name of only marks, symbols or punctuation reads as blank."""
    return any(unicodedata.category(ch)[0] in "LN" for ch in name)


def check_name(raw: str) -> str:
    """A usable display name, or a PlayerNameError saying what to change."""
    name = clean_name(raw)
    if not name or not _readable(name):
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
