"""The expert's pegging: a model of the opponent's hand and a search of the rest of the play.

Two parts, both over rank multisets (suits never matter in the play):

- **The opponent model** (`holding_weights`). Every holding of the right size drawn from the
  unseen cards starts with its number of card sets. A holding that contradicts what the opponent
  did gets weight 0: a player who said go at count c held no card worth 31 - c or less (the go
  rule), so every card he still holds is worth more. The rest are weighted by how likely a
  sensible player was to keep them: the opponent's kept hand (the cards he has played this deal
  plus the holding) is worth `exp(BETA * points + FIVES * fives)`, its points counted without a
  starter (fifteens, pairs, runs). BETA and FIVES were fitted by maximum likelihood to the
  expert's own discards (a conditional logit over the 15 ways to keep 4 of 6 classic cards,
  2,000 seeded deals, `scripts/fit_keep_model.py`), so holdings that keep pairs, fifteens and
  5s are likelier, as at a real table.
- **The search** (`search_values`). For each holding the rest of the play is searched to the
  end with both seats choosing by minimax on the net points (the player maximises, the
  opponent minimises; go, last card, 31 and the single count as in `trainer.engine.pegging`):
  a determinized expectimax, the holdings being the chance layer. The opponent's replies are
  chosen by search, not by a fixed policy. Within one determinization each seat sees both
  hands, which flatters the opponent a little (the usual cost of determinizing); the holdings'
  weights carry what the player really knows.

Exact or sampled: every holding is searched when the estimated work fits the budget; otherwise
`samples` holdings are drawn by systematic sampling proportional to their weights (one seeded
offset, the same holdings for every candidate card: common random numbers), and the standard
error of each card's difference to the best card is reported, so a verdict can say whether it is
inside the noise.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from trainer.advice.pegplay import _POINTS, DANGER, _enumerate, _rollout, play_points
from trainer.engine.bots import _rank_points
from trainer.engine.fastscore import VALUES

# (BETA per point of the kept hand counted without a starter, FIVES per 5 kept) by the role of
# the player who kept it (True: the dealer, False: the pone, None: unknown), fitted by
# `scripts/fit_keep_model.py --deals 2000 --seed 18` (see the module text).
KEEP: dict[bool | None, tuple[float, float]] = {
    True: (0.41, -0.56),
    False: (0.40, -0.275),
    None: (0.405, -0.41),
}
MIX = 1.0  # the opponent's reply: 1 his best (minimax), 0 his usual greedy card, between: a mix
GREEDY = False  # True: both seats play the greedy policy after the first card (the old model)
SEARCH_CARDS = 8  # search when both hands together hold at most this many cards
NODE_BUDGET = 96_000  # estimated search work (`estimated_nodes`) for the exact mode
SAMPLES = 60  # the fewest holdings drawn in the sampled mode

_Key = tuple[tuple[int, ...], tuple[int, ...], int, bool, str]
_CACHE: dict[_Key, float] = {}
_HABIT = ""  # the opponent's follows by a habit (`trainer.advice.opponent`); "": his best reply
_CACHE_LIMIT = 400_000


# ----------------------------------------------------------------------------- the opponent model


def consistent(holding: Sequence[int], go_counts: Sequence[int]) -> bool:
    """A holding (rank indices) fits the goes the opponent said: at count c he held nothing
    worth 31 - c or less, so every card he holds now is worth more than that."""
    if not go_counts or not holding:
        return True
    room = 31 - min(go_counts)
    return all(VALUES[r] > room for r in holding)


def keep_weight(kept: Sequence[int], dealer: bool | None = None) -> float:
    """How likely a sensible player (the dealer, the pone, or either: None) keeps these cards
    (rank indices), up to a constant."""
    ranks = tuple(sorted(r + 1 for r in kept))
    beta, fives = KEEP[dealer]
    return math.exp(beta * _rank_points(ranks) + fives * sum(1 for r in kept if r == 4))


def holding_weights(
    unseen: Counter[int],
    k: int,
    *,
    opp_played: Sequence[int] = (),
    go_counts: Sequence[int] = (),
    hand_size: int | None = None,
    dealer: bool | None = None,
    limit: int = 60_000,
) -> tuple[dict[tuple[int, ...], float], int] | None:
    """Every rank multiset of size k the opponent may hold, with its weight (card sets x
    consistency x the keep model when his whole kept hand is `opp_played` plus the holding;
    `dealer`: whether he is the dealer, None when not known); None when there are more than
    `limit` multisets), and the number of card sets behind the holdings kept."""
    counts = _enumerate(unseen, k, limit)
    if counts is None:
        return None
    sets = 0
    prior = hand_size is not None and len(opp_played) + k == hand_size and k > 0
    out: dict[tuple[int, ...], float] = {}
    for holding, n in counts.items():
        if not consistent(holding, go_counts):
            continue
        sets += n
        w = float(n)
        if prior:
            w *= keep_weight((*opp_played, *holding), dealer)
        out[holding] = w
    return out, sets


def sampled_weights(
    pool: Sequence[int],
    k: int,
    rng: random.Random,
    draws: int,
    *,
    opp_played: Sequence[int] = (),
    go_counts: Sequence[int] = (),
    hand_size: int | None = None,
    dealer: bool | None = None,
) -> dict[tuple[int, ...], float]:
    """Too many multisets to list: card sets drawn uniformly, weighted by consistency and the
    keep model (importance weights)."""
    prior = hand_size is not None and len(opp_played) + k == hand_size and k > 0
    out: dict[tuple[int, ...], float] = {}
    for _ in range(draws):
        holding = tuple(sorted(rng.sample(list(pool), k)))
        if not consistent(holding, go_counts):
            continue
        w = keep_weight((*opp_played, *holding), dealer) if prior else 1.0
        out[holding] = out.get(holding, 0.0) + w
    return out


def systematic(
    weights: dict[tuple[int, ...], float], n: int, rng: random.Random
) -> dict[tuple[int, ...], int]:
    """n holdings drawn proportionally to their weights by systematic sampling (one random
    offset): each holding is drawn floor or ceil of n x its share times."""
    items = sorted(weights.items())
    total = sum(w for _, w in items)
    step = total / n
    at = rng.random() * step
    out: dict[tuple[int, ...], int] = {}
    acc = 0.0
    for holding, w in items:
        acc += w
        while at < acc and sum(out.values()) < n:
            out[holding] = out.get(holding, 0) + 1
            at += step
    return out


# ----------------------------------------------------------------------------- the search


_INF = 1000.0


def _node(
    h0: tuple[int, ...],
    h1: tuple[int, ...],
    series: tuple[int, ...],
    count: int,
    g0: bool,
    g1: bool,
    turn: int,
    last: int,
    single: bool,
    alpha: float,
    beta: float,
) -> float:
    """Net points for seat 0 from here to the end of the play, both seats by minimax (seat 0
    maximises); alpha-beta: a value outside (alpha, beta) is only a bound. Fresh counts (the
    positions that different orders of play reach alike) are remembered exactly."""
    fresh = not series
    if fresh:
        key = (h0, h1, turn, single, _HABIT)
        hit = _CACHE.get(key)
        if hit is not None:
            return hit
        alpha, beta = -_INF, _INF  # searched exactly, so the value can be remembered
    hand = h0 if turn == 0 else h1
    said = g0 if turn == 0 else g1
    moves: list[tuple[int, int, int]] = []
    if not said:
        room = 31 - count
        tried = -1
        for i, r in enumerate(hand):
            if r != tried and VALUES[r] <= room:
                tried = r
                new = (*series, r)
                pts = _POINTS.get(new)
                if pts is None:
                    pts = play_points(new)
                moves.append((pts, i, r))
    if not moves:  # go
        if turn == 0:
            value = _next(0, h0, h1, series, count, True, g1, last, single, alpha, beta)
        else:
            value = _next(1, h0, h1, series, count, g0, True, last, single, alpha, beta)
    elif turn == 1 and _HABIT and series and len(moves) > 1:
        value = _habit_reply(moves, hand, h0, h1, series, count, g0, g1, single, alpha, beta)
    elif turn == 1 and MIX < 1:
        # The opponent's usual card: most points now, then away from danger, then the higher
        # card (`pegging._choose`); MIX of the value is his best reply instead.
        pts, i, r = max(moves, key=lambda m: (m[0], -DANGER[count + VALUES[m[2]]], VALUES[m[2]]))
        if MIX == 0:
            value = _after_play(
                1, hand[:i] + hand[i + 1 :], h0, h1, series, count, r, pts, g0, g1, single, alpha, beta
            )
        else:
            each = [
                _after_play(
                    1, hand[:j] + hand[j + 1 :], h0, h1, series, count, q, p2, g0, g1, single, -_INF, _INF
                )
                for p2, j, q in moves
            ]
            usual = each[moves.index((pts, i, r))]
            value = MIX * min(each) + (1 - MIX) * usual
    else:
        if len(moves) > 1:
            moves.sort(reverse=True)
        value = -_INF if turn == 0 else _INF
        for pts, i, r in moves:
            rest = hand[:i] + hand[i + 1 :]
            v = _after_play(turn, rest, h0, h1, series, count, r, pts, g0, g1, single, alpha, beta)
            if turn == 0:
                if v > value:
                    value = v
                    if v > alpha:
                        alpha = v
            elif v < value:
                value = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
    if fresh:
        if len(_CACHE) > _CACHE_LIMIT:
            _CACHE.clear()
        _CACHE[key] = value
    return value


def _habit_reply(
    moves: list[tuple[int, int, int]],
    hand: tuple[int, ...],
    h0: tuple[int, ...],
    h1: tuple[int, ...],
    series: tuple[int, ...],
    count: int,
    g0: bool,
    g1: bool,
    single: bool,
    alpha: float,
    beta: float,
) -> float:
    """The opponent follows by his habit: the mean over the cards it allows him alike."""
    if _HABIT == "high":
        top = max(m[0] for m in moves)
        if top > 0:
            tied = [m for m in moves if m[0] == top]
        else:
            high = max(VALUES[m[2]] for m in moves)
            tied = [m for m in moves if VALUES[m[2]] == high]
    else:
        best = max((m[0], -DANGER[count + VALUES[m[2]]], VALUES[m[2]]) for m in moves)
        tied = [m for m in moves if (m[0], -DANGER[count + VALUES[m[2]]], VALUES[m[2]]) == best]
    if len(tied) == 1:
        pts, i, r = tied[0]
        rest = hand[:i] + hand[i + 1 :]
        return _after_play(1, rest, h0, h1, series, count, r, pts, g0, g1, single, alpha, beta)
    total = 0.0
    for pts, i, r in tied:
        rest = hand[:i] + hand[i + 1 :]
        total += _after_play(1, rest, h0, h1, series, count, r, pts, g0, g1, single, -_INF, _INF)
    return total / len(tied)


def _after_play(
    p: int,
    rest: tuple[int, ...],
    h0: tuple[int, ...],
    h1: tuple[int, ...],
    series: tuple[int, ...],
    count: int,
    r: int,
    pts: int,
    g0: bool,
    g1: bool,
    single: bool,
    alpha: float,
    beta: float,
) -> float:
    """Seat p plays rank r for `pts` (its hand becomes `rest`), then the rest of the play."""
    gain = pts if p == 0 else -pts
    if p == 0:
        h0 = rest
    else:
        h1 = rest
    count += VALUES[r]
    if count == 31:
        if single or not (h0 or h1):
            return gain
        nxt = 1 - p if (h1 if p == 0 else h0) else p
        return gain + _node(h0, h1, (), 0, False, False, nxt, p, single, alpha - gain, beta - gain)
    if not (h0 or h1):
        return gain + (1 if p == 0 else -1)  # last card
    return gain + _next(p, h0, h1, (*series, r), count, g0, g1, p, single, alpha - gain, beta - gain)


def _next(
    p: int,
    h0: tuple[int, ...],
    h1: tuple[int, ...],
    series: tuple[int, ...],
    count: int,
    g0: bool,
    g1: bool,
    last: int,
    single: bool,
    alpha: float,
    beta: float,
) -> float:
    """Who acts after seat p's action: the other seat if it can, else p, else the go."""
    if p == 0:
        if not g1 and h1:
            return _node(h0, h1, series, count, g0, g1, 1, last, single, alpha, beta)
        if not g0 and h0:
            return _node(h0, h1, series, count, g0, g1, 0, last, single, alpha, beta)
    else:
        if not g0 and h0:
            return _node(h0, h1, series, count, g0, g1, 0, last, single, alpha, beta)
        if not g1 and h1:
            return _node(h0, h1, series, count, g0, g1, 1, last, single, alpha, beta)
    point = 1 if last == 0 else -1  # the go
    if single or not (h0 or h1):
        return point
    other = h1 if last == 0 else h0
    lead = 1 - last if other else last
    return point + _node(h0, h1, (), 0, False, False, lead, last, single, alpha - point, beta - point)


