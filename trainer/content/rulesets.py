"""Load rulesets from YAML: safe_load only, schema-checked, errors that name file, line and key.

A house ruleset may say `extends: classic` (a shipped name, alias or another file) and override
only the keys it changes; nested sections merge key by key.

Parsing YAML in pure Python costs more than the rest of `crib count` together, so a validated
ruleset is kept as JSON in the user cache, keyed by every file of its `extends` chain with its
modification time and size; any edit makes the next load parse and validate the files again.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from trainer.content.paths import rulesets_dir
from trainer.content.yamlfile import MAX_NAME, key_lines, line_of, parse, read_text, shown, write_cache
from trainer.engine.errors import Msg, RulesetError
from trainer.engine.ruleset import Ruleset
from trainer.engine.variants import SHIPPED_RULESETS

BUILTIN = SHIPPED_RULESETS  # one per variant (trainer.engine.variants)
DEFAULT = "classic"
_CACHE_VERSION = 1
_MAX_EXTENDS = 10  # files in one `extends` chain


def _norm(word: str) -> str:
    return word.strip().lower().replace("_", "-").replace(" ", "-")


def _parse(path: Path) -> Any:
    return parse(read_text(path, error=RulesetError, what="ruleset"), path=path, error=RulesetError)


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _raw(path: Path, chain: list[Path]) -> dict[str, Any]:
    """The file's mapping with any `extends` chain merged in, checked key by key."""
    if path.resolve() in chain:
        raise RulesetError(f"{path}: 'extends' loops back to itself", key="raised.ruleset.loop", path=path)
    chain.append(path.resolve())
    data = _parse(path)
    if data is None:
        raise RulesetError(
            f"{path}: the file is empty; start from `extends: classic`", key="raised.ruleset.empty", path=path
        )
    if not isinstance(data, dict):
        raise RulesetError(
            f"{path}:1: a ruleset must be a mapping of keys (name: ..., target: ...)",
            key="raised.ruleset.mapping",
            path=path,
        )
    data = dict(data)
    parent = data.pop("extends", None)
    base: dict[str, Any] = {}
    if parent is not None:
        if len(chain) > _MAX_EXTENDS:
            raise RulesetError(
                f"{shown(path)}: 'extends' goes more than {_MAX_EXTENDS} files deep",
                key="hostile.extends_deep",
                where=shown(path),
                limit=_MAX_EXTENDS,
            )
        base = _raw(_parent_file(parent, path), chain)
        base.pop("aliases", None)
        data.setdefault("name", path.stem)
        if "title" not in data:
            _derived_titles(data, base)
    merged = _merge(base, data)
    _check(merged, path)
    return merged


def _derived_titles(data: dict[str, Any], base: dict[str, Any]) -> None:
    """A house ruleset without a title names itself and its own players and target, never its
    base's ("Classic six-card cribbage (2 players, 121)" for a game to 61 misled players). The
    CLI words this title in the reader's language (trainer.cli.titles)."""
    name = str(data.get("name", ""))
    players = data.get("players", base.get("players"))
    target = data.get("target", base.get("target"))
    based_on = str(base.get("name", ""))
    data["title"] = f"{name} ({players} players, {target}; based on {based_on})"


def _check(merged: dict[str, Any], path: Path) -> None:
    from trainer.content.schema import key_error, validate

    problems = validate(merged, Ruleset)
    if not problems:
        return
    first = problems[0]
    lines = key_lines(read_text(path, error=RulesetError, what="ruleset"), path=path)
    line = line_of(first.path, lines)
    where = f"{path}:{line}" if line else str(path)
    raise key_error(RulesetError, where, ".".join(first.path), first, len(problems) - 1)


def _builtin_index() -> dict[str, Path]:
    index: dict[str, Path] = {}
    for name in BUILTIN:
        path = rulesets_dir() / f"{name}.yaml"
        index[_norm(name)] = path
        for alias in _cached_data(path).get("aliases", []):
            index[_norm(str(alias))] = path
    return index


def _parent_file(parent: object, path: Path) -> Path:
    """Where `extends:` may point: a shipped ruleset (name or alias), or a `.yaml`/`.yml` file in
    the extending file's folder or below it. Nothing else is opened, so a ruleset handed round a
    club cannot make `crib` read (and quote) `../../etc/passwd` or a device."""
    spec = str(parent)
    where = shown(path)
    if isinstance(parent, bool) or not isinstance(parent, str | int | float):
        raise RulesetError(
            f"{where}: 'extends' must name one ruleset, e.g. extends: classic",
            key="hostile.extends_type",
            where=where,
        )
    if len(spec) > MAX_NAME:
        raise RulesetError(
            f"{where}: 'extends' names {len(spec)} characters; name a ruleset, e.g. classic",
            key="hostile.extends_long",
            where=where,
            n=len(spec),
        )
    looks_like_file = "/" in spec or "\\" in spec or spec.endswith((".yaml", ".yml"))
    if not looks_like_file and _norm(spec) in _known_names():
        return _locate(spec)
    relative = Path(spec)
    if relative.is_absolute() or ".." in relative.parts or relative.suffix not in (".yaml", ".yml"):
        raise RulesetError(
            f"{where}: 'extends: {shown(spec, 60)}' is not allowed: name a shipped ruleset "
            f"({', '.join(BUILTIN)}) or a .yaml file in this folder or below it",
            key="hostile.extends_not_allowed",
            where=where,
            spec=shown(spec, 60),
            names=", ".join(BUILTIN),
        )
    candidate = path.parent / relative
    if not candidate.is_file():
        raise RulesetError(
            f"{where}: 'extends: {shown(spec, 60)}': no such ruleset file next to this one",
            key="hostile.extends_missing",
            where=where,
            spec=shown(spec, 60),
        )
    return candidate


