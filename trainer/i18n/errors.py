"""Errors in words: a `CribError` carries a message id and values; this turns it into one line
in the reader's language, for the CLI's `crib: error:` line and the club web pages alike.

Values are worded the same way when they are messages themselves: an inner error, a `Msg`, a
`Problem` (a `verify_*` answer) or a string written "@key" (a kind of file: "ruleset", "quiz").
"""

from __future__ import annotations

from trainer.engine.errors import CribError, Msg, Problem
from trainer.i18n import has, t


def error_text(exc: CribError, lang: str) -> str:
    """`exc` in `lang`: the English text it was raised with for English (and for an error
    without an id), otherwise the catalogue's text for its id with every value worded."""
    if exc.key is None or lang == "en" or not has(exc.key, lang):
        return str(exc)
    from trainer.i18n.typography import quotes

    # a value quoted below the edge ('много4', its repr) gets the language's quotes («много4»)
    return quotes(t(exc.key, lang, **{k: worded(v, lang) for k, v in exc.values.items()}), lang)


def worded(value: object, lang: str) -> object:
    """A value of an error in `lang` (a card, a number or a path stays as it is)."""
    if isinstance(value, CribError):
        return error_text(value, lang)
    if isinstance(value, Problem):
        value = Msg(value.key, value.values)
    if isinstance(value, Msg):
        return t(value.key, lang, **{k: worded(v, lang) for k, v in value.values.items()})
    if isinstance(value, str) and value.startswith("@") and has(value[1:], lang):
        return t(value[1:], lang)
    return value