def searchable(mine: int, theirs: int) -> bool:
    return mine + theirs <= SEARCH_CARDS


def root_values(
    mine: tuple[int, ...],
    theirs: tuple[int, ...],
    series: tuple[int, ...],
    opp_go: bool,
    single: bool,
    ranks: Sequence[int],
) -> dict[int, float]:
    """The value for seat 0 of playing each rank in `ranks` now, against one holding."""
    out: dict[int, float] = {}
    h0 = tuple(sorted(mine))
    h1 = tuple(sorted(theirs))
    count = sum(VALUES[r] for r in series)
    if GREEDY:
        return {r: float(_rollout(r, list(h0), list(h1), series, count, opp_go, single).net) for r in ranks}
    for r in ranks:
        i = h0.index(r)
        rest = h0[:i] + h0[i + 1 :]
        pts = play_points((*series, r))
        out[r] = _after_play(0, rest, h0, h1, series, count, r, pts, False, opp_go, single, -_INF, _INF)
    return out


def estimated_nodes(mine: int, theirs: int) -> int:
    """The work of one holding's search (all candidates), in units of about 3 microseconds:
    roughly doubling with each card in play (timed on classic positions: 4 against 4 cards
    about 0.8 ms, 3 against 3 about 0.2 ms)."""
    return (1 << (mine + theirs)) + 8


