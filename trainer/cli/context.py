"""Process-wide CLI settings chosen by global options (language, colour, ASCII cards)."""

from __future__ import annotations

import locale
import os
import sys
from collections.abc import Mapping

from trainer.i18n.languages import LANGS  # defined once, with each language's conventions


class Settings:
    """Language, ASCII cards, colour and rank letters for this process (a plain class: every
    command imports it, and a dataclass costs start-up time)."""

    __slots__ = ("ascii_cards", "color", "lang", "ranks")

    def __init__(
        self, lang: str = "en", ascii_cards: bool = False, color: bool = True, ranks: str = "auto"
    ) -> None:
        self.lang = lang
        self.ascii_cards = ascii_cards
        self.color = color
        self.ranks = ranks  # "jqka": J Q K A in every language; "auto": В Д К Т in Russian

    def _key(self) -> tuple[str, bool, bool, str]:
        return (self.lang, self.ascii_cards, self.color, self.ranks)

    def __repr__(self) -> str:
        return "Settings(lang={!r}, ascii_cards={!r}, color={!r}, ranks={!r})".format(*self._key())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Settings):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # mutable, like the dataclass it replaces


def _code(value: str) -> str | None:
    """The product language a setting names ("ru_RU.UTF-8" -> "ru"), or None if unsupported."""
    code = value.strip().lower().replace("-", "_").split("_")[0].split(".")[0]
    return code if code in LANGS else None


def choose_lang(flag: str | None = None, env: Mapping[str, str] | None = None) -> str:
    """The language, chosen like any Unix tool: `--lang`, then `CRIB_LANG`, then the locale
    (`LC_ALL`, `LC_MESSAGES`, `LANG`, the first one set, as POSIX orders them), then English.
    An unsupported value (`CRIB_LANG=fr`) is passed over; a locale in another language
    (`LANG=de_DE.UTF-8`) means English."""
    env = os.environ if env is None else env
    for value in (flag, env.get("CRIB_LANG")):
        if value and _code(value):
            return _code(value) or "en"
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(name):
            return _code(env[name]) or "en"
    if env is os.environ:
        try:
            return _code(locale.getlocale()[0] or "") or "en"
        except ValueError:
            pass
    return "en"


def default_ranks() -> str:
    """`CRIB_RANKS=jqka` keeps J Q K A in Russian output; otherwise В Д К Т."""
    return "jqka" if os.environ.get("CRIB_RANKS", "").strip().lower() == "jqka" else "auto"


def _ascii_terminal() -> bool:
    if os.environ.get("CRIB_ASCII"):
        return True
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "")
    return bool(encoding) and not encoding.startswith("utf")


SETTINGS = Settings(
    lang=choose_lang(),
    ascii_cards=_ascii_terminal(),
    color=not os.environ.get("NO_COLOR"),
    ranks=default_ranks(),
)
