"""The review schedule, by FSRS (the `fsrs` package, the scheduler Anki uses).

Each missed pattern becomes a card. An answer is turned into Anki's four grades from what the
player did, not from a button: wrong, skipped or late is *again*; right after a hint or slower
than the drill's slow mark is *hard*; right in under a third of that is *easy*; otherwise
*good*. FSRS then says when the card is due. Fuzzing is off so a schedule is reproducible
(and testable); times are UTC as fsrs requires.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from trainer.engine.records import Record

if TYPE_CHECKING:
    from fsrs import Card, Scheduler

FLAG_AFTER_LAPSES = 3
# A card missed this often is set aside from daily review (Anki's leech): asking it again every
# day teaches nothing; the drill's teaching step and the lesson do. A right answer to its pattern
# in a drill gives it a schedule again.
SUSPEND_AFTER_LAPSES = 6
SUSPENDED = "suspended"


class Outcome(Record):
    """What one answer means for the schedule."""

    correct: bool
    seconds: float
    drill: str
    hints: int = 0
    timed_out: bool = False
    skipped: bool = False
    interactive: bool = True  # answers read from a pipe or file have no meaningful time


def grade(outcome: Outcome) -> str:
    """again / hard / good / easy from the answer and its time."""
    if not outcome.correct or outcome.skipped or outcome.timed_out:
        return "again"
    if not outcome.interactive:
        return "hard" if outcome.hints else "good"
    from trainer.drills.kinds import kind

    slow = kind(outcome.drill).SLOW_SECONDS
    if outcome.hints or outcome.seconds > slow:
        return "hard"
    if outcome.seconds < slow / 3:
        return "easy"
    return "good"


def needs_card(outcome: Outcome) -> bool:
    """Only what went wrong (or needed a hint, or was slow) starts a card."""
    return grade(outcome) in ("again", "hard")


def scheduler() -> Scheduler:
    from fsrs import Scheduler

    return Scheduler(enable_fuzzing=False)


def _utc(timestamp: float) -> datetime:
    return datetime.fromtimestamp(timestamp, tz=UTC)


def new_card(now: float, *, card_id: int) -> Card:
    from fsrs import Card

    return Card(card_id=card_id, due=_utc(now))


def review(card_json: str | None, grade_name: str, *, now: float, card_id: int) -> tuple[str, float, str]:
    """Apply one grade to a card (a new one when `card_json` is None).

    Returns the card as JSON, its due time as a Unix timestamp, and its FSRS state name.
    """
    from fsrs import Card, Rating

    card = new_card(now, card_id=card_id) if card_json is None else Card.from_dict(json.loads(card_json))
    rating = {"again": Rating.Again, "hard": Rating.Hard, "good": Rating.Good, "easy": Rating.Easy}[
        grade_name
    ]
    updated, _log = scheduler().review_card(card, rating, review_datetime=_utc(now))
    raw = dict(updated.to_dict())
    return json.dumps(raw, sort_keys=True), updated.due.timestamp(), updated.state.name.lower()


def card_from_legacy(due_at: float, *, card_id: int) -> str:
    """A card for a question from the old Leitner boxes: new to FSRS, due when its box said."""
    return json.dumps(new_card(due_at, card_id=card_id).to_dict(), sort_keys=True)
