"""Build the win-chance tables: trainer/_generated/deals_<ruleset>.json and win_<ruleset>.json.

    nice -n 10 python scripts/make_win_table.py sample classic --deals 3000   # expert self-play (minutes)
    python scripts/make_win_table.py table classic                           # the DP over the samples
    python scripts/make_win_table.py all --deals 1500                        # every ruleset

Two steps, both deterministic for a given --seed and --deals:

1. `sample`: the computer's `expert` level plays single deals against itself from 0-0 (deal 2, so
   no five-card compensation; first dealer alternating), and every scoring event of the deal is
   kept in order as (side counted from the dealer's, points): heels, every pegging point, then
   the show (pone first, crib last). Deals start at 0-0 so nobody plays to the board: these are the
   per-deal score distributions of ordinary play.
2. `table`: dynamic programming over those deals (`trainer.advice.win_table.solve`): the chance
   that the dealer's side wins from every pair of scores before a deal, the deal's events pegged
   in order (so pegging out and the show order are exact for the sampled deals), the deal passing
   to the other side. The standard error of every entry is estimated by solving four disjoint
   quarters of the sample again (the spread of the quarters over 2); the largest and the mean are
   written into the file and stated in docs/strength.md.

   Three players (`solve_three`, needs numpy, which only this script uses): the chances of
   all three seats from every triple of scores, the same programme over 61³ states, the deal
   passing to the dealer's left.

Not part of CI: the tables ship as data and tests/test_win_table.py checks their invariants.
"""

from __future__ import annotations

import argparse
import base64
import json
import lzma
import os
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from trainer.advice.win_table import DATA_DIR, SCALE, encode_table, solve  # noqa: E402
from trainer.content.rulesets import load_ruleset  # noqa: E402
from trainer.engine.game import Game, Phase  # noqa: E402

RULESETS = ("classic", "five-card", "seven-card", "partnership", "three-player")
LEVEL = "expert"
MODEL_DEALS = 400  # sampled plays kept for the decisions at run time (trainer.advice.board)
# With three or four players the expert pegs by sampled play-outs, 1,200 per decision
# (`trainer.advice.playout.ROLLOUTS`): a three-player deal then costs 1.6 s of one core. The
# sample plays the same expert with fewer play-outs per decision; its choices are noisier by
# tenths of a point, its per-deal score distribution (all the table uses) the same within the
# sample's error. Written into the file as `rollouts` (partnership's sample predates this and
# used the full 1,200).
SAMPLE_ROLLOUTS = {"three-player": 150}


@contextmanager
def _rollouts(name: str) -> Iterator[None]:
    """The expert of three or four players with fewer play-outs per decision (`SAMPLE_ROLLOUTS`);
    other rulesets play as shipped."""
    import trainer.advice.computer as computer_module
    from trainer.advice.playout import playout_advice

    rollouts = SAMPLE_ROLLOUTS.get(name)
    if rollouts is None:
        yield
        return
    saved = computer_module.playout_advice
    computer_module.playout_advice = partial(playout_advice, rollouts=rollouts)
    try:
        yield
    finally:
        computer_module.playout_advice = saved


def deal_events(name: str, seed: int) -> list[int]:
    """One self-play deal: its events in order, each `points * 16 + kind * 4 + side` (side 0: the
    dealer's; kind 0 a pegging point or heels, 1 a hand shown, 2 the crib; shows are kept at 0 too)."""
    from trainer.advice.computer import computer, step

    rules = load_ruleset(name)
    dealer = seed % rules.players
    game = Game.new(rules, rng=random.Random(seed), dealer=dealer, deal_number=2)
    players = [computer(LEVEL, random.Random(seed * 10 + s)) for s in range(rules.players)]
    with _rollouts(name):
        while game.phase not in (Phase.DONE, Phase.OVER):
            step(game, players)
    sides = rules.sides
    mine = rules.side_of(dealer)
    out = []
    for logged in game.log:
        event = logged.event
        points = getattr(event, "points", 0)
        seat = getattr(event, "seat", -1)
        kind = {"hand": 1, "crib": 2}.get(getattr(event, "what", ""), 0)
        if (points > 0 or kind) and 0 <= seat < rules.players:
            out.append(points * 16 + kind * 4 + (rules.side_of(seat) - mine) % sides)
    return out


