"""Speed of the expert's decisions judged by the chance to win (near the end of a two-player game).

`bench_play_speed.py` times the expert on positions of whole club games, mostly far from the end,
where it decides by points. This times the same kind of positions moved to the end of the game
(both sides within `board_reach`: scores 96-121 drawn per position), where every discard and play
is judged by the chance to win (`trainer.advice.board`). Paired and interleaved with the club
bot's decision on the same position (the reference, same run); median and p90 of CPU time over
41 positions per ruleset; budget p90 <= 100 ms (two players, issue 18).

    python bench/bench_board_speed.py
"""

from __future__ import annotations

import dataclasses
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_play_speed import PAIRS, decide, positions
from trainer.advice.computer import Club, Expert, board_reach, game_board
from trainer.engine.game import Game

BUDGET_MS = 100.0


def near_the_end(game: Game, rng: random.Random) -> Game:
    """The same position with both scores within reach of the target (the game not yet won)."""
    target = game.ruleset.target
    reach = board_reach(target)
    scores = tuple(rng.randrange(target - reach // 2, target - 1) for _ in game.scores)
    return Game.from_state(dataclasses.replace(game.state, scores=scores), rng=random.Random(0))


def bench(name: str) -> bool:
    rng = random.Random(7)
    games = [near_the_end(g, rng) for g in positions(name, seed=20, want=PAIRS)]
    assert all(game_board(g, g.to_act or 0) is not None for g in games)
    expert, club = Expert(random.Random(1)), Club(random.Random(1))
    decide(expert, games[0])  # warm the tables and caches
    pairs = [(decide(expert, g), decide(club, g)) for g in games]
    e = sorted(p[0] * 1000 for p in pairs)
    median = statistics.median(e)
    p90 = e[int(0.9 * (len(e) - 1))]
    ratio = statistics.median(p[0] / max(p[1], 1e-9) for p in pairs)
    ok = p90 <= BUDGET_MS
    print(
        f"{name:<11} by the chance to win: median {median:6.1f} ms  p90 {p90:6.1f} ms  max {e[-1]:6.1f} ms"
        f"  (budget {BUDGET_MS:.0f} ms)  ratio to club {ratio:6.0f}x  {'ok' if ok else 'OVER'}"
    )
    return ok


def main() -> int:
    ok = all([bench(n) for n in ("classic", "five-card", "seven-card")])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
