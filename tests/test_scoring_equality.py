"""The table-driven `score_show` gives exactly the items of the direct enumeration kept in
`trainer.engine.scoring_reference`: same items, same cards in the same order, same item order.
This is what keeps the speed work honest: a seeded 100,000-hand sample (every hand size, hand
and crib, both flush rules) and every rank pattern of 3- and 4-card hands with their starter."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

import pytest

from trainer.engine.cards import Card, Rank, Suit, full_deck
from trainer.engine.ruleset import Flush, Ruleset
from trainer.engine.scoring import ScoreItem, score_show
from trainer.engine.scoring_reference import score_show_reference

SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
CRIB_WITHOUT_STARTER = Ruleset(name="house", flush=Flush(crib_without_starter=True, starter_bonus=2))


def _same(hand: list[Card], starter: Card, *, is_crib: bool, ruleset: Ruleset | None = None) -> None:
    fast = score_show(hand, starter, is_crib=is_crib, ruleset=ruleset)
    slow = score_show_reference(hand, starter, is_crib=is_crib, ruleset=ruleset)
    assert fast == slow, (hand, starter, is_crib)
    assert all(type(item) is ScoreItem for item in fast.items)


@pytest.mark.parametrize("hands", [pytest.param(100_000, marks=pytest.mark.slow), 5_000])
def test_items_equal_the_reference_on_a_seeded_100000_hand_sample(hands: int) -> None:
    """The full sample runs in the slow lane; the fast lane checks its first 5,000 hands."""
    rng = random.Random(14)
    deck = list(full_deck())
    for i in range(hands):
        size = (4, 4, 4, 3, 5)[i % 5]  # mostly the classic four, and the 3- and 5-card hands
        cards = rng.sample(deck, size + 1)
        if i % 7 == 0:  # one suit in hand far more often than at random, to reach the flush rules
            suit = rng.randrange(4)
            same = [c for c in deck if c.index & 3 == suit]
            cards = [*rng.sample(same, size), rng.choice([c for c in deck if c not in cards])]
            if cards[-1] in cards[:-1]:
                continue
        ruleset = CRIB_WITHOUT_STARTER if i % 11 == 0 and size == 4 else None
        _same(cards[:-1], cards[-1], is_crib=i % 2 == 1, ruleset=ruleset)


def _patterns(cards: int) -> list[tuple[int, ...]]:
    """Every multiset of `cards` ranks 1..13 with at most four of a rank."""
    return [m for m in combinations_with_replacement(range(1, 14), cards) if max(m.count(r) for r in m) <= 4]


@pytest.mark.slow
@pytest.mark.parametrize("hand_size", [3, 4])
def test_items_equal_the_reference_on_every_rank_pattern(hand_size: int) -> None:
    """Each rank multiset of hand + starter, each rank as the starter, the hand in a seeded
    shuffled order (items list cards in hand order), with mixed suits and, where the hand's
    ranks differ, as a flush with and without the starter's suit (jacks give nobs)."""
    rng = random.Random(hand_size)
    checked = 0
    for pattern in _patterns(hand_size + 1):
        for starter_rank in sorted(set(pattern)):
            ranks = list(pattern)
            ranks.remove(starter_rank)
            seen: dict[int, int] = {}
            mixed = []
            for r in ranks:
                mixed.append(Card(Rank(r), SUITS[seen.get(r, 0)]))
                seen[r] = seen.get(r, 0) + 1
            starter = Card(Rank(starter_rank), SUITS[seen.get(starter_rank, 0)])
            rng.shuffle(mixed)
            variants = [(mixed, starter)]
            if len(set(ranks)) == len(ranks):
                flush = [Card(Rank(r), Suit.CLUBS) for r in ranks]
                rng.shuffle(flush)
                variants.append((flush, Card(Rank(starter_rank), Suit.HEARTS)))
                if starter_rank not in ranks:
                    variants.append((flush, Card(Rank(starter_rank), Suit.CLUBS)))
            for hand, start in variants:
                for is_crib in (False, True):
                    _same(hand, start, is_crib=is_crib)
                    checked += 1
    assert checked > (20_000 if hand_size == 4 else 5_000)
