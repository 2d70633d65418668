"""The coach at the table: every decision of the human seat graded the way the drills grade it.

A discard is graded on `analyse_discard` (what `crib discard` says), a play on the pegging
advice (what `crib advise-peg` says; sampled play-outs with three or four players), a count by
the points missed or over-claimed. Near the end of a game the discard and the play are graded
by the chance to go out instead (`trainer.advice.endgame`), and the decision says so (`basis:
"win"`) so the coach can tell the player why the advice differs from the average. Each decision
also carries the position as a drill question, so a mistake goes into the review queue exactly
as it was met. Each decision's cost is computed once here (`trainer.advice.cost`) and every
screen reads it from the decision.
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
from trainer.advice.cost import Cost, cost_of, option_win
from trainer.advice.cost import win_band as _win_band
from trainer.advice.grading import band
from trainer.engine.cards import Card
from trainer.engine.game import Game
from trainer.engine.scoring import ScoreBreakdown

if TYPE_CHECKING:
    from collections.abc import Mapping

    from trainer.drills.data import CountData, DiscardData, PegData
    from trainer.play.records import DecisionEntry, StoredDecision


def win_band(lost: float) -> str:
    """Kept for callers of the old name: the band of a chance to win given away."""
    return str(_win_band(lost))


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

    @property
    def cost(self) -> Cost:
        """The decision's one cost (points and, when the chance to win decided, that chance)."""
        from trainer.advice.cost import Band

        return Cost(
            points=self.ev_lost, win=self.win_lost if self.basis == "win" else None, band=Band(self.band)
        )

    def set_cost(self, cost: Cost) -> None:
        self.ev_lost, self.band, self.basis = cost.points, str(cost.band), cost.basis
        self.win_lost = cost.win if cost.win is not None else 0.0

    def to_json(self) -> DecisionEntry:
        """The decision as `--json`, the live coach, the review and the analysis board read it:
        `ev_lost` and `win_lost` (None unless the chance to win decided) are the one cost."""
        return {
            "deal": self.deal,
            "kind": self.kind,
            "choice": self.choice,
            "best": self.best,
            "ev_lost": self.ev_lost,
            "win_lost": self.win_lost if self.basis == "win" else None,
            "band": self.band,
            "basis": self.basis,
            "reason": self.reason,
        }

    def store(self) -> StoredDecision:
        return {**self.to_json(), "question": self.question}

    @classmethod
    def load(cls, raw: Mapping[str, Any]) -> Decision:
        return cls(
            deal=int(raw["deal"]),
            kind=str(raw["kind"]),
            choice=str(raw["choice"]),
            best=str(raw["best"]),
            ev_lost=round(float(raw["ev_lost"]), 2),
            band=str(raw["band"]),
            basis=str(raw.get("basis", "ev")),
            win_lost=float(raw.get("win_lost") or 0.0),
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
    """Grade laying away `cards` (before the discard is made: the hand is still the dealt one).

    The cost is computed here once (`trainer.advice.cost`): points against the best by points,
    and near the end the chance to go out against the best by that chance, which decides."""
    options = advice.options
    chosen = next(o for o in options if set(o.discard) == set(cards))
    by_points = options[0]
    chances: dict[frozenset[Card], float] = {}
    if advice.endgame:
        chances = {frozenset(e.option.discard): e.chance for e in advice.endgame}
    elif option_win(chosen) is not None:  # the win-chance seam (issue 18 part A)
        chances = {frozenset(o.discard): option_win(o) or 0.0 for o in options}

    def win_of(option: Any) -> float | None:
        return chances.get(frozenset(option.discard)) if chances else None

    decided = _decided(list(chances.values())) if chances else None
    tied = max(chances.values()) if chances else 0.0
    chances_all = dict(chances)
    if decided is not None and decided != "won":
        chances = {}  # every keep gives the same chance: the points decide, and the coach says so
    best_win = max(chances.values()) if chances else None
    cost = cost_of(by_points.net_ev, chosen.net_ev, best_win, win_of(chosen))
    if cost.win is None:
        deciding = by_points
        equal = [o for o in options if cost_of(by_points.net_ev, o.net_ev).zero]
    else:
        deciding = max(options, key=lambda o: (win_of(o) or 0.0, o.net_ev))
        equal = [o for o in options if win_of(o) == best_win]
    best = chosen if cost.zero else deciding
    reason: dict[str, Any] = {
        "keep": cards_text(chosen.keep),
        "keep_ev": round(chosen.net_ev, 2),
        "best_keep": cards_text(by_points.keep),
        "best_ev": round(by_points.net_ev, 2),
        "hand_ev": round(by_points.hand_ev, 2),
        "crib_ev": round(by_points.crib_ev, 2),
        "own_crib": by_points.own_crib,
        "equal": [cards_text(sorted(o.discard)) for o in equal if set(o.discard) != set(cards)][:3],
        "chosen": _discard_parts(chosen),
        "better": _discard_parts(best),
    }
    decision = Decision(
        deal=game.deal_number,
        kind="discard",
        choice=cards_text(sorted(cards)),
        best=cards_text(sorted(best.discard)),
        ev_lost=0.0,
        band="best",
        reason=reason,
        question=discard_question(game, seat),
    )
    decision.set_cost(cost)
    if cost.win is not None:
        reason.update(
            need=advice.need,
            chance_of=advice.basis,  # "win": the chance to win the game; "out": to go out in the show
            chance=round(win_of(chosen) or 0.0, 3),
            best_chance=round(best_win or 0.0, 3),
            best_keep_win=cards_text(deciding.keep),
            changed=set(deciding.discard) != set(by_points.discard),
        )
    if decided is not None:
        reason["board"] = {
            "kind": decided,
            "basis": "win"
            if advice.basis == "win"
            else "show",  # the chance to win, or to go out in the show
            "chance": round(tied, 3),
            # "lost" and "won" are said as facts only when no choice has any chance otherwise
            "certain": _certain(decided, list(chances_all.values())),
            "first": not own_crib(game, seat),
            "need": game.ruleset.target - game.scores[game.ruleset.side_of(seat)],
        }
    return decision


def _discard_parts(option: Any) -> dict[str, Any]:
    """What a discard keeps and gives, for the reason in words (`trainer.advice.why`)."""
    from trainer.advice.why import discard_reason

    return discard_reason(option)


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


def _unseen(game: Game, seat: int) -> list[int]:
    """The cards of each rank the seat has not seen (the odds of a reason, "16 of 46 unseen")."""
    from trainer.advice.reasons import unseen_by_rank

    peg = game.pegging
    assert peg is not None
    return unseen_by_rank((*peg.hands[seat], *peg.series, *seen_cards(game, seat)))


def grade_play_choice(game: Game, seat: int, card: Card, advice: PlayAdvice) -> Decision:
    """Grade playing `card`: points against the best by points, and where a side can peg out
    the chance to peg out first against the best by that chance, which decides."""
    plays = advice.advice
    chosen = next(a for a in plays if a.card.rank == card.rank)
    by_points = plays[0]
    win = advice.win
    board = board_facts(game, seat) if win and advice.basis == "win" else None
    decided = _decided(list(win.values())) if board is not None else None
    if decided is not None and decided != "won":
        win = {}  # every card gives the same chance: the points decide, and the coach says so
    best_win = max(win.values()) if win else None
    cost = cost_of(by_points.ev, chosen.ev, best_win, win.get(card.index >> 2) if win else None)
    deciding = advice.best if win else by_points
    best = chosen if cost.zero else deciding
    if cost.win is None:
        equal = [a for a in plays if cost_of(by_points.ev, a.ev).zero]
    else:
        equal = [a for a in plays if win.get(a.card.index >> 2) == best_win]
    shown = best if best is not chosen else chosen
    reason: dict[str, Any] = {
        "why": shown.why.to_json() if shown.why is not None else {},
        "text": shown.reason,
        "mine": chosen.why.to_json() if chosen.why is not None else {},
        "ev": round(chosen.ev, 2),
        "best_ev": round(by_points.ev, 2),
        "shown_ev": round(best.ev, 2),  # the advised card's own points (the chance may decide)
        "points_best": {  # the best by points, which the chance to win may have passed over
            "card": str(by_points.card),
            "why": by_points.why.to_json() if by_points.why is not None else {},
        },
        "method": by_points.method,
        "equal": [str(a.card) for a in equal if a.card.rank != card.rank][:3],
        "unseen": _unseen(game, seat),
    }
    decision = Decision(
        deal=game.deal_number,
        kind="play",
        choice=str(card),
        best=str(best.card),
        ev_lost=0.0,
        band="best",
        reason=reason,
        question=peg_question(game, seat),
    )
    decision.set_cost(cost)
    if cost.win is not None:
        mine = win.get(card.index >> 2, 0.0)
        reason.update(
            chance=round(mine, 3),
            best_chance=round(best_win or 0.0, 3),
            changed=advice.changed,
            chance_of=advice.basis,  # "win"; "out": pegging out first less being pegged out (3-4 players)
        )
        if advice.basis == "out" and advice.first:
            # "out": `chance` is a difference of two chances (−1 to 1); the player's own chance
            # to peg out first, for each card, is what a cost line can say as a share
            reason.update(
                out_first=round(advice.first.get(card.index >> 2, 0.0), 3),
                best_out_first=round(advice.first.get(best.card.index >> 2, 0.0), 3),
            )
    if board is not None:
        reason["board"] = _play_board(board, decided, cost, chosen, advice)
    return decision


def board_facts(game: Game, seat: int) -> dict[str, Any]:
    """What decides near the end with two players, as a player counts it: who counts first,
    the points each side still needs, and the player's own show when it is known for certain
    (his kept hand with the starter, in the play)."""
    from trainer.engine.fastscore import show_total

    rules = game.ruleset
    side = rules.side_of(seat)
    dealer = own_crib(game, seat)
    kept, starter = game.state.kept[seat], game.starter
    sure = show_total(kept, starter, ruleset=rules) if kept is not None and starter is not None else None
    return {
        "first": not dealer,  # the pone counts first
        "need": rules.target - game.scores[side],
        "other_need": rules.target - game.scores[1 - side],
        "other": "pone" if dealer else "dealer",
        "sure": sure,
    }


def ranked_discards(advice: DiscardAdvice) -> tuple[list[Any], dict[frozenset[Card], float]]:
    """The discards in the order the coach grades them, with the chance of each where it
    decides: by the chance to win (then points); by points alone when every keep gives the same
    chance and the game is not won (as `grade_discard_choice`), so that a hint's answer is
    never the discard the verdict then calls a mistake."""
    options = list(advice.options)
    if not advice.endgame:
        return options, {}
    chances = {frozenset(e.option.discard): e.chance for e in advice.endgame}
    decided = _decided(list(chances.values()))
    if decided is not None and decided != "won":
        return options, {}
    order = {frozenset(o.discard): i for i, o in enumerate(options)}
    options.sort(key=lambda o: (-chances[frozenset(o.discard)], -o.net_ev, order[frozenset(o.discard)]))
    return options, chances


def ranked_plays(advice: PlayAdvice) -> tuple[list[Any], dict[int, float]]:
    """The plays in the order the coach grades them (as `grade_play_choice`): by the chance to
    win where it decides, else by points."""
    plays = list(advice.advice)
    win = dict(advice.win)
    if not win or (_decided(list(win.values())) not in (None, "won")):
        return plays, {}
    order = {id(a): i for i, a in enumerate(plays)}
    plays.sort(key=lambda a: (-win.get(a.card.index >> 2, 0.0), -a.ev, order[id(a)]))
    return plays, win


def _certain(decided: str | None, chances: list[float]) -> bool:
    """Whether a decided game is decided for sure: every chance exactly 0 (lost) or 1 (won), not
    merely under 0.1% or over 99.9% (29:79 before a deal is not a lost game)."""
    if decided == "lost":
        return bool(chances) and max(chances) == 0.0
    if decided == "won":
        return bool(chances) and min(chances) == 1.0
    return False


def _decided(chances: list[float]) -> str | None:
    """ "won" / "lost" / "same" when every option gives the same chance to win (to 0.1%)."""
    if not chances or max(chances) - min(chances) > 0.001:
        return None
    if min(chances) >= 0.999:
        return "won"
    return "lost" if max(chances) <= 0.001 else "same"


# Points an opponent's next card scores at once on each danger of a reason (`Risk.kind`).
_RISK_POINTS = {"15": 2, "31": 2, "pair": 2, "pair_royal": 6, "double_pair_royal": 12}


def _play_board(
    board: dict[str, Any], decided: str | None, cost: Cost, chosen: Any, advice: PlayAdvice
) -> dict[str, Any]:
    """The board's reason for a play: the game decided whatever is played ("won", "lost",
    "same": then the points decide), a card whose danger gives the other side the game
    ("gives"), or the pone who counts first with enough and need only play off ("first")."""
    out: dict[str, Any] = {**board}
    if decided is not None:
        out["kind"] = decided
        out["chance"] = round(max(advice.win.values()), 3)
        out["certain"] = _certain(decided, list(advice.win.values()))
        return out
    if cost.zero:
        return {}
    why = chosen.why
    for risk in why.risks if why is not None and not (why.ends or why.alone) else ():
        points = _RISK_POINTS.get(risk.kind, 3 if risk.kind == "run" else 0)
        if points >= board["other_need"]:
            return {**out, "kind": "gives", "risk": risk.kind, "points": points}
    if board["first"] and board["sure"] is not None and board["sure"] >= board["need"]:
        return {**out, "kind": "first"}
    return {}


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
            # the crib's flush rule as this ruleset has it (the coach states the rule it grades by)
            "crib_flush_four": what == "crib" and game.ruleset.flush.crib_without_starter,
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
