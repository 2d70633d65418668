"""The progress database: versioned schema and migrations, WAL, one transaction per answer,
review boxes updated with the answer, and two processes writing at once without losing or
duplicating a row."""

from __future__ import annotations

import multiprocessing
import signal
import sqlite3
import threading
from pathlib import Path

import pytest

from trainer.cli.progress_db import default_db_path
from trainer.drills.interrupts import held_interrupt
from trainer.drills.model import Attempt, DrillError, Grade, Question
from trainer.store.store import (
    MIGRATIONS,
    SCHEMA_VERSION,
    Context,
    Store,
)


def attempt(n: int, *, correct: bool = True, seconds: float = 3.0, hand: str = "5H 5C 5S JD") -> Attempt:
    q = Question(
        kind="count",
        form="total",
        ruleset="classic",
        data={"hand": hand.split(), "starter": "5D", "crib": False},
    )
    g = Grade(
        correct=correct,
        expected=29,
        expected_text="29",
        answer=29 if correct else 28,
        points_lost=0 if correct else 1,
    )
    return Attempt(question=q, answer="29" if correct else "28", grade=g, seconds=seconds, number=n)


CTX = Context(session="s1", user="ann", mode="drill", ruleset="classic")


def test_a_new_database_is_at_the_current_version_in_wal_mode(tmp_path: Path) -> None:
    with Store.open(tmp_path / "p.sqlite3") as store:
        assert store.version() == SCHEMA_VERSION == len(MIGRATIONS)
    db = sqlite3.connect(tmp_path / "p.sqlite3")
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_version_1_database_is_migrated_and_keeps_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    db.execute("INSERT INTO schema_version VALUES (1)")
    db.executescript(str(MIGRATIONS[0]))
    db.execute(
        "INSERT INTO answers (session, seq, answered_at, user, mode, drill, form, ruleset, level, theme,"
        " question_id, question, answer, expected, correct, seconds)"
        " VALUES ('old', 1, 5.0, 'ann', 'drill', 'count', 'total', 'classic', 'beginner', 'pairs',"
        " 'q1', '{}', '2', '2', 1, 1.5)"
    )
    db.commit()
    db.close()
    with Store.open(path) as store:
        assert store.version() == SCHEMA_VERSION
        assert store.count_answers() == 1
        store.record(attempt(1, correct=False), context=CTX, now=10.0)
        assert store.due(user="ann", now=10.0) == []  # FSRS: a miss is asked again a minute later
        assert len(store.due(user="ann", now=70.0)) == 1


def test_a_newer_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    Store.open(path).close()
    db = sqlite3.connect(path)
    db.execute("UPDATE schema_version SET version = 99")
    db.commit()
    db.close()
    with pytest.raises(DrillError, match="newer Cribbage Coach"):
        Store.open(path)


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("shopping list\n" * 100)
    with pytest.raises(DrillError, match="not a progress database"):
        Store.open(path)


def test_db_path_comes_from_crib_db(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CRIB_DB", str(tmp_path / "x.sqlite3"))
    assert default_db_path() == tmp_path / "x.sqlite3"
    monkeypatch.delenv("CRIB_DB")
    assert default_db_path().name == "progress.sqlite3"


@pytest.mark.parametrize("xdg", [None, "", "   ", "/srv/data"])
def test_the_data_folder_is_platformdirs_own_without_importing_it(
    monkeypatch: pytest.MonkeyPatch, xdg: str | None
) -> None:
    import sys

    from platformdirs import user_data_dir

    from trainer.cli.progress_db import _data_dir

    if xdg is None:
        monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_DATA_HOME", xdg)
    if sys.platform.startswith("linux"):
        assert _data_dir() == Path(user_data_dir("cribbage-coach"))


def test_every_field_of_an_answer_is_stored(tmp_path: Path) -> None:
    with Store.open(tmp_path / "p.sqlite3") as store:
        store.record(attempt(1, correct=False, seconds=7.5), context=CTX, now=50.0)
        (row,) = store.answers(user="ann")
    assert (row.drill, row.form, row.ruleset, row.answer, row.expected) == (
        "count",
        "total",
        "classic",
        "28",
        29,
    )
    assert (row.correct, row.points_lost, row.seconds, row.answered_at) == (False, 1.0, 7.5, 50.0)


def test_missed_and_slow_answers_are_scheduled_quick_right_ones_are_not(tmp_path: Path) -> None:
    with Store.open(tmp_path / "p.sqlite3") as store:
        store.record(attempt(1, correct=True, seconds=2, hand="2H 3C 9S KD"), context=CTX, now=0.0)
        store.record(attempt(2, correct=True, seconds=60, hand="4H 4C 9S KD"), context=CTX, now=0.0)
        store.record(attempt(3, correct=False, hand="6H 7C 9S KD"), context=CTX, now=0.0)
        soon = store.due(user="ann", now=60.0)
        assert [item.question.data["hand"][0] for item in soon] == ["6H"]  # missed: again in a minute
        tomorrow = store.due(user="ann", now=86_400.0)
        assert sorted(item.question.data["hand"][0] for item in tomorrow) == ["4H", "6H"]  # slow: hard
        assert store.due(user="bob", now=1e9) == []


def test_missed_again_and_again_is_flagged(tmp_path: Path) -> None:
    with Store.open(tmp_path / "p.sqlite3") as store:
        for n in range(1, 4):
            store.record(attempt(n, correct=False), context=CTX, now=float(n))
        summary = store.review_summary(user="ann", now=100.0)
    assert summary["due"] == 1 and [i.lapses for i in summary["flagged"]] == [3]


def test_ctrl_c_during_a_commit_is_delivered_after_it() -> None:
    reached_end = False
    with pytest.raises(KeyboardInterrupt), held_interrupt():
        # To this thread: a process-wide signal may be taken by another thread (pytest-xdist's).
        signal.pthread_kill(threading.get_ident(), signal.SIGINT)
        reached_end = True
    assert reached_end


def _writer(path: str, session: str, count: int) -> None:
    with Store.open(Path(path)) as store:
        ctx = Context(session=session, user="ann", mode="drill", ruleset="classic")
        for n in range(1, count + 1):
            store.record(attempt(n, correct=n % 3 != 0, hand="5H 5C 5S JD"), context=ctx, now=float(n))


def test_two_processes_answering_into_one_database(tmp_path: Path) -> None:
    path = str(tmp_path / "shared.sqlite3")
    spawn = multiprocessing.get_context("spawn")
    workers = [spawn.Process(target=_writer, args=(path, f"s{i}", 60)) for i in range(2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(60)
        assert w.exitcode == 0
    db = sqlite3.connect(path)
    rows = db.execute("SELECT session, seq FROM answers").fetchall()
    assert len(rows) == 120 and len(set(rows)) == 120
    assert {s for s, _ in rows} == {"s0", "s1"}
    # Both sessions missed the same question 20 times each: one review row, lapses from both.
    (lapses,) = db.execute("SELECT lapses FROM cards").fetchone()
    assert lapses == 40
