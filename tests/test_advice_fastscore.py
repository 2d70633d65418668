"""The total-only scorer must agree with the itemised one on every hand size and flush rule: the
discard advice and the crib table trust its numbers."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.cards import Card, full_deck, parse_cards
from trainer.engine.fastscore import rank_key, rank_points, show_total, starter_totals
from trainer.engine.ruleset import Flush, Ruleset
from trainer.engine.scoring import score_show

DECK = full_deck()
CRIB_FLUSH_HOUSE = Ruleset(name="house", flush=Flush(crib_without_starter=True))


def distinct_cards(n: int) -> st.SearchStrategy[list[Card]]:
    return st.lists(st.sampled_from(DECK), min_size=n, max_size=n, unique=True)


@settings(max_examples=400, deadline=None)
@given(cards=distinct_cards(6), size=st.sampled_from([3, 4, 5]), crib=st.booleans())
def test_show_total_equals_score_show_total(cards: list[Card], size: int, crib: bool) -> None:
    hand, starter = cards[:size], cards[size]
    assert show_total(hand, starter, is_crib=crib) == score_show(hand, starter, is_crib=crib).total


@settings(max_examples=200, deadline=None)
@given(cards=distinct_cards(5))
def test_show_total_follows_the_crib_flush_house_rule(cards: list[Card]) -> None:
    hand, starter = cards[:4], cards[4]
    want = score_show(hand, starter, is_crib=True, ruleset=CRIB_FLUSH_HOUSE).total
    assert show_total(hand, starter, is_crib=True, ruleset=CRIB_FLUSH_HOUSE) == want


@settings(max_examples=100, deadline=None)
@given(cards=distinct_cards(4))
def test_starter_totals_score_every_starter(cards: list[Card]) -> None:
    idx = [c.index for c in cards]
    starters = [c for c in range(52) if c not in idx]
    totals = starter_totals(idx, starters)
    assert totals == [score_show(cards, Card.from_index(s)).total for s in starters]


def test_the_29_hand() -> None:
    hand = parse_cards("5H 5C 5S JD")
    assert show_total(hand, Card.parse("5D")) == 29


def test_rank_points_double_double_run_is_16_plus_fifteens() -> None:
    # 7-7-8-8-9 (rules spec §1.4 shorthand): 4 runs of 3 (12) + 2 pairs (4) = 16, fifteens 7+8 x4 = 8
    assert rank_points(rank_key([6, 6, 7, 7, 8])) == 24
