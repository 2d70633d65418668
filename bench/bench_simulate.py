"""`crib simulate --ruleset classic --games 1000` as whole processes, against a fixed pure-Python
workload measured in the same rounds (so machine load cancels out): the simulation's time as a
multiple of the workload's, with one process and with `--jobs 2` (scaling = jobs-1 time / jobs-2
time, per round; the target is >= 1.8x on 2 free cores).

Interleaved rounds, medians of the per-round ratios, bytecode compiled first. `--before DIR` also
times another source tree (e.g. `git archive main | tar -x -C /tmp/before`) in every round and
prints how many times faster this tree is (target: 1.5x).
Run: python bench/bench_simulate.py [--games 1000] [--pairs 15] [--before DIR]
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from _util import ROOT, compile_bytecode, python, run_once

WORKLOAD = "t = 0\nfor i in range(6_000_000):\n    t += i * i % 7\n"
"""About a second of plain interpreter work: loops, integer arithmetic, no I/O."""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--pairs", type=int, default=15)
    parser.add_argument("--before", type=Path)
    args = parser.parse_args()
    py = python()
    trees = {"after": ROOT}
    if args.before:
        trees = {"before": args.before.resolve(), "after": ROOT}
    for tree in trees.values():
        compile_bytecode(tree)
    base = ["-m", "trainer", "simulate", "--ruleset", "classic", "--games", str(args.games), "--seed", "7"]
    runs = {f"{name} --jobs 1": (tree, [*base, "--json"]) for name, tree in trees.items()}
    runs["after --jobs 2"] = (ROOT, [*base, "--json", "--jobs", "2"])
    for tree, argv in runs.values():  # warm-up
        run_once([py, *argv], cwd=tree)
    ratios: dict[str, list[float]] = {name: [] for name in runs}
    speedups: list[float] = []
    scaling: list[float] = []
    for i in range(args.pairs):
        order = ["workload", *runs]
        k = i % len(order)
        order = order[k:] + order[:k]
        took = {}
        for name in order:
            if name == "workload":
                took[name] = run_once([py, "-c", WORKLOAD])
            else:
                tree, argv = runs[name]
                took[name] = run_once([py, *argv], cwd=tree)
        for name in runs:
            ratios[name].append(took[name] / took["workload"])
        scaling.append(took["after --jobs 1"] / took["after --jobs 2"])
        if "before --jobs 1" in took:
            speedups.append(took["before --jobs 1"] / took["after --jobs 1"])
    print(f"crib simulate --ruleset classic --games {args.games}, median of {args.pairs} interleaved rounds")
    for name, values in ratios.items():
        print(f"  {name:16} {statistics.median(values):6.2f}x the fixed pure-Python workload")
    if speedups:
        print(f"  after is {statistics.median(speedups):.2f}x faster than before (one process)")
    print(f"  --jobs 2 scaling: {statistics.median(scaling):.2f}x (jobs-1 time / jobs-2 time)")
    print(f"(from {ROOT})")


if __name__ == "__main__":
    main()
