"""Immutable events: every engine action returns one, so a replay, a drill's feedback and a
game log are the same list of facts. `to_json()` gives the machine-readable form."""

from __future__ import annotations

from trainer.engine.cards import Card
from trainer.engine.records import Record
from trainer.engine.scoring import ScoreBreakdown, ScoreItem


class PlayEvent(Record, kw_only=False):
    """A card played in the pegging, with the new count and what it scored."""

    seat: int
    card: Card
    count: int
    breakdown: ScoreBreakdown
    claimed: int | None = None

    @property
    def true_points(self) -> int:
        return self.breakdown.total

    @property
    def points(self) -> int:
        """What the player pegs: the true points, or less when he claimed less (overclaims are corrected)."""
        true = self.breakdown.total
        return true if self.claimed is None else min(self.claimed, true)

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "type": "play",
            "seat": self.seat,
            "card": str(self.card),
            "count": self.count,
            "points": self.points,
            "items": [i.to_json() for i in self.breakdown.items],
        }
        if self.claimed is not None:
            out["claimed"] = self.claimed
            out["true_points"] = self.true_points
        return out


class GoEvent(Record, kw_only=False):
    """A player who holds cards but none that fits under 31 says go."""

    seat: int
    count: int
    points: int = 0

    def to_json(self) -> dict[str, object]:
        return {"type": "go", "seat": self.seat, "count": self.count, "points": 0}


class GoPointEvent(Record, kw_only=False):
    """The point for go (nobody can play) or for the last card of the play."""

    seat: int
    count: int
    last_card: bool
    item: ScoreItem

    @property
    def points(self) -> int:
        return self.item.points

    def to_json(self) -> dict[str, object]:
        return {
            "type": "last_card" if self.last_card else "go_point",
            "seat": self.seat,
            "count": self.count,
            "points": self.points,
            "items": [self.item.to_json()],
        }


PeggingEvent = PlayEvent | GoEvent | GoPointEvent


# ----------------------------------------------------------------------------- the whole deal
#
# The game (trainer.engine.game) adds the events before and after the play. Every event names the
# seat it concerns and the points it scores for that seat's side (0 for pure facts), and says
# which `source` the points come from so statistics can split a deal's points without knowing
# every event class.


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cards]


class DrawEvent(Record, kw_only=False):
    """The draw for the first deal: lowest (or highest) card deals; ties draw again."""

    draws: tuple[tuple[int, Card], ...]
    dealer: int | None
    tied: tuple[int, ...] = ()
    seat: int = -1
    points: int = 0

    def to_json(self) -> dict[str, object]:
        return {
            "type": "draw",
            "draws": [{"seat": s, "card": str(c)} for s, c in self.draws],
            "dealer": self.dealer,
            "tied": list(self.tied),
            "points": 0,
        }


class DealEvent(Record, kw_only=False):
    """The cards dealt one at a time from the dealer's left (and any dealt straight to the crib)."""

    dealer: int
    deal_number: int
    hands: tuple[tuple[Card, ...], ...]
    to_crib: tuple[Card, ...] = ()
    cut_by: int | None = None
    points: int = 0

    @property
    def seat(self) -> int:
        return self.dealer

    def to_json(self) -> dict[str, object]:
        return {
            "type": "deal",
            "seat": self.dealer,
            "deal_number": self.deal_number,
            "hands": [_cards(h) for h in self.hands],
            "to_crib": _cards(self.to_crib),
            "cut_by": self.cut_by,
            "points": 0,
        }


class CompensationEvent(Record, kw_only=False):
    """Points given to the dealer's opponent for the first crib (5-card game, rules spec §2.3)."""

    seat: int
    points: int
    source = "compensation"

    def to_json(self) -> dict[str, object]:
        return {"type": "compensation", "seat": self.seat, "points": self.points}


class DiscardEvent(Record, kw_only=False):
    """A player lays cards away to the dealer's crib."""

    seat: int
    cards: tuple[Card, ...]
    points: int = 0

    def to_json(self) -> dict[str, object]:
        return {"type": "discard", "seat": self.seat, "cards": _cards(self.cards), "points": 0}


