"""Games kept in the progress database: one row per game, its record rewritten in a
transaction after every action, so Ctrl-C or a crash never loses more than the answer being
typed. The `games` table is a step of the store's schema (migration 5 in trainer.store.store),
and a `GameStore` is a view over an open `Store`: the same connection, transactions and guard.

Graded mistakes also go into the drills' review queue (`Store.record`), as questions of the
exact positions met in the game, so `crib drill review` asks them again.
"""

from __future__ import annotations

import json
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trainer.drills.model import Attempt, DrillError, Grade, Question
from trainer.play.coach import Decision
from trainer.play.session import GameRecord
from trainer.store.guard import guarded
from trainer.store.store import Context, Store


@dataclass(frozen=True)
class GameRow:
    id: int
    started_at: float
    ruleset: str
    level: str
    coach: str
    status: str
    winner: int | None
    scores: list[int]
    accuracy: float | None
    record: GameRecord
    review: dict[str, Any] | None


@guarded
class GameStore:
    """Open with `GameStore.open(path)` (the progress database); use as a context. Every method
    that reads or writes games is given the user."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self.path = store.path

    @classmethod
    def open(cls, path: Path) -> GameStore:
        return cls(Store.open(path))

    def close(self) -> None:
        self._store.close()

    def __enter__(self) -> GameStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _write(self, sql: str, args: tuple[Any, ...]) -> int:
        with self._store._transaction():
            cursor = self._store._db.execute(sql, args)
        return int(cursor.lastrowid or 0)

    def _read(self, sql: str, args: tuple[Any, ...]) -> list[Any]:
        return self._store._db.execute(sql, args).fetchall()

    # ------------------------------------------------------------------ games

    def create(self, record: GameRecord, *, user: str, now: float | None = None) -> int:
        now = time.time() if now is None else now
        return self._write(
            """INSERT INTO games (user, started_at, updated_at, ruleset, level, coach, seed, status, record)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            (
                user,
                now,
                now,
                record.ruleset,
                record.level,
                record.coach,
                record.seed,
                record.status,
                _dump(record.to_json()),
            ),
        )

    def save(
        self,
        game_id: int,
        record: GameRecord,
        *,
        scores: list[int],
        winner: int | None = None,
        review: dict[str, Any] | None = None,
    ) -> None:
        body = record.to_json()
        if review is not None:
            body["review"] = review
        accuracy = _overall(review) if review else None
        self._write(
            """UPDATE games SET updated_at = ?, status = ?, winner = ?, scores = ?, accuracy = ?, record = ?
               WHERE id = ?""",
            (time.time(), record.status, winner, json.dumps(scores), accuracy, _dump(body), game_id),
        )

    def get(self, game_id: int, *, user: str) -> GameRow:
        rows = self._read(_SELECT + " WHERE id = ? AND user = ?", (game_id, user))
        if not rows:
            raise DrillError(
                f"there is no game {game_id}: `crib games` lists your games",
                key="error.games.unknown",
                id=game_id,
            )
        return _row(rows[0])

    def latest_active(self, *, user: str) -> GameRow | None:
        rows = self._read(
            _SELECT + " WHERE user = ? AND status = 'active' ORDER BY updated_at DESC, id DESC LIMIT 1",
            (user,),
        )
        return _row(rows[0]) if rows else None

    def games(self, *, user: str, limit: int = 50) -> list[GameRow]:
        rows = self._read(_SELECT + " WHERE user = ? ORDER BY id DESC LIMIT ?", (user, limit))
        return [_row(r) for r in rows]

    # ------------------------------------------------------------------ review queue

    def queue_mistake(self, decision: Decision, *, user: str, session: str, now: float | None = None) -> None:
        """A graded mistake into the drills' review queue as a question of that exact position."""
        if decision.band == "best" or not decision.question:
            return
        question = Question.from_dict({**decision.question, "level": "intermediate", "theme": ""})
        grade = Grade(
            correct=False,
            expected=decision.best,
            expected_text=decision.best,
            answer=decision.choice,
            points_lost=decision.ev_lost,
            band=decision.band,
        )
        attempt = Attempt(
            question=question, answer=decision.choice, grade=grade, seconds=0.0, number=_seq(session)
        )
        context = Context(session=session, user=user, mode="game", ruleset=question.ruleset)
        self._store.record(attempt, context=context, now=time.time() if now is None else now)


_SEQ: dict[str, int] = {}


def _seq(session: str) -> int:
    _SEQ[session] = _SEQ.get(session, 0) + 1
    return _SEQ[session]


def new_session_id(game_id: int) -> str:
    return f"game-{game_id}-{uuid.uuid4().hex[:8]}"


_SELECT = "SELECT id, started_at, ruleset, level, coach, status, winner, scores, accuracy, record FROM games"


def _row(r: Any) -> GameRow:
    body = json.loads(r[9])
    return GameRow(
        id=int(r[0]),
        started_at=float(r[1]),
        ruleset=str(r[2]),
        level=str(r[3]),
        coach=str(r[4]),
        status=str(r[5]),
        winner=r[6],
        scores=list(json.loads(r[7])),
        accuracy=r[8],
        record=GameRecord.from_json(body),
        review=body.get("review"),
    )


def _overall(review: dict[str, Any]) -> float | None:
    values = [v for v in review.get("accuracy", {}).values() if v is not None]
    return round(sum(values) / len(values), 1) if values else None


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)
