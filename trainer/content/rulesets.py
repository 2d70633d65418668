"""Load rulesets from YAML: safe_load only, schema-checked, errors that name file, line and key.

A house ruleset may say `extends: classic` (a shipped name, alias or another file) and override
only the keys it changes; nested sections merge key by key.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from trainer.content.paths import rulesets_dir
from trainer.content.schema import build, nearest, validate
from trainer.engine.errors import RulesetError
from trainer.engine.ruleset import Ruleset

BUILTIN = ("classic", "five-card", "seven-card", "three-player", "partnership")
DEFAULT = "classic"


def _norm(word: str) -> str:
    return word.strip().lower().replace("_", "-").replace(" ", "-")


def _read_yaml(path: Path) -> tuple[Any, dict[tuple[str, ...], int]]:
    """Parse a file and map each key path to its 1-based line, for error messages."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RulesetError(f"{path}: no such ruleset file; check the path") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RulesetError(f"{path}: cannot read the file ({exc})") from None
    try:
        data = yaml.safe_load(text)
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f":{mark.line + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise RulesetError(f"{path}{line}: broken YAML ({problem}); check indentation and colons") from None
    lines: dict[tuple[str, ...], int] = {}
    _collect_lines(node, (), lines)
    return data, lines


def _collect_lines(node: Any, path: tuple[str, ...], out: dict[tuple[str, ...], int]) -> None:
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            key_path = (*path, str(key_node.value))
            out[key_path] = key_node.start_mark.line + 1
            _collect_lines(value_node, key_path, out)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            out[(*path, str(i))] = item.start_mark.line + 1
            _collect_lines(item, (*path, str(i)), out)


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _raw(path: Path, seen: tuple[Path, ...] = ()) -> dict[str, Any]:
    """The file's mapping with any `extends` chain merged in, checked key by key."""
    if path.resolve() in seen:
        raise RulesetError(f"{path}: 'extends' loops back to itself")
    data, lines = _read_yaml(path)
    if data is None:
        raise RulesetError(f"{path}: the file is empty; start from `extends: classic`")
    if not isinstance(data, dict):
        raise RulesetError(f"{path}:1: a ruleset must be a mapping of keys (name: ..., target: ...)")
    data = dict(data)
    parent = data.pop("extends", None)
    base: dict[str, Any] = {}
    if parent is not None:
        base = _raw(_locate(str(parent), relative_to=path.parent), (*seen, path.resolve()))
        base.pop("aliases", None)
        data.setdefault("name", path.stem)
    merged = _merge(base, data)
    problems = validate(merged, Ruleset)
    if problems:
        first = problems[0]
        line = _line_for(first.path, lines)
        where = f"{path}:{line}" if line else str(path)
        key = ".".join(first.path)
        more = f" (and {len(problems) - 1} more problem(s))" if len(problems) > 1 else ""
        raise RulesetError(f"{where}: key {key!r}: {first.message}{more}")
    return merged


def _line_for(path: tuple[str, ...], lines: dict[tuple[str, ...], int]) -> int | None:
    while path:
        if path in lines:
            return lines[path]
        path = path[:-1]
    return None


def _builtin_index() -> dict[str, Path]:
    index: dict[str, Path] = {}
    for name in BUILTIN:
        path = rulesets_dir() / f"{name}.yaml"
        index[_norm(name)] = path
        data, _ = _read_yaml(path)
        for alias in data.get("aliases", []) if isinstance(data, dict) else []:
            index[_norm(str(alias))] = path
    return index


def _locate(spec: str, *, relative_to: Path | None = None) -> Path:
    candidate = Path(spec).expanduser()
    if relative_to is not None and not candidate.is_absolute():
        rel = relative_to / candidate
        if rel.is_file():
            return rel
    if candidate.suffix in (".yaml", ".yml") or candidate.is_file() or "/" in spec:
        if not candidate.is_file():
            raise RulesetError(f"{spec}: no such ruleset file; check the path")
        return candidate
    index = _builtin_index()
    key = _norm(spec)
    if key in index:
        return index[key]
    hint = nearest(key, index)
    tip = f"did you mean {hint!r}? " if hint else ""
    raise RulesetError(
        f"unknown ruleset {spec!r}: {tip}choose one of {', '.join(BUILTIN)}, or give a YAML file path"
    )


@lru_cache(maxsize=64)
def _load_path(path: Path, mtime: float) -> Ruleset:
    del mtime  # part of the cache key so an edited file is read again
    data = _raw(path)
    try:
        return build(data, Ruleset)
    except RulesetError as exc:
        raise RulesetError(f"{path}: {exc}") from None


def load_ruleset(spec: str | Path = DEFAULT) -> Ruleset:
    """A ruleset by shipped name, alias (`six-card`, `5-card`, `2x2` ...) or YAML file path."""
    path = _locate(str(spec)).resolve()
    return _load_path(path, path.stat().st_mtime)


def builtin_rulesets() -> list[Ruleset]:
    return [load_ruleset(name) for name in BUILTIN]
