"""A long history costs what is shown, not what is stored: `crib stats` on a seeded database of a
few thousand answers (built through the store by bench/history_db.py) gives exactly the JSON
today's code gave before stats were computed in SQL (tests/golden/stats_history.json, made
from the full-scan computation), and an old database migrates to the new tables with nothing
lost."""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import time
from collections.abc import Iterator
from itertools import islice
from pathlib import Path

import pytest

from trainer.cli.app import main
from trainer.drills.model import Attempt, Grade, Question
from trainer.engine.ruleset import Ruleset
from trainer.store.store import SCHEMA_VERSION, Store
from trainer.training.records import Context

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "stats_history.json"
NOW = 1_780_000_000.0  # a fixed moment (2026-05-28 UTC); the history ends here

sys.path.insert(0, str(ROOT / "bench"))


@pytest.fixture
def utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Calendar days in UTC, so the per-day figures do not depend on the machine's zone."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.delenv("TZ")
    time.tzset()


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """45 days of 36 answers, and 3 game mistakes a day; the database file is copied per test."""
    from history_db import build, pool

    os.environ["TZ"] = "UTC"
    time.tzset()
    try:
        path = tmp_path_factory.mktemp("history") / "history.sqlite3"
        build(path, days=45, now=NOW, per_day=36, mistakes_per_day=3, questions=pool(per_kind=2))
    finally:
        del os.environ["TZ"]
        time.tzset()
    return path


