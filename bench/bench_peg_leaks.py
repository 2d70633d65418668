"""Where does the expert gain or lose against the frozen expert? Paired deals, pegging by pegging.

Every deal (classic, from the start of a game so the score plays no part) is played twice from
the same cards and the same starter: once with the frozen expert (`bench/frozen_expert`) in both
seats (the reference, measured in the same run), once with the new expert in the measured seat.
The measured seat alternates with the deal. Per deal it records the points the measured seat
pegged, the points it gave in the play, and the expected value of its discard (hand + crib, by
`analyse_discard`); the differences new - reference come with normal 95% intervals. Paired deals
cancel the luck of the cards, so a few hundred deals show a tenth of a point.

    nice -n 10 python bench/bench_peg_leaks.py --deals 400 --jobs 2
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from trainer.advice.computer import computer, own_crib, step
from trainer.advice.discard import analyse_discard, find_option
from trainer.content.rulesets import load_ruleset
from trainer.engine.game import Game, Phase


def frozen(seed: int) -> Any:
    from bench.frozen_expert.computer import computer as frozen_computer

    return frozen_computer("expert", random.Random(seed))


def one_deal(seed: int, measured: int, new: bool) -> tuple[int, int, float, float]:
    """(points pegged by the measured seat, points pegged by the other, its discard's net EV,
    seconds the measured seat spent deciding)."""
    rules = load_ruleset("classic")
    game = Game.new(rules, rng=random.Random(seed))
    players: list[Any] = [frozen(seed * 10), frozen(seed * 10 + 1)]
    if new:
        players[measured] = computer("expert", random.Random(seed * 10 + measured))
    before: tuple[int, ...] | None = None
    discard_ev = 0.0
    spent = 0.0
    while game.phase is not Phase.SHOW:
        if game.phase is Phase.DISCARD and game.to_act == measured:
            hand = game.hand(measured)
            options = analyse_discard(hand, dealer=own_crib(game, measured), ruleset=rules)
            t = time.process_time()
            away = players[measured].discard(game, measured)
            spent += time.process_time() - t
            discard_ev = find_option(options, away).net_ev
            game.discard(measured, away)
            continue
        if game.phase is Phase.PLAY and before is None:
            before = game.scores
        if game.phase is Phase.PLAY and game.to_act == measured:
            t = time.process_time()
            step(game, players)
            spent += time.process_time() - t
            continue
        step(game, players)
    assert before is not None
    after = game.scores
    side = rules.side_of(measured)
    return after[side] - before[side], after[1 - side] - before[1 - side], discard_ev, spent


def run(seeds: list[int]) -> list[tuple[int, tuple[int, int, float, float], tuple[int, int, float, float]]]:
    out = []
    for seed in seeds:
        measured = seed % 2
        out.append((seed, one_deal(seed, measured, False), one_deal(seed, measured, True)))
    return out


def interval(xs: list[float]) -> str:
    mean = statistics.mean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return f"{mean:+.3f} (95% {mean - half:+.3f} to {mean + half:+.3f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=None, help="first deal seed (default: from the clock)")
    parser.add_argument("--jobs", type=int, default=1)
    opts = parser.parse_args()
    first = opts.seed if opts.seed is not None else int(time.time()) % 1_000_000 * 10_000
    seeds = list(range(first, first + opts.deals))
    chunks = [seeds[i : i + 10] for i in range(0, len(seeds), 10)]
    results = []
    batches = map(run, chunks) if opts.jobs <= 1 else Pool(opts.jobs).imap(run, chunks)
    for batch in batches:
        results.extend(batch)
    pegged = [new[0] - ref[0] for _, ref, new in results]
    given = [new[1] - ref[1] for _, ref, new in results]
    net = [(new[0] - new[1]) - (ref[0] - ref[1]) for _, ref, new in results]
    disc = [new[2] - ref[2] for _, ref, new in results]
    ref_t = sum(ref[3] for _, ref, _ in results)
    new_t = sum(new[3] for _, _, new in results)
    print(f"{len(results)} paired deals from seed {first} (new expert minus frozen, measured seat):")
    print(f"  points pegged      {interval(pegged)}")
    print(f"  points given       {interval(given)}")
    print(f"  net in the play    {interval(net)}")
    print(f"  discard net EV     {interval(disc)}")
    ratio = new_t / max(ref_t, 1e-9)
    print(f"  decision time      {ratio:.1f}x the frozen expert's ({new_t:.1f} s / {ref_t:.1f} s CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
