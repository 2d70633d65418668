"""Spaced repetition with Leitner boxes: what was missed comes back soon, what is then answered
right comes back less and less often, and what keeps being missed is flagged.

Only questions that were missed, skipped, timed out or answered slowly enter the boxes; a quick
right answer to a new question needs no review. The schedule is a pure function of the previous
state, the verdict and the time, so the store can apply it inside the same transaction as the
answer it follows from.
"""

from __future__ import annotations

from dataclasses import dataclass

DAY = 86_400.0
# Box 1 is due at once (review right after a session serves what was just missed).
INTERVALS = {1: 0.0, 2: 1 * DAY, 3: 3 * DAY, 4: 7 * DAY, 5: 21 * DAY}
GRADUATED = 6
FLAG_AFTER_LAPSES = 3
# A right answer slower than this is scheduled for review too (seconds, per drill).
SLOW_SECONDS = {"count": 20.0, "muggins": 20.0, "peg": 15.0, "discard": 40.0, "penalty": 40.0}


@dataclass(frozen=True, kw_only=True)
class ReviewState:
    """Where a question stands: its box, when it is due (None once learned), how often missed."""

    box: int
    due_at: float | None
    lapses: int = 0
    seen: int = 1
    flagged: bool = False


def is_slow(drill: str, seconds: float) -> bool:
    return seconds > SLOW_SECONDS.get(drill, 30.0)


def schedule(state: ReviewState | None, *, correct: bool, slow: bool, now: float) -> ReviewState | None:
    """The next state after an answer; None when the question does not need reviewing."""
    if state is None:
        if not correct:
            return ReviewState(box=1, due_at=now + INTERVALS[1], lapses=1)
        if slow:
            return ReviewState(box=2, due_at=now + INTERVALS[2])
        return None
    seen = state.seen + 1
    if not correct:
        lapses = state.lapses + 1
        return ReviewState(
            box=1,
            due_at=now + INTERVALS[1],
            lapses=lapses,
            seen=seen,
            flagged=state.flagged or lapses >= FLAG_AFTER_LAPSES,
        )
    # A slow right answer keeps its box (but leaves box 1); a quick one moves up a box.
    box = max(state.box, 2) if slow else state.box + 1
    if box >= GRADUATED:
        return ReviewState(box=GRADUATED, due_at=None, lapses=state.lapses, seen=seen, flagged=state.flagged)
    return ReviewState(
        box=box, due_at=now + INTERVALS[box], lapses=state.lapses, seen=seen, flagged=state.flagged
    )
