"""Storage faults and output edge cases: clean one-line errors, nothing saved is lost.

The read-only case is simulated (tests may run as root, whom file modes do not stop): SQLite is
made to report "attempt to write a readonly database" exactly where a read-only file fails.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import run

BOUND = pytest.mark.timeout(60)


def _one_line(err: str) -> str:
    lines = err.strip("\n").split("\n")
    assert len(lines) == 1 and lines[0].startswith("crib: error: ") and "Traceback" not in err, err
    return lines[0]


@pytest.fixture()
def quiz(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "quiz.yaml"
    code, _, err = run(capsys, "quiz", "make", "-n", "3", "--seed", "3", "--drills", "count", "-o", str(path))
    assert code == 0, err
    return path


def _answers(tmp_path: Path) -> Path:
    path = tmp_path / "answers.txt"
    path.write_text("12\n8\n4\n", encoding="utf-8")
    return path


@BOUND
def test_a_read_only_database_fails_before_the_first_question(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, quiz: Path
) -> None:
    from trainer.store.store import Store

    def readonly(self: Store) -> None:
        from trainer.store.guard import database_error

        raise database_error(self.path, sqlite3.OperationalError("attempt to write a readonly database"))

    monkeypatch.setattr(Store, "check_writable", readonly)
    code, out, err = run(
        capsys, "drill", "count", "-n", "2", "--seed", "1", "--answers", str(_answers(tmp_path))
    )
    assert code == 2 and "cannot be written" in _one_line(err) and "Total points" not in out
    code, out, err = run(
        capsys, "quiz", "take", str(quiz), "--name", "Ann", "--answers", str(_answers(tmp_path)),
        "--results", str(tmp_path / "results"),
    )  # fmt: skip
    assert code == 2 and "cannot be written" in _one_line(err)


@BOUND
def test_the_real_writability_check_passes_on_a_writable_database(tmp_path: Path) -> None:
    from trainer.store.store import SCHEMA_VERSION, Store

    with Store.open(tmp_path / "p.sqlite3") as store:
        store.check_writable()
        assert store.version() == SCHEMA_VERSION  # the probe rolled back: nothing changed


@BOUND
def test_a_database_failing_mid_quiz_keeps_every_answer_in_the_results_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, quiz: Path
) -> None:
    from trainer.store.store import Store

    def full(self: Store, *args: object, **kwargs: object) -> None:
        from trainer.store.guard import database_error

        raise database_error(self.path, sqlite3.OperationalError("database or disk is full"))

    monkeypatch.setattr(Store, "record", full)
    results = tmp_path / "results"
    code, _, err = run(
        capsys, "quiz", "take", str(quiz), "--name", "Ann", "--answers", str(_answers(tmp_path)),
        "--results", str(results),
    )  # fmt: skip
    assert code == 2 and "cannot grow" in _one_line(err)
    (saved,) = results.glob("*.yaml")
    assert "answer: '12'" in saved.read_text(encoding="utf-8")


@BOUND
def test_an_unwritable_results_folder_is_found_before_the_first_question(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], quiz: Path
) -> None:
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("x", encoding="utf-8")
    code, out, err = run(
        capsys, "quiz", "take", str(quiz), "--name", "Ann", "--answers", str(_answers(tmp_path)),
        "--results", str(blocker / "results"),
    )  # fmt: skip
    assert code == 2 and "cannot write results into" in _one_line(err) and "Total points" not in out


@BOUND
@pytest.mark.parametrize(
    # Bad JSON goes into due cards' questions (a review reads them); stats no longer reads the
    # answers' `expected` at all (issue 23: it never decodes a field it does not show).
    "damage",
    ["DROP TABLE cards", "DROP TABLE ratings", "UPDATE cards SET due_at = 0, question = '{not json'"],
)
def test_a_damaged_database_names_the_file_and_the_way_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, damage: str
) -> None:
    db = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("CRIB_DB", str(db))
    answers = _answers(tmp_path)
    assert run(capsys, "drill", "count", "-n", "2", "--seed", "1", "--answers", str(answers))[0] == 0
    with sqlite3.connect(db) as connection:
        connection.execute(damage)
    failed = 0
    for argv in (["stats"], ["drill", "review", "--answers", str(answers)], ["drill", "count", "-n", "1",
                 "--answers", str(answers)]):  # fmt: skip
        code, _, err = run(capsys, *argv)
        if code == 0:  # this command does not read the damaged part
            continue
        failed += 1
        line = _one_line(err)
        assert code == 2 and str(db) in line and "is damaged" in line and ".bak" in line
    assert failed >= 1


@BOUND
def test_quiz_print_and_csv_refuse_to_overwrite_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], quiz: Path
) -> None:
    before = quiz.read_text(encoding="utf-8")
    code, _, err = run(capsys, "quiz", "print", str(quiz), "-o", str(quiz), "--force")
    assert code == 2 and "is the input file itself" in _one_line(err)
    assert quiz.read_text(encoding="utf-8") == before
    sheet = tmp_path / "sheet.md"
    sheet.write_text("mine", encoding="utf-8")
    code, _, err = run(capsys, "quiz", "print", str(quiz), "-o", str(sheet))
    assert code == 2 and "already exists; use --force" in _one_line(err)
    assert sheet.read_text(encoding="utf-8") == "mine"
    assert run(capsys, "quiz", "print", str(quiz), "-o", str(sheet), "--force")[0] == 0
    table = tmp_path / "marks.csv"
    table.write_text("mine", encoding="utf-8")
    code, _, err = run(capsys, "quiz", "report", str(quiz), str(tmp_path), "--csv", str(table))
    assert code == 2 and "already exists; use --force" in _one_line(err)
    assert table.read_text(encoding="utf-8") == "mine"


@BOUND
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_disk_is_a_clean_error_and_the_device_is_not_replaced(
    capsys: pytest.CaptureFixture[str], quiz: Path
) -> None:
    code, _, err = run(capsys, "quiz", "print", str(quiz), "-o", "/dev/full", "--force")
    assert code == 2 and "/dev/full: No space left on device" in _one_line(err)
    assert Path("/dev/full").is_char_device()


def _crib(args: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env_python = sys.executable
    return subprocess.run(
        ["bash", "-c", f"{env_python} -m trainer {args}"],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[1],
        timeout=120,
        env={
            "PATH": "/usr/bin:/bin",
            "NO_COLOR": "1",
            "CRIB_DB": str(tmp_path / "db.sqlite3"),
            "CRIB_CACHE_DIR": str(tmp_path / "cache"),
            "HOME": str(tmp_path),
        },
    )


@BOUND
@pytest.mark.parametrize("redirect", [">&-", ">/dev/full"])
def test_a_closed_or_full_stdout_is_one_line_exit_2(tmp_path: Path, redirect: str) -> None:
    if redirect == ">/dev/full" and not Path("/dev/full").exists():
        pytest.skip("needs /dev/full")
    done = _crib(f"count 5H 5C 5D JS 5S {redirect}", tmp_path)
    assert done.returncode == 2 and _one_line(done.stderr)


@pytest.mark.timeout(240)
@pytest.mark.parametrize(
    "command",
    ["rules show", "quiz report --help", "replay deals/seven-card.yaml", "simulate -n 20", "stats", "--help"],
)
def test_a_closed_pipe_is_a_quiet_exit_0(tmp_path: Path, command: str) -> None:
    done = _crib(f"{command} | head -1 >/dev/null; exit ${{PIPESTATUS[0]}}", tmp_path)
    assert done.returncode == 0 and done.stderr == "", done.stderr


def test_json_output_still_parses_after_the_changes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "count", "5H", "5C", "5D", "JS", "5S", "--json")
    assert code == 0 and json.loads(out)["total"] == 29
