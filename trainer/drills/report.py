"""The machine-readable record of a finished drill or quiz (`--json`).

The keys `drill`, `ruleset`, `seed`, `questions`, `correct` and `asked` are fixed by the drills
issue (scripts and the club quizzes read them); the rest are additions, each named in
`trainer.drills.records.RunReport`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from trainer.drills.session import Session

if TYPE_CHECKING:
    from trainer.drills.records import RunExtras, RunReport


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
    return cast("RunReport", {**report, **extra}) if extra else report


def percent(correct: int, asked: int) -> int:
    return round(100 * correct / asked) if asked else 0
