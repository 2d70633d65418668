"""The counting drill: a hand or crib with its starter; the user types the total, or the points of
each kind (fifteens, pairs, runs, flush, nobs) in the itemised form.

Grading asks `score_show` every time, so the expected count is the engine's by construction;
the itemised form pins down exactly which kinds were missed or over-counted.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from trainer.drills.answers import AnswerError, parse_named_counts, parse_points
from trainer.drills.data import count_data
from trainer.drills.feedback import breakdown_of, item
from trainer.drills.hands import deal_show
from trainer.drills.hints import Hint, count_hints
from trainer.drills.ideas import COUNT_IDEAS, count_ideas, count_rule_ideas
from trainer.drills.kinds import Command, Flag, Solution, Verdict
from trainer.drills.messages import Joined, Msg, Points, Spoken, msg
from trainer.drills.model import DrillError, Grade, JSONValue, Question
from trainer.drills.presenting import Ask, Presentation, show_lines
from trainer.drills.themes import COUNT_THEMES, Level
from trainer.engine.cards import parse_cards
from trainer.engine.digits import is_digits
from trainer.engine.ruleset import Ruleset
from trainer.engine.scoring import SHOW_KINDS, ScoreBreakdown, score_show

FORMS = ("total", "itemised")
NAMED_ONLY_FORMS = frozenset({"itemised"})  # the total unless --itemised (or a lesson, a quiz) names it
TITLED_FORMS = frozenset({"itemised"})  # headers say "count (itemised)"
STEP_FORMS = frozenset({"itemised"})  # --steps asks fifteens, pairs... one by one
STREAK_FORM = "itemised"  # a streak asks the itemised count late in its run
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
        lines.append(msg(key, given=grade.answer, total=total, diff=Points(abs(diff))))
    from trainer.drills.ideas import rule_lines

    lines.extend(rule_lines(question, grade))
    lines.append(msg("drill.fb.say", said=Spoken(breakdown_of(detail["items"]))))
    return lines


# ----------------------------------------------------------------------------- the rest of the kind

REVIEW_VARIANT = "other-cards"
SLOW_SECONDS = 20.0
EXPECTED_VALUE_FORMS: frozenset[str] = frozenset()
CHANCE_FORMS: frozenset[str] = frozenset()  # every loss is in points
NUMERIC_FORMS = frozenset({"total"})
MENU_RANK = 1
COMMAND = Command(options=(Flag("itemised", ("--itemised", "-i")), Flag("steps", ("--steps",))))


def run_options(options: Mapping[str, Any]) -> tuple[str, bool]:
    """The form and the step-by-step flag from `--itemised` and `--steps`."""
    steps = bool(options["steps"])
    return ("itemised" if options["itemised"] or steps else "total"), steps


def pattern(question: Question, *, ruleset: Ruleset) -> str:
    """The points of each item kind, hand or crib, and its size (the muggins kind adds the claim)."""
    data = count_data(question)
    hand = parse_cards(data["hand"])
    starter = parse_cards([data["starter"]])[0]
    crib = data.get("crib", False)
    by_kind = score_show(hand, starter, is_crib=crib, ruleset=ruleset).by_kind()
    items = ",".join(f"{k}={by_kind[k]}" for k in SHOW_KINDS)
    where = "crib" if crib else "hand"
    return f"{question.kind}/{question.form}/{where}{len(hand)}/{items}"


def prior_difficulty(pattern: str) -> float:
    """Big counts, runs, flushes, nobs and cribs are missed more, so they start higher."""
    return show_prior(pattern, pattern.split("/")[-1])


def show_prior(pattern: str, items: str) -> float:
    """The first rating of a shown hand's pattern from its `fifteen=2,pair=2,...` part."""
    parts = dict(p.split("=", 1) for p in items.split(",") if "=" in p)
    points = {k: int(v) for k, v in parts.items() if is_digits(v)}
    total = sum(points.values())
    guess = 1250.0 + 18.0 * total
    guess += 120.0 if points.get("run", 0) > 5 else (40.0 if points.get("run", 0) else 0.0)
    guess += 80.0 if points.get("flush", 0) else 0.0
    guess += 60.0 if "/crib" in pattern else 0.0
    guess += 40.0 if points.get("nobs", 0) else 0.0
    return min(2100.0, guess)


def hints(question: Question, *, ruleset: Ruleset) -> list[Hint]:
    return count_hints(question, ruleset=ruleset)


def shown_cards(question: Question) -> tuple[list[str], str | None]:
    show = count_data(question)
    return show["hand"], show["starter"]


def brief(question: Question) -> tuple[object, ...]:
    """`4C 6S JC KS | 4S`, and `crib` for a crib."""
    show = count_data(question)
    text = f"{' '.join(show['hand'])} | {show['starter']}"
    return (text, msg("drill.brief.crib")) if show.get("crib") else (text,)


def expected(question: Question, grade: Grade) -> Any:
    del question
    return grade.expected_text


def answer_shown(question: Question, answer: str) -> object:
    """The answer as the summary lists it: as typed."""
    del question
    return answer


TRACKED_IDEAS = COUNT_IDEAS
LESSON = 8
BLAMES_ITEMS = True  # a wrong count is blamed on the items whose points explain it


def ideas(question: Question, *, ruleset: Ruleset) -> tuple[str, ...] | None:
    return count_ideas(question, ruleset=ruleset) or ("fifteens",)


def rule_ideas(question: Question, grade: Grade) -> tuple[str, ...]:
    return count_rule_ideas(question, grade)


def lesson_tags(question: Question, solution: Solution) -> frozenset[str]:
    """What a lesson's `only` list is checked against: the theme."""
    del solution
    return frozenset({question.theme})


LEVEL_ITEMS = "show"  # which of a level's scoring kinds its questions hold (show, play, none)
IRREGULARITY_THEMES = False  # its themes are irregularities of the catalogue, named as the rules name them
