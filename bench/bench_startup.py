"""Whole-process time of the quick commands against `python -c "import typer"` (target for
`crib count`: <= 1.3x). Prints minimum and median of 25 runs each. Run: python bench/bench_startup.py"""

from __future__ import annotations

from _util import python, time_process_stats

COMMANDS = {
    "crib count (29 hand)": ["count", "5H", "5C", "5S", "JD", "--starter", "5D"],
    "crib --lang ru count": ["--lang", "ru", "count", "5Ч", "5Т", "5П", "ВБ", "--starter", "5Б"],
    "crib peg": ["peg", "3C", "AD", "2S", "5H", "4C"],
    "crib discard --dealer": ["discard", "5H", "5D", "JC", "QS", "2C", "9D", "--dealer"],
}


def main() -> None:
    py = python()
    base_min, base_med = time_process_stats([py, "-c", "import typer"], runs=25)
    print(f"{'python -c import typer':24} min {base_min * 1000:5.0f} ms  median {base_med * 1000:5.0f} ms")
    for label, argv in COMMANDS.items():
        low, med = time_process_stats([py, "-m", "trainer", *argv], runs=25)
        print(
            f"{label:24} min {low * 1000:5.0f} ms  median {med * 1000:5.0f} ms  "
            f"= {low / base_min:.2f}x (min)  {med / base_med:.2f}x (median)"
        )


if __name__ == "__main__":
    main()
