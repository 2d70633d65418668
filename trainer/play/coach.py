"""The coach at the table: every decision of the human seat graded the way the drills grade it.

A discard is graded by `grade_discard` on `analyse_discard` (what `crib discard` says), a play
by `grade_peg` on the pegging advice (what `crib advise-peg` says; sampled play-outs with three
or four players), a count by the points missed or over-claimed. Near the end of a game the
discard and the play are graded by the chance to go out instead (`trainer.advice.endgame`),
and the decision says so (`basis: "win"`) so the coach can tell the player why the advice
differs from the average. Each decision also carries the position as a drill question, so a
mistake goes into the review queue exactly as it was met.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from trainer.advice.computer import (
    DiscardAdvice,
    PlayAdvice,
    own_crib,
    seen_cards,
)
from trainer.advice.grading import band, grade_discard, grade_peg, points_lost
from trainer.engine.cards import Card
from trainer.engine.game import Game
from trainer.engine.scoring import ScoreBreakdown

if TYPE_CHECKING:
    from trainer.drills.data import CountData, DiscardData, PegData

# Bands by the chance to win given away, for decisions graded near the end of a game.
WIN_BANDS: tuple[tuple[float, str], ...] = ((0.01, "best"), (0.05, "inaccuracy"), (0.12, "mistake"))


def win_band(lost: float) -> str:
    for limit, name in WIN_BANDS:
        if lost <= limit + 1e-9:
            return name
    return "blunder"


@dataclass
class Decision:
    """One graded decision of the human seat, as the game record and `--json` keep it."""

    deal: int
    kind: str  # discard | play | count
    choice: str
    best: str
    ev_lost: float
    band: str
    basis: str = "ev"  # ev | win
    win_lost: float = 0.0
    reason: dict[str, Any] = field(default_factory=dict)
    question: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "deal": self.deal,
            "kind": self.kind,
            "choice": self.choice,
            "best": self.best,
            "ev_lost": round(self.ev_lost, 3),
            "band": self.band,
            "basis": self.basis,
            "reason": self.reason,
        }
        if self.basis == "win":
            out["win_lost"] = round(self.win_lost, 3)
        return out

    def store(self) -> dict[str, Any]:
        return {**self.to_json(), "ev_lost": self.ev_lost, "question": self.question}

    @classmethod
    def load(cls, raw: dict[str, Any]) -> Decision:
        return cls(
            deal=int(raw["deal"]),
            kind=str(raw["kind"]),
            choice=str(raw["choice"]),
            best=str(raw["best"]),
            ev_lost=float(raw["ev_lost"]),
            band=str(raw["band"]),
            basis=str(raw.get("basis", "ev")),
            win_lost=float(raw.get("win_lost", 0.0)),
            reason=dict(raw.get("reason") or {}),
            question=dict(raw.get("question") or {}),
        )


def cards_text(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(str(c) for c in cards)


# ----------------------------------------------------------------------------- discard


def discard_question(game: Game, seat: int) -> dict[str, Any]:
    rules = game.ruleset
    shown: DiscardData = {
        "hand": [str(c) for c in sorted(game.hand(seat))],
        "dealer": own_crib(game, seat),
        "discard": rules.deal.discard_per_player,
    }
    return {"kind": "discard", "form": "discard", "ruleset": rules.name, "question": shown}


def grade_discard_choice(game: Game, seat: int, cards: tuple[Card, ...], advice: DiscardAdvice) -> Decision:
    """Grade laying away `cards` (before the discard is made: the hand is still the dealt one)."""
    graded = grade_discard(advice.options, cards)
    chosen = next(o for o in advice.options if set(o.discard) == set(cards))
    ev_best = advice.options[0]
    reason: dict[str, Any] = {
        "keep": cards_text(chosen.keep),
        "keep_ev": round(chosen.net_ev, 2),
        "best_keep": cards_text(ev_best.keep),
        "best_ev": round(ev_best.net_ev, 2),
        "hand_ev": round(ev_best.hand_ev, 2),
        "crib_ev": round(ev_best.crib_ev, 2),
        "own_crib": ev_best.own_crib,
    }
    decision = Decision(
        deal=game.deal_number,
        kind="discard",
        choice=cards_text(sorted(cards)),
        best=cards_text(sorted(graded.best)),
        ev_lost=graded.points_lost,
        band=graded.band,
        reason=reason,
        question=discard_question(game, seat),
    )
    if advice.endgame:
        chances = {frozenset(e.option.discard): e.chance for e in advice.endgame}
        top = advice.endgame[0]
        mine = chances[frozenset(cards)]
        lost = max(0.0, top.chance - mine)
        decision.basis = "win"
        decision.win_lost = lost
        decision.band = win_band(lost)
        decision.best = cards_text(sorted(top.option.discard))
        decision.ev_lost = points_lost(top.option.net_ev, chosen.net_ev)
        reason.update(
            need=advice.need,
            chance=round(mine, 3),
            best_chance=round(top.chance, 3),
            best_keep_win=cards_text(top.option.keep),
            changed=advice.changed,
        )
    return decision


# ----------------------------------------------------------------------------- play


def peg_question(game: Game, seat: int) -> dict[str, Any]:
    """The position in the peg drill's format (seat 0 is the player; others clockwise)."""
    peg = game.pegging
    assert peg is not None
    n = game.players
    rel = [(seat + k) % n for k in range(1, n)]
    st = game.state
    series_by: list[int] = []
    # who played each card of the current count: the seat whose kept hand held it
    for card in peg.series:
        owner = next(s for s, kept in enumerate(st.kept) if kept is not None and card in kept)
        series_by.append((owner - seat) % n)
    series = set(peg.series)
    earlier = [c for c in seen_cards(game, seat) if c not in series]
    earlier = [c for c in earlier if c != game.starter and c not in _discards(game, seat)]
    shown: PegData = {
        "hand": [str(c) for c in peg.hands[seat]],
        "series": [str(c) for c in peg.series],
        "by": series_by,
        "count": peg.count,
        "opponent_go": [s in peg.said_go for s in rel],
        "opponent_cards": [len(peg.hands[s]) for s in rel],
        "earlier": [str(c) for c in earlier],
        "starter": str(game.starter) if game.starter else None,
        "discards": [str(c) for c in _discards(game, seat)],
    }
    return {"kind": "peg", "form": "play", "ruleset": game.ruleset.name, "question": shown}


