"""Faults a user meets without doing anything wrong (issue 24): a database another process is
using is busy, not damaged; a closed stdin is the end of the input; no home folder is a temp
location said once; bytes that are not UTF-8 and endless lines on the jsonl protocol are refused
in one line. Never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import trainer.store.store as store_module
from trainer.cli.app import main
from trainer.store.guard import lock_holder
from trainer.store.store import Store

ENV = {"PATH": "/usr/bin:/bin", "CRIB_LANG": "en", "NO_COLOR": "1", "LC_ALL": "C.UTF-8"}


def _crib(args: list[str], tmp_path: Path, **kw: object) -> subprocess.CompletedProcess[str]:
    env = {**ENV, "CRIB_DB": str(tmp_path / "p.sqlite3"), "HOME": str(tmp_path)}
    return subprocess.run(
        [sys.executable, "-m", "trainer", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=tmp_path,
        **kw,  # type: ignore[arg-type]
    )


def _hold(path: Path, seconds: float) -> subprocess.Popen[str]:
    """Another process holding the database with BEGIN EXCLUSIVE; returns once it holds it."""
    script = (
        "import sqlite3, sys, time\n"
        f"db = sqlite3.connect({str(path)!r}, isolation_level=None)\n"
        "db.execute('BEGIN EXCLUSIVE')\n"
        "print('held', flush=True)\n"
        f"time.sleep({seconds})\n"
    )
    holder = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    return holder


# ----------------------------------------------------------------------------- busy, not damaged


@pytest.mark.timeout(60)
def test_a_busy_database_waits_says_so_and_fails_as_busy_never_as_damaged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "p.sqlite3"
    Store.open(path).close()
    monkeypatch.setenv("CRIB_DB", str(path))
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT_MS", 1500)
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("12\n"))
    holder = _hold(path, 20)
    try:
        code = main(["drill", "count", "-n", "1", "--seed", "3"])
    finally:
        holder.kill()
        holder.wait()
    err = capsys.readouterr().err
    assert code == 2
    assert "another crib is using the progress database" in err and "waiting" in err
    assert f"(process {holder.pid}: " in err  # the other process, told from /proc/locks
    assert "is busy" in err and "try again" in err
    assert "damaged" not in err and "mv " not in err
    assert err.count("waiting") == 1  # said once


@pytest.mark.timeout(60)
def test_a_database_busy_for_a_moment_is_waited_for_and_the_answer_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "p.sqlite3"
    Store.open(path).close()
    monkeypatch.setenv("CRIB_DB", str(path))
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("12\n"))
    holder = _hold(path, 1.5)
    try:
        code = main(["drill", "count", "-n", "1", "--seed", "3"])
    finally:
        holder.wait()
    assert code == 0
    assert "waiting" in capsys.readouterr().err
    with Store.open(path) as store:
        assert store.count_answers() == 1


def test_the_lock_holder_is_empty_when_nobody_holds_the_file(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    Store.open(path).close()
    assert lock_holder(path) == ""


# ----------------------------------------------------------------------------- closed stdin


@pytest.mark.parametrize(
    "args",
    [
        ["drill", "count", "-n", "2"],
        ["quiz", "run"],
        ["play"],
        ["play", "--protocol", "jsonl"],
        ["learn", "1"],
        ["drill", "peg", "-n", "1"],
    ],
    ids=lambda a: " ".join(a),
)
def test_a_closed_stdin_is_the_end_of_the_input_not_a_traceback(tmp_path: Path, args: list[str]) -> None:
    run = _crib(args, tmp_path, stdin=subprocess.DEVNULL, preexec_fn=lambda: os.close(0))
    assert "Traceback" not in run.stderr, run.stderr
    assert run.returncode == 0, run.stderr
    if args[0] == "play":  # stopped before the first move: no empty game is left behind
        games = _crib(["games", "--json"], tmp_path)
        assert '"games": []' in games.stdout.replace("\n", "").replace("  ", ""), games.stdout


# ----------------------------------------------------------------------------- no home folder


def test_no_home_folder_keeps_progress_in_a_temp_folder_and_says_so_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import platformdirs

    def no_home(*args: object, **kwargs: object) -> str:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.delenv("CRIB_DB", raising=False)
    monkeypatch.delenv("HOME", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setattr(platformdirs, "user_data_dir", no_home)  # off Linux
    monkeypatch.setattr("os.path.expanduser", lambda path: path)  # no passwd entry either
    monkeypatch.setattr("tempfile.gettempdir", lambda: str(tmp_path))
    monkeypatch.setattr("trainer.cli.progress_db._said", [])
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("12\n8\n"))
    assert main(["drill", "count", "-n", "2", "--seed", "1"]) == 0
    assert main(["stats"]) == 0
    err = capsys.readouterr().err
    where = tmp_path / f"cribbage-coach-{os.getuid()}" / "progress.sqlite3"
    assert err.count("there is no home folder") == 1 and str(where) in err
    with Store.open(where) as store:
        assert store.count_answers() == 2


# ----------------------------------------------------------------------------- the jsonl protocol


def test_jsonl_bytes_that_are_not_utf8_are_an_unreadable_answer_asked_again(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "trainer", "play", "--protocol", "jsonl", "--seed", "2"],
        env={**ENV, "CRIB_DB": str(tmp_path / "p.sqlite3")},
        input=b"\xff\xfe\n",
        capture_output=True,
        timeout=120,
        check=False,
    )
    err = proc.stderr.decode("utf-8", "replace")
    assert proc.returncode == 0 and "Traceback" not in err, err
    assert b'{"error": ' in proc.stdout


@pytest.mark.timeout(60)
def test_jsonl_an_endless_line_is_refused_in_one_line_without_reading_it_all(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "trainer", "play", "--protocol", "jsonl", "--seed", "2"],
        env={**ENV, "CRIB_DB": str(tmp_path / "p.sqlite3")},
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    assert proc.stdin is not None and proc.stderr is not None
    try:
        for _ in range(400):  # up to 400 MB, far more than the reader may take
            proc.stdin.write(b"x" * 1_000_000)
    except BrokenPipeError:
        pass
    err = proc.stderr.read().decode()
    assert proc.wait() == 2
    assert err.strip().splitlines() == [
        "crib: error: an answer line is longer than 16384 characters (is the input a binary file?)"
    ]


# ----------------------------------------------------------------------------- digits


def test_only_ascii_digits_are_digits() -> None:
    from trainer.engine.digits import is_digits

    assert is_digits("0") and is_digits("120")
    assert not any(is_digits(t) for t in ("²", "1²", "١", "５", "", " 1", "-1", "+1", "1.0"))


@pytest.mark.parametrize(
    "args",
    [["rules", "ruling", "²"], ["learn", "²"], ["quiz", "make", "--drills", "count:²"], ["learn", "1²"]],
    ids=lambda a: " ".join(a),
)
def test_superscript_digits_are_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    code = main([*args, "-o", str(tmp_path / "q.yaml")] if args[0] == "quiz" else args)
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1, err


def test_superscript_digits_in_answers_are_unreadable_answers(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("²\n²\n²\n²\n²\n²\n"))
    assert main(["drill", "count", "--steps", "-n", "1", "--seed", "2"]) == 0
    assert main(["drill", "count", "-n", "1", "--seed", "2"]) == 0


def test_a_deal_files_superscript_dealer_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import re

    source = sorted((Path(__file__).resolve().parents[1] / "deals").glob("*.yaml"))[0]
    path = tmp_path / "d.yaml"
    path.write_text(re.sub(r"(?m)^dealer: .*$", 'dealer: "²"', source.read_text("utf-8")), "utf-8")
    code = main(["replay", str(path)])
    err = capsys.readouterr().err
    assert code == 2 and "dealer" in err and len(err.strip().splitlines()) == 1, err


# ----------------------------------------------------------------------------- ruleset numbers

RANGES = {
    "flush: {starter_bonus: 10000000}": "flush.starter_bonus: 10000000 is out of range: at least 0, at most",
    "flush: {starter_bonus: 30}": "flush.starter_bonus: 30 is out of range",
    "compensation: {points: 1000000000, when: every_deal}": "compensation.points: 1000000000 is out of range",
    "heels_points: 30": "heels_points: 30 is out of range",
    "lurch: {games: 0}": "lurch.games: 0 is out of range",
    "lurch: {values: [2, 1000000]}": "lurch.values: 1000000 is out of range",
    "lurch: {skunk_below: 5000}": "lurch.skunk_below: 5000 is out of range",
}


@pytest.mark.parametrize("override", sorted(RANGES))
def test_every_ruleset_number_has_a_range_said_in_the_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], override: str
) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: classic\nname: house\n{override}\n", encoding="utf-8")
    code = main(["rules", "check", str(path)])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and RANGES[override] in err, err


@pytest.mark.parametrize("name", ["classic", "five-card", "seven-card", "three-player", "partnership"])
def test_the_shipped_rulesets_are_within_every_range(name: str) -> None:
    from trainer.content.rulesets import load_ruleset

    assert load_ruleset(name).name == name


# ----------------------------------------------------------------------------- a changed game row


@pytest.mark.parametrize("args", [["play", "--resume"], ["games", "show", "1"]], ids=" ".join)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_game_row_changed_outside_crib_is_the_databases_fault_in_one_line(
    tmp_path: Path, args: list[str], lang: str
) -> None:
    import json
    import sqlite3

    run = _crib(["play", "-r", "classic", "--seed", "4", "--protocol", "jsonl"], tmp_path, input="1 2\n")
    assert run.returncode == 0, run.stderr
    db = sqlite3.connect(tmp_path / "p.sqlite3")
    body = json.loads(db.execute("SELECT record FROM games").fetchone()[0])
    discard = next(a for a in body["actions"] if a["a"] == "discard" and a["seat"] == 0)
    discard["cards"] = ["5H", "5H"]  # not in the hand
    db.execute("UPDATE games SET record = ?", (json.dumps(body),))
    db.commit()
    db.close()
    run = _crib(["--lang", lang, *args], tmp_path, input="")
    assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr
    (line,) = run.stderr.strip().splitlines()
    assert "game 1" in line if lang == "en" else "партию 1" in line
    assert str(tmp_path / "p.sqlite3") in line and ("crib games" in line)
