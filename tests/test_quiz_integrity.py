"""Quiz integrity (issue 19, item 10): no penalty question offers two choices that mean the same
thing at its table, over 1,000 questions of every ruleset, in drills, worksheets and club quizzes;
a question written before the check with such a pair grades both as right."""

from __future__ import annotations

from dataclasses import replace
from itertools import islice

import pytest

from trainer.club.night import make_mixed_questions, make_questions, questions_of
from trainer.content.rulesets import BUILTIN, load_ruleset
from trainer.drills.checking import grade
from trainer.drills.generators import DrillSpec, stream
from trainer.drills.model import Question
from trainer.drills.penalty_drill import OFFENDER_SEAT, same_meaning
from trainer.engine.irregularities import catalogue
from trainer.engine.ruleset import Ruleset
from trainer.i18n.drill_words import present

# The seat at fault, read from the catalogue's own "penalised" column (not from the drill's table).
_PENALISED_SEAT = {"dealer": "dealer", "pone": "pone", "non-dealer": "pone"}


def _seat_from_catalogue(irregularity: str) -> str | None:
    irr = next(i for i in catalogue() if i.id == irregularity)
    return _PENALISED_SEAT.get(irr.penalised)


def _who_gains(choice: dict[str, object], *, irregularity: str, ruleset: Ruleset) -> tuple[object, ...]:
    """The seat (or 'side') that gains, worked out from the scenario, independently of the drill."""
    points, back = choice["points"], choice.get("back", 0)
    if not points:
        return ("nobody", back)
    who = choice["beneficiary"]
    scenario = {
        "misdeal_not_one_at_a_time": "dealer",
        "lead_out_of_turn": "dealer",
        "starter_turned_before_discard": "dealer",
        "dealer_counts_first": "dealer",
        "misdeal_card_exposed": "dealer",
        "wrong_number_in_hand": "pone",
    }
    seat = _seat_from_catalogue(irregularity) or scenario.get(irregularity)
    if seat is not None and ruleset.sides == 2:
        other = "pone" if seat == "dealer" else "dealer"
        who = {"opponent": other, "offender": seat}.get(str(who), who)
    return (who, points, back)


def _assert_sound(q: Question, ruleset: Ruleset) -> None:
    data = q.data
    irr = data["scenario"]["irregularity"]  # type: ignore[typeddict-item]
    gains = [_who_gains(c, irregularity=irr, ruleset=ruleset) for c in data["choices"]]  # type: ignore[typeddict-item]
    assert len(set(gains)) == len(gains), (q.to_dict(), gains)
    assert same_meaning(q, ruleset=ruleset) == []
    words = [str(c.label) for c in present(q, ruleset=ruleset, lang="en").ask.choices]
    assert len(set(words)) == len(words), words


def test_the_drill_table_agrees_with_the_catalogue() -> None:
    for irregularity, seat in OFFENDER_SEAT.items():
        named = _seat_from_catalogue(irregularity)
        assert named in (None, seat), irregularity


@pytest.mark.parametrize("name", BUILTIN)
def test_no_penalty_question_offers_one_ruling_twice(name: str) -> None:
    ruleset = load_ruleset(name)
    share = 1000 // len(BUILTIN) + 1
    questions: list[Question] = []
    for level in ("beginner", "expert"):
        spec = DrillSpec(drills=("penalty",), ruleset=ruleset, level=level, seed=324972)
        questions += islice(stream(spec), share // 2 + 1)
    assert len(questions) >= 200
    for q in questions:
        _assert_sound(q, ruleset)


def test_the_reported_pair_is_gone(classic: Ruleset) -> None:
    # "pone looks at the starter" under ACC: the dealer pegs 2, and the dealer is the offender's
    # opponent; a question never offers both.
    acc = replace(classic, penalties="acc")
    for seed in range(200):
        spec = DrillSpec(
            drills=("penalty",), ruleset=acc, level="expert", theme="pone_sees_starter", seed=seed
        )
        for q in islice(stream(spec), 1):
            _assert_sound(q, acc)


def test_worksheets_and_club_quizzes_are_sound(classic: Ruleset) -> None:
    made = questions_of(make_questions(ruleset=classic, drills=["penalty"], level="expert", n=60, seed=5))
    three = load_ruleset("three-player")
    mixed = questions_of(
        make_mixed_questions(rulesets=[classic, three], mix={"penalty": 60}, level="expert", seed=9)
    )
    for q in made:
        _assert_sound(q, classic)
    for q in mixed:
        _assert_sound(q, three if q.ruleset == three.name else classic)


def test_an_old_question_with_one_ruling_twice_grades_both_right(classic: Ruleset) -> None:
    acc = replace(classic, penalties="acc")
    q = Question(
        kind="penalty",
        form="ruling",
        ruleset=acc.name,
        data={
            "scenario": {"irregularity": "pone_sees_starter", "facts": {}},
            "penalty_set": "acc",
            "muggins": acc.muggins.enabled,
            "choices": [
                {"letter": "a", "beneficiary": "opponent", "points": 2, "back": 0},
                {"letter": "b", "beneficiary": "dealer", "points": 2, "back": 0},
                {"letter": "c", "beneficiary": "none", "points": 0, "back": 0},
            ],
        },
    )
    assert same_meaning(q, ruleset=acc) == [("a", "b")]
    assert grade(q, "a", ruleset=acc).correct
    assert grade(q, "b", ruleset=acc).correct
    assert not grade(q, "c", ruleset=acc).correct
