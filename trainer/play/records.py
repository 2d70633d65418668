"""The shapes a played game takes on its way out of `trainer.play`: the saved game record (the
progress database's `games.record`, `--resume`), its actions, and each graded decision as
`--json`, the live coach and the analysis board read it.

Typed here, once, so the store, the screens and the deal-file export agree on every key; the
JSON written is the same as when these were plain dicts (old saved games load unchanged).

(No `from __future__ import annotations` here: Python 3.11 marks `NotRequired` keys only when the
annotations are evaluated, and `tests/test_boundary_records.py` reads them at run time.)
"""

from typing import Any, NotRequired, Required, TypedDict, final


class Action(TypedDict, total=False):
    """One step of a game as the engine replays it; `a` says which, and which keys it has:
    draw (cards), deal (deck), discard (seat, cards), cut (starter), play (card), go,
    show (claimed: None for the true count; call: 0 when muggins was not called), next."""

    a: Required[str]
    cards: list[str]
    deck: list[str]
    seat: int
    starter: str
    card: str
    claimed: int | None
    call: int | None


class DecisionEntry(TypedDict):
    """A graded decision of the human seat: `ev_lost` and `win_lost` (None unless the chance to
    win decided) are its one cost; `reason` holds the facts its words are made from."""

    deal: int
    kind: str  # discard | play | count | muggins
    choice: str
    best: str
    ev_lost: float
    win_lost: float | None
    band: str
    basis: str  # ev | win
    reason: dict[str, Any]


class StoredDecision(DecisionEntry):
    """A decision as the game record keeps it: with the position as a drill question, so a
    mistake goes into the review queue as it was met."""

    question: dict[str, Any]


class Mistake(DecisionEntry):
    """One of a review's costliest decisions, with its cost in points."""

    cost: float


class ReviewData(TypedDict):
    """The review after a game (`crib games show`): accuracy per skill (None: no decision of
    it), points lost per deal, the worst mistakes, the cuts, and how many decisions."""

    accuracy: dict[str, float | None]
    lost_per_deal: list[float]
    mistakes: list[Mistake]
    cuts: list[dict[str, Any]]
    decisions: int


class GameRecordData(TypedDict):
    """A saved game: its settings, every action and the graded decisions; a finished game's
    stored record carries its review too."""

    ruleset: str
    level: str
    coach: str
    seed: int
    first_dealer: int | None
    actions: list[Action]
    decisions: list[StoredDecision]
    status: str  # active | finished
    review: NotRequired[ReviewData]


class CurvePoint(TypedDict):
    """The chance to win before a deal (`deal`), with the scores then."""

    deal: int
    scores: list[int]
    win: float


@final  # final: `"discard" in option` tells a discard's option from a play's
class DiscardChoice(TypedDict):
    """One of a discard's best options on the analysis board, with both costs."""

    discard: list[str]
    keep: list[str]
    net_ev: float
    ev_lost: float
    band: str


@final
class PlayChoice(TypedDict):
    """The card advised or played, its expected points and the facts of its reason."""

    card: str
    ev: float | None
    why: dict[str, Any]


class AnalysedDecision(DecisionEntry):
    """A decision on the analysis board: its number in the game, its cost in points (`weight`)
    and the options it had."""

    n: int
    weight: float
    options: list[DiscardChoice] | list[PlayChoice]


class DealAnalysis(TypedDict):
    """One deal: who dealt, the scores before and after, and the decisions made in it."""

    deal: int
    dealer: int | None
    before: list[int]
    after: NotRequired[list[int]]
    decisions: NotRequired[list[AnalysedDecision]]


class TurningPoint(TypedDict):
    """A deal where the chance to win moved most, and the costliest decisions made in it."""

    deal: int
    change: float
    decisions: list[int]


class Analysis(TypedDict):
    """The analysis board's data (`crib games analyse`): the same for the terminal, `--html` and
    `--json`."""

    ruleset: str
    level: str
    scores: list[int]
    win_source: str  # table | estimate
    curve: list[CurvePoint]
    deals: list[DealAnalysis]
    turning_points: list[TurningPoint]
    costliest: list[int]


class GameAnalysis(Analysis):
    """The analysis of a saved game, with its number in `crib games` (written first)."""

    id: int
