"""What a question shows, one typed shape per drill kind, and the checks that hold data to it.

`Question.data` is the shown facts exactly as stored: cards as `"5H"` strings, plain lists,
numbers and flags, because the same mapping goes into SQLite, `--json` output and quiz files,
and `Question.content_id()` hashes it (so the stored form, and with it every id, never changes).
The shapes below are `TypedDict`s over that stored form, so mypy checks every key a drill reads;
`count_data(question)` and its siblings hand a kind's code its own shape after checking the
kind. `checked(kind, raw)` holds data from outside (a quiz file, a database row, JSON) to the
shape of its kind when the `Question` is built: a missing or wrongly typed field is a
`DrillError` naming the field, before any drill reads it. The quiz file schema
(`trainer.content.quizschema`, which may not import this layer) describes the same shapes;
tests/test_drill_data.py keeps the two in step.

(No `from __future__ import annotations` here: the checks read the shapes' annotations at run
time, and Python 3.11 marks `NotRequired` keys only when the annotations are evaluated.)
"""

import types
from collections.abc import Mapping
from functools import cache
from typing import Any, NotRequired, Protocol, TypedDict, Union, cast, get_args, get_origin, is_typeddict

from trainer.drills.errors import DrillError
from trainer.engine.errors import Msg


class Question(Protocol):
    """What the accessors read of a question (`trainer.drills.model.Question` has it): typed by
    shape rather than imported, since the model checks its data through this module."""

    @property
    def id(self) -> str: ...

    @property
    def kind(self) -> str: ...

    @property
    def data(self) -> Mapping[str, Any]: ...


__all__ = [
    "ClaimedItem",
    "CountData",
    "DiscardData",
    "MugginsData",
    "PegData",
    "PenaltyData",
    "PenaltyScenario",
    "QuestionData",
    "RulingChoice",
    "checked",
    "count_data",
    "discard_data",
    "muggins_data",
    "peg_data",
    "penalty_data",
    "shown_cards",
]


class CountData(TypedDict):
    """A shown hand or crib (count drill): the cards, the starter, and whether it is a crib."""

    hand: list[str]  # 4 cards (5 for a five-card crib), sorted, as "5H"
    starter: str
    crib: NotRequired[bool]  # absent: a hand


class ClaimedItem(TypedDict):
    """One item of the computer's count in the muggins drill (`ScoreItem.to_json()`)."""

    kind: str  # fifteen, pair, run, flush, nobs
    cards: list[str]
    points: int
    label: NotRequired[str]


class MugginsData(CountData):
    """A shown hand or crib with the count the computer says aloud, item by item."""

    announced: int  # the total it announces (may be short or over)
    claimed: list[ClaimedItem]  # the items it names, adding up to `announced`


class PegData(TypedDict):
    """A pegging position as the player to act sees it (`positions.Position.to_data()`).

    Seats are relative: 0 is the player, 1.. the others clockwise (partners opposite).
    """

    hand: list[str]  # the player's cards left
    count: int  # the count so far (the cards of `series` added up)
    series: NotRequired[list[str]]  # the cards of the current count, in order
    by: NotRequired[list[int]]  # who played each card of `series` (absent: nobody known)
    card: NotRequired[str | None]  # the card asked about, in the "points" form
    starter: NotRequired[str | None]
    discards: NotRequired[list[str]]  # what the player laid away
    earlier: NotRequired[list[str]]  # cards of earlier counts of this play
    opponent_cards: NotRequired[list[int]]  # cards each other seat still holds
    opponent_go: NotRequired[list[bool]]  # whether each other seat has said go


class DiscardData(TypedDict):
    """A dealt hand to lay away from."""

    hand: list[str]  # 6 cards (5 with three or four players)
    dealer: NotRequired[bool]  # the player's own crib (absent: the opponent's)
    discard: NotRequired[int]  # how many to lay away (absent: 2)


class RulingChoice(TypedDict):
    """One lettered ruling of the penalty drill: who pegs how many, how far back who moves."""

    letter: str  # a, b, c, d
    beneficiary: str  # a `Beneficiary` (pone, dealer, opponent, none...)
    points: int
    back: NotRequired[int]  # absent: 0


class PenaltyScenario(TypedDict):
    """An irregularity of the catalogue with the facts that decide its ruling."""

    irregularity: str
    facts: NotRequired[dict[str, bool | int | str] | None]  # adjudicate()'s keyword facts


class PenaltyData(TypedDict):
    """An irregularity in words and the rulings to choose from."""

    scenario: PenaltyScenario
    choices: list[RulingChoice]
    penalty_set: NotRequired[str]  # the ruleset's penalty set when asked
    muggins: NotRequired[bool]  # whether muggins was in force


QuestionData = Union[CountData, MugginsData, PegData, DiscardData, PenaltyData]  # noqa: UP007
SHAPES: dict[str, type] = {
    "count": CountData,
    "muggins": MugginsData,
    "peg": PegData,
    "discard": DiscardData,
    "penalty": PenaltyData,
}


# ----------------------------------------------------------------------------- reading by kind


