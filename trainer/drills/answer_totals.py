"""Totals kept beside the answers so `crib stats` and the menu cost what they show, not what is
stored: per user, drill, form, theme and ruleset, how many answers were asked, answered, right,
skipped, timed out and typed, and the points lost; per user and calendar day, how many answers
were given. `Store.record` adds to both in the answer's own transaction, so the totals never
disagree with the rows. Medians cannot be added up, so they are read from partial indexes of the
typed answers' times (an index walk to the middle, never a decode of a row).

Migration 6 makes the tables from the answers already stored, adds the indexes (the typed
times; `games` by user and id, the order `crib games` lists them in; the due cards' keys in the
order a review asks them, and the flagged cards, so neither reads a card's row), and settles the
"before ratings" backfill flag where no answer from before ratings is left to rate.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

_TABLES = """
CREATE TABLE answer_totals (
    user TEXT NOT NULL,
    drill TEXT NOT NULL,
    form TEXT NOT NULL,
    theme TEXT NOT NULL,
    ruleset TEXT NOT NULL,
    asked INTEGER NOT NULL DEFAULT 0,
    answered INTEGER NOT NULL DEFAULT 0,
    correct INTEGER NOT NULL DEFAULT 0,
    skipped INTEGER NOT NULL DEFAULT 0,
    timed_out INTEGER NOT NULL DEFAULT 0,
    timed INTEGER NOT NULL DEFAULT 0,
    points_lost REAL NOT NULL DEFAULT 0,
    PRIMARY KEY (user, drill, form, theme, ruleset)
);
CREATE TABLE answer_days (
    user TEXT NOT NULL,
    day TEXT NOT NULL,
    answers INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user, day)
);
CREATE INDEX answers_timed ON answers (user, seconds)
    WHERE skipped = 0 AND interactive = 1;
CREATE INDEX answers_timed_drill ON answers (user, drill, seconds)
    WHERE skipped = 0 AND interactive = 1;
CREATE INDEX answers_timed_theme ON answers (user, drill, theme, seconds)
    WHERE skipped = 0 AND interactive = 1;
CREATE INDEX answers_timed_ruleset ON answers (user, ruleset, seconds)
    WHERE skipped = 0 AND interactive = 1;
CREATE INDEX games_user_id ON games (user, id);
CREATE INDEX cards_due_keys ON cards (user, due_at, flagged DESC, pattern, ruleset);
CREATE INDEX cards_flagged ON cards (user, lapses DESC, pattern) WHERE flagged = 1;
INSERT INTO answer_totals (user, drill, form, theme, ruleset, asked, answered, correct, skipped,
    timed_out, timed, points_lost)
    SELECT user, drill, form, theme, ruleset, COUNT(*), SUM(skipped = 0), SUM(correct), SUM(skipped),
    SUM(timed_out), SUM(skipped = 0 AND interactive = 1), SUM(points_lost)
    FROM answers GROUP BY user, drill, form, theme, ruleset
