"""The coach's verdict in words: the band, the one cost (`trainer.advice.cost`) and a reason.

Shared by the live coach, the review after a game and the analysis board, so one decision reads
the same everywhere. The rules a strong player would hold the coach to:

- the cost is the decision's stored cost, never recomputed or converted: chance to win and
  points, each shown only when it is not zero (no "−0%", no "−0.00");
- "better: X" is never the move made: a choice that gives nothing away is "best", and other
  choices as good are named "equally good";
- every graded play and discard gets a reason, the choice's own when it was the best.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from trainer.cli.context import SETTINGS
from trainer.cli.render import cards_text
from trainer.engine.cards import parse_cards
from trainer.i18n import nt, t


def _lang() -> str:
    return SETTINGS.lang


def num(value: float) -> str:
    """Two decimals in the reader's style (Russian: decimal comma), a true minus in every
    language ("−1.04", as the costs beside it are written)."""
    from trainer.i18n import number

    return number(value, ".2f", _lang()).replace("-", "\u2212")


def _whole(value: float) -> bool:
    """The figure shows as a whole number at two decimals (3.00, not 2.99)."""
    return round(value, 2) == round(value)


def _figure(value: float) -> str:
    """Points lost as one figure: a whole number without decimals («3»), else two («1,59»)."""
    return str(round(value)) if _whole(value) else num(value)


def pct(value: float) -> str:
    """A share as a percentage: one decimal under 10% and over 90% (so 0.4% is not shown as 0%,
    nor 99.6% as a certain 100%); a share that is not nothing but rounds to it is "under 0.1%",
    and one short of certain "over 99.9%"."""
    share = 100 * value
    if 0 < share < 0.05:
        return t("coach.pct.under", _lang(), pct=_percent("0.1"))
    if 99.95 <= share < 100:
        return t("coach.pct.over", _lang(), pct=_percent("99.9"))
    text = f"{share:.1f}" if share < 10 or share > 90 else f"{share:.0f}"
    return _percent(text.removesuffix(".0"))


def _percent(text: str) -> str:
    if _lang() != "ru":
        return text + "%"
    # «20 %», «−0,5 %» (three players' "out first" may be below 0: a true minus)
    return text.replace("-", "\u2212").replace(".", ",") + "\u00a0%"


def plain_cards(codes: str | list[str]) -> str:
    if isinstance(codes, list):
        codes = " ".join(codes)
    return cards_text(parse_cards(codes)).plain if codes else ""


def cost_text(decision: Mapping[str, Any]) -> str:
    """ "(−5% chance to win, −1.27 points)": the figures of the one cost that are not zero."""
    lg = _lang()
    parts = []
    win = decision.get("win_lost")
    points = float(decision.get("ev_lost") or 0.0)
    reason = decision.get("reason", {})
    if decision.get("basis") == "win" and decision.get("kind") == "play" and reason.get("chance_of") == "out":
        return _out_cost(decision, points)
    if decision.get("basis") == "win" and win and points > 0 and decision.get("kind") != "count":
        # both figures lost: said as one sentence, not "almost the best (−0.1%, −2.58 points)"
        return t("coach.cost.win_points", lg, pct=pct(float(win)), points=_figure(points))
    if decision.get("basis") == "win" and win:
        parts.append(t("coach.cost.win", lg, pct=pct(float(win))))
    chance = decision.get("reason", {}).get("chance")
    if decision.get("basis") == "win" and not win and points > 0 and chance is not None:
        # the best by the chance to win, which costs points on average: both said, as one
        return t("coach.cost.for_win", lg, pct=pct(float(chance)), points=_figure(points))
    if points > 0:
        if decision.get("kind") == "count" or _whole(points):
            # a whole number of points as a count says it: «−3 очка», not «−3,00 очка»
            parts.append(nt("coach.cost.count_points", round(points), lg))
        else:
            parts.append(t("coach.cost.points", lg, points=num(points)))
    return t("coach.cost.both", lg, parts=", ".join(parts)) if parts else ""


def _out_cost(decision: Mapping[str, Any], points: float) -> str:
    """The cost of a play judged by pegging out first (three or four players). Its figure, the
    chance of pegging out first less another side's, runs from −1 to 1 and is not a chance (a
    difference of two could read "152.7% less chance to win"): the line gives the player's own
    chance to peg out first, and the other sides', each a share of games (0–100%)."""
    lg = _lang()
    reason = decision.get("reason", {})
    parts: list[str] = []
    mine, best = reason.get("out_first"), reason.get("best_out_first")
    if mine is not None and best is not None:
        ours = float(best) - float(mine)
        # another side first = own chance less the difference kept in `chance`
        theirs = (float(mine) - float(reason.get("chance", 0.0))) - (
            float(best) - float(reason.get("best_chance", 0.0))
        )
        if round(ours, 3) > 0:
            parts.append(t("coach.cost.out_first", lg, pct=pct(ours)))
        if round(theirs, 3) > 0:
            parts.append(t("coach.cost.out_other", lg, pct=pct(theirs)))
    if decision.get("win_lost") and not parts:  # a game kept before the shares were stored
        parts.append(t("coach.cost.out_lower", lg))
    if not decision.get("win_lost") and points > 0:
        # the best chance to peg out first, which costs points on average
        return t("coach.cost.for_out", lg, points=_figure(points))
    if points > 0:
        if _whole(points):
            parts.append(nt("coach.cost.count_points", round(points), lg))
        else:
            parts.append(t("coach.cost.points", lg, points=num(points)))
    return t("coach.cost.both", lg, parts=", ".join(parts)) if parts else ""


