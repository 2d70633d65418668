"""Drills in a real pseudo-terminal: questionary prompts answered with keystrokes, the hint on
an unreadable answer, the feedback, and Ctrl-C in the middle of a quiz with every answer given
before it found in the database afterwards. No timing assertions: generous timeouts only."""

from __future__ import annotations

import os
import re
import sqlite3
import sys
from itertools import islice
from pathlib import Path

import pexpect
import pytest

from trainer.content.rulesets import load_ruleset
from trainer.drills.checking import grade
from trainer.drills.generators import DrillSpec, stream
from trainer.drills.model import Question

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


def _spawn(db: Path, *args: str) -> pexpect.spawn:
    env = {
        **os.environ,
        "TERM": "xterm",
        "NO_COLOR": "1",
        "CRIB_DB": str(db),
        "COLUMNS": "100",
        "LINES": "40",
    }
    env["PROMPT_TOOLKIT_NO_CPR"] = "1"  # pexpect does not answer cursor-position requests
    return pexpect.spawn(
        sys.executable, ["-m", "trainer", *args], env=env, encoding="utf-8", timeout=20, dimensions=(40, 100)
    )


def _questions(drill: str, seed: int, n: int, **kw: str) -> list[Question]:
    spec = DrillSpec(drills=(drill,), ruleset=load_ruleset("classic"), seed=seed, **kw)
    return list(islice(stream(spec), n))


def _expected(q: Question) -> str:
    return grade(q, "", ruleset=load_ruleset("classic")).expected_text


def test_count_prompt_re_asks_then_grades(tmp_path: Path) -> None:
    q1, q2 = _questions("count", 5, 2, form="total")
    child = _spawn(tmp_path / "p.sqlite3", "drill", "count", "--seed", "5", "-n", "2", "-l", "intermediate")
    child.expect("Total points\\?")
    child.send("xx\r")
    child.expect("is not a number of points")  # questionary keeps the prompt and shows the hint
    child.send("\x15")  # Ctrl-U clears the line
    child.send(_expected(q1) + "\r")
    child.expect("Correct!")
    child.expect("Say it:")
    child.expect("Total points\\?")
    child.send(str(int(_expected(q2)) + 1) + "\r")
    child.expect("Not quite")
    child.expect("Summary")
    child.expect("1 of 2 correct")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_muggins_menu_with_arrow_keys(tmp_path: Path) -> None:
    qs = _questions("muggins", 2, 10)
    index = next(
        i
        for i, q in enumerate(qs)
        if grade(q, "", ruleset=load_ruleset("classic")).expected["call"] == "muggins"
    )
    points = _expected(qs[index]).split()[1]
    child = _spawn(
        tmp_path / "p.sqlite3", "drill", "muggins", "--seed", "2", "-n", str(index + 1), "-l", "intermediate"
    )
    for _ in range(index):
        child.expect("Your call\\?")
        child.send("\r")  # accept (the first entry)
    child.expect("Your call\\?")
    child.send("\x1b[B")  # arrow down to "Muggins!"
    child.send("\r")
    child.expect("How many points did it miss\\?")
    child.send(points + "\r")
    child.expect("Correct!")
    child.expect("Right call: muggins for " + points)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_ctrl_c_mid_quiz_keeps_every_answer_given(tmp_path: Path) -> None:
    db = tmp_path / "quiz.sqlite3"
    qs = _questions("count", 7, 3)
    child = _spawn(db, "quiz", "run", "--drills", "count", "-n", "5", "--seed", "7")
    answers = [_expected(qs[0]), "0"]
    for answer in answers:
        child.expect("Total points\\?")
        child.send(answer + "\r")
        child.expect("Say it:")
    child.expect("Question 3/5")
    child.expect("Total points\\?")
    child.send("\x03")  # Ctrl-C
    child.expect("Stopped. Every answer you gave is saved.")
    child.expect("Summary")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    rows = (
        sqlite3.connect(db)
        .execute("SELECT seq, question_id, answer, mode FROM answers ORDER BY seq")
        .fetchall()
    )
    assert rows == [(1, qs[0].id, answers[0], "quiz"), (2, qs[1].id, "0", "quiz")]


def test_a_russian_letter_menu_selects_by_its_own_letter(tmp_path: Path) -> None:
    """A Russian screen letters a penalty's choices «а) б) в)», and typing the letter shown is
    what picks it (questionary only knew Latin shortcut keys): «в» then Enter answers «в»."""
    child = _spawn(tmp_path / "p.sqlite3", "--lang", "ru", "drill", "penalty", "--seed", "3", "-n", "1")
    child.expect("Какое решение верное")
    child.expect("в\\)")
    child.send("в")
    child.send("\r")
    child.expect("Итоги")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    row = next(line for line in child.before.splitlines() if line.startswith("1 "))
    assert re.search(r"\s в\s+[абвгде]\s", row), row  # the answer column holds the letter typed
