"""Levels and themes: what a drill may ask at each level, and which themes each drill knows.

A level is a small table of switches rather than code paths: which scoring kinds may appear,
how often cribs and big or tricky hands are forced in. Random hands are mostly 2, 4 and 6, which
teaches little, so every level above beginner oversamples the hands people miscount.
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.drills.model import LEVELS, DrillError
from trainer.engine.records import Record

COUNT_THEMES = ("fifteens", "pairs", "runs", "double-runs", "flush", "nobs", "crib")
PEG_THEMES = ("fifteens-in-play", "pairs-in-play", "runs-in-play", "31", "go")
DISCARD_THEMES = ("dealer", "pone")

# The scoring kind a theme is about (None: the theme is about the situation, not a kind).
THEME_KIND = {
    "fifteens": "fifteen",
    "pairs": "pair",
    "runs": "run",
    "double-runs": "run",
    "flush": "flush",
    "nobs": "nobs",
    "crib": None,
    "fifteens-in-play": "fifteen",
    "pairs-in-play": "pair",
    "runs-in-play": "run",
    "31": "thirty_one",
    "go": "go",
}


class Level(Record):
    """What a level allows; `tricky_share` is how often a hard case is forced in."""

    name: str
    show_kinds: frozenset[str]
    play_kinds: frozenset[str]
    max_run_items: int
    crib_share: float
    tricky_share: float


_ALL_SHOW = frozenset({"fifteen", "pair", "run", "flush", "nobs"})
_ALL_PLAY = frozenset({"fifteen", "pair", "run", "thirty_one", "go", "last"})

LEVEL_TABLE: dict[str, Level] = {
    "beginner": Level(
        name="beginner",
        show_kinds=frozenset({"fifteen", "pair"}),
        play_kinds=frozenset({"fifteen", "pair"}),
        max_run_items=0,
        crib_share=0.0,
        tricky_share=0.0,
    ),
    "intermediate": Level(
        name="intermediate",
        show_kinds=frozenset({"fifteen", "pair", "run", "nobs"}),
        play_kinds=_ALL_PLAY,
        max_run_items=1,
        crib_share=0.15,
        tricky_share=0.4,
    ),
    "advanced": Level(
        name="advanced",
        show_kinds=_ALL_SHOW,
        play_kinds=_ALL_PLAY,
        max_run_items=4,
        crib_share=0.25,
        tricky_share=0.6,
    ),
    "expert": Level(
        name="expert",
        show_kinds=_ALL_SHOW,
        play_kinds=_ALL_PLAY,
        max_run_items=8,
        crib_share=0.35,
        tricky_share=0.85,
    ),
}


def level(name: str) -> Level:
    """The level by name (prefixes such as `exp` work too)."""
    key = name.strip().lower()
    matches = [n for n in LEVELS if n.startswith(key)] if key else []
    if len(matches) != 1:
        raise DrillError(
            f"unknown level {name!r}: choose one of {', '.join(LEVELS)}",
            key="error.drill.level",
            level=name,
            names=", ".join(LEVELS),
        )
    return LEVEL_TABLE[matches[0]]


def check_theme(theme: str, *, known: Sequence[str], lvl: Level, drill: str, items: str = "") -> str:
    """Validate a requested theme for a drill at a level; '' means mixed. `items` is which of the
    level's scoring kinds the drill's questions hold (the kind's `LEVEL_ITEMS`): "show" (a hand's
    count), "play" (pegging) or "" (none: any theme fits any level)."""
    if not theme:
        return ""
    raw = theme.strip().lower().replace(" ", "-")
    spellings = (raw, raw.replace("_", "-"), raw.replace("-", "_"))
    key = next((k for k in spellings if k in known), raw)
    if key not in known:
        raise DrillError(
            f"the {drill} drill has no theme {theme!r}: choose one of {', '.join(known) or 'none'}",
            key="error.drill.theme",
            drill=drill,
            theme=theme,
            names=", ".join(known) or "-",
        )
    kind = THEME_KIND.get(key)
    kinds = lvl.play_kinds if items == "play" else lvl.show_kinds
    if kind is not None and items and kind not in kinds:
        raise DrillError(
            f"theme {key!r} is not part of the {lvl.name} level: use --level intermediate or above",
            key="error.drill.theme_level",
            theme=key,
            level=lvl.name,
        )
    if key == "double-runs" and lvl.max_run_items < 2:
        raise DrillError(
            "double runs are not part of the beginner and intermediate levels: use --level advanced",
            key="raised.drill.double_runs",
        )
    if key == "crib" and lvl.crib_share == 0:
        raise DrillError(
            "cribs are not part of the beginner level: use --level intermediate or above",
            key="error.drill.crib_level",
        )
    return key
