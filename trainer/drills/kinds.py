"""The contract every drill kind fulfils, and the registry that finds a kind by name.

A kind is a module with `FORMS`, `themes(ruleset)`, `generate(...)`, `parse(...)`, `solve(...)`
and `judge(...)`. Splitting `solve` (the engine's answer) from `judge` (this answer against it)
keeps the expected answer in one place, so it can never disagree with the engine's.
Kinds are imported on first use: the penalty and discard kinds pull in bigger modules.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Protocol, cast

from trainer.drills.model import DRILLS, DrillError, JSONValue, Question
from trainer.drills.themes import Level
from trainer.engine.ruleset import Ruleset


@dataclass(frozen=True, kw_only=True)
class Solution:
    """The engine's answer to a question: JSON form, canonical text, and facts for feedback."""

    expected: JSONValue
    expected_text: str
    detail: Mapping[str, JSONValue] = field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class Verdict:
    """How one readable answer compares with the solution."""

    correct: bool
    points_lost: float = 0.0
    band: str | None = None
    detail: Mapping[str, JSONValue] = field(default_factory=dict)


class DrillKind(Protocol):
    """What the registry expects of a drill module (see the module docstring)."""

    FORMS: tuple[str, ...]

    def themes(self, ruleset: Ruleset) -> tuple[str, ...]: ...

    def generate(
        self, rng: random.Random, *, ruleset: Ruleset, lvl: Level, theme: str, form: str
    ) -> Question: ...

    def parse(self, question: Question, text: str) -> JSONValue: ...

    def solve(self, question: Question, *, ruleset: Ruleset) -> Solution: ...

    def judge(
        self, question: Question, solution: Solution, answer: JSONValue, *, ruleset: Ruleset
    ) -> Verdict: ...


_MODULES = {
    "count": "trainer.drills.count_drill",
    "muggins": "trainer.drills.muggins_drill",
    "peg": "trainer.drills.peg_drill",
    "discard": "trainer.drills.discard_drill",
    "penalty": "trainer.drills.penalty_drill",
}


def kind(name: str) -> DrillKind:
    """The drill module for `name` (count, muggins, peg, discard, penalty)."""
    if name not in _MODULES:
        raise DrillError(
            f"unknown drill {name!r}: choose one of {', '.join(DRILLS)}",
            key="raised.drill.unknown",
            name=repr(name),
            names=", ".join(DRILLS),
        )
    module: ModuleType = importlib.import_module(_MODULES[name])
    return cast(DrillKind, module)