@dataclass(frozen=True, slots=True)
class SearchResult:
    """Each candidate rank's expected net points, and the standard error of its difference to the
    best candidate (0 when exact)."""

    values: dict[int, float]
    error: dict[int, float]
    exact: bool
    holdings: int
    searched: dict[tuple[int, ...], float]  # the holdings searched, with their weights


def search_values(
    mine: Sequence[int],
    weights: dict[tuple[int, ...], float],
    series: tuple[int, ...],
    ranks: Sequence[int],
    *,
    opp_go: bool,
    single: bool,
    rng: random.Random,
    budget: int = NODE_BUDGET,
    samples: int = SAMPLES,
    habit: str = "",
) -> SearchResult:
    """The expectimax over the holdings: exact when the estimated work (`estimated_nodes`) fits
    `budget`, else over as many systematic draws as fit it, at least `samples` (see the module
    text)."""
    mine_t = tuple(sorted(mine))
    k = len(next(iter(weights))) if weights else 0
    cost = estimated_nodes(len(mine_t), k)
    draws = max(samples, budget // cost)
    exact = len(weights) * cost <= budget or len(weights) <= draws
    drawn = {} if exact else systematic(weights, draws, rng)
    chosen = dict(weights) if exact else {h: float(n) for h, n in drawn.items()}
    total = sum(chosen.values())
    sums = dict.fromkeys(ranks, 0.0)
    per: list[tuple[float, dict[int, float]]] = []
    global _HABIT
    before, _HABIT = _HABIT, habit
    try:
        searched = [(w, root_values(mine_t, h, series, opp_go, single, ranks)) for h, w in chosen.items()]
    finally:
        _HABIT = before
    for w, vals in searched:
        for r in ranks:
            sums[r] += w * vals[r]
        if not exact:
            per.append((w, vals))
    values = {r: sums[r] / total for r in ranks}
    error = dict.fromkeys(ranks, 0.0)
    if not exact and total > 1:
        top = max(ranks, key=lambda r: values[r])
        for r in ranks:
            mean = values[top] - values[r]
            var = sum(w * ((v[top] - v[r]) - mean) ** 2 for w, v in per) / (total - 1)
            error[r] = math.sqrt(var / total)
    return SearchResult(values, error, exact, len(chosen), chosen)
