"""Hints (`?` during a question) and the step-by-step count (`crib drill count --steps`).

Each kind's `hints` (trainer.drills.kinds) gives its list, built here. Hints go from a nudge to
most of the work, one per `?`: for a count, first where to look (the
fives and the ten-cards), then the fifteens found so far, then pairs and runs, then flush and
nobs. Every fact comes from the engine's count of the shown cards, so a hint can never
contradict the grading. A hint is a message id with its values (`Hint`; cards as `Cards`, see
trainer.drills.messages), worded at the edge (trainer.cli.drill.drill_runner.hint_text).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from trainer.drills.data import count_data
from trainer.drills.messages import Cards, Joined, Points, msg
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


def _show(question: Question, ruleset: Ruleset) -> tuple[tuple[Card, ...], Card, ScoreBreakdown]:
    data = count_data(question)
    hand = parse_cards(data["hand"])
    starter = Card.parse(data["starter"])
    return hand, starter, score_show(hand, starter, is_crib=data.get("crib", False), ruleset=ruleset)


def hint(key: str, **values: object) -> Hint:
    """A hint with its values (a kind's `hints` builds its list of these)."""
    return Hint(key, values)


def count_hints(question: Question, *, ruleset: Ruleset) -> list[Hint]:
    """The hints for a shown hand or crib (the count and muggins kinds), mildest first: where to
    look first (runs, else the fives and ten-cards, else pairs), then every item the engine
    finds, then the total."""
    hand, starter, breakdown = _show(question, ruleset)
    shown = (*hand, starter)
    fives = [c for c in shown if c.rank == Rank.FIVE]
    tens = [c for c in shown if c.rank.value_15 == 10]
    if breakdown.of_kind("run"):
        idea = hint("adapt.hint.look_runs")
    elif breakdown.of_kind("fifteen") or not breakdown.of_kind("pair"):
        idea = hint(
            "adapt.hint.fives",
            fives=msg(f"adapt.hint.fives_said.{len(fives)}"),  # «одна пятёрка»: few, said in words
            tens=msg(f"adapt.hint.tens_said.{len(tens)}"),
        )
    else:
        idea = hint("adapt.hint.look_pairs")
    parts = []
    for kind in STEP_KINDS:
        items = breakdown.of_kind(kind)
        if items:
            cards = Joined(tuple(Cards(item.cards, "+") for item in items), ", ")
            points = sum(i.points for i in items)
            worth = Points(points)  # «2 очка», "2 points"
            named = f"coach.kind_one.{kind}" if len(items) == 1 else f"coach.kinds.{kind}"  # «пара», «пары»
            parts.append(msg("adapt.hint.item", kind=msg(named), cards=cards, points=worth))
    items_hint = (
        hint("adapt.hint.items", items=Joined(tuple(parts), "; ")) if parts else hint("adapt.hint.no_items")
    )
    total = Hint("adapt.hint.total", {}, breakdown.total)
    return [idea, items_hint, total]


def play_idea(legal: Sequence[Card], series: Sequence[Card], count: int) -> tuple[str, tuple[Card, ...]]:
    """What to look at before choosing a card, from the cards actually held (a hint about a card
    under 5 to a hand without one teaches nothing): a card that scores now, a count that invites
    a ten-card (21, or 5 after an ace), at the lead the held cards under 5, else a pair to lead
    from, else the 5 to keep back; later the count to 31. Returns the idea and the cards it names (for the
    game's `?` and the pegging drill's, which must agree)."""
    from trainer.advice.pegging import play_points

    ranks = tuple(c.index >> 2 for c in series)  # rank indices, 0 = ace (as play_points reads them)
    if any(play_points((*ranks, c.index >> 2)) > 0 for c in legal):
        return "score_now", ()
    if series:
        return ("invites" if any(count + c.value in (5, 21) for c in legal) else "count"), ()
    low = tuple(sorted(c for c in legal if c.value < 5))
    if low:
        return "lead_low", low
    by_rank: dict[Rank, list[Card]] = {}
    for c in sorted(legal):
        by_rank.setdefault(c.rank, []).append(c)
    pair = next((cs[:2] for r, cs in by_rank.items() if len(cs) >= 2 and r != Rank.FIVE), None)
    if pair:
        return "lead_pair", tuple(pair)
    if Rank.FIVE in by_rank:
        return "lead_high_five", ()
    return "lead_high", ()


def _gives(throw: Sequence[Card]) -> bool:
    """Whether a throw gives a crib something to start from: a 5, a pair, two cards that make
    15 or two that touch (the cards a throw to the opponent's crib keeps apart)."""
    if any(c.rank == Rank.FIVE for c in throw):
        return True
    return any(
        a.rank == b.rank or a.value + b.value == 15 or abs(int(a.rank) - int(b.rank)) == 1
        for i, a in enumerate(throw)
        for b in throw[i + 1 :]
    )


def discard_idea(
    hand: Sequence[Card], *, own_crib: bool, best: Sequence[Card]
) -> tuple[str, tuple[Card, ...]]:
    """What to look at before laying away, about this hand and in step with the advice (a hint
    "no pair" before an answer that throws a pair would contradict itself). Your own crib: the
    5s and pairs the hand holds, else touching cards, else nothing that helps. The opponent's:
    cards far apart, unless the best throw gives something anyway, because what the hand keeps
    matters more (or no throw is safe)."""
    from itertools import combinations

    if own_crib:
        ranks = [c.rank for c in hand]
        helpers = tuple(c for c in hand if c.rank == Rank.FIVE or ranks.count(c.rank) > 1)
        if helpers:
            return "own_crib_cards", helpers
        return ("own_crib_touch" if _gives(hand) else "own_crib_nothing"), ()
    if not _gives(best):
        return "their_crib", ()
    safe = any(not _gives(t) for t in combinations(hand, len(best)))
    return ("their_crib_keep" if safe else "their_crib_no_safe"), ()


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
