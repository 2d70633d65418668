"""The YAML schema of a ruleset, derived from the engine's frozen dataclasses.

Deriving it (instead of writing a second description by hand) means a new field in
`trainer.engine.ruleset` is at once a valid YAML key with the right type check and error text.
"""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeVar, cast, get_args, get_origin

from trainer.engine.errors import CribError, Msg


@dataclass(frozen=True)
class SchemaProblem:
    """One validation failure at a key path such as ('pegging', 'mode')."""

    path: tuple[str, ...]
    message: str
    msg: Msg | None = None  # the same message as an id and values, worded at the edge


def _problem(path: tuple[str, ...], english: str, msg_id: str, /, **values: object) -> SchemaProblem:
    return SchemaProblem(path, english, Msg(msg_id, dict(values)))


def key_error(
    error: type[CribError], where: str, key: str, problem: SchemaProblem, more: int = 0
) -> CribError:
    """`where: key 'k': problem (and N more problem(s))` as `error`, with its message id so the
    CLI prints it in the user's language (`error` is a CribError subclass)."""
    tail = f" (and {more} more problem(s))" if more else ""
    more_msg = Msg("error.file.more", {"n": more}) if more else ""
    msg = problem.msg
    if msg is not None and msg.values.get("where") == key and problem.message.startswith(key):
        # the problem names the key itself ("target must be…"): say the key once, not
        # "key 'target': target must be…"
        subject = Msg("error.file.key_name", {"name": key})
        return error(
            f"{where}: key {key!r}{problem.message[len(key) :]}{tail}",
            key="error.file.key_self",
            where=where,
            problem=Msg(msg.key, {**msg.values, "where": subject}),
            more=more_msg,
        )
    return error(
        f"{where}: key {key!r}: {problem.message}{tail}",
        key="error.file.key",
        name=key,
        where=where,
        problem=problem.msg or problem.message,
        more=more_msg,
    )


def nearest(word: str, choices: typing.Iterable[str]) -> str | None:
    import difflib

    found = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.5)
    return found[0] if found else None


def validate(data: Any, cls: type, path: tuple[str, ...] = ()) -> list[SchemaProblem]:
    """Check a plain mapping against a dataclass or a `TypedDict`: unknown keys, types, allowed
    values (a `TypedDict`'s `NotRequired` keys may be left out)."""
    if not isinstance(data, dict):
        return [
            _problem(
                path,
                f"must be a mapping of keys for {cls.__name__}",
                "error.schema.mapping",
                cls=cls.__name__,
            )
        ]
    hints = typing.get_type_hints(cls)
    if typing.is_typeddict(cls):
        fields: Mapping[str, object] = hints
        required = [name for name in hints if name in cls.__required_keys__]  # type: ignore[attr-defined]
    else:
        fields = {f.name: f for f in dataclasses.fields(cls)}
        required = [
            f.name
            for f in dataclasses.fields(cls)
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        ]
    problems: list[SchemaProblem] = []
    for key, value in data.items():
        key_text = str(key)
        if key_text not in fields:
            hint = nearest(key_text, fields)
            tip = f"; did you mean {hint!r}?" if hint else f"; valid keys: {', '.join(fields)}"
            tip_msg = (
                Msg("error.schema.tip_near", {"hint": hint})
                if hint
                else Msg("error.schema.tip_keys", {"keys": ", ".join(fields)})
            )
            english = f"unknown key {key_text!r}{tip}"
            problems.append(
                _problem((*path, key_text), english, "error.schema.unknown_key", key=key_text, tip=tip_msg)
            )
            continue
        problems.extend(_check(value, hints[key_text], (*path, key_text)))
    for name in required:
        if name not in data:
            problems.append(
                _problem((*path, name), f"missing required key {name!r}", "error.schema.missing", key=name)
            )
    return problems


