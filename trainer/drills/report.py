"""The machine-readable record of a finished drill or quiz (`--json`).

The keys `drill`, `ruleset`, `seed`, `questions`, `correct` and `asked` are fixed by the drills
issue (scripts and the club quizzes read them); the rest are additions. `RunReport` names every
key a command may add, so a misspelt one is a type error rather than a silent new key in the
output that scripts never see.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict, cast

from trainer.drills.model import AttemptEntry
from trainer.drills.session import Session


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


def session_report(
    session: Session, *, drill: str, ruleset: str, seed: int | None, extra: RunExtras | None = None
) -> RunReport:
    tally = session.tally
    answered = [a.seconds for a in session.attempts if not a.grade.skipped]
    import statistics  # at the end of a run: kept off the way to the first question

    report: RunReport = {
        "drill": drill,
        "ruleset": ruleset,
        "seed": seed,
        "questions": [a.to_dict() for a in session.attempts],
        "correct": tally.correct,
        "asked": tally.asked,
        "skipped": tally.skipped,
        "timed_out": tally.timed_out,
        "best_streak": tally.best_streak,
        "points_lost": round(tally.points_lost, 3),
        "median_seconds": round(statistics.median(answered), 2) if answered else None,
        "ended_by": session.ended_by or "done",
    }
    # The command's additions follow the tally, in the order it gave them; a RunExtras is a
    # part of a RunReport, which mypy cannot see through `update`.
    return cast(RunReport, {**report, **extra}) if extra else report


def percent(correct: int, asked: int) -> int:
    return round(100 * correct / asked) if asked else 0
