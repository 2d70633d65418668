"""Cribbage Coach: a command-line trainer for counting, pegging, discarding and the rules.

The public API is the engine's scoring plus the ruleset loader; everything the CLI shows is
built from these.
"""

from trainer._version import __version__
from trainer.content.rulesets import load_ruleset
from trainer.engine.cards import Card, parse_cards
from trainer.engine.ruleset import Ruleset
from trainer.engine.scoring import ScoreBreakdown, ScoreItem, score_play, score_show

__all__ = [
    "Card",
    "Ruleset",
    "ScoreBreakdown",
    "ScoreItem",
    "__version__",
    "load_ruleset",
    "parse_cards",
    "score_play",
    "score_show",
]
