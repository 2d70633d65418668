"""Decisions judged by the chance to win at the actual score (two sides).

Early in a game a point is a point, and the expected net points rank discards and plays well.
Near the end they do not: a pone at 117 who holds 8 sure points has won unless the dealer pegs out
first, whatever the averages say. This module turns a decision's outcome into the chance to win:
the rest of the deal is played forward event by event in the real order (the play, then the
pone's hand, then the dealer's hand and crib), the first side to reach the target wins, and
otherwise the shipped table (`trainer.advice.win_table`) gives the chance from the scores at the
end of the deal, the other side dealing next.

What is known exactly and what is modelled:

- a discard: the kept hand is scored with every starter the player has not seen; the crib is the
  computer's sampled crib distribution shifted to the crib table's mean for the cards thrown;
  the play and the other hand come from the computer's sampled deals of the same role;
- a play: the play-outs of the pegging advice give the rest of the play for every holding the
  opponent may have (`PlayOutcomes`, points in order), the show is the player's own hand when
  it is known (else the sampled distribution of the role), the other hand and the crib sampled.

Distributions are `dict[int, float]` of points; the sampled ones ship inside the table file
(`model`), so nothing here plays a game. Three players and partnerships: `board_seats`; the
command line's `--score`: `board_cli`. Public API (used by `crib discard --score`,
`crib advise-peg --score`, the expert and the coach):

- `board_for(ruleset, mine, other, dealer=...) -> Board` (`Board.now`: the chance before the deal)
- `discard_wins(options, board) -> list[float]` (the chance to win of each `DiscardOption`)
- `play_wins(outcomes, board, my_show=None) -> float` for one card's play-outs
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from math import floor
from typing import Any

from trainer.advice.discard import DiscardOption
from trainer.advice.win_table import WinTable, shares, shipped, win_table
from trainer.engine.fastscore import starter_totals
from trainer.engine.ruleset import Ruleset

Pmf = Mapping[int, float]


@dataclass(frozen=True, slots=True)
class DealModel:
    """The sampled distributions of one ruleset (from the table file's `model`)."""

    pegging: tuple[tuple[tuple[int, int], ...], ...]  # per sampled deal: (side, points), side 0 dealer's
    pone_hand: Pmf
    dealer_hand: Pmf
    crib: Pmf
    crib_mean: float


@cache
def deal_model(ruleset_name: str) -> DealModel:
    model = shipped(ruleset_name, "model")["model"]
    crib = shares(model["crib"])
    return DealModel(
        pegging=sampled_pegging(model),
        pone_hand=shares(model["pone_hand"]),
        dealer_hand=shares(model["dealer_hand"]),
        crib=crib,
        crib_mean=sum(k * v for k, v in crib.items()),
    )


def sampled_pegging(model: Mapping[str, Any]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Each sampled deal's pegging as (side from the dealer's, points), from the file's codes
    (`points * 16 + side`)."""
    return tuple(tuple((c & 3, c >> 4) for c in row) for row in model["pegging"])


@dataclass(frozen=True, slots=True)
class Board:
    """The score as the deciding player sees it: his side's, the other side's, and whether his side
    deals this deal (then it counts last, with the crib)."""

    rules: Ruleset
    mine: int
    other: int
    dealer: bool
    table: WinTable = field(compare=False, repr=False)

    @property
    def ruleset(self) -> str:
        return self.rules.name

    @property
    def scores(self) -> tuple[int, int]:
        """The scores per side, the player's first (as `--score` gives them)."""
        return (self.mine, self.other)

    @property
    def now(self) -> float:
        """The chance to win before this deal (what the board says before any decision)."""
        return self.table.before_deal(self.mine, self.other, dealer=self.dealer)


def board_for(ruleset: Ruleset, mine: int, other: int, *, dealer: bool) -> Board:
    """A board for a ruleset with a shipped table; raises NoWinTable otherwise."""
    return Board(ruleset, mine, other, dealer, win_table(ruleset.name))


# ----------------------------------------------------------------------------- the end of a deal


class _Tail:
    """The other side's count and the table behind it, shared by every option and play of a board.

    `at(A, b)`: the player's chance to win once his side's count has brought it to A (the
    player's count comes last when he deals, first when he does not), the other side at b before
    its own count, whose distribution is `other`. Memoised: every option and every play-out asks
    for the same few score pairs."""

    def __init__(self, board: Board, other: Pmf) -> None:
        self.board = board
        self.target = board.table.target
        self.other = _normal(other)
        self._cell = board.table.cell_next(not board.dealer)
        self._memo: dict[tuple[int, int], float] = {}

    def at(self, a: int, b: int) -> float:
        key = (a, b)
        got = self._memo.get(key)
        if got is not None:
            return got
        t = self.target
        cell = self._cell
        total = 0.0
        if self.board.dealer:  # the other side (pone) counted first: only its surviving counts go on
            for y, py in self.other.items():
                if b + y < t:
                    total += py * (1.0 if a >= t else cell(a, b + y))
        elif a >= t:
            total = 1.0  # the pone counts first and is out
        else:
            for y, py in self.other.items():
                if b + y < t:
                    total += py * cell(a, b + y)
        self._memo[key] = total
        return total


_TAILS: dict[tuple[Board, tuple[tuple[int, float], ...]], _Tail] = {}


def _tail(board: Board, other: Pmf) -> _Tail:
    key = (board, tuple(sorted(other.items())))
    got = _TAILS.get(key)
    if got is None:
        if len(_TAILS) > 64:
            _TAILS.clear()
        got = _TAILS[key] = _Tail(board, other)
    return got


class _Show:
    """The show after the play for one option: the player's count `mine` (a distribution), the
    other's count from `tail`, moved by `shift` points (the option's crib when the other deals).

    value(a, b): the chance to win from the scores (a, b) the play reached."""

    def __init__(self, board: Board, *, mine: Pmf, tail: _Tail, shift: float = 0.0) -> None:
        self.target = board.table.target
        self.mine = _normal(mine)
        self.tail = tail
        self.k = floor(shift)
        self.f = shift - self.k
        self._memo: dict[tuple[int, int], float] = {}

    def value(self, a: int, b: int) -> float:
        key = (a, b)
        got = self._memo.get(key)
        if got is not None:
            return got
        at = self.tail.at
        t = self.target
        k, f = self.k, self.f
        lo = max(0, b + k)
        hi = max(0, b + k + 1)
        total = 0.0
        for x, px in self.mine.items():
            ax = a + x
            if ax >= t and not self.tail.board.dealer:
                total += px
            elif f:
                total += px * ((1 - f) * at(ax, lo) + f * at(ax, hi))
            else:
                total += px * at(ax, lo)
        self._memo[key] = total
        return total


def _normal(pmf: Pmf) -> dict[int, float]:
    total = sum(pmf.values())
    return {k: v / total for k, v in sorted(pmf.items()) if v > 0}


def shifted(pmf: Pmf, delta: float) -> dict[int, float]:
    """The distribution moved by a fractional `delta`, each mass split between the two nearest
    points (so its mean moves by exactly delta; values below 0 stay at 0)."""
    k = floor(delta)
    frac = delta - k
    out: dict[int, float] = {}
    for v, p in pmf.items():
        lo = max(0, v + k)
        out[lo] = out.get(lo, 0.0) + p * (1 - frac)
        if frac:
            hi = max(0, v + k + 1)
            out[hi] = out.get(hi, 0.0) + p * frac
    return out


def convolve(a: Pmf, b: Pmf) -> dict[int, float]:
    out: dict[int, float] = {}
    for x, px in a.items():
        for y, py in b.items():
            out[x + y] = out.get(x + y, 0.0) + px * py
    return out


@dataclass(frozen=True, slots=True)
class PlayOutcomes:
    """The rest of a play over weighted guesses at the hidden cards: how often each side pegged out
    first, and the weights of the points (mine, theirs) pegged otherwise."""

    mine_out: float
    other_out: float
    points: Mapping[tuple[int, int], float]

    @property
    def total(self) -> float:
        return self.mine_out + self.other_out + sum(self.points.values())


def play_outcomes(
    sequences: Sequence[tuple[Sequence[tuple[int, int]], float]], *, need_mine: int, need_other: int
) -> PlayOutcomes:
    """Fold pegging sequences ((side, points) in order, side 0 the player's; with a weight) into
    `PlayOutcomes` for a player who needs `need_mine` and an other side needing `need_other`."""
    mine_out = other_out = 0.0
    points: dict[tuple[int, int], float] = {}
    for seq, w in sequences:
        a = b = 0
        done = False
        for side, pts in seq:
            if side == 0:
                a += pts
                if a >= need_mine:
                    mine_out += w
                    done = True
                    break
            else:
                b += pts
                if b >= need_other:
                    other_out += w
                    done = True
                    break
        if not done:
            points[(a, b)] = points.get((a, b), 0.0) + w
    return PlayOutcomes(mine_out, other_out, points)


def _outcome_value(outcomes: PlayOutcomes, show: _Show, board: Board) -> float:
    total = outcomes.total
    if total <= 0:
        return board.now
    acc = outcomes.mine_out
    for (a, b), w in outcomes.points.items():
        acc += w * show.value(board.mine + a, board.other + b)
    return acc / total


def sampled_play(board: Board) -> PlayOutcomes:
    """The play of this deal as the computer's sampled deals of the same role went."""
    model = deal_model(board.ruleset)
    mine_side = 0 if board.dealer else 1
    seqs = [(tuple((0 if s == mine_side else 1, p) for s, p in row), 1.0) for row in model.pegging]
    return play_outcomes(
        seqs, need_mine=board.table.target - board.mine, need_other=board.table.target - board.other
    )


# ----------------------------------------------------------------------------- decisions


def discard_wins(options: Sequence[DiscardOption], board: Board) -> list[float]:
    """The chance to win of every discard option (in the order given), for the player of `board`.

    The kept cards are scored with every unseen starter; the crib is the sampled crib moved to
    the option's expected crib; the play and the other hand are the sampled ones (module text).
    """
    if not options:
        return []
    model = deal_model(board.ruleset)
    play = sampled_play(board)
    hand_idx = [c.index for c in (*options[0].keep, *options[0].discard)]
    held = set(hand_idx)
    unseen = [c for c in range(52) if c not in held]
    flush = board.rules.flush
    if board.dealer:
        tail = _tail(board, model.pone_hand)
    else:
        tail = _tail(board, convolve(model.dealer_hand, model.crib))
    out: list[float] = []
    seen: dict[tuple[tuple[int, float], ...], float] = {}
    for option in options:
        totals = starter_totals(
            [c.index for c in option.keep], unseen, starter_bonus=flush.starter_bonus, hand_min=flush.hand_min
        )
        hand: Counter[int] = Counter(totals)
        mine_hand = {k: v / len(unseen) for k, v in hand.items()}
        delta = option.crib_ev - model.crib_mean
        key = (*sorted(mine_hand.items()), (-1, round(delta, 6)))
        got = seen.get(key)
        if got is None:
            if board.dealer:
                show = _Show(board, mine=convolve(mine_hand, shifted(model.crib, delta)), tail=tail)
            else:
                show = _Show(board, mine=mine_hand, tail=tail, shift=delta)
            got = seen[key] = _outcome_value(play, show, board)
        out.append(got)
    return out


def play_wins(
    outcomes: PlayOutcomes,
    board: Board,
    *,
    my_show: Pmf | None = None,
    crib_ev: float | None = None,
) -> float:
    """The chance to win after a play whose rest of the play is `outcomes`: the player's show is
    `my_show` (his kept hand with the starter, when known; else the sampled one of his role), the
    other hand is sampled, and the crib is sampled (moved to `crib_ev` when known)."""
    model = deal_model(board.ruleset)
    delta = 0.0 if crib_ev is None else crib_ev - model.crib_mean
    if board.dealer:
        mine = convolve(my_show or model.dealer_hand, shifted(model.crib, delta))
        show = _Show(board, mine=mine, tail=_tail(board, model.pone_hand))
    else:
        tail = _tail(board, convolve(model.dealer_hand, model.crib))
        show = _Show(board, mine=my_show or model.pone_hand, tail=tail, shift=delta)
    return _outcome_value(outcomes, show, board)


def rank_by_win(options: Sequence[DiscardOption], board: Board) -> tuple[list[DiscardOption], list[float]]:
    """The options best first by the chance to win (ties keep the points order), with their chances."""
    wins = discard_wins(options, board)
    order = sorted(range(len(options)), key=lambda i: (-round(wins[i], 9), i))
    return [options[i] for i in order], [wins[i] for i in order]
