"""The penalty drill: an irregularity in words, with the facts that matter (the count and the
cards held for a renege, the claimed and true points for a miscount...), and a choice of
rulings; the answer is the engine's `adjudicate()` under the ruleset's penalty set.

Choices are structured (who pegs, how many points, how far the offender moves back), so they
read the same in every language and grading compares data, not sentences. Wrong choices are
real rulings: the same irregularity under another penalty set first (the classic confusion),
then other rulings of the catalogue.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from typing import Any

from trainer.drills.answers import parse_letter
from trainer.drills.data import RulingChoice, penalty_data
from trainer.drills.hints import Hint, hint
from trainer.drills.kinds import Command, Solution, Verdict
from trainer.drills.messages import (
    IrregularityName,
    Joined,
    Letter,
    Msg,
    Ranks,
    Refs,
    RulingPart,
    Variant,
    msg,
)
from trainer.drills.model import DrillError, Grade, JSONValue, Question
from trainer.drills.presenting import Ask, Choice, Presentation
from trainer.drills.seats import OFFENDER_SEAT as OFFENDER_SEAT
from trainer.drills.themes import Level
from trainer.engine.cards import Rank
from trainer.engine.irregularities import PENALTY_SETS, Irregularity, Ruling, adjudicate, catalogue, find
from trainer.engine.phrases import Phrase
from trainer.engine.ruleset import Ruleset

FORMS = ("ruling",)
NAMED_ONLY_FORMS: frozenset[str] = frozenset()  # every form is asked in a mixed drill
TITLED_FORMS: frozenset[str] = frozenset()  # headers name the kind alone
STEP_FORMS: frozenset[str] = frozenset()  # no --steps
STREAK_FORM = ""  # no harder form for a streak
LETTERS = ("a", "b", "c", "d")
_STOCK_CHOICES = (
    ("opponent", 2, 0),
    ("opponent", 4, 0),
    ("pone", 2, 0),
    ("dealer", 2, 0),
    ("none", 0, 0),
    ("none", 0, 10),
    ("opponent", 1, 0),
)
_OTHER_SEAT = {"dealer": "pone", "pone": "dealer"}


def themes(ruleset: Ruleset) -> tuple[str, ...]:
    """Each irregularity whose ruling the ruleset's penalty set gives in full."""
    return _themes(ruleset)


@functools.lru_cache(maxsize=16)
def _themes(ruleset: Ruleset) -> tuple[str, ...]:
    # Remembered per ruleset (a ruleset is frozen and the rulings are pure): the table costs a
    # ruling per irregularity, and every candidate question of a session asks for it.
    return tuple(irr.id for irr in catalogue() if adjudicate(irr.id, ruleset=ruleset).retrieved)


def generate(rng: random.Random, *, ruleset: Ruleset, lvl: Level, theme: str, form: str) -> Question:
    """A scenario for one irregularity (the theme, or any), its facts drawn at random."""
    del form
    known = frozenset(themes(ruleset))
    pool = [find(theme)] if theme else [irr for irr in catalogue() if irr.id in known]
    for _ in range(50):
        irr = rng.choice(pool)
        facts = _facts(rng, irr)
        ruling = adjudicate(irr.id, ruleset=ruleset, **facts)
        if not ruling.retrieved:
            continue
        size = 3 if lvl.name in ("beginner", "intermediate") else 4
        choices = _choices(rng, irr, ruling, ruleset=ruleset, facts=facts, size=size)
        question = Question(
            kind="penalty",
            form="ruling",
            ruleset=ruleset.name,
            level=lvl.name,
            theme=irr.id,
            data={
                "scenario": {"irregularity": irr.id, "facts": facts},
                "penalty_set": ruleset.penalties,
                "muggins": ruleset.muggins.enabled,
                "choices": [
                    {"letter": LETTERS[i], "beneficiary": b, "points": p, "back": back}
                    for i, (b, p, back) in enumerate(choices)
                ],
            },
        )
        if len(choices) < 2 or same_meaning(question, ruleset=ruleset):
            continue  # the generator's own check: never two choices with one meaning
        return question
    raise DrillError(
        f"no ruling of {theme or 'the catalogue'} is complete under the {ruleset.penalties} penalties",
        key="raised.drill.no_ruling",
        theme=theme or Msg("raised.drill.catalogue"),
        penalties=ruleset.penalties,
    )


# ----------------------------------------------------------------------------- facts


