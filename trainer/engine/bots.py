"""Simple legal players, self-play and seeded positions.

The bots are not advice (that is `trainer.advice`): they only need to be legal, fast and not
absurd, so simulations give plausible averages and drills get realistic positions. `RandomBot`
is the fastest (used by the invariant tests); `GreedyBot` keeps the discard that scores most on
its own and pegs the card that scores most now, avoiding counts that hand the opponent a 15 or 31.

`play_until(game, until=...)` advances any game with bots to the first position a predicate
accepts: this is how a drill gets "a three-player count where two have said go" or "a hand that
is about to count out". `simulate(...)` plays whole games and sums up where the points came from.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, pairwise
from typing import Protocol

from trainer.engine.cards import Card
from trainer.engine.errors import IllegalAction
from trainer.engine.events import GameEvent, source_of
from trainer.engine.game import Game, Phase
from trainer.engine.pegging import PeggingState
from trainer.engine.ruleset import Ruleset

SOURCES = ("heels", "pegging", "hand", "crib", "compensation", "muggins", "penalty")


class Bot(Protocol):
    """What a computer player decides: its discard and its card in the play (None = go)."""

    def choose_discard(
        self, *, hand: Sequence[Card], count: int, is_dealer: bool, ruleset: Ruleset
    ) -> tuple[Card, ...]:
        """The cards to lay away."""
        ...

    def choose_play(self, *, state: PeggingState) -> Card | None:
        """A legal card for the seat to move, or None when it must say go."""
        ...


@dataclass
class RandomBot:
    """Any legal move, uniformly at random: the quickest way to explore every line of play."""

    rng: random.Random

    def choose_discard(
        self, *, hand: Sequence[Card], count: int, is_dealer: bool, ruleset: Ruleset
    ) -> tuple[Card, ...]:
        del is_dealer, ruleset
        return tuple(self.rng.sample(list(hand), count))

    def choose_play(self, *, state: PeggingState) -> Card | None:
        legal = state.legal_plays()
        return self.rng.choice(legal) if legal else None


@lru_cache(maxsize=65536)
def _rank_points(ranks: tuple[int, ...]) -> int:
    """Fifteens, pairs and runs of cards given by rank (sorted), without a starter."""
    values = [min(r, 10) for r in ranks]
    points = 0
    for size in range(2, len(ranks) + 1):
        points += 2 * sum(1 for combo in combinations(values, size) if sum(combo) == 15)
    points += 2 * sum(1 for a, b in combinations(ranks, 2) if a == b)
    distinct = sorted(set(ranks))
    run = best = 1
    best_start = distinct[0] if distinct else 0
    start = best_start
    for prev, cur in pairwise(distinct):
        if cur == prev + 1:
            run += 1
        else:
            run, start = 1, cur
        if run > best:
            best, best_start = run, start
    if best >= 3:
        mult = 1
        for r in range(best_start, best_start + best):
            mult *= ranks.count(r)
        points += best * mult
    return points


_RANK_BIT = tuple(1 << (3 * r) for r in range(13))
"""Adding `_RANK_BIT[r]` to a key adds a card of rank index r: a multiset of ranks as one int, so
the greedy discard adds a few ints per split instead of sorting tuples."""
_KEY_POINTS: dict[int, int] = {}


def _ranks_of(key: int) -> tuple[int, ...]:
    """The sorted ranks 1..13 of a rank-multiset key."""
    return tuple(r + 1 for r in range(13) for _ in range((key >> (3 * r)) & 7))


_SPLITS: dict[tuple[int, int], tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]] = {}
_PAIR_POINTS = (0, 0, 2, 6, 12)


def _splits(size: int, count: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Every (kept, laid away) split of `size` cards by position, built once per shape."""
    key = (size, count)
    if key not in _SPLITS:
        _SPLITS[key] = tuple(
            (tuple(i for i in range(size) if i not in away), away)
            for away in combinations(range(size), count)
        )
    return _SPLITS[key]


