"""Small helpers shared by the benchmark scripts (timing whole processes)."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def time_process(argv: list[str], *, runs: int = 15, env: dict[str, str] | None = None) -> float:
    """Median wall time of a whole process, in seconds (after one warm-up run)."""
    return time_process_stats(argv, runs=runs, env=env)[1]


def time_process_stats(
    argv: list[str], *, runs: int = 15, env: dict[str, str] | None = None
) -> tuple[float, float]:
    """(minimum, median) wall time of a whole process after one warm-up run. The minimum is the
    steadier figure on a shared machine; both are printed."""
    full_env = {**os.environ, **(env or {})}
    subprocess.run(argv, capture_output=True, env=full_env, cwd=ROOT, check=False)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, capture_output=True, env=full_env, cwd=ROOT, check=False)
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def python() -> str:
    return sys.executable
