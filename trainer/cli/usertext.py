"""Text that came from a user (names, answers, titles, file contents) on its way to the screen.

rich reads `[bold red]…[/]` in any plain string as markup, so a student called `[/]` crashed the
teacher's report and `[bold red]Boss[/bold red]` printed styled; rich also passes ESC through, so
an answer holding `\\x1b[2J` cleared the terminal. Such text is always drawn as a `Text` (never
parsed as markup) after `clean` has replaced control characters.
"""

from __future__ import annotations

from typing import Any


def clean(value: object) -> str:
    """The text with control characters (C0, DEL, C1: ESC, bell, CR...) shown as `?`; tabs and
    newlines become spaces so one value stays on its line."""
    text = str(value)
    if text.isprintable():
        return text
    return "".join(" " if c in "\t\n\r" else "?" if ord(c) < 32 or 0x7F <= ord(c) < 0xA0 else c for c in text)


def user_text(value: object, style: str = "") -> Any:
    """A rich `Text` of user text: no markup is read from it, no control code reaches the terminal."""
    from rich.text import Text

    return Text(clean(value), style=style)


def escaped(value: object) -> str:
    """User text to embed inside a markup string (`f"[bold]{escaped(title)}[/]"`)."""
    from rich.markup import escape

    return escape(clean(value))
