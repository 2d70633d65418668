"""The one list of drill kinds: each kind's name and the shape of its question data.

Each kind is one module, `trainer.drills.<kind>_drill`, with every part of it (the contract is
`trainer.drills.kinds.DrillKind`): generating, presenting, parsing, judging and explaining a
question, its pattern and ideas, hints, shown cards, summary line, CLI options. Its question
shape is a `TypedDict` in `trainer.drills.shapes`, named here once: the drills check data
against it (`trainer.drills.data.checked`) and the quiz-file schema is derived from it
(`trainer.content.quizschema`).

Adding a kind means adding its member and shape here, its shape to `shapes.py` and writing its
module; nothing else lists kinds (`model.DRILLS`, `content.lessons.DRILL_KINDS`, the `crib drill`
commands and the menu read this list). This module imports only the standard library and
`shapes`, so the content layer may read it to check a lesson's drill or a quiz file's question
without loading the drills (tests/layers.py allows exactly these two imports).
"""

from __future__ import annotations

from enum import StrEnum

from trainer.drills.shapes import CountData, DiscardData, MugginsData, PegData, PenaltyData


class KindName(StrEnum):
    """The drill kinds (words: `drill.name.*`)."""

    COUNT = "count"
    MUGGINS = "muggins"
    PEG = "peg"
    DISCARD = "discard"
    PENALTY = "penalty"


# The shape of each kind's question data (`Question.data`), in the order of `KindName`.
SHAPES: dict[str, type] = {
    KindName.COUNT: CountData,
    KindName.MUGGINS: MugginsData,
    KindName.PEG: PegData,
    KindName.DISCARD: DiscardData,
    KindName.PENALTY: PenaltyData,
}

DRILLS: tuple[str, ...] = tuple(d.value for d in KindName)


def module_name(kind: str) -> str:
    """The module of a kind: `trainer.drills.count_drill` for `count`."""
    return f"trainer.drills.{KindName(kind).value}_drill"
