"""The plain, obviously-correct show scorer: every subset, pair and run enumerated card by card.

`trainer.engine.scoring.score_show` answers from tables keyed by the hand's ranks, which is fast
but indirect. This module keeps the direct algorithm as the reference it must match item for
item, in the same order (tests/test_scoring_equality.py compares them on a seeded 100,000-hand
sample and on every rank pattern); nothing else in the product calls it.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from trainer.engine.cards import Card, Rank
from trainer.engine.ruleset import Ruleset
from trainer.engine.scoring import ScoreBreakdown, ScoreItem, _partial_flush, check_show_cards, subsets


def _fifteens(cards: Sequence[Card]) -> list[ScoreItem]:
    """Every subset of 2+ cards summing to 15; subset sums built from smaller subsets."""
    values = [c.value for c in cards]
    sums = {1 << i: v for i, v in enumerate(values)}
    out = []
    for mask, low, combo in subsets(len(cards)):
        total = sums[mask & ~(1 << low)] + values[low]
        sums[mask] = total
        if total == 15:
            out.append(ScoreItem("fifteen", tuple(cards[i] for i in combo), 2))
    return out


def _pairs(cards: Sequence[Card]) -> list[ScoreItem]:
    return [ScoreItem("pair", (a, b), 2) for a, b in combinations(cards, 2) if a.rank is b.rank]


def _runs(cards: Sequence[Card]) -> list[ScoreItem]:
    """Each maximal run of 3+ ranks, once per way of choosing one card of each rank."""
    by_rank: dict[int, list[Card]] = {}
    for card in cards:
        by_rank.setdefault(int(card.rank), []).append(card)
    if len(by_rank) < 3:
        return []
    out: list[ScoreItem] = []
    ranks = sorted(by_rank)
    start = 0
    for i in range(1, len(ranks) + 1):
        if i == len(ranks) or ranks[i] != ranks[i - 1] + 1:
            if i - start >= 3:
                groups = [by_rank[r] for r in ranks[start:i]]
                for choice in _product(groups):
                    out.append(ScoreItem("run", tuple(choice), i - start))
            start = i
    return out


def _product(groups: list[list[Card]]) -> list[list[Card]]:
    result: list[list[Card]] = [[]]
    for group in groups:
        result = [[*prefix, card] for prefix in result for card in group]
    return result


def _flush(hand: Sequence[Card], starter: Card, *, is_crib: bool, ruleset: Ruleset | None) -> list[ScoreItem]:
    suits = {c.suit for c in hand}
    if len(suits) != 1:
        return _partial_flush(hand, starter, is_crib=is_crib, ruleset=ruleset)
    with_starter = starter.suit in suits
    bonus = ruleset.flush.starter_bonus if ruleset else 1
    if with_starter:
        return [ScoreItem("flush", (*hand, starter), len(hand) + bonus)]
    if is_crib and not (ruleset and ruleset.flush.crib_without_starter):
        return []
    return [ScoreItem("flush", tuple(hand), len(hand))]


def _nobs(hand: Sequence[Card], starter: Card) -> list[ScoreItem]:
    return [
        ScoreItem("nobs", (c, starter), 1) for c in hand if c.rank == Rank.JACK and c.suit == starter.suit
    ]


def score_show_reference(
    hand: Sequence[Card], starter: Card, *, is_crib: bool = False, ruleset: Ruleset | None = None
) -> ScoreBreakdown:
    """Itemised show count by direct enumeration (the reference for `score_show`)."""
    check_show_cards(hand, starter, is_crib=is_crib, ruleset=ruleset)
    everything = (*hand, starter)
    items = (
        _fifteens(everything)
        + _pairs(everything)
        + _runs(everything)
        + _flush(hand, starter, is_crib=is_crib, ruleset=ruleset)
        + _nobs(hand, starter)
    )
    return ScoreBreakdown(tuple(items))
