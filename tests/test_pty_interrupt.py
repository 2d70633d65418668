"""Ctrl-C at the main menu and in `crib learn` exits 130 like every other command (README)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect
import pytest


def _spawn(args: list[str], tmp_path: Path) -> pexpect.spawn:
    env = {
        **os.environ,
        "TERM": "xterm",
        "NO_COLOR": "1",
        "COLUMNS": "100",
        "LINES": "40",
        "CRIB_DB": str(tmp_path / "db.sqlite3"),
        "CRIB_CACHE_DIR": str(tmp_path / "cache"),
    }
    return pexpect.spawn(
        sys.executable, ["-m", "trainer", *args], env=env, encoding="utf-8", timeout=30, dimensions=(40, 100)
    )


@pytest.mark.timeout(60)
@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
@pytest.mark.parametrize(("args", "prompt"), [([], "what would you like to do"), (["learn"], "")])
def test_ctrl_c_in_a_menu_exits_130(tmp_path: Path, args: list[str], prompt: str) -> None:
    child = _spawn(args, tmp_path)
    child.expect(prompt or r"\?")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130, child.before
    assert "Cancelled by user" not in (child.before or "")
