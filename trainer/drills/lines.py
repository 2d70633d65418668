"""Text lines with cards marked inside them, so the words layer (trainer.i18n.drill_words) can
write sentences in any language while the front end alone decides how a card looks (symbols,
colour, or plain `5H`).

A marked card is `\\x1f5H\\x1f`; `split()` gives the CLI text and card pieces, `plain()` gives
the canonical text for JSON and files.
"""

from __future__ import annotations

from collections.abc import Iterable

from trainer.engine.cards import Card

MARK = "\x1f"


def card(value: Card | str) -> str:
    return f"{MARK}{value}{MARK}"


def cards(values: Iterable[Card | str], sep: str = " ") -> str:
    return sep.join(card(v) for v in values)


def split(line: str) -> list[tuple[bool, str]]:
    """[(is_card, text), ...] in order; empty text pieces are dropped."""
    return [(i % 2 == 1, piece) for i, piece in enumerate(line.split(MARK)) if piece]


def plain(line: str) -> str:
    return line.replace(MARK, "")
