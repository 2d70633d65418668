"""Property tests: the breakdown always adds up, order never matters, impossible totals never
appear, and pegging never accepts a count over 31."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.cards import Card, full_deck
from trainer.engine.errors import ScoringError
from trainer.engine.ruleset import Ruleset
from trainer.engine.scoring import play_count, score_play, score_show

DECK = full_deck()


def distinct_cards(n: int) -> st.SearchStrategy[list[Card]]:
    return st.lists(st.sampled_from(DECK), min_size=n, max_size=n, unique=True)


@settings(max_examples=300, deadline=None)
@given(cards=distinct_cards(5), crib=st.booleans())
def test_total_equals_sum_of_items(cards: list[Card], crib: bool) -> None:
    b = score_show(cards[:4], cards[4], is_crib=crib)
    assert b.total == sum(i.points for i in b.items)
    assert b.total == sum(b.by_kind().values())


@settings(max_examples=300, deadline=None)
@given(cards=distinct_cards(5), data=st.data())
def test_score_is_invariant_under_reordering_the_hand(cards: list[Card], data: st.DataObject) -> None:
    hand = cards[:4]
    shuffled = data.draw(st.permutations(hand))
    assert score_show(hand, cards[4]).total == score_show(shuffled, cards[4]).total


@settings(max_examples=500, deadline=None)
@given(cards=distinct_cards(5), crib=st.booleans())
def test_four_card_hand_never_scores_19_25_26_27_or_over_29(cards: list[Card], crib: bool) -> None:
    total = score_show(cards[:4], cards[4], is_crib=crib).total
    assert total not in (19, 25, 26, 27)
    assert 0 <= total <= 29


@settings(max_examples=300, deadline=None)
@given(cards=st.lists(st.sampled_from(DECK), min_size=1, max_size=8, unique=True))
def test_pegging_never_accepts_a_count_over_31(cards: list[Card]) -> None:
    if play_count(cards) > 31:
        with pytest.raises(ScoringError, match="past 31"):
            score_play(cards)
    else:
        assert score_play(cards).total >= 0


@settings(max_examples=200, deadline=None)
@given(cards=distinct_cards(6))
def test_seven_card_game_show_never_exceeds_46(cards: list[Card], seven_card: Ruleset) -> None:
    assert score_show(cards[:5], cards[5], ruleset=seven_card).total <= 46
