"""What a question shows, read by kind, and the checks that hold data to its kind's shape.

`Question.data` is the shown facts exactly as stored: cards as `"5H"` strings, plain lists,
numbers and flags, because the same mapping goes into SQLite, `--json` output and quiz files,
and `Question.content_id()` hashes it (so the stored form, and with it every id, never changes).
The shapes (`trainer.drills.shapes`, one `TypedDict` per kind, named in the registry) describe
that stored form, so mypy checks every key a drill reads;
`count_data(question)` and its siblings hand a kind's code its own shape after checking the
kind. `checked(kind, raw)` holds data from outside (a quiz file, a database row, JSON) to the
shape of its kind when the `Question` is built: a missing or wrongly typed field is a
`DrillError` naming the field, before any drill reads it. The quiz file schema
(`trainer.content.quizschema`) is derived from the same shapes.

(No `from __future__ import annotations` here: the checks read the shapes' annotations at run
time, and Python 3.11 marks `NotRequired` keys only when the annotations are evaluated.)
"""

import types
from collections.abc import Mapping
from functools import cache
from typing import Any, Protocol, Union, cast, get_args, get_origin, is_typeddict

from trainer.drills.errors import DrillError
from trainer.drills.registry import SHAPES
from trainer.drills.shapes import (
    ClaimedItem,
    CountData,
    DiscardData,
    MugginsData,
    PegData,
    PenaltyData,
    PenaltyScenario,
    RulingChoice,
)
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
]


QuestionData = Union[CountData, MugginsData, PegData, DiscardData, PenaltyData]  # noqa: UP007


# ----------------------------------------------------------------------------- reading by kind


def _of(question: "Question", shape: type) -> Mapping[str, object]:
    """The data of `question` when its kind's shape holds every key of `shape` (a muggins
    question's data is a count's with the computer's claim added, so it reads as a count)."""
    mine = SHAPES.get(question.kind)
    if mine is None or not _fits(mine, shape):
        wanted = [name for name, other in SHAPES.items() if _fits(other, shape)]
        raise DrillError(
            f"question {question.id} is a {question.kind} question, not {' or '.join(wanted)}",
            key="error.drill_data.kind",
            id=question.id,
            kind=question.kind,
            wanted=" / ".join(wanted),
        )
    return question.data


@cache
def _fits(shape: type, wanted: type) -> bool:
    """Whether data of `shape` has every field of `wanted`, of the same type."""
    have, wanted_fields = _fields(shape)[0], _fields(wanted)[0]
    return all(have.get(name) == hint for name, hint in wanted_fields.items())


def count_data(question: "Question") -> CountData:
    """The shown hand of a count or muggins question."""
    return cast(CountData, _of(question, CountData))


def muggins_data(question: "Question") -> MugginsData:
    return cast(MugginsData, _of(question, MugginsData))


def peg_data(question: "Question") -> PegData:
    return cast(PegData, _of(question, PegData))


def discard_data(question: "Question") -> DiscardData:
    return cast(DiscardData, _of(question, DiscardData))


def penalty_data(question: "Question") -> PenaltyData:
    return cast(PenaltyData, _of(question, PenaltyData))


# ----------------------------------------------------------------------------- checking


def checked(kind: str, raw: Mapping[str, Any]) -> QuestionData:
    """`raw` itself (never a copy: the content id hashes it) once it fits the shape of `kind`.

    Keys no shape names are kept as they are (an old row may carry one); a missing key or a
    value of the wrong type raises a `DrillError` naming the field (`choices.1.points`).
    """
    shape = SHAPES.get(kind)
    if shape is None:
        raise DrillError(
            f"unknown drill kind {kind!r}: choose one of {', '.join(SHAPES)}",
            key="raised.drill.kind",
            name=repr(kind),
            names=", ".join(SHAPES),
        )
    found = _problem(raw, shape, ())
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


@cache
def _form(hint: Any) -> tuple[str, tuple[Any, ...]]:
    """How `hint` is checked, worked out once per type (a stored history checks thousands of
    questions against the same few shapes): typed dict, union, list, dict or a scalar."""
    if is_typeddict(hint):
        return "typed", ()
    origin = get_origin(hint)
    if origin is Union or origin is types.UnionType:
        return "union", get_args(hint)
    if origin is list:
        return "list", get_args(hint)
    if origin is dict:
        return "dict", get_args(hint)
    return "scalar", ()


def _scalar_fits(value: object, hint: Any) -> bool:
    """The quick yes of `_scalar` (the common case), before any path or message is built."""
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    if hint is type(None):
        return value is None
    return True


def _problem(value: object, hint: Any, path: tuple[str, ...]) -> _Found | None:
    """The first thing wrong with `value` against the type `hint`, or None."""
    form, args = _form(hint)
    if form == "scalar":
        return None if _scalar_fits(value, hint) else _scalar(value, hint, ".".join(path))
    if form == "typed":
        if not isinstance(value, Mapping):
            where = ".".join(path) or "data"
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
    if form == "union":
        if any(_problem(value, arm, path) is None for arm in args):
            return None
        where = ".".join(path)
        return where, f"{where} has the wrong type: {_shown(value)}", _msg("error.schema.type", where, value)
    if form == "list":
        if not isinstance(value, list | tuple):
            where = ".".join(path)
            return (
                where,
                f"{where} must be a list, not {_shown(value)}",
                _msg("error.schema.list", where, value),
            )
        for i, item in enumerate(value):
            found = _problem(item, args[0], (*path, str(i)))
            if found is not None:
                return found
        return None
    if not isinstance(value, Mapping):
        where = ".".join(path)
        return (
            where,
            f"{where} must be a mapping, not {_shown(value)}",
            _msg("error.schema.dict", where, value),
        )
    for key, item in value.items():
        found = _problem(item, args[1], (*path, str(key)))
        if found is not None:
            return found
    return None


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
