"""One cost for one decision: what a choice gives away against the best, computed once.

The live coach, the review after a game, `--json`, `crib discard`, `crib advise-peg` and the
analysis board all read the same `Cost`, so the same decision is never "−13%" in one place and
"−3.26 points" in another. A cost has two figures, each against the best option *by that
figure*:

- `points`: expected net points given away (what `crib discard` and `crib advise-peg` rank by),
  rounded to 0.01 here, once, so that every screen shows the number the band was decided on;
- `win`: the chance to win given away (0..1, rounded to 0.001), where the chance to win is
  computed (near the end of a game today; at every score once the win-chance table of issue 18
  part A plugs in through `WinSeam` below), else None.

The band follows from the figure that decides: the chance to win when there is one, else the
points. Both figures are never negative and never negative zero, so no screen prints "−0".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Any, TypeVar

from trainer.engine.records import Record


class Band(StrEnum):
    """How much a choice costs (words: `play.band.*` and `drill.band.*` in the catalogues)."""

    BEST = "best"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


# Bands by expected points given away: best <= 0.1 (within the noise of the crib table) <
# inaccuracy <= 0.5 < mistake <= 1.5 < blunder.
BANDS: tuple[tuple[float, Band], ...] = ((0.1, Band.BEST), (0.5, Band.INACCURACY), (1.5, Band.MISTAKE))
_EPSILON = 1e-9  # 5.2 - 5.1 is 0.1000000000000005 in floating point: still "best"


def points_lost(best_ev: float, chosen_ev: float) -> float:
    """Expected points given away by the choice (never negative: a choice cannot beat the best)."""
    return max(0.0, best_ev - chosen_ev)


def band(points_lost: float) -> Band:
    """The band of a loss: best <= 0.1 < inaccuracy <= 0.5 < mistake <= 1.5 < blunder."""
    for limit, name in BANDS:
        if points_lost <= limit + _EPSILON:
            return name
    return Band.BLUNDER


POINT_DIGITS = 2
WIN_DIGITS = 3
# Bands by the chance to win given away (1, 5 and 12 percentage points).
WIN_BANDS: tuple[tuple[float, Band], ...] = ((0.01, Band.BEST), (0.05, Band.INACCURACY), (0.12, Band.MISTAKE))

T = TypeVar("T")


def win_band(lost: float) -> Band:
    """The band of a chance to win given away: best <= 1% < inaccuracy <= 5% < mistake <= 12%."""
    for limit, name in WIN_BANDS:
        if lost <= limit + _EPSILON:
            return name
    return Band.BLUNDER


def _clean(value: float, digits: int) -> float:
    """Rounded, never negative, never -0.0."""
    out = round(max(0.0, value), digits)
    return out if out > 0 else 0.0


class Cost(Record):
    """What one choice gives away: points (and the chance to win where it is known), its band.
    A `Record`, not a dataclass: `crib discard` grades with it and its start-up is benchmarked."""

    points: float
    win: float | None
    band: Band

    @property
    def basis(self) -> str:
        """The figure the band was decided on: "win" or "ev" (expected points)."""
        return "ev" if self.win is None else "win"

    @property
    def deciding(self) -> float:
        return self.points if self.win is None else self.win

    @property
    def zero(self) -> bool:
        """Nothing given away by the deciding figure: the choice is (one of) the best."""
        return self.deciding == 0

    def to_json(self) -> dict[str, Any]:
        return {"points": self.points, "win": self.win, "band": str(self.band)}


def cost_of(
    best_points: float, chosen_points: float, best_win: float | None = None, chosen_win: float | None = None
) -> Cost:
    """The cost of a choice from its figures and the best figures among the options."""
    points = _clean(best_points - chosen_points, POINT_DIGITS)
    if best_win is None or chosen_win is None:
        return Cost(points=points, win=None, band=band(points))
    win = _clean(best_win - chosen_win, WIN_DIGITS)
    return Cost(points=points, win=win, band=win_band(win))


def option_costs(
    options: Sequence[T], points: Callable[[T], float], win: Callable[[T], float | None] | None = None
) -> list[Cost]:
    """The cost of every option against the best of them (the look-up commands' `ev_lost`)."""
    if not options:
        return []
    best_points = max(points(o) for o in options)
    wins = [win(o) for o in options] if win is not None else [None] * len(options)
    known = [w for w in wins if w is not None]
    best_win = max(known) if len(known) == len(wins) and known else None
    return [
        cost_of(best_points, points(o), best_win, w if best_win is not None else None)
        for o, w in zip(options, wins, strict=True)
    ]


# ----------------------------------------------------------------------------- the win seam


def option_win(option: object) -> float | None:
    """The seam where the chance to win plugs in: an option record carrying `win` (issue 18
    part A: the chance to win for the decision's player, 0..1) gives it; others give None and
    the cost is decided on points."""
    value = getattr(option, "win", None)
    return None if value is None else float(value)
