"""Club quizzes end to end: make a quiz, let two students take it at the same time in separate
processes, and report. The report regrades every answer with the engine, so raising a score in a
results file changes nothing, and results of another quiz (or an edited quiz) are refused."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from helpers import run

from trainer.cli.app import main
from trainer.cli.context import SETTINGS
from trainer.club.night import Submission, questions_of, regrade
from trainer.content.quizfile import load_quiz
from trainer.drills.checking import grade

Cap = pytest.CaptureFixture[str]
MAKE = ("quiz", "make", "--ruleset", "classic", "--drills", "count,peg", "-n", "8", "--seed", "2026")


def make(capsys: Cap, path: Path, *extra: str) -> Path:
    code, _, err = run(capsys, *MAKE, "--time-limit", "15m", "--title", "Club night", "-o", str(path), *extra)
    assert code == 0, err
    return path


def right_answers(quiz_path: Path) -> list[str]:
    quiz = load_quiz(quiz_path)
    expected = [grade(q, "", ruleset=quiz.ruleset).expected_text for q in questions_of(quiz.questions)]
    return [text.split(" / ")[0] for text in expected]  # "5H / 5C": equally good plays, either is right


def take_in_process(quiz: Path, name: str, answers: list[str], results: Path) -> subprocess.Popen[str]:
    """One student at one machine: a separate `crib` process reading answers from a pipe."""
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "trainer",
            "quiz",
            "take",
            str(quiz),
            "--name",
            name,
            "--results",
            str(results),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert process.stdin is not None
    process.stdin.write("\n".join(answers) + "\n")
    process.stdin.close()
    return process


@pytest.fixture(scope="module")
def club_night(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A quiz taken by Anna (all right) and Boris (three right), at the same time."""
    base = tmp_path_factory.mktemp("club")
    quiz = base / "club-night.yaml"
    assert main([*MAKE, "--time-limit", "15m", "--title", "Club night", "-o", str(quiz)]) == 0
    right = right_answers(quiz)
    boris = [a if i < 3 else "99" for i, a in enumerate(right)]  # 99 is never right
    results = base / "results"
    env_db = os.environ.get("CRIB_DB")
    os.environ["CRIB_DB"] = str(base / "progress.sqlite3")
    try:
        students = [
            take_in_process(quiz, "Anna", right, results),
            take_in_process(quiz, "Boris", boris, results),
        ]
        for process in students:
            process.wait(timeout=60)
            assert process.returncode == 0, process.stderr.read() if process.stderr else ""
            if process.stderr:
                process.stderr.close()
            if process.stdout:
                process.stdout.close()
    finally:
        if env_db is None:
            os.environ.pop("CRIB_DB", None)
        else:
            os.environ["CRIB_DB"] = env_db
    return quiz, results


def report_json(capsys: Cap, quiz: Path, *paths: Path) -> dict[str, object]:
    code, out, err = run(capsys, "quiz", "report", str(quiz), *map(str, paths), "--json")
    assert code == 0, err
    return json.loads(out)


# ------------------------------------------------------------------ the round trip


def test_two_students_at_once_give_the_right_standings(capsys: Cap, club_night: tuple[Path, Path]) -> None:
    quiz, results = club_night
    assert len(list(results.glob("*.yaml"))) == 2  # one file each, no clash
    data = report_json(capsys, quiz, results)
    assert data["quiz"] == "Club night" and data["rejected"] == []
    standings = [(s["name"], s["correct"], s["asked"]) for s in data["standings"]]
    assert standings == [("Anna", 8, 8), ("Boris", 3, 8)]  # best first
    assert all(isinstance(s["seconds"], float | int) for s in data["standings"])
    rates = [q["correct_rate"] for q in data["questions"]]
    assert rates[:3] == [1.0, 1.0, 1.0] and all(r == 0.5 for r in rates[3:])
    assert all(q["common_wrong"] == [{"answer": "99", "count": 1}] for q in data["questions"][3:])


def test_raising_the_score_in_a_results_file_changes_nothing(
    capsys: Cap, club_night: tuple[Path, Path], tmp_path: Path
) -> None:
    quiz, results = club_night
    boris = next(p for p in results.glob("boris-*.yaml"))
    data = yaml.safe_load(boris.read_text(encoding="utf-8"))
    data["score"] = {"correct": 8, "asked": 8}  # Boris claims a perfect score
    for answer in data["answers"]:
        answer["correct"] = True
    edited = tmp_path / "boris.yaml"
    edited.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    anna = next(p for p in results.glob("anna-*.yaml"))
    report = report_json(capsys, quiz, anna, edited)
    assert [(s["name"], s["correct"]) for s in report["standings"]] == [("Anna", 8), ("Boris", 3)]


