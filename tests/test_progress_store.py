"""One progress store: lesson progress and kept games are steps of the store's schema (one
connection, one guard, one transaction per change), the user is always handed in by the caller,
and nothing below the CLI reads CRIB_USER or CRIB_DB."""

from __future__ import annotations

import ast
import json
import os
import sqlite3
from pathlib import Path

import pytest
from helpers import run

from trainer.drills.model import DrillError
from trainer.play.session import GameRecord
from trainer.store.game_tables import GameStore
from trainer.store.lesson_tables import LessonStatus
from trainer.store.store import MIGRATIONS, SCHEMA_VERSION, Store
from trainer.store.training_tables import MIGRATION_3

Cap = pytest.CaptureFixture[str]
DRILLS = Path(__file__).resolve().parents[1] / "trainer" / "drills"

# The tables as `crib learn` and `crib play` created them before they became migrations 4 and 5
# (`CREATE TABLE IF NOT EXISTS` on first use, outside the store's versioning).
OLD_LESSON_TABLE = """
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
OLD_GAMES_TABLE = """
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


def _version_3_database(path: Path, *, with_old_tables: bool) -> None:
    """A database as the last release left it: schema 3, and (after `crib learn` and `crib play`)
    the lesson and games tables made outside the migrations."""
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    db.execute("INSERT INTO schema_version VALUES (3)")
    db.executescript(str(MIGRATIONS[0]))
    db.executescript(str(MIGRATIONS[1]))
    MIGRATION_3(db)
    db.execute(
        "INSERT INTO answers (session, seq, answered_at, user, mode, drill, form, ruleset, level, theme,"
        " question_id, question, answer, expected, correct, seconds)"
        " VALUES ('old', 1, 5.0, 'ann', 'lesson', 'count', 'total', 'classic', 'beginner', 'pairs',"
        " 'q1', '{}', '2', '2', 1, 1.5)"
    )
    if with_old_tables:
        db.executescript(OLD_LESSON_TABLE + ";" + OLD_GAMES_TABLE)
        db.executemany(
            "INSERT INTO lesson_progress (user, lesson, read_at, drilled_at, best_correct, asked)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [("ann", "01-fifteens", 1.0, 2.0, 3, 3), ("ann", "02-pairs", 4.0, None, 0, 0)],
        )
        record = GameRecord(ruleset="classic", level="club", coach="live", seed=7)
        db.execute(
            "INSERT INTO games (user, started_at, updated_at, ruleset, level, coach, seed, status, record)"
            " VALUES ('ann', 1.0, 1.0, 'classic', 'club', 'live', 7, 'active', ?)",
            (json.dumps(record.to_json()),),
        )
    db.commit()
    db.close()


