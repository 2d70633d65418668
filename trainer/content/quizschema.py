"""The schema of a quiz file's question data, checked with the ruleset schema machinery.

A quiz file travels from teacher to student to teacher, and its checksum is no signature:
anyone can edit a question and recompute it. So the data of every question is checked against
the shapes `crib quiz make` writes (each drill kind's own `TypedDict`, named in the registry
`trainer.drills.registry` and read by `trainer.content.schema.validate` exactly like a ruleset's
dataclass) before any drill sees it; a wrong type
(`hand: true`) becomes a one-line error naming the file, line and key instead of a TypeError
deep in `quiz print` or the teacher's report.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from trainer.content.schema import validate
from trainer.content.yamlfile import KeyPath, line_of
from trainer.drills.registry import DRILLS, SHAPES
from trainer.engine.errors import Problem


@dataclass(frozen=True)
class QuestionKeys:
    """The keys around a question's data (`kind` one of the registry's drill kinds)."""

    id: str
    kind: Literal[DRILLS]  # type: ignore[valid-type]  # the registry's names, read at run time
    form: str
    question: Any
    ruleset: str = "classic"
    level: str = ""
    theme: str = ""


# The data of each kind: the kind's own shape (`trainer.drills.shapes`), never a second copy.
DATA: Mapping[str, type] = SHAPES
_NUMBERS = ("count", "discard", "announced", "points", "back")


def question_problem(item: Any, index: int) -> tuple[KeyPath, Problem] | None:
    """The first thing wrong with question `index` (0-based) of a quiz file, as (key path, text);
    the text is a `Problem`, so it carries its message id for the user's language."""
    at: KeyPath = ("questions", str(index))
    n = index + 1
    if not isinstance(item, dict):
        return at, Problem(
            f"question {n} must be a mapping (id, kind, form, question)", "raised.quiz.q_mapping", n=n
        )
    problems = validate(item, QuestionKeys)
    if problems:
        first = problems[0]
        text = f"question {n}: {first.message}"
        return (*at, *first.path), Problem(
            text, "raised.quiz.q_problem", n=n, problem=first.msg or first.message
        )
    data = item["question"]
    problems = validate(data, DATA[item["kind"]])
    if problems:
        first = problems[0]
        text = f"question {n}: {first.message}"
        path = (*at, "question", *first.path)
        return path, Problem(text, "raised.quiz.q_problem", n=n, problem=first.msg or first.message)
    bad = _out_of_range(data)
    if bad:
        text = f"question {n}: {bad[1]}"
        return (*at, "question", bad[0]), Problem(text, "raised.quiz.q_problem", n=n, problem=bad[1])
    return None


def _out_of_range(data: Mapping[str, Any]) -> tuple[str, Problem] | None:
    """Numbers no drill ever writes (a count of 10**100 would reach the engine otherwise)."""
    for key in _NUMBERS:
        value = data.get(key)
        if isinstance(value, int) and not 0 <= value <= 999:
            text = f"{key} must be between 0 and 999, not {value}"
            return key, Problem(text, "raised.quiz.q_range", name=key, value=value)
    for key in ("hand", "series", "discards", "earlier", "by", "opponent_cards", "claimed", "choices"):
        value = data.get(key)
        if isinstance(value, list) and len(value) > 52:
            text = f"{key} holds {len(value)} items; a quiz question never holds more than 52"
            return key, Problem(text, "raised.quiz.q_long", name=key, n=len(value))
    return None


def where(path: object, lines: Mapping[KeyPath, int], key: KeyPath) -> str:
    line = line_of(key, dict(lines))
    return f"{path}:{line}" if line else str(path)
