"""Points for speed and streaks (`crib club serve --speed-points`): the projector's and phones'
score when the teacher turns them on; the report still ranks by right answers, then time.

A right answer scores BASE points, plus up to SPEED more the faster it came: all of them for an
instant answer, none at the end of the question's time (in live mode the question's `--seconds`;
in self-paced and exam modes SELF_PACED_SCALE seconds). Each right answer in a row after the
first adds STREAK_STEP more, up to STREAK_MAX (the third right answer in a row: +200). A wrong,
skipped or late answer scores nothing and ends the streak:

    points = BASE + round(SPEED × max(0, 1 − seconds / limit)) + min(STREAK_MAX, STREAK_STEP × (streak − 1))
"""

from __future__ import annotations

from collections.abc import Mapping

BASE = 500
SPEED = 500
STREAK_STEP = 100
STREAK_MAX = 500
SELF_PACED_SCALE = 60.0


def answer_points(*, right: bool, seconds: float, limit: float, streak: int) -> int:
    """One answer's points; `streak` counts this answer (1 for the first right one in a row)."""
    if not right:
        return 0
    speed = SPEED * max(0.0, 1.0 - seconds / limit) if limit > 0 else 0.0
    return BASE + round(speed) + min(STREAK_MAX, STREAK_STEP * max(0, streak - 1))


def total_points(marks: Mapping[int, tuple[bool, float]], *, limit: float) -> tuple[int, int]:
    """(points, streak now) of one player's answers by question index: a question missed (no
    answer at all) ends a streak like a wrong answer."""
    total, streak, previous = 0, 0, -2
    for idx in sorted(marks):
        right, seconds = marks[idx]
        streak = streak + 1 if right and idx == previous + 1 and streak else (1 if right else 0)
        total += answer_points(right=right, seconds=seconds, limit=limit, streak=streak)
        previous = idx
    return total, streak
