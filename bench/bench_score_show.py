"""Itemised `score_show` against the fastest peer, cribbage-scorer 0.2.5 (target >= 3x hands/s),
and against the direct enumeration the project used before (`scoring_reference`), on the same
50,000 seeded hands, one call per hand.

Paired and interleaved: the hands are cut into 25 slices of 2,000; each pair times our scorer
and the peer on the same slice back to back (CPU time of this process, so other processes on a
shared machine disturb it less), and the figure printed is the median of the 25 per-pair ratios.
A warm-up pass first fills the rank-pattern tables, as in any process that scores many hands.
With the peer installed, a second measure empties those tables before each of 15 pairs of whole
passes over the 50,000 hands (ours from cold, then the peer's), so building them is included.

The peer is a benchmark-only dependency; without it the script says how to install it and
compares against the reference scorer alone:
    pip install cribbage-scorer==0.2.5
Run: python bench/bench_score_show.py
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from trainer.content.rulesets import load_ruleset
from trainer.engine import scoring
from trainer.engine.cards import Card, full_deck
from trainer.engine.scoring import score_play, score_show
from trainer.engine.scoring_reference import score_show_reference

HANDS = 50_000
SLICE = 2_000


def _timed(fn: Callable[[], object]) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def main() -> None:
    rules = load_ruleset("classic")
    rng = random.Random(2026)
    deck = list(full_deck())
    hands = [rng.sample(deck, 5) for _ in range(HANDS)]
    ours = [(tuple(h[:4]), h[4]) for h in hands]
    slices = [ours[i : i + SLICE] for i in range(0, HANDS, SLICE)]

    def fast(part: list[tuple[tuple[Card, ...], Card]]) -> None:
        for hand, starter in part:
            score_show(hand, starter, ruleset=rules)

    def reference(part: list[tuple[tuple[Card, ...], Card]]) -> None:
        for hand, starter in part:
            score_show_reference(hand, starter, ruleset=rules)

    fast(ours)  # warm-up: fills the rank-pattern tables
    rivals: dict[str, Callable[[int], None]] = {"reference (before)": lambda k: reference(slices[k])}
    try:
        from cribbage_scorer.cribbage_scorer import show_calc_score
    except ImportError:
        print("cribbage-scorer is not installed: pip install cribbage-scorer==0.2.5 (benchmark only)")
    else:
        peer = [([(int(c.rank), c.suit.value) for c in h], (int(s.rank), s.suit.value)) for h, s in ours]
        peer_slices = [peer[i : i + SLICE] for i in range(0, HANDS, SLICE)]

        def run_peer(k: int) -> None:
            for hand, starter in peer_slices[k]:
                show_calc_score(starter, list(hand))

        rivals = {"cribbage-scorer 0.2.5": run_peer, **rivals}

        def peer_all() -> None:
            for hand, starter in peer:
                show_calc_score(starter, list(hand))

        cold: list[float] = []
        for _ in range(15):
            scoring._PATTERNS.clear()
            scoring._PLACES.clear()
            ours_cold = _timed(lambda: fast(ours))
            cold.append(_timed(peer_all) / ours_cold)
        median = statistics.median(cold)
        print(f"score_show from empty tables, whole passes / cribbage-scorer 0.2.5: {median:.2f}x (15 pairs)")
    ratios: dict[str, list[float]] = {name: [] for name in rivals}
    mine: list[float] = []
    for k in range(len(slices)):
        ours_time = _timed(lambda k=k: fast(slices[k]))  # type: ignore[misc]
        mine.append(ours_time)
        for name, rival in rivals.items():
            ratios[name].append(_timed(lambda rival=rival, k=k: rival(k)) / ours_time)  # type: ignore[misc]
    print(f"score_show (warm): {SLICE / statistics.median(mine):,.0f} hands/s")
    for name, values in ratios.items():
        median = statistics.median(values)
        print(f"score_show hands/s / {name}: {median:.2f}x (median of {len(values)} pairs)")
    series = [c for c in deck if c.value <= 3][:5]
    start = time.process_time()
    for _ in range(100_000):
        score_play(series)
    print(f"score_play (5-card series): {(time.process_time() - start) / 100_000 * 1e6:.1f} us")


if __name__ == "__main__":
    main()