def _check(value: Any, hint: Any, path: tuple[str, ...]) -> list[SchemaProblem]:
    origin = get_origin(hint)
    where = ".".join(path)
    if dataclasses.is_dataclass(hint) or typing.is_typeddict(hint):
        return validate(value, hint, path)
    if origin is Literal:
        allowed = get_args(hint)
        if value not in allowed:
            hint_word = nearest(str(value), [str(a) for a in allowed])
            tip = f" (did you mean {hint_word!r}?)" if hint_word else ""
            shown = ", ".join(str(a) for a in allowed)
            tip_msg = Msg("error.schema.one_of_tip", {"hint": hint_word}) if hint_word else ""
            english = f"{where} must be one of {shown}, not {_shown(value)}{tip}"
            values = {"where": where, "shown": shown, "value": _shown(value), "tip": tip_msg}
            return [_problem(path, english, "error.schema.one_of", **values)]
        return []
    if origin in (typing.Union, types.UnionType):
        for arm in get_args(hint):
            if not _check(value, arm, path):
                return []
        english = f"{where} has the wrong type: {_shown(value)}"
        return [_problem(path, english, "error.schema.type", where=where, value=_shown(value))]
    if origin is dict:
        if not isinstance(value, dict):
            english = f"{where} must be a mapping, not {_shown(value)}"
            return [_problem(path, english, "error.schema.dict", where=where, value=_shown(value))]
        arm = get_args(hint)[1]
        found: list[SchemaProblem] = []
        for key, item in value.items():
            found.extend(_check(item, arm, (*path, str(key))))
        return found
    if origin in (tuple, list):
        if not isinstance(value, list | tuple):
            english = f"{where} must be a list, not {_shown(value)}"
            return [_problem(path, english, "error.schema.list", where=where, value=_shown(value))]
        arm = get_args(hint)[0]
        out: list[SchemaProblem] = []
        for i, item in enumerate(value):
            out.extend(_check(item, arm, (*path, str(i))))
        return out
    if hint is bool:
        if not isinstance(value, bool):
            english = f"{where} must be true or false, not {_shown(value)}"
            return [_problem(path, english, "error.schema.bool", where=where, value=_shown(value))]
        return []
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            english = f"{where} must be a whole number, not {_shown(value)}"
            return [_problem(path, english, "error.schema.int", where=where, value=_shown(value))]
        return []
    if hint is str:
        if not isinstance(value, str | int | float) or isinstance(value, bool):
            english = f"{where} must be text, not {_shown(value)}"
            return [_problem(path, english, "error.schema.text", where=where, value=_shown(value))]
        return []
    if hint is type(None):
        return (
            []
            if value is None
            else [_problem(path, f"{where} must be empty", "error.schema.empty", where=where)]
        )
    return []


def _shown(value: Any) -> str:
    """A value as quoted in a message: its repr, cut short (it may be a whole list from a file)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:59] + "…"


_T = TypeVar("_T")


def build(data: dict[str, Any], cls: type[_T]) -> _T:
    """Turn a validated mapping into the frozen dataclass, lists becoming tuples.

    Reads the annotations as written (strings, under `from __future__ import annotations`)
    instead of calling `typing.get_type_hints`, which evaluates every one of them and costs
    more than the rest of loading a cached ruleset: start-up time is benchmarked.
    """
    module = sys.modules[cls.__module__]
    kinds = {f.name: f.type for f in dataclasses.fields(cast(Any, cls))}
    return cls(**{key: _convert(value, kinds[key], module) for key, value in data.items()})


def _convert(value: Any, hint: Any, module: Any) -> Any:
    text = hint if isinstance(hint, str) else getattr(hint, "__name__", "")
    target = getattr(module, text, None)
    if dataclasses.is_dataclass(target):
        return build(value, cast(type, target))
    if text.startswith("tuple[") and text.endswith(", ...]"):
        inner = text[len("tuple[") : -len(", ...]")]
        return tuple(_convert(v, inner, module) for v in value)
    if text == "str" and not isinstance(value, str):
        return str(value)
    return value
