"""Process-wide CLI settings chosen by global options (language, colour, ASCII cards)."""

from __future__ import annotations

import locale
import os
import sys
from dataclasses import dataclass


@dataclass
class Settings:
    lang: str = "en"
    ascii_cards: bool = False
    color: bool = True


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
