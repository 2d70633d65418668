"""Small helpers shared by the benchmark scripts (timing whole processes).

Speed on this project is always a ratio against a reference measured in the same run: paired,
interleaved runs (each pair times the reference and the command back to back, in alternating
order), the median of the per-pair ratios, bytecode compiled first. Absolute times on a shared
machine move by 3x between runs; ratios of interleaved pairs hardly do.
"""

from __future__ import annotations

import compileall
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
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


def compile_bytecode(tree: Path = ROOT) -> None:
    """Write the .pyc files first, as a normal install does, so no run pays for compiling."""
    compileall.compile_dir(str(tree / "trainer"), quiet=1)


def run_once(argv: list[str], *, cwd: Path = ROOT, env: dict[str, str] | None = None) -> float:
    """Wall time of one whole process, in seconds."""
    full_env = {**os.environ, **(env or {})}
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, env=full_env, cwd=cwd, check=False)
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.decode()[-400:]}")
    return took


def paired_ratio(
    reference: Callable[[], float], measured: Callable[[], float], *, pairs: int = 15
) -> tuple[float, float, float]:
    """(median of measured/reference per pair, median reference, median measured), after one
    warm-up of each; the order inside a pair alternates so neither side always runs second."""
    reference()
    measured()
    ratios, refs, meas = [], [], []
    for i in range(pairs):
        if i % 2:
            m = measured()
            r = reference()
        else:
            r = reference()
            m = measured()
        ratios.append(m / r)
        refs.append(r)
        meas.append(m)
    return statistics.median(ratios), statistics.median(refs), statistics.median(meas)


def interleaved_ratios(
    reference: Callable[[], float], measured: dict[str, Callable[[], float]], *, pairs: int = 15
) -> dict[str, tuple[float, float, float]]:
    """`paired_ratio` for several measured functions at once: each round times the reference and
    every measured function (in a rotating order), so "before" and "after" share the machine's
    load. Per name: (median ratio to the reference, median reference, median measured)."""
    names = list(measured)
    reference()
    for fn in measured.values():
        fn()
    ratios: dict[str, list[float]] = {n: [] for n in names}
    times: dict[str, list[float]] = {n: [] for n in names}
    refs: list[float] = []
    for i in range(pairs):
        order = ["", *names]
        k = i % len(order)
        order = order[k:] + order[:k]
        took = {n: (reference() if n == "" else measured[n]()) for n in order}
        refs.append(took[""])
        for n in names:
            ratios[n].append(took[n] / took[""])
            times[n].append(took[n])
    ref = statistics.median(refs)
    return {n: (statistics.median(ratios[n]), ref, statistics.median(times[n])) for n in names}