def _peg_points(ranks: list[int], rank: int, count: int) -> int:
    """What playing a card of `rank` onto a count of `ranks` scores, reaching `count`.

    The same rules as `scoring.score_play` on plain ints: the bot asks this for every legal card
    of every turn, where building itemised breakdowns would cost more than the rest of its play.
    """
    points = 2 if count in (15, 31) else 0
    same = 1
    j = len(ranks) - 1
    while j >= 0 and ranks[j] == rank:
        same += 1
        j -= 1
    if same > 1:
        return points + _PAIR_POINTS[same]
    tail = [*ranks, rank]
    for length in range(len(tail), 2, -1):
        last = tail[-length:]
        if max(last) - min(last) == length - 1 and len(set(last)) == length:
            return points + length
    return points


@dataclass
class GreedyBot:
    """Keeps the hand that scores most by itself (plus or minus what the discards give the crib);
    pegs the card worth most now, avoiding 5 and 21 (a ten makes 15 or 31) and leaving the count
    at 15 or more for the opponent where it can."""

    rng: random.Random

    def choose_discard(
        self, *, hand: Sequence[Card], count: int, is_dealer: bool, ruleset: Ruleset
    ) -> tuple[Card, ...]:
        del ruleset
        sign = 1 if is_dealer else -1
        bits = [_RANK_BIT[c.index >> 2] for c in hand]
        whole = sum(bits)
        suits = [c.index & 3 for c in hand]
        size = len(hand)
        # A kept flush needs that many cards of one suit in the hand: usually none, so skip the test.
        flush_possible = max(suits.count(s) for s in set(suits)) >= size - count
        rand = self.rng.random
        best_value: float = -1e9
        best: tuple[int, ...] = ()
        for kept, away in _splits(size, count):
            if count == 2:
                away_key = bits[away[0]] + bits[away[1]]
            else:
                away_key = 0
                for i in away:
                    away_key += bits[i]
            kept_key = whole - away_key
            kept_points = _KEY_POINTS.get(kept_key)
            if kept_points is None:
                kept_points = _KEY_POINTS[kept_key] = _rank_points(_ranks_of(kept_key))
            away_points = _KEY_POINTS.get(away_key)
            if away_points is None:
                away_points = _KEY_POINTS[away_key] = _rank_points(_ranks_of(away_key))
            value: float = kept_points + sign * away_points
            if flush_possible:
                first = suits[kept[0]]
                if all(suits[i] == first for i in kept):
                    value += len(kept)
            value += rand() * 0.01  # break ties without a fixed bias
            if value > best_value:
                best_value, best = value, away
        return tuple(hand[i] for i in best)

    def choose_play(self, *, state: PeggingState) -> Card | None:
        legal = state.legal_plays()
        if not legal:
            return None
        ranks = [(c.index >> 2) + 1 for c in state.series]
        rand = self.rng.random
        now = state.count
        best_value, best = -1e9, legal[0]
        for card in legal:
            value_15 = card.value
            count = now + value_15
            value = float(_peg_points(ranks, (card.index >> 2) + 1, count))
            if count == 5 or count == 21:
                value -= 1.5
            if count < 15 and 15 - count <= 10 and ranks:
                value -= 0.5
            value += value_15 * 0.01 + rand() * 0.001
            if value > best_value:
                best_value, best = value, card
        return best


BotFactory = Callable[[random.Random], Bot]
BOTS: dict[str, BotFactory] = {"random": RandomBot, "greedy": GreedyBot}


# ----------------------------------------------------------------------------- driving a game


_PLAY = Phase.PLAY
_SHOW = Phase.SHOW


def step(game: Game, bots: Sequence[Bot]) -> tuple[GameEvent, ...]:
    """Make the one next action of the game with the bots (draw, deal, discard, cut, play, show)
    and return its events."""
    phase = game.phase
    if phase is _PLAY:  # most steps are cards played: test for them first
        state = game.pegging
        assert state is not None
        card = bots[state.turn].choose_play(state=state)
        return game.go() if card is None else game.play(card)
    if phase is _SHOW:
        return game.show()
    if phase is Phase.DRAW:
        return game.draw()
    if phase is Phase.DEAL:
        return game.deal()
    if phase is Phase.DISCARD:
        seat = game.to_act
        assert seat is not None
        cards = bots[seat].choose_discard(
            hand=game.hand(seat),
            count=game.ruleset.deal.discard_per_player,
            is_dealer=seat == game.dealer,
            ruleset=game.ruleset,
        )
        return game.discard(seat, cards)
    if phase is Phase.STARTER:
        return game.cut()
    if phase is Phase.DONE:
        return game.next_deal()
    raise IllegalAction("the game is over: nothing left to play", key="raised.bots.over")


