"""Whole-process time of `crib count ...` against `python -c "import typer"` (target <= 1.3x).
Run: python bench/bench_startup.py"""

from __future__ import annotations

from _util import python, time_process


def main() -> None:
    py = python()
    base = time_process([py, "-c", "import typer"])
    count = time_process([py, "-m", "trainer", "count", "5H", "5C", "5S", "JD", "--starter", "5D"])
    peg = time_process([py, "-m", "trainer", "peg", "3C", "AD", "2S", "5H", "4C"])
    print(f"python -c 'import typer':  {base * 1000:6.0f} ms")
    print(f"crib count (29 hand):      {count * 1000:6.0f} ms  = {count / base:.2f}x")
    print(f"crib peg:                  {peg * 1000:6.0f} ms  = {peg / base:.2f}x")


if __name__ == "__main__":
    main()
