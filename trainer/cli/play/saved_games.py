"""A saved game read back for `crib play --resume` and `crib games show`: a record the engine
refuses to replay (edited outside crib) is the database's fault, and the error says so, naming
the game and the file, with exit 2 — not "seat 0 does not hold 5H" as if the player had erred."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from trainer.engine.ruleset import Ruleset
from trainer.play.session import GameSession, RecordError


def replayed(rules: Ruleset, row: Any, db: Path, **kw: Any) -> GameSession:
    """The game session of a saved row; a record the engine refuses is the database's fault,
    said so with the game and the file (not "seat 0 does not hold 5H", exit 1)."""
    try:
        return GameSession(rules, row.record, **kw)
    except RecordError as exc:
        raise RecordError(
            f"game {row.id} in {db} was changed outside crib: {exc}; `crib games` lists your other "
            "games and `crib play` starts a new one",
            key="faults.game_row",
            id=row.id,
            path=str(db),
            reason=exc,
        ) from None
