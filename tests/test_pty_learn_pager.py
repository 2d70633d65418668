"""`crib learn N` in a terminal smaller than the lesson pages it (less); q goes on."""

from __future__ import annotations

import os
import sys

import pexpect
import pytest


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_a_long_lesson_is_paged_and_q_goes_on() -> None:
    env = {**os.environ, "TERM": "xterm", "NO_COLOR": "1", "PAGER": "less", "COLUMNS": "80", "LINES": "24"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "trainer", "learn", "3", "--no-drill"],
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(24, 80),
    )
    child.expect("opens in the pager")
    child.expect("Runs, double runs")
    child.expect(":")  # less waits with its prompt: the rest of the lesson is not printed yet
    assert "Other variants" not in child.before
    child.send("q")
    child.expect("crib learn 3 --drill")  # after the pager: how to drill it later
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
