"""Is the expert stronger than it was? The new `expert` against a frozen copy of the old one, and
against cribbagesim 1.0.2's "Hoyleish" computer, with 95% intervals.

    nice -n 10 python bench/bench_expert_strength.py --opponent frozen --games 4000
    nice -n 10 python bench/bench_expert_strength.py --opponent hoyleish --games 2000 \\
        --hoyleish-python /work/cribbagesim-venv/bin/python

- `frozen`: `bench/frozen_expert`, the expert of main at 62a8a66 (before issue 18), copied verbatim.
- `hoyleish`: cribbagesim's own strategy classes, asked through `bench/cribbagesim_bridge.py`
  in their own Python (3.12; not a project dependency); our engine deals and scores for both.

Game k (seeds from --seed, fresh per run) puts the new expert in seat k % 2 and draws the first
dealer from the game's own seed, so seats and first deals are shared evenly. The win rate comes
with a Wilson 95% interval; the verdict asks for the lower end above the --goal.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import subprocess
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from trainer.advice.computer import computer, own_crib, step
from trainer.content.rulesets import load_ruleset
from trainer.engine.cards import Card, parse_cards
from trainer.engine.game import Game
from trainer.engine.scoring import ScoreBreakdown

BRIDGE = Path(__file__).resolve().parent / "cribbagesim_bridge.py"


class Hoyleish:
    """A computer seat played by cribbagesim's Hoyleish strategy over the line bridge."""

    level = "hoyleish"

    def __init__(self, python: str) -> None:
        self.proc = subprocess.Popen(
            [python, str(BRIDGE)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def _ask(self, question: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(question) + "\n")
        answer: dict[str, Any] = json.loads(self.proc.stdout.readline())
        return answer

    def discard(self, game: Game, seat: int) -> tuple[Card, ...]:
        hand = [str(c) for c in game.hand(seat)]
        crib = self._ask({"op": "discard", "hand": hand, "dealer": own_crib(game, seat)})["crib"]
        return tuple(parse_cards(crib))

    def play(self, game: Game, seat: int) -> Card | None:
        peg = game.pegging
        assert peg is not None
        answer = self._ask(
            {"op": "play", "hand": [str(c) for c in peg.hands[seat]], "pile": [str(c) for c in peg.series]}
        )["card"]
        return None if answer is None else Card.parse(answer)

    def claim(self, breakdown: ScoreBreakdown) -> int:
        return breakdown.total

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=10)


def frozen_expert(seed: int) -> Any:
    from bench.frozen_expert.computer import computer as frozen_computer

    return frozen_computer("expert", random.Random(seed))


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def play_games(args: tuple[str, str, str, str, int, list[int]]) -> list[tuple[int, int, int]]:
    """Play the games of seeds `ks` (offsets from `first`): (k, 1 if the measured side won, its
    seat). One process per worker, each with its own bridge."""
    player, opponent, ruleset, python, first, ks = args
    rules = load_ruleset(ruleset)
    bridge = Hoyleish(python) if opponent == "hoyleish" else None
    out: list[tuple[int, int, int]] = []
    try:
        for k in ks:
            seed = first + k
            new_seat = k % 2
            players: list[Any] = [None, None]
            players[new_seat] = (
                computer("expert", random.Random(seed * 10 + new_seat))
                if player == "expert"
                else frozen_expert(seed * 10 + new_seat)
            )
            players[1 - new_seat] = bridge if bridge is not None else frozen_expert(seed * 10 + 1 - new_seat)
            game = Game.new(rules, rng=random.Random(seed))
            while not game.is_over:
                step(game, players)
            outcome = game.outcome
            assert outcome is not None
            out.append((k, int(rules.side_of(outcome.seat) == rules.side_of(new_seat)), new_seat))
    finally:
        if bridge is not None:
            bridge.close()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponent", choices=("frozen", "hoyleish"), default="frozen")
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--ruleset", default="classic")
    parser.add_argument("--seed", type=int, default=None, help="first game seed (default: from the clock)")
    parser.add_argument(
        "--goal", type=float, default=None, help="win rate to beat (55%% frozen, 70%% hoyleish)"
    )
    parser.add_argument("--hoyleish-python", default="/work/cribbagesim-venv/bin/python")
    parser.add_argument(
        "--player", choices=("expert", "frozen"), default="expert", help="the side measured (frozen: a check)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (games are shared out)")
    opts = parser.parse_args()
    goal = opts.goal if opts.goal is not None else (0.55 if opts.opponent == "frozen" else 0.70)
    first = opts.seed if opts.seed is not None else int(time.time()) % 1_000_000 * 10_000
    start = time.perf_counter()
    print(f"{opts.player} vs {opts.opponent}, {opts.ruleset}, {opts.games} games, seed {first}", flush=True)
    chunk = 10
    batches = [
        (
            opts.player,
            opts.opponent,
            opts.ruleset,
            opts.hoyleish_python,
            first,
            list(range(a, min(a + chunk, opts.games))),
        )
        for a in range(0, opts.games, chunk)
    ]
    wins = 0
    done = 0
    by_seat = [[0, 0], [0, 0]]  # [wins, games] with the measured side in seat 0 / seat 1
    results = map(play_games, batches) if opts.jobs <= 1 else Pool(opts.jobs).imap(play_games, batches)
    for batch in results:
        for _k, won, seat in batch:
            wins += won
            done += 1
            by_seat[seat][0] += won
            by_seat[seat][1] += 1
        if done % 50 == 0 or done == opts.games:
            low, high = wilson(wins, done)
            print(
                f"{done:>5} games: {opts.player} {100 * wins / done:.1f}% "
                f"(95% {100 * low:.1f}-{100 * high:.1f}%), {time.perf_counter() - start:.0f} s",
                flush=True,
            )
    low, high = wilson(wins, opts.games)
    verdict = "clearly above" if low > goal else "NOT clearly above"
    seats = ", ".join(f"seat {s}: {w}/{n}" for s, (w, n) in enumerate(by_seat))
    print(
        f"{opts.player} {wins}/{opts.games} = {100 * wins / opts.games:.1f}% "
        f"(95% {100 * low:.1f}-{100 * high:.1f}%; {seats}): {verdict} {100 * goal:.0f}%"
    )
    return 0 if low > goal else 1


if __name__ == "__main__":
    sys.exit(main())
