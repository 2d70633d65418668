"""score_show on one hand (target <= 20 us median) and hands/s over 100,000 random hands.
Run: python bench/bench_score_show.py"""

from __future__ import annotations

import random
import statistics
import time

from trainer.content.rulesets import load_ruleset
from trainer.engine.cards import full_deck
from trainer.engine.scoring import score_play, score_show


def main() -> None:
    rules = load_ruleset("classic")
    rng = random.Random(2026)
    deck = list(full_deck())
    hands = [rng.sample(deck, 5) for _ in range(100_000)]
    samples = []
    for cards in hands[:20_000]:
        start = time.perf_counter()
        score_show(cards[:4], cards[4], ruleset=rules)
        samples.append(time.perf_counter() - start)
    start = time.perf_counter()
    for cards in hands:
        score_show(cards[:4], cards[4], ruleset=rules)
    batch = time.perf_counter() - start
    print(
        f"score_show median {statistics.median(samples) * 1e6:.1f} us, p95 "
        f"{statistics.quantiles(samples, n=20)[-1] * 1e6:.1f} us"
    )
    print(f"batch of 100,000 random hands: {batch:.2f} s = {len(hands) / batch:,.0f} hands/s")
    series = [c for c in deck if c.value <= 3][:8]
    start = time.perf_counter()
    for _ in range(100_000):
        score_play(series[:5])
    print(f"score_play (5-card series): {(time.perf_counter() - start) / 100_000 * 1e6:.1f} us")


if __name__ == "__main__":
    main()
