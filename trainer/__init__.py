"""Cribbage Coach: a command-line trainer for counting, pegging, discarding and the rules.

Public API: `load_ruleset`, `parse_cards`, `score_show`, `score_play` (and the `Card`,
`Ruleset`, `ScoreBreakdown`, `ScoreItem` types); the computer and the coach: `computer_player`,
`grade_decision` and the `View` of one seat (docs/guide/computer-api.md). Names are imported on
first use so that `crib` starts fast: the CLI never pays for modules a command does not need.
"""

from __future__ import annotations

import sys as _sys

if _sys.argv and (_sys.argv[0] == "-m" or _sys.argv[0].rsplit("/", 1)[-1] == "crib"):
    # Started as `crib` (or `python -m trainer`): until the CLI is imported and catches Ctrl-C
    # itself (trainer.cli.start), an interrupt ends the process quietly, as the shell's default,
    # instead of a KeyboardInterrupt traceback from the middle of an import.
    import signal as _signal

    _signal.signal(_signal.SIGINT, _signal.SIG_DFL)

from importlib import import_module
from typing import TYPE_CHECKING, Any

from trainer._version import __version__

if TYPE_CHECKING:
    from trainer.content.rulesets import load_ruleset
    from trainer.engine.cards import Card, parse_cards
    from trainer.engine.ruleset import Ruleset
    from trainer.engine.scoring import ScoreBreakdown, ScoreItem, score_play, score_show
    from trainer.play.api import Verdict, View, computer_player, grade_decision

_EXPORTS = {
    "load_ruleset": "trainer.content.rulesets",
    "Card": "trainer.engine.cards",
    "parse_cards": "trainer.engine.cards",
    "Ruleset": "trainer.engine.ruleset",
    "ScoreBreakdown": "trainer.engine.scoring",
    "ScoreItem": "trainer.engine.scoring",
    "score_play": "trainer.engine.scoring",
    "score_show": "trainer.engine.scoring",
    "View": "trainer.play.api",
    "Verdict": "trainer.play.api",
    "computer_player": "trainer.play.api",
    "grade_decision": "trainer.play.api",
}

__all__ = [
    "Card",
    "Ruleset",
    "ScoreBreakdown",
    "ScoreItem",
    "Verdict",
    "View",
    "__version__",
    "computer_player",
    "grade_decision",
    "load_ruleset",
    "parse_cards",
    "score_play",
    "score_show",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'trainer' has no attribute {name!r}")
    return getattr(import_module(module), name)