def _facts(rng: random.Random, irr: Irregularity) -> dict[str, Any]:
    """Facts of a case, chosen so that some cases turn out to be no offence at all."""
    facts: dict[str, Any] = {}
    true_points = rng.randint(2, 16)
    for name in irr.facts:
        if name == "count":
            facts[name] = rng.randint(18, 30)
        elif name == "holding":
            ranks = sorted(rng.sample(range(1, 14), rng.randint(1, 3)))
            facts[name] = " ".join(Rank(r).label for r in ranks)
        elif name == "true_points":
            facts[name] = true_points
        elif name == "claimed":
            over = irr.id in ("overpegging", "overpegging_old_laws", "false_claim_of_game")
            delta = rng.randint(1, 4)
            facts[name] = true_points + delta if over else max(0, true_points - delta)
        elif name == "call":
            facts[name] = rng.choice([0, 1, 2, 3, 4])
        elif name == "stage":
            facts[name] = rng.choice(["play", "show"])
        elif name == "choice":
            facts[name] = rng.choice(["new_deal", "peg_and_rectify"])
        else:
            facts[name] = rng.random() < 0.5
    return facts


def _triple(ruling: Ruling) -> tuple[str, int, int]:
    """(who pegs, points, back); with no points and no move back nobody is named."""
    if ruling.points == 0 and ruling.back == 0:
        return ("none", 0, 0)
    return (ruling.beneficiary, ruling.points, ruling.back)


def _choices(
    rng: random.Random,
    irr: Irregularity,
    ruling: Ruling,
    *,
    ruleset: Ruleset,
    facts: Mapping[str, Any],
    size: int,
) -> list[tuple[str, int, int]]:
    right = _triple(ruling)
    other_sets = [_triple(adjudicate(irr.id, ruleset=ruleset, penalty_set=s, **facts)) for s in PENALTY_SETS]
    others = [_triple(adjudicate(i.id, ruleset=ruleset)) for i in rng.sample(list(catalogue()), 8)]
    variants = [(right[0], right[1] + 2, right[2])] if right[1] else []
    wrong: list[tuple[str, int, int]] = []
    for candidate in [*other_sets, *variants, *others, *rng.sample(_STOCK_CHOICES, len(_STOCK_CHOICES))]:
        if candidate != right and candidate not in wrong:
            wrong.append(candidate)
    meant = {meaning(right, irregularity=irr.id, ruleset=ruleset)}
    picked = [right]
    for candidate in wrong:
        sense = meaning(candidate, irregularity=irr.id, ruleset=ruleset)
        if sense not in meant and len(picked) < size:
            meant.add(sense)
            picked.append(candidate)
    rng.shuffle(picked)
    return picked


def meaning(triple: tuple[str, int, int], *, irregularity: str, ruleset: Ruleset) -> tuple[str, int, int]:
    """What a ruling means at this table: who actually pegs, how many, how far back. With no
    points nobody is named ("the offender moves back 15" whoever the choice says pegs); with two
    scoring sides and an offender whose seat the scenario names, "the offender's opponent" is
    the other seat and "the offender" that seat."""
    who, points, back = triple
    if points == 0:
        return ("none", 0, back)
    seat = OFFENDER_SEAT.get(irregularity)
    if seat is not None and ruleset.sides == 2:
        if who == "opponent":
            who = _OTHER_SEAT[seat]
        elif who == "offender":
            who = seat
    return (who, points, back)


def same_meaning(question: Question, *, ruleset: Ruleset) -> list[tuple[str, str]]:
    """Pairs of choice letters that mean the same thing in this question's position (a sound
    question has none: the generator never makes one, and a quiz file with one is refused)."""
    data = penalty_data(question)
    irr = data["scenario"]["irregularity"]
    seen: dict[tuple[str, int, int], str] = {}
    pairs: list[tuple[str, str]] = []
    for c in data["choices"]:
        sense = meaning((c["beneficiary"], c["points"], c.get("back", 0)), irregularity=irr, ruleset=ruleset)
        if sense in seen:
            pairs.append((seen[sense], c["letter"]))
        else:
            seen[sense] = c["letter"]
    return pairs


# ----------------------------------------------------------------------------- grading


def ruling_for(question: Question, *, ruleset: Ruleset) -> Ruling:
    scenario = penalty_data(question)["scenario"]
    facts: dict[str, Any] = dict(scenario.get("facts") or {})  # adjudicate() checks each fact
    return adjudicate(scenario["irregularity"], ruleset=ruleset, **facts)


