"""Total-only show scoring for the hot loops of the advice layer.

`score_show` builds an itemised breakdown, which the drills need but an expected-value loop does
not: ranking 15 discards over 46 starters, or building the crib table from hundreds of thousands
of simulated cribs, only needs totals. Fifteens, pairs and runs depend on the ranks alone, so the
rank part of a show is looked up by a rank-multiset key and memoised (6,175 five-card multisets
at most); flush and nobs are the only suit-dependent items and cost a few integer tests.

Cards here are plain ints 0..51 (`Card.index`: rank-major, `index >> 2` is the rank 0..12 with the
ace as 0, `index & 3` the suit), so callers can keep hands in lists of ints. A property test pins
`show_total(...) == score_show(...).total` for every hand size and both flush rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import comb

from trainer.engine.cards import Card
from trainer.engine.ruleset import Ruleset

JACK = 10  # rank index of the jack (ace = 0)
VALUES: tuple[int, ...] = tuple(min(r + 1, 10) for r in range(13))
"""Counting value of each rank index 0..12."""
RANK_BIT: tuple[int, ...] = tuple(1 << (3 * r) for r in range(13))
"""Adding `RANK_BIT[r]` to a rank key adds one card of rank index r (3 bits per rank, max 4)."""

_RANK_POINTS: dict[int, int] = {}


def rank_key(ranks: Iterable[int]) -> int:
    """The multiset key of rank indices 0..12 (order-free, so equal multisets share one entry)."""
    key = 0
    for r in ranks:
        key += RANK_BIT[r]
    return key


def key_of(cards: Iterable[int]) -> int:
    """The rank key of card indices 0..51."""
    key = 0
    for c in cards:
        key += RANK_BIT[c >> 2]
    return key


_MISSES_BEFORE_TABLE = 64
_misses = [0]


def rank_points(key: int) -> int:
    """Fifteens, pairs and runs of a rank multiset (memoised: the same few thousand recur).

    A process that keeps missing is in an expected-value loop: it then reads every five-card
    multiset at once from the shipped table (6 ms), where working out the few thousand it meets
    one by one cost a discard review's first question some 40 ms. A process that scores a few
    hands (`crib count`) never reads it."""
    points = _RANK_POINTS.get(key)
    if points is None:
        _misses[0] += 1
        if _misses[0] == _MISSES_BEFORE_TABLE:
            _load_five_card_table()
            points = _RANK_POINTS.get(key)
        if points is None:
            points = _RANK_POINTS[key] = _rank_points(key)
    return points


def five_card_keys() -> list[int]:
    """Every five-card rank multiset's key (at most four of a rank), in one fixed order."""
    from itertools import combinations_with_replacement

    keys = []
    for ranks in combinations_with_replacement(range(13), 5):
        if ranks[0] != ranks[4]:
            keys.append(rank_key(ranks))
    return keys


def _load_five_card_table() -> None:
    from trainer._generated.rank_points import FIVE

    _RANK_POINTS.update(zip(five_card_keys(), FIVE, strict=True))


def _rank_points(key: int) -> int:
    counts = [(key >> (3 * r)) & 7 for r in range(13)]
    ways = [1] + [0] * 15  # ways[t]: subsets of the ranks seen so far summing to t
    pairs = 0
    for r, k in enumerate(counts):
        if not k:
            continue
        pairs += k * (k - 1)  # C(k, 2) pairs, 2 points each
        value = VALUES[r]
        new = ways[:]
        for take in range(1, k + 1):
            shift = value * take
            if shift > 15:
                break
            weight = comb(k, take)
            for total in range(16 - shift):
                if ways[total]:
                    new[total + shift] += weight * ways[total]
        ways = new
    runs = 0
    r = 0
    while r < 13:
        if not counts[r]:
            r += 1
            continue
        start, mult = r, 1
        while r < 13 and counts[r]:
            mult *= counts[r]
            r += 1
        if r - start >= 3:
            runs += (r - start) * mult
    return 2 * ways[15] + pairs + runs


def suit_extras(
    hand: Sequence[int],
    *,
    is_crib: bool,
    starter_bonus: int = 1,
    crib_without_starter: bool = False,
    hand_min: int | None = None,
) -> tuple[int, int, int, int]:
    """Flush and nobs points of `hand` for a starter of each suit 0..3 (the suit-dependent part).
    `hand_min` below the hand size (club option C5) lets that many cards of one suit score."""
    extras = [0, 0, 0, 0]
    suit = hand[0] & 3
    if all((c & 3) == suit for c in hand):
        plain = len(hand) if (not is_crib or crib_without_starter) else 0
        for s in range(4):
            extras[s] = len(hand) + starter_bonus if s == suit else plain
    elif hand_min is not None and not is_crib and hand_min < len(hand):
        for s in range(4):
            same = sum(1 for c in hand if (c & 3) == s)
            if same >= hand_min:
                for t in range(4):
                    extras[t] = same + starter_bonus if t == s else same
    for c in hand:
        if c >> 2 == JACK:
            extras[c & 3] += 1
    return extras[0], extras[1], extras[2], extras[3]


def show_total_idx(
    hand: Sequence[int],
    starter: int,
    *,
    is_crib: bool = False,
    starter_bonus: int = 1,
    crib_without_starter: bool = False,
    hand_min: int | None = None,
) -> int:
    """Show total of card indices `hand` + `starter` (no validation: callers pass distinct cards)."""
    total = rank_points(key_of(hand) + RANK_BIT[starter >> 2])
    extras = suit_extras(
        hand,
        is_crib=is_crib,
        starter_bonus=starter_bonus,
        crib_without_starter=crib_without_starter,
        hand_min=hand_min,
    )
    return total + extras[starter & 3]


def starter_totals(
    hand: Sequence[int],
    starters: Sequence[int],
    *,
    is_crib: bool = False,
    starter_bonus: int = 1,
    crib_without_starter: bool = False,
    hand_min: int | None = None,
) -> list[int]:
    """Show total of `hand` with each starter in turn: 13 rank lookups at most, then additions."""
    key = key_of(hand)
    by_rank = [rank_points(key + bit) for bit in RANK_BIT]
    extras = suit_extras(
        hand,
        is_crib=is_crib,
        starter_bonus=starter_bonus,
        crib_without_starter=crib_without_starter,
        hand_min=hand_min,
    )
    return [by_rank[s >> 2] + extras[s & 3] for s in starters]


def show_total(
    hand: Sequence[Card], starter: Card, *, is_crib: bool = False, ruleset: Ruleset | None = None
) -> int:
    """Same number as `score_show(hand, starter, ...).total`, without building the items."""
    return show_total_idx(
        [c.index for c in hand],
        starter.index,
        is_crib=is_crib,
        starter_bonus=ruleset.flush.starter_bonus if ruleset else 1,
        crib_without_starter=bool(ruleset and ruleset.flush.crib_without_starter),
        hand_min=ruleset.flush.hand_min if ruleset else None,
    )
