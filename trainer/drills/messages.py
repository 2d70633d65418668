"""What the drills say, as data: a message id with its values (`Msg`), never a sentence.

A drill kind's `present` and `explain` return these; only the words layer
(`trainer.i18n.drill_words.word`) turns them into text in the reader's language, so the same
question reads the same in a terminal, a web page or a printed worksheet, in any language.

A value inside a message is one of:
- a plain number, or a `str` that is not a sentence (an id, a ruleset name, a typed answer);
- a `Card` or a tuple of cards (drawn by the front end, never text to be parsed back);
- a nested `Msg`;
- one of the small typed values below, for what needs language-aware wording (a decimal
  number, the spoken count of a breakdown, a pegging reason, a ruling, rule sources...).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from trainer.engine.cards import Card
from trainer.engine.errors import Msg
from trainer.engine.records import Record
from trainer.engine.scoring import ScoreBreakdown

__all__ = [
    "Cards",
    "Decimal",
    "DiscardWhy",
    "ItemName",
    "Joined",
    "Letter",
    "Msg",
    "PlayWhy",
    "Points",
    "Ranks",
    "Reason",
    "Refs",
    "RulingPart",
    "Signed",
    "Spoken",
    "Variant",
    "msg",
]


def msg(key: str, /, **values: Any) -> Msg:
    """`Msg(key, values)`: a message id and the values it names."""
    return Msg(key, values)


class Cards(Record, kw_only=False):
    """Cards shown in a row, joined by `sep`; `sep="or"` lists equally good plays as a sentence
    reads them, in the reader's language («5♥ или 5♣», "5♥ or 5♣")."""

    cards: tuple[Card, ...]
    sep: str = " "

    @classmethod
    def of(cls, codes: Any, sep: str = " ") -> Cards:
        return cls(tuple(c if isinstance(c, Card) else Card.parse(str(c)) for c in codes), sep)


class Joined(Record, kw_only=False):
    """Several worded parts joined by `sep` (punctuation, not words); `empty` when there are none."""

    parts: tuple[Any, ...]
    sep: str
    empty: Any = ""


class Decimal(Record, kw_only=False):
    """A number rounded to two places without trailing zeros (4.5, 3), with the language's comma."""

    value: float


class Signed(Record, kw_only=False):
    """A number in a format spec (`+.2f`), with the language's decimal comma."""

    value: float
    spec: str


class Spoken(Record, kw_only=False):
    """A count said aloud in counting cadence ("fifteen two, fifteen four..." in the reader's words)."""

    breakdown: ScoreBreakdown


class Letter(Record, kw_only=False):
    """The letter of a multiple-choice answer (`a`; Russian shows its own alphabet's letter)."""

    letter: str


class Counted(Record, kw_only=False):
    """A number with its noun from a plural catalogue entry («одна пятёрка», «две пятёрки»), so
    a sentence can hold two counts each in its own form."""

    key: str
    n: int


class Points(Record, kw_only=False):
    """A number of points with its noun («1 очко», «5 очков», «8,02 очка»): a whole number takes
    its plural form, a fraction the form Russian gives every decimal."""

    value: float


class Variant(Record, kw_only=False):
    """A ruleset named where a person reads: its id in English (what `-r` takes), its short name
    in another language («классика»); a house ruleset by its own name."""

    name: str


class Ranks(Record, kw_only=False):
    """Ranks held, as `A 5 K` (Russian players name them by their own rank letters)."""

    ranks: str


class ItemName(Record, kw_only=False):
    """The name of a scoring item: the engine's English label, or the kind's catalogue word."""

    kind: str
    label: str = ""


class IrregularityName(Record, kw_only=False):
    """An irregularity of the catalogue by its name in the reader's words (`renege`)."""

    irregularity: str


class Reason(Record, kw_only=False):
    """The advice's reason for a play: its facts (`PegReason.to_json()`), or for an option that
    kept only the English sentence that sentence, shown in English only (a line saying it is
    left out in another language rather than mixing languages)."""

    why: Mapping[str, Any] | None
    english: str = ""
    said_points: bool = False  # the line before named the points: word only what follows them


class DiscardWhy(Record, kw_only=False):
    """Why the best discard is best, and (when the answer differs) what the answer gives away:
    the facts of each (`trainer.advice.why.discard_reason` dicts), worded at the edge."""

    best: Mapping[str, Any]
    mine: Mapping[str, Any] | None = None


class PlayWhy(Record, kw_only=False):
    """Why the best play beats the one made: both plays' reason facts (`PegReason.to_json()`),
    the two cards, and the unseen cards of each rank (the odds in cards), worded at the edge."""

    best: Mapping[str, Any]
    mine: Mapping[str, Any]
    best_card: Card
    mine_card: Card
    unseen: tuple[int, ...] | None = None


class Refs(Record, kw_only=False):
    """The sources of a ruling by their titles, from the spec's tags (`S0; HOY`); `-` for none."""

    rule_ref: str


class RulingPart(Record, kw_only=False):
    """One part of the engine's ruling (`remedy`, `note` or `options`), worded at the edge.

    `ruling` is `Ruling.to_json()` (the English words), `phrases` the remedy and note phrases as
    JSON (`penalty_drill.phrase_json`); `words` is the per-language text an older detail carried,
    used when present."""

    part: str
    ruling: Mapping[str, Any]
    phrases: Mapping[str, Any] | None = None
    words: Mapping[str, Any] | None = None
