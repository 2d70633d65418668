"""`?` during a question shows the next hint (from the engine's own count), is counted with the
answer, and makes a right answer a 'hard' review; `crib drill count --steps` asks each kind in
turn with feedback at each step and grades the whole like an itemised answer."""

from __future__ import annotations

import io
import json
from itertools import islice

import pytest

from trainer.cli.app import main
from trainer.cli.drill_runner import hint_text
from trainer.content.rulesets import load_ruleset
from trainer.drills.generators import DrillSpec, stream
from trainer.drills.hints import step_points
from trainer.drills.kinds import hints
from trainer.engine.scoring import SHOW_KINDS

CLASSIC = load_ruleset("classic")


def _first(drill: str, *, seed: int, level: str = "expert", form: str = ""):  # type: ignore[no-untyped-def]
    spec = DrillSpec(drills=(drill,), ruleset=CLASSIC, level=level, seed=seed, form=form)
    return next(islice(stream(spec), 1))


def _run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str], stdin: str):  # type: ignore[no-untyped-def]
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_count_hints_go_from_the_fives_to_the_fifteens_and_the_rest() -> None:
    q = _first("count", seed=3)
    lines = [hint_text(h, "en") for h in hints(q, ruleset=CLASSIC)]
    assert lines[0].startswith("Look at the fives")
    assert "fifteen" in lines[1] or "No combination makes fifteen" in lines[1]
    assert lines[2].startswith("Pairs:") and lines[3].startswith("Flush")
    russian = [hint_text(h, "ru") for h in hints(q, ruleset=CLASSIC)]
    assert len(russian) == len(lines) and russian != lines


@pytest.mark.parametrize("drill", ["muggins", "peg", "discard", "penalty"])
def test_every_drill_has_a_hint(drill: str) -> None:
    assert hints(_first(drill, seed=1, level="intermediate"), ruleset=CLASSIC)


def test_question_marks_show_hints_and_are_counted(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    q = _first("count", seed=3)
    total = sum(step_points(q, ruleset=CLASSIC).values())
    argv = ["drill", "count", "-n", "1", "--seed", "3", "-l", "expert", "--json"]
    code, out, err = _run(monkeypatch, capsys, argv, f"?\n?\n{total}\n")
    (answer,) = json.loads(out)["questions"]
    assert code == 0 and answer["correct"] is True and answer["hints"] == 2
    assert "Hint 1/4: Look at the fives" in err and "Hint 2/4:" in err and "Hint 3/4" not in err


def test_steps_ask_each_kind_and_grade_the_whole(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    q = _first("count", seed=4, level="advanced", form="itemised")
    points = step_points(q, ruleset=CLASSIC)
    right = "\n".join(str(points[k]) for k in SHOW_KINDS) + "\n"
    argv = ["drill", "count", "--steps", "-n", "1", "--seed", "4", "-l", "advanced"]
    code, out, _ = _run(monkeypatch, capsys, argv, right)
    assert code == 0 and "Fifteens: how many points?" in out and "Nobs: how many points?" in out
    assert out.count("✓") >= 5 and "1 of 1 correct" in out
    wrong = "\n".join(str(points[k] + (2 if k == "pair" else 0)) for k in SHOW_KINDS) + "\n"
    code, out, _ = _run(monkeypatch, capsys, argv, wrong)
    assert f"✗ pairs: {points['pair']}" in out and "0 of 1 correct" in out
