"""An error as the user reads it: its message id worded in the user's language.

Its own module so that every command module (and the menu's review) can word an error without
importing the application that registers them.
"""

from __future__ import annotations

from trainer.cli.context import SETTINGS
from trainer.engine.errors import CribError


def error_text(exc: CribError) -> str:
    """The error in the user's language when it carries a message id, else its English text
    (`trainer.i18n.errors` words it, values that are messages too)."""
    if exc.key is None or SETTINGS.lang == "en":
        return str(exc)  # the English text raised is the English message
    from trainer.cli.ansi import card_label
    from trainer.i18n.errors import error_text

    return error_text(exc, SETTINGS.lang, card_label)  # a card as the terminal shows cards
