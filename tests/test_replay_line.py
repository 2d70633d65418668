"""The summary's replay line reproduces the session (issue 19, item 10): with --level it names the
options that ask the same questions, without it (questions chosen by the rating) a question set
that `crib drill replay SET` asks again in the same order, moving no rating."""

from __future__ import annotations

import io
import json
import os
import re
import shlex
from pathlib import Path

import pytest

from trainer.cli.app import main
from trainer.cli.progress_db import current_user
from trainer.store.store import Store

Cap = pytest.CaptureFixture[str]


def _run(capsys: Cap, monkeypatch: pytest.MonkeyPatch, argv: list[str], stdin: str) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _asked(report: dict[str, object]) -> list[object]:
    return [e["question"] for e in report["questions"]]  # type: ignore[index, union-attr]


@pytest.mark.parametrize("drill", ["count", "penalty", "peg"])
def test_the_question_set_replays_a_rated_session(
    capsys: Cap, monkeypatch: pytest.MonkeyPatch, drill: str
) -> None:
    # Wrong answers move the rating, so the same seed would now choose other questions.
    code, out, err = _run(
        capsys, monkeypatch, ["drill", drill, "-n", "6", "--seed", "5", "--json"], "x\n" * 6
    )
    assert code == 0, err
    first = json.loads(out)
    line = next(x for x in err.splitlines() if x.startswith("question set "))
    command = re.search(r"again: (crib drill replay [0-9a-f]{8})\)", line)
    assert command is not None and first["replay"] == command.group(1)
    assert first["question_set"] == command.group(1).split()[-1]
    with Store.open(Path(os.environ["CRIB_DB"])) as store:
        before = store.ratings(user=current_user())
    code, out, err = _run(capsys, monkeypatch, [*shlex.split(command.group(1))[1:], "--json"], "x\n" * 6)
    assert code == 0, err
    again = json.loads(out)
    assert _asked(again) == _asked(first)
    assert [e["id"] for e in again["questions"]] == [e["id"] for e in first["questions"]]
    with Store.open(Path(os.environ["CRIB_DB"])) as store:
        rows = store.answers(user=current_user())
        after = store.ratings(user=current_user())
    assert [r.mode for r in rows].count("replay") == 6
    assert before == after  # a replay moves no rating


def test_the_level_line_names_the_options_that_ask_the_same_questions(
    capsys: Cap, monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = [
        "drill",
        "count",
        "-n",
        "3",
        "--seed",
        "8",
        "--level",
        "advanced",
        "--theme",
        "runs",
        "--itemised",
    ]
    code, out, err = _run(capsys, monkeypatch, [*argv, "--json"], "x\n" * 3)
    assert code == 0, err
    first = json.loads(out)
    said = " ".join(err.split())  # the line may wrap at the terminal's width
    assert f"seed 8 (the same questions again: {first['replay']})" in said
    assert first["replay"] == "crib drill count --itemised --seed 8 --level advanced --theme runs -n 3"
    code, out, err = _run(capsys, monkeypatch, [*shlex.split(first["replay"])[1:], "--json"], "x\n" * 3)
    assert _asked(json.loads(out)) == _asked(first)


def test_a_quiz_names_its_options(capsys: Cap, monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = _run(
        capsys,
        monkeypatch,
        ["quiz", "run", "-n", "3", "--seed", "4", "--drills", "count,penalty", "--json"],
        "x\n" * 3,
    )
    assert code == 0, err
    first = json.loads(out)
    assert first["replay"] == "crib quiz run --seed 4 --drills count,penalty --level intermediate -n 3"
    code, out, err = _run(capsys, monkeypatch, [*shlex.split(first["replay"])[1:], "--json"], "x\n" * 3)
    assert _asked(json.loads(out)) == _asked(first)


@pytest.mark.parametrize(("word", "key"), [("zz", "not a question set"), ("0000", "no session of yours")])
def test_a_bad_question_set_is_one_line(
    capsys: Cap, monkeypatch: pytest.MonkeyPatch, word: str, key: str
) -> None:
    code, _, err = _run(capsys, monkeypatch, ["drill", "replay", word], "")
    assert code == 2 and key in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
