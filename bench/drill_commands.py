"""Start-up of `crib drill count --help`, whose commands are built from the drill-kind registry
(every kind's module imported for its options), against `crib rules list --help` measured in
the same run (a command that imports no drill kind). Prints the medians and their ratio.

    PYTHONPATH=. python bench/drill_commands.py [--runs 9]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time


def _once(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "trainer", *args], capture_output=True, check=True, env=os.environ)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=9)
    runs = parser.parse_args().runs
    drill, reference = [], []
    for _ in range(runs):  # interleaved, so load on the machine hits both alike
        drill.append(_once(["drill", "count", "--help"]))
        reference.append(_once(["rules", "list", "--help"]))
    d, r = statistics.median(drill), statistics.median(reference)
    print(f"crib drill count --help  {d * 1000:7.1f} ms (median of {runs})")
    print(f"crib rules list --help   {r * 1000:7.1f} ms (reference)")
    print(f"ratio                    {d / r:7.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
