"""Seeded generators of damaged files for the fuzz tests (tests/test_hostile_fuzz.py).

Each mutation starts from a file the product itself wrote or ships and changes one thing the way
a careless editor or an attacker would: a value of the wrong type, a missing or unknown key, a
huge number, markup or control characters in text. A quiz keeps a valid checksum after the edit
(recomputed, as anyone can), so the reader's validation is what is tested, not the checksum.
"""

from __future__ import annotations

import datetime
import random
from typing import Any

HOSTILE_VALUES: tuple[Any, ...] = (
    True,
    False,
    None,
    0,
    -1,
    10**100,
    1.5,
    float("inf"),
    "",
    "[/]",
    "[bold red]Boss[/bold red]",
    "\x1b[2J",
    "x" * 5000,
    "5H 5H",
    "ZZ",
    datetime.date(2026, 12, 1),
    [],
    [1, 2],
    ["[/]"],
    {},
    {"a": 1},
    [[[]]],
)


def paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path inside a parsed YAML value (list items by index)."""
    found = [at]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(paths(item, (*at, key)))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found.extend(paths(item, (*at, i)))
    return found


def _get(value: Any, at: tuple[Any, ...]) -> Any:
    for key in at:
        value = value[key]
    return value


def mutate(document: Any, rng: random.Random, *, keep: tuple[str, ...] = ()) -> Any:
    """A deep copy of `document` with one random edit (keys named in `keep` stay at the top)."""
    import copy

    doc = copy.deepcopy(document)
    candidates = [p for p in paths(doc) if p and not (len(p) == 1 and p[0] in keep)]
    at = rng.choice(candidates)
    parent = _get(doc, at[:-1])
    action = rng.random()
    if action < 0.7:
        parent[at[-1]] = copy.deepcopy(rng.choice(HOSTILE_VALUES))
    elif action < 0.85 and isinstance(parent, dict):
        del parent[at[-1]]
    elif isinstance(parent, dict):
        parent[rng.choice(["unknown", "hand", "count", "name", 7])] = copy.deepcopy(
            rng.choice(HOSTILE_VALUES)
        )
    elif isinstance(parent, list) and parent:
        parent.pop(at[-1])
    return doc
