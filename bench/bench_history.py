"""Cost of the common screens as a history grows: 1 day, 1 month, 1 year and 5 years of answers
(about 110 a day, with a game a day whose mistakes go to the review queue), each database built
through the product's store (`bench/history_db.py`, seeded) in a temporary folder.

For each size and action it prints the median wall time of the whole process, the medians of
the per-pair ratios of wall and CPU time to the 1-day database (paired, interleaved: each pair
runs the action on the 1-day database and on the measured one back to back, in alternating
order), and the process's peak RSS. Goals (issue 23): every action <= 1.5x its 1-day time at 5 years and
<= 300 ms; stats <= 60 MB at 5 years.

Actions: `crib drill review` to its first question (the answers file is empty: the question is
built and shown, then the end of input stops the session, so no run changes a database),
`crib stats --json`, the menu's status lines (what the menu reads before its first prompt),
`crib games --json`.

Building takes a few minutes (five years is about 220,000 answers, each its own transaction);
`--keep DIR` builds into DIR and reuses the databases found there on the next run.
Run: python bench/bench_history.py [--pairs N] [--keep DIR] [--sizes day,month,year,5years]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from _util import ROOT, compile_bytecode, python

SIZES = {"day": 1, "month": 30, "year": 365, "5years": 5 * 365}
MENU = "from trainer.cli.menu import status; status('en')"


def actions(answers: Path) -> dict[str, list[str]]:
    py = python()
    return {
        "review, first question": [py, "-m", "trainer", "drill", "review", "--answers", str(answers)],
        "stats": [py, "-m", "trainer", "stats", "--json"],
        "menu, status": [py, "-c", MENU],
        "games": [py, "-m", "trainer", "games", "--json"],
    }


def run(argv: list[str], db: Path) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds, peak RSS in MB) of one whole process."""
    env = {**os.environ, "CRIB_DB": str(db), "CRIB_USER": "player", "NO_COLOR": "1", "CRIB_LANG": "en"}
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    took = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode() if proc.stderr else ""
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(argv)} failed ({proc.returncode}): {err[-400:]}")
    return took, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def timed(argv: list[str], db: Path) -> tuple[float, float]:
    """(wall, CPU) seconds: on a loaded machine the CPU time is the steadier of the two."""
    took, cpu, _ = run(argv, db)
    return took, cpu


def build_all(folder: Path, sizes: list[str]) -> dict[str, Path]:
    sys.path.insert(0, str(Path(__file__).parent))
    from history_db import build, pool

    now = time.time()
    questions = None
    out = {}
    for name in sizes:
        path = folder / f"{name}.sqlite3"
        if not path.exists():
            questions = questions or pool()
            start = time.perf_counter()
            counts = build(path, days=SIZES[name], now=now, questions=questions)
            mb = path.stat().st_size / 2**20
            took = time.perf_counter() - start
            print(f"built {name:7} {counts['answers']:7,} answers  {mb:6.1f} MB  in {took:5.1f} s")
        out[name] = path
    return out


def paired(
    fn_ref: Callable[[], tuple[float, float]], fn: Callable[[], tuple[float, float]], pairs: int
) -> tuple[float, float, float]:
    """(median wall ratio, median CPU ratio, median wall time) of `fn` against `fn_ref`,
    interleaved in alternating order."""
    fn_ref(), fn()
    walls, cpus, times = [], [], []
    for i in range(pairs):
        if i % 2:
            m, r = fn(), fn_ref()
        else:
            r, m = fn_ref(), fn()
        walls.append(m[0] / r[0])
        cpus.append(m[1] / r[1])
        times.append(m[0])
    return statistics.median(walls), statistics.median(cpus), statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=15)
    parser.add_argument("--keep", type=Path, help="build into this folder and reuse what is there")
    parser.add_argument("--sizes", default=",".join(SIZES))
    args = parser.parse_args()
    sizes = [s for s in args.sizes.split(",") if s]
    if "day" not in sizes:
        sizes.insert(0, "day")
    compile_bytecode()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        dbs = build_all(folder, sizes)
        # No answer: review stops at its first question, so a run changes nothing (answered runs
        # moved cards and used up the day's review limit, after which the 1-day database asked
        # nothing and its times were not a review's any more).
        answers = Path(tmp) / "answers.txt"
        answers.write_text("", encoding="utf-8")
        print(f"median of {args.pairs} interleaved pairs; ratio to the same action on the 1-day database")
        print("(wall time and CPU time of the whole process; CPU is the steadier on a loaded machine)")
        for label, argv in actions(answers).items():
            print(label)
            for name in sizes:
                db = dbs[name]
                wall, cpu, took = paired(
                    partial(timed, argv, dbs["day"]), partial(timed, argv, db), args.pairs
                )
                rss = max(run(argv, db)[2] for _ in range(3))
                print(
                    f"  {name:7}  {took * 1e3:6.0f} ms  wall {wall:5.2f}x  CPU {cpu:5.2f}x  {rss:5.1f} MB RSS"
                )


if __name__ == "__main__":
    main()
