"""The suite is to run in parallel (pytest-xdist, `-n auto --dist loadscope`), and every test
file keeps to what makes that safe: no fixed listening port (two workers would fight for it),
no `os.chdir` (it outlives the test in its worker; `monkeypatch.chdir` is undone), no
progress database but the per-test one tests/conftest.py sets."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent

# A literal port handed to a server or bound: `"--port", "8000"`, `port=8000)`, `.bind(("127.0.0.1", 8000))`.
FIXED_PORT = re.compile(
    r"""["']--port["'],\s*["'][1-9]\d*["']|\bport=[1-9]\d*\)|\.bind\(\([^)]*,\s*[1-9]\d*\)\)"""
)
BARE_CHDIR = re.compile(r"(?<![\w.])os\.chdir\(")


def _sources() -> dict[str, str]:
    return {
        p.name: p.read_text(encoding="utf-8")
        for p in sorted(TESTS.glob("*.py"))
        if p.name != Path(__file__).name
    }


def test_the_parallel_runner_is_a_test_dependency() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert any(d.startswith("pytest-xdist") for d in project["project"]["optional-dependencies"]["test"])


def test_a_short_folder_is_short(short_tmp: Path) -> None:
    """Tests quoting a whole path in a message write under `short_tmp`: with a file name it stays
    well inside the 80 characters a message shows of a path."""
    assert short_tmp.is_dir() and not any(short_tmp.iterdir())
    assert len(str(short_tmp / "01-fifteens.md")) <= 40


def test_no_test_listens_on_a_fixed_port_or_changes_the_working_folder() -> None:
    found = {
        f"{name}:{text[: m.start()].count(chr(10)) + 1}": m.group(0)
        for name, text in _sources().items()
        for pattern in (FIXED_PORT, BARE_CHDIR)
        for m in pattern.finditer(text)
    }
    assert found == {}


def test_the_patterns_catch_what_they_are_for() -> None:
    assert FIXED_PORT.search('["club", "serve", q, "--port", "8765"]')
    assert FIXED_PORT.search('sock.bind(("127.0.0.1", 8765))')
    assert not FIXED_PORT.search('"--port", "0"') and not FIXED_PORT.search('bind(("127.0.0.1", 0))')
    assert not FIXED_PORT.search('_print_banner("x", room, port=8765, join_url="...")')  # printed, not bound
    assert BARE_CHDIR.search("os.chdir(tmp)") and not BARE_CHDIR.search("monkeypatch.chdir(tmp)")


def test_every_test_has_its_own_progress_database() -> None:
    import os

    assert Path(os.environ["CRIB_DB"]).parent.name.startswith("crib-env")
    assert not Path(os.environ["CRIB_DB"]).exists()  # fresh, never another test's
