"""Progress through the lesson ladder: the lesson tables of the progress database (`Store` mixes
these methods in) and migration 4 that adds them.

The drill answers of a lesson are stored like any others (mode `lesson`); this table adds what
the answers table cannot say: that a lesson was read, and the best result of its closing drill,
so `crib learn` can show the ladder with ticks. It is a step of the store's schema, opened
through the store's one connection and guard, and every change is one transaction.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from contextlib import AbstractContextManager

from trainer.engine.records import Record

# 3 -> 4. `IF NOT EXISTS`: before this step `crib learn` created the table itself, outside the
# migrations, so a database may already hold it with the user's progress; its rows are kept.
MIGRATION_4 = """
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


# The mastery check is out of ten questions at least; a shorter drill (the three-question
# drills before it, whose rows may still be in a database) never masters a lesson.
MASTERY_QUESTIONS = 10


def passed(correct: int, asked: int) -> bool:
    """A lesson is mastered with four answers in five right (8 of 10) of a drill of at least
    ten questions; `asked` is the drill's length, so a question the clock cut off counts as
    missed."""
    return asked >= MASTERY_QUESTIONS and 5 * correct >= 4 * asked


def _better(correct: int, asked: int, old_correct: int, old_asked: int) -> bool:
    """A mastered result beats one that is not; then the higher share of right answers."""
    new_key = passed(correct, asked)
    old_key = passed(old_correct, old_asked)
    if new_key != old_key:
        return new_key
    if old_asked < MASTERY_QUESTIONS <= asked:
        return True  # a full check replaces a short drill of the old ladder
    return old_asked == 0 or correct * old_asked > old_correct * asked


class LessonStatus(Record):
    """Where one user stands on one lesson."""

    lesson: str
    read: bool = False
    best_correct: int = 0
    asked: int = 0

    @property
    def passed(self) -> bool:
        return passed(self.best_correct, self.asked)


class LessonTables:
    """Methods of `Store` for lesson progress; the caller names the user."""

    _db: sqlite3.Connection
    _transaction: Callable[[], AbstractContextManager[None]]

    def mark_lesson_read(self, *, user: str, lesson: str, now: float) -> None:
        with self._transaction():
            self._db.execute(
                """INSERT INTO lesson_progress (user, lesson, read_at) VALUES (?, ?, ?)
                   ON CONFLICT (user, lesson) DO UPDATE SET read_at = excluded.read_at""",
                (user, lesson, now),
            )

    def record_lesson_drill(self, *, user: str, lesson: str, correct: int, asked: int, now: float) -> None:
        """Keep the best result of the lesson's mastery check (`asked`: the questions it had)."""
        if asked <= 0:
            return
        with self._transaction():
            row = self._db.execute(
                "SELECT best_correct, asked FROM lesson_progress WHERE user = ? AND lesson = ?",
                (user, lesson),
            ).fetchone()
            if row is None:
                self._db.execute(
                    """INSERT INTO lesson_progress (user, lesson, drilled_at, best_correct, asked)
                       VALUES (?, ?, ?, ?, ?)""",
                    (user, lesson, now, correct, asked),
                )
            elif _better(correct, asked, row[0], row[1]):
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

    def lesson_statuses(self, *, user: str) -> dict[str, LessonStatus]:
        """Where `user` stands on every lesson they have opened, by lesson key."""
        rows = self._db.execute(
            "SELECT lesson, read_at, best_correct, asked FROM lesson_progress WHERE user = ?", (user,)
        ).fetchall()
        return {
            r[0]: LessonStatus(lesson=r[0], read=r[1] is not None, best_correct=r[2], asked=r[3])
            for r in rows
        }
