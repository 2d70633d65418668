"""Each lesson's drill asks exactly what the lesson teaches, checked by the engine over 25 seeds
in both languages: the pegging lesson asks what a card scores (never which card to play, never a
go), the go lesson asks a go or a 31, the variants lesson gives two hands of each variant, the
irregularities lesson only the incidents it explains, the muggins lesson only honest or short
counts (it teaches that underclaims are mugged, not overclaims); and every drill is a mastery
check of ten questions passed at eight."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cache
from itertools import islice

import pytest

from trainer.cli.reference.learn import lesson_rulesets, lesson_stream
from trainer.cli.reference.lesson_set import lessons_in
from trainer.content.lessons import DrillSpec as LessonDrill
from trainer.content.lessons import Lesson
from trainer.drills.model import Question
from trainer.drills.peg_drill import _position
from trainer.drills.positions import engine_state, event_kinds, play_outcome
from trainer.engine.cards import Card, parse_cards
from trainer.engine.ruleset import Ruleset
from trainer.engine.scoring import score_show
from trainer.i18n import LANGS
from trainer.store.lesson_tables import passed

SEEDS = range(25)
# A board question plays its deal forward for every discard (about half a second each): its
# lessons draw from fewer seeds, and tests/test_board_drill.py checks the form itself.
BOARD_SEEDS = range(3)
# The incidents lesson 11 explains (its sections on the deal, the play and the board).
EXPLAINED_IRREGULARITIES = {
    "misdeal_not_one_at_a_time",
    "misdeal_wrong_number",
    "misdeal_face_up_card",
    "misdeal_card_exposed",
    "imperfect_pack",
    "wrong_number_in_hand",
    "wrong_number_in_crib",
    "renege",
    "failed_to_play_after_go",
    "wrong_count_announced",
    "underpegging",
    "overpegging",
}


def _lesson(lang: str, lesson_id: str) -> Lesson:
    return next(lesson for lesson in lessons_in(lang) if lesson.id == lesson_id)


def _questions(lang: str, lesson_id: str) -> tuple[tuple[Question, Ruleset], ...]:
    return _drawn(_lesson(lang, lesson_id).drill)


@cache
def _drawn(drill: LessonDrill) -> tuple[tuple[Question, Ruleset], ...]:
    """The drill's questions over every seed. They follow from the drill's spec alone (never the
    language), so a lesson whose English and Russian files ask the same drill draws them once."""
    rules = lesson_rulesets(drill)
    out: list[tuple[Question, Ruleset]] = []
    for seed in _seeds(drill):
        stream = lesson_stream(drill, list(rules.values()), seed=seed)
        out += [(q, rules[q.ruleset]) for q in islice(stream, drill.questions)]
    return tuple(out)


def _seeds(drill: LessonDrill) -> range:
    return BOARD_SEEDS if drill.form == "board" else SEEDS


def _at_a_score(q: Question, rules: Ruleset) -> bool:
    return q.form == "board" and len(q.data["score"]) == 2 and q.theme in ("dealer", "pone")


def _show(q: Question, rules: Ruleset) -> tuple[dict[str, int], int, int]:
    hand = parse_cards(list(q.data["hand"]))
    breakdown = score_show(
        hand, Card.parse(str(q.data["starter"])), is_crib=bool(q.data["crib"]), ruleset=rules
    )
    return breakdown.by_kind(), len(breakdown.of_kind("run")), breakdown.total


def _hand_has(theme: str) -> Callable[[Question, Ruleset], bool]:
    def check(q: Question, rules: Ruleset) -> bool:
        by_kind, runs, _ = _show(q, rules)
        if theme == "double-runs":
            return runs >= 2
        if theme == "flush":
            return len({c[-1] for c in q.data["hand"]}) == 1
        if theme == "crib":
            return bool(q.data["crib"])
        return by_kind[{"fifteens": "fifteen", "pairs": "pair"}[theme]] > 0

    return check


def _card_scores(q: Question, rules: Ruleset) -> set[str]:
    """What the engine says the asked card scores (the position replayed from its data)."""
    state = engine_state(_position(q), ruleset=rules)
    return set(event_kinds(play_outcome(state, Card.parse(str(q.data["card"])))[1]))


def _what_the_card_scores(q: Question, rules: Ruleset) -> bool:
    # lesson 6 teaches 15, 31, pairs and runs; the go and the last card are lesson 7's
    return q.form == "points" and _card_scores(q, rules) <= {"fifteen", "pair", "run", "thirty_one"}


def _a_go_or_31(q: Question, rules: Ruleset) -> bool:
    return q.form == "points" and bool(_card_scores(q, rules) & {"go", "last", "thirty_one"})


def _honest_or_short(q: Question, rules: Ruleset) -> bool:
    return rules.muggins.enabled and _show(q, rules)[2] >= int(q.data["announced"])


def _explained_incident(q: Question, rules: Ruleset) -> bool:
    return str(q.data["scenario"]["irregularity"]) in EXPLAINED_IRREGULARITIES


def _by_position(q: Question, rules: Ruleset) -> bool:
    return q.theme in ("dealer", "pone")


THEMES: dict[str, Callable[[Question, Ruleset], bool]] = {
    "fifteens": _hand_has("fifteens"),
    "pairs": _hand_has("pairs"),
    "runs": _hand_has("double-runs"),
    "flushes-and-nobs": _hand_has("flush"),
    "the-crib": _hand_has("crib"),
    "pegging": _what_the_card_scores,
    "go-and-31": _a_go_or_31,
    "the-show": lambda q, rules: q.kind == "count",
    "discarding": _by_position,
    "variants": lambda q, rules: q.kind == "count",
    "irregularities": _explained_incident,
    "muggins": _honest_or_short,
    "pegging-strategy": lambda q, rules: q.form == "play",
    "discarding-by-position": _by_position,
    "playing-to-the-board": _at_a_score,
    "the-endgame": _at_a_score,
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("lesson_id", sorted(THEMES))
def test_every_question_of_the_lesson_drill_asks_its_theme(lang: str, lesson_id: str) -> None:
    lesson = _lesson(lang, lesson_id)
    check = THEMES[lesson_id]
    questions = _questions(lang, lesson_id)
    assert len(questions) == len(_seeds(lesson.drill)) * lesson.drill.questions
    assert all(q.kind == lesson.drill.kind for q, _ in questions)
    missing = [q.data for q, rules in questions if not check(q, rules)]
    assert not missing, f"{len(missing)} of {len(questions)} questions off the theme, e.g. {missing[0]}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_variants_lesson_drills_every_variant_twice(lang: str) -> None:
    questions = _questions(lang, "variants")
    per_seed = [questions[i : i + 10] for i in range(0, len(questions), 10)]
    for block in per_seed:
        seen = Counter(rules.variant for _, rules in block)
        assert seen == dict.fromkeys(
            ("classic6", "five_card", "seven_card", "three_player", "four_partners"), 2
        )
    sizes = {len(q.data["hand"]) for q, _ in questions}
    assert {3, 4, 5} <= sizes  # five-card shows 3 cards, seven-card 5


def test_the_go_lesson_asks_both_the_go_and_31() -> None:
    kinds = Counter(
        "31" if "thirty_one" in _card_scores(q, r) else "go" for q, r in _questions("en", "go-and-31")
    )
    assert kinds["31"] >= 50 and kinds["go"] >= 50


def test_the_muggins_lesson_asks_both_short_and_honest_counts() -> None:
    short = sum(_show(q, r)[2] > int(q.data["announced"]) for q, r in _questions("en", "muggins"))
    assert 50 <= short <= 200


def test_the_irregularities_lesson_asks_every_incident_it_explains() -> None:
    seen = {str(q.data["scenario"]["irregularity"]) for q, _ in _questions("en", "irregularities")}
    assert seen == EXPLAINED_IRREGULARITIES


@pytest.mark.parametrize("lesson_id", ["discarding", "discarding-by-position"])
def test_the_discarding_lessons_ask_as_dealer_and_as_pone(lesson_id: str) -> None:
    themes = Counter(q.theme for q, _ in _questions("en", lesson_id))
    assert themes["dealer"] >= 100 and themes["pone"] >= 100
    dealt_as = Counter(bool(q.data["dealer"]) for q, _ in _questions("en", lesson_id))
    assert dealt_as[True] == themes["dealer"] and dealt_as[False] == themes["pone"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_lesson_ends_with_a_mastery_check_of_eight_in_ten(lang: str) -> None:
    for lesson in lessons_in(lang):
        assert lesson.drill.questions == 10 and lesson.drill.pass_mark == 8, lesson.path
        assert 1 <= lesson.drill.minutes <= 15, lesson.path
    assert passed(8, 10) and not passed(7, 10)
    assert not passed(3, 3) and not passed(2, 3)  # a three-question drill never masters a lesson


def test_every_lesson_theme_is_checked() -> None:
    assert {lesson.id for lesson in lessons_in("en")} <= set(THEMES)
