"""Graduated hints at the table: each `?` says a little more, as a good teacher would.

1. the idea: what to look at in this position ("watch the count: 21 invites 31", "the crib is
   yours: a 5 or a pair you throw scores for you");
2. the candidates: the two or three choices worth thinking about, with their values;
3. the answer: the coach's choice and why (what `crib discard` / `crib advise-peg` say).

Facts only (message ids and values as plain JSON); `trainer.cli.play.play_view.hint_text` words
them. The facts come from the same advice the coach grades with, so a hint never contradicts
the verdict that follows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from trainer.advice.computer import DiscardAdvice, PlayAdvice
from trainer.engine.cards import Card
from trainer.engine.pegging import PeggingState

STEPS = ("idea", "candidates", "answer")


def step_of(asked: int) -> str:
    """The hint for the n-th `?` (0-based): the last step repeats."""
    return STEPS[min(asked, len(STEPS) - 1)]


def discard_idea(hand: Sequence[Card], *, own_crib: bool, advice: DiscardAdvice) -> dict[str, Any]:
    """Whose crib it is and what that asks of this hand (trainer.drills.hints.discard_idea, the
    discard drill's own), in step with the best discard by the deciding figure."""
    from trainer.drills.hints import discard_idea as idea_of

    idea, cards = idea_of(hand, own_crib=own_crib, best=advice.best.discard)
    data: dict[str, Any] = {"step": "idea", "kind": "discard", "idea": idea}
    if cards:
        data["cards"] = [str(c) for c in cards]
    return data


def discard_candidates(advice: DiscardAdvice, top: int = 3) -> dict[str, Any]:
    """The best few discards in the order the coach grades them (`trainer.play.coach.ranked_discards`:
    the chance to win where it decides, else the points)."""
    from trainer.play.coach import ranked_discards

    ranked, chances = ranked_discards(advice)
    out = []
    for option in ranked[:top]:
        entry: dict[str, Any] = {
            "discard": [str(c) for c in option.discard],
            "keep": [str(c) for c in option.keep],
            "ev": round(option.net_ev, 2),
        }
        if chances:
            entry["chance"] = round(chances[frozenset(option.discard)], 3)
        out.append(entry)
    return {"step": "candidates", "kind": "discard", "candidates": out}


def play_idea(peg: PeggingState, seat: int) -> dict[str, Any]:
    """What to look at before choosing a card, about the cards held (trainer.drills.hints.play_idea,
    the pegging drill's own): a card that scores now, a count that invites a ten-card (5 or 21),
    the lead (a card under 5 that is held, else a pair, else the 5 kept back), or the count to 31."""
    from trainer.drills.hints import play_idea as idea_of

    count = peg.count
    idea, cards = idea_of(peg.legal_plays(seat), peg.series, count)
    data: dict[str, Any] = {"step": "idea", "kind": "play", "idea": idea, "count": count}
    if idea == "invites":
        data["invites"] = min(count + c.value for c in peg.legal_plays(seat) if count + c.value in (5, 21))
        data["made"] = data["invites"] + 10  # 5 invites 15, 21 invites 31
    elif idea == "count":
        data["left"] = 31 - count
    if cards:
        data["cards"] = [str(c) for c in cards]
    return data


def play_candidates(advice: PlayAdvice, top: int = 3) -> dict[str, Any]:
    """The legal cards worth thinking about (one per rank), in the order the coach grades them
    (`trainer.play.coach.ranked_plays`)."""
    from trainer.play.coach import ranked_plays

    plays, win = ranked_plays(advice)
    out = []
    for a in plays[:top]:
        entry: dict[str, Any] = {"card": str(a.card), "ev": round(a.ev, 2)}
        if win:
            entry["chance"] = round(win.get(a.card.index >> 2, 0.0), 3)
        out.append(entry)
    return {"step": "candidates", "kind": "play", "candidates": out}


def count_hint(shown: Sequence[Card], breakdown: Any, asked: int) -> dict[str, Any]:
    """The n-th `?` when counting a hand or crib (the count drill's own steps): where to look
    first (runs, else the fives and ten-cards, else pairs), then every item the engine finds,
    then the total. `shown`: the hand or crib with the starter; `breakdown`: the engine's count,
    so a hint never contradicts the grading."""
    from trainer.engine.cards import Rank
    from trainer.engine.scoring import SHOW_KINDS

    step = step_of(asked)
    data: dict[str, Any] = {"step": step, "kind": "count"}
    if step == "idea":
        if breakdown.of_kind("run"):
            data["look"] = "runs"
        elif breakdown.of_kind("fifteen") or not breakdown.of_kind("pair"):
            data["look"] = "fives"
            data["fives"] = sum(1 for c in shown if c.rank == Rank.FIVE)
            data["tens"] = sum(1 for c in shown if c.rank.value_15 == 10)
        else:
            data["look"] = "pairs"
    elif step == "candidates":
        data["items"] = [
            {
                "kind": kind,
                "cards": [[str(c) for c in item.cards] for item in items],
                "points": sum(i.points for i in items),
            }
            for kind in SHOW_KINDS
            if (items := breakdown.of_kind(kind))
        ]
    else:
        data["total"] = breakdown.total
    return data
