"""The facts of a case (`count=25`, `holding="A 5 6"`...): what each means and how a value a
person typed is read, with a one-line error naming the fact."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from trainer.engine.cards import Card, parse_cards, parse_rank
from trainer.engine.digits import is_digits
from trainer.engine.errors import Msg
from trainer.engine.irregularities.model import (
    Irregularity,
    RulingError,
)
from trainer.engine.muggins import STAGES

# ----------------------------------------------------------------------------- facts

FACTS: dict[str, str] = {
    "count": "the count when the player said go or stopped playing (0-31)",
    "holding": "the offender's cards in hand at that moment, e.g. 'A 5 6' or 'AS 5H 6C'",
    "claimed": "the points the player claimed or pegged",
    "true_points": "the true points of that count",
    "call": "the figure of a muggins call ('muggins for N'); 0 = nobody called",
    "stage": f"where the count was made: {', '.join(STAGES)}",
    "confirmed": "yes if the player let the dealer confirm the wrong number of cards",
    "starter_turned": "yes if the starter had been turned when the error was found",
    "choice": "the non-offender's choice: new_deal or peg_and_rectify",
    "noticed_in_time": "yes if the error was noticed before the next card or count",
    "wrong_side_before_starter": "yes if the cards were put on the wrong side and the starter is not turned",
    "before_discarding": "yes if the crib was looked at before the offender discarded",
    "play_began": "yes if the play had begun when the exchange was found",
}
_BOOL_WORDS = {
    "yes": True,
    "true": True,
    "y": True,
    "1": True,
    "no": False,
    "false": False,
    "n": False,
    "0": False,
}


def _as_int(name: str, value: object) -> int:
    if isinstance(value, bool):
        raise RulingError(
            f"fact {name}: give a whole number, not {value!r}",
            key="raised.fact.int",
            name=name,
            value=repr(value),
        )
    try:
        return int(str(value).strip())
    except ValueError:
        raise RulingError(
            f"fact {name}: give a whole number, not {value!r}",
            key="raised.fact.int",
            name=name,
            value=repr(value),
        ) from None


def _as_bool(name: str, value: object) -> bool:
    if isinstance(value, bool):
        return value
    word = str(value).strip().lower()
    if word not in _BOOL_WORDS:
        raise RulingError(
            f"fact {name}: give yes or no, not {value!r}",
            key="raised.fact.bool",
            name=name,
            value=repr(value),
        )
    return _BOOL_WORDS[word]


def _as_holding(value: object) -> tuple[int, ...]:
    """Card values held; ranks alone ('A 5 6') are enough because only the values matter."""
    if isinstance(value, list | tuple) and all(isinstance(v, Card) for v in value):
        return tuple(c.value for c in value)
    values: list[int] = []
    for token in str(value).replace(",", " ").split():
        rank = parse_rank(token)  # the card parser's own rank letters, English and Russian
        if rank is not None:
            values.append(rank.value_15)
        elif is_digits(token.strip()):
            raise RulingError(
                f"fact holding: {token!r} is not a card", key="raised.fact.card", token=repr(token)
            )
        else:
            values.extend(c.value for c in parse_cards(token))
    return tuple(values)


_CONVERT: dict[str, Callable[[str, object], object]] = {
    "count": _as_int,
    "claimed": _as_int,
    "true_points": _as_int,
    "call": _as_int,
    "holding": lambda _n, v: _as_holding(v),
    "stage": lambda _n, v: _as_choice("stage", v, STAGES),
    "choice": lambda _n, v: _as_choice("choice", v, ("new_deal", "peg_and_rectify")),
}


def _as_choice(name: str, value: object, allowed: tuple[str, ...]) -> str:
    word = str(value).strip().lower().replace("-", "_")
    if word not in allowed:
        raise RulingError(
            f"fact {name}: choose one of {', '.join(allowed)}, not {value!r}",
            key="raised.fact.choice",
            name=name,
            names=", ".join(allowed),
            value=repr(value),
        )
    return word


def _convert_facts(irr: Irregularity, facts: Mapping[str, object]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, value in facts.items():
        if name not in irr.facts:
            accepted = ", ".join(irr.facts) if irr.facts else "none"
            raise RulingError(
                f"{irr.id} takes no fact {name!r}; facts it uses: {accepted}",
                key="raised.fact.unknown",
                id=irr.id,
                name=repr(name),
                names=", ".join(irr.facts) if irr.facts else Msg("raised.fact.none"),
            )
        out[name] = _CONVERT.get(name, _as_bool)(name, value)
    return out
