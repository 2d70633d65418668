"""Grading a choice by the expected points it loses against the best choice.

A drill answer is not simply right or wrong: throwing a 5 to the opponent's crib may cost a
tenth of a point or three points. The bands name how much a choice costs on average, so
feedback can say "inaccuracy" for 0.3 points and "blunder" for 2:

    best        <= 0.1 points lost (within the noise of the crib table)
    inaccuracy  <= 0.5
    mistake     <= 1.5
    blunder      > 1.5
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from trainer.advice.cost import BANDS, Band, band, points_lost
from trainer.advice.discard import DiscardOption, find_option
from trainer.engine.cards import Card
from trainer.engine.errors import IllegalAction

if TYPE_CHECKING:
    # A type only: the discard drill grades without loading the pegging advice.
    from trainer.advice.pegging import PegAdvice

# The bands and the loss of a choice live with the one cost (`trainer.advice.cost`, stdlib only,
# so the quick look-up commands can grade without importing the pegging model).
__all__ = ["BANDS", "Band", "Graded", "band", "grade_discard", "grade_peg", "points_lost"]


@dataclass(frozen=True, slots=True)
class Graded:
    """A graded choice: what it lost, its band, and the best choice for the feedback."""

    points_lost: float
    band: Band
    chosen_ev: float
    best_ev: float
    best: tuple[Card, ...]

    def to_json(self, digits: int = 2) -> dict[str, object]:
        return {
            "points_lost": round(self.points_lost, digits),
            "band": self.band,
            "chosen_ev": round(self.chosen_ev, digits),
            "best_ev": round(self.best_ev, digits),
            "best": [str(c) for c in self.best],
        }


def grade_discard(options: Sequence[DiscardOption], discard: Sequence[Card]) -> Graded:
    """Grade throwing `discard` given `analyse_discard`'s options (best first)."""
    chosen = find_option(options, discard)
    best = options[0]
    lost = points_lost(best.net_ev, chosen.net_ev)
    return Graded(lost, band(lost), chosen.net_ev, best.net_ev, best.discard)


def grade_peg(advice: Sequence[PegAdvice], card: Card) -> Graded:
    """Grade playing `card` given `advise_peg`'s ranked plays (any card of the same rank counts
    the same: suits never matter in the play)."""
    if not advice:
        raise IllegalAction("no card can be played: the only legal action is go", key="raised.advice.only_go")
    best = advice[0]
    chosen = next((a for a in advice if a.card.rank == card.rank), None)
    if chosen is None:
        raise IllegalAction(f"{card} is not a legal play here", key="raised.advice.not_legal", card=card)
    lost = points_lost(best.ev, chosen.ev)
    return Graded(lost, band(lost), chosen.ev, best.ev, (best.card,))
