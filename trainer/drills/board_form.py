"""The discard drill's `board` form: lay away at a game score, graded by the chance to win.

Near the end of a game the most points on average is not the best discard: a pone at 117 needs
4 and should keep the hand that makes 4 surely; a dealer whose opponent sits at 118 must keep
points from the crib he cannot stop anyway... The form poses a dealt hand at a score and grades
the answer by `trainer.advice.board.rank_by_win` (the shipped win table), so it can never
disagree with `crib discard --score`. Positions are chosen so that the score-blind best (the
most net points) and the win-best differ in most questions: that difference is the lesson.

Asked only when named (`--form board`, a lesson's `form: board`): the board needs a win table,
shipped for two players, and a mixed drill should not turn into an endgame drill.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from trainer.drills.messages import Cards, Joined, Msg, Signed, msg
from trainer.drills.model import DrillError, Grade, JSONValue, Question
from trainer.drills.shapes import DiscardData
from trainer.drills.themes import Level
from trainer.engine.cards import Card, full_deck, parse_cards
from trainer.engine.ruleset import Ruleset

if TYPE_CHECKING:
    from trainer.advice.board import Board
    from trainer.advice.discard import DiscardOption
    from trainer.drills.hints import Hint
    from trainer.drills.kinds import Solution

FORM = "board"
# How far from the target each side stands, per level: the board lesson asks from the fourth
# street on, the endgame lesson (advanced, expert) in the last few points.
_NEED = {"beginner": (6, 26), "intermediate": (6, 26), "advanced": (2, 14), "expert": (2, 12)}
_DIFFER_SHARE = 0.8  # the share of questions where the score-blind best loses chances
_DIFFER_BY = 0.01  # "differs" means the win-best wins at least one percentage point more
_TRIES = 60
BEST_WITHIN = 0.005  # as good as the best: within half a percentage point of its chance


def generate(rng: random.Random, *, ruleset: Ruleset, lvl: Level, theme: str) -> Question:
    """A dealt hand at a score near the end, as dealer or pone (the theme, else either)."""
    check_ruleset(ruleset)
    dealer = theme == "dealer" or (theme != "pone" and rng.random() < 0.5)
    want_differ = rng.random() < _DIFFER_SHARE
    lo, hi = _NEED[lvl.name]
    t = ruleset.target
    size = ruleset.deal.cards_per_player
    for _ in range(_TRIES):
        mine, other = t - rng.randint(lo, hi), t - rng.randint(lo, hi)
        deck = list(full_deck())
        rng.shuffle(deck)
        hand = sorted(deck[:size])
        data: DiscardData = {
            "hand": [str(c) for c in hand],
            "dealer": dealer,
            "discard": ruleset.deal.discard_per_player,
            "score": [mine, other],
        }
        if not want_differ or _likely_differs(hand, dealer=dealer, score=(mine, other), ruleset=ruleset):
            break
    return Question(
        kind="discard",
        form=FORM,
        ruleset=ruleset.name,
        level=lvl.name,
        theme=theme or ("dealer" if dealer else "pone"),
        data=data,
    )


def check_ruleset(ruleset: Ruleset) -> None:
    """The board form is asked with two players, whose win tables ship."""
    if ruleset.players != 2:
        raise DrillError(
            "the board form is for two players (the shipped win table)",
            key="raised.drill.board_players",
        )


def ranked(
    hand: Sequence[Card], *, dealer: bool, score: tuple[int, int], ruleset: Ruleset
) -> tuple[list[DiscardOption], list[float]]:
    """The options best first by the chance to win, with their chances."""
    from trainer.advice.board import rank_by_win
    from trainer.advice.discard import analyse_discard

    options = analyse_discard(hand, dealer=dealer, ruleset=ruleset)
    return rank_by_win(options, board_of(score, dealer=dealer, ruleset=ruleset))


def _likely_differs(hand: Sequence[Card], *, dealer: bool, score: tuple[int, int], ruleset: Ruleset) -> bool:
    """Whether one of the few best by points wins a percentage point more than the best by points
    (the generator's test: the options further down rarely win, and each costs a play-out)."""
    from trainer.advice.board import discard_wins
    from trainer.advice.discard import analyse_discard

    options = analyse_discard(hand, dealer=dealer, ruleset=ruleset)[:_SCREENED]
    wins = discard_wins(options, board_of(score, dealer=dealer, ruleset=ruleset))
    return max(wins) - wins[0] >= _DIFFER_BY


_SCREENED = 6


def board_of(score: tuple[int, int], *, dealer: bool, ruleset: Ruleset) -> Board:
    from trainer.advice.board import board_for

    return board_for(ruleset, score[0], score[1], dealer=dealer)


def blind_best(options: Sequence[DiscardOption]) -> DiscardOption:
    """The score-blind best: the most net points on average (ties keep the points order)."""
    return max(options, key=lambda o: o.net_ev)


def differs(options: Sequence[DiscardOption], wins: Sequence[float]) -> bool:
    """Whether the most points on average loses at least a percentage point of the chance to win."""
    blind = blind_best(options)
    return wins[0] - wins[list(options).index(blind)] >= _DIFFER_BY


def score_of(data: Any) -> tuple[int, int]:
    score = data.get("score")
    if not isinstance(score, list) or len(score) != 2:
        raise DrillError("a board question needs a score", key="raised.drill.board_score")
    return int(score[0]), int(score[1])


def solve_detail(
    question: Question, hand: Sequence[Card], dealer: bool, ruleset: Ruleset
) -> dict[str, JSONValue]:
    """Every option with its chance to win, best first; the win-best and the score-blind best."""
    options, wins = ranked(hand, dealer=dealer, score=score_of(question.data), ruleset=ruleset)
    rows: list[JSONValue] = []
    for option, win in zip(options, wins, strict=True):
        row: dict[str, Any] = option.to_json()
        row["win"] = round(win, 4)
        row["sure"] = round(
            sure(option, need=ruleset.target - score_of(question.data)[0], ruleset=ruleset), 4
        )
        rows.append(row)
    best = [r["discard"] for r in rows if isinstance(r, dict) and float(r["win"]) >= wins[0] - BEST_WITHIN]
    blind = blind_best(options)
    return {"options": rows, "best": best, "blind": [str(c) for c in blind.discard], "target": ruleset.target}


def sure(option: DiscardOption, *, need: int, ruleset: Ruleset) -> float:
    """How often the kept hand alone (with the starter) scores `need` or more: what counts for a
    pone who counts first (a dealer's crib comes on top, but his hand is what he holds)."""
    from trainer.engine.fastscore import starter_totals

    held = {c.index for c in (*option.keep, *option.discard)}
    unseen = [c for c in range(52) if c not in held]
    totals = starter_totals(
        [c.index for c in option.keep],
        unseen,
        starter_bonus=ruleset.flush.starter_bonus,
        hand_min=ruleset.flush.hand_min,
    )
    return sum(1 for t in totals if t >= need) / len(unseen)


def chance_of(detail: Any, cards: Sequence[str]) -> dict[str, Any] | None:
    for row in detail["options"]:
        if sorted(row["discard"]) == sorted(cards):
            return dict(row)
    return None


def lost(detail: Any, cards: Sequence[str]) -> float:
    """The chance to win given away, in percentage points."""
    row = chance_of(detail, cards)
    top = float(detail["options"][0]["win"])
    return 0.0 if row is None else max(0.0, round((top - float(row["win"])) * 100, 2))


def band(lost_pp: float) -> str:
    """The cost in chances, named like the points bands: best, inaccuracy, mistake, blunder."""
    if lost_pp <= BEST_WITHIN * 100:
        return "best"
    if lost_pp <= 2.0:
        return "inaccuracy"
    return "mistake" if lost_pp <= 5.0 else "blunder"


# ----------------------------------------------------------------------------- words


def hints(question: Question, solution: Solution) -> list[Hint]:
    """What each side needs, the best few discards with their chances to win, then the best."""
    from trainer.drills.hints import hint

    mine, other = score_of(question.data)
    target = int(solution.detail["target"])
    rows: list[Any] = list(solution.detail["options"])
    weighed = tuple(msg("drill.board.hint_option", **_values(r)) for r in rows[:3])
    return [
        hint("drill.board.hint_need", n=target - mine, other=target - other),
        hint("drill.board.hint_options", options=Joined(weighed, "; ")),
        hint("drill.board.hint_answer", **_values(rows[0])),
    ]


def score_line(question: Question, ruleset: Ruleset) -> Msg:
    mine, other = score_of(question.data)
    return msg("drill.board.score", mine=mine, other=other, target=ruleset.target)


def explain(question: Question, grade: Grade) -> list[Msg]:
    """The win-best with its chance and points, yours, the score-blind best, and why at this score."""
    detail = grade.detail
    target = int(detail["target"])
    mine, other = score_of(question.data)
    top = detail["options"][0]
    lines = [msg("drill.board.best", **_values(top))]
    chosen = grade.answer
    if isinstance(chosen, list) and sorted(chosen) not in [sorted(b) for b in detail["best"]]:
        row = chance_of(detail, chosen)
        if row is not None:
            lines.append(msg("drill.board.yours", **_values(row)))
            lines.append(msg("drill.board.lost", pp=Signed(lost(detail, chosen), ".1f")))
    blind = chance_of(detail, detail["blind"])
    if blind is not None and sorted(blind["discard"]) not in [sorted(b) for b in detail["best"]]:
        lines.append(msg("drill.board.blind", **_values(blind)))
        lines.append(_why(top, blind, need=target - mine, other_need=target - other))
    else:
        lines.append(msg("drill.board.same", n=target - mine))
    return lines


def _why(top: dict[str, Any], blind: dict[str, Any], *, need: int, other_need: int) -> Msg:
    """Why the fewer points win more at this score, in one sentence."""
    if float(top["sure"]) > float(blind["sure"]) + 0.01:
        return msg(
            "drill.board.why_sure",
            n=need,
            best=_pct(top["sure"]),
            blind=_pct(blind["sure"]),
        )
    crib_top = float(top["crib_ev"]) * int(top["crib_sign"])
    crib_blind = float(blind["crib_ev"]) * int(blind["crib_sign"])
    if int(top["crib_sign"]) < 0 and crib_top > crib_blind:
        return msg("drill.board.why_crib", n=other_need)
    if float(top["hand_min"]) > float(blind["hand_min"]):
        return msg("drill.board.why_floor", n=int(top["hand_min"]), blind_low=int(blind["hand_min"]))
    return msg("drill.board.why_spread", n=need)


def _pct(x: Any) -> Signed:
    return Signed(round(float(x) * 100), ".0f")


def _values(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "cards": Cards.of(row["discard"]),
        "keep": Cards.of(row["keep"]),
        "win": Signed(round(float(row["win"]) * 100, 1), ".1f"),
        "net": Signed(float(row["net_ev"]), "+.2f"),
    }


def hand_of(data: Any) -> tuple[tuple[Card, ...], bool]:
    return parse_cards(data["hand"]), bool(data.get("dealer", False))
