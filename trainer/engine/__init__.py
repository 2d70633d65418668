"""The engine: cards, rulesets, scoring, game flow and rulings. Standard library only, pure and
deterministic (randomness comes in as an injected `random.Random`).

The names below are imported on first use (PEP 562), not with the package: `import
trainer.engine.errors` (which every CLI start-up does) then costs one small module instead of
cards, rulesets and scoring, whose classes take milliseconds to build.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from trainer.engine.cards import Card, Rank, Suit, full_deck, parse_cards
    from trainer.engine.errors import (
        CardParseError,
        CribError,
        IllegalAction,
        RulesetError,
        ScoringError,
    )
    from trainer.engine.ruleset import Ruleset
    from trainer.engine.scoring import ScoreBreakdown, ScoreItem, score_play, score_show

_WHERE = {
    "Card": "cards",
    "Rank": "cards",
    "Suit": "cards",
    "full_deck": "cards",
    "parse_cards": "cards",
    "CardParseError": "errors",
    "CribError": "errors",
    "IllegalAction": "errors",
    "RulesetError": "errors",
    "ScoringError": "errors",
    "Ruleset": "ruleset",
    "ScoreBreakdown": "scoring",
    "ScoreItem": "scoring",
    "score_play": "scoring",
    "score_show": "scoring",
}

__all__ = [
    "Card",
    "CardParseError",
    "CribError",
    "IllegalAction",
    "Rank",
    "Ruleset",
    "RulesetError",
    "ScoreBreakdown",
    "ScoreItem",
    "ScoringError",
    "Suit",
    "full_deck",
    "parse_cards",
    "score_play",
    "score_show",
]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'trainer.engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"trainer.engine.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_WHERE])
