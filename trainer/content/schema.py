"""The YAML schema of a ruleset, derived from the engine's frozen dataclasses.

Deriving it (instead of writing a second description by hand) means a new field in
`trainer.engine.ruleset` is at once a valid YAML key with the right type check and error text.
"""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from dataclasses import dataclass
from typing import Any, Literal, get_args, get_origin


@dataclass(frozen=True)
class SchemaProblem:
    """One validation failure at a key path such as ('pegging', 'mode')."""

    path: tuple[str, ...]
    message: str


def nearest(word: str, choices: typing.Iterable[str]) -> str | None:
    import difflib

    found = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.5)
    return found[0] if found else None


def validate(data: Any, cls: type, path: tuple[str, ...] = ()) -> list[SchemaProblem]:
    """Check a plain mapping against a dataclass: unknown keys, types, allowed values."""
    if not isinstance(data, dict):
        return [SchemaProblem(path, f"must be a mapping of keys for {cls.__name__}")]
    hints = typing.get_type_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    problems: list[SchemaProblem] = []
    for key, value in data.items():
        key_text = str(key)
        if key_text not in fields:
            hint = nearest(key_text, fields)
            tip = f"; did you mean {hint!r}?" if hint else f"; valid keys: {', '.join(fields)}"
            problems.append(SchemaProblem((*path, key_text), f"unknown key {key_text!r}{tip}"))
            continue
        problems.extend(_check(value, hints[key_text], (*path, key_text)))
    for name, f in fields.items():
        no_default = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        if no_default and name not in data:
            problems.append(SchemaProblem((*path, name), f"missing required key {name!r}"))
    return problems


def _check(value: Any, hint: Any, path: tuple[str, ...]) -> list[SchemaProblem]:
    origin = get_origin(hint)
    where = ".".join(path)
    if dataclasses.is_dataclass(hint):
        return validate(value, hint, path)  # type: ignore[arg-type]
    if origin is Literal:
        allowed = get_args(hint)
        if value not in allowed:
            hint_word = nearest(str(value), [str(a) for a in allowed])
            tip = f" (did you mean {hint_word!r}?)" if hint_word else ""
            shown = ", ".join(str(a) for a in allowed)
            return [SchemaProblem(path, f"{where} must be one of {shown}, not {_shown(value)}{tip}")]
        return []
    if origin in (typing.Union, types.UnionType):
        for arm in get_args(hint):
            if not _check(value, arm, path):
                return []
        return [SchemaProblem(path, f"{where} has the wrong type: {_shown(value)}")]
    if origin is dict:
        if not isinstance(value, dict):
            return [SchemaProblem(path, f"{where} must be a mapping, not {_shown(value)}")]
        arm = get_args(hint)[1]
        found: list[SchemaProblem] = []
        for key, item in value.items():
            found.extend(_check(item, arm, (*path, str(key))))
        return found
    if origin is tuple:
        if not isinstance(value, list | tuple):
            return [SchemaProblem(path, f"{where} must be a list, not {_shown(value)}")]
        arm = get_args(hint)[0]
        out: list[SchemaProblem] = []
        for i, item in enumerate(value):
            out.extend(_check(item, arm, (*path, str(i))))
        return out
    if hint is bool:
        if not isinstance(value, bool):
            return [SchemaProblem(path, f"{where} must be true or false, not {_shown(value)}")]
        return []
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            return [SchemaProblem(path, f"{where} must be a whole number, not {_shown(value)}")]
        return []
    if hint is str:
        if not isinstance(value, str | int | float) or isinstance(value, bool):
            return [SchemaProblem(path, f"{where} must be text, not {_shown(value)}")]
        return []
    if hint is type(None):
        return [] if value is None else [SchemaProblem(path, f"{where} must be empty")]
    return []


def _shown(value: Any) -> str:
    """A value as quoted in a message: its repr, cut short (it may be a whole list from a file)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:59] + "…"


def build(data: dict[str, Any], cls: type) -> Any:
    """Turn a validated mapping into the frozen dataclass, lists becoming tuples.

    Reads the annotations as written (strings, under `from __future__ import annotations`)
    instead of calling `typing.get_type_hints`, which evaluates every one of them and costs
    more than the rest of loading a cached ruleset: start-up time is benchmarked.
    """
    module = sys.modules[cls.__module__]
    kinds = {f.name: f.type for f in dataclasses.fields(cls)}
    return cls(**{key: _convert(value, kinds[key], module) for key, value in data.items()})


def _convert(value: Any, hint: Any, module: Any) -> Any:
    text = hint if isinstance(hint, str) else getattr(hint, "__name__", "")
    target = getattr(module, text, None)
    if dataclasses.is_dataclass(target):
        return build(value, target)  # type: ignore[arg-type]
    if text.startswith("tuple[") and text.endswith(", ...]"):
        inner = text[len("tuple[") : -len(", ...]")]
        return tuple(_convert(v, inner, module) for v in value)
    if text == "str" and not isinstance(value, str):
        return str(value)
    return value
