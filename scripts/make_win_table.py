"""Build the win-chance tables: trainer/data/deals_<ruleset>.json and trainer/data/win_<ruleset>.json.

    nice -n 10 python scripts/make_win_table.py sample classic --deals 3000   # expert self-play (minutes)
    python scripts/make_win_table.py table classic                           # the DP over the samples
    python scripts/make_win_table.py all --deals 1500                        # every two-side ruleset

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

Not part of CI: the tables ship as data and tests/test_win_table.py checks their invariants.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from trainer.advice.win_table import DATA_DIR, encode_table, solve  # noqa: E402
from trainer.content.rulesets import load_ruleset  # noqa: E402
from trainer.engine.game import Game, Phase  # noqa: E402

RULESETS = ("classic", "five-card", "seven-card", "partnership")  # two sides (three-player: not yet)
LEVEL = "expert"
MODEL_DEALS = 400  # sampled plays kept for the decisions at run time (trainer.advice.board)


def deal_events(name: str, seed: int) -> list[int]:
    """One self-play deal: its events in order, each `points * 16 + kind * 4 + side` (side 0: the
    dealer's; kind 0 a pegging point or heels, 1 a hand shown, 2 the crib; shows are kept at 0 too)."""
    from trainer.advice.computer import computer, step

    rules = load_ruleset(name)
    dealer = seed % rules.players
    game = Game.new(rules, rng=random.Random(seed), dealer=dealer, deal_number=2)
    players = [computer(LEVEL, random.Random(seed * 10 + s)) for s in range(rules.players)]
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
            "model": deal_model(rows, keep=MODEL_DEALS),
        },
    )
    print(
        f"{name}: table from {len(rows)} deals in {time.perf_counter() - start:.0f} s; "
        f"standard error max {max(errors):.4f}, mean {sum(errors) / len(errors):.4f}"
    )
    return path


def deal_model(rows: list[list[int]], *, keep: int) -> dict[str, Any]:
    """What `trainer.advice.board` needs of the sampled deals at run time: the pegging of the
    first `keep` deals (events of kind 0, in order) and the counts of every pone hand, dealer
    hand and crib (per side: a partnership side's two hands are added)."""
    pone: Counter[int] = Counter()
    dealer: Counter[int] = Counter()
    crib: Counter[int] = Counter()
    for row in rows:
        shows = [0, 0]
        for code in row:
            kind, side, pts = (code >> 2) & 3, code & 3, code >> 4
            if kind == 1:
                shows[side] += pts
            elif kind == 2:
                crib[pts] += 1
        dealer[shows[0]] += 1
        pone[shows[1]] += 1
    return {
        "deals": keep,
        "pegging": [[c for c in row if (c >> 2) & 3 == 0] for row in rows[:keep]],
        "pone_hand": {str(k): v for k, v in sorted(pone.items())},
        "dealer_hand": {str(k): v for k, v in sorted(dealer.items())},
        "crib": {str(k): v for k, v in sorted(crib.items())},
    }


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