def sample(name: str, deals: int, seed: int) -> Path:
    start = time.perf_counter()
    rows = []
    for k in range(deals):
        rows.append(deal_events(name, seed + k))
        if (k + 1) % 250 == 0:
            print(f"{name}: {k + 1}/{deals} deals, {time.perf_counter() - start:.0f} s", flush=True)
    path = DATA_DIR / f"deals_{name}.json"
    _write(
        path,
        {
            "generator": "scripts/make_win_table.py sample",
            "ruleset": name,
            "level": LEVEL,
            "rollouts": SAMPLE_ROLLOUTS.get(name),
            "seed": seed,
            "deals": len(rows),
            "encoding": "each deal: its events in order, points * 16 + kind * 4 + side "
            "(side 0: the dealer's; kind 0: a pegging point or heels, 1: a hand, 2: the crib)",
            "events": rows,
        },
    )
    return path


def table(name: str) -> Path:
    rules = load_ruleset(name)
    data = json.loads((DATA_DIR / f"deals_{name}.json").read_text())
    rows: list[list[int]] = data["events"]
    if rules.sides == 3:
        return table_three(name, rules.target, data)
    start = time.perf_counter()
    win = solve(rows, target=rules.target)
    quarters = [solve(rows[q::4], target=rules.target) for q in range(4)]
    errors = []
    for d in range(rules.target):
        for p in range(rules.target):
            vals = [qt[d][p] for qt in quarters]
            mean = sum(vals) / 4
            sd = (sum((v - mean) ** 2 for v in vals) / 3) ** 0.5
            errors.append(sd / 2)  # the standard error of the mean of four quarters
    path = DATA_DIR / f"win_{name}.json"
    _write(
        path,
        {
            "generator": "scripts/make_win_table.py table (from deals_{name}.json)".replace("{name}", name),
            "ruleset": name,
            "target": rules.target,
            "level": data["level"],
            "deals": len(rows),
            "standard_error": {"max": round(max(errors), 4), "mean": round(sum(errors) / len(errors), 4)},
            "meaning": "dealer[d][p]: the chance, before a deal, that the dealer's side wins, "
            "the dealer's side at d and the other at p (per ten thousand)",
            "dealer": encode_table(win),
            "model": deal_model(rows, keep=MODEL_DEALS, seats=rules.players),
        },
    )
    print(
        f"{name}: table from {len(rows)} deals in {time.perf_counter() - start:.0f} s; "
        f"standard error max {max(errors):.4f}, mean {sum(errors) / len(errors):.4f}"
    )
    return path