def play_until(
    game: Game,
    *,
    until: Callable[[Game], bool],
    bots: Sequence[Bot] | None = None,
    max_actions: int = 100_000,
) -> Game:
    """Advance `game` with bots until `until(game)` is true; returns the same game.

    Examples for drills (seeded, so the same seed gives the same position)::

        game = Game.new(ruleset, rng=random.Random(seed), dealer=0)
        # a pegging position mid-count: 15 or more on the table, cards still to play
        play_until(game, until=lambda g: g.phase is Phase.PLAY and g.pegging.count >= 15)
        # a three-player count where two seats have said go
        play_until(game, until=lambda g: g.phase is Phase.PLAY and len(g.pegging.said_go) == 2)

    Raises IllegalAction when the game ends (or `max_actions` pass) before the predicate holds.
    """
    rng = game.rng
    if rng is None:
        raise IllegalAction(
            "play_until needs a game created with a random source (rng=...)", key="raised.bots.no_rng"
        )
    players = list(bots) if bots is not None else [GreedyBot(rng) for _ in range(game.players)]
    for _ in range(max_actions):
        if until(game):
            return game
        if game.is_over:
            raise IllegalAction(
                "the game ended before the position asked for came up", key="raised.bots.ended"
            )
        step(game, players)
    raise IllegalAction(
        f"no such position within {max_actions} actions", key="raised.bots.none", n=max_actions
    )


def position(
    ruleset: Ruleset, *, seed: int, until: Callable[[Game], bool], dealer: int = 0, bot: str = "greedy"
) -> Game:
    """A seeded position: a new game from `dealer`, played by bots until `until` holds."""
    rng = random.Random(seed)
    game = Game.new(ruleset, rng=rng, dealer=dealer)
    bots = [BOTS[bot](rng) for _ in range(ruleset.players)]
    return play_until(game, until=until, bots=bots)


def play_game(game: Game, bots: Sequence[Bot]) -> Game:
    """Play to the end of the game."""
    while not game.is_over:
        step(game, bots)
    return game


# ----------------------------------------------------------------------------- simulation


@dataclass
class SimulationReport:
    """What a batch of self-play games shows: wins per side and where the points come from."""

    ruleset: str
    games: int
    seed: int | None
    bot: str
    sides: int
    wins: list[int]
    points: dict[str, list[int]]
    deals: int = 0
    lurches: int = 0
    results: dict[str, int] = field(default_factory=dict)

    @property
    def avg_deals_per_game(self) -> float:
        return self.deals / self.games if self.games else 0.0

    def avg_points_per_deal(self) -> dict[str, list[float]]:
        return {
            source: [round(v / self.deals, 3) if self.deals else 0.0 for v in values]
            for source, values in self.points.items()
        }

    def to_json(self) -> dict[str, object]:
        return {
            "ruleset": self.ruleset,
            "games": self.games,
            "seed": self.seed,
            "bot": self.bot,
            "wins": list(self.wins),
            "avg_points_per_deal": self.avg_points_per_deal(),
            "lurches": self.lurches,
            "results": dict(self.results),
            "avg_deals_per_game": round(self.avg_deals_per_game, 3),
            "deals": self.deals,
        }


BLOCK = 50
"""Games per independently seeded block of a simulation (see `simulate`)."""


def block_seeds(seed: int | None, games: int) -> list[tuple[int | str | None, int]]:
    """(seed, games) of each block: the first block is seeded with `seed` itself, as a single
    run always was; block k > 0 with the string `"<seed>/<k>"` (a fresh random base when `seed`
    is None). Blocks depend on nothing but their seed, so any number of processes can play them."""
    base: int | str | None = seed
    if seed is None:
        base = random.Random().getrandbits(64)
    out: list[tuple[int | str | None, int]] = []
    for k, start in enumerate(range(0, games, BLOCK)):
        out.append((seed if k == 0 else f"{base}/{k}", min(BLOCK, games - start)))
    return out


