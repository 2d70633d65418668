"""Errors in words: a `CribError` carries a message id and values; this turns it into one line
in the reader's language, for the CLI's `crib: error:` line and the club web pages alike.

Values are worded the same way when they are messages themselves: an inner error, a `Msg`, a
`Problem` (a `verify_*` answer) or a string written "@key" (a kind of file: "ruleset", "quiz").
"""

from __future__ import annotations

from collections.abc import Callable

from trainer.engine.cards import Card
from trainer.engine.errors import CribError, Msg, Problem
from trainer.i18n import has, t
from trainer.i18n.languages import language

CardLabel = Callable[[Card], str]


def error_text(exc: CribError, lang: str, card: CardLabel | None = None) -> str:
    """`exc` in `lang`: the English text it was raised with for English (and for an error
    without an id), otherwise the catalogue's text for its id with every value worded; `card`
    shows a card as the screen does (`5♣`, `В♥`; the terminal's own choice at the CLI)."""
    if exc.key is None or lang == "en" or not has(exc.key, lang):
        return str(exc)
    from trainer.i18n.typography import quotes

    # a value quoted below the edge ('много4', its repr) gets the language's quotes («много4»)
    return quotes(t(exc.key, lang, **{k: worded(v, lang, card) for k, v in exc.values.items()}), lang)


def worded(value: object, lang: str, card: CardLabel | None = None) -> object:
    """A value of an error in `lang` (a number or a path stays as it is; a code such as `5C`
    stays a code, for the player to type; cards themselves are shown as cards: `5♣`)."""
    if isinstance(value, CribError):
        return error_text(value, lang, card)
    if isinstance(value, Problem):
        value = Msg(value.key, value.values)
    if isinstance(value, Msg):
        return t(value.key, lang, **{k: worded(v, lang, card) for k, v in value.values.items()})
    if isinstance(value, str) and value.startswith("@") and has(value[1:], lang):
        return t(value[1:], lang)
    cards = (value,) if isinstance(value, Card) else value if isinstance(value, tuple) else ()
    if cards and all(isinstance(c, Card) for c in cards):
        shown = card or (lambda c: f"{language(lang).rank(c.rank.label)}{c.suit.symbol}")
        return " ".join(shown(c) for c in cards)
    return value
