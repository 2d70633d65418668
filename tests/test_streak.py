"""Streak mode (issue 19, item 9): questions get harder, the first miss ends the run, the best run
is kept in the store and shown in `crib stats` and the menu; it runs from a pipe with --seed and
--json like every drill."""

from __future__ import annotations

import io
import json
import os
from itertools import islice
from pathlib import Path

import pytest

from trainer.cli.app import main
from trainer.cli.menu import ENTRIES, label
from trainer.cli.progress_db import current_user
from trainer.content.rulesets import load_ruleset
from trainer.drills.checking import grade
from trainer.drills.generators import DrillSpec
from trainer.drills.model import LEVELS, Question
from trainer.store.store import Store
from trainer.training.streak import ITEMISED_FROM, SEVEN_CARD_FROM, after_run, parse_best, streak_questions

Cap = pytest.CaptureFixture[str]
DRILLS = ("count", "muggins", "peg", "penalty")


def _ladder(seed: int, n: int, drills: tuple[str, ...] = DRILLS) -> list[Question]:
    spec = DrillSpec(drills=drills, ruleset=load_ruleset("classic"), level="beginner", seed=seed)
    return list(islice(streak_questions(spec, seven_card=load_ruleset("seven-card")), n))


def _right(q: Question) -> str:
    return grade(q, "", ruleset=load_ruleset(q.ruleset)).expected_text.split(" / ")[0]


def _run(capsys: Cap, monkeypatch: pytest.MonkeyPatch, argv: list[str], stdin: str) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_the_questions_get_harder() -> None:
    questions = _ladder(3, 22)
    ranks = [LEVELS.index(q.level) for q in questions]
    assert ranks == sorted(ranks) and ranks[0] == 0 and ranks[-1] == len(LEVELS) - 1
    assert [q.kind for q in questions[:4]] == list(DRILLS)  # the drills take turns
    counts = [(i, q) for i, q in enumerate(questions) if q.kind == "count"]
    assert all(q.form == "itemised" for i, q in counts if i >= ITEMISED_FROM)
    assert all(q.ruleset == "seven-card" for i, q in counts if i >= SEVEN_CARD_FROM)
    assert any(q.ruleset == "seven-card" for _, q in counts)
    assert len({q.id for q in questions}) == len(questions)
    assert [q.id for q in _ladder(3, 22)] == [q.id for q in questions]  # a seed replays it
    assert [q.id for q in _ladder(4, 6)] != [q.id for q in questions[:6]]


def test_the_best_run_is_kept_only_when_beaten() -> None:
    first, stored = after_run(None, length=5, now=100.0)
    assert first.record and first.best == 5 and stored is not None
    second, kept = after_run(stored, length=3, now=200.0)
    assert not second.record and second.best == 5 and second.length == 3 and kept is None
    assert parse_best("not json").best == 0 and parse_best(None).best == 0


def test_one_miss_ends_the_run_and_the_best_is_stored(capsys: Cap, monkeypatch: pytest.MonkeyPatch) -> None:
    questions = _ladder(11, 8, ("count", "penalty"))
    answers = [_right(q) for q in questions[:5]] + ["", *[_right(q) for q in questions[6:]]]
    argv = ["drill", "streak", "--seed", "11", "--drills", "count,penalty", "--json"]
    code, out, err = _run(capsys, monkeypatch, argv, "\n".join(answers) + "\n")
    assert code == 0, err
    report = json.loads(out)
    assert [e["id"] for e in report["questions"]] == [q.id for q in questions[:6]]
    assert report["asked"] == 6 and report["correct"] == 5 and report["ended_by"] == "miss"
    assert report["streak"]["length"] == 5 and report["streak"]["best"] == 5 and report["streak"]["record"]
    assert "A new best: 5 right answers in a row!" in err and "A miss: the run is over." in err
    assert report["replay"] == "crib drill streak --seed 11 --drills count,penalty"

    # A shorter run keeps the best; the stats and the menu say it.
    code, out, err = _run(capsys, monkeypatch, argv, f"{_right(questions[0])}\nwrong\n")
    report = json.loads(out)
    assert report["streak"] == {
        "length": 1,
        "best": 5,
        "best_at": report["streak"]["best_at"],
        "record": False,
    }
    assert "1 right answer in a row (your best: 5)" in err
    with Store.open(Path(os.environ["CRIB_DB"])) as store:
        assert store.best_streak(user=current_user()).best == 5
        modes = {r.mode for r in store.answers(user=current_user())}
    assert modes == {"streak"}
    code, out, _ = _run(capsys, monkeypatch, ["stats", "--json"], "")
    assert json.loads(out)["streak_mode"]["best"] == 5
    code, out, _ = _run(capsys, monkeypatch, ["stats"], "")
    assert "Streak mode: best run 5 right answers in a row" in " ".join(out.split())
    code, out, _ = _run(capsys, monkeypatch, ["--lang", "ru", "stats"], "")
    assert "Подряд без ошибок: лучший результат — 5 верных ответов подряд" in " ".join(out.split())
    key = next(k for k, argv in ENTRIES if argv == ["drill", "streak"])
    assert label(key, ["drill", "streak"], "en", best=5).endswith("— best 5")
    assert [argv for _, argv in ENTRIES].index(["drill", "streak"]) == 1 + [
        argv for _, argv in ENTRIES
    ].index(["quiz", "run", "--sprint", "3m"])


def test_streak_in_russian(capsys: Cap, monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = _run(capsys, monkeypatch, ["--lang", "ru", "drill", "streak", "--seed", "2"], "\n")
    assert code == 0, err
    said = " ".join((out + err).split())
    assert "Подряд без ошибок: каждый вопрос чуть труднее предыдущего" in said
    assert "Ошибка — попытка окончена." in said and "0 верных ответов подряд" in said


def test_a_bad_drill_list_is_one_line(capsys: Cap, monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = _run(capsys, monkeypatch, ["drill", "streak", "--drills", "count,nope"], "")
    assert code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1
