"""Pegging positions for the peg drill: a real deal from the game engine (bots lay away and the
starter is cut), played out with the engine's `PeggingState`, stopped where the player to act
has a decision worth asking about.

A position is reduced to what that player can see (own hand, own discards, the starter, the
current count, who has said go, how many cards the others hold), and rebuilt into an engine
state for grading with stand-in cards for the hidden hands. The stand-ins never matter: grading
only follows the play while it is the player's own turn, and the others' cards are not played.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from trainer.drills.data import PegData
from trainer.engine.bots import GreedyBot, play_until
from trainer.engine.cards import Card, full_deck, parse_cards
from trainer.engine.events import PeggingEvent
from trainer.engine.game import Game, Phase
from trainer.engine.pegging import PeggingState
from trainer.engine.records import Record
from trainer.engine.ruleset import Ruleset
from trainer.engine.scoring import score_play


class Position(Record):
    """What the player to act sees: own hand, the count so far, and the others' situation."""

    hand: tuple[Card, ...]
    series: tuple[Card, ...]
    by: tuple[int, ...]
    opponent_go: tuple[bool, ...]
    opponent_cards: tuple[int, ...]
    earlier: tuple[Card, ...] = ()
    starter: Card | None = None
    discards: tuple[Card, ...] = ()

    @property
    def count(self) -> int:
        return sum(c.value for c in self.series)

    def to_data(self) -> PegData:
        return {
            "hand": [str(c) for c in self.hand],
            "series": [str(c) for c in self.series],
            "by": list(self.by),
            "count": self.count,
            "opponent_go": list(self.opponent_go),
            "opponent_cards": list(self.opponent_cards),
            "earlier": [str(c) for c in self.earlier],
            "starter": str(self.starter) if self.starter else None,
            "discards": [str(c) for c in self.discards],
        }

    @classmethod
    def from_data(cls, data: PegData) -> Position:
        series = parse_cards(data.get("series") or [], allow_empty=True)
        starter = data.get("starter")
        return cls(
            hand=parse_cards(data["hand"]),
            series=series,
            by=tuple(data.get("by") or [0] * len(series)),
            opponent_go=tuple(data.get("opponent_go") or [False]),
            opponent_cards=tuple(data.get("opponent_cards") or [0]),
            earlier=parse_cards(data.get("earlier") or [], allow_empty=True),
            starter=Card.parse(starter) if starter else None,
            discards=parse_cards(data.get("discards") or [], allow_empty=True),
        )


def engine_state(position: Position, *, ruleset: Ruleset) -> PeggingState:
    """The position as an engine state with seat 0 to act; hidden hands get stand-in cards."""
    seen = {*position.hand, *position.series, *position.earlier, *position.discards}
    if position.starter:
        seen.add(position.starter)
    spare = iter([c for c in full_deck() if c not in seen])
    others = tuple(tuple(next(spare) for _ in range(n)) for n in position.opponent_cards)
    said_go = frozenset(i + 1 for i, go in enumerate(position.opponent_go) if go)
    last = position.by[-1] if position.by else None
    return PeggingState(
        hands=(position.hand, *others),
        turn=0,
        count=position.count,
        series=position.series,
        said_go=said_go,
        last_player=last,
        single_count=ruleset.pegging.mode == "single_count",
        hoyle_literal=ruleset.pegging.multi_go == "hoyle_literal",
        pegged=(0,) * (len(others) + 1),
    )


def play_outcome(state: PeggingState, card: Card) -> tuple[int, list[PeggingEvent]]:
    """Points seat 0 earns by playing `card`, including a go or last-card point it forces.

    After the play the engine continues only while seat 0 is to act and must say go, because
    that is decided by cards the player can see; anything later depends on hidden cards.
    """
    state, events = state.play(card)
    mine = [e for e in events if e.seat == 0]
    while not state.finished and state.turn == 0 and state.must_go():
        state, more = state.go()
        mine.extend(e for e in more if e.seat == 0)
        if state.turn != 0 or state.count == 0:
            break
    return sum(e.points for e in mine), mine


def event_kinds(events: Sequence[PeggingEvent]) -> list[str]:
    """Scoring kinds in events: fifteen, thirty_one, pair, run, go, last."""
    kinds: list[str] = []
    for event in events:
        breakdown = getattr(event, "breakdown", None)
        if breakdown is not None:
            kinds.extend(item.kind for item in breakdown.items)
        item = getattr(event, "item", None)
        if item is not None:
            kinds.append(item.kind)
    return kinds


class Deal(Record):
    """The play as the game engine set it up: the state before the lead, the starter, and what
    each seat laid away."""

    state: PeggingState
    starter: Card
    discards: tuple[tuple[Card, ...], ...]


def deal_play(rng: random.Random, *, ruleset: Ruleset) -> Deal:
    """A real deal: seat 0 deals, bots that keep sensible hands lay away, the starter is cut."""
    game = Game.new(ruleset, rng=rng, dealer=0)
    bots = [GreedyBot(rng) for _ in range(ruleset.players)]
    play_until(game, until=lambda g: g.phase is Phase.PLAY, bots=bots)
    state = game.pegging
    starter = game.starter
    assert state is not None and starter is not None
    dealt = game.state.dealt
    discards = tuple(tuple(c for c in dealt[s] if c not in game.hand(s)) for s in range(ruleset.players))
    return Deal(state=state, starter=starter, discards=discards)


def walk(rng: random.Random, deal: Deal) -> Iterator[Position]:
    """Every decision of a play-out, as the player to act sees it.

    Players pick the best immediate play half the time and a random legal card otherwise,
    which gives positions that look like real play without being all-greedy.
    """
    state = deal.state
    earlier: list[Card] = []
    owners: list[int] = []
    while not state.finished:
        before = state.series
        legal = state.legal_plays()
        if not legal:
            state, _ = state.go()
            if before and not state.series:
                earlier.extend(before)
                owners = []
            continue
        yield view(state, earlier, owners, starter=deal.starter, discards=deal.discards[state.turn])
        seat = state.turn
        if rng.random() < 0.5:
            card = max(legal, key=lambda c: (score_play((*before, c)).total, -c.index))
        else:
            card = rng.choice(legal)
        state, _ = state.play(card)
        owners.append(seat)
        if not state.series:
            earlier.extend((*before, card))
            owners = []


def view(
    state: PeggingState,
    earlier: Sequence[Card],
    owners: Sequence[int],
    *,
    starter: Card | None = None,
    discards: Sequence[Card] = (),
) -> Position:
    """The position as the seat to act sees it (seats renumbered so that it is seat 0)."""
    me = state.turn
    n = state.players
    return Position(
        hand=tuple(sorted(state.hands[me])),
        series=state.series,
        by=tuple((owner - me) % n for owner in owners),
        opponent_go=tuple(((me + k) % n) in state.said_go for k in range(1, n)),
        opponent_cards=tuple(len(state.hands[(me + k) % n]) for k in range(1, n)),
        earlier=tuple(earlier),
        starter=starter,
        discards=tuple(sorted(discards)),
    )