def parse(question: Question, text: str) -> JSONValue:
    letters = [c["letter"] for c in penalty_data(question)["choices"]]
    return parse_letter(text, letters)


def solve(question: Question, *, ruleset: Ruleset) -> Solution:
    ruling = ruling_for(question, ruleset=ruleset)
    right = _triple(ruling)
    choices = penalty_data(question)["choices"]
    match = [c for c in choices if (c["beneficiary"], c["points"], c.get("back", 0)) == right]
    if not match:
        raise DrillError(
            f"question {question.id}: none of its choices is the {ruleset.penalties} ruling; "
            "was it written for another ruleset?",
            key="raised.drill.q_choices",
            id=question.id,
            penalties=ruleset.penalties,
        )
    letter = match[0]["letter"]
    return Solution(
        expected=letter,
        expected_text=letter,
        detail={
            "ruling": ruling.to_json(),
            "phrases": {"remedy": phrase_json(ruling.remedy_phrase), "note": phrase_json(ruling.note_phrase)},
        },
    )


def phrase_json(phrase: Phrase | None) -> JSONValue:
    """A ruling's phrase (key, English template, values; a value may be a phrase, kept as
    `{"phrase": ...}`) as JSON, so the edge can word the remedy in any language from the grade
    alone (`trainer.i18n.drill_words` reads it back)."""
    if phrase is None:
        return None
    values = [[k, {"phrase": phrase_json(v)} if isinstance(v, Phrase) else v] for k, v in phrase.values]
    return {"key": phrase.key, "english": phrase.english, "values": values}


def judge(question: Question, solution: Solution, answer: JSONValue, *, ruleset: Ruleset) -> Verdict:
    data = penalty_data(question)
    choices = data["choices"]
    chosen = next(c for c in choices if c["letter"] == answer)
    right = next(c for c in choices if c["letter"] == solution.expected)
    irr = data["scenario"]["irregularity"]

    def sense(c: RulingChoice) -> tuple[str, int, int]:
        return meaning((c["beneficiary"], c["points"], c.get("back", 0)), irregularity=irr, ruleset=ruleset)

    # A question written before this check (or by hand) may name one ruling twice: both are right.
    correct = answer == solution.expected or sense(chosen) == sense(right)
    return Verdict(correct=correct, points_lost=0.0 if correct else abs(chosen["points"] - right["points"]))


# ----------------------------------------------------------------------------- present & explain


def scenario(question: Question) -> list[Msg]:
    """The irregularity as messages: the situation, then one line per fact that matters."""
    shown = penalty_data(question)["scenario"]
    irr = shown["irregularity"]
    facts = dict(shown.get("facts") or {})
    values: dict[str, Any] = {k: v for k, v in facts.items() if not isinstance(v, bool)}
    if "stage" in values:
        values["stage"] = msg(f"drill.penalty.stage.{values['stage']}")
    if "holding" in values:
        values["holding"] = Ranks(str(values["holding"]))
    lines = [msg(f"drill.penalty.scenario.{irr}", **values)]
    for name, value in facts.items():
        if isinstance(value, bool):
            lines.append(msg(f"drill.penalty.fact.{name}.{'yes' if value else 'no'}"))
        elif name == "choice":
            lines.append(msg(f"drill.penalty.fact.choice.{value}"))
        elif name == "call":
            lines.append(
                msg("drill.penalty.fact.call.some" if value else "drill.penalty.fact.call.none", call=value)
            )
    return lines


def choice(entry: RulingChoice) -> Joined:
    """`the dealer pegs 2`, `the offender moves back 15`, or `no points`."""
    points, back = entry["points"], entry.get("back", 0)
    parts = []
    if points:
        who = msg(f"drill.penalty.who.{entry['beneficiary']}")
        parts.append(msg("drill.penalty.choice.pegs", who=who, points=points, n=points))
    if back:
        parts.append(msg("drill.penalty.choice.back", back=back))
    return Joined(tuple(parts), "; ", empty=msg("drill.penalty.choice.nothing"))


def present(question: Question, ruleset: Ruleset) -> Presentation:
    """The rules in force, the irregularity and its facts; a lettered choice of rulings."""
    data = penalty_data(question)
    rules = msg(
        "drill.penalty.rules",
        ruleset=Variant(question.ruleset),
        penalties=msg(f"drill.penalty.set.{data.get('penalty_set', ruleset.penalties)}"),
        muggins=msg("drill.penalty.muggins_on" if data.get("muggins") else "drill.penalty.muggins_off"),
    )
    choices = tuple(Choice(label=choice(c), value=c["letter"], key=c["letter"]) for c in data["choices"])
    ask = Ask(style="select", message=msg("drill.penalty.ask"), choices=choices)
    return Presentation(lines=(rules, *scenario(question)), ask=ask)


