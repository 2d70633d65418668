"""Russian lesson prose names cards the Russian way (Т♠ В♠ Д♣ К♦), as every Russian screen shows
them; only the commands in code blocks keep the Latin input (`crib discard AS JS`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

LESSONS = sorted((Path(__file__).parent.parent / "lessons" / "ru").glob("*.md"))


def _prose(text: str) -> list[str]:
    lines, fence = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fence = not fence
        elif not fence:
            lines.append(re.sub(r"`[^`]*`", "", line))  # inline commands keep their input
    return lines


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_russian_prose_names_cards_in_russian(path: Path) -> None:
    latin = [line for line in _prose(path.read_text(encoding="utf-8")) if re.search(r"\b[AJQK][♠♣♥♦]", line)]
    assert not latin, latin
