"""The shape of each drill kind's question data: one `TypedDict` per kind, over the stored form.

`Question.data` is the shown facts exactly as stored (cards as `"5H"` strings, plain lists,
numbers and flags): the same mapping goes into SQLite, `--json` output and quiz files. These
shapes are the only description of it. The drills read them through `trainer.drills.data`
(mypy checks every key), `trainer.drills.data.checked` holds a built question to them, and the
quiz-file schema (`trainer.content.quizschema`) is derived from them through
`trainer.drills.registry.SHAPES`. This module imports only the standard library, so the content
layer may read it (tests/layers.py allows exactly this and the registry).

(No `from __future__ import annotations` here: the checks read the annotations at run time,
and Python 3.11 marks `NotRequired` keys only when the annotations are evaluated.)
"""

from typing import NotRequired, TypedDict

__all__ = [
    "ClaimedItem",
    "CountData",
    "DiscardData",
    "MugginsData",
    "PegData",
    "PenaltyData",
    "PenaltyScenario",
    "RulingChoice",
]


class CountData(TypedDict):
    """A shown hand or crib (count drill): the cards, the starter, and whether it is a crib."""

    hand: list[str]  # 4 cards (5 for a five-card crib), sorted, as "5H"
    starter: str
    crib: NotRequired[bool]  # absent: a hand


class ClaimedItem(TypedDict):
    """One item of the computer's count in the muggins drill (`ScoreItem.to_json()`)."""

    kind: str  # fifteen, pair, run, flush, nobs
    cards: list[str]
    points: int
    label: NotRequired[str]


class MugginsData(CountData):
    """A shown hand or crib with the count the computer says aloud, item by item."""

    announced: int  # the total it announces (may be short or over)
    claimed: list[ClaimedItem]  # the items it names, adding up to `announced`


class PegData(TypedDict):
    """A pegging position as the player to act sees it (`positions.Position.to_data()`).

    Seats are relative: 0 is the player, 1.. the others clockwise (partners opposite).
    """

    hand: list[str]  # the player's cards left
    count: int  # the count so far (the cards of `series` added up)
    series: NotRequired[list[str]]  # the cards of the current count, in order
    by: NotRequired[list[int]]  # who played each card of `series` (absent: nobody known)
    card: NotRequired[str | None]  # the card asked about, in the "points" form
    starter: NotRequired[str | None]
    discards: NotRequired[list[str]]  # what the player laid away
    earlier: NotRequired[list[str]]  # cards of earlier counts of this play
    opponent_cards: NotRequired[list[int]]  # cards each other seat still holds
    opponent_go: NotRequired[list[bool]]  # whether each other seat has said go


class DiscardData(TypedDict):
    """A dealt hand to lay away from."""

    hand: list[str]  # 6 cards (5 with three or four players)
    dealer: NotRequired[bool]  # the player's own crib (absent: the opponent's)
    discard: NotRequired[int]  # how many to lay away (absent: 2)
    score: NotRequired[list[int]]  # the board form: the player's score and the opponent's


class RulingChoice(TypedDict):
    """One lettered ruling of the penalty drill: who pegs how many, how far back who moves."""

    letter: str  # a, b, c, d
    beneficiary: str  # a `Beneficiary` (pone, dealer, opponent, none...)
    points: int
    back: NotRequired[int]  # absent: 0


class PenaltyScenario(TypedDict):
    """An irregularity of the catalogue with the facts that decide its ruling."""

    irregularity: str
    facts: NotRequired[dict[str, bool | int | str] | None]  # adjudicate()'s keyword facts


class PenaltyData(TypedDict):
    """An irregularity in words and the rulings to choose from."""

    scenario: PenaltyScenario
    choices: list[RulingChoice]
    penalty_set: NotRequired[str]  # the ruleset's penalty set when asked
    muggins: NotRequired[bool]  # whether muggins was in force
