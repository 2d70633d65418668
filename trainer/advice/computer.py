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
- `expert`: with two players, discards and pegs by the expected points and, once a side is
  within a third of the game of the target (`board_reach`), by the chance to win the game at the
  actual score (`trainer.advice.board`: the hand exact over every starter, the crib table, the pegging
  advice's play-outs kept in order, the pone counting first, then the shipped win table); with
  three or four players, by the full expected value and the sampled play-outs, and in the last
  deals by the chance to go out (`trainer.advice.endgame`).

`advise_discard` and `advise_play` are what the coach grades with too, so the computer and the
coach never disagree about a decision. With two players near the end `DiscardAdvice.endgame` and
`PlayAdvice.win` hold the chance to win (0-1) of every option (`basis == "win"`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from trainer.advice.board import Board, board_for, rank_by_win
from trainer.advice.crib_values import crib_table
from trainer.advice.discard import DiscardOption, analyse_discard
from trainer.advice.endgame import EndgameOption, endgame_discard, in_reach, show_need
from trainer.advice.opponent import Habits
from trainer.advice.peg_board import play_values, play_win_chances
from trainer.advice.pegging import MAX_ROLLOUTS, PegAdvice, advise_peg_state, position_from_state
from trainer.advice.playout import Table, playout_advice, unseen_for
from trainer.advice.win_table import has_win_table
from trainer.engine.bots import GreedyBot, _peg_points, _rank_points, _splits
from trainer.engine.cards import Card
from trainer.engine.events import GoEvent, PlayEvent, ShowEvent
from trainer.engine.fastscore import show_total
from trainer.engine.game import Game
from trainer.engine.scoring import ScoreBreakdown

LEVELS = ("easy", "club", "expert")
PEG_REACH = 8  # a side this close to the target can peg out: choose plays by the chance
HABITS_ON = True  # the expert reads the opponent's follow habit (`trainer.advice.opponent`)
EXPERT_ROLLOUTS = 720  # the expert's own search budget (p90 <= 100 ms); the coach uses MAX_ROLLOUTS


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


def opponent_shown(game: Game, seat: int) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    """What the other seat (two players) has shown in this deal's play: the cards it has played
    and the counts at which it said go while holding cards (the opponent model's evidence)."""
    st = game.state
    peg = st.pegging
    other = 1 - seat
    if peg is None or st.kept[other] is None:
        return (), ()
    kept = st.kept[other]
    assert kept is not None
    played = tuple(c for c in kept if c not in peg.hands[other])
    goes: list[int] = []
    deal = st.deal_number
    for logged in reversed(game.log):
        if logged.deal_number != deal:
            break
        event = logged.event
        if isinstance(event, GoEvent) and event.seat == other:
            goes.append(event.count)
    return played, tuple(goes)


def _series_plays(game: Game, deal: int) -> list[tuple[int, tuple[int, ...], Card]]:
    """Every card played in deal `deal`, in order: (seat, the count's ranks before it, card)."""
    out: list[tuple[int, tuple[int, ...], Card]] = []
    series: list[int] = []
    for logged in game.log:
        if logged.deal_number != deal:
            continue
        event = logged.event
        if isinstance(event, PlayEvent):
            if event.count == event.card.value:  # a new count began with this card
                series = []
            out.append((event.seat, tuple(series), event.card))
            series.append(event.card.index >> 2)
    return out


def opponent_plays(game: Game, seat: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The other seat's plays this deal (two players): the count's ranks before each, its rank."""
    other = 1 - seat
    plays = _series_plays(game, game.state.deal_number)
    return tuple((series, card.index >> 2) for s, series, card in plays if s == other)


def opponent_habits(game: Game, seat: int) -> Habits:
    """What the other seat's follows in the deals already shown say about his habit: his kept
    hand is shown in the show, so every follow he made can be checked (`trainer.advice.opponent`)."""
    other = 1 - seat
    habits = Habits()
    kept: dict[int, tuple[Card, ...]] = {}
    for logged in game.log:
        event = logged.event
        if isinstance(event, ShowEvent) and event.seat == other and event.what == "hand":
            kept[logged.deal_number] = event.cards
    for deal, cards in sorted(kept.items()):
        plays = [(series, card.index >> 2) for s, series, card in _series_plays(game, deal) if s == other]
        habits.learn([c.index >> 2 for c in cards], plays)
    return habits


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
        sides=rules.seat_sides,
        single_count=peg.single_count,
        need=needs(game) if near else None,
    )


# ----------------------------------------------------------------------------- advice for a seat


@dataclass(frozen=True, slots=True)
class DiscardAdvice:
    """The options by average (as `crib discard` ranks them) and, by the chance to win, `endgame`
    (two players: always, `chance` the chance to win the game; three or four: near the end only,
    `chance` the chance to go out in the show with `need` points), else None."""

    options: list[DiscardOption]
    endgame: list[EndgameOption] | None
    need: int
    basis: str = "points"  # "win": `endgame` holds the chance to win; "out": the chance to go out

    @property
    def best(self) -> DiscardOption:
        return self.endgame[0].option if self.endgame else self.options[0]

    @property
    def changed(self) -> bool:
        """The chance to go out picks another discard than the average would."""
        return bool(self.endgame) and set(self.best.discard) != set(self.options[0].discard)


def board_reach(target: int) -> int:
    """How close to the target a side must be before decisions are judged by the chance to win.

    Further out a point is worth about the same at every score, the chance to win ranks the
    options as the points do, and the points are cheaper and what a player thinks in (a third of
    the game: within 40 of 121, 30 of 61, 60 of 181). `crib discard --score` judges at any score."""
    return max(30, target // 3)


def game_board(game: Game, seat: int) -> Board | None:
    """The seat's board (its side's score, the other's, whether its side deals) when a win table
    covers the game (two players) and a side is within `board_reach` of the target, else None."""
    rules = game.ruleset
    if game.players != 2 or max(game.scores) < rules.target - board_reach(rules.target):
        return None
    if not has_win_table(rules.name):
        return None
    side = rules.side_of(seat)
    scores = game.scores
    return board_for(rules, scores[side], scores[1 - side], dealer=own_crib(game, seat))


def advise_discard(game: Game, seat: int, *, board: bool = True) -> DiscardAdvice:
    rules = game.ruleset
    mine = own_crib(game, seat)
    options = analyse_discard(game.hand(seat), dealer=mine, ruleset=rules)
    score = game.scores[rules.side_of(seat)]
    need = show_need(rules, score=score, dealer=seat == game.dealer)
    endgame = None
    where = game_board(game, seat) if board else None
    if where is not None:
        ranked, wins = rank_by_win(options, where)
        return DiscardAdvice(
            options, [EndgameOption(o, w) for o, w in zip(ranked, wins, strict=True)], need, "win"
        )
    if board and in_reach(need):
        ranked_out = endgame_discard(options, ruleset=rules, need=need)
        if ranked_out[0].chance > 0:
            endgame = ranked_out
    return DiscardAdvice(options, endgame, need, "out" if endgame else "points")


@dataclass(frozen=True, slots=True)
class PlayAdvice:
    """Legal cards by expected net pegging points (best first) and `win` by rank index: with two
    players the chance to win the game (`basis == "win"`); with three or four, when a side can peg
    out, the chance to peg out first minus another side's ("out"); empty otherwise. `first` ("out"
    only): the chance that the player's side pegs out first (0 to 1), by rank index."""

    advice: list[PegAdvice]
    win: dict[int, float]
    basis: str = "points"
    first: dict[int, float] = field(default_factory=dict)

    @property
    def best(self) -> PegAdvice:
        if self.win:
            top = round(max(self.win.values()), 9)
            return next(a for a in self.advice if round(self.win[a.card.index >> 2], 9) == top)
        return self.advice[0]

    @property
    def changed(self) -> bool:
        return bool(self.win) and self.best.card.rank != self.advice[0].card.rank


def advise_play(
    game: Game, seat: int, *, board: bool = True, budget: int = MAX_ROLLOUTS, evidence: bool = False
) -> PlayAdvice:
    """`budget` is the two-player advice's play-out budget: the coach uses that of `crib
    advise-peg` (same numbers), the expert its own `EXPERT_ROLLOUTS`; three and four players use
    `playout.ROLLOUTS`. `evidence`: the opponent model also uses what the opponent has shown
    this deal (his cards played, his goes, his role), as the expert does; the coach leaves it out
    so that its costs are those `crib advise-peg` gives for the same cards."""
    peg = game.pegging
    assert peg is not None
    near = board and min(needs(game)) <= PEG_REACH
    if game.players == 2:
        seen = seen_cards(game, seat)
        shown, goes = opponent_shown(game, seat) if evidence else ((), ())
        habit = opponent_habits(game, seat).trusted() if evidence and HABITS_ON else None
        advice = advise_peg_state(
            peg,
            seen=seen,
            seat=seat,
            rng=random.Random(0),
            max_rollouts=budget,
            opp_played=shown,
            opp_go_counts=goes,
            hand_size=game.ruleset.hand_size,
            opp_dealer=not own_crib(game, seat) if evidence else None,
            opp_plays=opponent_plays(game, seat) if evidence else (),
            opp_habit=habit,
        )
        win: dict[int, float] = {}
        where = game_board(game, seat) if board else None
        if where is not None and len({a.card.rank for a in advice}) > 1:
            win = play_win_chances(
                position_from_state(peg, seen=seen, seat=seat),
                where,
                my_show=_own_show(game, seat),
                crib_ev=_crib_ev(game, seat),
                rng=random.Random(0),
                max_rollouts=budget,
            )
            return PlayAdvice(advice, win, "win")
        if near and len({a.card.rank for a in advice}) > 1:
            out = playout_advice(peg_table(game, seat, near=True), rng=random.Random(0))
            return PlayAdvice(advice, out.win, "out" if out.win else "points", out.first)
        return PlayAdvice(advice, win, "points")
    result = playout_advice(peg_table(game, seat, near=near), rng=random.Random(0))
    return PlayAdvice(result.advice, result.win, "out" if result.win else "points", result.first)


def _own_show(game: Game, seat: int) -> dict[int, float] | None:
    """The seat's show for certain: its kept hand with the starter."""
    kept = game.state.kept[seat]
    starter = game.starter
    if kept is None or starter is None:
        return None
    return {show_total(kept, starter, ruleset=game.ruleset): 1.0}


def _crib_ev(game: Game, seat: int) -> float | None:
    """The expected crib given the seat's own discards (the crib table; the others' unknown)."""
    thrown = own_discards(game, seat)
    if len(thrown) != game.ruleset.deal.discard_per_player:
        return None
    return crib_table(game.ruleset).value(thrown, own=own_crib(game, seat))


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
        where = game_board(game, seat)
        if where is None:
            return advise_play(game, seat, budget=EXPERT_ROLLOUTS, evidence=True).best.card
        # The same play-outs as the coach's `advise_play`, without the reasons: best chance to
        # win, then more points, then the card the pegging advice would lead with.
        values = play_values(
            position_from_state(peg, seen=seen_cards(game, seat), seat=seat),
            where,
            my_show=_own_show(game, seat),
            crib_ev=_crib_ev(game, seat),
            rng=random.Random(0),
            max_rollouts=EXPERT_ROLLOUTS,
        )
        top = max(values, key=lambda r: (round(values[r][0], 9), round(values[r][1], 9), -r))
        return next(c for c in sorted(legal) if c.index >> 2 == top)

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
        from trainer.advice.errors import AdviceError

        raise AdviceError(
            f"unknown level {level!r}: choose easy, club or expert", key="error.play.level", level=level
        )
    return players[level](rng)


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
