"""Progress in SQLite: every answer is committed in its own transaction the moment it is graded,
together with its review schedule, so a crash or Ctrl-C never loses an answer.

WAL mode lets a `crib stats` read while a drill writes, and a busy timeout lets two sessions
answer into one database at once. The schema is versioned: `MIGRATIONS[i]` takes a database
from version i to i + 1 (SQL, or a function for steps that need Python), applied in one
transaction under an exclusive lock so two processes opening a new database at the same moment
cannot both migrate it, and a failed step leaves the old database as it was.

Each answer also moves two Glicko-2 ratings (the player's for the skill and ruleset family, and
the question pattern's, shared by all users) and the pattern's FSRS review card, in the same
transaction (trainer.store.training_tables holds those rules).

This is the one door to the progress database: lesson progress (trainer.store.lesson_tables)
and kept games (trainer.store.game_tables) are steps of the same schema and use the same
connection, transactions and guard. The store reads no environment: the caller (the CLI, in
trainer.cli.progress_db) gives the path, and every method that reads or writes progress is
given the user.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from trainer.drills.interrupts import held_interrupt, released_interrupt
from trainer.drills.model import Attempt, DrillError, Question
from trainer.engine.errors import cause
from trainer.store.answer_tables import MIGRATION_6, AnswerTotals
from trainer.store.guard import busy_waiting, database_error, guarded, is_busy
from trainer.store.lesson_tables import MIGRATION_4, LessonTables
from trainer.store.training_tables import MIGRATION_3, MIGRATION_8, CardItem, TrainingTables
from trainer.training.records import AnswerMeta as AnswerMeta
from trainer.training.records import AnswerRow as AnswerRow
from trainer.training.records import Context as Context

SCHEMA_VERSION = 8
BUSY_TIMEOUT_MS = 15_000
_FIRST_TRY_MS = 200  # then "waiting…" and short tries up to BUSY_TIMEOUT_MS

Migration = str | Callable[[sqlite3.Connection], None]

MIGRATIONS: tuple[Migration, ...] = (
    # 0 -> 1: one row per answer.
    """
    CREATE TABLE answers (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        session TEXT NOT NULL,
        seq INTEGER NOT NULL,
        answered_at REAL NOT NULL,
        user TEXT NOT NULL,
        mode TEXT NOT NULL,
        drill TEXT NOT NULL,
        form TEXT NOT NULL,
        ruleset TEXT NOT NULL,
        level TEXT NOT NULL,
        theme TEXT NOT NULL,
        question_id TEXT NOT NULL,
        question TEXT NOT NULL,
        answer TEXT NOT NULL,
        expected TEXT NOT NULL,
        correct INTEGER NOT NULL,
        skipped INTEGER NOT NULL DEFAULT 0,
        timed_out INTEGER NOT NULL DEFAULT 0,
        points_lost REAL NOT NULL DEFAULT 0,
        seconds REAL NOT NULL,
        UNIQUE (session, seq)
    );
    CREATE INDEX answers_user_time ON answers (user, answered_at);
    """,
    # 1 -> 2: the spaced-repetition boxes.
    """
    CREATE TABLE review (
        user TEXT NOT NULL,
        question_id TEXT NOT NULL,
        question TEXT NOT NULL,
        ruleset TEXT NOT NULL,
        box INTEGER NOT NULL,
        due_at REAL,
        lapses INTEGER NOT NULL DEFAULT 0,
        seen INTEGER NOT NULL DEFAULT 0,
        flagged INTEGER NOT NULL DEFAULT 0,
        updated_at REAL NOT NULL,
        PRIMARY KEY (user, question_id)
    );
    CREATE INDEX review_due ON review (user, due_at);
    """,
    # 2 -> 3: ratings, pattern difficulty, FSRS cards, settings; the boxes become cards.
    MIGRATION_3,
    # 3 -> 4: lesson progress (the table `crib learn` used to create on its own is kept).
    MIGRATION_4,
    # 4 -> 5: kept games, one row per game (trainer.store.game_tables). `IF NOT EXISTS`: `crib
    # play` used to create the table itself, outside the migrations; its games are kept.
    """
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
    """,
    # 5 -> 6: totals per drill, theme and ruleset and answers per day, kept with each answer, and
    # the indexes that let stats, the menu and `crib games` read only what they show.
    MIGRATION_6,
    # 6 -> 7: a game's graded decisions as game decisions (trainer.store.game_tables), not drill
    # answers; one row per decision, keyed by its place in the game, written in the same
    # transaction as the game step that made it.
    """
    CREATE TABLE game_decisions (
        game_id INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        user TEXT NOT NULL,
        decided_at REAL NOT NULL,
        skill TEXT NOT NULL,
        ruleset TEXT NOT NULL,
        family TEXT NOT NULL,
        pattern TEXT NOT NULL,
        band TEXT NOT NULL,
        points_lost REAL NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE INDEX game_decisions_user ON game_decisions (user, skill, decided_at);
    """,
    # 7 -> 8: each answer's reading (what it says about its ideas) kept with it, and the index the
    # learner model reads a skill's last answers by (trainer.training.readings).
    MIGRATION_8,
)


def _enable_wal(db: sqlite3.Connection) -> None:
    """Switch to WAL. The switch can fail with 'database is locked' without waiting for the
    busy timeout when another process opens the same new file at that instant, so retry."""

    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            db.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


@guarded
class Store(TrainingTables, LessonTables, AnswerTotals):
    """The progress database. Open with `Store.open(path)`; close when done (or use `with`)."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self._db = connection
        self.path = path
        # The session's prefetch thread reads the next review card while this thread records an
        # answer or closes the store at the end: one lock keeps a close from pulling the
        # connection out from under a read (closing mid-statement crashed the interpreter).
        self._lock = threading.RLock()

    @classmethod
    def open(cls, path: Path) -> Store:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            # A review reads its next card on the session's prefetch thread while this one waits
            # for the answer; SQLite here is serialized (sqlite3.threadsafety 3), so one
            # connection may be used from both threads.
            db = sqlite3.connect(
                path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
            )
        except (OSError, sqlite3.Error) as exc:
            raise DrillError(
                f"cannot open the progress database {path}: {exc}; set --db or CRIB_DB",
                key="raised.db.open",
                path=path,
                reason=cause(exc),
            ) from None
        try:
            db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            _enable_wal(db)
            db.execute("PRAGMA synchronous = FULL")
            store = cls(db, path)
            store._migrate()
        except sqlite3.OperationalError as exc:
            db.close()
            if is_busy(exc):
                raise database_error(path, exc) from None
            raise DrillError(
                f"cannot use the progress database {path}: {exc}; set --db or CRIB_DB",
                key="raised.db.use",
                path=path,
                reason=cause(exc),
            ) from None
        except sqlite3.DatabaseError as exc:
            db.close()
            raise DrillError(
                f"{path} is not a progress database ({exc}); choose another with --db",
                key="raised.db.not_db",
                path=path,
                reason=cause(exc),
            ) from None
        return store

    def check_writable(self) -> None:
        """Fail before the first question, not at the first answer, when answers cannot be saved
        (a read-only file or folder): a write is tried and rolled back."""
        try:
            self._begin()
            try:
                self._db.execute("UPDATE schema_version SET version = version")
            finally:
                self._db.execute("ROLLBACK")
        except sqlite3.Error as exc:
            raise database_error(self.path, exc) from None

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ schema

    def version(self) -> int:
        exists = self._db.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'"
        ).fetchone()
        if not exists:
            return 0
        row = self._db.execute("SELECT version FROM schema_version").fetchone()
        return int(row[0]) if row else 0

    def _migrate(self, target: int = SCHEMA_VERSION) -> None:
        if self.version() == target:
            return
        with self._transaction():
            current = self.version()  # re-read under the lock: another process may have won
            if current > SCHEMA_VERSION:
                raise DrillError(
                    f"{self.path} was written by a newer Cribbage Coach (schema {current}); upgrade crib",
                    key="raised.db.newer",
                    path=self.path,
                    schema=current,
                )
            if current == 0:
                self._db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
                self._db.execute("INSERT INTO schema_version (version) VALUES (0)")
            for step in range(current, target):
                migration = MIGRATIONS[step]
                if callable(migration):
                    migration(self._db)
                else:
                    for statement in _statements(migration):
                        self._db.execute(statement)
                self._db.execute("UPDATE schema_version SET version = ?", (step + 1,))

    def _begin(self) -> None:
        """BEGIN IMMEDIATE; when another process holds the database, say so once and wait up
        to BUSY_TIMEOUT_MS in short tries, with Ctrl-C let through (it ends the wait, and no
        transaction is open), then fail with "busy" (`store_guard.database_error`)."""
        db = self._db
        db.execute(f"PRAGMA busy_timeout = {_FIRST_TRY_MS}")
        try:
            deadline = 0.0
            while True:
                try:
                    db.execute("BEGIN IMMEDIATE")
                    return
                except sqlite3.OperationalError as exc:
                    if not is_busy(exc):
                        raise
                    now = time.monotonic()
                    if not deadline:
                        deadline = now + BUSY_TIMEOUT_MS / 1000
                        busy_waiting(self.path)
                    elif now > deadline:
                        raise
                    with released_interrupt():
                        time.sleep(0)  # a Ctrl-C held back by the caller ends the wait here
        except BaseException:
            if db.in_transaction:  # a Ctrl-C right after BEGIN: leave no transaction open
                db.execute("ROLLBACK")
            raise
        finally:
            db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        with held_interrupt():
            self._begin()
            try:
                yield
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    # ------------------------------------------------------------------ writing

    def record(
        self, attempt: Attempt, *, context: Context, now: float, meta: AnswerMeta | None = None
    ) -> None:
        """Store one answer, move the ratings and the review card, in one transaction."""
        q = attempt.question
        g = attempt.grade
        meta = meta or AnswerMeta()
        pattern = meta.pattern or f"question:{q.id}"
        with self._transaction():
            self._db.execute(
                """INSERT INTO answers (session, seq, answered_at, user, mode, drill, form, ruleset,
                   level, theme, question_id, question, answer, expected, correct, skipped,
                   timed_out, points_lost, seconds, pattern, family, interactive, hints, reading)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                (
                    context.session,
                    attempt.number,
                    now,
                    context.user,
                    context.mode,
                    q.kind,
                    q.form,
                    q.ruleset,
                    q.level,
                    q.theme,
                    q.id,
                    json.dumps(q.to_dict(), ensure_ascii=False, sort_keys=True),
                    attempt.answer,
                    json.dumps(g.expected, ensure_ascii=False, sort_keys=True),
                    int(g.correct),
                    int(g.skipped),
                    int(g.timed_out),
                    float(g.points_lost),
                    float(attempt.seconds),
                    pattern,
                    meta.family,
                    int(context.interactive),
                    attempt.hints,
                    meta.reading or None,
                ),
            )
            facts = (q.kind, q.form, q.theme, q.ruleset, g.correct, g.skipped, g.timed_out)
            timing = (context.interactive, g.points_lost, attempt.seconds)
            self._count((*facts, *timing), user=context.user, now=now)
            self._train(attempt, context=context, pattern=pattern, meta=meta, now=now)

    # ------------------------------------------------------------------ reading

    def answers(self, *, user: str, since: float | None = None, expected: bool = True) -> list[AnswerRow]:
        """The user's answers since `since`, oldest first; `expected=False` leaves the engine's
        answer unread (None), for callers that only count (it is the bulk of a row)."""
        column = "expected" if expected else "NULL"
        rows = self._db.execute(
            f"""SELECT answered_at, drill, form, ruleset, level, theme, question_id, answer, {column},
               correct, skipped, timed_out, points_lost, seconds, pattern, family, interactive, hints,
               mode FROM answers WHERE user = ? AND answered_at >= ? ORDER BY answered_at, id""",
            (user, since if since is not None else float("-inf")),
        ).fetchall()
        return [
            AnswerRow(
                answered_at=r[0],
                drill=r[1],
                form=r[2],
                ruleset=r[3],
                level=r[4],
                theme=r[5],
                question_id=r[6],
                answer=r[7],
                expected=json.loads(r[8]) if expected else None,
                correct=bool(r[9]),
                skipped=bool(r[10]),
                timed_out=bool(r[11]),
                points_lost=r[12],
                seconds=r[13],
                pattern=r[14],
                family=r[15],
                interactive=bool(r[16]),
                hints=r[17],
                mode=r[18],
            )
            for r in rows
        ]

    def question_set(self, *, user: str, prefix: str) -> list[tuple[Question, str]]:
        """The questions one session asked, in order, each with the ruleset it was asked under
        (the spec stored with its answer): the question set a summary names, for `crib drill
        replay`. `prefix` is the session id's start; a prefix that names no session, or two, is
        an error that says so."""
        clean = prefix.strip().lower()
        if not clean or any(c not in "0123456789abcdef" for c in clean):
            raise DrillError(
                f"{prefix!r} is not a question set: the summary names one, such as 3f2a9c1b",
                key="error.replay.bad",
                set=prefix,
            )
        sessions = [
            r[0]
            for r in self._db.execute(
                # a range on the (session, seq) index: hex ids starting with the prefix
                "SELECT DISTINCT session FROM answers WHERE session >= ? AND session < ? AND user = ? "
                "LIMIT 2",
                (clean, clean + "g", user),
            ).fetchall()
        ]
        if len(sessions) != 1:
            if not sessions:
                raise DrillError(
                    f"no session of yours has the question set {clean}: the summary of a drill names it",
                    key="error.replay.none",
                    set=clean,
                )
            raise DrillError(
                f"more than one session starts with {clean}: give more of the question set",
                key="error.replay.ambiguous",
                set=clean,
            )
        rows = self._db.execute(
            "SELECT question, ruleset FROM answers WHERE session = ? ORDER BY seq, id", (sessions[0],)
        ).fetchall()
        return [(Question.from_dict(json.loads(q)), str(spec)) for q, spec in rows]

    def count_answers(self, *, session: str | None = None) -> int:
        if session is None:
            return int(self._db.execute("SELECT COUNT(*) FROM answers").fetchone()[0])
        return int(
            self._db.execute("SELECT COUNT(*) FROM answers WHERE session = ?", (session,)).fetchone()[0]
        )

    def due(self, *, user: str, now: float, limit: int | None = None) -> list[CardItem]:
        """Review cards due now, most overdue first (flagged ones first among equals)."""
        return self.due_cards(user=user, now=now, limit=limit)

    def review_summary(self, *, user: str, now: float, flagged: bool = True) -> dict[str, Any]:
        """How many cards are due now, when the next falls due, and which are flagged
        (`flagged=False`: how many, `flagged_count`, without reading their questions)."""
        return self.cards_summary(user=user, now=now, flagged=flagged)


def _statements(script: str) -> list[str]:
    return [s.strip() for s in script.split(";") if s.strip()]
