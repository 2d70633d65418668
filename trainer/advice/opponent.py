"""What the expert learns about one opponent's habits in the play, game by game.

A strong player watches how the other side follows: one opponent always takes points when he
can and otherwise plays his highest card; another steers away from 5 and 21. Once the habit is
clear it tells two things: what he will answer (so the search plays his habit instead of a
perfect reply) and what he does not hold (he followed with a 9 and never holds a ten-card he
could have played instead). Only the follows are read (a card played on a count already
started, with two or more ranks to choose from): leads are too varied to call a habit.

The evidence is the opponent's own cards, shown in the show after every deal: each of his
follows is checked against every habit in `HABITS`, and a habit is trusted once it explains
at least `TRUST` of `LEAST` or more follows. Until then (and against a player whose follows fit
no habit, such as the expert itself) the search keeps its perfect replies.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from trainer.advice.pegplay import DANGER, play_points
from trainer.engine.fastscore import VALUES

HABITS = ("high", "safe")
"""high: most points now, else the highest card; safe: most points now, then away from the
counts that give points (5, 21, ...), then the higher card (`pegplay._choose`)."""
TRUST = 0.9  # share of follows a habit must explain
LEAST = 8  # follows seen before a habit is trusted
FLOOR = 0.02  # the smallest chance that a trusted habit is broken on one follow

Follow = tuple[tuple[int, ...], int]  # (the count's ranks before the card, the rank played)


def choices(habit: str, hand: Iterable[int], series: tuple[int, ...]) -> frozenset[int]:
    """The ranks a player of `habit` may follow with from `hand` (rank indices) on `series`;
    empty when he cannot play (go)."""
    count = sum(VALUES[r] for r in series)
    legal = {r for r in hand if count + VALUES[r] <= 31}
    if not legal:
        return frozenset()
    points = {r: play_points((*series, r)) for r in legal}
    if habit == "high":
        top = max(points.values())
        if top > 0:
            return frozenset(r for r in legal if points[r] == top)
        high = max(VALUES[r] for r in legal)
        return frozenset(r for r in legal if VALUES[r] == high)
    best = max((points[r], -DANGER[count + VALUES[r]], VALUES[r]) for r in legal)
    return frozenset(r for r in legal if (points[r], -DANGER[count + VALUES[r]], VALUES[r]) == best)


def is_choice(hand: Sequence[int], series: tuple[int, ...]) -> bool:
    """A follow that says something: a count already started and two ranks or more to play."""
    count = sum(VALUES[r] for r in series)
    return bool(series) and len({r for r in hand if count + VALUES[r] <= 31}) > 1


@dataclass
class Habits:
    """The follows of one opponent seen so far, and how many each habit explains."""

    seen: int = 0
    fits: dict[str, int] = field(default_factory=lambda: dict.fromkeys(HABITS, 0))

    def learn(self, kept: Sequence[int], plays: Sequence[Follow]) -> None:
        """One deal's evidence: his kept hand (rank indices) and each of his plays in order."""
        hand = list(kept)
        for series, rank in plays:
            if rank not in hand:  # not his kept hand (a misread log): learn nothing more
                return
            if is_choice(hand, series):
                self.seen += 1
                for habit in HABITS:
                    if rank in choices(habit, hand, series):
                        self.fits[habit] += 1
            hand.remove(rank)

    def trusted(self) -> tuple[str, float] | None:
        """The habit that explains his follows, with the chance he breaks it on one follow."""
        if self.seen < LEAST:
            return None
        habit = max(HABITS, key=lambda h: self.fits[h])
        share = self.fits[habit] / self.seen
        if share < TRUST:
            return None
        return habit, max(FLOOR, (self.seen - self.fits[habit] + 0.5) / (self.seen + 1))


def likelihood(habit: str, slip: float, holding: Sequence[int], plays: Sequence[Follow]) -> float:
    """How well `holding` (his cards now) explains his plays this deal under `habit`: 1 - slip for
    every informative follow the habit makes, slip for every one it does not."""
    later = [rank for _, rank in plays]
    out = 1.0
    for i, (series, rank) in enumerate(plays):
        hand = [*holding, *later[i:]]
        if is_choice(hand, series):
            out *= (1 - slip) if rank in choices(habit, hand, series) else slip
    return out
