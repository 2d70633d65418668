"""Totals kept beside the answers so `crib stats` and the menu cost what they show, not what is
stored: per user, drill, form, theme and ruleset, how many answers were asked, answered, right,
skipped, timed out and typed, and the points lost; per user and calendar day, how many answers
were given; and how many typed answers took each tenth of a second (0 to 120 s, the last holding
all longer ones; whole seconds before migration 8). `Store.record` adds to all three in the
answer's own transaction, so the totals never disagree with the rows. A median cannot be added
up: the tenths' counts say which tenth holds the middle answer, and a partial index of the typed
answers' times is read from the start of that tenth, a few rows, never the whole history and
never a decoded row.

Migration 6 makes the tables from the answers already stored, adds the indexes (the typed times;
`games` by user and id, the order `crib games` lists them in; the due cards' keys in the order a
review asks them, and the flagged cards, so neither reads a card's row), and settles the "before
ratings" backfill flag where no answer from before ratings is left to rate.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any

from trainer.training.records import AnswerFacts, Timed, Totals

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
CREATE TABLE answer_seconds (
    user TEXT NOT NULL,
    drill TEXT NOT NULL,
    theme TEXT NOT NULL,
    ruleset TEXT NOT NULL,
    second INTEGER NOT NULL,
    answers INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user, drill, theme, ruleset, second)
);
CREATE INDEX answers_timed ON answers (user, seconds)
    WHERE skipped = 0 AND interactive = 1;
CREATE INDEX answers_timed_drill ON answers (user, drill, seconds)
    WHERE skipped = 0 AND interactive = 1;
CREATE INDEX answers_timed_theme
    ON answers (user, drill, (CASE theme WHEN '' THEN 'mixed' ELSE theme END), seconds)
    WHERE skipped = 0 AND interactive = 1;
CREATE INDEX answers_timed_ruleset ON answers (user, ruleset, seconds)
    WHERE skipped = 0 AND interactive = 1;
CREATE INDEX answers_recent ON answers (user, answered_at, drill, form, theme, ruleset, correct,
    skipped, timed_out, interactive, points_lost, seconds);
CREATE INDEX games_user_id ON games (user, id);
CREATE INDEX cards_due_keys ON cards (user, due_at, flagged DESC, pattern, ruleset);
CREATE INDEX cards_flagged ON cards (user, lapses DESC, pattern) WHERE flagged = 1;
INSERT INTO answer_totals (user, drill, form, theme, ruleset, asked, answered, correct, skipped,
    timed_out, timed, points_lost)
    SELECT user, drill, form, theme, ruleset, COUNT(*), SUM(skipped = 0), SUM(correct), SUM(skipped),
    SUM(timed_out), SUM(skipped = 0 AND interactive = 1), SUM(points_lost)
    FROM answers GROUP BY user, drill, form, theme, ruleset;
INSERT INTO answer_seconds (user, drill, theme, ruleset, second, answers)
    SELECT user, drill, theme, ruleset, MIN(MAX(CAST(seconds AS INTEGER), 0), 120), COUNT(*)
    FROM answers WHERE skipped = 0 AND interactive = 1
    GROUP BY user, drill, theme, ruleset, MIN(MAX(CAST(seconds AS INTEGER), 0), 120)
"""

BACKFILL_KEY = "ratings_backfilled"
# An answer from before ratings: migration 3 gave it the pattern `question:ID`, it is no game's
# mistake, and it is older than every rating game (a later answer with such a pattern was rated
# when it was stored).
LEGACY_ANSWER = (
    "pattern LIKE 'question:%' AND mode != 'game' AND answered_at < "
    "COALESCE((SELECT MIN(at) FROM rating_history), 9e999)"
)


LAST_TENTH = 1200  # 120 s: the last tenth holds every longer answer


def tenth_of(seconds: float) -> int:
    """The tenth of a second an answer time is counted under: the `b` with `b / 10 <= seconds <
    (b + 1) / 10` as floats compare, because the median reads the index from `seconds >= b / 10`
    and the two must agree to the last answer (`int(seconds * 10)` alone puts 2.3 under 22)."""
    if not seconds > 0:  # zero, negative, NaN
        return 0
    if seconds >= LAST_TENTH / 10:
        return LAST_TENTH
    b = int(seconds * 10)
    while b > 0 and seconds < b / 10:
        b -= 1
    while b < LAST_TENTH and seconds >= (b + 1) / 10:
        b += 1
    return b


