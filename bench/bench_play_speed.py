"""Speed of `crib play`: an expert computer decision, and the review after the last count.

Budgets (issue 11): an expert decision <= 100 ms with two players and <= 300 ms with three or
four; the review ready <= 1 s after the last count. Positions come from seeded games played by
the club bots (discards and plays of every seat). Each expert decision is timed paired and
interleaved with the club bot's decision on the same position (the reference, measured in the
same run), median of the pairs; the ratio is printed beside the absolute figures, with the
expert's p50, p90 and p99 (200 positions with two players, where the searched pegging's cost
grows with the cards in play; 41 with three or four). Times are
the process's CPU time (the decision is single-threaded), so other work on a shared machine
does not inflate them; on an idle machine wall time is the same.

    python bench/bench_play_speed.py                    # every ruleset, then the review
    python bench/bench_play_speed.py classic five-card  # just these
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from trainer.advice.computer import Club, Expert, step
from trainer.content.rulesets import load_ruleset
from trainer.engine.game import Game, Phase
from trainer.play.review import review
from trainer.play.session import GameSession, new_record

BUDGET_MS = {2: 100.0, 3: 300.0, 4: 300.0}
PAIRS = 41
TWO_PLAYER_PAIRS = 200  # the searched pegging varies most with the cards in play: more positions


def positions(name: str, seed: int, want: int) -> list[Game]:
    """Copies of games at discard and play decisions (the player to act holds 2+ cards)."""
    rules = load_ruleset(name)
    rng = random.Random(seed)
    game = Game.new(rules, rng=rng)
    bots = [Club(random.Random(seed + s)) for s in range(rules.players)]
    found: list[Game] = []
    while len(found) < want:
        if game.is_over:
            game = game.next_game(rng=rng)
        phase = game.phase
        seat = game.to_act
        if phase in (Phase.DISCARD, Phase.PLAY) and seat is not None:
            peg = game.pegging
            if phase is Phase.DISCARD or (peg is not None and len(peg.legal_plays(seat)) >= 2):
                found.append(game.copy())
        step(game, bots)
    return found


def decide(player: Expert | Club, game: Game) -> float:
    seat = game.to_act
    assert seat is not None
    start = time.process_time()
    if game.phase is Phase.DISCARD:
        player.discard(game, seat)
    else:
        player.play(game, seat)
    return time.process_time() - start


def bench_decisions(name: str) -> bool:
    rules = load_ruleset(name)
    games = positions(name, seed=20, want=TWO_PLAYER_PAIRS if rules.players == 2 else PAIRS)
    expert, club = Expert(random.Random(1)), Club(random.Random(1))
    decide(expert, games[0])  # warm the crib table and caches
    pairs = []
    for game in games:  # interleaved: expert then reference on the same position
        pairs.append((decide(expert, game), decide(club, game)))
    e = sorted(p[0] * 1000 for p in pairs)
    c = statistics.median(p[1] * 1000 for p in pairs)
    median = statistics.median(e)
    p90 = e[int(0.9 * (len(e) - 1))]
    p99 = e[int(0.99 * (len(e) - 1))]
    ratio = statistics.median(p[0] / max(p[1], 1e-9) for p in pairs)
    budget = BUDGET_MS[rules.players]
    ok = p90 <= budget
    print(
        f"{name:<13} {rules.players}p  {len(e)} decisions  expert p50 {median:6.1f} ms  p90 {p90:6.1f} ms"
        f"  p99 {p99:6.1f} ms  max {e[-1]:6.1f} ms  (budget p90 {budget:.0f} ms)  club {c:5.2f} ms"
        f"  ratio {ratio:6.0f}x  {'ok' if ok else 'OVER'}"
    )
    return ok


def bench_review() -> bool:
    times = []
    for seed in range(1, 16):
        rules = load_ruleset("classic")
        session = GameSession(rules, new_record(rules, level="club", coach="quiet", seed=seed))

        class Auto:
            def ask(self, prompt, session):  # type: ignore[no-untyped-def]
                if prompt.ask == "discard":
                    return " ".join(str(c) for c in prompt.hand[: prompt.extra["discard"]])
                if prompt.ask == "play":
                    return str(prompt.legal[0]) if prompt.legal else "go"
                return "0" if prompt.ask != "muggins" else "y"

            def tell(self, note, session):  # type: ignore[no-untyped-def]
                pass

        session.run(Auto())
        start = time.process_time()
        review(session.game, session.record.decisions)
        times.append(time.process_time() - start)
    median = statistics.median(times) * 1000
    worst = max(times) * 1000
    print(f"review after the last count: median {median:.2f} ms, max {worst:.2f} ms (budget 1000 ms)")
    return max(times) <= 1.0


def main() -> int:
    names = sys.argv[1:] or ["classic", "five-card", "seven-card", "three-player", "partnership"]
    ok = all([bench_decisions(n) for n in names])
    if sys.argv[1:]:
        return 0 if ok else 1
    ok = bench_review() and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
