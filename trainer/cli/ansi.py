"""Plain-text output with ANSI colour for the quick look-up commands (`crib count`, `crib peg`).

These commands are meant to answer in the blink of an eye; rich costs more to import than the
whole computation, so they print through this small module instead. Colour follows the same
rules as rich: off with NO_COLOR, off when stdout is not a terminal, ASCII cards on request.
"""

from __future__ import annotations

import os
import sys
import unicodedata
from collections.abc import Iterable, Sequence

from trainer.cli.context import SETTINGS
from trainer.engine.cards import Card

_RESET = "\x1b[0m"
CODES = {"bold": "1", "dim": "2", "red": "31", "green": "32", "yellow": "33", "cyan": "36"}


def color_enabled() -> bool:
    if not SETTINGS.color or os.environ.get("TERM") == "dumb":
        return False
    return bool(os.environ.get("FORCE_COLOR")) or sys.stdout.isatty()


def style(text: str, *names: str) -> str:
    if not names or not color_enabled():
        return text
    return "\x1b[" + ";".join(CODES[n] for n in names) + "m" + text + _RESET


# Russian court letters: Валет, Дама, Король, Туз (`--ranks jqka` keeps J Q K A).
_RU_RANKS = {"J": "В", "Q": "Д", "K": "К", "A": "Т"}


def rank_label(label: str) -> str:
    """A rank as printed: `J` is `В` in Russian output (unless J Q K A was asked for)."""
    if SETTINGS.lang == "ru" and SETTINGS.ranks != "jqka":
        return _RU_RANKS.get(label, label)
    return label


def card_label(card: Card) -> str:
    """`5♥` (`В♥` in Russian), or `5H` when the terminal cannot show suit symbols."""
    if SETTINGS.ascii_cards:
        return str(card)
    return f"{rank_label(card.rank.label)}{card.suit.symbol}"


def card(card: Card) -> str:
    return style(card_label(card), *(("bold", "red") if card.suit.is_red else ("bold",)))


def cards(items: Iterable[Card], sep: str = " ") -> str:
    return sep.join(card(c) for c in items)


def width(text: str) -> int:
    """Display width, ignoring colour codes (suit symbols are one column wide).

    Tables measure every cell, so the common cases are answered without a Python loop per
    character: no escape codes to strip, and ASCII text (no wide East Asian characters)."""
    if "\x1b" in text:
        import re

        text = re.sub("\x1b[^m]*m?", "", text)
    if text.isascii():
        return len(text)
    return len(text) + sum(1 for ch in text if ch >= "\u1100" and unicodedata.east_asian_width(ch) in "WF")


def table(
    rows: Sequence[Sequence[str]],
    *,
    header: Sequence[str],
    right: Sequence[int] = (),
    footer: Sequence[str] | None = None,
) -> str:
    """Columns padded to their widest cell; `right` lists right-aligned column numbers."""
    body = [list(header), *[list(r) for r in rows]]
    if footer is not None:
        body.append(list(footer))
    widths = [max(width(row[i]) for row in body) for i in range(len(header))]

    def line(row: Sequence[str]) -> str:
        cells = []
        for i, cell in enumerate(row):
            pad = " " * (widths[i] - width(cell))
            cells.append(pad + cell if i in right else cell + pad)
        return "  ".join(cells).rstrip()

    out = [style(line(header), "bold")]
    out.extend(line(r) for r in rows)
    if footer is not None:
        out.append(style(line(footer), "bold"))
    return "\n".join(out)