def test_results_of_another_quiz_are_rejected_with_a_clear_reason(
    capsys: Cap, club_night: tuple[Path, Path], tmp_path: Path
) -> None:
    quiz, results = club_night
    other = tmp_path / "other.yaml"
    code, _, err = run(capsys, *MAKE, "--seed", "7", "-o", str(other))  # another seed: another quiz
    assert code == 0, err
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(["0"] * 8) + "\n", encoding="utf-8")
    code, _, err = run(
        capsys,
        "quiz",
        "take",
        str(other),
        "--name",
        "Carl",
        "--results",
        str(tmp_path / "r"),
        "--answers",
        str(answers),
    )
    assert code == 0, err
    carl = next((tmp_path / "r").glob("carl-*.yaml"))
    data = report_json(capsys, quiz, results, carl)
    assert [s["name"] for s in data["standings"]] == ["Anna", "Boris"]
    (rejected,) = data["rejected"]
    assert rejected["file"] == str(carl)
    assert rejected["reason"].startswith("results of another quiz")


def test_an_edited_quiz_is_refused_by_take_report_and_print(capsys: Cap, tmp_path: Path) -> None:
    quiz = make(capsys, tmp_path / "quiz.yaml")
    text = quiz.read_text(encoding="utf-8").replace("level: intermediate", "level: beginner", 1)
    quiz.write_text(text, encoding="utf-8")
    for argv in (
        ("quiz", "take", str(quiz), "--name", "Anna"),
        ("quiz", "report", str(quiz), str(tmp_path)),
        ("quiz", "print", str(quiz)),
    ):
        code, _, err = run(capsys, *argv)
        assert code == 2 and "was changed after `crib quiz make`" in err, argv
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_second_attempt_by_the_same_student_does_not_count(
    capsys: Cap, club_night: tuple[Path, Path], tmp_path: Path
) -> None:
    quiz, results = club_night
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(right_answers(quiz)) + "\n", encoding="utf-8")
    code, _, err = run(
        capsys,
        "quiz",
        "take",
        str(quiz),
        "--name",
        "Boris",
        "--results",
        str(tmp_path),
        "--answers",
        str(answers),
    )
    assert code == 0, err
    data = report_json(capsys, quiz, results, tmp_path)
    assert [(s["name"], s["correct"]) for s in data["standings"]] == [("Anna", 8), ("Boris", 3)]
    assert "a second attempt by Boris" in data["rejected"][0]["reason"]


def test_results_go_to_a_folder_named_after_the_quiz_and_a_database_is_never_read_as_results(
    capsys: Cap, tmp_path: Path
) -> None:
    quiz = make(capsys, tmp_path / "quiz.yaml")
    other = make(capsys, tmp_path / "other.yaml")
    db = tmp_path / "progress.sqlite3"
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(right_answers(quiz)[:5]) + "\n", encoding="utf-8")  # stops after 5
    code, _, err = run(
        capsys, "quiz", "take", str(quiz), "--name", "Dana", "--db", str(db), "--answers", str(answers)
    )
    assert code == 0, err
    assert [p.name[:4] for p in (tmp_path / "quiz-results").iterdir()] == ["dana"]
    assert not (tmp_path / "other-results").exists()
    data = report_json(capsys, quiz)  # no PATH: the quiz's own results folder
    assert [
        (s["name"], s["correct"], s["asked"], s["answered"], s["not_reached"]) for s in data["standings"]
    ] == [("Dana", 5, 8, 5, 3)]
    # a database among the results (even one named .yaml) is rejected, never opened
    (tmp_path / "quiz-results" / "ghosts.yaml").write_bytes(db.read_bytes())
    (tmp_path / "quiz-results" / "noise.yaml").write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 4)
    data = report_json(capsys, quiz, db, tmp_path / "quiz-results")
    assert [s["name"] for s in data["standings"]] == ["Dana"]
    assert sorted(Path(r["file"]).name for r in data["rejected"]) == ["ghosts.yaml", "noise.yaml", db.name]
    code, _, err = run(capsys, "quiz", "report", str(other))
    assert code == 2 and "nothing to report yet" in err


