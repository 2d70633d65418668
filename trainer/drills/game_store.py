"""Games kept in the progress database: one row per game, its record rewritten in a
transaction after every action, so Ctrl-C or a crash never loses more than the answer being
typed. The table lives beside the drills' tables in the same file; it is created on first use
(`CREATE TABLE IF NOT EXISTS`), independent of the drills' schema version.

Graded mistakes also go into the drills' review queue (`Store.record`), as questions of the
exact positions met in the game, so `crib drill review` asks them again.
"""

from __future__ import annotations

import json
import sqlite3
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trainer.drills.game_coach import Decision
from trainer.drills.game_session import GameRecord
from trainer.drills.model import Attempt, DrillError, Grade, Question
from trainer.drills.store import BUSY_TIMEOUT_MS, Context, Store, _deferred_interrupt, default_db_path
from trainer.engine.errors import cause

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user TEXT NOT NULL,
    started_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    ruleset TEXT NOT NULL,
    level TEXT NOT NULL,
    coach TEXT NOT NULL,
    seed INTEGER NOT NULL,
    status TEXT NOT NULL,
    winner INTEGER,
    scores TEXT NOT NULL DEFAULT '[]',
    accuracy REAL,
    record TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS games_user ON games (user, status, updated_at);
"""


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


class GameStore:
    """Open with `GameStore.open(path)` (default: the progress database); use as a context."""

    def __init__(self, db: sqlite3.Connection, path: Path) -> None:
        self._db = db
        self.path = path
        self._drills: Store | None = None

    @classmethod
    def open(cls, path: Path | None = None) -> GameStore:
        path = path or default_db_path()
        store = Store.open(path)  # creates the file and the drills' tables, in WAL mode
        store.close()
        try:
            db = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
            db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            db.execute("PRAGMA synchronous = FULL")
            for statement in (s.strip() for s in SCHEMA.split(";")):
                if statement:
                    db.execute(statement)
        except sqlite3.Error as exc:
            raise DrillError(
                f"cannot use the progress database {path}: {exc}; set CRIB_DB",
                key="raised.db.use_env",
                path=path,
                reason=cause(exc),
            ) from None
        return cls(db, path)

    def close(self) -> None:
        self._db.close()
        if self._drills is not None:
            self._drills.close()

    def __enter__(self) -> GameStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _write(self, sql: str, args: tuple[Any, ...]) -> int:
        with _deferred_interrupt():
            self._db.execute("BEGIN IMMEDIATE")
            try:
                cursor = self._db.execute(sql, args)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        return int(cursor.lastrowid or 0)

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
        row = self._db.execute(_SELECT + " WHERE id = ? AND user = ?", (game_id, user)).fetchone()
        if row is None:
            raise DrillError(
                f"there is no game {game_id}: `crib games` lists your games",
                key="error.games.unknown",
                id=game_id,
            )
        return _row(row)

    def latest_active(self, *, user: str) -> GameRow | None:
        row = self._db.execute(
            _SELECT + " WHERE user = ? AND status = 'active' ORDER BY updated_at DESC, id DESC LIMIT 1",
            (user,),
        ).fetchone()
        return None if row is None else _row(row)

    def games(self, *, user: str, limit: int = 50) -> list[GameRow]:
        rows = self._db.execute(
            _SELECT + " WHERE user = ? ORDER BY id DESC LIMIT ?", (user, limit)
        ).fetchall()
        return [_row(r) for r in rows]

    # ------------------------------------------------------------------ review queue

    def queue_mistake(self, decision: Decision, *, user: str, session: str, now: float | None = None) -> None:
        """A graded mistake into the drills' review queue as a question of that exact position."""
        if decision.band == "best" or not decision.question:
            return
        if self._drills is None:
            self._drills = Store.open(self.path)
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
        self._drills.record(attempt, context=context, now=time.time() if now is None else now)


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
