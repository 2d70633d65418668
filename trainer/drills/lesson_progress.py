"""Progress through the lesson ladder, kept in the same SQLite progress database as the drills.

The drill answers of a lesson are stored by the drills' own store like any others (mode
`lesson`); this table adds what the answers table cannot say: that a lesson was read, and the
best result of its closing drill, so `crib learn` can show the ladder with ticks. It lives in its
own table (created if missing) so the drills' schema and migrations stay untouched.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from trainer.drills.model import DrillError
from trainer.drills.store import BUSY_TIMEOUT_MS, default_db_path
from trainer.engine.errors import cause

_SCHEMA = """
CREATE TABLE IF NOT EXISTS lesson_progress (
    user TEXT NOT NULL,
    lesson TEXT NOT NULL,
    read_at REAL,
    drilled_at REAL,
    best_correct INTEGER NOT NULL DEFAULT 0,
    asked INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user, lesson)
)
"""


def passed(correct: int, asked: int) -> bool:
    """A lesson's drill is passed with at least two answers in three right."""
    return asked > 0 and 3 * correct >= 2 * asked


@dataclass(frozen=True, kw_only=True)
class LessonStatus:
    """Where one user stands on one lesson."""

    lesson: str
    read: bool = False
    best_correct: int = 0
    asked: int = 0

    @property
    def passed(self) -> bool:
        return passed(self.best_correct, self.asked)


class LessonProgress:
    """Read and update lesson progress; open with `LessonProgress.open(path)` and close after."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self._db = connection
        self.path = path

    @classmethod
    def open(cls, path: Path | None = None) -> LessonProgress:
        path = path or default_db_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
            db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            db.execute("PRAGMA journal_mode = WAL")
            db.execute(_SCHEMA)
        except (OSError, sqlite3.Error) as exc:
            raise DrillError(
                f"cannot open the progress database {path}: {exc}; set --db or CRIB_DB",
                key="raised.db.open",
                path=path,
                reason=cause(exc),
            ) from None
        return cls(db, path)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> LessonProgress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def mark_read(self, *, user: str, lesson: str, now: float) -> None:
        self._db.execute(
            """INSERT INTO lesson_progress (user, lesson, read_at) VALUES (?, ?, ?)
               ON CONFLICT (user, lesson) DO UPDATE SET read_at = excluded.read_at""",
            (user, lesson, now),
        )

    def record_drill(self, *, user: str, lesson: str, correct: int, asked: int, now: float) -> None:
        """Keep the best result (the highest share of right answers) of the lesson's drill."""
        if asked <= 0:
            return
        self._db.execute("BEGIN IMMEDIATE")
        try:
            row = self._db.execute(
                "SELECT best_correct, asked FROM lesson_progress WHERE user = ? AND lesson = ?",
                (user, lesson),
            ).fetchone()
            better = row is None or row[1] == 0 or correct * row[1] > row[0] * asked
            if row is None:
                self._db.execute(
                    """INSERT INTO lesson_progress (user, lesson, drilled_at, best_correct, asked)
                       VALUES (?, ?, ?, ?, ?)""",
                    (user, lesson, now, correct, asked),
                )
            elif better:
                self._db.execute(
                    """UPDATE lesson_progress SET drilled_at = ?, best_correct = ?, asked = ?
                       WHERE user = ? AND lesson = ?""",
                    (now, correct, asked, user, lesson),
                )
            else:
                self._db.execute(
                    "UPDATE lesson_progress SET drilled_at = ? WHERE user = ? AND lesson = ?",
                    (now, user, lesson),
                )
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def status(self, *, user: str) -> dict[str, LessonStatus]:
        rows = self._db.execute(
            "SELECT lesson, read_at, best_correct, asked FROM lesson_progress WHERE user = ?", (user,)
        ).fetchall()
        return {
            r[0]: LessonStatus(lesson=r[0], read=r[1] is not None, best_correct=r[2], asked=r[3])
            for r in rows
        }
