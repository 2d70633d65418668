"""Hostile files and careless input end in one `crib: error:` line and exit 2, in bounded time.

Each case here was a hang, a memory blow-up or a traceback (issue 13). The time bound is the
pytest-timeout marker on each test: a regression that hangs fails the test instead of the CI.
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest
from helpers import run

from trainer.content.yamlfile import MAX_ALIASES, MAX_DEPTH, MAX_FILE_BYTES

BOUND = pytest.mark.timeout(30)


def billion_laughs() -> str:
    """The classic: 9 levels of 9 aliases, under 500 bytes, 9**9 values once expanded."""
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True):
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def one_error_line(err: str) -> str:
    lines = err.strip("\n").split("\n")
    assert len(lines) == 1, err
    assert lines[0].startswith("crib: error: ") and "Traceback" not in err, err
    return lines[0]


@pytest.fixture()
def quiz(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "quiz.yaml"
    code, _, err = run(
        capsys, "quiz", "make", "-n", "4", "--seed", "3", "--drills", "count,peg", "-o", str(path)
    )
    assert code == 0, err
    return path


def _reader_commands(path: Path, quiz: Path) -> dict[str, list[str]]:
    """The same file given to every reader: ruleset, deal, quiz, answers."""
    return {
        "ruleset": ["count", "5H", "5C", "5D", "JS", "5S", "-r", str(path)],
        "deal": ["replay", str(path)],
        "quiz": ["quiz", "print", str(path)],
        "answers": ["drill", "count", "-n", "1", "--seed", "1", "--answers", str(path)],
        "quiz-take": ["quiz", "take", str(path), "--name", "Ann"],
    }


READERS = ("ruleset", "deal", "quiz", "quiz-take")


@BOUND
@pytest.mark.parametrize("reader", READERS)
def test_a_yaml_alias_bomb_is_refused_by_every_reader(
    tmp_path: Path, quiz: Path, capsys: pytest.CaptureFixture[str], reader: str
) -> None:
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text(billion_laughs(), encoding="utf-8")
    assert len(bomb.read_bytes()) < 500
    code, _, err = run(capsys, *_reader_commands(bomb, quiz)[reader])
    assert code == 2
    assert "refused" in one_error_line(err) and "alias bomb" in err


@BOUND
def test_a_yaml_alias_bomb_results_file_is_rejected_and_the_report_still_runs(
    tmp_path: Path, quiz: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bomb = tmp_path / "results" / "bomb.yaml"
    bomb.parent.mkdir()
    bomb.write_text(billion_laughs(), encoding="utf-8")
    code, out, err = run(capsys, "quiz", "report", str(quiz), str(bomb.parent), "--json")
    assert code == 0 and "Traceback" not in err
    import json

    (rejected,) = json.loads(out)["rejected"]
    assert "refused" in rejected["reason"]


@BOUND
@pytest.mark.parametrize("reader", READERS)
def test_too_many_aliases_are_refused(
    tmp_path: Path, quiz: Path, capsys: pytest.CaptureFixture[str], reader: str
) -> None:
    many = tmp_path / "aliases.yaml"
    many.write_text("a: &a 1\nb: [" + ", ".join(["*a"] * (MAX_ALIASES + 1)) + "]\n", encoding="utf-8")
    code, _, err = run(capsys, *_reader_commands(many, quiz)[reader])
    assert code == 2 and f"more than {MAX_ALIASES} aliases" in one_error_line(err)


@BOUND
@pytest.mark.parametrize("reader", READERS)
def test_deep_nesting_is_refused_not_a_recursion_error(
    tmp_path: Path, quiz: Path, capsys: pytest.CaptureFixture[str], reader: str
) -> None:
    deep = tmp_path / "deep.yaml"
    deep.write_text("extends: classic\nteams: " + "[" * 500 + "]" * 500 + "\n", encoding="utf-8")
    code, _, err = run(capsys, *_reader_commands(deep, quiz)[reader])
    assert code == 2 and f"nested more than {MAX_DEPTH} levels" in one_error_line(err)


@BOUND
@pytest.mark.parametrize("reader", ("ruleset", "deal", "quiz", "answers", "quiz-take"))
def test_an_endless_device_is_not_a_file(quiz: Path, capsys: pytest.CaptureFixture[str], reader: str) -> None:
    code, _, err = run(capsys, *_reader_commands(Path("/dev/zero"), quiz)[reader])
    assert code == 2
    line = one_error_line(err)
    assert "/dev/zero" in line and ("not a regular" in line or "not a regular ruleset file" in line)


@BOUND
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
@pytest.mark.parametrize("reader", ("ruleset", "deal", "quiz", "answers"))
def test_a_fifo_with_no_writer_does_not_hang(
    tmp_path: Path, quiz: Path, capsys: pytest.CaptureFixture[str], reader: str
) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    code, _, err = run(capsys, *_reader_commands(fifo, quiz)[reader])
    assert code == 2 and "not a regular" in one_error_line(err)


@BOUND
@pytest.mark.parametrize("reader", ("ruleset", "deal", "quiz", "answers"))
def test_a_file_over_the_size_cap_is_refused_unread(
    tmp_path: Path, quiz: Path, capsys: pytest.CaptureFixture[str], reader: str
) -> None:
    big = tmp_path / "big.yaml"
    with big.open("wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)  # sparse: costs no disk
    code, _, err = run(capsys, *_reader_commands(big, quiz)[reader])
    assert code == 2 and f"larger than {MAX_FILE_BYTES} bytes" in one_error_line(err)


@BOUND
@pytest.mark.parametrize("reader", ("ruleset", "deal", "quiz", "answers"))
def test_a_name_of_5000_characters_is_an_error_not_enametoolong(
    quiz: Path, capsys: pytest.CaptureFixture[str], reader: str
) -> None:
    code, _, err = run(capsys, *_reader_commands(Path("x" * 5000), quiz)[reader])
    line = one_error_line(err)
    assert code == 2 and len(line) < 400 and "x" * 100 not in line


@BOUND
def test_extends_may_not_leave_the_folder_and_no_content_is_echoed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    secret = tmp_path / "secret.yaml"
    secret.write_text("password: hunter2\n", encoding="utf-8")
    house = tmp_path / "club" / "house.yaml"
    house.parent.mkdir()
    for target in ("../secret.yaml", str(secret), "/etc/passwd", "../../etc/passwd", "/dev/zero"):
        house.write_text(f"extends: {target}\n", encoding="utf-8")
        code, _, err = run(capsys, "count", "5H", "5C", "5D", "JS", "5S", "-r", str(house))
        line = one_error_line(err)
        assert code == 2 and "is not allowed" in line, line
        assert "hunter2" not in line and "root:" not in line


def test_extends_a_file_in_the_same_folder_or_below_still_works(tmp_path: Path) -> None:
    from trainer.content.rulesets import load_ruleset

    (tmp_path / "base").mkdir()
    (tmp_path / "base" / "b.yaml").write_text("extends: five-card\nname: b\ntarget: 61\n", encoding="utf-8")
    (tmp_path / "c.yaml").write_text("extends: base/b.yaml\nname: c\n", encoding="utf-8")
    assert load_ruleset(tmp_path / "c.yaml").target == 61


@BOUND
def test_a_number_of_5000_digits_in_yaml_is_broken_yaml(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "big-number.yaml"
    path.write_text("extends: classic\ntarget: " + "9" * 5000 + "\n", encoding="utf-8")
    code, _, err = run(capsys, "count", "5H", "5C", "5D", "JS", "5S", "-r", str(path))
    assert code == 2 and "broken YAML (a number of more than 4300 digits)" in one_error_line(err)


@BOUND
def test_non_utf8_answers_file_and_a_bom(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\xff\xfe12\n")
    code, _, err = run(capsys, "drill", "count", "-n", "1", "--seed", "5", "--answers", str(bad))
    assert code == 2 and "not UTF-8 text (byte 0)" in one_error_line(err)
    bom = tmp_path / "bom.txt"
    bom.write_bytes(b"\xef\xbb\xbf12\n")
    code, out, err = run(capsys, "drill", "count", "-n", "1", "--seed", "5", "--answers", str(bom), "--json")
    import json

    assert code == 0 and json.loads(out)["questions"][0]["answer"] == "12"  # not "\ufeff12"


@BOUND
def test_non_utf8_bytes_and_an_endless_line_on_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"\xff\xfe12\n"), encoding="utf-8"))
    code, _, err = run(capsys, "drill", "count", "-n", "1", "--seed", "5")
    assert code == 0 and "Traceback" not in err  # an unreadable answer, graded wrong
    monkeypatch.setattr(sys, "stdin", io.StringIO("0" * 100_000))
    code, _, err = run(capsys, "drill", "count", "-n", "1", "--seed", "5")
    assert code == 2, err
    assert "longer than 16384 characters" in err.strip().split("\n")[-1]


@BOUND
@pytest.mark.parametrize("answer", ["9" * 4301, "²", "[/]", "\x1b[2J", "[bold red]Boss[/bold red]"])
def test_hostile_answers_are_graded_and_shown_as_text(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], answer: str
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(answer + "\n"))
    code, out, err = run(capsys, "drill", "count", "-n", "1", "--seed", "5")
    assert code == 0 and "Traceback" not in err
    assert "\x1b" not in out
    if answer.startswith("[bold"):
        assert "[bold red]Boss[/bold red]" in out  # printed as typed, not styled


@BOUND
def test_simulate_games_are_bounded(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", "--games", "999999999999")
    assert code == 2 and "1<=x<=20000" in one_error_line(err)


@BOUND
def test_discard_top_must_not_be_negative(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "discard", "5H", "5C", "5D", "JS", "2C", "3D", "--top", "-3")
    assert code == 2 and "--top" in one_error_line(err)


@BOUND
@pytest.mark.parametrize("argv", [["count"], ["peg"], ["rules", "search"]])
def test_a_missing_argument_is_one_line_with_usage(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, _, err = run(capsys, *argv)
    line = one_error_line(err)
    assert code == 2 and "missing argument" in line and "usage: crib" in line


@BOUND
@pytest.mark.parametrize("name", ["An\udcffn", "Boss\x1b[2J", "[/]"])
def test_hostile_student_names(
    quiz: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    answers = tmp_path / "a.txt"
    answers.write_text("1\n", encoding="utf-8")
    code, _, err = run(
        capsys, "quiz", "take", str(quiz), "--name", name, "--answers", str(answers),
        "--results", str(tmp_path / "results"),
    )  # fmt: skip
    if name == "[/]":  # a name like any other: taken, and the report prints it as text
        assert code == 0, err
        code, out, err = run(capsys, "quiz", "report", str(quiz), str(tmp_path / "results"))
        assert code == 0 and "[/]" in out and "Traceback" not in err
    else:
        assert code == 2 and "--name holds control characters" in one_error_line(err)