def test_csv_export_has_one_row_per_student(
    capsys: Cap, club_night: tuple[Path, Path], tmp_path: Path
) -> None:
    quiz, results = club_night
    out_csv = tmp_path / "standings.csv"
    code, out, _ = run(capsys, "quiz", "report", str(quiz), str(results), "--csv", str(out_csv))
    assert code == 0 and "Anna" in out and "Standings written to" in out
    lines = out_csv.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("rank,name,correct,asked,answered,seconds,q1,")
    assert lines[1].startswith("1,Anna,8,8,8,") and lines[2].startswith("2,Boris,3,8,8,")


def test_the_same_seed_makes_the_same_quiz(capsys: Cap, tmp_path: Path) -> None:
    first = make(capsys, tmp_path / "a.yaml")
    second = make(capsys, tmp_path / "b.yaml")
    assert first.read_bytes() == second.read_bytes()
    assert "answer" not in first.read_text(encoding="utf-8").replace("answers", "")


def test_make_refuses_to_overwrite_a_quiz(capsys: Cap, tmp_path: Path) -> None:
    quiz = make(capsys, tmp_path / "quiz.yaml")
    code, _, err = run(capsys, *MAKE, "-o", str(quiz))
    assert code == 2 and "already exists" in err


def test_a_missing_quiz_file_is_one_line(capsys: Cap, tmp_path: Path) -> None:
    code, _, err = run(capsys, "quiz", "take", str(tmp_path / "nope.yaml"), "--name", "Anna")
    assert code == 2 and "no such quiz file" in err and len(err.strip().splitlines()) == 1


def test_an_answer_after_the_time_limit_scores_nothing(capsys: Cap, tmp_path: Path) -> None:
    quiz_path = make(capsys, tmp_path / "quiz.yaml")
    quiz = load_quiz(quiz_path)
    questions = questions_of(quiz.questions)
    right = right_answers(quiz_path)
    late = Submission(
        name="Eve",
        source="eve.yaml",
        quiz_checksum=quiz.checksum,
        answers=tuple(
            (q.id, a, 100.0 * (i + 1) + 800 * (i == 7))
            for i, (q, a) in enumerate(zip(questions, right, strict=True))
        ),
        seconds=1600.0,
    )
    graded = regrade(
        late, questions=questions, ruleset=quiz.ruleset, checksum=quiz.checksum, time_limit=900.0
    )
    assert graded.correct == 7  # the 8th answer came at 1600 s, after the 15-minute limit
    assert graded.grades[7] is not None and graded.grades[7].timed_out


# ------------------------------------------------------------------ the worksheet


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_the_worksheet_has_every_question_and_the_key_every_answer(
    capsys: Cap, tmp_path: Path, fmt: str
) -> None:
    quiz_path = make(capsys, tmp_path / "quiz.yaml")
    quiz = load_quiz(quiz_path)
    plain = tmp_path / f"sheet.{fmt}"
    keyed = tmp_path / f"key.{fmt}"
    assert run(capsys, "--ascii", "quiz", "print", str(quiz_path), "-o", str(plain))[0] == 0
    assert run(capsys, "--ascii", "quiz", "print", str(quiz_path), "--key", "-o", str(keyed))[0] == 0
    SETTINGS.ascii_cards = False
    sheet, key = plain.read_text(encoding="utf-8"), keyed.read_text(encoding="utf-8")
    for number, question in enumerate(questions_of(quiz.questions), start=1):
        shown = question.data["hand"]
        assert all(card in sheet for card in shown), (number, shown)
        assert f"{number}. {question.kind}" in sheet
    assert "Answer key" not in sheet and "Answer key" in key
    for question, answer in zip(questions_of(quiz.questions), right_answers(quiz_path), strict=True):
        assert f"Answer: {answer}" in key or "Answer: <span" in key, (question.id, answer)
        if question.kind == "count":
            assert "fifteen" in key or "pair" in key  # the breakdown is printed
    if fmt == "html":
        assert sheet.startswith("<!DOCTYPE html>") and "<script" not in sheet and "http" not in sheet


def test_the_html_worksheet_escapes_the_title(capsys: Cap, tmp_path: Path) -> None:
    quiz = tmp_path / "quiz.yaml"
    code, _, _ = run(capsys, *MAKE, "--title", "<b>Night</b> & fun", "-o", str(quiz))
    assert code == 0
    code, out, _ = run(capsys, "quiz", "print", str(quiz), "--format", "html")
    assert code == 0 and "&lt;b&gt;Night&lt;/b&gt; &amp; fun" in out and "<b>Night" not in out
