"""The pack's shuffle, exactly `random.Random.shuffle` but without its two Python calls per card.

A simulated game shuffles about nine packs, and the standard library's shuffle spends most of
its time calling `_randbelow` once per card; this is the same Fisher-Yates walk drawing the same
bits from `getrandbits`, so a seed gives the very same deal (`tests/test_shuffle.py` compares the
two on many seeds). A subclass of `random.Random` that changes how numbers are drawn gets its own
`shuffle`, unchanged.
"""

from __future__ import annotations

import random
from typing import Any

# (n, bits of n) for n = len(pack) down to 2: how many bits `_randbelow(n)` asks for
_WALKS: dict[int, tuple[tuple[int, int], ...]] = {}


def _walk(size: int) -> tuple[tuple[int, int], ...]:
    walk = _WALKS.get(size)
    if walk is None:
        walk = _WALKS[size] = tuple((n, n.bit_length()) for n in range(size, 1, -1))
    return walk


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle `items` in place as `rng.shuffle(items)` would."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    bits = rng.getrandbits
    for n, k in _walk(len(items)):
        j = bits(k)
        while j >= n:
            j = bits(k)
        i = n - 1
        items[i], items[j] = items[j], items[i]
