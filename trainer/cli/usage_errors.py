"""Click's usage errors in the product's one-line format.

Click prints three lines (usage, a "Try --help" hint, "Error: ...") and a bare "Error:" for
others; every other failure of `crib` is one `crib: error:` line saying what, where and how to
fix, so usage errors become one line with the command's usage as the fix.
"""

from __future__ import annotations

from typing import Any


def one_line(exc: Any) -> str:
    """`crib count: missing argument 'CARDS...'; usage: crib count [OPTIONS] CARDS... (crib count --help)`."""
    message = " ".join(str(exc.format_message()).split()).rstrip(".")
    if message[:1].isupper() and not message[1:2].isupper():
        message = message[0].lower() + message[1:]
    ctx = getattr(exc, "ctx", None)
    if ctx is None:
        return message
    usage = " ".join(ctx.get_usage().split())
    usage = usage.removeprefix("Usage:").strip()
    return f"{ctx.command_path}: {message}; usage: {usage} (more: {ctx.command_path} --help)"
