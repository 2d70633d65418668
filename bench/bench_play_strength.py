"""How strong are the computer levels of `crib play`? A tournament between them.

Each pairing plays N games (default 2,000) of a ruleset (default classic); the levels swap
seats every game and the first dealer is drawn, so neither seat nor deal favours one side.
Reported: the stronger level's win rate with a 95% Wilson interval. Each level must beat the
one below clearly: the interval's lower end above 50%.

    python bench/bench_play_strength.py                 # classic, 2,000 games per pairing
    python bench/bench_play_strength.py --games 400 --ruleset five-card --jobs 2

Uses every core given by --jobs (default 2) through `trainer.infra.parallel.run_tasks`, the way
`crib simulate --jobs` shares its blocks; deterministic per seed.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from trainer.advice.computer import computer, step
from trainer.content.rulesets import load_ruleset
from trainer.engine.game import Game
from trainer.engine.ruleset import Ruleset
from trainer.infra.parallel import run_tasks

PAIRINGS = (("easy", "club"), ("club", "expert"), ("easy", "expert"))


def play_games(ruleset_name: str, weak: str, strong: str, seeds: range) -> int:
    """How many of the seeded games `strong` wins (one task: a slice of the pairing's seeds)."""
    rules = load_ruleset(ruleset_name)
    return sum(play_game(rules, weak, strong, seed) for seed in seeds)


def play_game(rules: Ruleset, weak: str, strong: str, seed: int) -> int:
    """1 when `strong` wins the game, else 0 (seats swap with the parity of the seed)."""
    strong_seat = seed % 2
    levels = [strong if s % 2 == strong_seat else weak for s in range(rules.players)]
    players = [computer(level, random.Random(seed * 10 + s)) for s, level in enumerate(levels)]
    game = Game.new(rules, rng=random.Random(seed))
    while not game.is_over:
        step(game, players)
    outcome = game.outcome
    assert outcome is not None
    return int(rules.side_of(outcome.seat) == rules.side_of(strong_seat))


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--ruleset", default="classic")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--pairing", action="append", help="weak:strong, e.g. club:expert (repeatable)")
    opts = parser.parse_args()
    pairings = [tuple(p.split(":")) for p in opts.pairing] if opts.pairing else list(PAIRINGS)
    print(f"ruleset {opts.ruleset}, {opts.games} games per pairing, {opts.jobs} processes")
    print(f"{'pairing':<18} {'games':>6} {'stronger wins':>14} {'95% interval':>16} {'sec':>7}  verdict")
    ok = True
    for weak, strong in pairings:
        start = time.perf_counter()
        # seeds 1..N in slices of 8 games, shared over the processes (k-th slice to k % jobs)
        slices = [range(first, min(first + 8, opts.games + 1)) for first in range(1, opts.games + 1, 8)]
        tasks = [(opts.ruleset, weak, strong, seeds) for seeds in slices]
        wins = sum(run_tasks(play_games, tasks, jobs=opts.jobs))
        low, high = wilson(wins, opts.games)
        clear = low > 0.5
        ok = ok and clear
        print(
            f"{strong + ' vs ' + weak:<18} {opts.games:>6} {100 * wins / opts.games:>13.1f}% "
            f"{100 * low:>7.1f}–{100 * high:.1f}% {time.perf_counter() - start:>7.0f}  "
            f"{'clearly stronger' if clear else 'NOT clearly stronger'}"
        )
        sys.stdout.flush()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
