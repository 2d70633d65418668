"""The play (pegging) as an immutable state: who is to act, the count, who said go.

Every variant shares this one procedure (rules spec §1.3): the ruleset switches the single count
of the 5-card game and the multi-player go reading, rather than separate code paths. Each action
has verify_/can_/do methods; the reason string of a refused action is drill feedback.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from trainer.engine.cards import Card, format_cards
from trainer.engine.errors import IllegalAction, Problem, illegal
from trainer.engine.events import GoEvent, GoPointEvent, PeggingEvent, PlayEvent
from trainer.engine.ruleset import Ruleset
from trainer.engine.scoring import ScoreItem, score_play_checked

_T = TypeVar("_T")


def evolve(obj: _T, **changes: Any) -> _T:
    """`dataclasses.replace` for frozen dataclasses without slots or `__post_init__`, about six
    times faster: simulations copy a state on every card played, and `replace` was their top
    cost. Unknown field names are refused like `replace` does: they would make the copy's field
    dict longer than the original's, a check cheaper than comparing the key sets."""
    fields = obj.__dict__
    merged = {**fields, **changes}
    if len(merged) != len(fields):
        unknown = changes.keys() - fields.keys()
        raise TypeError(f"{type(obj).__name__} has no field(s) {', '.join(sorted(unknown))}")
    new = _NEW(type(obj))
    _SET(new, "__dict__", merged)
    return new


_NEW = object.__new__
_SET = object.__setattr__


