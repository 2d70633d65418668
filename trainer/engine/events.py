"""Immutable events: every engine action returns one, so a replay, a drill's feedback and a
game log are the same list of facts. `to_json()` gives the machine-readable form."""

from __future__ import annotations

from dataclasses import dataclass

from trainer.engine.cards import Card
from trainer.engine.scoring import ScoreBreakdown, ScoreItem


@dataclass(frozen=True, slots=True)
class PlayEvent:
    """A card played in the pegging, with the new count and what it scored."""

    seat: int
    card: Card
    count: int
    breakdown: ScoreBreakdown

    @property
    def points(self) -> int:
        return self.breakdown.total

    def to_json(self) -> dict[str, object]:
        return {
            "type": "play",
            "seat": self.seat,
            "card": str(self.card),
            "count": self.count,
            "points": self.points,
            "items": [i.to_json() for i in self.breakdown.items],
        }


@dataclass(frozen=True, slots=True)
class GoEvent:
    """A player who holds cards but none that fits under 31 says go."""

    seat: int
    count: int
    points: int = 0

    def to_json(self) -> dict[str, object]:
        return {"type": "go", "seat": self.seat, "count": self.count, "points": 0}


@dataclass(frozen=True, slots=True)
class GoPointEvent:
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
