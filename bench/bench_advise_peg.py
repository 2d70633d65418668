"""Pegging advice speed per position (target <= 100 ms), exact and sampled positions, first call
in the process (cold score memo) and repeated. Run: python bench/bench_advise_peg.py"""

from __future__ import annotations

import random
import statistics
import time

from _util import python, time_process

from trainer.advice.pegging import advise_peg
from trainer.content.rulesets import load_ruleset
from trainer.engine.cards import parse_cards

POSITIONS = (  # ruleset, hand, played, count
    ("classic", "AC 4D 9S KH", "", None),  # the lead: 4 unseen cards, sampled
    ("classic", "5C 8D KS 2H", "KH", None),  # answering the lead: 4 unseen cards, sampled
    ("classic", "7C 8D 4S", "10H 5S", 15),  # issue example: 3 unseen cards, exact
    ("classic", "5C 2D KS", "10H 6S", None),  # exact
    ("classic", "5C 6D", "10H 6S 5D 4C 3H", 3),  # second count, opponent holds 1, exact
    ("five-card", "5C 8D KS", "10H", None),  # single count
    ("seven-card", "5C 8D KS QS JC", "", None),  # the lead against 5 unseen cards, sampled
)


def main() -> None:
    print("advise_peg per position (ms): first call, median of 20, method")
    worst = 0.0
    for name, hand, played, count in POSITIONS:
        rules = load_ruleset(name)
        args = {
            "ruleset": rules,
            "played": parse_cards(played, allow_empty=True),
            "count": count,
        }
        times = []
        result = []
        for _ in range(21):
            start = time.perf_counter()
            result = advise_peg(parse_cards(hand), rng=random.Random(0), **args)  # type: ignore[arg-type]
            times.append(time.perf_counter() - start)
        first, median = times[0] * 1e3, statistics.median(times[1:]) * 1e3
        worst = max(worst, first, median)
        method = f"{result[0].method} ({result[0].holdings:,} holdings)" if result else "go"
        print(f"  {name:10s} {hand:22s} | {played:20s} first {first:6.1f}  median {median:6.1f}  {method}")
    print(f"worst: {worst:.1f} ms")
    py = python()
    base = time_process([py, "-c", "import typer"])
    run = time_process(
        [
            py,
            "-m",
            "trainer",
            "advise-peg",
            "--hand",
            "7C",
            "8D",
            "4S",
            "--played",
            "10H",
            "5S",
            "--count",
            "15",
        ]
    )
    print(f"python -c 'import typer':  {base * 1000:6.0f} ms")
    print(f"crib advise-peg ...:       {run * 1000:6.0f} ms  = {run / base:.2f}x")


if __name__ == "__main__":
    main()