def _of(question: "Question", *kinds: str) -> Mapping[str, object]:
    if question.kind not in kinds:
        raise DrillError(
            f"question {question.id} is a {question.kind} question, not {' or '.join(kinds)}",
            key="error.drill_data.kind",
            id=question.id,
            kind=question.kind,
            wanted=" / ".join(kinds),
        )
    return question.data


def count_data(question: "Question") -> CountData:
    """The shown hand of a count or muggins question (a muggins question's data is a count's
    with the computer's claim added)."""
    return cast(CountData, _of(question, "count", "muggins"))


def muggins_data(question: "Question") -> MugginsData:
    return cast(MugginsData, _of(question, "muggins"))


def peg_data(question: "Question") -> PegData:
    return cast(PegData, _of(question, "peg"))


def discard_data(question: "Question") -> DiscardData:
    return cast(DiscardData, _of(question, "discard"))


def penalty_data(question: "Question") -> PenaltyData:
    return cast(PenaltyData, _of(question, "penalty"))


def shown_cards(question: "Question") -> tuple[list[str], str | None]:
    """The player's cards and the starter as any kind shows them (a penalty question: none)."""
    if question.kind in ("count", "muggins"):
        show = count_data(question)
        return show["hand"], show["starter"]
    if question.kind == "peg":
        position = peg_data(question)
        return position["hand"], position.get("starter")
    if question.kind == "discard":
        return discard_data(question)["hand"], None
    return [], None


# ----------------------------------------------------------------------------- checking


def checked(kind: str, raw: Mapping[str, Any]) -> QuestionData:
    """`raw` itself (never a copy: the content id hashes it) once it fits the shape of `kind`.

    Keys no shape names are kept as they are (an old row may carry one); a missing key or a
    value of the wrong type raises a `DrillError` naming the field (`choices.1.points`).
    """
    found = _problem(raw, SHAPES[kind], ())
    if found is not None:
        path, english, problem = found
        raise DrillError(
            f"{kind} question: {english}",
            key="error.drill_data.bad",
            kind=kind,
            field=path,
            problem=problem,
        )
    return cast(QuestionData, raw)


_Found = tuple[str, str, Msg]


@cache
def _fields(shape: type) -> tuple[dict[str, Any], frozenset[str]]:
    """A shape's field types (read once: evaluating annotations is not free) and required keys."""
    from typing import get_type_hints

    return get_type_hints(shape), frozenset(getattr(shape, "__required_keys__", ()))


def _problem(value: object, hint: Any, path: tuple[str, ...]) -> _Found | None:
    """The first thing wrong with `value` against the type `hint`, or None."""
    where = ".".join(path)
    if is_typeddict(hint):
        if not isinstance(value, Mapping):
            where = where or "data"
            return (
                where,
                f"{where} must be a mapping, not {_shown(value)}",
                _msg("error.schema.dict", where, value),
            )
        fields, required = _fields(hint)
        for name, field_type in fields.items():
            if name not in value:
                if name in required:
                    full = ".".join((*path, name))
                    return full, f"missing required key {full!r}", Msg("error.schema.missing", {"key": full})
                continue
            found = _problem(value[name], field_type, (*path, name))
            if found is not None:
                return found
        return None
    origin = get_origin(hint)
    if origin is Union or origin is types.UnionType:
        if any(_problem(value, arm, path) is None for arm in get_args(hint)):
            return None
        return where, f"{where} has the wrong type: {_shown(value)}", _msg("error.schema.type", where, value)
    if origin is list:
        if not isinstance(value, list | tuple):
            return (
                where,
                f"{where} must be a list, not {_shown(value)}",
                _msg("error.schema.list", where, value),
            )
        for i, item in enumerate(value):
            found = _problem(item, get_args(hint)[0], (*path, str(i)))
            if found is not None:
                return found
        return None
    if origin is dict:
        if not isinstance(value, Mapping):
            return (
                where,
                f"{where} must be a mapping, not {_shown(value)}",
                _msg("error.schema.dict", where, value),
            )
        for key, item in value.items():
            found = _problem(item, get_args(hint)[1], (*path, str(key)))
            if found is not None:
                return found
        return None
    return _scalar(value, hint, where)


def _scalar(value: object, hint: Any, where: str) -> _Found | None:
    if hint is bool and not isinstance(value, bool):
        return (
            where,
            f"{where} must be true or false, not {_shown(value)}",
            _msg("error.schema.bool", where, value),
        )
    if hint is int and (isinstance(value, bool) or not isinstance(value, int)):
        return (
            where,
            f"{where} must be a whole number, not {_shown(value)}",
            _msg("error.schema.int", where, value),
        )
    if hint is str and not isinstance(value, str):
        return where, f"{where} must be text, not {_shown(value)}", _msg("error.schema.text", where, value)
    if hint is type(None) and value is not None:
        return where, f"{where} must be empty", Msg("error.schema.empty", {"where": where})
    return None


def _msg(key: str, where: str, value: object) -> Msg:
    return Msg(key, {"where": where, "value": _shown(value)})


def _shown(value: object) -> str:
    """A value as quoted in a message: its repr, cut short (it may be a whole list)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:59] + "…"
