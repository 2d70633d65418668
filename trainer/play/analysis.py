"""The analysis board's data: a finished (or saved) game, deal by deal and decision by decision,
with the chance to win after every deal, the turning points and, for each decision, the options
with both costs (`trainer.advice.cost`) — the same data for the terminal, `--html` and `--json`.

The chance to win before each deal comes from part A's shipped win table where the ruleset has
one (`trainer.advice.win_table`); elsewhere from `estimate_win`, a normal approximation of the
lead against the points still to score, and the data says which (`win_source`).
"""

from __future__ import annotations

from itertools import pairwise
from math import erf, sqrt

from trainer.advice.cost import option_costs
from trainer.advice.discard import analyse_discard
from trainer.engine.cards import parse_cards
from trainer.engine.game import Game
from trainer.engine.ruleset import Ruleset
from trainer.play.coach import Decision
from trainer.play.records import (
    AnalysedDecision,
    Analysis,
    CurvePoint,
    DealAnalysis,
    DiscardChoice,
    PlayChoice,
)
from trainer.play.review import cost
from trainer.play.session import HUMAN, GameRecord, apply_action

POINTS_PER_DEAL = 13.0  # what a side scores in a two-player deal on average (hand, crib, pegging)
SPREAD_PER_DEAL = 8.0  # the spread of the difference between the two sides' points in one deal


def estimate_win(ruleset: Ruleset, mine: int, other: int, *, dealer: bool) -> float:
    """A rough chance to win before a deal: the lead (the dealer's crib worth about 2) against the
    spread of the deals still to play."""
    target = ruleset.target
    if mine >= target:
        return 1.0
    if other >= target:
        return 0.0
    deals_left = max(0.5, (target - max(mine, other)) / POINTS_PER_DEAL)
    lead = (mine - other) + (2.0 if dealer else -2.0)
    return 0.5 * (1 + erf(lead / (SPREAD_PER_DEAL * sqrt(2 * deals_left))))


def win_chance(ruleset: Ruleset, mine: int, other: int, *, dealer: bool) -> tuple[float, str]:
    """The chance to win before a deal and where it comes from ("table" or "estimate")."""
    if ruleset.sides == 2:
        try:
            from trainer.advice.win_table import has_win_table
            from trainer.advice.win_table import win_chance as table_chance

            if has_win_table(ruleset.name):
                return table_chance(ruleset.name, mine, other, dealer=dealer), "table"
        except ImportError:  # part A's table not in this build
            pass
    return estimate_win(ruleset, mine, other, dealer=dealer), "estimate"


def analyse(ruleset: Ruleset, record: GameRecord) -> Analysis:
    """Every deal of the game with its decisions, the chance-to-win curve and the turning points."""
    game = Game.new(ruleset, dealer=record.first_dealer)
    side = ruleset.side_of(HUMAN)
    deals: list[DealAnalysis] = []
    curve: list[CurvePoint] = []
    source = "estimate"

    def point(deal: int) -> None:
        nonlocal source
        scores = tuple(game.scores)
        mine = scores[side]
        other = max(s for i, s in enumerate(scores) if i != side)
        dealer = game.dealer is not None and ruleset.side_of(game.dealer) == side
        if game.is_over:
            chance = 1.0 if mine >= other else 0.0
        else:
            chance, source = win_chance(ruleset, mine, other, dealer=dealer)
        curve.append({"deal": deal, "scores": list(scores), "win": round(chance, 3)})

    for action in record.actions:
        if action["a"] == "deal":
            point(game.deal_number)
            deals.append({"deal": game.deal_number, "dealer": game.dealer, "before": list(game.scores)})
        apply_action(game, action)
        if action["a"] == "next" and deals:
            deals[-1]["after"] = list(game.scores)
    if deals:
        deals[-1].setdefault("after", list(game.scores))
        point(game.deal_number + (0 if game.is_over else 1))
    by_deal: dict[int, list[AnalysedDecision]] = {}
    for number, d in enumerate(record.decisions, start=1):
        entry: AnalysedDecision = {
            **d.to_json(),
            "n": number,
            "weight": round(cost(d), 2),
            "options": _options(ruleset, d),
        }
        by_deal.setdefault(d.deal, []).append(entry)
    for deal in deals:
        deal["decisions"] = by_deal.get(deal["deal"], [])
    swings = [(a["deal"], round(b["win"] - a["win"], 3)) for a, b in pairwise(curve)]
    turning = sorted(swings, key=lambda s: -abs(s[1]))[:3]
    costly = sorted(
        (d for deal in deals for d in deal["decisions"] if d["band"] != "best"), key=lambda d: -d["weight"]
    )[:3]
    return {
        "ruleset": ruleset.name,
        "level": record.level,
        "scores": list(game.scores),
        "win_source": source,
        "curve": curve,
        "deals": deals,
        "turning_points": [
            {"deal": deal, "change": change, "decisions": [d["n"] for d in costly if d["deal"] == deal]}
            for deal, change in turning
        ],
        "costliest": [d["n"] for d in costly],
    }


def _options(ruleset: Ruleset, decision: Decision) -> list[DiscardChoice] | list[PlayChoice]:
    """The options of a discard with both costs (points; the chance to win where the decision
    had it), best first; a play keeps the choice and the best with their expected points."""
    question = decision.question.get("question") if decision.question else None
    if decision.kind == "discard" and question:
        options = analyse_discard(
            parse_cards(question["hand"]), dealer=bool(question["dealer"]), ruleset=ruleset
        )
        costs = option_costs(options, lambda o: o.net_ev)
        choices: list[DiscardChoice] = [
            {
                "discard": [str(c) for c in o.discard],
                "keep": [str(c) for c in o.keep],
                "net_ev": round(o.net_ev, 2),
                "ev_lost": c.points,
                "band": str(c.band),
            }
            for o, c in list(zip(options, costs, strict=True))[:4]
        ]
        return choices
    if decision.kind == "play":
        reason = decision.reason
        # the advised card's own points: near the end the chance to win chooses it, and the best
        # by points (best_ev) may be another card
        best_ev = reason.get("ev") if decision.best == decision.choice else reason.get("shown_ev")
        rows: list[PlayChoice] = [
            {
                "card": decision.best,
                "ev": best_ev if best_ev is not None else reason.get("best_ev"),
                "why": reason.get("why") or {},
            }
        ]
        if decision.best != decision.choice:
            rows.append({"card": decision.choice, "ev": reason.get("ev"), "why": reason.get("mine") or {}})
        by_points = reason.get("points_best") or {}
        if by_points.get("card") and by_points["card"] not in (decision.best, decision.choice):
            # near the end the chance to win chose another card: the best by points is shown too
            why = by_points.get("why") or {}
            rows.append({"card": by_points["card"], "ev": reason.get("best_ev"), "why": why})
        return rows
    return []
