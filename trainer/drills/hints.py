"""Hints (`?` during a question) and the step-by-step count (`crib drill count --steps`).

Hints go from a nudge to most of the work, one per `?`: for a count, first where to look (the
fives and the ten-cards), then the fifteens found so far, then pairs and runs, then flush and
nobs. Every fact comes from the engine's count of the shown cards, so a hint can never
contradict the grading. A hint is a message id with its values (`Hint`; cards as `Cards`, see
trainer.drills.messages), worded at the edge (trainer.cli.drill_runner.hint_text).
"""

from __future__ import annotations

from typing import NamedTuple

from trainer.drills.data import count_data, discard_data, peg_data
from trainer.drills.messages import Cards, Joined, Signed, msg
from trainer.drills.model import Question
from trainer.engine.cards import Card, Rank, parse_cards
from trainer.engine.ruleset import Ruleset
from trainer.engine.scoring import SHOW_KINDS, ScoreBreakdown, score_show

STEP_KINDS = SHOW_KINDS


class Hint(NamedTuple):
    """One hint: its catalogue key, the values it names, and `n` for a plural form."""

    key: str
    values: dict[str, object]
    n: int | None = None


def _hint(key: str, **values: object) -> Hint:
    return Hint(key, values)


def _show(question: Question, ruleset: Ruleset) -> tuple[tuple[Card, ...], Card, ScoreBreakdown]:
    data = count_data(question)
    hand = parse_cards(data["hand"])
    starter = Card.parse(data["starter"])
    return hand, starter, score_show(hand, starter, is_crib=data.get("crib", False), ruleset=ruleset)


def hints(question: Question, *, ruleset: Ruleset) -> list[Hint]:
    """The hints for a question, mildest first: the idea, then the candidates (or the items of a
    count), then the answer (the count's total), one step per `?`, as in a game."""
    if question.kind in ("count", "muggins"):
        return _count_hints(question, ruleset)
    if question.kind == "peg":
        data = peg_data(question)
        count = data["count"]
        if question.form == "points":
            card = Card.parse(str(data.get("card")))
            return [
                _hint("adapt.hint.peg_count", count=count + card.rank.value_15),
                _hint("adapt.hint.peg_look"),
            ]
        return _peg_hints(question, ruleset)
    if question.kind == "discard":
        return _discard_hints(question, ruleset)
    return [_hint("adapt.hint.penalty")]


def _peg_hints(question: Question, ruleset: Ruleset) -> list[Hint]:
    """The idea of the position (what the count invites), the cards worth weighing with their
    values, then the best card and why (the same advice the drill grades with)."""
    from trainer.advice.pegging import play_points
    from trainer.drills import peg_drill
    from trainer.drills.messages import Reason

    data = peg_data(question)
    count = int(data["count"])
    hand = parse_cards(data["hand"])
    series = tuple(int(c.rank) for c in parse_cards(data.get("series") or [], allow_empty=True))
    legal = [c for c in hand if count + c.value <= 31]
    if any(play_points((*series, int(c.rank))) > 0 for c in legal):
        idea = _hint("coach.idea.play.score_now", count=count)
    elif inviting := sorted({count + c.value for c in legal if count + c.value in (5, 21)}):
        idea = _hint("coach.idea.play.invites", invites=inviting[0])
    elif not series:
        idea = _hint("coach.idea.play.lead")
    else:
        idea = _hint("coach.idea.play.count", count=count, left=31 - count)
    solution = peg_drill.solve(question, ruleset=ruleset)
    options = list(solution.detail["options"])
    weighed = tuple(
        msg(
            "adapt.hint.option_play",
            card=Card.parse(str(o["card"])),
            ev=Signed(float(o.get("ev", o["value"])), "+.2f"),
        )
        for o in options[:3]
    )
    top = options[0]
    why = top.get("why")
    answer = (
        _hint("adapt.hint.answer_play", card=Card.parse(str(top["card"])), reason=Reason(why, ""))
        if isinstance(why, dict)
        else _hint("adapt.hint.answer_play_bare", card=Card.parse(str(top["card"])))
    )
    return [idea, _hint("adapt.hint.candidates_play", options=Joined(weighed, "; ")), answer]


def _discard_hints(question: Question, ruleset: Ruleset) -> list[Hint]:
    """Whose crib it is and what that asks for, the best few discards with their nets, then the
    best discard and why (what it keeps and what it gives)."""
    from trainer.advice.why import option_reason
    from trainer.drills import discard_drill
    from trainer.drills.messages import DiscardWhy

    own = bool(discard_data(question).get("dealer"))
    idea = _hint("coach.idea.discard.own_crib" if own else "coach.idea.discard.their_crib")
    solution = discard_drill.solve(question, ruleset=ruleset)
    options = list(solution.detail["options"])
    weighed = tuple(
        msg("adapt.hint.option_discard", cards=Cards.of(o["discard"]), net=Signed(float(o["net_ev"]), "+.2f"))
        for o in options[:3]
    )
    top = options[0]
    answer = _hint(
        "adapt.hint.answer_discard",
        cards=Cards.of(top["discard"]),
        reason=DiscardWhy(option_reason(top, own_crib=own)),
    )
    return [idea, _hint("adapt.hint.candidates_discard", options=Joined(weighed, "; ")), answer]


def _count_hints(question: Question, ruleset: Ruleset) -> list[Hint]:
    """Where to look first (runs, else the fives and ten-cards, else pairs), then every item the
    engine finds, then the total."""
    hand, starter, breakdown = _show(question, ruleset)
    shown = (*hand, starter)
    fives = [c for c in shown if c.rank == Rank.FIVE]
    tens = [c for c in shown if c.rank.value_15 == 10]
    if breakdown.of_kind("run"):
        idea = _hint("adapt.hint.look_runs")
    elif breakdown.of_kind("fifteen") or not breakdown.of_kind("pair"):
        idea = _hint("adapt.hint.fives", fives=len(fives), tens=len(tens))
    else:
        idea = _hint("adapt.hint.look_pairs")
    parts = []
    for kind in STEP_KINDS:
        items = breakdown.of_kind(kind)
        if items:
            cards = Joined(tuple(Cards(item.cards, "+") for item in items), ", ")
            points = sum(i.points for i in items)
            parts.append(msg("adapt.hint.item", kind=msg(f"coach.kinds.{kind}"), cards=cards, points=points))
    items_hint = (
        _hint("adapt.hint.items", items=Joined(tuple(parts), "; ")) if parts else _hint("adapt.hint.no_items")
    )
    total = Hint("adapt.hint.total", {}, breakdown.total)
    return [idea, items_hint, total]


def step_points(question: Question, *, ruleset: Ruleset) -> dict[str, int]:
    """The engine's points of each kind, for the step-by-step count."""
    return _show(question, ruleset)[2].by_kind()


def step_detail(question: Question, kind: str, *, ruleset: Ruleset) -> Joined:
    """The items of one kind, cards joined by `+`: '5♥+J♦, 5♣+J♦' once worded (empty: none)."""
    items = _show(question, ruleset)[2].of_kind(kind)
    return Joined(tuple(Cards(item.cards, "+") for item in items), ", ")


def combined_answer(points: dict[str, str]) -> str:
    """The steps' answers as one itemised answer (the order of SHOW_KINDS); an unreadable step
    stays unreadable, so the whole answer is graded wrong like any unreadable answer."""
    return " ".join(points.get(kind, "0") for kind in STEP_KINDS)
