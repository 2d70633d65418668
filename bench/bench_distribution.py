"""Exact distributions, uncached: classic (12,994,800 combinations) target <= 1 s, seven-card
(122,151,120) target <= 10 s. Run: python bench/bench_distribution.py"""

from __future__ import annotations

import time

from trainer.content.rulesets import load_ruleset
from trainer.engine.statistics import ruleset_distribution


def main() -> None:
    for name in ("classic", "five-card", "seven-card"):
        rules = load_ruleset(name)
        for crib in (False, True):
            start = time.perf_counter()
            dist = ruleset_distribution(rules, crib=crib)
            took = time.perf_counter() - start
            what = "crib" if crib else "hand"
            figures = f"{dist.combinations:>11,} combinations in {took:6.3f} s  mean {dist.mean:.4f}"
            print(f"{name:12} {what}: {figures}")


if __name__ == "__main__":
    main()
