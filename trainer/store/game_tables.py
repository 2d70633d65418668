"""Games kept in the progress database: one row per game, its record rewritten in a
transaction after every action, so Ctrl-C or a crash never loses more than the answer being
typed. The `games` table is a step of the store's schema (migration 5 in trainer.store.store),
and a `GameStore` is a view over an open `Store`: the same connection, transactions and guard.

Each graded decision is a row of `game_decisions` (migration 6), stored in the same transaction
as the game step that made it: the player's figures at the table are their own, never drill
answers or drill ratings. A mistake also becomes a review card of its drill kind (the exact
position met in the game, under the pattern the drills use), so `crib drill review` asks it.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from trainer.drills.model import Attempt, DrillError, Grade, Question
from trainer.engine.ruleset import Ruleset
from trainer.play.records import ReviewData
from trainer.store.guard import guarded
from trainer.store.store import Context, Store

if TYPE_CHECKING:  # the game engine and the coach load only where a game is read or played
    from trainer.play.coach import Decision
    from trainer.play.session import GameRecord


@dataclass(frozen=True)
class GameFigures:
    """How a player's decisions of one skill went in games."""

    skill: str
    decisions: int
    best: int
    points_lost: float


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
    review: ReviewData | None


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
        rules: Ruleset,
        scores: list[int],
        winner: int | None = None,
        review: ReviewData | None = None,
        now: float | None = None,
    ) -> None:
        """One game step in one transaction: the record, and each decision it holds that the
        stored record did not yet (its row, and for a mistake its review card). The stored
        record is the measure of what was committed, so saving the same record twice, or a
        record cut short and then resumed, stores every decision exactly once."""
        now = time.time() if now is None else now
        body = record.to_json()
        if review is not None:
            body["review"] = review
        accuracy = _overall(review) if review else None
        db = self._store._db
        with self._store._transaction():
            row = db.execute(
                "SELECT user, json_array_length(record, '$.decisions') FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            if row is None:
                raise DrillError(
                    f"there is no game {game_id}: `crib games` lists your games",
                    key="error.games.unknown",
                    id=game_id,
                )
            user, stored = str(row[0]), int(row[1] or 0)
            db.execute(
                """UPDATE games SET updated_at = ?, status = ?, winner = ?, scores = ?, accuracy = ?,
                   record = ? WHERE id = ?""",
                (now, record.status, winner, json.dumps(scores), accuracy, _dump(body), game_id),
            )
            for seq in range(stored, len(record.decisions)):
                self._decided(game_id, seq, record.decisions[seq], user=user, rules=rules, now=now)

    def _decided(
        self, game_id: int, seq: int, decision: Decision, *, user: str, rules: Ruleset, now: float
    ) -> None:
        """A decision as a game decision (never a drill answer, never rated), and a mistake as a
        review card of its drill kind under the pattern the drills use, so a game's mistake and
        a drill's miss of the same idea are one card."""
        question = _question(decision)
        from trainer.training.adaptive import answer_meta  # the drill kinds: only when a game is played

        meta = answer_meta(question, rules) if question is not None else None
        cursor = self._store._db.execute(
            """INSERT OR IGNORE INTO game_decisions (game_id, seq, user, decided_at, skill, ruleset,
               family, pattern, band, points_lost) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            (
                game_id,
                seq,
                user,
                now,
                decision.kind,
                rules.name,
                rules.variant,
                meta.pattern if meta is not None else "",
                decision.band,
                float(decision.ev_lost),
            ),
        )
        if cursor.rowcount != 1 or decision.band == "best" or question is None or meta is None:
            return
        grade = Grade(
            correct=False,
            expected=decision.best,
            expected_text=decision.best,
            answer=decision.choice,
            points_lost=decision.ev_lost,
            band=decision.band,
        )
        attempt = Attempt(question=question, answer=decision.choice, grade=grade, seconds=0.0, number=seq + 1)
        context = Context(session=f"game-{game_id}", user=user, mode="game", ruleset=question.ruleset)
        self._store._review(attempt, context=context, key=meta.card_key or meta.pattern, now=now)

    def figures(self, *, user: str) -> list[GameFigures]:
        """The player's own figures at the table, skill by skill (discard, play, count)."""
        rows = self._read(
            "SELECT skill, COUNT(*), SUM(band = 'best'), SUM(points_lost) FROM game_decisions "
            "WHERE user = ? GROUP BY skill ORDER BY skill",
            (user,),
        )
        return [
            GameFigures(
                skill=str(r[0]), decisions=int(r[1]), best=int(r[2] or 0), points_lost=float(r[3] or 0)
            )
            for r in rows
        ]

    def forget_unplayed(self, game_id: int) -> None:
        """Drop a game stopped before the human seat's first move (end of input, Ctrl-C at the
        first prompt): an empty unfinished game is not worth a row in `crib games`. A game with
        a move or a decision is kept."""
        self._write(
            "DELETE FROM games WHERE id = ? AND json_array_length(record, '$.decisions') = 0 "
            "AND NOT EXISTS (SELECT 1 FROM json_each(record, '$.actions') "
            "WHERE json_extract(value, '$.a') = 'discard' AND json_extract(value, '$.seat') = 0)",
            (game_id,),
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


def _question(decision: Decision) -> Question | None:
    if not decision.question:
        return None
    return Question.from_dict({**decision.question, "level": "intermediate", "theme": ""})


_SELECT = "SELECT id, started_at, ruleset, level, coach, status, winner, scores, accuracy, record FROM games"


def _row(r: Any) -> GameRow:
    from trainer.play.session import GameRecord

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


def _overall(review: ReviewData) -> float | None:
    values = [v for v in review["accuracy"].values() if v is not None]
    return round(sum(values) / len(values), 1) if values else None


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)