def solve_three(rows: list[list[int]], *, target: int) -> Any:
    """win[a, b, c, k]: the chance that seat k (counted from the dealer: 0 the dealer, 1 his left,
    2 his right) wins from the scores a (dealer), b (left), c (right) before a deal.

    The two-side `solve` for three sides, vectorised with numpy (61³ states): the states are
    solved in layers of equal a + b + c from the end down; in each layer every sampled deal is
    pegged event by event from every state of the layer at once (the first seat to reach the
    target wins), and a deal nobody goes out in passes to the next state, with the left seat
    dealing, whose chances are already known.
    """
    import numpy as np

    n = len(rows)
    big = 1 << 20
    first = np.full((n, 3, target + 1), big, dtype=np.int32)
    totals = np.zeros((n, 3), dtype=np.int64)
    for r, row in enumerate(rows):
        got = [0, 0, 0]
        for i, code in enumerate(row):
            side, pts = code & 3, code >> 4
            before = got[side]
            got[side] += pts
            first[r, side, before + 1 : min(got[side], target) + 1] = i
        totals[r] = got
    t = target
    flat = np.zeros((t * t * t, 3), dtype=np.float64)
    grid = np.indices((t, t, t)).reshape(3, -1)
    level = grid.sum(axis=0)
    # the next state's flat index, the left seat dealing: (left, right, dealer) of this deal
    step = (totals[:, 1] * t + totals[:, 2]) * t + totals[:, 0]
    chunk = max(1, 2_000_000 // (t * t))
    for total in range(3 * (t - 1), -1, -1):
        a, b, c = grid[:, level == total]
        here = (b * t + c) * t + a
        acc = np.zeros((a.size, 3))
        for lo in range(0, n, chunk):
            f = first[lo : lo + chunk]
            t0 = f[:, 0, t - a]
            t1 = f[:, 1, t - b]
            t2 = f[:, 2, t - c]
            best = np.minimum(np.minimum(t0, t1), t2)
            stay = best >= big
            acc[:, 0] += (t0 == best).sum(axis=0, where=~stay)
            acc[:, 1] += (t1 == best).sum(axis=0, where=~stay)
            acc[:, 2] += (t2 == best).sum(axis=0, where=~stay)
            idx = here[None, :] + step[lo : lo + chunk, None]
            idx[~stay] = 0  # a deal somebody went out in has no next state
            nxt = flat.take(idx, axis=0) * stay[..., None]
            acc += nxt.sum(axis=0)[:, [2, 0, 1]]
        flat[(a * t + b) * t + c] = acc / n
    return flat.reshape(t, t, t, 3)


def table_three(name: str, target: int, data: dict[str, Any]) -> Path:
    """The three-player table: the chances of the dealer and of his left (the right's is the
    rest), per ten thousand, stepped along c and compressed with xz (`trainer.advice.win_table.WinTable3`)."""
    import numpy as np

    rows: list[list[int]] = data["events"]
    start = time.perf_counter()
    win = solve_three(rows, target=target)
    quarters = [solve_three(rows[q::4], target=target) for q in range(4)]
    errors = np.stack(quarters).std(axis=0, ddof=1) / 2  # the standard error of the mean of four
    cells = np.rint(win[..., :2] * SCALE).astype(np.int32).transpose(3, 0, 1, 2)
    steps = np.diff(cells, axis=3, prepend=0).astype("<i2")  # smooth along c: small steps pack well
    packed = base64.b64encode(lzma.compress(steps.tobytes(), preset=9)).decode("ascii")
    path = DATA_DIR / f"win_{name}.json"
    _write(
        path,
        {
            "generator": f"scripts/make_win_table.py table (from deals_{name}.json)",
            "ruleset": name,
            "target": target,
            "level": data["level"],
            "rollouts": data.get("rollouts"),
            "deals": len(rows),
            "standard_error": {"max": round(float(errors.max()), 4), "mean": round(float(errors.mean()), 4)},
            "meaning": "cells[a][b][c] = (dealer, left): the chances, before a deal, that the dealer "
            "and the player on his left win, the dealer at a, his left at b, his right at c (per ten "
            "thousand; the right's chance is the rest)",
            "encoding": "base64 of xz of little-endian int16: for k (0 dealer, 1 left), a, b in order, "
            "the target steps along c (each the cell minus the one before, the first from 0)",
            "cells": packed,
            "model": deal_model(rows, keep=MODEL_DEALS, seats=3),
        },
    )
    print(
        f"{name}: table from {len(rows)} deals in {time.perf_counter() - start:.0f} s; "
        f"standard error max {errors.max():.4f}, mean {errors.mean():.4f}"
    )
    return path


def deal_model(rows: list[list[int]], *, keep: int, seats: int = 2) -> dict[str, Any]:
    """What `trainer.advice.board` needs of the sampled deals at run time: the pegging of the
    first `keep` deals (events of kind 0, in order) and the counts of every pone hand, dealer
    hand and crib (per side: a partnership side's two hands are added). With more than two
    seats also `seat_hands`: each seat's hand counts, seats counted from the dealer (0) to his
    left (1) and on (the show is in that order from 1, the dealer last), for
    `trainer.advice.board_seats`."""
    pone: Counter[int] = Counter()
    dealer: Counter[int] = Counter()
    crib: Counter[int] = Counter()
    by_seat: list[Counter[int]] = [Counter() for _ in range(seats)]
    for row in rows:
        shows = [0, 0, 0, 0]
        hands = 0
        for code in row:
            kind, side, pts = (code >> 2) & 3, code & 3, code >> 4
            if kind == 1:
                shows[side] += pts
                hands += 1
                by_seat[hands % seats][pts] += 1
            elif kind == 2:
                crib[pts] += 1
        dealer[shows[0]] += 1
        pone[shows[1]] += 1
    doc = {
        "deals": keep,
        "pegging": [[c for c in row if (c >> 2) & 3 == 0] for row in rows[:keep]],
        "pone_hand": {str(k): v for k, v in sorted(pone.items())},
        "dealer_hand": {str(k): v for k, v in sorted(dealer.items())},
        "crib": {str(k): v for k, v in sorted(crib.items())},
    }
    if seats > 2:
        doc["seat_hands"] = [{str(k): v for k, v in sorted(c.items())} for c in by_seat]
    return doc


def _write(path: Path, doc: dict[str, Any]) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(fd, "w") as fh:
        json.dump(doc, fh, separators=(",", ":"))
        fh.write("\n")
    os.chmod(tmp, 0o644)  # mkstemp makes the file private; data files ship readable
    os.replace(tmp, path)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=("sample", "table", "all"))
    parser.add_argument("rulesets", nargs="*", default=list(RULESETS))
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=18_000)
    opts = parser.parse_args()
    for name in opts.rulesets:
        if opts.step in ("sample", "all"):
            print(sample(name, opts.deals, opts.seed))
        if opts.step in ("table", "all"):
            print(table(name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
