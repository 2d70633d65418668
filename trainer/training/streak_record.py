"""The best streak run, as the settings row keeps it: read and written in the answer store's
transaction, so it lives apart from the streak's question ladder (which loads the drill kinds;
every command that opens the store would have paid for them).
"""

from __future__ import annotations

import json
from dataclasses import replace

from trainer.engine.records import Record

BEST_KEY = "streak.best"  # the settings row that keeps the best run (a JSON record)


class StreakRecord(Record):
    """The best run so far and the run just ended (`record`: the run is a new best)."""

    best: int
    at: float | None
    length: int = 0
    record: bool = False

    def to_dict(self) -> dict[str, object]:
        return {"length": self.length, "best": self.best, "best_at": self.at, "record": self.record}


def parse_best(value: str | None) -> StreakRecord:
    """The stored best run (none yet: 0); an unreadable value counts as none."""
    try:
        raw = json.loads(value) if value else {}
        best = int(raw.get("best", 0))
        at = raw.get("at")
        return StreakRecord(best=max(0, best), at=float(at) if at is not None else None)
    except (ValueError, TypeError, AttributeError):
        return StreakRecord(best=0, at=None)


def after_run(stored: str | None, *, length: int, now: float) -> tuple[StreakRecord, str | None]:
    """The record after a run of `length`, and the value to store (None: the best stands)."""
    old = parse_best(stored)
    if length > old.best:
        return StreakRecord(best=length, at=now, length=length, record=True), json.dumps(
            {"best": length, "at": now}
        )
    return replace(old, length=length), None
