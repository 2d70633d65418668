"""Reading typed answers: numbers, cards, named point counts and menu choices.

An answer that cannot be read raises `AnswerError` with an i18n key for the hint, so a terminal
can re-ask with that hint and a script gets the same hint in its feedback (graded wrong).
Parsers accept the forms people type in a hurry, in English and Russian.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from trainer.drills.model import JSONValue, Problem
from trainer.engine.cards import Card, parse_cards
from trainer.engine.errors import CardParseError

_MAX_DIGITS = 6
# a name (one word or several: «козырной валет 1») and at most _MAX_DIGITS digits
_NAMED_COUNT = r"([^\d\s=:,;]+(?:\s+[^\d\s=:,;]+)*)\s*[=:]?\s*([0-9]{1,6})"


def _menu_number(token: str, size: int) -> int | None:
    """The 1-based menu number typed as ASCII digits, or None (`²` and 5,000 digits are not numbers)."""
    if token.isascii() and token.isdigit() and len(token) <= _MAX_DIGITS and 1 <= int(token) <= size:
        return int(token)
    return None


class AnswerError(ValueError):
    """The answer text cannot be read; `problem` says why, as an i18n key with values."""

    def __init__(self, key: str, **values: JSONValue) -> None:
        super().__init__(key)
        self.problem = Problem(key=key, values=values)


def is_skip(text: str) -> bool:
    """An empty answer skips the question (it is recorded, and comes back in review)."""
    return not text.strip()


def parse_points(text: str, *, maximum: int = 99) -> int:
    """A whole number of points, e.g. `12` (a trailing word like `12 points` is allowed)."""
    match = re.fullmatch(r"\s*([0-9]+)\s*[^\d\s]*\s*", text)
    if not match:
        raise AnswerError("drill.answer.need_number", answer=text.strip()[:40])
    if len(match.group(1)) > _MAX_DIGITS:  # int() of 4,301 digits raises; no count is that long
        raise AnswerError("drill.answer.too_big", answer=match.group(1)[:_MAX_DIGITS] + "…", maximum=maximum)
    value = int(match.group(1))
    if value > maximum:
        raise AnswerError("drill.answer.too_big", answer=value, maximum=maximum)
    return value


def parse_card_choice(text: str, options: Sequence[str]) -> str:
    """One card among `options` (canonical strings), typed as a card or as its menu number."""
    token = text.strip()
    number = _menu_number(token, len(options))
    if number is not None:
        return options[number - 1]
    try:
        cards = parse_cards(token)
    except CardParseError:
        raise AnswerError("drill.answer.need_card", answer=token, options=" ".join(options)) from None
    if len(cards) != 1:
        raise AnswerError("drill.answer.one_card", answer=token)
    card = str(cards[0])
    if card not in options:
        raise AnswerError("drill.answer.not_in_hand", card=card, options=" ".join(options))
    return card


def parse_card_set(text: str, options: Sequence[str], *, count: int, typed_order: bool = False) -> list[str]:
    """Exactly `count` different cards among `options`, typed as cards or menu numbers; in the
    pack's order (an answer compared as a set), or as typed (a game echoes what the player said)."""
    tokens = text.replace(",", " ").split()
    picked: list[str] = []
    for token in tokens:
        card = parse_card_choice(token, options)
        if card in picked:
            raise AnswerError("drill.answer.duplicate_card", card=card)
        picked.append(card)
    if len(picked) != count:
        raise AnswerError("drill.answer.card_count", n=count, given=len(picked))
    return picked if typed_order else sorted(picked, key=lambda c: Card.parse(c).index)


def parse_letter(text: str, letters: Sequence[str]) -> str:
    """A multiple-choice letter in either alphabet and case (`b`, `B`, `б`), or its number (`2`)."""
    token = text.strip().lower().rstrip(").")
    token = _CYRILLIC_LOOKALIKE.get(token, token)
    number = _menu_number(token, len(letters))
    if number is not None:
        return letters[number - 1]
    if token in letters:
        return token
    raise AnswerError("drill.answer.need_letter", answer=text.strip(), letters=", ".join(letters))


# Russian screens letter choices а б в г д е (the same places as a b c d e f); «с», typed on a
# Russian keyboard for the Latin c of an English screen, is read as c as well.
_CYRILLIC_LOOKALIKE = {**dict(zip("абвгдежзиклмнопр", "abcdefghijklmnop", strict=True)), "с": "c"}


def parse_named_counts(text: str, names: Mapping[str, Sequence[str]], order: Sequence[str]) -> dict[str, int]:
    """Points per kind: `6 2 3 0 1` in `order`, or named like `fifteens 6 runs 3` (others 0).

    `names` maps each kind to the word prefixes that name it (English and Russian).
    """
    stripped = text.strip()
    if re.fullmatch(r"[0-9\s,;/]+", stripped):
        if re.search(r"[0-9]{7}", stripped):  # longer than _MAX_DIGITS
            raise AnswerError("drill.answer.itemised_format", answer=stripped[:40])
        numbers = [int(n) for n in re.findall(r"[0-9]+", stripped)]
        if len(numbers) != len(order):
            raise AnswerError("drill.answer.itemised_count", count=len(order), given=len(numbers))
        return dict(zip(order, numbers, strict=True))
    out = dict.fromkeys(order, 0)
    pairs = re.findall(_NAMED_COUNT, stripped)
    leftover = re.sub(_NAMED_COUNT, "", stripped).strip(" ,;")
    if not pairs or leftover:
        raise AnswerError("drill.answer.itemised_format", answer=stripped[:40])
    seen: set[str] = set()
    for word, number in pairs:
        kind = _kind_for(word.lower(), names)
        if kind in seen:
            raise AnswerError("drill.answer.itemised_twice", kind=kind)
        seen.add(kind)
        out[kind] = int(number)
    return out


def _kind_for(word: str, names: Mapping[str, Sequence[str]]) -> str:
    matches = [
        kind for kind, words in names.items() if any(w.startswith(word) or word.startswith(w) for w in words)
    ]
    exact = [kind for kind, words in names.items() if word in words]
    if exact:
        return exact[0]
    if len(matches) == 1:
        return matches[0]
    raise AnswerError("drill.answer.itemised_word", word=word)
