"""Fit the opponent model's keep weights (`trainer.advice.search.BETA`, `FIVES`).

The opponent model weights a kept hand K (4 classic cards) by exp(BETA * points(K) + FIVES *
fives(K)) times its number of card sets, points(K) counted without a starter: an exponential
tilt of the uniform 4-card hand towards the hands players keep. This script deals seeded hands
(dealer and pone alternately), lets the expert's discard advice keep 4 of each 6, and fits BETA
and FIVES by maximum likelihood of the kept hands under the tilted model (whose normaliser is
exact over every 4-card rank multiset); it prints them with the log-likelihood per deal against
the uniform model (the difference is what the model knows about a kept hand).

    python scripts/fit_keep_model.py --deals 2000 --seed 18
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from itertools import combinations_with_replacement
from math import comb
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from trainer.advice.discard import analyse_discard
from trainer.content.rulesets import load_ruleset
from trainer.engine.bots import _rank_points
from trainer.engine.cards import full_deck


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=18)
    opts = parser.parse_args()
    rules = load_ruleset("classic")
    rng = random.Random(opts.seed)
    deck = list(full_deck())
    kept_feats: list[tuple[int, int]] = []
    roles: list[bool] = []
    for n in range(opts.deals):
        roles.append(n % 2 == 0)
        hand = rng.sample(deck, 6)
        away = set(analyse_discard(hand, dealer=n % 2 == 0, ruleset=rules)[0].discard)
        kept = tuple(sorted(int(c.rank) for c in hand if c not in away))
        kept_feats.append((_rank_points(kept), sum(1 for r in kept if r == 5)))
    every: list[tuple[float, int, int]] = []  # (card sets, points, fives) of every 4-card hand
    for ranks in combinations_with_replacement(range(1, 14), 4):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        sets = 1
        for r in set(ranks):
            sets *= comb(4, ranks.count(r))
        every.append((sets, _rank_points(ranks), ranks.count(5)))
    total_sets = sum(w for w, _, _ in every)

    def fit(feats: list[tuple[int, int]]) -> tuple[float, float, float, float]:
        def loglik(beta: float, fives: float) -> float:
            norm = math.log(sum(w * math.exp(beta * p + fives * f) for w, p, f in every) / total_sets)
            return sum(beta * p + fives * f for p, f in feats) - len(feats) * norm

        best_b, best_f = 0.0, 0.0
        for step in (0.1, 0.02, 0.005):
            grid_b = [best_b + step * k for k in range(-10, 11)]
            grid_f = [best_f + step * k for k in range(-10, 11)]
            _, best_b, best_f = max((loglik(b, f), b, f) for b in grid_b for f in grid_f if b >= 0)
        return best_b, best_f, loglik(best_b, best_f) / len(feats), loglik(0.0, 0.0) / len(feats)

    for name, feats in (
        ("all", kept_feats),
        ("dealer", [f for f, d in zip(kept_feats, roles, strict=True) if d]),
        ("pone", [f for f, d in zip(kept_feats, roles, strict=True) if not d]),
    ):
        beta, fives, fitted, uniform = fit(feats)
        print(
            f"{name:>6}, {len(feats)} deals: BETA {beta:.3f}, FIVES {fives:.3f}; log-likelihood per deal "
            f"{fitted:.3f} against {uniform:.3f} uniform"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
