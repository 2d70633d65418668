"""Disk cache for exact distributions: computing one is fast, but `crib count` shows a rarity
line on every call and should not pay even that. Written atomically so a crash never leaves
a half-written cache file behind."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from trainer.content.yamlfile import write_cache
from trainer.engine.ruleset import Ruleset
from trainer.engine.statistics import Distribution, ruleset_distribution

_VERSION = 1


def cache_dir() -> Path:
    override = os.environ.get("CRIB_CACHE_DIR")
    if override:
        return Path(override)
    if sys.platform.startswith("linux"):  # the XDG rule, without importing platformdirs
        return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "cribbage-coach"
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("cribbage-coach"))


def _key(ruleset: Ruleset, crib: bool) -> str:
    size = ruleset.crib_size if crib else ruleset.hand_size
    flush = ruleset.flush
    # a hand flush of fewer cards than the hand (club option C5) is another table
    partial = f"-m{flush.hand_min}" if not crib and flush.hand_min < size else ""
    return (
        f"v{_VERSION}-n{size}-{'crib' if crib else 'hand'}-b{flush.starter_bonus}"
        f"-w{int(flush.crib_without_starter)}{partial}"
    )


def cached_distribution(ruleset: Ruleset, *, crib: bool = False, use_cache: bool = True) -> Distribution:
    """The distribution from the cache, computing and storing it on a miss."""
    path = cache_dir() / f"distribution-{_key(ruleset, crib)}.json"
    if use_cache:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return Distribution(
                hand_size=data["hand_size"],
                crib=data["crib"],
                counts={int(k): v for k, v in data["counts"].items()},
            )
        except (OSError, ValueError, KeyError, TypeError):
            pass
    dist = ruleset_distribution(ruleset, crib=crib)
    if use_cache:
        write_cache(
            path,
            json.dumps({"hand_size": dist.hand_size, "crib": dist.crib, "counts": dist.counts}),
        )
    return dist