def explain(question: Question, grade: Grade) -> list[Msg]:
    """The right letter and what it gives, the engine's remedy with its sources, note and options."""
    ruling = grade.detail["ruling"]
    phrases = grade.detail.get("phrases")
    words = grade.detail.get("words")  # an older detail: the ruling's words by language

    def part(name: str) -> RulingPart:
        return RulingPart(name, ruling, phrases, words)

    right = next(c for c in penalty_data(question)["choices"] if c["letter"] == grade.expected)
    lines = [
        msg("drill.fb.ruling", letter=Letter(right["letter"]), text=choice(right)),
        msg("rough.fb.remedy", remedy=part("remedy"), rule=Refs(str(ruling.get("rule_ref") or ""))),
    ]
    if ruling.get("note"):
        lines.append(msg("drill.fb.ruling_note", note=part("note")))
    if ruling.get("options"):
        lines.append(msg("drill.fb.ruling_options", options=part("options")))
    seat = OFFENDER_SEAT.get(penalty_data(question)["scenario"]["irregularity"])
    if seat and not grade.correct and grade.answer is not None:  # who is who at this table
        lines.append(msg(f"training.rule.offender_is.{seat}"))
    return lines


# ----------------------------------------------------------------------------- the rest of the kind

REVIEW_VARIANT = "other-facts"
SLOW_SECONDS = 40.0
EXPECTED_VALUE_FORMS: frozenset[str] = frozenset()
CHANCE_FORMS: frozenset[str] = frozenset()  # every loss is in points
NUMERIC_FORMS: frozenset[str] = frozenset()
MENU_RANK = 4
COMMAND = Command()


def run_options(options: Mapping[str, Any]) -> tuple[str, bool]:
    del options
    return "", False


def pattern(question: Question, *, ruleset: Ruleset) -> str:
    """The irregularity, the penalty set and whether muggins was in force."""
    del ruleset
    shown = penalty_data(question)
    irregularity = shown["scenario"]["irregularity"]
    return f"penalty/{irregularity}/{shown.get('penalty_set', '')}/muggins={shown.get('muggins', False)}"


def prior_difficulty(pattern: str) -> float:
    """Calibrated on simulated learners of known skill (`trainer.drills.priors`)."""
    from trainer.drills.priors import calibrated

    return calibrated(pattern)


def hints(question: Question, *, ruleset: Ruleset) -> list[Hint]:
    del question, ruleset
    return [hint("adapt.hint.penalty")]


def shown_cards(question: Question) -> tuple[list[str], str | None]:
    del question
    return [], None


def brief(question: Question) -> tuple[object, ...]:
    """The irregularity by its name (`IrregularityName`, worded at the edge), else the id."""
    irregularity = penalty_data(question)["scenario"]["irregularity"]
    if irregularity:
        return (IrregularityName(irregularity),)
    return (question.id,)


def expected(question: Question, grade: Grade) -> Any:
    """A choice letter, in the reader's alphabet."""
    del question
    return Letter(grade.expected_text)


def answer_shown(question: Question, answer: str) -> object:
    """The letter chosen, in the reader's alphabet (`B`, «б»); unreadable: as typed."""
    from trainer.drills.answers import AnswerError

    try:
        return Letter(str(parse(question, answer)))
    except AnswerError:
        return answer


TRACKED_IDEAS: tuple[str, ...] = ()  # its themes
LESSON = 11
BLAMES_ITEMS = False


def ideas(question: Question, *, ruleset: Ruleset) -> tuple[str, ...] | None:
    del question, ruleset
    return None  # its theme


def rule_ideas(question: Question, grade: Grade) -> tuple[str, ...]:
    del question, grade
    return ()


def lesson_tags(question: Question, solution: Solution) -> frozenset[str]:
    """What a lesson's `only` list is checked against: the theme."""
    del solution
    return frozenset({question.theme})


LEVEL_ITEMS = ""  # which of a level's scoring kinds its questions hold (show, play, none)
IRREGULARITY_THEMES = True  # its themes are irregularities of the catalogue, named as the rules name them
