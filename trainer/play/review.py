"""The review after a game: accuracy per skill, points lost per deal, the costliest decisions
and the lucky and unlucky cuts, computed from the game record alone (no search, so it is ready
at once after the last count).

Accuracy is the average over a skill's decisions of max(0, 1 - lost / 3), in percent: a best
choice scores 100, a choice that gives away three expected points or more scores 0 (near the
end, where decisions are graded by the chance to win, one point stands for 4% of that chance).
A cut is lucky or unlucky when the human's hand (and crib) scored at least 4 points more or
3 points less than the kept cards average over every starter.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trainer.engine.events import DiscardEvent, ShowEvent, StarterEvent
from trainer.engine.fastscore import starter_totals
from trainer.engine.game import Game
from trainer.play.coach import Decision
from trainer.play.records import Mistake, ReviewData
from trainer.play.session import HUMAN

SKILLS = {"discard": "discard", "play": "pegging", "count": "counting"}
ZERO_AT = 3.0  # points lost for an accuracy of 0
WIN_POINT = 0.04  # chance to win worth one point, for decisions graded by the board
LUCKY, UNLUCKY = 4.0, -3.0


def cost(decision: Decision) -> float:
    """The decision's cost in points (the chance to win converted near the end)."""
    if decision.basis == "win":
        return decision.win_lost / WIN_POINT
    return decision.ev_lost


@dataclass(frozen=True)
class Review:
    accuracy: dict[str, float | None]
    lost_per_deal: list[float]
    mistakes: list[Mistake]
    cuts: list[dict[str, Any]]
    decisions: int

    def to_json(self) -> ReviewData:
        return {
            "accuracy": self.accuracy,
            "lost_per_deal": self.lost_per_deal,
            "mistakes": self.mistakes,
            "cuts": self.cuts,
            "decisions": self.decisions,
        }


def review(game: Game, decisions: list[Decision]) -> Review:
    accuracy: dict[str, float | None] = {}
    for kind, skill in SKILLS.items():
        mine = [d for d in decisions if d.kind == kind]
        accuracy[skill] = (
            round(100 * sum(max(0.0, 1 - cost(d) / ZERO_AT) for d in mine) / len(mine), 1) if mine else None
        )
    deals = game.deal_number
    lost = [0.0] * deals
    for d in decisions:
        if 1 <= d.deal <= deals:
            lost[d.deal - 1] += cost(d)
    worst = sorted((d for d in decisions if d.band != "best"), key=lambda d: -cost(d))[:3]
    mistakes: list[Mistake] = [{**d.to_json(), "cost": round(cost(d), 2)} for d in worst]
    return Review(
        accuracy=accuracy,
        lost_per_deal=[round(x, 2) for x in lost],
        mistakes=mistakes,
        cuts=_cuts(game),
        decisions=len(decisions),
    )


def _cuts(game: Game) -> list[dict[str, Any]]:
    """Deals where the starter made the human's show much better or worse than its average."""
    rules = game.ruleset
    kept: dict[int, tuple[Any, ...]] = {}
    starters: dict[int, Any] = {}
    scored: dict[int, int] = {}
    dealt: dict[int, tuple[Any, ...]] = {}
    for logged in game.log:
        e = logged.event
        deal = logged.deal_number
        if isinstance(e, DiscardEvent) and e.seat == HUMAN:
            dealt[deal] = e.cards
        elif isinstance(e, StarterEvent):
            starters[deal] = e.card
        elif isinstance(e, ShowEvent) and e.seat == HUMAN and e.what == "hand":
            kept[deal] = e.cards
            scored[deal] = e.true_points
    out = []
    for deal, hand in kept.items():
        starter = starters[deal]
        known = {c.index for c in (*hand, *dealt.get(deal, ()))}
        unseen = [i for i in range(52) if i not in known]
        totals = starter_totals([c.index for c in hand], unseen, starter_bonus=rules.flush.starter_bonus)
        average = sum(totals) / len(totals)
        delta = scored[deal] - average
        if delta >= LUCKY or delta <= UNLUCKY:
            out.append(
                {
                    "deal": deal,
                    "starter": str(starter),
                    "hand": [str(c) for c in hand],
                    "points": scored[deal],
                    "average": round(average, 2),
                    "luck": "lucky" if delta > 0 else "unlucky",
                }
            )
    return out
