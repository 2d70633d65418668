"""Would the expert win more by weighing how its kept cards peg? Paired whole deals.

The expert discards by the hand's and the crib's expected points; the play is not in the number.
This bench builds a pegging value for every kept rank multiset (1,820) in each role: the mean net
points of greedy play-outs (`trainer.advice.pegplay`, the policy the pegging advice samples with)
against opponents who kept what the expert keeps from random deals. A candidate expert then
discards by net + w x that value (w from --weights), and every deal (classic, from 0-0, so the
score plays no part) is played twice from the same cards: once with the shipped expert in both
seats, once with the candidate in the measured seat (alternating with the deal). A deal where the
candidate lays away the same cards plays identically and differs by 0, so only the changed
discards are replayed. The difference is the measured seat's whole-deal net (pegging, show, crib,
heels), with a normal 95% interval.

    nice -n 10 python bench/bench_discard_pegging.py --deals 1000 --weights 0.25,0.5,1 --jobs 2

Measured (docs/strength.md): no gain; the value would change every `crib discard` figure, so it
is not shipped.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections import Counter
from itertools import combinations_with_replacement
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from trainer.advice.computer import Expert, computer, own_crib, step
from trainer.advice.crib_values import crib_table
from trainer.advice.discard import analyse_discard, choose_discard, keep_values
from trainer.advice.pegplay import _choose, _rollout
from trainer.content.rulesets import load_ruleset
from trainer.engine.cards import Card
from trainer.engine.game import Game, Phase

Keep = tuple[int, ...]
PEG: dict[Keep, tuple[float, float]] = {}  # rank multiset -> (as pone, as dealer); set per worker


def expert_keeps(deals: int, seed: int) -> dict[bool, list[Keep]]:
    """The rank multisets the expert keeps from random deals, as dealer (True) and as pone."""
    rules = load_ruleset("classic")
    table = crib_table(rules)
    rng = random.Random(seed)
    out: dict[bool, list[Keep]] = {True: [], False: []}
    for _ in range(deals):
        deck = list(range(52))
        rng.shuffle(deck)
        for own, hand in ((True, deck[:6]), (False, deck[6:12])):
            splits = keep_values(hand, discard=2, ruleset=rules)
            v = choose_discard(splits, own_crib=own, table=table, unseen=46)
            out[own].append(tuple(sorted(c >> 2 for c in v.keep)))
    return out


def pone_net(pone: Keep, dealer: Keep) -> int:
    """The pone's net points when both hands are played greedily from the pone's lead."""
    mine, theirs = list(pone), list(dealer)
    return _rollout(_choose(mine, 0, ()), mine, theirs, (), 0, False, False).net


def keep_value(args: tuple[Keep, dict[bool, list[Keep]], int, int]) -> tuple[Keep, tuple[float, float]]:
    keep, pools, n, seed = args
    rng = random.Random(seed)
    have = Counter(keep)
    values = []
    for own in (False, True):
        pool = pools[not own]  # a pone meets a dealer's keep, a dealer a pone's
        total = got = 0
        while got < n:
            other = pool[rng.randrange(len(pool))]
            if any(have[r] + k > 4 for r, k in Counter(other).items()):
                continue  # no rank five times in one pack
            got += 1
            total += -pone_net(other, keep) if own else pone_net(keep, other)
        values.append(total / n)
    return keep, (values[0], values[1])


class Candidate(Expert):
    """The expert, discarding by net + weight x the kept cards' pegging value."""

    weight: float = 0.0

    def discard(self, game: Game, seat: int) -> tuple[Card, ...]:
        own = own_crib(game, seat)
        options = analyse_discard(game.hand(seat), dealer=own, ruleset=game.ruleset)
        role = 1 if own else 0

        def key(o: Any) -> float:
            return float(o.net_ev) + self.weight * PEG[tuple(sorted(c.index >> 2 for c in o.keep))][role]

        return tuple(max(options, key=key).discard)


