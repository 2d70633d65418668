"""Card input is forgiving and output canonical; garbage and duplicates are refused by token."""

from __future__ import annotations

import pytest

from trainer.engine.cards import Card, Rank, Suit, full_deck, parse_cards
from trainer.engine.errors import CardParseError


@pytest.mark.parametrize("token", ["5H", "5h", "5♥", "5♡"], ids=["upper", "lower", "symbol", "white-symbol"])
def test_five_of_hearts_in_every_spelling(token: str) -> None:
    assert Card.parse(token) == Card(Rank.FIVE, Suit.HEARTS)


@pytest.mark.parametrize("token", ["10H", "TH", "th", "10♥"])
def test_ten_as_10_or_t(token: str) -> None:
    assert Card.parse(token) == Card(Rank.TEN, Suit.HEARTS)


@pytest.mark.parametrize(
    ("token", "expected"),
    [("ВЧ", "JH"), ("ДП", "QS"), ("КБ", "KD"), ("ТC", "AC"), ("вч", "JH")],
    ids=["valet", "dama", "korol", "tuz", "lowercase"],
)
def test_russian_rank_letters_are_aliases(token: str, expected: str) -> None:
    assert str(Card.parse(token)) == expected


def test_str_is_canonical_and_repr_rebuilds_the_card() -> None:
    card = Card.parse("10d")
    assert str(card) == "10D"
    assert eval(repr(card), {"Card": Card}) == card


def test_parse_cards_accepts_commas_and_spaces() -> None:
    assert [str(c) for c in parse_cards("5H, 5C,JD  AH")] == ["5H", "5C", "JD", "AH"]


def test_duplicate_points_at_the_token() -> None:
    with pytest.raises(CardParseError, match=r"card 3 of 3: '5h' is a duplicate of 5H"):
        parse_cards("5H 5C 5h")


@pytest.mark.parametrize("bad", ["5X", "1", "11H", "ZZ", "H5", "5"])
def test_garbage_is_refused_with_the_token(bad: str) -> None:
    with pytest.raises(CardParseError, match="cannot read card"):
        parse_cards(f"AH {bad}")


def test_deck_has_52_distinct_cards_with_values() -> None:
    deck = full_deck()
    assert len(set(deck)) == 52
    assert sum(c.value for c in deck) == 4 * (1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 * 4)
    assert [c.index for c in deck] == list(range(52))
    assert all(Card.from_index(c.index) == c for c in deck)
