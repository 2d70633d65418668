"""The one list of drill kinds. Each kind is one module, `trainer.drills.<kind>_drill`, with every
part of it: `FORMS`, `themes`, `generate`, `present`, `parse`, `solve`, `judge` and `explain`
(the contract is `trainer.drills.kinds.DrillKind`).

Adding a kind means adding its member here and writing its module; nothing else lists kinds
(`model.DRILLS` and `content.lessons.DRILL_KINDS` are this list). This module imports only the
standard library, so the content layer may read it to check a lesson's drill without loading
the drills (tests/test_architecture.py allows exactly this one import).
"""

from __future__ import annotations

from enum import StrEnum


class KindName(StrEnum):
    """The drill kinds (words: `drill.name.*`)."""

    COUNT = "count"
    MUGGINS = "muggins"
    PEG = "peg"
    DISCARD = "discard"
    PENALTY = "penalty"


DRILLS: tuple[str, ...] = tuple(d.value for d in KindName)


def module_name(kind: str) -> str:
    """The module of a kind: `trainer.drills.count_drill` for `count`."""
    return f"trainer.drills.{KindName(kind).value}_drill"
