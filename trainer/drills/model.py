"""The data every drill, quiz and club quiz passes around: a question, its grade and an attempt.

Everything here converts to and from plain dicts of JSON/YAML-safe values, because questions
travel: into the progress database (so `drill review` can ask them again), into `--json`
output, and into teachers' quiz files. A question carries exactly what the user was shown and
nothing of the answer, so grading is always recomputed by the engine and cannot go stale.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from trainer.drills.errors import DrillError as DrillError
from trainer.drills.registry import DRILLS, KindName
from trainer.engine.records import Record, factory

if TYPE_CHECKING:
    from trainer.drills.data import QuestionData
    from trainer.drills.records import AttemptEntry, ProblemEntry  # types only: off the start-up path

__all__ = [
    "BANDS",
    "DRILLS",
    "LEVELS",
    "Attempt",
    "DrillError",
    "Grade",
    "KindName",
    "Problem",
    "Question",
]


LEVELS = ("beginner", "intermediate", "advanced", "expert")
BANDS = ("best", "inaccuracy", "mistake", "blunder")

JSONValue = Any  # str | int | float | bool | None | list[JSONValue] | dict[str, JSONValue]


def _canonical(value: object) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


class Question(Record):
    """One question as shown: which drill and form, under which ruleset, and the shown facts.

    `data` holds only what the user sees (cards as `"5H"` strings, counts, flags), so the same
    question can be rebuilt from JSON, YAML or a database row and graded again. Its shape is
    the kind's (`trainer.drills.data`), checked when the question is built; a kind's code reads
    it through `count_data(question)` and its siblings, which mypy checks key by key.
    """

    kind: str
    form: str
    ruleset: str
    data: QuestionData
    level: str = "intermediate"
    theme: str = ""
    id: str = ""

    def __post_init__(self) -> None:
        if self.kind not in DRILLS:
            raise DrillError(
                f"unknown drill kind {self.kind!r}: choose one of {', '.join(DRILLS)}",
                key="raised.drill.kind",
                name=repr(self.kind),
                names=", ".join(DRILLS),
            )
        from trainer.drills.data import checked  # it reads DrillError from here

        checked(self.kind, self.data)
        if not self.id:
            object.__setattr__(self, "id", self.content_id())

    def content_id(self) -> str:
        """A stable id from the content, so the same hand asked twice is the same review item."""
        body = _canonical({"kind": self.kind, "form": self.form, "ruleset": self.ruleset, "data": self.data})
        return f"{self.kind}-{hashlib.sha1(body.encode('utf-8')).hexdigest()[:12]}"

    def to_dict(self) -> dict[str, JSONValue]:
        return {
            "id": self.id,
            "kind": self.kind,
            "form": self.form,
            "ruleset": self.ruleset,
            "level": self.level,
            "theme": self.theme,
            "question": json.loads(_canonical(self.data)),
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, JSONValue]) -> Question:
        """Rebuild a question from `to_dict()` output (or a hand-written quiz file entry)."""
        if not isinstance(raw, Mapping):
            raise DrillError(
                "a question must be a mapping with kind, form, ruleset and question",
                key="raised.drill.q_mapping",
            )
        missing = [k for k in ("kind", "form", "question") if k not in raw]
        if missing:
            raise DrillError(
                f"question is missing {', '.join(missing)}",
                key="raised.drill.q_missing",
                names=", ".join(missing),
            )
        data = raw["question"]
        if not isinstance(data, Mapping):
            raise DrillError(
                "question.question must be a mapping of what is shown", key="raised.drill.q_data"
            )
        return cls(
            kind=str(raw["kind"]),
            form=str(raw["form"]),
            ruleset=str(raw.get("ruleset") or "classic"),
            level=str(raw.get("level") or "intermediate"),
            theme=str(raw.get("theme") or ""),
            data=json.loads(_canonical(data)),
            id=str(raw.get("id") or ""),
        )


class Problem(Record):
    """Why an answer could not be read: an i18n key and its values (the text is the CLI's job)."""

    key: str
    values: Mapping[str, JSONValue] = factory(default_factory=dict)

    def to_dict(self) -> ProblemEntry:
        return {"key": self.key, "values": dict(self.values)}


class Grade(Record):
    """The verdict on one answer, with everything feedback needs to explain it.

    `expected` is the engine's answer in JSON form; `detail` holds drill-specific facts (the
    breakdown items, missed and over-counted kinds, the ranked options, the ruling...).
    """

    correct: bool
    expected: JSONValue
    expected_text: str
    answer: JSONValue = None
    points_lost: float = 0.0
    band: str | None = None
    skipped: bool = False
    timed_out: bool = False
    problem: Problem | None = None
    detail: Mapping[str, JSONValue] = factory(default_factory=dict)

    def to_dict(self) -> dict[str, JSONValue]:
        out: dict[str, JSONValue] = {
            "correct": self.correct,
            "expected": self.expected,
            "expected_text": self.expected_text,
            "answer": self.answer,
            "points_lost": round(self.points_lost, 3),
            "skipped": self.skipped,
            "timed_out": self.timed_out,
        }
        if self.band is not None:
            out["band"] = self.band
        if self.problem is not None:
            out["problem"] = self.problem.to_dict()
        return out


class Attempt(Record):
    """One answered (or skipped, or timed-out) question of a session, as stored and reported."""

    question: Question
    answer: str
    grade: Grade
    seconds: float
    number: int = 0
    hints: int = 0  # how many hints were shown before this answer

    @property
    def correct(self) -> bool:
        return self.grade.correct

    def to_dict(self) -> AttemptEntry:
        """The per-question entry of `--json` output (keys fixed by the drills issue)."""
        q = self.question
        out: AttemptEntry = {
            "id": q.id,
            "kind": q.kind,
            "form": q.form,
            "level": q.level,
            "theme": q.theme,
            "question": q.to_dict()["question"],
            "answer": self.answer,
            "expected": self.grade.expected,
            "correct": self.grade.correct,
            "points_lost": round(self.grade.points_lost, 3),
            "seconds": round(self.seconds, 2),
            "skipped": self.grade.skipped,
            "timed_out": self.grade.timed_out,
        }
        if self.hints:
            out["hints"] = self.hints
        if self.grade.band is not None:
            out["band"] = self.grade.band
        if self.grade.problem is not None:
            out["problem"] = self.grade.problem.to_dict()
        return out
