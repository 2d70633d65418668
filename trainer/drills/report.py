"""The machine-readable record of a finished drill or quiz (`--json`).

The keys `drill`, `ruleset`, `seed`, `questions`, `correct` and `asked` are fixed by the drills
issue (scripts and the club quizzes read them); the rest are additions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from trainer.drills.session import Session


def session_report(
    session: Session, *, drill: str, ruleset: str, seed: int | None, extra: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    tally = session.tally
    answered = [a.seconds for a in session.attempts if not a.grade.skipped]
    import statistics  # at the end of a run: kept off the way to the first question

    return {
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
        **(dict(extra) if extra else {}),
    }


def percent(correct: int, asked: int) -> int:
    return round(100 * correct / asked) if asked else 0
