"""The adaptive-training tables of the progress database: ratings, pattern difficulty, FSRS review
cards and per-user settings (the daily goal), and migration 3 that adds them.

Kept apart from store.py (answers, schema machinery) so each module stays about one thing;
`Store` mixes these methods in, and `Store.record` calls `_train` inside the answer's
transaction, so an answer, its ratings and its card are stored together or not at all.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from trainer.drills.interrupts import held_interrupt
from trainer.drills.model import Question
from trainer.engine.errors import CribError
from trainer.engine.records import Record
from trainer.store.answer_tables import BACKFILL_KEY, LEGACY_ANSWER, MIGRATION_8_TENTHS
from trainer.training.glicko import Rating, expected_score, idle, update
from trainer.training.rating_rules import PRIOR_RD, game_score, rated, rating_ceiling
from trainer.training.records import SkillRating
from trainer.training.review_schedule import (
    FLAG_AFTER_LAPSES,
    SUSPEND_AFTER_LAPSES,
    SUSPENDED,
    Outcome,
    grade,
    needs_card,
    review,
)
from trainer.training.streak_record import BEST_KEY, StreakRecord, after_run, parse_best

if TYPE_CHECKING:
    from trainer.drills.model import Attempt
    from trainer.training.records import AnswerMeta, Context

DAY = 86_400.0


def MIGRATION_8(db: sqlite3.Connection) -> None:
    """The answers' kept readings (NULL until worked out), the index a skill's last answers are
    read by, and one the due counts are read from. The column is added only where it is
    missing, so a database taken back to an older version and migrated again keeps its readings."""
    columns = {str(r[1]) for r in db.execute("PRAGMA table_info(answers)").fetchall()}
    if "reading" not in columns:
        db.execute("ALTER TABLE answers ADD COLUMN reading TEXT")
    # what the learner model reads of a skill's last answers, all in the index (no row lookups)
    db.execute(
        "CREATE INDEX IF NOT EXISTS answers_skill_readings "
        "ON answers (user, drill, answered_at, ruleset, correct, reading)"
    )
    MIGRATION_8_TENTHS(db)
    # covers the due counts and the forecast, which read every due card (no row lookups)
    db.execute("CREATE INDEX IF NOT EXISTS cards_due_state ON cards (user, due_at, state)")


_MIGRATION_3_SQL = """
ALTER TABLE answers ADD COLUMN pattern TEXT NOT NULL DEFAULT '';
ALTER TABLE answers ADD COLUMN family TEXT NOT NULL DEFAULT '';
ALTER TABLE answers ADD COLUMN interactive INTEGER NOT NULL DEFAULT 1;
ALTER TABLE answers ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
CREATE TABLE ratings (
    user TEXT NOT NULL,
    skill TEXT NOT NULL,
    family TEXT NOT NULL,
    rating REAL NOT NULL,
    rd REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    updated_at REAL NOT NULL,
    PRIMARY KEY (user, skill, family)
);
CREATE TABLE rating_history (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user TEXT NOT NULL,
    skill TEXT NOT NULL,
    family TEXT NOT NULL,
    at REAL NOT NULL,
    rating REAL NOT NULL,
    rd REAL NOT NULL
);
CREATE INDEX rating_history_by ON rating_history (user, skill, family, at);
CREATE TABLE patterns (
    pattern TEXT NOT NULL,
    family TEXT NOT NULL,
    skill TEXT NOT NULL,
    rating REAL NOT NULL,
    rd REAL NOT NULL,
    volatility REAL NOT NULL,
    answers INTEGER NOT NULL DEFAULT 0,
    misses INTEGER NOT NULL DEFAULT 0,
    updated_at REAL NOT NULL,
    PRIMARY KEY (pattern, family)
);
CREATE TABLE cards (
    user TEXT NOT NULL,
    pattern TEXT NOT NULL,
    skill TEXT NOT NULL,
    question TEXT NOT NULL,
    ruleset TEXT NOT NULL,
    card TEXT NOT NULL,
    state TEXT NOT NULL,
    due_at REAL NOT NULL,
    reps INTEGER NOT NULL DEFAULT 0,
    lapses INTEGER NOT NULL DEFAULT 0,
    flagged INTEGER NOT NULL DEFAULT 0,
    last_grade TEXT NOT NULL DEFAULT '',
    updated_at REAL NOT NULL,
    PRIMARY KEY (user, pattern)
);
CREATE INDEX cards_due ON cards (user, due_at);
CREATE TABLE settings (
    user TEXT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (user, key)
);
"""

# Answers stored before migration 3 do not say whether they were typed or piped; answers read
# from a pipe or an --answers file take a few milliseconds, so those are not counted as times.
_PIPED_BELOW_SECONDS = 0.2


def MIGRATION_3(db: sqlite3.Connection) -> None:
    """2 -> 3: the new tables; each question still waiting in the Leitner boxes becomes an
    FSRS card due when its box said (learned ones stay learned); old answers keep their rows."""
    for statement in (s.strip() for s in _MIGRATION_3_SQL.split(";")):
        if statement:
            db.execute(statement)
    db.execute("UPDATE answers SET interactive = 0 WHERE seconds < ?", (_PIPED_BELOW_SECONDS,))
    db.execute("UPDATE answers SET pattern = 'question:' || question_id")
    from trainer.training.review_schedule import card_from_legacy

    rows = db.execute(
        "SELECT user, question_id, question, ruleset, due_at, lapses, seen, flagged, updated_at "
        "FROM review WHERE due_at IS NOT NULL ORDER BY rowid"
    ).fetchall()
    for number, (user, qid, question, ruleset, due_at, lapses, seen, flagged, updated) in enumerate(rows, 1):
        skill = str(json.loads(question).get("kind", ""))
        db.execute(
            """INSERT OR IGNORE INTO cards (user, pattern, skill, question, ruleset, card, state, due_at,
               reps, lapses, flagged, last_grade, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'learning', ?,
               ?, ?, ?, 'again', ?)""",
            (
                user,
                f"question:{qid}",
                skill,
                question,
                ruleset,
                card_from_legacy(due_at, card_id=number),
                due_at,
                seen,
                lapses,
                flagged,
                updated,
            ),
        )


class CardItem(Record):
    """A review card: the last question asked of its pattern, and where FSRS has it."""

    pattern: str
    question: Question
    ruleset: str
    due_at: float
    state: str
    reps: int
    lapses: int
    flagged: bool


class FlaggedCard(Record):
    """A flagged card as `crib stats` lists it: its pattern, its question's id and drill."""

    pattern: str
    id: str
    drill: str
    lapses: int


