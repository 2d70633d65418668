"""The shapes a drill session takes on its way out (`--json`): each question's entry and the
run report. `RunReport` names every key a command may add, so a misspelt one is a mypy error
rather than a silent new key in the output that scripts never see; `tests/test_boundary_records.py`
holds real runs to these shapes.

(No `from __future__ import annotations` here: Python 3.11 marks `NotRequired` keys only when the
annotations are evaluated, and the test reads them at run time.)
"""

from typing import Any, NotRequired, TypedDict


class ProblemEntry(TypedDict):
    """An unreadable answer in JSON: the message id and its values."""

    key: str
    values: dict[str, Any]


class AttemptEntry(TypedDict):
    """One question of a `--json` report (keys fixed by the drills issue)."""

    id: str
    kind: str
    form: str
    level: str
    theme: str
    question: dict[str, Any]
    answer: str
    expected: Any
    correct: bool
    points_lost: float
    seconds: float
    skipped: bool
    timed_out: bool
    hints: NotRequired[int]
    band: NotRequired[str]
    problem: NotRequired[ProblemEntry]


class RunExtras(TypedDict, total=False):
    """What the command that ran a session adds to its report, after the tally."""

    quiz: str  # crib club take: the quiz's name, the student and whether it is an exam
    name: str
    exam: bool
    drills: list[str]  # a mixed quiz or a streak: the kinds it mixes
    replayed: str  # crib drill replay: the question set asked again
    lesson: str  # crib learn: the lesson whose mastery check this was
    level: str
    theme: str
    form: str | None
    sprint_seconds: float | None  # crib quiz run: the clock
    per_question_seconds: float | None


class RunReport(RunExtras):
    """A finished session: the tally, every question, then the command's additions."""

    drill: str
    ruleset: str
    seed: int | None
    questions: list[AttemptEntry]
    correct: int
    asked: int
    skipped: int
    timed_out: int
    best_streak: int
    points_lost: float
    median_seconds: float | None
    ended_by: str
    question_set: NotRequired[str]  # when a question was asked: `crib drill replay SET`
    replay: NotRequired[str]
    rating: NotRequired[dict[str, object]]  # crib drill <kind>: the rating moved by the answers
    plan: NotRequired[str]  # crib drill <kind> chosen by the learner model: its ideas and lessons
    ideas: NotRequired[list[dict[str, object]]]
    taught: NotRequired[list[str]]
    mastered: NotRequired[bool]  # crib learn: whether the check was passed
    streak: NotRequired[dict[str, object]]  # crib drill streak: the run against the best one
    results_file: NotRequired[str]  # crib club take: where the answers were written