"""

BACKFILL_KEY = "ratings_backfilled"
# An answer from before ratings: migration 3 gave it the pattern `question:ID`, and it is older
# than every rating game (a later answer with such a pattern, a game's mistake, was rated).
LEGACY_ANSWER = (
    "pattern LIKE 'question:%' AND answered_at < COALESCE((SELECT MIN(at) FROM rating_history), 9e999)"
)


def day_key(timestamp: float) -> str:
    """The local calendar day of a timestamp (the day streak's and the trend's unit)."""
    return datetime.fromtimestamp(timestamp).date().isoformat()


def MIGRATION_6(db: sqlite3.Connection) -> None:
    """5 -> 6: the totals and per-day counts from the stored answers, the indexes, the flag."""
    for statement in (s.strip() for s in _TABLES.split(";")):
        if statement:
            db.execute(statement)
    days: Counter[tuple[str, str]] = Counter()
    for user, at in db.execute("SELECT user, answered_at FROM answers"):
        days[(user, day_key(at))] += 1
    db.executemany(
        "INSERT INTO answer_days (user, day, answers) VALUES (?, ?, ?)",
        [(user, day, n) for (user, day), n in days.items()],
    )
    flag = db.execute("SELECT 1 FROM settings WHERE user = '' AND key = ?", (BACKFILL_KEY,)).fetchone()
    if flag is None and db.execute(f"SELECT 1 FROM answers WHERE {LEGACY_ANSWER} LIMIT 1").fetchone() is None:
        db.execute("INSERT INTO settings (user, key, value) VALUES ('', ?, 'none')", (BACKFILL_KEY,))


@dataclass(frozen=True, kw_only=True)
class Totals:
    """The counts of one (drill, form, theme, ruleset) of one user."""

    drill: str
    form: str
    theme: str
    ruleset: str
    asked: int
    answered: int
    correct: int
    skipped: int
    timed_out: int
    timed: int
    points_lost: float


@dataclass(frozen=True, kw_only=True)
class Timed:
    """Which typed answers a median is taken over: all of a user's, or one drill's, one
    drill's themes (several ids may be shown as one theme), or one ruleset's."""

    drill: str | None = None
    themes: tuple[str, ...] = ()
    ruleset: str | None = None


class AnswerTotals:
    """Methods of `Store` for the totals; `_count` runs inside `Store.record`'s transaction."""

    _db: sqlite3.Connection
    _transaction: Callable[[], AbstractContextManager[None]]

    def _count(self, values: Sequence[Any], *, user: str, now: float) -> None:
        """Add one answer: `values` are (drill, form, theme, ruleset, correct, skipped, timed_out,
        interactive, points_lost)."""
        drill, form, theme, ruleset, correct, skipped, timed_out, interactive, lost = values
        self._db.execute(
            """INSERT INTO answer_totals (user, drill, form, theme, ruleset, asked, answered, correct,
               skipped, timed_out, timed, points_lost) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?)
               ON CONFLICT (user, drill, form, theme, ruleset) DO UPDATE SET asked = asked + 1,
               answered = answered + excluded.answered, correct = correct + excluded.correct,
               skipped = skipped + excluded.skipped, timed_out = timed_out + excluded.timed_out,
               timed = timed + excluded.timed, points_lost = points_lost + excluded.points_lost""",
            (
                user,
                drill,
                form,
                theme,
                ruleset,
                int(not skipped),
                int(correct),
                int(skipped),
                int(timed_out),
                int(not skipped and interactive),
                float(lost),
            ),
        )
        self._db.execute(
            "INSERT INTO answer_days (user, day, answers) VALUES (?, ?, 1) "
            "ON CONFLICT (user, day) DO UPDATE SET answers = answers + 1",
            (user, day_key(now)),
        )

    def answer_totals(self, *, user: str) -> list[Totals]:
        rows = self._db.execute(
            "SELECT drill, form, theme, ruleset, asked, answered, correct, skipped, timed_out, timed, "
            "points_lost FROM answer_totals WHERE user = ? ORDER BY drill, form, theme, ruleset",
            (user,),
        ).fetchall()
        return [
            Totals(
                drill=r[0],
                form=r[1],
                theme=r[2],
                ruleset=r[3],
                asked=r[4],
                answered=r[5],
                correct=r[6],
                skipped=r[7],
                timed_out=r[8],
                timed=r[9],
                points_lost=r[10],
            )
            for r in rows
        ]

    def answers_per_day(self, *, user: str) -> dict[str, int]:
        """Answers per local calendar day ('2026-12-01'), every day the user answered."""
        rows = self._db.execute("SELECT day, answers FROM answer_days WHERE user = ?", (user,)).fetchall()
        return {str(day): int(n) for day, n in rows}

    def median_seconds(self, *, user: str, timed: int, among: Timed) -> float | None:
        """The median time of `timed` typed answers (the count the totals give), read from the
        index at the middle: one or two rows, whatever the size of the history."""
        if timed <= 0:
            return None
        where, args = ["user = ?"], [user]
        if among.drill is not None:
            where.append("drill = ?")
            args.append(among.drill)
        if among.themes:
            where.append(f"theme IN ({', '.join('?' * len(among.themes))})")
            args.extend(among.themes)
        if among.ruleset is not None:
            where.append("ruleset = ?")
            args.append(among.ruleset)
        rows = self._db.execute(
            f"SELECT seconds FROM answers WHERE {' AND '.join(where)} AND skipped = 0 AND interactive = 1 "
            "ORDER BY seconds LIMIT ? OFFSET ?",
            (*args, 2 - timed % 2, (timed - 1) // 2),
        ).fetchall()
        if not rows:
            return None
        values = [float(r[0]) for r in rows]
        return values[0] if len(values) == 1 else (values[0] + values[1]) / 2