def _stats(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, db: Path) -> object:
    monkeypatch.setenv("CRIB_DB", str(db))
    monkeypatch.setenv("CRIB_USER", "player")
    monkeypatch.setattr(time, "time", lambda: NOW)
    code = main(["stats", "--json", "--days", "30"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def _copy(src: Path, dst: Path) -> Path:
    dst.write_bytes(src.read_bytes())
    return dst


def test_stats_on_a_long_history_equal_the_full_scan_computation(
    history: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    utc: None,
) -> None:
    report = _stats(capsys, monkeypatch, _copy(history, tmp_path / "p.sqlite3"))
    if os.environ.get("CRIB_WRITE_GOLDEN"):
        GOLDEN.write_text(json.dumps(report, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    assert report == json.loads(GOLDEN.read_text(encoding="utf-8"))


def _as_version_5(path: Path) -> None:
    """Turn a database back into schema 5: what a user upgrading from today's crib has (the
    totals and indexes of migration 6 and the game decisions of migration 7 gone, the backfill
    flag never set)."""
    with sqlite3.connect(path) as db:
        for table in ("answer_totals", "answer_days", "answer_tenths", "game_decisions"):
            db.execute(f"DROP TABLE {table}")
        for (index,) in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND name NOT IN "
            "('answers_user_time', 'review_due', 'rating_history_by', 'cards_due', 'games_user')"
        ).fetchall():
            db.execute(f"DROP INDEX {index}")
        db.execute("DELETE FROM settings WHERE key = 'ratings_backfilled'")
        db.execute("DROP INDEX IF EXISTS game_decisions_user")
        db.execute("UPDATE schema_version SET version = 5")
    db.close()


def test_an_old_database_migrates_with_nothing_lost(
    history: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    utc: None,
) -> None:
    old = _copy(history, tmp_path / "old.sqlite3")
    _as_version_5(old)
    with sqlite3.connect(old) as db:
        answers = db.execute("SELECT COUNT(*) FROM answers").fetchone()[0]
    db.close()
    # schema 5 had no game decisions: migration 7 rebuilds them from the games' records, and the
    # built history's records carry only actions, so its game figures start empty
    migrated = _stats(capsys, monkeypatch, old)
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert migrated.pop("game_figures") == []
    golden.pop("game_figures")
    assert migrated == golden
    with Store.open(old) as store:
        assert store.version() == SCHEMA_VERSION == 8
        assert store.count_answers() == answers
        # Only game mistakes have a `question:` pattern here, and they were rated when stored:
        # nothing waits for the backfill, and the migration recorded it.
        assert store.setting(user="", key="ratings_backfilled") == "none"
        assert not store.needs_backfill()


def test_answers_from_before_ratings_still_wait_for_the_backfill(tmp_path: Path) -> None:
    """A game mistake (rated when stored) is not an answer from before ratings; an answer older
    than every rating game with a `question:` pattern is."""
    path = tmp_path / "p.sqlite3"
    with Store.open(path) as store:
        store.record(_mistake(), context=_GAME, now=NOW)
    _as_version_5(path)
    with sqlite3.connect(path) as db:
        db.execute(
            "INSERT INTO answers (session, seq, answered_at, user, mode, drill, form, ruleset, level, theme,"
            " question_id, question, answer, expected, correct, seconds, pattern)"
            " SELECT 'old', 1, answered_at - 86400, user, 'drill', drill, form, ruleset, level, theme,"
            " question_id, question, answer, expected, 1, 5.0, pattern FROM answers"
        )
    db.close()
    with Store.open(path) as store:
        assert store.setting(user="", key="ratings_backfilled") is None
        assert store.needs_backfill()
        ((_, question),) = store.legacy_answers()  # the old answer, not the game's mistake
        assert question.id == "count-mistake-00000"
        store.replay_legacy([])
        assert not store.needs_backfill()


_GAME = Context(session="game-1", user="player", mode="game", ruleset="classic")


def _mistake(n: int = 0) -> Attempt:
    question = Question(
        kind="count",
        form="total",
        ruleset="classic",
        data={"hand": ["5H", "5C", "JD", "QS"], "starter": "2C"},
        id=f"count-mistake-{n:05d}",
    )
    grade = Grade(correct=False, expected=8, expected_text="8", answer="6", points_lost=2.0)
    return Attempt(question=question, answer="6", grade=grade, seconds=0.0, number=n + 1)


def test_review_with_thousands_due_builds_at_most_two_before_asking(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """2,000 cards due: the first question is on screen after building at most two (the one
    asked and the one prefetched), not all of them."""
    import trainer.cli.drill.drill_runner as runner
    import trainer.cli.drill.review_run as review_run

    path = tmp_path / "p.sqlite3"
    with Store.open(path) as store:
        store._db.execute("PRAGMA synchronous = OFF")
        for n in range(2000):
            store.record(_mistake(n), context=_GAME, now=NOW + n)
    built: list[str] = []
    at_first: list[int] = []
    real_variant, real_show = review_run.variant, runner.show_question

    def counting_variant(question: Question, *args: object, **kwargs: object) -> Question:
        built.append(question.id)
        return real_variant(question, *args, **kwargs)  # type: ignore[arg-type]

    def first_shown(*args: object, **kwargs: object) -> object:
        if not at_first:
            at_first.append(len(built))
        return real_show(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(review_run, "variant", counting_variant)
    monkeypatch.setattr(runner, "show_question", first_shown)
    monkeypatch.setenv("CRIB_DB", str(path))
    monkeypatch.setenv("CRIB_USER", "player")
    answers = tmp_path / "answers.txt"
    answers.write_text("8\n", encoding="utf-8")
    code = main(["drill", "review", "--answers", str(answers), "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert at_first and at_first[0] <= 2, (out[-800:], err[-800:], len(built))
    assert len(built) <= 3  # asked, prefetched, and the next one prefetched after the answer
    report = json.loads(out)
    assert report["asked"] == 1 and report["due"] == 1999


def test_a_candidate_near_enough_is_asked_without_making_the_others(classic: Ruleset) -> None:
    """The adaptive stream makes candidates one at a time: one within NEAR_ENOUGH of the target
    is asked at once; otherwise the nearest of CANDIDATES is."""
    from trainer.drills.generators import DrillSpec
    from trainer.training.adaptive import CANDIDATES, NEAR_ENOUGH, near_rating

    spec = DrillSpec(drills=("count",), ruleset=classic, seed=5)
    judged: list[str] = []

    def near(question: Question) -> float:
        judged.append(question.id)
        return 1500.0 + NEAR_ENOUGH

    asked = list(islice(near_rating(spec, target=lambda: 1500.0, difficulty=near), 3))
    assert len(asked) == 3 and judged == [q.id for q in asked]
    judged.clear()
    gaps = iter(range(1000, 0, -1))

    def far(question: Question) -> float:
        judged.append(question.id)
        return 1500.0 + 100 + next(gaps)

    (best,) = islice(near_rating(spec, target=lambda: 1500.0, difficulty=far), 1)
    assert len(judged) == CANDIDATES and best.id == judged[-1]  # the last made was the nearest
