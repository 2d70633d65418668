"""Each lesson's drill asks only questions that contain the lesson's topic, under a ruleset where
the topic exists, checked by the engine over many seeds: the runs lesson gives double runs, the
variants lesson visits every variant, the muggins lesson drills with muggins in force."""

from __future__ import annotations

from itertools import islice

import pytest

from trainer.cli.learn import lesson_rulesets, lesson_stream
from trainer.content.lessons import Lesson, load_lessons
from trainer.drills.model import Question
from trainer.drills.peg_drill import _position
from trainer.drills.positions import engine_state, event_kinds, play_outcome
from trainer.engine.cards import Card, parse_cards
from trainer.engine.ruleset import Ruleset
from trainer.engine.scoring import score_show

SEEDS = range(25)
LESSONS = {lesson.id: lesson for lesson in load_lessons()}


def _questions(lesson: Lesson) -> list[tuple[Question, Ruleset]]:
    rules = lesson_rulesets(lesson.drill)
    out = []
    for seed in SEEDS:
        stream = lesson_stream(lesson.drill, list(rules.values()), seed=seed)
        out += [(q, rules[q.ruleset]) for q in islice(stream, lesson.drill.questions)]
    return out


def _by_kind(q: Question, rules: Ruleset) -> tuple[dict[str, int], int]:
    hand = parse_cards(list(q.data["hand"]))
    breakdown = score_show(
        hand, Card.parse(str(q.data["starter"])), is_crib=bool(q.data["crib"]), ruleset=rules
    )
    return breakdown.by_kind(), len(breakdown.of_kind("run"))


def _hand_has(theme: str):  # type: ignore[no-untyped-def]
    def check(q: Question, rules: Ruleset) -> bool:
        by_kind, runs = _by_kind(q, rules)
        if theme == "double-runs":
            return runs >= 2
        if theme == "flush":
            return len({c[-1] for c in q.data["hand"]}) == 1
        if theme == "crib":
            return bool(q.data["crib"])
        return by_kind[{"fifteens": "fifteen", "pairs": "pair"}[theme]] > 0

    return check


def _makes_a_go(q: Question, rules: Ruleset) -> bool:
    state = engine_state(_position(q), ruleset=rules)
    cards = [Card.parse(str(q.data["card"]))] if q.form == "points" else list(state.legal_plays())
    kinds = {k for card in cards for k in event_kinds(play_outcome(state, card)[1])}
    return bool(kinds & {"go", "last"})


THEMES = {
    "fifteens": _hand_has("fifteens"),
    "pairs": _hand_has("pairs"),
    "runs": _hand_has("double-runs"),
    "flushes-and-nobs": _hand_has("flush"),
    "the-crib": _hand_has("crib"),
    "go-and-31": _makes_a_go,
    "muggins": lambda q, rules: rules.muggins.enabled,
}


@pytest.mark.parametrize("lesson_id", sorted(THEMES))
def test_every_question_of_the_lesson_drill_contains_its_theme(lesson_id: str) -> None:
    lesson = LESSONS[lesson_id]
    check = THEMES[lesson_id]
    questions = _questions(lesson)
    assert len(questions) == len(SEEDS) * lesson.drill.questions
    missing = [q.data for q, rules in questions if not check(q, rules)]
    assert not missing, f"{len(missing)} questions without the theme, e.g. {missing[0]}"


def test_the_variants_lesson_drills_every_variant() -> None:
    lesson = LESSONS["variants"]
    seen = {rules.variant for _, rules in _questions(lesson)}
    assert seen == {"classic6", "five_card", "seven_card", "three_player", "four_partners"}
    sizes = {len(q.data["hand"]) for q, _ in _questions(lesson)}
    assert {3, 4, 5} <= sizes  # five-card shows 3 cards, seven-card 5


def test_every_lesson_theme_is_checked() -> None:
    themed = {lesson.id for lesson in LESSONS.values() if lesson.drill.theme or lesson.drill.muggins}
    assert themed <= set(THEMES)
