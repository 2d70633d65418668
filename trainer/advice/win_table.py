"""The chance to win from any score: a table per ruleset, computed from the computer's own deals.

A point is not worth the same at every score: at 0-0 it is worth about 1.5% of a game, at 117-117
it may be the whole game. The coach and the expert judge by the chance to win, so they need it for
every pair of scores before a deal. It is computed, not guessed (`scripts/make_win_table.py`):

- the expert plays a few thousand deals against itself from 0-0; each deal is kept as its scoring
  events in order (heels, every pegging point, then the show from the dealer's left, crib last),
  each event naming the side that scores, counted from the dealer's (0) to the pone's (1);
- `solve` runs a dynamic programme from the end of the game back to 0-0: from scores (d, p)
  before a deal, every sampled deal is pegged event by event; the first side to reach the target
  wins (so pegging out, and the pone counting first, are exact for the sampled deals); otherwise
  the next deal is dealt by the other side from the new scores, whose chance is already known.

The shipped table gives, per ruleset with two sides (classic, five-card, seven-card, partnership),
`dealer[d][p]` in units of 1/10,000 with its sample size and standard error. Read it through
`win_chance`, which any layer above may call; `trainer.advice.board` uses it to judge decisions.

Three players (three-player, to 61) have three scores: `win_table3` gives each seat's chance
from every triple of scores before a deal (61³ cells, packed in the file and unpacked on first
use), `win_chance3` reads it from one seat; `trainer.advice.board_seats` uses it.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).resolve().parents[1] / "_generated"
INF = 1 << 30
SCALE = 10_000


def solve(rows: Sequence[Sequence[int]], *, target: int) -> list[list[float]]:
    """win[d][p]: the chance the dealer's side wins from d (dealer) and p (pone) before a deal.

    rows: sampled deals, each its events in order as `points * 16 + kind * 4 + side` (side 0 is
    the dealer's; the kind does not matter here). Scores run 0..target-1; a deal always scores
    (the last card is a point), so the states are solved in decreasing order of d + p and
    every next state is already known.
    """
    reach: list[tuple[list[int], list[int], int, int]] = []
    for row in rows:
        got = [0, 0]
        first: list[list[int]] = [[INF] * (target + 1), [INF] * (target + 1)]
        for i, code in enumerate(row):
            side, pts = code & 3, code >> 4
            if side > 1:
                raise ValueError("win tables cover two sides")
            before = got[side]
            got[side] += pts
            for x in range(before + 1, min(got[side], target) + 1):
                first[side][x] = i
        reach.append((first[0], first[1], got[0], got[1]))
    # Far from the end only the deal's totals matter: count equal totals once.
    totals = Counter((dd, dp) for _, _, dd, dp in reach)
    max_d = max(dd for dd, _ in totals)
    max_p = max(dp for _, dp in totals)
    n = len(reach)
    win = [[0.0] * target for _ in range(target)]
    for total in range(2 * target - 2, -1, -1):
        for d in range(max(0, total - target + 1), min(total, target - 1) + 1):
            p = total - d
            need_d, need_p = target - d, target - p
            acc = 0.0
            if need_d > max_d and need_p > max_p:
                for (dd, dp), k in totals.items():
                    acc += k * (1.0 - win[p + dp][d + dd])
            else:
                for fd, fp, dd, dp in reach:
                    td = fd[need_d] if need_d <= dd else INF
                    tp = fp[need_p] if need_p <= dp else INF
                    if td < tp:
                        acc += 1.0
                    elif tp == INF:
                        acc += 1.0 - win[p + dp][d + dd]
            win[d][p] = acc / n
    return win


def encode_table(win: Sequence[Sequence[float]]) -> list[list[int]]:
    return [[round(v * SCALE) for v in row] for row in win]


@dataclass(frozen=True, slots=True)
class WinTable:
    """The shipped table of one ruleset (see the module text)."""

    ruleset: str
    target: int
    deals: int
    standard_error: float  # the largest over all entries
    dealer: tuple[tuple[int, ...], ...]

    def before_deal(self, mine: float, other: float, *, dealer: bool) -> float:
        """The chance that a side at `mine` wins against `other` before a deal it deals (or not).

        Scores may be fractional (an expected crib): the table is interpolated between whole points.
        """
        if mine >= self.target:
            return 1.0
        if other >= self.target:
            return 0.0
        if dealer:
            return self._at(mine, other)
        return 1.0 - self._at(other, mine)

    def cell_next(self, dealer: bool) -> Callable[[int, int], float]:
        """A fast whole-point lookup `f(mine, other)` below the target for a side that deals
        (or not) the next deal: the inner loop of `trainer.advice.board`."""
        rows = self.dealer
        if dealer:
            return lambda m, o: rows[m][o] / SCALE
        return lambda m, o: 1.0 - rows[o][m] / SCALE

    def _at(self, d: float, p: float) -> float:
        d = max(0.0, d)
        p = max(0.0, p)
        d0, p0 = int(d), int(p)
        fd, fp = d - d0, p - p0
        total = 0.0
        for dd, wd in ((d0, 1 - fd), (d0 + 1, fd)):
            if not wd:
                continue
            for pp, wp in ((p0, 1 - fp), (p0 + 1, fp)):
                if not wp:
                    continue
                total += wd * wp * self._cell(dd, pp)
        return total

    def _cell(self, d: int, p: int) -> float:
        if d >= self.target:
            return 1.0
        if p >= self.target:
            return 0.0
        return self.dealer[d][p] / SCALE


@dataclass(frozen=True, slots=True)
class WinTable3:
    """The shipped three-player table: `cells[(a * t + b) * t + c]` holds the chances (per ten
    thousand) that the dealer and his left win, the dealer at a, his left at b, his right at c;
    the right's chance is the rest."""

    ruleset: str
    target: int
    deals: int
    standard_error: float
    dealer: tuple[int, ...]
    left: tuple[int, ...]

    def seats(self, a: int, b: int, c: int) -> tuple[float, float, float]:
        """The chances of (the dealer, his left, his right) to win from whole scores before a deal;
        a seat at or past the target has won."""
        t = self.target
        if a >= t or b >= t or c >= t:
            return (float(a >= t), float(b >= t and a < t), float(c >= t and a < t and b < t))
        i = (max(0, a) * t + max(0, b)) * t + max(0, c)
        d, left = self.dealer[i] / SCALE, self.left[i] / SCALE
        return (d, left, max(0.0, 1.0 - d - left))


def _unpack3(packed: str, target: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    import base64
    import lzma
    from array import array
    from itertools import accumulate

    steps = array("h")
    steps.frombytes(lzma.decompress(base64.b64decode(packed)))
    if sys.byteorder != "little":
        steps.byteswap()
    plane = target**3
    if len(steps) != 2 * plane:
        raise ValueError(f"a three-player table of {len(steps)} cells, expected {2 * plane}")
    out: list[tuple[int, ...]] = []
    for k in range(2):
        cells: list[int] = []
        for row in range(k * plane, (k + 1) * plane, target):
            cells.extend(accumulate(steps[row : row + target]))
        out.append(tuple(cells))
    return out[0], out[1]


def shipped(ruleset_name: str, part: str) -> dict[str, Any]:
    """The shipped table file of a ruleset, read anew (the callers keep what they make of it);
    raises NoWinTable when none ships or it has no `part` (`dealer`: two sides; `cells`: three
    players; `model`: the sampled deals the boards use)."""
    path = DATA_DIR / f"win_{ruleset_name}.json"
    if not path.exists():
        raise NoWinTable(ruleset_name)
    doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if part not in doc:
        raise NoWinTable(ruleset_name)
    return doc


def _header(doc: Mapping[str, Any]) -> dict[str, Any]:
    """What both shapes of table say about themselves: ruleset, target, sample size, error."""
    return {
        "ruleset": doc["ruleset"],
        "target": doc["target"],
        "deals": doc["deals"],
        "standard_error": doc["standard_error"]["max"],
    }


def shares(counts: Mapping[str, int]) -> dict[int, float]:
    """A sampled distribution (`{"12": 340, ...}`, as the table file's model keeps it) as shares."""
    total = sum(counts.values())
    return {int(k): v / total for k, v in counts.items()}


@cache
def win_table3(ruleset_name: str) -> WinTable3:
    """The shipped three-player table (read and unpacked once); raises NoWinTable when none ships."""
    doc = shipped(ruleset_name, "cells")
    dealer, left = _unpack3(doc["cells"], doc["target"])
    return WinTable3(**_header(doc), dealer=dealer, left=left)


def win_chance3(ruleset_name: str, scores: Sequence[int], *, dealer: int) -> float:
    """The chance that the first of three players wins before a deal: `scores` from his seat
    clockwise (his, his left's, the next), `dealer` the seat that deals (0 he, 1 his left, 2 his
    right)."""
    table = win_table3(ruleset_name)
    rel = [scores[(dealer + k) % 3] for k in range(3)]  # from the dealer clockwise
    return table.seats(rel[0], rel[1], rel[2])[(3 - dealer) % 3]


class NoWinTable(LookupError):
    """No table of this shape ships for this ruleset: callers fall back to points."""


@cache
def win_table(ruleset_name: str) -> WinTable:
    """The shipped table of a two-side ruleset (read once); raises NoWinTable when none ships
    (or a three-player table does: `win_table3`)."""
    doc = shipped(ruleset_name, "dealer")
    return WinTable(**_header(doc), dealer=tuple(tuple(row) for row in doc["dealer"]))


def has_win_table(ruleset_name: str) -> bool:
    """A table of either shape ships for the ruleset (two sides: `win_table`; three: `win_table3`)."""
    return (DATA_DIR / f"win_{ruleset_name}.json").exists()


def win_chance(ruleset_name: str, mine: float, other: float, *, dealer: bool) -> float:
    """The chance (0-1) that my side wins from `mine` against `other` before a deal, when my side
    deals it (`dealer=True`) or the other side does. Reaching the target first wins: a side at or
    past the target has won. Raises NoWinTable for a ruleset with more than two sides."""
    return win_table(ruleset_name).before_deal(mine, other, dealer=dealer)
