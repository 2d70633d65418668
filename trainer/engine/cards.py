"""Cards as small immutable values that parse and print themselves.

Input is forgiving (5H, 5h, 5♥, 10H, TH, and the Russian letters В Д К Т for J Q K A) because
people type cards in a hurry; output is always the canonical ASCII form `10H` so JSON and files
stay stable, with symbols and colour added only by the CLI's renderer.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import Enum, IntEnum

from trainer.engine.errors import CardParseError


class Rank(IntEnum):
    """Card rank; the int value is the order for runs and the draw (ace low)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def value_15(self) -> int:
        """Counting value for fifteens and the pegging count (court cards count 10)."""
        return min(int(self), 10)

    @property
    def label(self) -> str:
        return _RANK_LABELS[self]


_RANK_LABELS = {
    Rank.ACE: "A",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    **{Rank(v): str(v) for v in range(2, 11)},
}


class Suit(Enum):
    """Suit; matters only for flushes, nobs and heels."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def index(self) -> int:
        return _SUIT_ORDER.index(self)


_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}

_RANK_ALIASES: dict[str, Rank] = {
    "A": Rank.ACE,
    "1": Rank.ACE,
    "T": Rank.TEN,
    "10": Rank.TEN,
    "J": Rank.JACK,
    "Q": Rank.QUEEN,
    "K": Rank.KING,
    # Russian rank letters (the initials of jack, queen, king and ace in Russian).
    "В": Rank.JACK,
    "Д": Rank.QUEEN,
    "К": Rank.KING,
    "Т": Rank.ACE,
    **{str(v): Rank(v) for v in range(2, 10)},
}
_SUIT_ALIASES: dict[str, Suit] = {
    "S": Suit.SPADES,
    "H": Suit.HEARTS,
    "D": Suit.DIAMONDS,
    "C": Suit.CLUBS,
    "♠": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "♣": Suit.CLUBS,
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
    # Russian suit letters (the initials of spades, hearts, diamonds and clubs in Russian).
    "П": Suit.SPADES,
    "Ч": Suit.HEARTS,
    "Б": Suit.DIAMONDS,
    "Т": Suit.CLUBS,  # Cyrillic Т: the ace as a rank (first), clubs as a suit (second): ТТ = A♣
}
_TOKEN = r"^(10|[" + "".join(k for k in _RANK_ALIASES if len(k) == 1) + r"])(.)$"
"""A card token: a rank (any one-character alias, or 10) then one suit character (compiled on
first use: canonical spellings are read from a table)."""


class Card:
    """One card of the 52-card pack; `str(card)` is the canonical `10H` form.

    There are exactly 52 instances: `Card(rank, suit)`, `Card.parse`, copies and unpickling all
    return the one card of the pack, so equality and hashing are identity (done in C). Scoring
    and the bots hash and compare cards millions of times; a dataclass did it through Python
    calls. `value` (counting value) and `index` (0..51, rank-major) are stored for the same
    reason.
    """

    __slots__ = ("_label", "index", "rank", "suit", "value")
    rank: Rank
    suit: Suit
    value: int
    index: int
    _label: str

    def __new__(cls, rank: Rank | int, suit: Suit | str) -> Card:
        rank, suit = Rank(rank), Suit(suit)
        index = (int(rank) - 1) * 4 + _SUIT_ORDER.index(suit)
        if _DECK:
            return _DECK[index]
        card = object.__new__(cls)
        for name, value in (
            ("rank", rank),
            ("suit", suit),
            ("value", min(int(rank), 10)),
            ("index", index),
            ("_label", f"{rank.label}{suit.value}"),
        ):
            object.__setattr__(card, name, value)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: cards are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: cards are immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @classmethod
    def parse(cls, token: str) -> Card:
        """Read one card such as `5H`, `5h`, `5♥`, `10H`, `TH` or `ВЧ`."""
        found = _PARSED.get(token)
        if found is not None:
            return found
        text = token.strip().upper().replace("♥️", "♥").replace("♦️", "♦")
        text = text.replace("♠️", "♠").replace("♣️", "♣")
        match = re.match(_TOKEN, text, re.IGNORECASE)
        if not match:
            raise CardParseError(
                f"cannot read card {token!r}: write rank then suit, e.g. 5H, 10D, TH, QS, A♣",
                key="error.card.unreadable",
                token=token,
            )
        rank_text, suit_text = match.groups()
        suit = _SUIT_ALIASES.get(suit_text)
        if suit is None:
            raise CardParseError(
                f"cannot read card {token!r}: unknown suit {suit_text!r} (use S, H, D, C or ♠ ♥ ♦ ♣)",
                key="error.card.suit",
                token=token,
                suit=suit_text,
            )
        return cls(_RANK_ALIASES[rank_text], suit)

    @classmethod
    def from_index(cls, index: int) -> Card:
        return _DECK[index]

    def __str__(self) -> str:
        return self._label

    def __repr__(self) -> str:
        return f"Card.parse({self._label!r})"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index


_DECK: tuple[Card, ...] = ()
_DECK = tuple(Card(Rank(r), s) for r in range(1, 14) for s in _SUIT_ORDER)
_PARSED: dict[str, Card] = {str(c): c for c in _DECK}
"""The canonical spellings (`5H`, `10H`), read without the regular expression."""


def parse_rank(token: str) -> Rank | None:
    """A rank typed alone (`A`, `10`, `T`, `Q`, or Russian `Д`, `Т`), or None if it is not one."""
    return _RANK_ALIASES.get(token.strip().upper())


def full_deck() -> tuple[Card, ...]:
    """The 52 cards in a fixed order (A♠ A♥ A♦ A♣ 2♠ ...); shuffling is the caller's job."""
    return _DECK


def parse_cards(text: str | Iterable[str], *, allow_empty: bool = False) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas; reject garbage and duplicates by token."""
    tokens = (
        text.replace(",", " ").split()
        if isinstance(text, str)
        else [t for part in text for t in str(part).replace(",", " ").split()]
    )
    if not tokens and not allow_empty:
        raise CardParseError("no cards given: write cards like 5H 5C JD", key="error.card.none")
    cards: list[Card] = []
    for position, token in enumerate(tokens, start=1):
        try:
            card = Card.parse(token)
        except CardParseError as exc:
            raise CardParseError(
                f"card {position} of {len(tokens)}: {exc}",
                key="error.card.position",
                position=position,
                of=len(tokens),
                problem=exc,
            ) from None
        if card in cards:
            raise CardParseError(
                f"card {position} of {len(tokens)}: {token!r} is a duplicate of {card}; "
                "each card exists once in the pack",
                key="error.card.duplicate",
                position=position,
                of=len(tokens),
                token=token,
                card=card,
            )
        cards.append(card)
    return tuple(cards)


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)