def _known_names() -> set[str]:
    return set(BUILTIN) | set(_builtin_index())


def _locate(spec: str, *, relative_to: Path | None = None) -> Path:
    if len(spec) > MAX_NAME or "\x00" in spec:
        raise RulesetError(
            f"ruleset {shown(spec, 40)!r} ({len(spec)} characters) is neither a ruleset name nor a file "
            f"path; choose one of {', '.join(BUILTIN)}, or give a YAML file path",
            key="hostile.ruleset_name",
            spec=shown(spec, 40),
            n=len(spec),
            names=", ".join(BUILTIN),
        )
    candidate = Path(spec).expanduser()
    if relative_to is not None and not candidate.is_absolute():
        rel = relative_to / candidate
        if rel.is_file():
            return rel
    try:
        is_file = candidate.is_file()
    except OSError:
        is_file = False
    if candidate.suffix in (".yaml", ".yml") or is_file or "/" in spec:
        if not is_file:
            try:
                exists = candidate.exists()
            except OSError:
                exists = False
            if exists:
                raise RulesetError(
                    f"{shown(spec)}: not a regular ruleset file; give a .yaml file",
                    key="hostile.ruleset_not_regular",
                    spec=shown(spec),
                )
            raise RulesetError(
                f"{shown(spec)}: no such ruleset file; check the path",
                key="error.file.missing.ruleset",
                path=shown(spec),
            )
        return candidate
    key = _norm(spec)
    if key in BUILTIN:
        return rulesets_dir() / f"{key}.yaml"
    index = _builtin_index()
    if key in index:
        return index[key]
    from trainer.content.schema import nearest

    hint = nearest(key, index)
    tip = f"did you mean {hint!r}? " if hint else ""
    raise RulesetError(
        f"unknown ruleset {shown(spec)!r}: {tip}choose one of {', '.join(BUILTIN)}, or give a YAML file path",
        key="error.ruleset.unknown",
        spec=shown(spec),
        tip=Msg.of("error.did_you_mean", word=hint) if hint else "",
        names=", ".join(BUILTIN),
    )


def _stamp(path: Path) -> list[object]:
    st = path.stat()
    return [str(path), st.st_mtime_ns, st.st_size]


def _cache_file(path: Path) -> Path:
    from trainer.content.stats_cache import cache_dir

    return cache_dir() / "rulesets" / f"{path.stem}-{_fnv1a(str(path)):016x}.json"


def _fnv1a(text: str) -> int:
    """A stable 64-bit hash of a path for the cache file name (hashlib costs 3 ms to import)."""
    value = 0xCBF29CE484222325
    for byte in text.encode("utf-8"):
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return value


def _cached_data(path: Path) -> dict[str, Any]:
    """Validated, merged data of a ruleset file, from the cache when no file changed."""
    import json  # not at the top: the shipped rulesets load without it (start-up is benchmarked)

    path = path.resolve()
    cache = _cache_file(path)
    try:
        stored = json.loads(cache.read_text(encoding="utf-8"))
        if stored["version"] == _CACHE_VERSION and all(
            _stamp(Path(p)) == [p, m, s] for p, m, s in stored["chain"]
        ):
            data: dict[str, Any] = stored["data"]
            return data
    except (OSError, ValueError, KeyError, TypeError):
        pass
    chain: list[Path] = []
    data = _raw(path, chain)
    record = {"version": _CACHE_VERSION, "chain": [_stamp(p) for p in chain], "data": data}
    write_cache(cache, json.dumps(record))
    return data


@lru_cache(maxsize=64)
def _load_path(path: Path, mtime: int) -> Ruleset:
    del mtime  # part of the in-process cache key so an edited file is read again
    from trainer.content.schema import build

    data = _cached_data(path)
    try:
        return build(data, Ruleset)
    except RulesetError as exc:
        raise RulesetError(f"{path}: {exc}", key="raised.at", where=path, problem=exc) from None


def load_ruleset(spec: str | Path = DEFAULT) -> Ruleset:
    """A ruleset by shipped name, alias (`six-card`, `5-card`, `2x2` ...) or YAML file path."""
    path = _locate(str(spec)).resolve()
    st = path.stat()
    return _shipped(path, st.st_mtime_ns, st.st_size) or _load_path(path, st.st_mtime_ns)


_SHIPPED: dict[tuple[Path, int, int], Ruleset | None] = {}


def _shipped(path: Path, mtime: int, size: int) -> Ruleset | None:
    """The validated snapshot of a shipped ruleset (trainer._generated.rulesets), used only while
    its YAML file is byte for byte the one the snapshot was made from (CRC-32 and size): a first
    run then needs neither the YAML parser nor the cache, and an edited file is read as usual."""
    key = (path, mtime, size)
    if key in _SHIPPED:
        return _SHIPPED[key]
    found = None
    name = path.stem
    if name in BUILTIN and path.parent == rulesets_dir().resolve():
        import zlib

        from trainer._generated.rulesets import BUILDERS, YAML_STAMPS

        try:
            data = path.read_bytes()
        except OSError:
            data = b""
        if (zlib.crc32(data), len(data)) == YAML_STAMPS.get(name):
            found = BUILDERS[name]()
    _SHIPPED[key] = found
    return found


def builtin_rulesets() -> list[Ruleset]:
    return [load_ruleset(name) for name in BUILTIN]


def ruleset_source(spec: str | Path) -> Path:
    """The YAML file a ruleset name, alias or path refers to."""
    return _locate(str(spec)).resolve()
