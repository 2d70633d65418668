"""Click's usage errors in the product's one-line format.

Click prints three lines (usage, a "Try --help" hint, "Error: ...") and a bare "Error:" for
others; every other failure of `crib` is one `crib: error:` line saying what, where and how to
fix, so usage errors become one line with the command's usage as the fix. Click's own words are
put into the user's language by `trainer.cli.help_text.localise`; the frame around them
("usage:", "more:") comes from the catalogue here.
"""

from __future__ import annotations

from typing import Any


def one_line(exc: Any) -> str:
    """`crib count: missing argument 'CARDS...'; usage: crib count [OPTIONS] CARDS... (crib count --help)`."""
    from trainer.cli.context import SETTINGS
    from trainer.i18n import t

    message = " ".join(str(exc.format_message()).split()).rstrip(".")
    if message[:1].isupper() and not message[1:2].isupper():
        message = message[0].lower() + message[1:]
    ctx = getattr(exc, "ctx", None)
    if ctx is None:
        return message
    usage = " ".join(ctx.get_usage().split())
    # click wrote its "Usage:" in the user's language (help_text.localise)
    for prefix in ("Usage:", t("click:Usage:", SETTINGS.lang)):
        usage = usage.removeprefix(prefix).strip()
    return t("raised.usage.line", SETTINGS.lang, path=ctx.command_path, message=message, usage=usage)
