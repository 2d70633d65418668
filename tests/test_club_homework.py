"""The file-based flow for homework: worksheets without the seed and with lettered choices, a
compact answer grid, quizzes that mix rulesets and set the mix per drill, penalty questions that
name their penalty set, and `quiz take --exam` that gives no feedback until the end."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from helpers import run

from trainer.cli.titles import ruleset_title
from trainer.club.night import parse_mix, questions_of
from trainer.content.quizfile import load_quiz
from trainer.drills.checking import grade
from trainer.drills.model import DrillError

Cap = pytest.CaptureFixture[str]
NIGHT = ("quiz", "make", "-n", "12", "--drills", "count:5,peg:4,penalty:3", "--ruleset", "five-card,classic")


@pytest.fixture
def mixed(capsys: Cap, tmp_path: Path) -> Path:
    path = tmp_path / "night.yaml"
    code, out, err = run(capsys, *NIGHT, "--seed", "11", "-o", str(path))
    assert code == 0, err
    assert "count 5" in out and "peg 4" in out and "penalty 3" in out
    return path


def test_the_issue_example_mixes_drills_by_count_and_both_rulesets(mixed: Path) -> None:
    quiz = load_quiz(mixed)
    questions = questions_of(quiz.questions)
    assert Counter(q.kind for q in questions) == {"count": 5, "peg": 4, "penalty": 3}
    assert {q.ruleset for q in questions} == {"five-card", "classic"}
    assert set(quiz.rulesets) == {"five-card", "classic"}
    for q in questions:  # each question is solved under the rules it names
        assert grade(q, "", ruleset=quiz.ruleset_for(q.ruleset)).expected_text


@pytest.mark.parametrize(
    ("text", "n", "mix"),
    [
        ("count:5,peg:4,penalty:3", None, {"count": 5, "peg": 4, "penalty": 3}),
        ("count:5,peg:4,penalty:3", 12, {"count": 5, "peg": 4, "penalty": 3}),
        ("count:4,peg", 10, {"count": 4, "peg": 6}),
        ("count,peg,muggins", 10, {"count": 4, "peg": 3, "muggins": 3}),
    ],
)
def test_the_drill_mix(text: str, n: int | None, mix: dict[str, int]) -> None:
    assert parse_mix(text, n) == mix


@pytest.mark.parametrize(
    ("text", "n"), [("count:5,peg:4", 10), ("count:x", None), ("count:4,peg", 4), ("dance:2", 2)]
)
def test_a_drill_mix_that_does_not_add_up_is_refused(text: str, n: int | None) -> None:
    with pytest.raises(DrillError):
        parse_mix(text, n)


def test_the_worksheet_has_no_seed_letters_choices_and_names_penalty_sets(capsys: Cap, mixed: Path) -> None:
    code, sheet, err = run(capsys, "quiz", "print", str(mixed))
    assert code == 0, err
    assert "seed" not in sheet.lower() and "11" not in re.findall(r"\d+", sheet.split("\n\n")[1])
    assert re.search(r"☐ A\) .*☐ B\) ", sheet)
    # every question names its rules by the ruleset's title (issue 9: titles from the catalogue)
    titles = {ruleset_title(rules, "en") for rules in load_quiz(mixed).rulesets.values()}
    headings = [block.split("\n")[0] for block in sheet.split("## ")[1:]]
    assert len(headings) == 12 and all(h.rsplit(" · ", 1)[-1] in titles for h in headings)
    assert {h.rsplit(" · ", 1)[-1] for h in headings} == titles
    assert sum(h.split(" · ")[0].endswith(". penalty") for h in headings) == 3
    for block in sheet.split("## "):
        if block.startswith(tuple(f"{i}. penalty" for i in range(1, 13))):
            assert "penalties" in block  # e.g. "traditional (Hoyle) penalties"


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_key_only_prints_a_compact_grid_of_every_answer(capsys: Cap, mixed: Path, fmt: str) -> None:
    code, grid, err = run(capsys, "--ascii", "quiz", "print", str(mixed), "--key-only", "--format", fmt)
    assert code == 0, err
    quiz = load_quiz(mixed)
    assert "answer grid" in grid and "Breakdown" not in grid
    for number, q in enumerate(questions_of(quiz.questions), start=1):
        expected = grade(q, "", ruleset=quiz.ruleset_for(q.ruleset)).expected_text
        if q.kind == "count":
            cell = (
                f"| {number} | {expected} |"
                if fmt == "md"
                else f'<span class="n">{number}</span> {expected}<'
            )
            assert cell in grid, (number, expected)
        if q.kind == "penalty":
            cell = (
                f"| {number} | {expected.upper()} |"
                if fmt == "md"
                else f"{number}</span> {expected.upper()}<"
            )
            assert cell in grid
    assert grid.count("\n") < 20 if fmt == "md" else "<script" not in grid


def test_take_exam_hides_feedback_until_the_summary(capsys: Cap, tmp_path: Path) -> None:
    quiz = tmp_path / "hw.yaml"
    assert run(capsys, "quiz", "make", "-n", "3", "--drills", "count", "--seed", "4", "-o", str(quiz))[0] == 0
    answers = tmp_path / "a.txt"
    answers.write_text("1\n2\n3\n", encoding="utf-8")
    code, out, err = run(
        capsys,
        "quiz",
        "take",
        str(quiz),
        "--name",
        "Kim",
        "--exam",
        "--answers",
        str(answers),
        "--db",
        str(tmp_path / "p.db"),
    )
    assert code == 0, err
    assert out.count("Answer recorded.") == 3
    before_summary = out[: out.rindex("Answer recorded.")]
    assert (
        "Correct" not in before_summary
        and "Not quite" not in before_summary
        and "fifteen" not in before_summary
    )
    assert "honour" in out
    assert len(list((tmp_path / "hw-results").glob("kim-*.yaml"))) == 1
    code, out, err = run(
        capsys,
        "quiz",
        "take",
        str(quiz),
        "--name",
        "Lee",
        "--answers",
        str(answers),
        "--db",
        str(tmp_path / "p.db"),
    )
    assert code == 0 and "Answer recorded." not in out
