"""Whole numbers typed by a person: ASCII digits only.

`str.isdigit()` is true for superscripts (`²`, AltGr+2 on many layouts) and other scripts' digits,
which `int()` then refuses with a ValueError, so every "is this a number?" in the product asks
`is_digits` instead: what it accepts, `int()` reads.
"""

from __future__ import annotations


def is_digits(text: str) -> bool:
    """Whether `text` is one or more of the ASCII digits 0-9 (no sign, no spaces)."""
    return text.isascii() and text.isdigit()
