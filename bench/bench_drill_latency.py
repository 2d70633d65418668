"""From pressing Enter to the next question on screen, per drill, in a real pseudo-terminal
(target <= 100 ms). The time covers grading, storing the answer (its own SQLite transaction),
printing the feedback and the next question.

The user's thinking time is simulated with a pause before each Enter, as in real use: that is
when the session solves the current question and makes the next one in the background.
Run: python bench/bench_drill_latency.py [questions-per-drill] [think-seconds]
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time

import pexpect
from _util import ROOT, python

# What to type at each prompt before Enter (the answer does not matter for the timing).
DRILLS: dict[str, tuple[list[str], str]] = {
    "count": (["drill", "count", "--level", "expert"], "7"),
    "count --itemised": (["drill", "count", "--itemised"], "4 2 3 0 0"),
    "muggins": (["drill", "muggins", "--level", "expert"], ""),  # Enter on the first entry: accept
    "peg points": (["drill", "peg", "--form", "points", "--level", "expert"], "2"),
    "peg play": (["drill", "peg", "--form", "play", "--level", "expert"], ""),  # first card
    "discard": (["drill", "discard", "--level", "expert"], " \x1b[B "),  # tick the first two
    "penalty": (["drill", "penalty", "--level", "expert"], ""),  # first choice
}


PROMPTS = r"Total points|Points for|Your call|Which card|Lay away|What is the ruling"


def measure(args: list[str], keys: str, *, n: int, think: float, db: str) -> list[float]:
    env = {**os.environ, "TERM": "xterm", "NO_COLOR": "1", "CRIB_DB": db, "PROMPT_TOOLKIT_NO_CPR": "1"}
    child = pexpect.spawn(
        python(),
        ["-m", "trainer", *args, "-n", str(n + 1), "--seed", "11"],
        env=env,
        cwd=str(ROOT),
        encoding="utf-8",
        timeout=30,
        dimensions=(50, 120),
    )
    child.delaybeforesend = None  # pexpect sleeps 50 ms before each send by default
    times = []
    child.expect(PROMPTS)
    for k in range(2, n + 2):
        time.sleep(think)
        if keys:
            child.send(keys)
        start = time.perf_counter()
        child.send("\r")
        child.expect(f"Question {k}/")
        child.expect(r"\n")  # the header line is complete; the cards follow in the same write
        times.append(time.perf_counter() - start)
        child.expect(PROMPTS)
    child.sendcontrol("c")
    child.expect(pexpect.EOF)
    child.close()
    return times


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    think = float(sys.argv[2]) if len(sys.argv) > 2 else 0.5
    print(f"Enter -> next question, {n} questions per drill, {think:.1f} s thinking time")
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "bench.sqlite3")
        for name, (args, keys) in DRILLS.items():
            times = measure(args, keys, n=n, think=think, db=db)
            print(
                f"  {name:18} median {statistics.median(times) * 1000:5.0f} ms   "
                f"max {max(times) * 1000:5.0f} ms"
            )


if __name__ == "__main__":
    main()
