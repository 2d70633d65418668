"""Discard analysis speed: in-process per hand (target <= 50 ms for a six-card hand: 15 options x
46 starters, crib from the table) and the whole `crib discard` process against
`python -c "import typer"` (target <= 1.3x; interleaved pairs, median ratio, bytecode compiled
first, as bench/bench_startup.py). Run: python bench/bench_discard.py"""

from __future__ import annotations

import random
import statistics
import time

from _util import compile_bytecode, interleaved_ratios, python, run_once

from trainer.advice.discard import analyse_discard
from trainer.content.rulesets import load_ruleset
from trainer.engine.cards import full_deck


def per_hand(ruleset_name: str, *, hands: int = 300) -> tuple[float, float, float]:
    """(first call, median, p95) in milliseconds over random hands, alternating dealer/pone."""
    rules = load_ruleset(ruleset_name)
    rng = random.Random(2026)
    deck = list(full_deck())
    deals = [rng.sample(deck, rules.deal.cards_per_player) for _ in range(hands)]
    start = time.perf_counter()
    analyse_discard(deals[0], dealer=True, ruleset=rules)
    first = time.perf_counter() - start
    samples = []
    for i, hand in enumerate(deals):
        start = time.perf_counter()
        analyse_discard(hand, dealer=i % 2 == 0, ruleset=rules)
        samples.append(time.perf_counter() - start)
    return first * 1e3, statistics.median(samples) * 1e3, statistics.quantiles(samples, n=20)[-1] * 1e3


def main() -> None:
    print("in-process analyse_discard (ms): first call (cold caches), median, p95")
    for name, shape in (
        ("classic", "15 x 46"),
        ("five-card", "10 x 47"),
        ("seven-card", "21 x 45"),
        ("three-player", " 5 x 47"),
    ):
        first, median, p95 = per_hand(name)
        print(f"  {name:13s} {shape}:  first {first:6.2f}   median {median:6.3f}   p95 {p95:6.3f}")
    py = python()
    compile_bytecode()
    argv = [py, "-m", "trainer", "discard", "5H", "5D", "JC", "QS", "2C", "9D"]
    results = interleaved_ratios(
        lambda: run_once([py, "-c", "import typer"]),
        {"--dealer": lambda: run_once([*argv, "--dealer"]), "--json": lambda: run_once([*argv, "--json"])},
    )
    for name, (ratio, ref, took) in results.items():
        print(
            f"crib discard ... {name:9} {ratio:.2f}x `import typer` "
            f"({took * 1e3:.0f} ms vs {ref * 1e3:.0f} ms)"
        )


if __name__ == "__main__":
    main()
