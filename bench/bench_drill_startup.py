"""Start of `crib drill count` to the first question on screen, in a real pseudo-terminal, against
`python -c "import typer, questionary"` (target <= 1.5x).

Two moments are timed: the question (the cards) printed, and the questionary prompt ready for
typing. Runs are interleaved with the baseline so machine load affects both alike.
Run: python bench/bench_drill_startup.py [runs]
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

import pexpect
from _util import ROOT, python


def _baseline() -> float:
    start = time.perf_counter()
    subprocess.run([python(), "-c", "import typer, questionary"], check=True, cwd=ROOT)
    return time.perf_counter() - start


def _first_question(db: str) -> tuple[float, float]:
    env = {**os.environ, "TERM": "xterm", "NO_COLOR": "1", "CRIB_DB": db, "PROMPT_TOOLKIT_NO_CPR": "1"}
    start = time.perf_counter()
    child = pexpect.spawn(
        python(),
        ["-m", "trainer", "drill", "count", "--seed", "1", "-n", "1"],
        env=env,
        cwd=str(ROOT),
        encoding="utf-8",
        timeout=30,
        dimensions=(40, 100),
    )
    child.expect("starter")
    shown = time.perf_counter() - start
    child.expect("Total points")
    ready = time.perf_counter() - start
    child.sendcontrol("c")
    child.expect(pexpect.EOF)
    child.close()
    return shown, ready


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "bench.sqlite3")
        _baseline()
        _first_question(db)  # warm-up: file caches, the database file
        base, shown, ready = [], [], []
        for _ in range(runs):
            base.append(_baseline())
            s, r = _first_question(db)
            shown.append(s)
            ready.append(r)
    b = statistics.median(base)
    s = statistics.median(shown)
    r = statistics.median(ready)
    print(f"python -c 'import typer, questionary': {b * 1000:6.0f} ms")
    print(f"crib drill count, question on screen:  {s * 1000:6.0f} ms  = {s / b:.2f}x")
    print(f"crib drill count, prompt ready:        {r * 1000:6.0f} ms  = {r / b:.2f}x")


if __name__ == "__main__":
    main()