def is_zero(decision: Mapping[str, Any]) -> bool:
    if decision.get("basis") == "win":
        return not decision.get("win_lost")
    return not decision.get("ev_lost")


def discard_words(parts: dict[str, Any]) -> str:
    """ "keeps 6♥ 7♣ 7♦ 8♠ (a double run, 8 before the cut): 9.10 on average, up to 16; 5♠ 5♦
    to your crib: a 5 (+8.20)"."""
    lg = _lang()
    from trainer.i18n.reasons import held_words

    held_text = held_words(parts.get("shape", {}), lg)  # the same words as the discard's reason
    keep = t(
        "coach.discard.keeps",
        lg,
        keep=plain_cards(parts.get("keep", [])),
        held=held_text,
        ev=num(float(parts.get("hand_ev", 0.0))),
        max=parts.get("hand_max", 0),
    )
    kind = parts.get("throw_kind", "apart")
    whose = "own" if parts.get("own_crib") else "their"
    crib = float(parts.get("crib", 0.0))
    throw = t(
        f"coach.discard.throw_{whose}",
        lg,
        cards=plain_cards(parts.get("throw", [])),
        kind=(
            t(f"coach.throw.{kind}" if whose == "own" else f"coach.throw_their.{kind}", lg)
            if kind != "apart"
            else ""
        ),
        crib=("+" if crib > 0 else "−" if crib < 0 else "") + num(abs(crib)),
    )
    return t("coach.discard.reason", lg, keep=keep, throw=throw, net=num(float(parts.get("net", 0.0))))


def play_words(why: dict[str, Any], *, this_card: bool = False) -> str:
    from trainer.advice.reasons import PegReason
    from trainer.i18n.reasons import word_reason

    return word_reason(PegReason.from_json(why), _lang(), this_card=this_card) if why else ""


def choice_reason(decision: Mapping[str, Any]) -> str:
    """Why the move made was good (or what it did), in words: the reason of the choice itself."""
    reason = decision.get("reason", {})
    if decision["kind"] == "discard" and reason.get("chosen"):
        return discard_words(reason["chosen"])
    if decision["kind"] == "play":
        why = reason.get("mine") or reason.get("why") or {}
        said = play_words(why, this_card=True)  # «Эта карта доводит сумму до 15 (2 очка), но…»
        if said and why.get("risks") and not why.get("points") and not why.get("alone"):
            # only the risks it leaves: said as the risk, not as praise («риск остаётся: …»)
            return t("coach.risk_left", _lang(), risks=said)
        return said
    return ""


