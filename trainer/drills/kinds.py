"""The contract every drill kind fulfils, and `kind(name)` that finds its module through the
one list of kinds (`trainer.drills.registry`).

A kind is one module with `FORMS`, `themes(ruleset)`, `generate(...)`, `present(...)` (how the
question is shown, as messages), `parse(...)`, `solve(...)`, `judge(...)` and `explain(...)`
(feedback, as messages). Splitting `solve` (the engine's answer) from `judge` (this answer against it)
keeps the expected answer in one place, so it can never disagree with the engine's.
Kinds are imported on first use: the penalty and discard kinds pull in bigger modules.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Protocol, cast

from trainer.drills.messages import Msg
from trainer.drills.model import DRILLS, DrillError, Grade, JSONValue, Question
from trainer.drills.registry import module_name
from trainer.drills.themes import Level
from trainer.engine.records import Record, factory
from trainer.engine.ruleset import Ruleset

if TYPE_CHECKING:
    from trainer.drills.presenting import Presentation


class Solution(Record):
    """The engine's answer to a question: JSON form, canonical text, and facts for feedback."""

    expected: JSONValue
    expected_text: str
    detail: Mapping[str, JSONValue] = factory(default_factory=dict)


class Verdict(Record):
    """How one readable answer compares with the solution."""

    correct: bool
    points_lost: float = 0.0
    band: str | None = None
    detail: Mapping[str, JSONValue] = factory(default_factory=dict)


class DrillKind(Protocol):
    """What the registry expects of a drill module (see the module docstring)."""

    FORMS: tuple[str, ...]

    def themes(self, ruleset: Ruleset) -> tuple[str, ...]: ...

    def generate(
        self, rng: random.Random, *, ruleset: Ruleset, lvl: Level, theme: str, form: str
    ) -> Question: ...

    def present(self, question: Question, ruleset: Ruleset) -> Presentation: ...

    def parse(self, question: Question, text: str) -> JSONValue: ...

    def solve(self, question: Question, *, ruleset: Ruleset) -> Solution: ...

    def judge(
        self, question: Question, solution: Solution, answer: JSONValue, *, ruleset: Ruleset
    ) -> Verdict: ...

    def explain(self, question: Question, grade: Grade) -> list[Msg]: ...


def kind(name: str) -> DrillKind:
    """The drill module for `name` (count, muggins, peg, discard, penalty)."""
    if name not in DRILLS:
        raise DrillError(
            f"unknown drill {name!r}: choose one of {', '.join(DRILLS)}",
            key="raised.drill.unknown",
            name=repr(name),
            names=", ".join(DRILLS),
        )
    module: ModuleType = importlib.import_module(module_name(name))
    return cast(DrillKind, module)


def present(question: Question, *, ruleset: Ruleset) -> Presentation:
    """What to show for `question` and how to ask for the answer (the kind's own `present`)."""
    return kind(question.kind).present(question, ruleset)
