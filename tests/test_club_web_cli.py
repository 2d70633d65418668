"""`crib club serve` as a teacher runs it: one JSON line to script against, a real server on
127.0.0.1 that a restart resumes, a busy port as a one-line error, and no web stack imported by
any other command (their start-up is benchmarked)."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from club_server import club_server
from club_web_helpers import make_quiz
from helpers import run

WEB_STACK = ("starlette", "uvicorn", "jinja2", "segno", "anyio", "trainer.web")


def get(url: str, token: str | None = None) -> dict[str, object]:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"} if token else {})
    with urllib.request.urlopen(request, timeout=10) as response:
        return dict(json.loads(response.read()))


def test_serve_prints_one_json_line_and_a_restart_resumes_the_night(tmp_path: Path) -> None:
    quiz = make_quiz(tmp_path / "night.yaml")
    with club_server(quiz) as first:
        assert {"url", "room", "teacher_token"} <= set(first)
        assert first["url"].startswith("http://127.0.0.1:") and first["url"].endswith(
            f"/?room={first['room']}"
        )
        base = first["url"].split("/?")[0]
        for _ in range(100):  # every question solved in the background before the first answer
            health = get(f"{base}/health")
            if health["solved"] == 4:
                break
            time.sleep(0.1)
        assert health == {"ok": True, "solved": 4, "questions": 4}
        report = get(f"{base}/api/report", first["teacher_token"])
        assert report["standings"] == [] and len(report["questions"]) == 4
    assert first["process"].returncode is not None  # stopped
    with club_server(quiz) as second:
        assert (second["room"], second["teacher_token"]) == (first["room"], first["teacher_token"])
    with club_server(quiz, "--fresh") as third:
        assert third["room"] != first["room"] or third["teacher_token"] != first["teacher_token"]
    assert len(list(tmp_path.glob("night.club-*.sqlite3"))) == 1  # the old night is kept aside


def test_a_busy_port_is_a_one_line_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    quiz = make_quiz(tmp_path / "night.yaml")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        code, _, err = run(capsys, "club", "serve", str(quiz), "--host", "127.0.0.1", "--port", str(port))
    assert code == 2
    assert err.startswith(f"crib: error: cannot listen on 127.0.0.1:{port}") and err.count("\n") == 1


def test_a_missing_quiz_or_a_bad_mode_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "club", "serve", str(tmp_path / "none.yaml"), "--host", "127.0.0.1")
    assert code == 2 and err.count("\n") == 1
    quiz = make_quiz(tmp_path / "night.yaml")
    code, _, err = run(capsys, "club", "serve", str(quiz), "--host", "127.0.0.1", "--mode", "race")
    assert code == 2 and "choose live, self-paced or exam" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        ["quiz", "make", "-n", "2", "--seed", "1", "-o", "{tmp}/q.yaml"],
        ["quiz", "print", "{tmp}/q.yaml"],
        ["quiz", "report", "{tmp}/q.yaml", "{tmp}"],
        ["count", "5H 5C 5D JS", "5S"],
        ["rules", "show"],
    ],
    ids=lambda a: " ".join(a[:2]),
)
def test_other_commands_never_import_the_web_stack(tmp_path: Path, argv: list[str]) -> None:
    make_quiz(tmp_path / "q.yaml")
    args = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    code = (
        "import sys\n"
        "from trainer.cli.app import main\n"
        f"main({args!r})\n"
        f"loaded = sorted(m for m in sys.modules if m.startswith({WEB_STACK!r}))\n"
        "print('LOADED', loaded, file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert "LOADED []" in done.stderr, done.stderr[-2000:]