def equal_text(decision: Mapping[str, Any]) -> str:
    equal = decision.get("reason", {}).get("equal") or []
    if not equal:
        return ""
    names = ", ".join(plain_cards(e) for e in equal)
    return t("coach.equal", _lang(), cards=names)


def play_compare(decision: Mapping[str, Any], *, named: bool = True) -> tuple[str, bool]:
    """Why the advised card beats the card played, each in its own words (`word_compare`), and
    whether the words open with the advised card as their subject («она доводит сумму до 15…»),
    to follow its name as one sentence («Лучше сыграть 8♥: она…»). `named`: the card was just
    named (not when other words come between). A game kept before the played card's reason was
    stored gives the advised card's alone."""
    from trainer.advice.reasons import PegReason
    from trainer.i18n.reasons import compare_after_name, word_reason

    reason = decision.get("reason", {})
    best, mine = reason.get("why") or {}, reason.get("mine") or {}
    if not best or not mine:
        if not best:
            return "", False
        return word_reason(PegReason.from_json(best), _lang(), subject=named), named
    return compare_after_name(
        PegReason.from_json(best),
        PegReason.from_json(mine),
        best_card=plain_cards(decision["best"]),
        mine_card=plain_cards(decision["choice"]),
        lang=_lang(),
        unseen=reason.get("unseen"),
        named=named,
    )


def discard_compare(decision: Mapping[str, Any]) -> str:
    """The advised discard's reason and what the discard made gives away, in separate words."""
    from trainer.i18n.reasons import discard_compare as compare
    from trainer.i18n.reasons import discard_gist

    reason = decision.get("reason", {})
    best, mine = reason.get("better"), reason.get("chosen")
    if best and mine:
        return compare(best, mine, _lang())
    return discard_gist(best, _lang()) if best else ""


def board_words(decision: Mapping[str, Any]) -> str:
    """The board's reason near the end (`reason.board`, two players): "play off: you count first
    and need 4", "play off: a pair gives the dealer 2 and the game", "you count first with 8
    sure points: any card wins", or that the game is decided whatever is chosen and the points
    judge ("every card loses the game: judged by points")."""
    board = decision.get("reason", {}).get("board") or {}
    kind = board.get("kind")
    if not kind:
        return ""
    lg = _lang()
    show = board.get("basis") == "show"
    need = int(board.get("need", 0))
    # a game "won" or "lost" whatever is chosen is said as a fact only when it is one (every
    # chance exactly 1 or 0); a chance over 99.9% or under 0.1% is said as a chance
    certain = board.get("certain", float(board.get("chance", 0.5)) in (0.0, 1.0))
    if kind == "won":
        sure = board.get("sure")
        if decision.get("kind") == "play" and board.get("first") and sure is not None and sure >= need:
            return nt("coach.board.won_first", int(sure), lg)
        if not show and not certain:
            return t("coach.board.won_nearly", lg, pct=pct(0.9995))
        return t("coach.board.won_show" if show else "coach.board.won", lg, need=need)
    if kind == "lost":
        if not show and not certain:
            return t("coach.board.lost_nearly", lg, pct=pct(0.0004))
        return t("coach.board.lost_show" if show else "coach.board.lost", lg, need=need)
    if kind == "same":
        return t(
            "coach.board.same_show" if show else "coach.board.same",
            lg,
            pct=pct(float(board.get("chance", 0))),
        )
    if kind == "gives":
        what = t(f"coach.board.what.{board.get('risk', 'pair')}", lg)
        role = t(f"coach.board.role.{board.get('other', 'dealer')}", lg)
        return nt("coach.board.gives", int(board.get("points", 2)), lg, what=what, role=role)
    if kind == "first":
        return t("coach.board.first", lg, need=need)
    return ""