def _discards(game: Game, seat: int) -> tuple[Card, ...]:
    from trainer.advice.computer import own_discards

    return own_discards(game, seat)


def grade_play_choice(game: Game, seat: int, card: Card, advice: PlayAdvice) -> Decision:
    graded = grade_peg(advice.advice, card)
    chosen = next(a for a in advice.advice if a.card.rank == card.rank)
    top = advice.advice[0]
    reason: dict[str, Any] = {
        "why": top.why.to_json() if top.why is not None else {},
        "text": top.reason,
        "ev": round(chosen.ev, 2),
        "best_ev": round(top.ev, 2),
        "method": top.method,
    }
    decision = Decision(
        deal=game.deal_number,
        kind="play",
        choice=str(card),
        best=str(graded.best[0]),
        ev_lost=graded.points_lost,
        band=graded.band,
        reason=reason,
        question=peg_question(game, seat),
    )
    if advice.win:
        best = advice.best
        mine = advice.win[card.index >> 2]
        top_win = advice.win[best.card.index >> 2]
        lost = max(0.0, top_win - mine)
        decision.basis = "win"
        decision.win_lost = lost
        decision.band = win_band(lost)
        decision.best = str(best.card)
        decision.ev_lost = points_lost(best.ev, chosen.ev)
        reason.update(chance=round(mine, 3), best_chance=round(top_win, 3), changed=advice.changed)
        if best.why is not None:
            reason["why"] = best.why.to_json()
            reason["text"] = best.reason
    return decision


# ----------------------------------------------------------------------------- counting


def grade_count(
    game: Game,
    *,
    what: str,
    cards: tuple[Card, ...],
    starter: Card,
    breakdown: ScoreBreakdown,
    claimed: int,
    itemised: dict[str, int] | None = None,
) -> Decision:
    """A count: the points missed (or over-claimed), with the true items for the feedback; an
    itemised count is graded kind by kind (a missed run is not made up by an extra fifteen)."""
    true = breakdown.total
    lost = float(abs(true - claimed))
    by_kind: dict[str, dict[str, int]] = {}
    if itemised is not None:
        truth = breakdown.by_kind()
        for kind in truth:
            said = itemised.get(kind, 0)
            if said != truth[kind]:
                by_kind[kind] = {"claimed": said, "true": truth[kind]}
        lost = float(sum(abs(v["claimed"] - v["true"]) for v in by_kind.values()))
    shown: CountData = {"hand": [str(c) for c in cards], "starter": str(starter), "crib": what == "crib"}
    return Decision(
        deal=game.deal_number,
        kind="count",
        choice=str(claimed),
        best=str(true),
        ev_lost=lost,
        band=band(lost),
        reason={
            "what": what,
            "missed": max(0, true - claimed),
            "over": max(0, claimed - true),
            "items": [
                {"kind": i.kind, "cards": [str(c) for c in i.cards], "points": i.points}
                for i in breakdown.items
            ],
            "by_kind": by_kind,
        },
        question={
            "kind": "count",
            "form": "total" if itemised is None else "itemised",
            "ruleset": game.ruleset.name,
            "question": shown,
        },
    )


def grade_muggins(game: Game, *, claimed: int, true: int, called: bool) -> Decision:
    """Calling (or not) muggins on a short computer count: a missed call loses the shortfall."""
    short = max(0, true - claimed)
    lost = 0.0 if called or not short else float(short)
    return Decision(
        deal=game.deal_number,
        kind="count",
        choice="muggins" if called else "accept",
        best="muggins" if short else "accept",
        ev_lost=lost,
        band=band(lost),
        reason={"what": "muggins", "claimed": claimed, "true": true, "missed": short if not called else 0},
    )
