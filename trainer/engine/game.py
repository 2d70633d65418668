"""The whole game as a state machine: draw, deal, discard, starter, play, show, and the next deal.

One procedure serves every variant (rules spec §1-2); the ruleset's fields switch what differs
(cards dealt, the card from the pack to the crib, single count, multi-player go, compensation,
pooled partnership scores, lurch or skunk). Each action has `verify_x` (why it is illegal, or
None), `can_x` and `x`; `x` raises `IllegalAction` with the `verify_x` text, which is written so a
drill can show it as feedback ("seat 2 said go holding 5C at count 25").

Every point goes through one place (`Game._apply`), which pegs it for the seat's side and ends
the game the instant a side reaches the target (spec §1.5). Because the actions themselves follow
the order of a deal (heels at the cut, the play card by card, the hands from the dealer's left,
the crib last), "strictly in order" comes for free: nothing after the winning point is scored.

`GameState` is a frozen snapshot; `Game` wraps the current snapshot, the random source and the
event log, so a drill can keep a position (`game.state`) and fork it (`Game.from_state`).
Realistic positions for drills come from `trainer.engine.bots.play_until`, which plays a seeded
deal with simple bots up to any point you describe (a pegging position mid-count, the show...).

Seats are numbered 0..players-1 clockwise; "side" is the scoring unit (a team of two in the
partnership game, otherwise a player).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import replace
from enum import Enum
from typing import TYPE_CHECKING, Any

from trainer.engine.cards import Card, Rank, format_cards, full_deck
from trainer.engine.errors import IllegalAction, Msg, Problem, illegal
from trainer.engine.events import (
    CompensationEvent,
    DealEvent,
    DiscardEvent,
    DrawEvent,
    GameEvent,
    GameOverEvent,
    GoPointEvent,
    HeelsEvent,
    MugginsEvent,
    PenaltyEvent,
    PlayEndEvent,
    PlayEvent,
    ShowEvent,
    StarterEvent,
    source_of,
)
from trainer.engine.pegging import PeggingState, evolve
from trainer.engine.records import Record
from trainer.engine.ruleset import Ruleset
from trainer.engine.scoring import ScoreItem, score_show_lazy
from trainer.engine.shuffle import shuffle

if TYPE_CHECKING:
    from trainer.engine.irregularities import Ruling

MIN_PACKET = 4  # each packet of a cut holds at least 4 cards (HOY; spec §1.2)


class Phase(Enum):
    """Where a deal stands; `DONE` is between deals, `OVER` after the game was won."""

    DRAW = "draw"
    DEAL = "deal"
    DISCARD = "discard"
    STARTER = "starter"
    PLAY = "play"
    SHOW = "show"
    DONE = "done"
    OVER = "over"


class LoserResult(Record, kw_only=False):
    """How one losing side fared: a plain loss, a lurch, a skunk or a double skunk."""

    side: int
    score: int
    result: str
    games: int

    def to_json(self) -> dict[str, object]:
        return {"side": self.side, "score": self.score, "result": self.result, "games": self.games}


_SEVERITY = {"win": 0, "lurch": 1, "skunk": 1, "double_skunk": 2}


class Outcome(Record, kw_only=False):
    """The end of a game: who won, when, by how much, and who deals first next game."""

    winner: int
    seat: int
    scores: tuple[int, ...]
    stage: str
    deals: int
    losers: tuple[LoserResult, ...]
    next_first_dealer: int

    @property
    def result(self) -> str:
        """The heaviest result against any loser ("win", "lurch", "skunk", "double_skunk")."""
        return max(self.losers, key=lambda r: _SEVERITY[r.result]).result

    @property
    def games(self) -> int:
        """Games (or ACC game points) the winner collects from the worst-beaten loser."""
        return max(r.games for r in self.losers)

    @property
    def lurched(self) -> bool:
        return any(r.result != "win" for r in self.losers)

    def to_json(self) -> dict[str, object]:
        return {
            "winner": self.winner,
            "seat": self.seat,
            "scores": list(self.scores),
            "stage": self.stage,
            "deals": self.deals,
            "result": self.result,
            "games": self.games,
            "losers": [r.to_json() for r in self.losers],
            "next_first_dealer": self.next_first_dealer,
        }


_SHOW_ORDERS: dict[tuple[int, int], tuple[tuple[int, str], ...]] = {}
"""Counting order per (dealer, players): asked twice for every hand shown."""


class LoggedEvent(Record, kw_only=False):
    """An event with the scores (per side) right after it, as a replay prints it."""

    event: GameEvent
    scores: tuple[int, ...]
    deal_number: int

    def to_json(self) -> dict[str, object]:
        return {**self.event.to_json(), "scores": list(self.scores), "deal": self.deal_number}


class GameState(Record, kw_only=False):
    """Everything about a game at one moment. Cards move, never vanish: dealt hands, kept
    hands, crib, stock and starter always hold the whole pack once a deal is made."""

    ruleset: Ruleset
    phase: Phase
    scores: tuple[int, ...]
    dealer: int | None = None
    deal_number: int = 1
    draw_seats: tuple[int, ...] = ()
    dealt: tuple[tuple[Card, ...], ...] = ()
    kept: tuple[tuple[Card, ...] | None, ...] = ()
    crib: tuple[Card, ...] = ()
    stock: tuple[Card, ...] = ()
    stacked: bool = False
    starter: Card | None = None
    pegging: PeggingState | None = None
    show_step: int = 0
    outcome: Outcome | None = None


class Game:
    """A game of cribbage under one ruleset; see the module docstring for the action protocol.

    Typical use::

        game = Game.new(load_ruleset("classic"), rng=random.Random(7))
        game.draw()                      # or Game.new(..., dealer=0) to skip the draw
        game.deal()                      # or deal(deck=stacked) / deal_hands(hands=...)
        game.discard(seat=0, cards=...); game.discard(seat=1, cards=...)
        game.cut()                       # or cut(starter=card) / cut(position=20)
        game.play(card) / game.go()      # until game.phase is Phase.SHOW
        game.show() ...                  # pone first, crib last, until Phase.DONE
        game.next_deal()
    """

    def __init__(
        self, state: GameState, *, rng: random.Random | None = None, log: Iterable[LoggedEvent] = ()
    ) -> None:
        self._state = state
        self._rng = rng
        self._log: list[LoggedEvent] = list(log)

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(
        cls,
        ruleset: Ruleset,
        *,
        rng: random.Random | None = None,
        dealer: int | None = None,
        scores: Sequence[int] | None = None,
        deal_number: int = 1,
    ) -> Game:
        """A new game: with `dealer` None the players first draw for the deal.

        `scores` (per side) and `deal_number` let a drill or a replay start mid-game; the 5-card
        compensation is given only when `deal_number` is 1 (or on every deal, by the ruleset).
        """
        sides = ruleset.sides
        start = tuple(scores) if scores is not None else (0,) * sides
        if len(start) != sides:
            raise IllegalAction(
                f"give {sides} starting scores (one per side), not {len(start)}",
                key="raised.game.scores",
                n=sides,
                got=len(start),
            )
        if any(s < 0 or s >= ruleset.target for s in start):
            raise IllegalAction(
                f"starting scores must be 0 to {ruleset.target - 1}, not {list(start)}",
                key="raised.game.score_range",
                last=ruleset.target - 1,
                got=list(start),
            )
        if deal_number < 1:
            raise IllegalAction("deal_number counts from 1", key="raised.game.deal_number")
        if dealer is not None and not 0 <= dealer < ruleset.players:
            raise IllegalAction(
                f"dealer seat {dealer} does not exist (seats 0-{ruleset.players - 1})",
                key="raised.game.dealer",
                seat=dealer,
                last=ruleset.players - 1,
            )
        state = GameState(
            ruleset=ruleset,
            phase=Phase.DRAW if dealer is None else Phase.DEAL,
            scores=start,
            dealer=dealer,
            deal_number=deal_number,
            draw_seats=tuple(range(ruleset.players)) if dealer is None else (),
        )
        return cls(state, rng=rng)

    @classmethod
    def from_state(cls, state: GameState, *, rng: random.Random | None = None) -> Game:
        """Continue from a snapshot (the log starts empty)."""
        return cls(state, rng=rng)

    def copy(self) -> Game:
        """An independent game at the same position (same log so far, own random source copy)."""
        rng = None
        if self._rng is not None:
            rng = random.Random()
            rng.setstate(self._rng.getstate())
        return Game(self._state, rng=rng, log=self._log)

    # ------------------------------------------------------------------ queries

    @property
    def state(self) -> GameState:
        return self._state

    @property
    def rng(self) -> random.Random | None:
        """The random source for shuffles and cuts (bots share it so a seed fixes the whole game)."""
        return self._rng

    @property
    def ruleset(self) -> Ruleset:
        return self._state.ruleset

    @property
    def phase(self) -> Phase:
        return self._state.phase

    @property
    def players(self) -> int:
        return self._state.ruleset.players

    @property
    def dealer(self) -> int | None:
        return self._state.dealer

    @property
    def pone(self) -> int | None:
        """The dealer's left: leads, cuts the starter, counts first."""
        d = self._state.dealer
        return None if d is None else (d + 1) % self.players

    @property
    def scores(self) -> tuple[int, ...]:
        """Scores per side (per team in the partnership game)."""
        return self._state.scores

    @property
    def seat_scores(self) -> tuple[int, ...]:
        """Scores per seat: partners show the same pooled score."""
        rules = self.ruleset
        return tuple(self._state.scores[rules.side_of(s)] for s in range(self.players))

    @property
    def deal_number(self) -> int:
        return self._state.deal_number

    @property
    def starter(self) -> Card | None:
        return self._state.starter

    @property
    def crib(self) -> tuple[Card, ...]:
        return self._state.crib

    @property
    def stock(self) -> tuple[Card, ...]:
        return self._state.stock

    @property
    def pegging(self) -> PeggingState | None:
        return self._state.pegging

    @property
    def outcome(self) -> Outcome | None:
        return self._state.outcome

    @property
    def is_over(self) -> bool:
        return self._state.phase is Phase.OVER

    @property
    def log(self) -> tuple[LoggedEvent, ...]:
        return tuple(self._log)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The seat's cards: as dealt before the discard, the kept hand after it."""
        st = self._state
        if not st.dealt:
            return ()
        kept = st.kept[seat]
        return st.dealt[seat] if kept is None else kept

    def has_discarded(self, seat: int) -> bool:
        return bool(self._state.kept) and self._state.kept[seat] is not None

    def show_order(self) -> tuple[tuple[int, str], ...]:
        """(seat, "hand"|"crib") in counting order: clockwise from the dealer's left, crib last."""
        d = self._state.dealer
        if d is None:
            return ()
        n = self.players
        found = _SHOW_ORDERS.get((d, n))
        if found is None:
            found = _SHOW_ORDERS[(d, n)] = (*(((d + k) % n, "hand") for k in range(1, n + 1)), (d, "crib"))
        return found

    def next_count(self) -> tuple[int, str] | None:
        """The count the show expects next, or None outside the show."""
        if self.phase is not Phase.SHOW:
            return None
        return self.show_order()[self._state.show_step]

    @property
    def to_act(self) -> int | None:
        """The seat expected to act next (any seat may discard; this names the first missing)."""
        st = self._state
        n = self.players
        if st.phase is Phase.DEAL:
            return st.dealer
        if st.phase is Phase.DISCARD:
            assert st.dealer is not None
            return next((st.dealer + k) % n for k in range(1, n + 1) if st.kept[(st.dealer + k) % n] is None)
        if st.phase is Phase.STARTER:
            return self.pone
        if st.phase is Phase.PLAY:
            assert st.pegging is not None
            return st.pegging.turn
        if st.phase is Phase.SHOW:
            return self.show_order()[st.show_step][0]
        return None

    def accounted_cards(self) -> tuple[Card, ...]:
        """Every card of the current deal wherever it is (hands, crib, stock, starter)."""
        st = self._state
        if not st.dealt:
            return ()
        held = [c for seat in range(self.players) for c in self.hand(seat)]
        starter = (st.starter,) if st.starter is not None else ()
        return (*held, *st.crib, *st.stock, *starter)

    # ------------------------------------------------------------------ shared checks

    def _phase_problem(self, action: str, *phases: Phase) -> str | None:
        st = self._state
        if st.phase is Phase.OVER:
            assert st.outcome is not None
            scores = "-".join(map(str, st.outcome.scores))
            english = f"the game is over: side {st.outcome.winner} won {scores}"
            return Problem(english, "error.game.over", winner=st.outcome.winner, scores=scores)
        if st.phase not in phases:
            english = f"cannot {action} now: the game is in the {st.phase.value} phase"
            action_msg = Msg("error.game.action." + action.replace(" ", "_"), {})
            phase_msg = Msg(f"error.game.phase.{st.phase.value}", {})
            return Problem(english, "error.game.wrong_phase", action=action_msg, phase=phase_msg)
        return None

    def _seat_problem(self, seat: int) -> str | None:
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            english = f"seat {seat} does not exist (seats 0-{self.players - 1})"
            return Problem(english, "error.game.no_seat", seat=seat, last=self.players - 1)
        return None

    @staticmethod
    def _claim_problem(claimed: int | None) -> str | None:
        if claimed is not None and (isinstance(claimed, bool) or not isinstance(claimed, int) or claimed < 0):
            english = f"a claimed count is a whole number of points, not {claimed!r}"
            return Problem(english, "error.game.claim", claimed=repr(claimed))
        return None

    def _random(self, what: str) -> random.Random:
        if self._rng is None:
            raise IllegalAction(
                f"{what}: give the cards, or create the game with a random source (rng=...)",
                key="raised.game.no_rng",
                what=f"@raised.game.what.{what}",
            )
        return self._rng

    # ------------------------------------------------------------------ draw for the first deal

    def verify_draw(self, cards: Sequence[Card] | None = None) -> str | None:
        """Each seat still drawing cuts one card; the lowest deals (highest by option)."""
        problem = self._phase_problem("draw for the deal", Phase.DRAW)
        if problem:
            return problem
        seats = self._state.draw_seats
        if cards is None:
            if self._rng is not None:
                return None
            return Problem("draw: give the cards drawn, or a random source", "error.game.draw_no_rng")
        if len(cards) != len(seats):
            english = f"give one card for each player who draws ({len(seats)}), not {len(cards)}"
            return Problem(english, "error.game.draw_count", n=len(seats), got=len(cards))
        if len(set(cards)) != len(cards):
            return Problem("each player draws a different card", "error.game.draw_twice")
        return None

    def can_draw(self, cards: Sequence[Card] | None = None) -> bool:
        return self.verify_draw(cards) is None

    def draw(self, cards: Sequence[Card] | None = None) -> tuple[GameEvent, ...]:
        """Draw for the first deal; equal extreme ranks draw again (phase stays DRAW)."""
        problem = self.verify_draw(cards)
        if problem:
            raise illegal(problem)
        seats = self._state.draw_seats
        drawn = (
            tuple(cards) if cards is not None else tuple(self._random("draw").sample(full_deck(), len(seats)))
        )
        pick = max if self.ruleset.first_dealer == "high" else min
        best = pick(c.rank for c in drawn)
        tied = tuple(s for s, c in zip(seats, drawn, strict=True) if c.rank == best)
        pairs = tuple(zip(seats, drawn, strict=True))
        if len(tied) > 1:
            event = DrawEvent(pairs, None, tied)
            return self._apply(self._state, [event], draw_seats=tied)
        dealer = tied[0]
        event = DrawEvent(pairs, dealer)
        return self._apply(self._state, [event], phase=Phase.DEAL, dealer=dealer, draw_seats=())

    # ------------------------------------------------------------------ the deal

    def _deal_needs(self) -> int:
        d = self.ruleset.deal
        return self.players * d.cards_per_player + d.to_crib_from_stock

    def verify_deal(self, deck: Sequence[Card] | None = None) -> str | None:
        """A stacked deck lists the pack from the top (after shuffle and cut); a partial deck is
        completed with the missing cards in the pack's fixed order."""
        problem = self._phase_problem("deal", Phase.DEAL)
        if problem:
            return problem
        if deck is None:
            if self._rng is not None:
                return None
            return Problem("deal: give a stacked deck, or a random source", "error.game.deal_no_rng")
        if len(set(deck)) != len(deck):
            dup = next(c for c in deck if list(deck).count(c) > 1)
            return Problem(f"the stacked deck holds {dup} twice", "error.game.deck_twice", card=dup)
        if len(deck) < self._deal_needs():
            need = self._deal_needs()
            english = f"the stacked deck needs at least {need} cards for this deal, not {len(deck)}"
            return Problem(english, "error.game.deck_short", n=need, got=len(deck))
        return None

    def can_deal(self, deck: Sequence[Card] | None = None) -> bool:
        return self.verify_deal(deck) is None

    def deal(self, deck: Sequence[Card] | None = None) -> tuple[GameEvent, ...]:
        """Shuffle and cut (random source) or take a stacked deck, then deal one card at a time
        from the dealer's left, then any cards from the pack to the crib (three players)."""
        problem = self.verify_deal(deck)
        if problem:
            raise illegal(problem)
        cut_by = None
        if deck is None:
            rng = self._random("deal")
            pack = list(full_deck())
            shuffle(rng, pack)
            at = rng.randint(MIN_PACKET, len(pack) - MIN_PACKET)
            pack = pack[at:] + pack[:at]
            cut_by = self._right_of_dealer()
        else:
            given = set(deck)
            pack = [*deck, *(c for c in full_deck() if c not in given)]
        n = self.players
        d = self.ruleset.deal
        dealer = self._state.dealer
        assert dealer is not None
        hands: list[list[Card]] = [[] for _ in range(n)]
        i = 0
        for _ in range(d.cards_per_player):
            for k in range(1, n + 1):
                hands[(dealer + k) % n].append(pack[i])
                i += 1
        to_crib = tuple(pack[i : i + d.to_crib_from_stock])
        stock = tuple(pack[i + d.to_crib_from_stock :])
        return self._start_deal(tuple(map(tuple, hands)), to_crib, stock, stacked=True, cut_by=cut_by)

    def verify_deal_hands(self, hands: Sequence[Sequence[Card]], to_crib: Sequence[Card] = ()) -> str | None:
        """Deal given hands directly (replays of documented deals give hands, not a deck)."""
        problem = self._phase_problem("deal", Phase.DEAL)
        if problem:
            return problem
        d = self.ruleset.deal
        if len(hands) != self.players:
            english = f"give {self.players} hands (one per seat), not {len(hands)}"
            return Problem(english, "error.game.hands_count", n=self.players, got=len(hands))
        for seat, hand in enumerate(hands):
            if len(hand) != d.cards_per_player:
                english = f"seat {seat} must be dealt {d.cards_per_player} cards, not {len(hand)}"
                values = {"seat": seat, "n": d.cards_per_player, "got": len(hand)}
                return Problem(english, "error.game.hand_size", **values)
        if len(to_crib) != d.to_crib_from_stock:
            want = d.to_crib_from_stock
            english = f"cards this ruleset deals from the pack to the crib: {want}, not {len(to_crib)}"
            return Problem(english, "error.game.crib_from_pack", n=want, got=len(to_crib))
        every = [c for h in hands for c in h] + list(to_crib)
        if len(set(every)) != len(every):
            dup = next(c for c in every if every.count(c) > 1)
            return Problem(f"{dup} is dealt twice", "error.game.dealt_twice", card=dup)
        return None

    def can_deal_hands(self, hands: Sequence[Sequence[Card]], to_crib: Sequence[Card] = ()) -> bool:
        return self.verify_deal_hands(hands, to_crib) is None

    def deal_hands(
        self, hands: Sequence[Sequence[Card]], to_crib: Sequence[Card] = ()
    ) -> tuple[GameEvent, ...]:
        problem = self.verify_deal_hands(hands, to_crib)
        if problem:
            raise illegal(problem)
        used = {c for h in hands for c in h} | set(to_crib)
        stock = tuple(c for c in full_deck() if c not in used)
        return self._start_deal(
            tuple(tuple(h) for h in hands), tuple(to_crib), stock, stacked=False, cut_by=None
        )

    def _right_of_dealer(self) -> int:
        assert self._state.dealer is not None
        return (self._state.dealer - 1) % self.players

    def _start_deal(
        self,
        hands: tuple[tuple[Card, ...], ...],
        to_crib: tuple[Card, ...],
        stock: tuple[Card, ...],
        *,
        stacked: bool,
        cut_by: int | None,
    ) -> tuple[GameEvent, ...]:
        st = self._state
        assert st.dealer is not None
        events: list[GameEvent] = [DealEvent(st.dealer, st.deal_number, hands, to_crib, cut_by)]
        comp = self.ruleset.compensation
        if comp.when == "every_deal" or (comp.when == "game_start" and st.deal_number == 1):
            pone = self.pone
            assert pone is not None
            events.append(CompensationEvent(pone, comp.points))
        return self._apply(
            st,
            events,
            phase=Phase.DISCARD,
            dealt=hands,
            kept=(None,) * self.players,
            crib=to_crib,
            stock=stock,
            stacked=stacked,
            starter=None,
            pegging=None,
            show_step=0,
        )

    # ------------------------------------------------------------------ the discard

    def verify_discard(self, seat: int, cards: Sequence[Card]) -> str | None:
        problem = self._phase_problem("lay away to the crib", Phase.DISCARD) or self._seat_problem(seat)
        if problem:
            return problem
        st = self._state
        want = self.ruleset.deal.discard_per_player
        if st.kept[seat] is not None:
            laid = format_cards(c for c in st.dealt[seat] if c in st.crib)
            english = f"seat {seat} has already laid away {laid}"
            return Problem(english, "error.game.laid_away", seat=seat, cards=laid)
        if len(cards) != want:
            english = f"seat {seat} must lay away {want} card(s), not {len(cards)}"
            return Problem(english, "error.discard.count", seat=seat, want=want, got=len(cards))
        if len(set(cards)) != len(cards):
            return Problem(f"seat {seat} named the same card twice", "error.discard.twice_named", seat=seat)
        missing = [c for c in cards if c not in st.dealt[seat]]
        if missing:
            held, named = format_cards(st.dealt[seat]), format_cards(missing)
            english = f"seat {seat} does not hold {named} (holds {held})"
            return Problem(english, "error.discard.not_held", seat=seat, cards=named, held=held)
        return None

    def can_discard(self, seat: int, cards: Sequence[Card]) -> bool:
        return self.verify_discard(seat, cards) is None

    def discard(self, seat: int, cards: Sequence[Card]) -> tuple[GameEvent, ...]:
        """Lay cards away to the dealer's crib; the last discard moves on to the starter."""
        problem = self.verify_discard(seat, cards)
        if problem:
            raise illegal(problem)
        st = self._state
        chosen = tuple(cards)
        kept = tuple(c for c in st.dealt[seat] if c not in chosen)
        all_kept = tuple(kept if s == seat else k for s, k in enumerate(st.kept))
        done = all(k is not None for k in all_kept)
        return self._apply(
            st,
            [DiscardEvent(seat, chosen)],
            kept=all_kept,
            crib=(*st.crib, *chosen),
            phase=Phase.STARTER if done else Phase.DISCARD,
        )

    # ------------------------------------------------------------------ the starter

    def verify_cut(self, *, position: int | None = None, starter: Card | None = None) -> str | None:
        """The dealer's left cuts (at least 4 cards in each packet); the dealer turns the top card
        of the lower packet. `position` is how many cards are lifted; `starter` names the card."""
        problem = self._phase_problem("cut for the starter", Phase.STARTER)
        if problem:
            return problem
        stock = self._state.stock
        last = len(stock) - MIN_PACKET
        if position is not None and starter is not None:
            return Problem("give the cut position or the starter card, not both", "error.game.cut_both")
        if position is not None and not MIN_PACKET <= position <= last:
            english = f"a cut lifts {MIN_PACKET} to {last} cards of the {len(stock)} left, not {position}"
            values = {"low": MIN_PACKET, "high": last, "left": len(stock), "got": position}
            return Problem(english, "error.game.cut_range", **values)
        if starter is not None:
            if starter not in stock:
                english = f"the starter {starter} is not in the pack (it was dealt)"
                return Problem(english, "error.game.starter_dealt", card=starter)
            at = stock.index(starter)
            if self._state.stacked and not MIN_PACKET <= at <= last:
                english = (
                    f"the starter {starter} is card {at + 1} of the stacked pack: a cut leaves at least "
                    f"{MIN_PACKET} cards in each packet"
                )
                return Problem(english, "error.game.starter_packet", card=starter, at=at + 1, n=MIN_PACKET)
        if position is None and starter is None and self._rng is None:
            english = "cut: give the starter or the cut position, or a random source"
            return Problem(english, "error.game.cut_no_rng")
        return None

    def can_cut(self, *, position: int | None = None, starter: Card | None = None) -> bool:
        return self.verify_cut(position=position, starter=starter) is None

    def cut(self, *, position: int | None = None, starter: Card | None = None) -> tuple[GameEvent, ...]:
        """Turn the starter; a jack gives the dealer his heels at once (he may peg out with it)."""
        problem = self.verify_cut(position=position, starter=starter)
        if problem:
            raise illegal(problem)
        st = self._state
        stock = st.stock
        if starter is not None:
            position = stock.index(starter)
        elif position is None:
            position = self._random("cut").randint(MIN_PACKET, len(stock) - MIN_PACKET)
        card = stock[position]
        pone, dealer = self.pone, st.dealer
        assert pone is not None and dealer is not None
        events: list[GameEvent] = [StarterEvent(pone, card, position)]
        if card.rank == Rank.JACK and self.ruleset.heels_points:
            events.append(HeelsEvent(dealer, card, self.ruleset.heels_points))
        kept = tuple(k for k in st.kept if k is not None)
        pegging = PeggingState.start(kept, leader=pone, ruleset=self.ruleset)
        return self._apply(
            st,
            events,
            stock=stock[:position] + stock[position + 1 :],
            starter=card,
            phase=Phase.PLAY,
            pegging=pegging,
        )

    # ------------------------------------------------------------------ the play

    def verify_play(self, card: Card, seat: int | None = None, *, claimed: int | None = None) -> str | None:
        problem = self._phase_problem("play a card", Phase.PLAY) or self._claim_problem(claimed)
        if problem:
            return problem
        assert self._state.pegging is not None
        return self._state.pegging.verify_play(card, seat)

    def can_play(self, card: Card, seat: int | None = None, *, claimed: int | None = None) -> bool:
        return self.verify_play(card, seat, claimed=claimed) is None

    def play(
        self, card: Card, seat: int | None = None, *, claimed: int | None = None
    ) -> tuple[GameEvent, ...]:
        """Play a card. `claimed` is the points the player pegs for it when it is not the truth:
        less loses the rest (to muggins if on), more is corrected as overpegging."""
        if self._state.phase is not Phase.PLAY or claimed is not None:  # else nothing to check
            problem = self._phase_problem("play a card", Phase.PLAY) or self._claim_problem(claimed)
            if problem:
                raise illegal(problem)
        assert self._state.pegging is not None
        pegging, pevents = self._state.pegging.play(card, seat)  # raises with verify_play's reason
        events: list[GameEvent] = list(pevents)
        if claimed is not None:
            first = events[0]
            assert isinstance(first, PlayEvent)
            events[0] = replace(first, claimed=claimed)
            events[1:1] = self._claim_events(first.seat, claimed, first.true_points, stage="play")
        return self._after_pegging(pegging, events)

    def verify_go(self, seat: int | None = None) -> str | None:
        problem = self._phase_problem("say go", Phase.PLAY)
        if problem:
            return problem
        assert self._state.pegging is not None
        return self._state.pegging.verify_go(seat)

    def can_go(self, seat: int | None = None) -> bool:
        return self.verify_go(seat) is None

    def go(self, seat: int | None = None) -> tuple[GameEvent, ...]:
        """Say go: only when no card in hand fits under 31 (a wrong go is a renege, spec §3 row 12)."""
        if self._state.phase is not Phase.PLAY:
            problem = self._phase_problem("say go", Phase.PLAY)
            if problem:
                raise illegal(problem)
        assert self._state.pegging is not None
        pegging, pevents = self._state.pegging.go(seat)  # raises with verify_go's reason
        return self._after_pegging(pegging, list(pevents))

    def _after_pegging(self, pegging: PeggingState, events: list[GameEvent]) -> tuple[GameEvent, ...]:
        if pegging.finished:
            events.append(PlayEndEvent(pegging.counts_done, pegging.hands))
            return self._apply(self._state, events, pegging=pegging, phase=Phase.SHOW, show_step=0)
        return self._apply(self._state, events, pegging=pegging)

    # ------------------------------------------------------------------ the show

    def verify_show(self, seat: int | None = None, *, claimed: int | None = None) -> str | None:
        """`seat` (optional) is who wants to count; counting out of order is refused (row 32)."""
        problem = self._phase_problem("count a hand", Phase.SHOW) or self._claim_problem(claimed)
        if problem:
            return problem
        if seat is not None:
            problem = self._seat_problem(seat)
            expected, what = self.show_order()[self._state.show_step]
            if not problem and seat != expected:
                english = (
                    f"it is seat {expected}'s {what} to count now: hands count clockwise from the "
                    "dealer's left, the dealer's hand last but the crib"
                )
                problem = Problem(english, f"error.game.show_order.{what}", seat=expected)
        return problem

    def can_show(self, seat: int | None = None, *, claimed: int | None = None) -> bool:
        return self.verify_show(seat, claimed=claimed) is None

    def show(
        self, seat: int | None = None, *, claimed: int | None = None, call: int | None = None
    ) -> tuple[GameEvent, ...]:
        """Count the next hand in order (dealer's left first, dealer's hand, crib last).

        The order is not a choice: a pone who counts out wins before the dealer may count.
        `call` is the opponent's muggins call on a short claim, as `judge_claim` takes it (None:
        he calls exactly what was overlooked; 0: nobody calls, the points are lost).
        """
        problem = self.verify_show(seat, claimed=claimed)
        if problem:
            raise illegal(problem)
        st = self._state
        assert st.starter is not None
        seat, what = self.show_order()[st.show_step]
        is_crib = what == "crib"
        cards = st.crib if is_crib else st.kept[seat]
        assert cards is not None
        breakdown = score_show_lazy(cards, st.starter, is_crib=is_crib, ruleset=self.ruleset)
        event = ShowEvent(seat, what, cards, st.starter, breakdown, claimed)
        events: list[GameEvent] = [event]
        if claimed is not None:
            events.extend(self._claim_events(seat, claimed, breakdown.total, stage="show", call=call))
        step = st.show_step + 1
        done = step == len(self.show_order())
        return self._apply(st, events, show_step=step, phase=Phase.DONE if done else Phase.SHOW)

    # ------------------------------------------------------------------ claims: muggins and overpegging

    def opponent_of(self, seat: int) -> int:
        """The player on the seat's left: always of the other side, and first to call muggins."""
        return (seat + 1) % self.players

    def _claim_events(
        self, seat: int, claimed: int, true_points: int, *, stage: str, call: int | None = None
    ) -> list[GameEvent]:
        if claimed < true_points:
            # Imported here: only a short or long claim needs the rulings (start-up of every drill).
            from trainer.engine.muggins import judge_claim

            result = judge_claim(
                claimed=claimed, true_points=true_points, ruleset=self.ruleset, stage=stage, call=call
            )
            if result.to_caller:
                return [
                    MugginsEvent(self.opponent_of(seat), seat, result.to_caller, claimed, true_points, stage)
                ]
            return []
        if claimed > true_points:
            from trainer.engine.irregularities import adjudicate

            ruling = adjudicate("overpegging", ruleset=self.ruleset, claimed=claimed, true_points=true_points)
            if ruling.points:
                return list[GameEvent](self._penalty_events(ruling, offender=seat))
        return []

    # ------------------------------------------------------------------ penalties from rulings

    def _beneficiary_seat(self, ruling: Ruling, offender: int) -> int | None:
        named = {
            "opponent": self.opponent_of(offender),
            "pone": self.pone,
            "dealer": self._state.dealer,
            "offender": offender,
        }
        return named.get(ruling.beneficiary)

    def verify_penalize(self, ruling: Ruling, *, offender: int) -> str | None:
        problem = self._seat_problem(offender)
        if problem:
            return problem
        if self._state.phase is Phase.OVER:
            return self._phase_problem("peg a penalty")
        if not ruling.points and not ruling.back:
            english = f"the ruling on {ruling.irregularity} scores no points"
            return Problem(english, "error.game.ruling_no_points", irregularity=ruling.irregularity)
        if ruling.points and self._beneficiary_seat(ruling, offender) is None:
            english = f"the ruling names {ruling.beneficiary!r}, not one seat: peg those points by hand"
            return Problem(english, "error.game.ruling_no_seat", beneficiary=repr(ruling.beneficiary))
        return None

    def can_penalize(self, ruling: Ruling, *, offender: int) -> bool:
        return self.verify_penalize(ruling, offender=offender) is None

    def penalize(self, ruling: Ruling, *, offender: int) -> tuple[GameEvent, ...]:
        """Peg a ruling's points for its beneficiary (and any ACC backward penalty)."""
        problem = self.verify_penalize(ruling, offender=offender)
        if problem:
            raise illegal(problem)
        return self._apply(self._state, list[GameEvent](self._penalty_events(ruling, offender=offender)))

    def _penalty_events(self, ruling: Ruling, *, offender: int) -> list[PenaltyEvent]:
        """The ruling's points, pegged. With three players (no sides), points ruled to "the
        opponent" go to each player not at fault: no source gives a three-player penalty rule
        (rules spec §2.4 is silent), and pegging them for the left neighbour alone would move
        the innocent third player back relative to him. The offender's backward move is applied
        once."""
        first = self._penalty_event(ruling, offender=offender)
        if (
            ruling.beneficiary != "opponent"
            or self.ruleset.partnerships
            or self.players != 3
            or not ruling.points
        ):
            return [first]
        others = [s for s in range(self.players) if s != offender and s != first.seat]
        return [first, *(replace(first, seat=s, back=0) for s in others)]

    def _penalty_event(self, ruling: Ruling, *, offender: int) -> PenaltyEvent:
        seat = self._beneficiary_seat(ruling, offender)
        return PenaltyEvent(
            offender if seat is None else seat,
            offender,
            ruling.points if seat is not None else 0,
            ruling.irregularity,
            ruling.remedy,
            ruling.rule_ref,
            ruling.back,
        )

    # ------------------------------------------------------------------ between deals and games

    def verify_next_deal(self) -> str | None:
        return self._phase_problem("start the next deal", Phase.DONE)

    def can_next_deal(self) -> bool:
        return self.verify_next_deal() is None

    def next_deal(self) -> tuple[GameEvent, ...]:
        """The deal passes to the left."""
        problem = self.verify_next_deal()
        if problem:
            raise illegal(problem)
        st = self._state
        assert st.dealer is not None
        self._state = GameState(
            ruleset=st.ruleset,
            phase=Phase.DEAL,
            scores=st.scores,
            dealer=(st.dealer + 1) % self.players,
            deal_number=st.deal_number + 1,
        )
        return ()

    def next_game(self, *, rng: random.Random | None = None) -> Game:
        """A new game dealt first by the loser (or the winner, by option: spec §1.5)."""
        outcome = self._state.outcome
        if outcome is None:
            raise IllegalAction(
                "the game is not over yet: play it out before starting the next", key="raised.game.not_over"
            )
        return Game.new(
            self.ruleset, rng=rng if rng is not None else self._rng, dealer=outcome.next_first_dealer
        )

    # ------------------------------------------------------------------ scoring and the end of the game

    def _apply(self, state: GameState, events: list[GameEvent], /, **changes: Any) -> tuple[GameEvent, ...]:
        """Peg every event's points in order; stop at the first that reaches the target. The new
        state is `state` with `changes` and the new scores, made in one copy (a simulated game
        takes hundreds of actions, and each used to copy the state twice)."""
        rules = state.ruleset
        target = rules.target
        side_of = rules.side_of
        no_peg_out = rules.no_peg_out_on_heels_or_go
        log = self._log.append
        deal_number = state.deal_number
        now = state.scores  # the scores as a tuple, rebuilt only when an event changes them
        scores = list(now)
        out: list[GameEvent] = []
        for event in events:
            scored = bool(event.points) and source_of(event) is not None
            if scored:
                if no_peg_out:
                    event = self._bar_peg_out(event, scores)
                side = side_of(event.seat)
                scores[side] = min(scores[side] + event.points, target)
                now = tuple(scores)
            if isinstance(event, PenaltyEvent) and event.back:  # a penalty may also move back
                off = side_of(event.offender)
                scores[off] = max(scores[off] - event.back, 0)
                now = tuple(scores)
            out.append(event)
            log(LoggedEvent(event, now, deal_number))
            if scored and scores[side] >= target:
                outcome, over = self._game_over(state, event, now)
                out.append(over)
                log(LoggedEvent(over, now, deal_number))
                self._state = evolve(
                    state, **{**changes, "scores": now, "phase": Phase.OVER, "outcome": outcome}
                )
                return tuple(out)
        if now != state.scores:
            changes["scores"] = now
        self._state = evolve(state, **changes) if changes else state
        return tuple(out)

    def _bar_peg_out(self, event: GameEvent, scores: list[int]) -> GameEvent:
        """House rule `no_peg_out_on_heels_or_go`: heels or a go point may not take the last hole."""
        rules = self.ruleset
        if not rules.no_peg_out_on_heels_or_go or not isinstance(event, HeelsEvent | GoPointEvent):
            return event
        room = rules.target - 1 - scores[rules.side_of(event.seat)]
        if event.points <= room:
            return event
        allowed = max(room, 0)
        if isinstance(event, HeelsEvent):
            return replace(event, points=allowed, barred=True)
        item = event.item
        label = f"{item.label} (may not peg out)"
        return replace(event, item=ScoreItem(item.kind, item.cards, allowed, label))

    def _game_over(
        self, state: GameState, event: GameEvent, scores: tuple[int, ...]
    ) -> tuple[Outcome, GameOverEvent]:
        rules = state.ruleset
        side = rules.side_of(event.seat)
        losers = tuple(self._loser_result(s, scores[s]) for s in range(rules.sides) if s != side)
        stage = source_of(event) or "play"
        outcome = Outcome(
            winner=side,
            seat=event.seat,
            scores=scores,
            stage=stage,
            deals=state.deal_number,
            losers=losers,
            next_first_dealer=self._next_first_dealer(state, side, scores),
        )
        return outcome, GameOverEvent(event.seat, side, scores, stage, outcome.result, outcome.games)

    def _loser_result(self, side: int, score: int) -> LoserResult:
        """Lurch below half the target, skunk lines, or ACC game points (spec §1.5, C10)."""
        lurch = self.ruleset.lurch
        values = lurch.values or (2, 3)
        if lurch.rule == "below_half":
            line = self.ruleset.lurch_line
            assert line is not None
            return (
                LoserResult(side, score, "lurch", lurch.games)
                if score < line
                else LoserResult(side, score, "win", 1)
            )
        if lurch.rule == "skunk_91":
            if score < lurch.double_below:
                return LoserResult(side, score, "double_skunk", values[min(1, len(values) - 1)])
            if score < lurch.skunk_below:
                return LoserResult(side, score, "skunk", values[0])
            return LoserResult(side, score, "win", 1)
        if lurch.rule == "acc_game_points":
            # ACC 12.1: a win is worth 2 game points, a skunk 3, and a double skunk no more.
            return (
                LoserResult(side, score, "skunk", 3)
                if score < lurch.skunk_below
                else LoserResult(side, score, "win", 2)
            )
        return LoserResult(side, score, "win", 1)

    def _next_first_dealer(self, state: GameState, winner: int, scores: tuple[int, ...]) -> int:
        """Loser deals first next game (spec C11). Among several losers (three players), the one
        with the lowest score; ties and partners go to the first clockwise from the last dealer's left."""
        rules = state.ruleset
        n = rules.players
        base = state.dealer if state.dealer is not None else n - 1
        order = [(base + k) % n for k in range(1, n + 1)]
        if rules.next_game_first_dealer == "winner":
            return next(s for s in order if rules.side_of(s) == winner)
        losers = [s for s in order if rules.side_of(s) != winner]
        lowest = min(scores[rules.side_of(s)] for s in losers)
        return next(s for s in losers if scores[rules.side_of(s)] == lowest)
