"""A club night's state in SQLite beside the quiz file, so a restarted server resumes the same room.

One small database per quiz (`night.club.sqlite3` beside `night.yaml`): the room (code, teacher
secret, mode, where the night is), the players (a hash of each player's token, never the token),
and every accepted answer with the server's timing and the engine's verdict. Every change is one
transaction; the database is the truth and the server keeps no state of its own between requests.

This class is the only code that knows the night's tables: the club server (trainer.web) writes
through it, and the teacher's report (`crib quiz report`, the server's `/report`) reads the night
through it, opened read-only, so it lives here where both edges may import it.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trainer.drills.model import DrillError
from trainer.engine.errors import CribError, cause

SCHEMA_VERSION = 2
_SCHEMA = """
CREATE TABLE IF NOT EXISTS room (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    schema INTEGER NOT NULL,
    code TEXT NOT NULL,
    teacher_token TEXT NOT NULL,
    quiz_checksum TEXT NOT NULL,
    mode TEXT NOT NULL,
    seconds REAL NOT NULL,
    total_seconds REAL,
    state TEXT NOT NULL,
    current INTEGER NOT NULL DEFAULT -1,
    opened_at REAL,
    deadline REAL,
    paused_at REAL,
    paused_left REAL,
    revealed INTEGER NOT NULL DEFAULT 0,
    created_at REAL NOT NULL,
    locked INTEGER NOT NULL DEFAULT 0,
    reached INTEGER NOT NULL DEFAULT -1,
    speed_points INTEGER NOT NULL DEFAULT 0,
    teams TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS players (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    token_hash TEXT NOT NULL UNIQUE,
    joined_at REAL NOT NULL,
    started_at REAL,
    kicked INTEGER NOT NULL DEFAULT 0,
    readmit INTEGER NOT NULL DEFAULT 0,
    team TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS answers (
    player TEXT NOT NULL REFERENCES players(id),
    idx INTEGER NOT NULL,
    question_id TEXT NOT NULL,
    answer TEXT NOT NULL,
    correct INTEGER NOT NULL,
    at REAL NOT NULL,
    seconds REAL NOT NULL,
    received REAL NOT NULL,
    PRIMARY KEY (player, idx)
);
CREATE INDEX IF NOT EXISTS answers_by_question ON answers (idx, answer);
"""
# Columns added after version 1, with the statement that adds each to an older night's database.
_ADDED = {
    ("room", "locked"): "ALTER TABLE room ADD COLUMN locked INTEGER NOT NULL DEFAULT 0",
    ("room", "reached"): "ALTER TABLE room ADD COLUMN reached INTEGER NOT NULL DEFAULT -1",
    ("room", "speed_points"): "ALTER TABLE room ADD COLUMN speed_points INTEGER NOT NULL DEFAULT 0",
    ("players", "readmit"): "ALTER TABLE players ADD COLUMN readmit INTEGER NOT NULL DEFAULT 0",
    ("room", "teams"): "ALTER TABLE room ADD COLUMN teams TEXT NOT NULL DEFAULT ''",
    ("players", "team"): "ALTER TABLE players ADD COLUMN team TEXT NOT NULL DEFAULT ''",
}
TEAM_SEPARATOR = "\n"  # team names are one line each


class ClubStoreError(CribError):
    """The club database beside the quiz cannot be used (another quiz's, or not a database)."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def db_path_for(quiz_path: Path) -> Path:
    """`night.yaml` keeps its club night in `night.club.sqlite3` beside it, so a restarted
    server (`crib club serve night.yaml`) resumes the same room."""
    return quiz_path.with_name(f"{quiz_path.stem}.club.sqlite3")


club_db_for = db_path_for  # the name the CLI and the report use


@dataclass(frozen=True, kw_only=True)
class RoomRow:
    code: str
    teacher_token: str
    quiz_checksum: str
    mode: str
    seconds: float
    total_seconds: float | None
    state: str
    current: int
    opened_at: float | None
    deadline: float | None
    paused_at: float | None
    paused_left: float | None
    revealed: bool
    locked: bool = False  # the teacher closed the lobby: nobody new may join
    reached: int = -1  # the furthest question opened in live mode (the teacher may go back)
    speed_points: bool = False  # points for speed and streaks (trainer.web.points)
    teams: tuple[str, ...] = ()  # the night's teams, if it has any


@dataclass(frozen=True, kw_only=True)
class PlayerRow:
    id: str
    name: str
    joined_at: float
    started_at: float | None
    kicked: bool
    readmit: bool = False  # the teacher lets the next join under this name take this place
    team: str = ""  # the player's team ("" for none)


@dataclass(frozen=True, kw_only=True)
class AnswerRow:
    player: str
    idx: int
    question_id: str
    answer: str
    correct: bool
    at: float
    seconds: float


class ClubStore:
    """Thin, typed access to the night's tables; callers hold `transaction()` for every change."""

    def __init__(self, path: Path, *, read_only: bool = False) -> None:
        self.path = path
        self._room_row: RoomRow | None = None
        self._by_token: dict[str, PlayerRow | None] = {}
        self._players: list[PlayerRow] | None = None
        if read_only:
            self._db = _open_read_only(path)
            return
        if not path.exists():  # it holds the teacher's secret: readable by the teacher only
            path.touch(mode=0o600)
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(_SCHEMA)
            self._add_columns()
        except sqlite3.DatabaseError as exc:
            self._db.close()
            raise ClubStoreError(
                f"{path}: not a club database ({exc}); move it away or start with --fresh",
                key="club_web.err.bad_db",
                path=path,
            ) from None

    def close(self) -> None:
        self._db.close()

    def _add_columns(self) -> None:
        """Bring a night stored by an older version up to this schema (in one transaction)."""
        with self.transaction() as db:
            for (table, column), statement in _ADDED.items():
                have = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
                if column not in have:
                    db.execute(statement)

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            self._forget()
            raise
        self._db.execute("COMMIT")

    # ------------------------------------------------------------------ room

    def _forget(self, *, room: bool = True, players: bool = True) -> None:
        """Drop the rows read since the last change (the room's row, players by token): every
        write below that touches them calls this, and so does a rollback."""
        if room:
            self._room_row = None
        if players:
            self._by_token.clear()
            self._players = None

    def room(self) -> RoomRow | None:
        """The room's row, read once per change of it (a request asks for it several times)."""
        if self._room_row is None:
            self._room_row = self._read_room()
        return self._room_row

    def _read_room(self) -> RoomRow | None:
        cursor = self._db.execute("SELECT * FROM room WHERE id = 1")  # an archived night may lack new columns
        row = cursor.fetchone()
        if row is None:
            return None
        values = dict(zip((d[0] for d in cursor.description), row, strict=True))
        return RoomRow(
            code=values["code"],
            teacher_token=values["teacher_token"],
            quiz_checksum=values["quiz_checksum"],
            mode=values["mode"],
            seconds=values["seconds"],
            total_seconds=values["total_seconds"],
            state=values["state"],
            current=values["current"],
            opened_at=values["opened_at"],
            deadline=values["deadline"],
            paused_at=values["paused_at"],
            paused_left=values["paused_left"],
            revealed=bool(values["revealed"]),
            locked=bool(values.get("locked", 0)),
            reached=max(int(values.get("reached", -1)), int(values["current"])),
            speed_points=bool(values.get("speed_points", 0)),
            teams=tuple(t for t in str(values.get("teams") or "").split(TEAM_SEPARATOR) if t),
        )

    def create_room(
        self,
        *,
        code: str,
        teacher_token: str,
        checksum: str,
        mode: str,
        seconds: float,
        total_seconds: float | None,
        now: float,
        speed_points: bool = False,
        teams: tuple[str, ...] = (),
    ) -> None:
        self._forget()
        with self.transaction() as db:
            db.execute(
                """INSERT INTO room (id, schema, code, teacher_token, quiz_checksum, mode, seconds,
                   total_seconds, state, created_at, speed_points, teams)
                   VALUES (1, ?, ?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?)""",
                (
                    SCHEMA_VERSION,
                    code,
                    teacher_token,
                    checksum,
                    mode,
                    seconds,
                    total_seconds,
                    now,
                    int(speed_points),
                    TEAM_SEPARATOR.join(teams),
                ),
            )

    def update_room(self, db: sqlite3.Connection, **fields: Any) -> None:
        self._forget(players=False)
        names = ", ".join(f"{k} = ?" for k in fields)
        db.execute(f"UPDATE room SET {names} WHERE id = 1", tuple(fields.values()))

    # ------------------------------------------------------------------ players

    def add_player(
        self, db: sqlite3.Connection, *, player: str, name: str, key: str, token: str, now: float
    ) -> bool:
        """False when the name (by its key) is taken in this room."""
        self._forget(room=False)
        try:
            db.execute(
                "INSERT INTO players (id, name, name_key, token_hash, joined_at) VALUES (?, ?, ?, ?, ?)",
                (player, name, key, token_hash(token), now),
            )
        except sqlite3.IntegrityError:
            return False
        return True

    def set_team(self, db: sqlite3.Connection, *, player: str, team: str) -> bool:
        """Put a player in a team ("" for none); False when there is no such player."""
        self._forget(room=False)
        return bool(db.execute("UPDATE players SET team = ? WHERE id = ?", (team, player)).rowcount)

    def player_count(self, db: sqlite3.Connection) -> int:
        """Players in the room now: a removed player's seat is free again."""
        return int(db.execute("SELECT COUNT(*) FROM players WHERE kicked = 0").fetchone()[0])

    def start_clock(self, db: sqlite3.Connection, *, player: str, now: float) -> float:
        """Start a self-paced player's clock unless it has started; when it started."""
        self._forget(room=False)
        db.execute("UPDATE players SET started_at = ? WHERE id = ? AND started_at IS NULL", (now, player))
        return float(db.execute("SELECT started_at FROM players WHERE id = ?", (player,)).fetchone()[0])

    def shift_clocks(self, db: sqlite3.Connection, *, seconds: float) -> None:
        """Move every started clock on by a pause, so the pause does not count."""
        self._forget(room=False)
        db.execute("UPDATE players SET started_at = started_at + ? WHERE started_at IS NOT NULL", (seconds,))

    def kick(self, db: sqlite3.Connection, *, player: str) -> bool:
        """Remove a player, freeing the name; False when there is no such player in the room."""
        self._forget(room=False)
        changed = db.execute(
            """UPDATE players SET kicked = 1, name_key = name_key || '#removed-' || id
               WHERE id = ? AND kicked = 0""",
            (player,),
        ).rowcount
        return bool(changed)

    def allow_rejoin(self, db: sqlite3.Connection, *, player: str) -> str:
        """Let a player's next join under the same name take over their place and answers (the
        teacher's choice: a phone died); a removed player comes back unless the name has been taken
        meanwhile. 'ok', 'no_player' or 'name_taken'."""
        self._forget(room=False)
        row = db.execute("SELECT name_key, kicked FROM players WHERE id = ?", (player,)).fetchone()
        if row is None:
            return "no_player"
        key = str(row[0]).split("#removed-")[0]
        if row[1] and db.execute("SELECT 1 FROM players WHERE name_key = ?", (key,)).fetchone():
            return "name_taken"
        db.execute("UPDATE players SET readmit = 1, kicked = 0, name_key = ? WHERE id = ?", (key, player))
        return "ok"

    def rejoin(self, db: sqlite3.Connection, *, key: str, token: str) -> str | None:
        """The player waiting to be re-admitted under this name, now holding `token` (the old
        device's token stops working); None when nobody with this name is waiting."""
        self._forget(room=False)
        row = db.execute(
            "SELECT id FROM players WHERE name_key = ? AND readmit = 1 AND kicked = 0", (key,)
        ).fetchone()
        if row is None:
            return None
        db.execute("UPDATE players SET token_hash = ?, readmit = 0 WHERE id = ?", (token_hash(token), row[0]))
        return str(row[0])

    def player_by_token(self, token: str) -> PlayerRow | None:
        """The player holding `token`, read once per change of the players (a phone asks on
        every request)."""
        hashed = token_hash(token)
        if hashed not in self._by_token:
            if len(self._by_token) > 4096:  # forged tokens must not grow the cache without end
                self._by_token.clear()
            cursor = self._db.execute("SELECT * FROM players WHERE token_hash = ?", (hashed,))
            rows = _player_rows(cursor)
            self._by_token[hashed] = rows[0] if rows else None
        return self._by_token[hashed]

    def players(self) -> list[PlayerRow]:
        # every column, named: an archived night's table may lack the newer ones
        if self._players is None:
            self._players = _player_rows(self._db.execute("SELECT * FROM players ORDER BY joined_at, id"))
        return list(self._players)

    # ------------------------------------------------------------------ answers

    def answers(self, player: str | None = None) -> list[AnswerRow]:
        query = "SELECT player, idx, question_id, answer, correct, at, seconds FROM answers"
        args: tuple[Any, ...] = ()
        if player is not None:
            query += " WHERE player = ?"
            args = (player,)
        rows = self._db.execute(query + " ORDER BY player, idx", args).fetchall()
        return [AnswerRow(**dict(zip(_ANSWER_COLS, r, strict=True))) for r in rows]

    def answer_marks(self) -> list[tuple[str, int, bool, float]]:
        """(player, question index, right, seconds) of every answer: what the room's running
        totals start from when a night is opened or resumed."""
        rows = self._db.execute("SELECT player, idx, correct, seconds FROM answers").fetchall()
        return [(str(r[0]), int(r[1]), bool(r[2]), float(r[3])) for r in rows]

    def answer_counts(self, idx: int) -> list[tuple[str, bool, int]]:
        """(answer, right, how many) for one question, players present only: the reveal's chart."""
        rows = self._db.execute(
            """SELECT a.answer, a.correct, COUNT(*) FROM answers a JOIN players p ON p.id = a.player
               WHERE a.idx = ? AND p.kicked = 0 GROUP BY a.answer, a.correct
               ORDER BY COUNT(*) DESC, a.answer""",
            (idx,),
        ).fetchall()
        return [(str(r[0]), bool(r[1]), int(r[2])) for r in rows]

    def submission_rows(self) -> list[tuple[str, str, str, float, float]]:
        """(player, question id, answer, at, seconds) of every answer, in order: what a report
        regrades, read without building a row object per answer."""
        return self._db.execute(
            "SELECT player, question_id, answer, at, seconds FROM answers ORDER BY player, idx"
        ).fetchall()

    def count_answers(self, idx: int) -> int:
        row = self._db.execute(
            """SELECT COUNT(*) FROM answers a JOIN players p ON p.id = a.player
               WHERE a.idx = ? AND p.kicked = 0""",
            (idx,),
        ).fetchone()
        return int(row[0])

    def add_answer(self, db: sqlite3.Connection, row: AnswerRow, *, received: float) -> bool:
        """False when this player already answered this question."""
        try:
            db.execute(
                """INSERT INTO answers (player, idx, question_id, answer, correct, at, seconds, received)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?)""",
                (
                    row.player,
                    row.idx,
                    row.question_id,
                    row.answer,
                    int(row.correct),
                    row.at,
                    row.seconds,
                    received,
                ),
            )
        except sqlite3.IntegrityError:
            return False
        return True


def _open_read_only(path: Path) -> sqlite3.Connection:
    """The night as the report reads it: never created or changed, and refused (as a one-line
    error) unless it holds a night's tables."""
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
    except sqlite3.Error as exc:
        raise DrillError(
            f"{path}: cannot open the club database ({exc})",
            key="raised.club.club_open",
            path=path,
            reason=cause(exc),
        ) from None
    try:
        for table in ("room", "players", "answers"):
            db.execute(f"SELECT 1 FROM {table} LIMIT 0")
    except sqlite3.Error as exc:
        db.close()
        raise DrillError(
            f"{path}: not a club-night database ({exc})",
            key="raised.club.not_club",
            path=path,
            reason=cause(exc),
        ) from None
    return db


def _player_rows(cursor: sqlite3.Cursor) -> list[PlayerRow]:
    names = [d[0] for d in cursor.description]
    out = []
    for row in cursor.fetchall():
        values = dict(zip(names, row, strict=True))
        out.append(
            PlayerRow(
                id=values["id"],
                name=values["name"],
                joined_at=values["joined_at"],
                started_at=values["started_at"],
                kicked=bool(values["kicked"]),
                readmit=bool(values.get("readmit", 0)),
                team=str(values.get("team") or ""),
            )
        )
    return out


_ANSWER_COLS = ("player", "idx", "question_id", "answer", "correct", "at", "seconds")