@dataclass(frozen=True)
class PeggingState:
    """Snapshot of the play. Seats are 0..players-1 clockwise; `turn` is who must act now.

    (No slots: `evolve` copies the instance dict, the cheapest way to derive the next state.)
    """

    hands: tuple[tuple[Card, ...], ...]
    turn: int
    count: int = 0
    series: tuple[Card, ...] = ()
    said_go: frozenset[int] = frozenset()
    last_player: int | None = None
    last_action_go: int | None = None
    single_count: bool = False
    hoyle_literal: bool = False
    pegged: tuple[int, ...] = ()
    counts_done: int = 0
    finished: bool = False

    # ------------------------------------------------------------------ construction

    @classmethod
    def start(
        cls, hands: Sequence[Sequence[Card]], *, leader: int, ruleset: Ruleset | None = None
    ) -> PeggingState:
        """The play before the lead; `hands` are the kept hands in seat order."""
        flat = [c for h in hands for c in h]
        if len(set(flat)) != len(flat):
            raise IllegalAction("a card appears in two hands", key="raised.peg.two_hands")
        if not 0 <= leader < len(hands):
            raise IllegalAction(f"leader seat {leader} does not exist", key="raised.peg.leader", seat=leader)
        return cls(
            hands=tuple(tuple(h) for h in hands),
            turn=leader,
            single_count=bool(ruleset and ruleset.pegging.mode == "single_count"),
            hoyle_literal=bool(ruleset and ruleset.pegging.multi_go == "hoyle_literal"),
            pegged=(0,) * len(hands),
        )

    @property
    def players(self) -> int:
        return len(self.hands)

    # ------------------------------------------------------------------ queries

    def legal_plays(self, seat: int | None = None) -> tuple[Card, ...]:
        """Cards the seat may play now (empty: it must say go)."""
        seat = self.turn if seat is None else seat
        if self.finished or seat in self.said_go:
            return ()
        room = 31 - self.count
        return tuple([c for c in self.hands[seat] if c.value <= room])

    def must_go(self) -> bool:
        return not self.finished and not self.legal_plays()

    def verify_play(self, card: Card, seat: int | None = None) -> str | None:
        """Why this play is illegal, or None when it is legal."""
        seat = self.turn if seat is None else seat
        if self.finished:
            return Problem("the play is over", "error.play.over")
        if seat != self.turn:
            return Problem(
                f"it is seat {self.turn}'s turn, not seat {seat}'s",
                "error.play.turn",
                turn=self.turn,
                seat=seat,
            )
        if card not in self.hands[seat]:
            return Problem(f"seat {seat} does not hold {card}", "error.play.not_held", seat=seat, card=card)
        if self.count + card.value > 31:
            total = self.count + card.value
            english = f"{card} would take the count from {self.count} to {total}, past 31"
            return Problem(english, "error.play.over_31", card=card, count=self.count, total=total)
        return None

    def can_play(self, card: Card, seat: int | None = None) -> bool:
        return self.verify_play(card, seat) is None

    def verify_go(self, seat: int | None = None) -> str | None:
        seat = self.turn if seat is None else seat
        if self.finished:
            return Problem("the play is over", "error.play.over")
        if seat != self.turn:
            return Problem(
                f"it is seat {self.turn}'s turn, not seat {seat}'s",
                "error.play.turn",
                turn=self.turn,
                seat=seat,
            )
        playable = self.legal_plays(seat)
        if playable:
            english = f"seat {seat} said go holding {format_cards(playable)} at count {self.count}"
            # `playable` for the words (5♣), `cards` for the codes a player types (5C)
            return Problem(
                english,
                "error.play.go",
                seat=seat,
                cards=format_cards(playable),
                playable=playable,
                n=len(playable),
                count=self.count,
            )
        return None

    def can_go(self, seat: int | None = None) -> bool:
        return self.verify_go(seat) is None

    # ------------------------------------------------------------------ actions

    def play(self, card: Card, seat: int | None = None) -> tuple[PeggingState, list[PeggingEvent]]:
        """Play a card; returns the new state and the events (the play, maybe a go point)."""
        p = self.turn
        legal = seat is None and not self.finished and card in self.hands[p] and self.count + card.value <= 31
        if not legal:  # the usual case is checked above; verify_play words the refusal
            reason = self.verify_play(card, seat)
            if reason:
                raise illegal(reason)
        series = (*self.series, card)
        count = self.count + card.value
        breakdown = score_play_checked(series, count)  # verify_play has checked the series
        hand_list = list(self.hands)
        held = hand_list[p]
        at = held.index(card)
        hand_list[p] = held[:at] + held[at + 1 :]
        hands = tuple(hand_list)
        event = PlayEvent(p, card, count, breakdown)
        state = evolve(
            self,
            hands=hands,
            count=count,
            series=series,
            last_player=p,
            last_action_go=None,
            pegged=_add(self.pegged, p, breakdown.total),
        )
        events: list[PeggingEvent] = [event]
        if count == 31:
            return state._end_count(events, award_go=False)
        return state._next_turn(p, events)

    def go(self, seat: int | None = None) -> tuple[PeggingState, list[PeggingEvent]]:
        """The seat to act says go; may end the count and award the go point."""
        reason = self.verify_go(seat)
        if reason:
            raise illegal(reason)
        p = self.turn
        events: list[PeggingEvent] = [GoEvent(p, self.count)]
        literal_end = self.hoyle_literal and self.last_action_go is not None and self.last_action_go != p
        state = evolve(self, said_go=self.said_go | {p}, last_action_go=p)
        if literal_end:
            return state._end_count(events, award_go=True)
        return state._next_turn(p, events)

    def act(self, card: Card | None) -> tuple[PeggingState, list[PeggingEvent]]:
        """Play `card`, or say go when `card` is None (handy for scripted deals)."""
        return self.go() if card is None else self.play(card)

    # ------------------------------------------------------------------ internals

    def _next_turn(self, p: int, events: list[PeggingEvent]) -> tuple[PeggingState, list[PeggingEvent]]:
        """Pass the turn on from `p`. Only ever called on the state `play`/`go` just built, which
        nobody else holds yet, so the turn is set in place instead of copying the state again."""
        if not any(self.hands):
            return self._end_count(events, award_go=True, last_card=True)
        n = self.players
        for step in range(1, n + 1):
            q = (p + step) % n
            if q not in self.said_go and self.hands[q]:
                object.__setattr__(self, "turn", q)
                return self, events
        return self._end_count(events, award_go=True)

    def _end_count(
        self, events: list[PeggingEvent], *, award_go: bool, last_card: bool = False
    ) -> tuple[PeggingState, list[PeggingEvent]]:
        state = self
        if award_go and self.last_player is not None and self.count not in (0, 31):
            label = "last card" if last_card else "go"
            item = ScoreItem("last" if last_card else "go", (self.series[-1],), 1, label)
            events.append(GoPointEvent(self.last_player, self.count, last_card, item))
            state = evolve(state, pegged=_add(state.pegged, self.last_player, 1))
        done = state.counts_done + 1
        if state.single_count or not any(state.hands):
            return evolve(state, finished=True, counts_done=done, said_go=frozenset()), events
        n = state.players
        assert state.last_player is not None
        leader = next(
            (state.last_player + step) % n
            for step in range(1, n + 1)
            if state.hands[(state.last_player + step) % n]
        )
        reset = evolve(
            state,
            count=0,
            series=(),
            said_go=frozenset(),
            last_action_go=None,
            turn=leader,
            counts_done=done,
        )
        return reset, events


def _add(values: tuple[int, ...], seat: int, points: int) -> tuple[int, ...]:
    if not points:
        return values
    out = list(values)
    out[seat] += points
    return tuple(out)