def simulate(
    ruleset: Ruleset,
    *,
    games: int,
    seed: int | None = None,
    bot: str = "greedy",
    progress: Callable[[int], None] | None = None,
    jobs: int = 1,
) -> SimulationReport:
    """Play `games` computer-vs-computer games and sum up wins and where the points came from.

    Games are played in blocks of `BLOCK` (50): within a block the loser of a game deals first
    in the next; each block starts from a new cut with its own seed (`block_seeds`). So the
    report depends only on the seed, never on `jobs`, the number of worker processes that play
    the blocks (`jobs=0`: one per CPU). `progress(i)` is called as games complete (after each
    game with one process, after each block with several).
    """
    if games < 1:
        raise IllegalAction(f"simulate at least 1 game, not {games}", key="error.sim.games", games=games)
    if bot not in BOTS:
        raise IllegalAction(
            f"unknown bot {bot!r}: choose one of {', '.join(BOTS)}",
            key="error.sim.bot",
            bot=bot,
            names=", ".join(BOTS),
        )
    if jobs < 0:
        raise IllegalAction(
            f"jobs must be 0 (one per CPU) or more, not {jobs}", key="raised.bots.jobs", n=jobs
        )
    sides = ruleset.sides
    report = SimulationReport(
        ruleset=ruleset.name,
        games=games,
        seed=seed,
        bot=bot,
        sides=sides,
        wins=[0] * sides,
        points={s: [0] * sides for s in SOURCES},
    )
    blocks = block_seeds(seed, games)
    if jobs == 0:
        import os

        jobs = os.cpu_count() or 1
    jobs = min(jobs, len(blocks))
    done = 0
    if jobs <= 1:
        for block_seed, count in blocks:
            offset = done

            def step_progress(i: int, offset: int = offset) -> None:
                if progress is not None:
                    progress(offset + i)

            _merge(report, _play_block(ruleset, bot, block_seed, count, step_progress))
            done += count
        return report
    from trainer.infra.parallel import run_tasks

    finished = 0

    def block_done(k: int) -> None:
        nonlocal finished
        finished += blocks[k][1]
        if progress is not None:
            progress(finished)

    tasks = [(ruleset, bot, block_seed, count) for block_seed, count in blocks]
    for part in run_tasks(_play_block, tasks, jobs=jobs, done=block_done):
        _merge(report, part)  # in block order, so the report is the one --jobs 1 gives
    return report


def _play_block(
    ruleset: Ruleset,
    bot: str,
    seed: int | str | None,
    games: int,
    progress: Callable[[int], None] | None = None,
) -> SimulationReport:
    """One block of games in a row (the loser deals first next game), from its own seed."""
    rng = random.Random(seed)
    bots = [BOTS[bot](rng) for _ in range(ruleset.players)]
    sides = ruleset.sides
    report = SimulationReport(
        ruleset=ruleset.name,
        games=games,
        seed=None,
        bot=bot,
        sides=sides,
        wins=[0] * sides,
        points={s: [0] * sides for s in SOURCES},
    )
    game = Game.new(ruleset, rng=rng)
    for i in range(games):
        if i:
            game = game.next_game(rng=rng)
        play_game(game, bots)
        _tally(report, game)
        if progress is not None:
            progress(i + 1)
    return report


def _merge(report: SimulationReport, part: SimulationReport) -> None:
    """Add a block's tallies to the report (blocks are merged in order, so even the order of the
    result names is the same however many processes played them)."""
    for side, wins in enumerate(part.wins):
        report.wins[side] += wins
    report.deals += part.deals
    report.lurches += part.lurches
    for name, n in part.results.items():
        report.results[name] = report.results.get(name, 0) + n
    for source, values in part.points.items():
        row = report.points[source]
        for side, v in enumerate(values):
            row[side] += v


def _tally(report: SimulationReport, game: Game) -> None:
    outcome = game.outcome
    assert outcome is not None
    report.wins[outcome.winner] += 1
    report.deals += outcome.deals
    report.results[outcome.result] = report.results.get(outcome.result, 0) + 1
    if outcome.lurched:
        report.lurches += 1
    side_of = game.ruleset.side_of
    for logged in game.log:
        event = logged.event
        source = source_of(event)
        if source is not None and event.points:
            report.points[source][side_of(event.seat)] += event.points
