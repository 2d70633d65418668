"""The typed records at the layer boundaries say exactly what the JSON holds: every key a real
`--json` run writes is declared in its TypedDict (`RunReport`, `GameRecordData`, `Analysis`,
`ClubReport`), every required key is there, and nested rows are checked the same way. A key added
by hand to an output without its record fails here, as does a record naming a key no run writes
among its required ones."""

from __future__ import annotations

import io
import json
import types
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest
from club_web_helpers import Clock, make_quiz, right_answers, wrong_answer
from helpers import run
from test_coach_one_cost import Driver

from trainer.cli.app import main
from trainer.club.records import ClubReport
from trainer.content.quizfile import load_quiz
from trainer.content.rulesets import load_ruleset
from trainer.drills.records import RunReport
from trainer.play.records import Analysis, GameRecordData
from trainer.play.review import review
from trainer.play.session import GameSession, new_record
from trainer.store.game_tables import GameStore
from trainer.web.room import Room

Cap = pytest.CaptureFixture[str]


def problems(value: object, hint: Any, where: str = "$") -> list[str]:
    """Where `value` does not fit `hint` (TypedDicts by their keys, lists and unions inside)."""
    if is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{where}: not a mapping"]
        hints = get_type_hints(hint)
        found = [f"{where}.{k}: not declared in {hint.__name__}" for k in value if k not in hints]
        found += [f"{where}.{k}: required, missing" for k in hint.__required_keys__ if k not in value]
        for key, item in value.items():
            if key in hints:
                found += problems(item, hints[key], f"{where}.{key}")
        return found
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        tries = [problems(value, option) for option in get_args(hint)]
        return [] if any(not t for t in tries) else min(tries, key=len)
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: not a list"]
        (item,) = get_args(hint)
        return [p for i, v in enumerate(value) for p in problems(v, item, f"{where}[{i}]")]
    if origin is Literal:
        return [] if value in get_args(hint) else [f"{where}: {value!r} not one of {get_args(hint)}"]
    if hint is type(None):
        return [] if value is None else [f"{where}: not null"]
    if hint is float:
        return (
            []
            if isinstance(value, int | float) and not isinstance(value, bool)
            else [f"{where}: not a number"]
        )
    if hint in (int, str, bool):
        ok = isinstance(value, hint) and (hint is bool or not isinstance(value, bool))
        return [] if ok else [f"{where}: not {hint.__name__}"]
    return []  # Any, object, dict[str, Any]: free by design


def _main_json(argv: list[str]) -> Any:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(argv) == 0
    return json.loads(out.getvalue())


def test_the_checker_itself_finds_an_undeclared_and_a_missing_key() -> None:
    game = {"ruleset": "classic", "level": "club", "coach": "live", "seed": 1, "first_dealer": None}
    game |= {"actions": [{"a": "go", "extra": 1}], "decisions": [], "status": "active", "stray": 0}
    found = problems(game, GameRecordData)
    assert "$.stray: not declared in GameRecordData" in found
    assert "$.actions[0].extra: not declared in Action" in found
    del game["status"]
    assert "$.status: required, missing" in problems(game, GameRecordData)


@pytest.mark.parametrize(
    ("argv", "answers"),
    [
        (["drill", "count", "--seed", "7", "-n", "3"], "8\n\nbanana\n"),
        (["drill", "peg", "--seed", "3", "-n", "2", "--level", "beginner"], "1\n2\n"),
        (["drill", "streak", "--seed", "5"], "1\n"),
    ],
    ids=["count", "peg", "streak"],
)
def test_a_drill_s_json_is_its_run_report(
    argv: list[str], answers: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    given = tmp_path / "answers.txt"
    given.write_text(answers, encoding="utf-8")
    report = _main_json([*argv, "--json", "--answers", str(given), "--db", str(tmp_path / "p.db")])
    assert report["questions"], "the run asked nothing: the check would be empty"
    assert problems(report, RunReport) == []


def test_a_saved_game_and_its_analysis_are_their_records(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = load_ruleset("classic")
    record = new_record(rules, level="club", coach="live", seed=31)
    session = GameSession(rules, record)
    assert session.run(Driver(31))
    db = tmp_path / "progress.sqlite3"
    with GameStore.open(db) as store:
        game_id = store.create(record, user="tester")
        after = review(session.game, record.decisions).to_json()
        store.save(game_id, record, rules=rules, scores=list(session.game.scores), winner=0, review=after)
        stored = json.loads(store._store._db.execute("SELECT record FROM games").fetchone()[0])
    assert stored["decisions"] and stored["review"]
    assert problems(stored, GameRecordData) == []
    monkeypatch.setenv("CRIB_DB", str(db))
    monkeypatch.setenv("CRIB_USER", "tester")
    board = _main_json(["games", "analyse", str(game_id), "--json"])
    board.pop("id"), board.pop("html")  # the command's own: the game's number, the page written
    assert any(d["decisions"] for d in board["deals"])
    assert problems(board, Analysis) == []


def test_a_club_night_s_report_is_its_record(capsys: Cap, tmp_path: Path) -> None:
    quiz_path = make_quiz(tmp_path / "night.yaml", n=3, drills=("count", "peg"))
    right = right_answers(quiz_path)
    clock = Clock()
    room = Room.open(load_quiz(quiz_path), now=clock, seconds=30, mode="self-paced")
    players = {name: room.join(room.row.code, name)[1] for name in ("Ann", "Bob")}
    room.act("start")
    for index, answer in enumerate(right):
        clock.now += 1
        room.answer(room.player(players["Ann"]), index, answer)
        room.answer(room.player(players["Bob"]), index, wrong_answer(answer))
    room.act("end")
    (tmp_path / "junk.yaml").write_text("not: a results file\n", encoding="utf-8")
    try:
        code, out, err = run(capsys, "quiz", "report", str(quiz_path), "--json")
        assert code == 0, err
        report = json.loads(out)
        assert problems(room.report_json(), ClubReport) == []
    finally:
        room.close()
    assert report["standings"] and report["questions"]
    assert any(s["weak_topics"] for s in report["standings"])
    assert problems(report, ClubReport) == []
