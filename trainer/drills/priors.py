"""The shipped prior difficulty of question families (trainer/_generated/priors.json, written by
scripts/make_priors.py from simulated learners of known skill; how is in its docstring).

A pattern takes the difficulty of its longest prefix that the calibration sampled often enough
(`discard/dealer/6/fives=1/...` falls back to `discard/dealer/6`, `discard/dealer`, `discard`), so a
pattern nobody sampled still starts where questions like it start. The file is read on the first
question whose kind asks, never at import: start-up is benchmarked.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

DATA_PACKAGE = "trainer._generated"
DATA_FILE = "priors.json"
NEUTRAL = 1500.0  # a kind the file does not know


@lru_cache(maxsize=1)
def _document() -> dict[str, Any]:
    import json
    import pkgutil

    raw = pkgutil.get_data(DATA_PACKAGE, DATA_FILE)
    if raw is None:  # pragma: no cover - only a broken install lacks the file
        raise FileNotFoundError(f"{DATA_PACKAGE}/{DATA_FILE} is missing from the installation")
    data: dict[str, Any] = json.loads(raw.decode("utf-8"))
    return data


@lru_cache(maxsize=4096)
def calibrated(pattern: str) -> float:
    """The difficulty of `pattern`'s nearest calibrated family (NEUTRAL if none is)."""
    families: dict[str, float] = _document()["families"]
    parts = pattern.split("/")
    for cut in range(len(parts), 0, -1):
        found = families.get("/".join(parts[:cut]))
        if found is not None:
            return float(found)
    return NEUTRAL


def hardest(kind: str) -> float:
    """The largest shipped difficulty of a kind's questions (NEUTRAL for a kind not listed)."""
    return float(_document()["hardest"].get(kind, NEUTRAL))
