"""Small helpers shared by the benchmark scripts (timing whole processes, medians)."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def time_process(argv: list[str], *, runs: int = 7, env: dict[str, str] | None = None) -> float:
    """Median wall time of a whole process, in seconds (after one warm-up run)."""
    full_env = {**os.environ, **(env or {})}
    subprocess.run(argv, capture_output=True, env=full_env, cwd=ROOT, check=False)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, capture_output=True, env=full_env, cwd=ROOT, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def python() -> str:
    return sys.executable
