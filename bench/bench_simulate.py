"""`crib simulate --ruleset classic --games 1000` as a whole process (target <= 10 s), and
in-process games per second for every variant and both bots.
Run: python bench/bench_simulate.py [--quick]"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _util import ROOT, python, time_process

from trainer.content.rulesets import BUILTIN, load_ruleset
from trainer.engine.bots import simulate


def main() -> None:
    quick = "--quick" in sys.argv
    argv = [
        python(),
        "-m",
        "trainer",
        "simulate",
        "--ruleset",
        "classic",
        "--games",
        "1000",
        "--seed",
        "7",
        "--json",
    ]
    wall = time_process(argv, runs=1 if quick else 3)
    print(f"crib simulate --ruleset classic --games 1000: {wall:.2f} s wall (target <= 10 s)")
    games = 100 if quick else 400
    for name in BUILTIN:
        rules = load_ruleset(name)
        for bot in ("greedy", "random"):
            start = time.process_time()
            report = simulate(rules, games=games, seed=1, bot=bot)
            cpu = time.process_time() - start
            print(
                f"{name:13} {bot:6}: {games / cpu:7.1f} games/s, "
                f"{1000 * cpu / report.deals:5.2f} ms per deal ({report.avg_deals_per_game:.1f} deals/game)"
            )
    print(f"(from {ROOT})")


if __name__ == "__main__":
    main()
