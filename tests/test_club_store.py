"""The club night's database has one owner, `trainer.club.store.ClubStore`: the server
writes through it and the teacher's report reads the night through it (opened read-only), so no
SQL is written anywhere but in the store modules."""

from __future__ import annotations

import ast
import json
import sqlite3
from pathlib import Path

import pytest
from club_web_helpers import make_quiz, right_answers, wrong_answer
from helpers import run

from trainer.club.night import questions_of
from trainer.club.store import AnswerRow, ClubStore, db_path_for
from trainer.content.quizfile import load_quiz

Cap = pytest.CaptureFixture[str]
PACKAGE = Path(__file__).resolve().parents[1] / "trainer"
STORE_MODULES = {
    "store/store.py",
    "store/guard.py",
    "store/training_tables.py",
    "store/lesson_tables.py",
    "store/game_tables.py",
    "club/store.py",
}


def _night(tmp_path: Path) -> Path:
    """A night written through the store alone: Ann answers the first question right and the
    second wrong; Bob answers all right but the teacher removed him."""
    quiz_path = make_quiz(tmp_path / "night.yaml", n=4, drills=("count", "peg"))
    quiz = load_quiz(quiz_path)
    ids = [q.id for q in questions_of(quiz.questions)]
    right = right_answers(quiz_path)
    store = ClubStore(db_path_for(quiz_path))
    try:
        store.create_room(
            code="ABCD", teacher_token="t", checksum=quiz.checksum, mode="live", seconds=30,
            total_seconds=None, now=100.0,
        )  # fmt: skip
        with store.transaction() as db:
            assert store.add_player(db, player="ann", name="Ann", key="ann", token="a", now=101.0)
            assert store.add_player(db, player="bob", name="Bob", key="bob", token="b", now=102.0)
            given = [("ann", 0, right[0]), ("ann", 1, wrong_answer(right[1]))]
            given += [("bob", idx, answer) for idx, answer in enumerate(right)]
            for number, (player, idx, answer) in enumerate(given):
                row = AnswerRow(
                    player=player, idx=idx, question_id=ids[idx], answer=answer, correct=False,
                    at=110.0 + number, seconds=2.5,
                )  # fmt: skip
                assert store.add_answer(db, row, received=110.0 + number)
            assert store.kick(db, player="bob")
    finally:
        store.close()
    return quiz_path


def _report(capsys: Cap, quiz: Path) -> dict[str, object]:
    code, out, err = run(capsys, "quiz", "report", str(quiz), "--json")
    assert code == 0, err
    return json.loads(out)


def test_the_report_counts_what_the_club_store_reads(
    capsys: Cap, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    quiz = _night(tmp_path)
    data = _report(capsys, quiz)
    standings = [(s["name"], s["correct"], s["answered"], s["seconds"]) for s in data["standings"]]  # type: ignore[index,attr-defined]
    assert standings == [("Ann", 1, 2, 5.0)]  # regraded by the engine; Bob was removed
    # The numbers come from ClubStore.answers: with no answers read, Ann has answered nothing.
    monkeypatch.setattr(ClubStore, "answers", lambda self, player=None: [])
    data = _report(capsys, quiz)
    assert [(s["name"], s["answered"]) for s in data["standings"]] == [("Ann", 0)]  # type: ignore[index,attr-defined]


def test_reading_a_night_never_creates_or_changes_a_database(capsys: Cap, tmp_path: Path) -> None:
    quiz = make_quiz(tmp_path / "night.yaml", n=2, drills=("count",))
    other = db_path_for(quiz)
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE notes (text TEXT)")
    db.commit()
    db.close()
    before = other.read_bytes()
    code, out, err = run(capsys, "quiz", "report", str(quiz), str(other), "--json")
    assert code == 0, err
    (rejected,) = json.loads(out)["rejected"]
    assert "not a club-night database (no such table: room)" in rejected["reason"]
    assert other.read_bytes() == before  # a store opened for writing would have added its tables


def _sql_users(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(a.name == "sqlite3" for a in node.names):
            return True
        if isinstance(node, ast.Attribute) and node.attr in ("execute", "executemany", "executescript"):
            return True
    return False


def test_no_sql_outside_the_store_modules() -> None:
    users = {
        f"{p.parent.name}/{p.name}"
        for p in PACKAGE.rglob("*.py")
        if p.parent.name != "trainer" and _sql_users(p)
    }
    assert users == STORE_MODULES
