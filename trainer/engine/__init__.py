"""The engine: cards, rulesets, scoring, game flow and rulings. Standard library only, pure and
deterministic (randomness comes in as an injected `random.Random`)."""

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