class TrainingTables:
    """Methods of `Store` for ratings, patterns, cards and settings."""

    _db: sqlite3.Connection
    _transaction: Callable[[], AbstractContextManager[None]]

    # ------------------------------------------------------------------ writing

    def _train(
        self, attempt: Attempt, *, context: Context, pattern: str, meta: AnswerMeta, now: float
    ) -> None:
        g = attempt.grade
        if rated(context.mode) and meta.family:
            self._rate(
                context.user,
                attempt.question.kind,
                pattern,
                meta,
                outcome=(g.correct and not g.skipped and not g.timed_out, attempt.hints),
                now=now,
            )
        self._review(attempt, context=context, key=meta.card_key or pattern, now=now)

    def _rate(
        self, user: str, skill: str, pattern: str, meta: AnswerMeta, *, outcome: tuple[bool, int], now: float
    ) -> None:
        """One Glicko-2 game: the player's rating and the pattern's difficulty move together. A
        new pattern starts from its shipped prior difficulty, held with a small deviation, so one
        player's answers cannot drag the questions' difficulty around with their own rating."""
        player, periods = self._player(user, skill, meta.family, now=now)
        difficulty = self.pattern_rating(pattern, meta.family) or Rating(rating=meta.prior, rd=PRIOR_RD)
        right, hints = outcome
        chance = expected_score(player.rating, difficulty)
        score = game_score(correct=right, skipped=False, timed_out=False, hints=hints, expected=chance)
        # The player's deviation widens by the time since their last answer (a sliver of a day
        # between two answers of a session); a question's difficulty does not drift with time.
        new_player = update(player.rating, [(difficulty, score)], periods=periods)
        new_difficulty = update(difficulty, [(player.rating, 1.0 - score)], periods=0.0)
        top = rating_ceiling(skill)  # beyond it no question can tell ratings apart
        if new_player.rating > top:
            new_player = Rating(top, new_player.rd, new_player.volatility)
        new_difficulty = Rating(
            new_difficulty.rating, max(PRIOR_RD, new_difficulty.rd), new_difficulty.volatility
        )
        self._db.execute(
            """INSERT INTO ratings (user, skill, family, rating, rd, volatility, games, updated_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user, skill, family) DO UPDATE SET
               rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility,
               games = excluded.games, updated_at = excluded.updated_at""",
            (user, skill, meta.family, *_triple(new_player), player.games + 1, now),
        )
        self._db.execute(
            "INSERT INTO rating_history (user, skill, family, at, rating, rd) VALUES (?, ?, ?, ?, ?, ?)",
            (user, skill, meta.family, now, new_player.rating, new_player.rd),
        )
        self._db.execute(
            """INSERT INTO patterns (pattern, family, skill, rating, rd, volatility, answers, misses,
               updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?) ON CONFLICT (pattern, family) DO UPDATE SET
               rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility,
               answers = answers + 1, misses = misses + excluded.misses, updated_at = excluded.updated_at""",
            (pattern, meta.family, skill, *_triple(new_difficulty), int(score < 1.0), now),
        )

    # ------------------------------------------------------------------ answers from before ratings

    def needs_backfill(self) -> bool:
        """Whether answers stored before migration 3 still wait to be rated (checked once: the
        answer is recorded either way). A game's mistake also has a `question:` pattern, but it
        was rated when it was stored, after every answer from before ratings."""
        if self.setting(user="", key=BACKFILL_KEY) is not None:
            return False
        row = self._db.execute(f"SELECT 1 FROM answers WHERE {LEGACY_ANSWER} LIMIT 1").fetchone()
        if row is None:
            self.set_setting(user="", key=BACKFILL_KEY, value="none")
            return False
        return True

    def legacy_answers(self) -> list[tuple[int, Question]]:
        """(row id, question) of the answers stored before patterns, oldest first."""
        rows = self._db.execute(
            f"SELECT id, question FROM answers WHERE {LEGACY_ANSWER} ORDER BY answered_at, id"
        ).fetchall()
        out = []
        for row_id, raw in rows:
            try:
                out.append((int(row_id), Question.from_dict(json.loads(raw))))
            except (ValueError, TypeError, CribError):
                continue  # a row that cannot be read back is left as it is
        return out

    def replay_legacy(self, classified: Sequence[tuple[int, AnswerMeta]]) -> None:
        """Give old answers their pattern and play them as rating games, oldest first, in one
        transaction; review cards are left as the migration made them."""
        with self._transaction():
            for row_id, meta in classified:
                row = self._db.execute(
                    "SELECT user, drill, answered_at, correct, skipped, timed_out, hints FROM answers "
                    "WHERE id = ?",
                    (row_id,),
                ).fetchone()
                if row is None:
                    continue
                user, skill, at, correct, skipped, timed, hints = row
                right = bool(correct) and not skipped and not timed
                self._rate(user, skill, meta.pattern, meta, outcome=(right, hints), now=float(at))
                self._db.execute(
                    "UPDATE answers SET pattern = ?, family = ? WHERE id = ?",
                    (meta.pattern, meta.family, row_id),
                )
            self._db.execute(
                "INSERT INTO settings (user, key, value) VALUES ('', ?, 'done') "
                "ON CONFLICT (user, key) DO UPDATE SET value = excluded.value",
                (BACKFILL_KEY,),
            )

    def _review(self, attempt: Attempt, *, context: Context, key: str, now: float) -> None:
        q, g = attempt.question, attempt.grade
        outcome = Outcome(
            correct=g.correct,
            seconds=attempt.seconds,
            drill=q.kind,
            hints=attempt.hints,
            timed_out=g.timed_out,
            skipped=g.skipped,
            interactive=context.interactive,
        )
        row = self._db.execute(
            "SELECT card, reps, lapses, flagged FROM cards WHERE user = ? AND pattern = ?",
            (context.user, key),
        ).fetchone()
        if row is None and not needs_card(outcome):
            return
        name = grade(outcome)
        card_json, due_at, state = review(
            row[0] if row else None, name, now=now, card_id=int(now * 1000) % 2**53
        )
        reps = (row[1] if row else 0) + 1
        lapses = (row[2] if row else 0) + (name == "again")
        flagged = bool(row[3]) if row else False
        self._db.execute(
            """INSERT INTO cards (user, pattern, skill, question, ruleset, card, state, due_at, reps,
               lapses, flagged, last_grade, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
               ON CONFLICT (user, pattern) DO UPDATE SET question = excluded.question,
               ruleset = excluded.ruleset, card = excluded.card, state = excluded.state,
               due_at = excluded.due_at, reps = excluded.reps, lapses = excluded.lapses,
               flagged = excluded.flagged, last_grade = excluded.last_grade,
               updated_at = excluded.updated_at""",
            (
                context.user,
                key,
                q.kind,
                json.dumps(q.to_dict(), ensure_ascii=False, sort_keys=True),
                context.ruleset,
                card_json,
                SUSPENDED if name == "again" and lapses >= SUSPEND_AFTER_LAPSES else state,
                due_at,
                reps,
                lapses,
                int(flagged or lapses >= FLAG_AFTER_LAPSES),
                name,
                now,
            ),
        )

    def skill_readings(
        self, *, user: str, skill: str, limit: int
    ) -> list[tuple[int, str, str | None, bool, float]]:
        """(answer id, ruleset, kept reading or None, correct, time) of the player's last `limit`
        answers of one skill, oldest first: the learner model without the questions."""
        rows = self._db.execute(
            "SELECT id, ruleset, reading, correct, answered_at FROM answers "
            "WHERE user = ? AND drill = ? ORDER BY answered_at DESC, id DESC LIMIT ?",
            (user, skill, limit),
        ).fetchall()
        return [(int(r[0]), str(r[1]), r[2], bool(r[3]), float(r[4])) for r in reversed(rows)]

    def answer_texts(self, ids: Sequence[int]) -> dict[int, tuple[str, str, str]]:
        """(question JSON, answer, expected JSON) of the answers `ids`: what an answer without a
        kept reading is read from."""
        out: dict[int, tuple[str, str, str]] = {}
        for start in range(0, len(ids), 500):
            chunk = list(ids[start : start + 500])
            marks = ",".join("?" * len(chunk))
            for r in self._db.execute(
                f"SELECT id, question, answer, expected FROM answers WHERE id IN ({marks})", chunk
            ).fetchall():
                out[int(r[0])] = (str(r[1]), str(r[2]), str(r[3]))
        return out

    def keep_readings(self, readings: Sequence[tuple[int, str]]) -> None:
        """Keep the readings worked out for older answers, so each is worked out once. A
        database that cannot be written (read-only, busy) keeps nothing and loses nothing."""
        if not readings:
            return
        db = self._db
        waited = int(db.execute("PRAGMA busy_timeout").fetchone()[0])
        db.execute("PRAGMA busy_timeout = 200")  # another process writing: keep them next time
        try:
            with held_interrupt():
                db.execute("BEGIN IMMEDIATE")
                try:
                    db.executemany(
                        "UPDATE answers SET reading = ? WHERE id = ?", [(t, i) for i, t in readings]
                    )
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")
        except sqlite3.Error:
            if db.in_transaction:
                db.execute("ROLLBACK")
        finally:
            db.execute(f"PRAGMA busy_timeout = {waited}")

    def set_setting(self, *, user: str, key: str, value: str) -> None:
        with self._transaction():
            self._db.execute(
                "INSERT INTO settings (user, key, value) VALUES (?, ?, ?) "
                "ON CONFLICT (user, key) DO UPDATE SET value = excluded.value",
                (user, key, value),
            )

    def finish_streak(self, *, user: str, length: int, now: float) -> StreakRecord:
        """Keep a streak run: the best run is read and, when beaten, written in one transaction,
        so two sessions ending at once cannot lose the better one."""
        with self._transaction():
            row = self._db.execute(
                "SELECT value FROM settings WHERE user = ? AND key = ?", (user, BEST_KEY)
            ).fetchone()
            record, value = after_run(None if row is None else str(row[0]), length=length, now=now)
            if value is not None:
                self._db.execute(
                    "INSERT INTO settings (user, key, value) VALUES (?, ?, ?) "
                    "ON CONFLICT (user, key) DO UPDATE SET value = excluded.value",
                    (user, BEST_KEY, value),
                )
        return record

    def best_streak(self, *, user: str) -> StreakRecord:
        """The best streak run so far (best 0 when there is none)."""
        return parse_best(self.setting(user=user, key=BEST_KEY))

    # ------------------------------------------------------------------ reading

    def answer_times(self, *, user: str, since: float) -> list[float]:
        """When each answer since `since` was given (for the day streak)."""
        rows = self._db.execute(
            "SELECT answered_at FROM answers WHERE user = ? AND answered_at >= ?", (user, since)
        ).fetchall()
        return [float(r[0]) for r in rows]

    def setting(self, *, user: str, key: str) -> str | None:
        row = self._db.execute(
            "SELECT value FROM settings WHERE user = ? AND key = ?", (user, key)
        ).fetchone()
        return None if row is None else str(row[0])

    def _player(self, user: str, skill: str, family: str, *, now: float) -> tuple[SkillRating, float]:
        """The player's rating now, and the share of a rating period (a day) since it last moved:
        a whole one for a new player, a sliver between two answers of a session."""
        row = self._db.execute(
            "SELECT rating, rd, volatility, games, updated_at FROM ratings "
            "WHERE user = ? AND skill = ? AND family = ?",
            (user, skill, family),
        ).fetchone()
        if row is None:
            return SkillRating(skill=skill, family=family, rating=Rating(), games=0), 1.0
        # A rating left alone grows less certain: one rating period per idle day after the first
        # (the first day's share goes with the next answer, `update(periods=...)`).
        elapsed = max(0.0, (now - row[4]) / DAY)
        rating = idle(Rating(row[0], row[1], row[2]), elapsed - 1)
        return SkillRating(skill=skill, family=family, rating=rating, games=row[3]), min(1.0, elapsed)

    def rating(self, *, user: str, skill: str, family: str) -> Rating | None:
        row = self._db.execute(
            "SELECT rating, rd, volatility FROM ratings WHERE user = ? AND skill = ? AND family = ?",
            (user, skill, family),
        ).fetchone()
        return None if row is None else Rating(row[0], row[1], row[2])

    def ratings(self, *, user: str) -> list[SkillRating]:
        rows = self._db.execute(
            "SELECT skill, family, rating, rd, volatility, games FROM ratings WHERE user = ? "
            "ORDER BY skill, family",
            (user,),
        ).fetchall()
        return [
            SkillRating(skill=r[0], family=r[1], rating=Rating(r[2], r[3], r[4]), games=r[5]) for r in rows
        ]

    def rating_history(
        self, *, user: str, skill: str, family: str, since: float = float("-inf")
    ) -> list[tuple[float, float, float]]:
        """(time, rating, deviation) after each answer, oldest first."""
        rows = self._db.execute(
            "SELECT at, rating, rd FROM rating_history WHERE user = ? AND skill = ? AND family = ? "
            "AND at >= ? ORDER BY at, id",
            (user, skill, family, since),
        ).fetchall()
        return [(float(r[0]), float(r[1]), float(r[2])) for r in rows]

    def rating_before(
        self, *, user: str, skill: str, family: str, before: float
    ) -> tuple[float, float] | None:
        """(rating, deviation) after the last answer before `before` (where a chart's line starts)."""
        row = self._db.execute(
            "SELECT rating, rd FROM rating_history WHERE user = ? AND skill = ? AND family = ? AND at < ? "
            "ORDER BY at DESC, id DESC LIMIT 1",
            (user, skill, family, before),
        ).fetchone()
        return None if row is None else (float(row[0]), float(row[1]))

    def recent_ratings(self, *, user: str, skill: str, family: str, limit: int) -> list[float]:
        """The rating after each of the last `limit` answers, oldest first."""
        rows = self._db.execute(
            "SELECT rating FROM rating_history WHERE user = ? AND skill = ? AND family = ? "
            "ORDER BY at DESC, id DESC LIMIT ?",
            (user, skill, family, limit),
        ).fetchall()
        return [float(r[0]) for r in reversed(rows)]

    def pattern_rating(self, pattern: str, family: str) -> Rating | None:
        row = self._db.execute(
            "SELECT rating, rd, volatility FROM patterns WHERE pattern = ? AND family = ?", (pattern, family)
        ).fetchone()
        return None if row is None else Rating(row[0], row[1], row[2])

    def pattern_ratings(self, *, skill: str, family: str) -> dict[str, Rating]:
        """Every known pattern of a skill under a family, with its difficulty (all users' answers)."""
        rows = self._db.execute(
            "SELECT pattern, rating, rd, volatility FROM patterns WHERE skill = ? AND family = ?",
            (skill, family),
        ).fetchall()
        return {r[0]: Rating(r[1], r[2], r[3]) for r in rows}

    def card(self, *, user: str, pattern: str) -> CardItem | None:
        rows = self._cards("WHERE user = ? AND pattern = ?", (user, pattern))
        return rows[0] if rows else None

    def due_cards(self, *, user: str, now: float, limit: int | None = None) -> list[CardItem]:
        return self._cards(
            "WHERE user = ? AND due_at <= ? AND state != ? ORDER BY due_at, flagged DESC, pattern LIMIT ?",
            (user, now, SUSPENDED, -1 if limit is None else limit),
        )

    def due_times(self, *, user: str, since: float | None = None, before: float | None = None) -> list[float]:
        """When each review card not set aside falls due, from `since` up to `before` (for the
        7-day forecast: a forecast reads its own days, not every card)."""
        rows = self._db.execute(
            "SELECT due_at FROM cards WHERE user = ? AND due_at >= ? AND due_at < ? AND state != ?",
            (user, -1e300 if since is None else since, 1e300 if before is None else before, SUSPENDED),
        ).fetchall()
        return [float(r[0]) for r in rows]

    def due_before(self, *, user: str, before: float) -> int:
        """How many cards not set aside fall due before `before` (the overdue ones included)."""
        row = self._db.execute(
            "SELECT COUNT(*) FROM cards WHERE user = ? AND due_at < ? AND state != ?",
            (user, before, SUSPENDED),
        ).fetchone()
        return int(row[0])

    def suspended_since(self, *, user: str, since: float) -> list[CardItem]:
        """Cards set aside from daily review since `since` (to say so once, with what to do)."""
        return self._cards(
            "WHERE user = ? AND state = ? AND updated_at >= ? ORDER BY pattern", (user, SUSPENDED, since)
        )

    def due_keys(self, *, user: str, now: float, limit: int | None = None) -> list[tuple[str, str]]:
        """(pattern, ruleset) of the cards due now, in `due_cards` order: what a review needs to
        count and order its cards before it reads any question."""
        rows = self._db.execute(
            "SELECT pattern, ruleset FROM cards WHERE user = ? AND due_at <= ? AND state != ? "
            "ORDER BY due_at, flagged DESC, pattern LIMIT ?",
            (user, now, SUSPENDED, -1 if limit is None else limit),
        ).fetchall()
        return [(str(r[0]), str(r[1])) for r in rows]

    def flagged_cards(self, *, user: str) -> list[FlaggedCard]:
        """The flagged (often missed) cards, most lapses first, without reading their questions."""
        rows = self._db.execute(
            "SELECT pattern, json_extract(question, '$.id'), skill, lapses FROM cards "
            "WHERE user = ? AND flagged = 1 ORDER BY lapses DESC, pattern",
            (user,),
        ).fetchall()
        return [FlaggedCard(pattern=r[0], id=str(r[1]), drill=r[2], lapses=int(r[3])) for r in rows]

    def cards_summary(self, *, user: str, now: float, flagged: bool = True) -> dict[str, Any]:
        """Cards due now, waiting, the next due time, and the flagged (often missed) ones
        (`flagged=False`: only how many, for screens that show a count)."""
        due, waiting, next_due = self._db.execute(
            "SELECT SUM(due_at <= ?), SUM(due_at > ?), MIN(CASE WHEN due_at > ? THEN due_at END) "
            "FROM cards WHERE user = ? AND state != ?",
            (now, now, now, user, SUSPENDED),
        ).fetchone()
        out = {"due": int(due or 0), "waiting": int(waiting or 0), "next_due": next_due}
        if flagged:
            where = "WHERE user = ? AND flagged = 1 ORDER BY lapses DESC, pattern"
            out["flagged"] = self._cards(where, (user,))
        else:
            count = "SELECT COUNT(*) FROM cards WHERE user = ? AND flagged = 1"
            out["flagged_count"] = int(self._db.execute(count, (user,)).fetchone()[0])
        return out

    def _cards(self, where: str, args: Sequence[Any]) -> list[CardItem]:
        rows = self._db.execute(
            "SELECT pattern, question, ruleset, due_at, state, reps, lapses, flagged FROM cards " + where,
            tuple(args),
        ).fetchall()
        return list(_card_items(rows))


def _card_items(rows: Sequence[Sequence[Any]]) -> Iterator[CardItem]:
    for r in rows:
        yield CardItem(
            pattern=r[0],
            question=Question.from_dict(json.loads(r[1])),
            ruleset=r[2],
            due_at=float(r[3]),
            state=r[4],
            reps=r[5],
            lapses=r[6],
            flagged=bool(r[7]),
        )


def _triple(rating: Rating) -> tuple[float, float, float]:
    return rating.rating, rating.rd, rating.volatility
