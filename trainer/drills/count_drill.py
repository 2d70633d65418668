"""The counting drill: a hand or crib with its starter; the user types the total, or the points of
each kind (fifteens, pairs, runs, flush, nobs) in the itemised form.

Grading asks `score_show` every time, so the expected count is the engine's by construction;
the itemised form pins down exactly which kinds were missed or over-counted.
"""

from __future__ import annotations

import random

from trainer.drills.answers import AnswerError, parse_named_counts, parse_points
from trainer.drills.data import count_data
from trainer.drills.feedback import breakdown_of, item
from trainer.drills.hands import deal_show
from trainer.drills.kinds import Solution, Verdict
from trainer.drills.messages import Joined, Msg, Spoken, msg
from trainer.drills.model import DrillError, Grade, JSONValue, Question
from trainer.drills.presenting import Ask, Presentation, show_lines
from trainer.drills.themes import COUNT_THEMES, Level
from trainer.engine.cards import parse_cards
from trainer.engine.ruleset import Ruleset
from trainer.engine.scoring import SHOW_KINDS, ScoreBreakdown, score_show

FORMS = ("total", "itemised")
ITEM_NAMES: dict[str, tuple[str, ...]] = {
    "fifteen": ("f", "fifteens", "fifteen", "пятнадцать", "пятнашки"),
    "pair": ("p", "pairs", "pair", "пары", "пара"),
    "run": ("r", "runs", "run", "последовательности", "секвенс", "стрит", "серии", "ряды"),
    "flush": ("fl", "flush", "flushes", "флеш", "масть"),
    "nobs": ("n", "nobs", "nob", "козырной", "валет", "вальтовая", "нобс"),
}


def themes(ruleset: Ruleset) -> tuple[str, ...]:
    del ruleset
    return COUNT_THEMES


def generate(rng: random.Random, *, ruleset: Ruleset, lvl: Level, theme: str, form: str) -> Question:
    """A hand or crib for the level and theme, asked as a total or itemised."""
    if form not in FORMS:
        raise DrillError(
            f"the count drill has no form {form!r}: choose total or itemised",
            key="raised.drill.form",
            drill="count",
            form=repr(form),
            names="total, itemised",
        )
    show = deal_show(rng, ruleset=ruleset, lvl=lvl, theme=theme)
    return Question(
        kind="count",
        form=form,
        ruleset=ruleset.name,
        level=lvl.name,
        theme=theme or primary_theme(show.breakdown, crib=show.crib),
        data=show.to_data(),
    )


def primary_theme(breakdown: ScoreBreakdown, *, crib: bool) -> str:
    """The hardest feature of a show, so untargeted answers still count towards a theme."""
    if crib:
        return "crib"
    for kind, theme in (("flush", "flush"), ("nobs", "nobs"), ("run", "runs"), ("pair", "pairs")):
        if breakdown.of_kind(kind):
            return theme
    return "fifteens"


def shown_breakdown(question: Question, *, ruleset: Ruleset) -> ScoreBreakdown:
    """The engine's count of the shown cards (also used by the muggins drill)."""
    data = count_data(question)
    hand = parse_cards(data["hand"])
    starter = parse_cards([data["starter"]])[0]
    return score_show(hand, starter, is_crib=data.get("crib", False), ruleset=ruleset)


def parse(question: Question, text: str) -> JSONValue:
    if question.form == "itemised":
        return parse_named_counts(text, ITEM_NAMES, SHOW_KINDS)
    return parse_points(text)


def solve(question: Question, *, ruleset: Ruleset) -> Solution:
    breakdown = shown_breakdown(question, ruleset=ruleset)
    detail = {
        "items": [i.to_json() for i in breakdown.items],
        "by_kind": breakdown.by_kind(),
        "total": breakdown.total,
    }
    if question.form == "itemised":
        by_kind = breakdown.by_kind()
        return Solution(
            expected=by_kind,
            expected_text=" ".join(str(by_kind[k]) for k in SHOW_KINDS),
            detail=detail,
        )
    return Solution(expected=breakdown.total, expected_text=str(breakdown.total), detail=detail)


def judge(question: Question, solution: Solution, answer: JSONValue, *, ruleset: Ruleset) -> Verdict:
    del ruleset
    if question.form == "itemised":
        if not isinstance(answer, dict):
            raise AnswerError("drill.answer.itemised_format", answer=str(answer))
        expected = dict(solution.expected)
        missed = {k: expected[k] - answer.get(k, 0) for k in SHOW_KINDS if answer.get(k, 0) < expected[k]}
        over = {k: answer.get(k, 0) - expected[k] for k in SHOW_KINDS if answer.get(k, 0) > expected[k]}
        lost = sum(missed.values()) + sum(over.values())
        return Verdict(
            correct=not missed and not over, points_lost=lost, detail={"missed": missed, "over": over}
        )
    total = int(solution.expected)
    given = int(answer)
    return Verdict(
        correct=given == total,
        points_lost=abs(given - total),
        detail={"difference": given - total},
    )


# ----------------------------------------------------------------------------- present & explain


def present(question: Question, ruleset: Ruleset) -> Presentation:
    """Your hand or crib with the starter; asked for the total or the points of each kind."""
    del ruleset
    lines = show_lines(question, whose="your")
    if question.form == "itemised":
        ask = Ask(
            style="text",
            message=msg("drill.count.ask_itemised"),
            instruction=msg("drill.count.itemised_hint"),
        )
    else:
        ask = Ask(style="text", message=msg("drill.count.ask_total"))
    return Presentation(lines=tuple(lines), ask=ask)


def explain(question: Question, grade: Grade) -> list[Msg]:
    """The kinds missed or over-counted (itemised) or how far off the total was, then the count
    said aloud."""
    detail = grade.detail
    total = detail["total"]
    lines: list[Msg] = []
    if question.form == "itemised" and isinstance(grade.answer, dict):
        for kind, points in detail.get("missed", {}).items():
            found = tuple(item(i) for i in detail.get("items", []) if i["kind"] == kind)
            real = detail["by_kind"].get(kind, 0)
            lines.append(
                msg(
                    "drill.fb.missed_kind",
                    kind=msg(f"drill.kind.{kind}"),
                    points=points,
                    real=real,
                    items=Joined(found, "; "),
                )
            )
        for kind, points in detail.get("over", {}).items():
            have = detail["by_kind"].get(kind, 0)
            lines.append(msg("drill.fb.over_kind", kind=msg(f"drill.kind.{kind}"), points=points, real=have))
    elif grade.answer is not None and not grade.correct:
        diff = int(detail.get("difference", 0))
        key = "drill.fb.short" if diff < 0 else "drill.fb.over"
        lines.append(msg(key, given=grade.answer, total=total, diff=abs(diff)))
    from trainer.drills.ideas import rule_lines

    lines.extend(rule_lines(question, grade))
    lines.append(msg("drill.fb.say", said=Spoken(breakdown_of(detail["items"]))))
    return lines