class StarterEvent(Record, kw_only=False):
    """The starter: `cutter` lifts `position` cards, the dealer turns the next one."""

    seat: int
    card: Card
    position: int | None = None
    points: int = 0

    def to_json(self) -> dict[str, object]:
        return {
            "type": "starter",
            "seat": self.seat,
            "card": str(self.card),
            "position": self.position,
            "points": 0,
        }


class HeelsEvent(Record, kw_only=False):
    """His heels: a jack turned as the starter gives the dealer 2 at once (not part of any hand)."""

    seat: int
    card: Card
    points: int
    barred: bool = False
    source = "heels"

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "type": "heels",
            "seat": self.seat,
            "card": str(self.card),
            "points": self.points,
        }
        if self.barred:
            out["barred"] = True
        return out


class PlayEndEvent(Record, kw_only=False):
    """The play is over: how many counts it took and the cards left unplayed (5-card game)."""

    counts: int
    unplayed: tuple[tuple[Card, ...], ...]
    seat: int = -1
    points: int = 0

    def to_json(self) -> dict[str, object]:
        return {
            "type": "play_over",
            "counts": self.counts,
            "unplayed": [_cards(h) for h in self.unplayed],
            "points": 0,
        }


class ShowEvent(Record, kw_only=False):
    """One count of the show: a hand (with the starter) or the crib.

    `claimed` is what the player announced when it differs from the true count; a player scores
    what he claims (never more than the truth), and the game hands any shortfall to muggins.
    """

    seat: int
    what: str  # "hand" or "crib"
    cards: tuple[Card, ...]
    starter: Card
    breakdown: ScoreBreakdown
    claimed: int | None = None

    @property
    def true_points(self) -> int:
        return self.breakdown.total

    @property
    def points(self) -> int:
        true = self.breakdown.total
        return true if self.claimed is None else min(self.claimed, true)

    @property
    def source(self) -> str:
        return self.what

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "type": self.what,
            "seat": self.seat,
            "cards": _cards(self.cards),
            "starter": str(self.starter),
            "points": self.points,
            "items": [i.to_json() for i in self.breakdown.items],
        }
        if self.claimed is not None:
            out["claimed"] = self.claimed
            out["true_points"] = self.true_points
        return out


class MugginsEvent(Record, kw_only=False):
    """An opponent takes points the counter overlooked (rules spec §1.6)."""

    seat: int
    offender: int
    points: int
    claimed: int
    true_points: int
    stage: str
    source = "muggins"

    def to_json(self) -> dict[str, object]:
        return {
            "type": "muggins",
            "seat": self.seat,
            "offender": self.offender,
            "points": self.points,
            "claimed": self.claimed,
            "true_points": self.true_points,
            "stage": self.stage,
        }


class PenaltyEvent(Record, kw_only=False):
    """Points scored because of an irregularity ruling (trainer.engine.irregularities)."""

    seat: int
    offender: int
    points: int
    irregularity: str
    remedy: str
    rule_ref: str
    back: int = 0
    source = "penalty"

    def to_json(self) -> dict[str, object]:
        return {
            "type": "penalty",
            "seat": self.seat,
            "offender": self.offender,
            "points": self.points,
            "back": self.back,
            "irregularity": self.irregularity,
            "remedy": self.remedy,
            "rule_ref": self.rule_ref,
        }


class GameOverEvent(Record, kw_only=False):
    """A side reached the target: nothing is scored after this (rules spec §1.5)."""

    seat: int
    side: int
    scores: tuple[int, ...]
    stage: str
    result: str
    games: int
    points: int = 0

    def to_json(self) -> dict[str, object]:
        return {
            "type": "game_over",
            "seat": self.seat,
            "winner": self.side,
            "scores": list(self.scores),
            "stage": self.stage,
            "result": self.result,
            "games": self.games,
            "points": 0,
        }


GameEvent = (
    PeggingEvent
    | DrawEvent
    | DealEvent
    | CompensationEvent
    | DiscardEvent
    | StarterEvent
    | HeelsEvent
    | PlayEndEvent
    | ShowEvent
    | MugginsEvent
    | PenaltyEvent
    | GameOverEvent
)


def source_of(event: GameEvent) -> str | None:
    """Where an event's points come from (heels, pegging, hand, crib, ...), None if it scores nothing."""
    if isinstance(event, (PlayEvent, GoPointEvent)):  # a tuple: faster than a union type here
        return "pegging"
    return getattr(event, "source", None)
