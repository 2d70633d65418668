"""What one seat at the table knows, the advice for it, and the computer players built on it.

The coach and the computer opponents must see the same things a player at the table sees: his
own dealt cards, the starter, every card played so far and how many cards each other seat
still holds, never a hidden hand. `seen_cards` and `peg_table` build that view from a game.

Levels (their strength is measured by `bench/bench_play_strength.py`):

- `easy`: half the time lays away at random, else keeps the cards that score most by
  themselves, whoever owns the crib; plays
  the card that scores most now (else a random one); sometimes overlooks a fifteen when it
  counts, so there is something to call muggins on.
- `club`: the engine's greedy bot (keeps the best hand plus or minus what its discards give the
  crib; pegs for points now while avoiding 5 and 21).
- `expert`: discards by the full expected value with the crib table (`analyse_discard`) and pegs
  by the pegging advice (exact two-player advice; sampled play-outs with three or four); in the
  last deals both choose by the chance to go out (`trainer.advice.endgame`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from bench.frozen_expert.discard import DiscardOption, analyse_discard
from bench.frozen_expert.endgame import EndgameOption, endgame_discard, in_reach, show_need
from bench.frozen_expert.pegging import MAX_ROLLOUTS, PegAdvice, advise_peg_state
from bench.frozen_expert.playout import Table, playout_advice, unseen_for
from trainer.engine.bots import GreedyBot, _peg_points, _rank_points, _splits
from trainer.engine.cards import Card
from trainer.engine.game import Game
from trainer.engine.scoring import ScoreBreakdown

LEVELS = ("easy", "club", "expert")
PEG_REACH = 8  # a side this close to the target can peg out: choose plays by the chance
EXPERT_ROLLOUTS = MAX_ROLLOUTS


# ----------------------------------------------------------------------------- what a seat sees


def own_crib(game: Game, seat: int) -> bool:
    """The crib belongs to the seat's side (the dealer, or the dealer's partner)."""
    dealer = game.dealer
    return dealer is not None and game.ruleset.side_of(dealer) == game.ruleset.side_of(seat)


def own_discards(game: Game, seat: int) -> tuple[Card, ...]:
    st = game.state
    if not st.dealt or st.kept[seat] is None:
        return ()
    kept = st.kept[seat]
    assert kept is not None
    return tuple(c for c in st.dealt[seat] if c not in kept)


def played_cards(game: Game) -> tuple[Card, ...]:
    """Every card played so far this deal (any order): kept cards no longer in a hand."""
    st = game.state
    peg = st.pegging
    if peg is None:
        return ()
    out: list[Card] = []
    for seat, kept in enumerate(st.kept):
        if kept is not None:
            out.extend(c for c in kept if c not in peg.hands[seat])
    return tuple(out)


def seen_cards(game: Game, seat: int) -> tuple[Card, ...]:
    """Cards the seat has seen other than its hand in the play: earlier counts, the starter,
    its own discards (what `crib advise-peg` takes as --played/--starter/--discarded)."""
    peg = game.pegging
    series = set(peg.series) if peg is not None else set()
    earlier = [c for c in played_cards(game) if c not in series]
    starter = [game.starter] if game.starter is not None else []
    return (*earlier, *starter, *own_discards(game, seat))


def needs(game: Game) -> tuple[int, ...]:
    """Points each side still needs to reach the target."""
    return tuple(game.ruleset.target - s for s in game.scores)


def peg_table(game: Game, seat: int, *, near: bool = False) -> Table:
    peg = game.pegging
    assert peg is not None
    hand = peg.hands[seat]
    known = (*hand, *peg.series, *seen_cards(game, seat))
    rules = game.ruleset
    return Table(
        seat=seat,
        hand=hand,
        series=peg.series,
        hands_left=tuple(len(h) for h in peg.hands),
        said_go=peg.said_go,
        last_player=peg.last_player,
        unseen=unseen_for(known),
        sides=tuple(rules.side_of(s) for s in range(game.players)),
        single_count=peg.single_count,
        need=needs(game) if near else None,
    )


# ----------------------------------------------------------------------------- advice for a seat


@dataclass(frozen=True, slots=True)
class DiscardAdvice:
    """The options by average (as `crib discard` ranks them) and, near the end, by the chance to
    go out (`endgame`, with the show points needed), else None."""

    options: list[DiscardOption]
    endgame: list[EndgameOption] | None
    need: int

    @property
    def best(self) -> DiscardOption:
        return self.endgame[0].option if self.endgame else self.options[0]

    @property
    def changed(self) -> bool:
        """The chance to go out picks another discard than the average would."""
        return bool(self.endgame) and set(self.best.discard) != set(self.options[0].discard)


def advise_discard(game: Game, seat: int, *, board: bool = True) -> DiscardAdvice:
    rules = game.ruleset
    mine = own_crib(game, seat)
    options = analyse_discard(game.hand(seat), dealer=mine, ruleset=rules)
    score = game.scores[rules.side_of(seat)]
    need = show_need(rules, score=score, dealer=seat == game.dealer)
    endgame = None
    if board and in_reach(need):
        ranked = endgame_discard(options, ruleset=rules, need=need)
        if ranked[0].chance > 0:
            endgame = ranked
    return DiscardAdvice(options, endgame, need)


@dataclass(frozen=True, slots=True)
class PlayAdvice:
    """Legal cards by expected net pegging points (best first) and, when a side can peg out, by
    the chance to peg out first (`win` by rank index; empty otherwise)."""

    advice: list[PegAdvice]
    win: dict[int, float]

    @property
    def best(self) -> PegAdvice:
        if self.win:
            top = max(self.win.values())
            return next(a for a in self.advice if self.win[a.card.index >> 2] == top)
        return self.advice[0]

    @property
    def changed(self) -> bool:
        return bool(self.win) and self.best.card.rank != self.advice[0].card.rank


def advise_play(game: Game, seat: int, *, board: bool = True, budget: int = MAX_ROLLOUTS) -> PlayAdvice:
    """`budget` is the two-player advice's play-out budget: the coach and the expert use that of
    `crib advise-peg` (same numbers); three and four players use `playout.ROLLOUTS`."""
    peg = game.pegging
    assert peg is not None
    near = board and min(needs(game)) <= PEG_REACH
    if game.players == 2:
        advice = advise_peg_state(
            peg, seen=seen_cards(game, seat), seat=seat, rng=random.Random(0), max_rollouts=budget
        )
        win: dict[int, float] = {}
        if near and len({a.card.rank for a in advice}) > 1:
            win = playout_advice(peg_table(game, seat, near=True), rng=random.Random(0)).win
        return PlayAdvice(advice, win)
    result = playout_advice(peg_table(game, seat, near=near), rng=random.Random(0))
    return PlayAdvice(result.advice, result.win)


# ----------------------------------------------------------------------------- computer players


class Computer(Protocol):
    """A computer seat: its discard, its card (None: go) and the count it announces."""

    level: str

    def discard(self, game: Game, seat: int) -> tuple[Card, ...]: ...

    def play(self, game: Game, seat: int) -> Card | None: ...

    def claim(self, breakdown: ScoreBreakdown) -> int: ...


@dataclass
class Easy:
    rng: random.Random
    level: str = "easy"
    miss_rate: float = 0.2
    careless: float = 0.5

    def discard(self, game: Game, seat: int) -> tuple[Card, ...]:
        hand = game.hand(seat)
        ranks = [int(c.rank) for c in hand]
        count = game.ruleset.deal.discard_per_player
        if self.rng.random() < self.careless:
            return tuple(self.rng.sample(list(hand), count))
        best: tuple[int, ...] = ()
        best_value = -1.0
        for kept, away in _splits(len(hand), count):
            value = _rank_points(tuple(sorted(ranks[i] for i in kept))) + self.rng.random() * 0.5
            if value > best_value:
                best, best_value = away, value
        return tuple(hand[i] for i in best)

    def play(self, game: Game, seat: int) -> Card | None:
        peg = game.pegging
        assert peg is not None
        legal = peg.legal_plays(seat)
        if not legal:
            return None
        ranks = [int(c.rank) for c in peg.series]
        scored = [(c, _peg_points(ranks, int(c.rank), peg.count + c.value)) for c in legal]
        top = max(p for _, p in scored)
        if top > 0:
            return next(c for c, p in scored if p == top)
        return self.rng.choice(legal)

    def claim(self, breakdown: ScoreBreakdown) -> int:
        fifteens = [i.points for i in breakdown.items if i.kind in ("fifteen", "nobs")]
        if fifteens and self.rng.random() < self.miss_rate:
            return breakdown.total - fifteens[-1]
        return breakdown.total


@dataclass
class Club:
    rng: random.Random
    level: str = "club"

    def __post_init__(self) -> None:
        self._bot = GreedyBot(self.rng)

    def discard(self, game: Game, seat: int) -> tuple[Card, ...]:
        return self._bot.choose_discard(
            hand=game.hand(seat),
            count=game.ruleset.deal.discard_per_player,
            is_dealer=own_crib(game, seat),
            ruleset=game.ruleset,
        )

    def play(self, game: Game, seat: int) -> Card | None:
        peg = game.pegging
        assert peg is not None
        return self._bot.choose_play(state=peg)

    def claim(self, breakdown: ScoreBreakdown) -> int:
        return breakdown.total


@dataclass
class Expert:
    rng: random.Random
    level: str = "expert"

    def discard(self, game: Game, seat: int) -> tuple[Card, ...]:
        return advise_discard(game, seat).best.discard

    def play(self, game: Game, seat: int) -> Card | None:
        peg = game.pegging
        assert peg is not None
        legal = peg.legal_plays(seat)
        if not legal:
            return None
        if len({c.rank for c in legal}) == 1:
            return legal[0]
        return advise_play(game, seat, budget=EXPERT_ROLLOUTS).best.card

    def claim(self, breakdown: ScoreBreakdown) -> int:
        return breakdown.total


def computer(level: str, rng: random.Random) -> Computer:
    """A computer player of `level` (easy, club or expert)."""
    players: dict[str, type[Easy] | type[Club] | type[Expert]] = {
        "easy": Easy,
        "club": Club,
        "expert": Expert,
    }
    if level not in players:
        from bench.frozen_expert.errors import AdviceError

        raise AdviceError(
            f"unknown level {level!r}: choose easy, club or expert", key="error.play.level", level=level
        )
    return players[level](rng)


def strongest_first(levels: Sequence[str]) -> list[str]:
    return sorted(levels, key=LEVELS.index, reverse=True)


def step(game: Game, players: Sequence[Computer]) -> None:
    """Make the game's one next action with computer players in every seat (the benchmarks'
    self-play; `trainer.engine.bots.step` is the same for the engine's simple bots)."""
    from trainer.engine.game import Phase

    phase = game.phase
    seat = game.to_act
    if phase is Phase.DISCARD:
        assert seat is not None
        game.discard(seat, players[seat].discard(game, seat))
    elif phase is Phase.PLAY:
        assert seat is not None
        card = players[seat].play(game, seat)
        game.go() if card is None else game.play(card)
    elif phase is Phase.SHOW:
        game.show()
    elif phase is Phase.DRAW:
        game.draw()
    elif phase is Phase.DEAL:
        game.deal()
    elif phase is Phase.STARTER:
        game.cut()
    else:
        game.next_deal()
