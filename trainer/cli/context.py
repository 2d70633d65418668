"""Process-wide CLI settings chosen by global options (language, colour, ASCII cards)."""

from __future__ import annotations

import locale
import os
import sys


class Settings:
    """Language, ASCII cards and colour for this process (a plain class: every command imports
    it, and a dataclass costs start-up time)."""

    __slots__ = ("ascii_cards", "color", "lang")

    def __init__(self, lang: str = "en", ascii_cards: bool = False, color: bool = True) -> None:
        self.lang = lang
        self.ascii_cards = ascii_cards
        self.color = color

    def __repr__(self) -> str:
        return f"Settings(lang={self.lang!r}, ascii_cards={self.ascii_cards!r}, color={self.color!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Settings):
            return NotImplemented
        return (self.lang, self.ascii_cards, self.color) == (other.lang, other.ascii_cards, other.color)

    __hash__ = None  # type: ignore[assignment]  # mutable, like the dataclass it replaces


def _default_lang() -> str:
    env = os.environ.get("CRIB_LANG") or os.environ.get("LC_ALL") or os.environ.get("LANG") or ""
    if not env:
        try:
            env = locale.getlocale()[0] or ""
        except ValueError:
            env = ""
    return "ru" if env.lower().startswith("ru") else "en"


def _ascii_terminal() -> bool:
    if os.environ.get("CRIB_ASCII"):
        return True
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "")
    return bool(encoding) and not encoding.startswith("utf")


SETTINGS = Settings(
    lang=_default_lang(),
    ascii_cards=_ascii_terminal(),
    color=not os.environ.get("NO_COLOR"),
)