def test_an_old_database_keeps_its_lesson_progress_games_and_answers_after_the_migration(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.sqlite3"
    _version_3_database(path, with_old_tables=True)
    with Store.open(path) as store:
        assert store.version() == SCHEMA_VERSION == 8
        assert [(r.question_id, r.mode) for r in store.answers(user="ann")] == [("q1", "lesson")]
        statuses = store.lesson_statuses(user="ann")
        assert statuses == {
            "01-fifteens": LessonStatus(lesson="01-fifteens", read=True, best_correct=3, asked=3),
            "02-pairs": LessonStatus(lesson="02-pairs", read=True),
        }
        # kept, but a three-question drill of the old ladder is not the mastery check (8 of 10)
        assert not statuses["01-fifteens"].passed and not statuses["02-pairs"].passed
    with GameStore.open(path) as games:
        (game,) = games.games(user="ann")
        assert (game.status, game.record.seed) == ("active", 7)
        assert games.latest_active(user="ann") == game


def test_an_old_database_without_the_lesson_table_gets_it_from_the_migration(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    _version_3_database(path, with_old_tables=False)
    with Store.open(path) as store:
        assert store.lesson_statuses(user="ann") == {}
        store.mark_lesson_read(user="ann", lesson="03-runs", now=9.0)
        assert store.lesson_statuses(user="ann")["03-runs"].read
    with GameStore.open(path) as games:
        assert games.games(user="ann") == []


def test_lesson_progress_is_read_back_for_its_user_only(tmp_path: Path) -> None:
    with Store.open(tmp_path / "p.sqlite3") as store:
        store.mark_lesson_read(user="ann", lesson="01-fifteens", now=1.0)
        store.record_lesson_drill(user="ann", lesson="01-fifteens", correct=2, asked=3, now=2.0)
        store.record_lesson_drill(user="ann", lesson="01-fifteens", correct=1, asked=3, now=3.0)  # worse
        store.record_lesson_drill(user="bob", lesson="02-pairs", correct=0, asked=3, now=4.0)
    with Store.open(tmp_path / "p.sqlite3") as store:  # committed: a new connection sees it
        assert store.lesson_statuses(user="ann") == {
            "01-fifteens": LessonStatus(lesson="01-fifteens", read=True, best_correct=2, asked=3)
        }
        assert store.lesson_statuses(user="bob") == {
            "02-pairs": LessonStatus(lesson="02-pairs", read=False, best_correct=0, asked=3)
        }
        assert store.lesson_statuses(user="cat") == {}


def test_a_damaged_lesson_table_is_a_one_line_error_like_any_other_table(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    Store.open(path).close()
    db = sqlite3.connect(path)
    db.execute("DROP TABLE lesson_progress")
    db.commit()
    db.close()
    with Store.open(path) as store, pytest.raises(DrillError, match="is damaged"):
        store.lesson_statuses(user="ann")


def test_the_drills_layer_reads_no_environment() -> None:
    """CRIB_USER and CRIB_DB are read at the edge (trainer/cli/progress_db.py); the store is
    handed a path and a user."""
    readers = []
    for path in sorted(DRILLS.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in ("environ", "getenv", "getuser"):
                readers.append(f"{path.name}:{node.lineno}")
    assert readers == []


def test_quiz_take_files_answers_under_the_student_without_touching_the_environment(
    capsys: Cap, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    quiz = tmp_path / "quiz.yaml"
    code, _, err = run(capsys, "quiz", "make", "-n", "3", "--seed", "3", "--drills", "count", "-o", str(quiz))
    assert code == 0, err
    monkeypatch.setenv("CRIB_USER", "teacher")
    written: list[str] = []

    class Watched(os._Environ):  # type: ignore[type-arg,name-defined]
        def __setitem__(self, key: str, value: str) -> None:
            written.append(key)
            super().__setitem__(key, value)

    watched = Watched(
        os.environ._data,  # type: ignore[attr-defined]
        os.environ.encodekey,  # type: ignore[attr-defined]
        os.environ.decodekey,  # type: ignore[attr-defined]
        os.environ.encodevalue,  # type: ignore[attr-defined]
        os.environ.decodevalue,  # type: ignore[attr-defined]
    )
    monkeypatch.setattr(os, "environ", watched)
    answers = tmp_path / "answers.txt"
    answers.write_text("1\n2\n3\n", encoding="utf-8")
    db = tmp_path / "p.sqlite3"
    code, _, err = run(
        capsys, "quiz", "take", str(quiz), "--name", "Anna", "--db", str(db), "--answers", str(answers),
        "--results", str(tmp_path / "results"),
    )  # fmt: skip
    assert code == 0, err
    assert "CRIB_USER" not in written
    with Store.open(db) as store:
        assert len(store.answers(user="Anna")) == 3
        assert store.answers(user="teacher") == []


def test_crib_learn_keeps_the_ladder_for_the_user_the_cli_names(
    capsys: Cap, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "p.sqlite3"
    monkeypatch.setenv("CRIB_USER", "ann")
    code, _, err = run(capsys, "learn", "1", "--no-drill", "--db", str(db), "--no-pager")
    assert code == 0, err
    monkeypatch.setenv("CRIB_USER", "bob")
    code, out, err = run(capsys, "learn", "--json", "--db", str(db))
    assert code == 0, err
    assert not json.loads(out)["lessons"][0]["read"]
    with Store.open(db) as store:
        assert store.lesson_statuses(user="ann")["01-fifteens"].read