def MIGRATION_8_TENTHS(db: sqlite3.Connection) -> None:
    """The typed answers' times counted by tenth of a second instead of whole seconds: the
    median reads the index from the start of the tenth that holds the middle answer, a tenth of
    the rows a whole second made it read (on five years, 8,000 rows a group)."""
    db.execute("DROP TABLE IF EXISTS answer_tenths")
    db.execute(
        """CREATE TABLE answer_tenths (
            user TEXT NOT NULL,
            drill TEXT NOT NULL,
            theme TEXT NOT NULL,
            ruleset TEXT NOT NULL,
            tenth INTEGER NOT NULL,
            answers INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (user, drill, theme, ruleset, tenth)
        )"""
    )
    counts: Counter[tuple[str, str, str, str, int]] = Counter()
    for user, drill, theme, ruleset, seconds in db.execute(
        "SELECT user, drill, theme, ruleset, seconds FROM answers WHERE skipped = 0 AND interactive = 1"
    ):
        counts[(user, drill, theme, ruleset, tenth_of(float(seconds)))] += 1
    db.executemany(
        "INSERT INTO answer_tenths (user, drill, theme, ruleset, tenth, answers) VALUES (?, ?, ?, ?, ?, ?)",
        [(*key, n) for key, n in counts.items()],
    )
    db.execute("DROP TABLE IF EXISTS answer_seconds")


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


# The theme an answer is shown under: an answer with no theme is shown as "mixed".
SHOWN_THEME = "(CASE theme WHEN '' THEN 'mixed' ELSE theme END)"


class AnswerTotals:
    """Methods of `Store` for the totals; `_count` runs inside `Store.record`'s transaction."""

    _db: sqlite3.Connection
    _transaction: Callable[[], AbstractContextManager[None]]

    def _count(self, values: Sequence[Any], *, user: str, now: float) -> None:
        """Add one answer: `values` are (drill, form, theme, ruleset, correct, skipped, timed_out,
        interactive, points_lost, seconds)."""
        drill, form, theme, ruleset, correct, skipped, timed_out, interactive, lost, seconds = values
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
        if not skipped and interactive:
            self._db.execute(
                "INSERT INTO answer_tenths (user, drill, theme, ruleset, tenth, answers) "
                "VALUES (?, ?, ?, ?, ?, 1) ON CONFLICT (user, drill, theme, ruleset, tenth) "
                "DO UPDATE SET answers = answers + 1",
                (user, drill, theme, ruleset, tenth_of(float(seconds))),
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

    def recent_answers(self, *, user: str, since: float) -> list[AnswerFacts]:
        """What the trend counts of each answer since `since`, oldest first, read from an index
        that holds it (never the answer's row, whose question and expected answer are its bulk)."""
        rows = self._db.execute(
            "SELECT answered_at, drill, form, theme, ruleset, correct, skipped, timed_out, interactive, "
            "points_lost, seconds FROM answers INDEXED BY answers_recent WHERE user = ? AND answered_at >= ? "
            "ORDER BY answered_at, id",
            (user, since),
        ).fetchall()
        return [
            AnswerFacts(
                answered_at=r[0],
                drill=r[1],
                form=r[2],
                theme=r[3],
                ruleset=r[4],
                correct=bool(r[5]),
                skipped=bool(r[6]),
                timed_out=bool(r[7]),
                interactive=bool(r[8]),
                points_lost=r[9],
                seconds=r[10],
            )
            for r in rows
        ]

    def answers_per_day(self, *, user: str) -> dict[str, int]:
        """Answers per local calendar day ('2026-12-01'), every day the user answered."""
        rows = self._db.execute("SELECT day, answers FROM answer_days WHERE user = ?", (user,)).fetchall()
        return {str(day): int(n) for day, n in rows}

    def median_seconds(self, *, user: str, timed: int, among: Timed) -> float | None:
        """The median time of the `timed` typed answers `among` (the count the totals give):
        the seconds' counts find the second holding the middle, and the index is read from
        there, a few rows whatever the size of the history."""
        if timed <= 0:
            return None
        where, args = ["user = ?"], [user]
        if among.drill is not None:
            where.append("drill = ?")
            args.append(among.drill)
        if among.theme is not None:
            where.append(f"{SHOWN_THEME} = ?")
            args.append(among.theme)
        if among.ruleset is not None:
            where.append("ruleset = ?")
            args.append(among.ruleset)
        condition = " AND ".join(where)
        middle = (timed - 1) // 2  # 0-based position of the (first) middle answer
        # the tenth holding the middle answer, and how many answers come before it (in SQL: up
        # to 1,201 tenths a group are added up without coming out to Python)
        found = self._db.execute(
            f"""SELECT tenth, upto - n FROM (
                    SELECT tenth, n, SUM(n) OVER (ORDER BY tenth) AS upto FROM (
                        SELECT tenth, SUM(answers) AS n FROM answer_tenths WHERE {condition}
                        GROUP BY tenth))
                WHERE upto > ? ORDER BY tenth LIMIT 1""",
            (*args, middle),
        ).fetchone()
        start, below = (int(found[0]), int(found[1])) if found else (0, 0)  # short counts: from the start
        lowest = float("-inf") if start == 0 else start / 10
        rows = self._db.execute(
            f"SELECT seconds FROM answers WHERE {condition} AND seconds >= ? AND skipped = 0 "
            "AND interactive = 1 ORDER BY seconds LIMIT ? OFFSET ?",
            (*args, lowest, 2 - timed % 2, middle - below),
        ).fetchall()
        if not rows:
            return None
        values = [float(r[0]) for r in rows]
        return values[0] if len(values) == 1 else (values[0] + values[1]) / 2
