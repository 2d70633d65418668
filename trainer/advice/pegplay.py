"""The play's arithmetic shared by the pegging models: points of a card on a count, the greedy
policy and its play-out (`trainer.advice.pegging`, `trainer.advice.playout`, `peg_board`), and
the opponent's holdings as rank multisets (`trainer.advice.search`). Ranks are indices 0-12."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from math import comb

from trainer.engine.fastscore import VALUES

_PAIR_POINTS = (0, 0, 2, 6, 12)


def _danger(count: int) -> int:
    """How inviting a count is for the next player: 2 when any ten-card makes 15 or 31."""
    if count in (5, 21):
        return 2
    if (count < 15 and 15 - count <= 9) or (15 < count < 31 and 31 - count <= 9):
        return 1
    return 0


DANGER: tuple[int, ...] = tuple(_danger(n) for n in range(32))

_POINTS: dict[tuple[int, ...], int] = {}


def play_points(series: tuple[int, ...]) -> int:
    """Points for the last card of a count given as rank indices (15, 31, pairs, runs)."""
    pts = _POINTS.get(series)
    if pts is None:
        if len(_POINTS) > 2_000_000:  # the search meets many series: keep the memory bounded
            _POINTS.clear()
        pts = _POINTS[series] = _play_points(series)
    return pts


def _play_points(series: tuple[int, ...]) -> int:
    count = sum(VALUES[r] for r in series)
    pts = 2 if count in (15, 31) else 0
    last = series[-1]
    n = len(series)
    same = 1
    while same < n and series[-1 - same] == last:
        same += 1
    if same >= 2:
        return pts + _PAIR_POINTS[same]
    # The longest tail of distinct ranks that are consecutive: grow the tail one card at a time
    # (a repeated rank ends every longer tail too).
    low = high = last
    seen = 1 << last
    run = 0
    for i in range(n - 2, -1, -1):
        r = series[i]
        if seen >> r & 1:
            break
        seen |= 1 << r
        low = min(low, r)
        high = max(high, r)
        length = n - i
        if length >= 3 and high - low == length - 1:
            run = length
    return pts + run


def _choose(hand: list[int], count: int, series: tuple[int, ...]) -> int:
    """The greedy policy's card (rank index), or -1 when nothing fits under 31."""
    best = -1
    best_key = (-1, 0, 0)
    for r in hand:
        new = count + VALUES[r]
        if new > 31:
            continue
        key = (play_points((*series, r)), -DANGER[new], VALUES[r])
        if key > best_key:
            best, best_key = r, key
    return best


@dataclass
class _Outcome:
    net: int
    reply: int  # points of the opponent's next card (0 when he cannot reply at once)
    reply_kind: str


def _rollout(
    first: int,
    mine: list[int],
    theirs: list[int],
    series: tuple[int, ...],
    count: int,
    opp_go: bool,
    single: bool,
) -> _Outcome:
    """Play `first` for seat 0 (me), then both seats greedily to the end; my net points.

    Follows the engine's procedure (trainer.engine.pegging): after a play the other seat acts if
    it has not said go and holds cards, else the same seat; when neither can act the last
    player pegs the go, and a new count is led by the other seat if it still holds cards.
    """
    hands = [mine, theirs]
    go = [False, opp_go]
    net = 0
    reply = 0
    reply_kind = ""
    watching = False  # True while the opponent's answer to `first` is the next action
    turn = 0
    last = 0
    card = first
    first_done = False
    while True:
        p = turn
        if p == 0 and first_done:
            watching = False
        if card < 0 and not go[p]:
            card = _choose(hands[p], count, series)
        if card >= 0:
            hands[p].remove(card)
            count += VALUES[card]
            series = (*series, card)
            pts = play_points(series)
            if p == 0:
                net += pts
                watching = not first_done
                first_done = True
            else:
                net -= pts
                if watching and pts:
                    reply, reply_kind = pts, _kind(series)
                watching = False
            last = p
            card = -1
            if count == 31:
                if single or not (hands[0] or hands[1]):
                    break
                count, series, go = 0, (), [False, False]
                turn = 1 - last if hands[1 - last] else last
                watching = False
                continue
            if not (hands[0] or hands[1]):
                net += 1 if last == 0 else -1  # last card
                break
        else:
            go[p] = True
            watching = False
        q = 1 - p
        if not go[q] and hands[q]:
            turn = q
        elif not go[p] and hands[p]:
            turn = p
        else:
            net += 1 if last == 0 else -1  # go
            if single or not (hands[0] or hands[1]):
                break
            count, series, go = 0, (), [False, False]
            turn = 1 - last if hands[1 - last] else last
            watching = False
    return _Outcome(net, reply, reply_kind)


def _kind(series: tuple[int, ...]) -> str:
    """The main scoring item of the last card, for the reason text."""
    count = sum(VALUES[r] for r in series)
    same = 1
    while same < len(series) and series[-1 - same] == series[-1]:
        same += 1
    if same >= 2:
        return ("", "", "pair", "pair royal", "double pair royal")[same]
    if play_points(series) - (2 if count in (15, 31) else 0) > 0:
        return "run"
    return "31" if count == 31 else "15"


def _enumerate(unseen: Counter[int], k: int, limit: int) -> Counter[tuple[int, ...]] | None:
    """Every rank multiset of size k with its number of card sets; None if more than `limit`."""
    ranks = sorted(unseen)
    out: Counter[tuple[int, ...]] = Counter()
    chosen: list[int] = []

    def rec(i: int, left: int, weight: int) -> bool:
        if left == 0:
            out[tuple(chosen)] += weight
            return len(out) <= limit
        if i == len(ranks):
            return True
        r = ranks[i]
        for m in range(min(left, unseen[r]), -1, -1):
            chosen.extend([r] * m)
            ok = rec(i + 1, left - m, weight * comb(unseen[r], m))
            del chosen[len(chosen) - m :]
            if not ok:
                return False
        return True

    if not rec(0, k, 1):
        return None
    if not out:
        out[()] = 1
    return out
