"""Every drill kind's first question: `crib drill KIND -n 1 --seed S` started as a whole process
until its first question's header is printed, against `python -c "import typer"` measured in
the same pairs (goal, issue 23: <= 2x for every kind). Paired, interleaved (the order alternating
inside each pair), median of the per-pair ratios, bytecode compiled first; each run has its own
seed (the same seeds for every kind), and an empty progress database in a temporary folder.

Run: python bench/bench_drill_first.py [--pairs N] [--kinds count,peg,...]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from _util import ROOT, compile_bytecode, python, run_once

KINDS = ("count", "peg", "discard", "muggins", "penalty")
HEADER = "Question 1/1"


def first_question(kind: str, seed: int, db: Path, answers: Path) -> float:
    """Seconds from start until the first question's header is on stdout."""
    env = {**os.environ, "CRIB_DB": str(db), "NO_COLOR": "1", "CRIB_LANG": "en"}
    argv = [
        python(),
        "-m",
        "trainer",
        "drill",
        kind,
        "-n",
        "1",
        "--seed",
        str(seed),
        "--answers",
        str(answers),
    ]
    start = time.perf_counter()
    proc = subprocess.Popen(
        argv, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    assert proc.stdout is not None
    for line in proc.stdout:
        if HEADER in line:
            took = time.perf_counter() - start
            break
    else:
        raise SystemExit(f"crib drill {kind} printed no question")
    proc.stdout.read()
    proc.wait()
    return took


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=15)
    parser.add_argument("--kinds", default=",".join(KINDS))
    args = parser.parse_args()
    compile_bytecode()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite3"
        answers = Path(tmp) / "answers.txt"
        answers.write_text("1\n", encoding="utf-8")

        def typer_import() -> float:
            return run_once([python(), "-c", "import typer"])

        print(f"median of {args.pairs} interleaved pairs, ratio to `python -c 'import typer'` (goal <= 2x)")
        for kind in args.kinds.split(","):
            first_question(kind, 0, db, answers)  # warm-up
            typer_import()
            ratios, times, refs = [], [], []
            for i in range(args.pairs):
                if i % 2:
                    took, ref = first_question(kind, i + 1, db, answers), typer_import()
                else:
                    ref, took = typer_import(), first_question(kind, i + 1, db, answers)
                ratios.append(took / ref)
                times.append(took)
                refs.append(ref)
            ratio, took, ref = statistics.median(ratios), statistics.median(times), statistics.median(refs)
            print(f"  crib drill {kind:8} {ratio:5.2f}x   ({took * 1e3:4.0f} ms vs {ref * 1e3:4.0f} ms)")


if __name__ == "__main__":
    main()
