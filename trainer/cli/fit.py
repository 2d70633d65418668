"""Tables that fit 80 columns and wrap at spaces.

rich shares a narrow terminal (or a pipe, which it treats as 80 columns) among the columns and
then cuts words wherever a column ends: "class|ic", "restar|ts". Giving every column at least
the width of its longest word makes rich wrap between words instead; the long columns give way.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def longest_word(texts: Iterable[object]) -> int:
    """The width of the longest word (split at spaces) among `texts`."""
    return max((len(word) for text in texts for word in str(text).split()), default=1)


def fit_widths(columns: list[list[str]], total: int, *, gap: int = 1) -> list[int]:
    """Column widths for `columns` (each a list of cell texts, header first) within `total`
    characters: natural widths when they fit, else each column's longest word plus a share of
    what is left, in proportion to how much more the column would like."""
    natural = [max((len(text) for text in column), default=1) for column in columns]
    room = total - gap * (len(columns) - 1)
    if sum(natural) <= room:
        return natural
    least = [longest_word(column) for column in columns]
    spare = room - sum(least)
    if spare <= 0:
        return least
    wants = [n - m for n, m in zip(natural, least, strict=True)]
    asked = sum(wants) or 1
    widths = [m + spare * w // asked for m, w in zip(least, wants, strict=True)]
    return widths


DASH_GLUE = "\ue000"
"""Stands for the space before a spaced dash while a line is laid out: not whitespace to
`textwrap` or rich, one cell wide, printed as a plain space again (`unglued`)."""


def glued_dashes(text: str) -> str:
    """`text` with the space before every spaced dash («партии — 121», "point — and") turned
    into `DASH_GLUE`, so wrapping keeps the dash with the word before it and no line starts
    with «—»."""
    return text.replace(" \u2014", DASH_GLUE + "\u2014")


def unglued(text: str) -> str:
    return text.replace(DASH_GLUE, " ")


def wrapped(line: str) -> object:
    """A plain line (never markup) that wraps at spaces to the terminal or 80 columns, every
    continuation line indented like the first (`soft_wrap` printed it unbroken, 150 wide)."""
    return _Wrapped(line)


class _Wrapped:
    """Rendered at the width rich gives it, wrapped by `textwrap` (no trailing padding)."""

    def __init__(self, line: str) -> None:
        from trainer.cli.usertext import clean

        self.line = "\n".join(clean(part) for part in line.split("\n"))

    def __rich_console__(self, console: Any, options: Any) -> Any:
        import textwrap

        from rich.text import Text

        out: list[str] = []
        for line in self.line.split("\n"):  # a paragraph per line: bullets stay bullets
            stripped = line.lstrip(" ")
            indent = " " * (len(line) - len(stripped))
            wrapped_lines = textwrap.wrap(
                glued_dashes(stripped),
                width=max(20, options.max_width),
                initial_indent=indent,
                subsequent_indent=indent + ("  " if stripped.startswith("- ") else ""),
                break_on_hyphens=False,
                break_long_words=False,  # a word (a web address) longer than a line stays whole
            )
            out.extend(unglued(text) for text in wrapped_lines or [""])
        yield Text("\n".join(out))