def deal_net(seed: int, measured: int, player: Any) -> tuple[int, frozenset[Card]]:
    """The measured seat's net over one whole deal, and what it laid away."""
    game = Game.new(load_ruleset("classic"), rng=random.Random(seed))
    players: list[Any] = [computer("expert", random.Random(seed * 10 + s)) for s in (0, 1)]
    if player is not None:
        players[measured] = player
    away: frozenset[Card] = frozenset()
    while game.phase is not Phase.DONE:
        if game.phase is Phase.DISCARD and game.to_act == measured:
            away = frozenset(players[measured].discard(game, measured))
            game.discard(measured, tuple(away))
            continue
        step(game, players)
    return game.scores[measured] - game.scores[1 - measured], away


def would_discard(seed: int, measured: int, player: Candidate) -> frozenset[Card]:
    game = Game.new(load_ruleset("classic"), rng=random.Random(seed))
    other = computer("expert", random.Random(0))
    while not (game.phase is Phase.DISCARD and game.to_act == measured):
        if game.phase is Phase.DISCARD:
            seat = game.to_act
            assert seat is not None
            game.discard(seat, other.discard(game, seat))
        else:
            step(game, [other, other])
    return frozenset(player.discard(game, measured))


def init(table: dict[Keep, tuple[float, float]]) -> None:
    PEG.update(table)


def run(job: tuple[list[int], list[float]]) -> list[list[float]]:
    seeds, weights = job
    rows = []
    for seed in seeds:
        measured = seed % 2
        ref, ref_away = deal_net(seed, measured, None)
        row: list[float] = []
        for w in weights:
            cand = Candidate(random.Random(0))
            cand.weight = w
            if would_discard(seed, measured, cand) == ref_away:
                row.append(0.0)
            else:
                row.append(float(deal_net(seed, measured, cand)[0] - ref))
        rows.append(row)
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--weights", default="0.25,0.5,1")
    parser.add_argument("--samples", type=int, default=1000, help="play-outs per kept multiset and role")
    parser.add_argument("--seed", type=int, default=None, help="first deal seed (default: from the clock)")
    parser.add_argument("--jobs", type=int, default=1)
    opts = parser.parse_args()
    weights = [float(w) for w in opts.weights.split(",")]
    first = opts.seed if opts.seed is not None else int(time.time()) % 1_000_000 * 10_000
    start = time.time()
    pools = expert_keeps(20_000, first)
    keeps = [k for k in combinations_with_replacement(range(13), 4) if max(Counter(k).values()) <= 4]
    args = [(k, pools, opts.samples, first + i) for i, k in enumerate(keeps)]
    with Pool(opts.jobs) as pool:
        table = dict(pool.imap(keep_value, args, chunksize=20))
    pone = [v[0] for v in table.values()]
    dealer = [v[1] for v in table.values()]
    print(
        f"pegging values of {len(table)} kept multisets ({opts.samples} play-outs each, "
        f"{time.time() - start:.0f} s): pone mean {statistics.mean(pone):+.2f} sd "
        f"{statistics.pstdev(pone):.2f}, dealer mean {statistics.mean(dealer):+.2f} sd "
        f"{statistics.pstdev(dealer):.2f}"
    )
    seeds = list(range(first, first + opts.deals))
    jobs = [(seeds[i : i + 5], weights) for i in range(0, len(seeds), 5)]
    rows: list[list[float]] = []
    with Pool(opts.jobs, initializer=init, initargs=(table,)) as pool:
        for batch in pool.imap_unordered(run, jobs):
            rows.extend(batch)
    print(f"{len(rows)} paired deals from seed {first} (candidate minus shipped expert, measured seat):")
    for i, w in enumerate(weights):
        diffs = [r[i] for r in rows]
        mean = statistics.mean(diffs)
        half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
        changed = sum(1 for d in diffs if d)
        print(
            f"  w = {w:<5} net per deal {mean:+.3f} (95% {mean - half:+.3f} to {mean + half:+.3f}), "
            f"discard changed in {changed} of {len(diffs)} deals"
        )
    print(f"  {time.time() - start:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
