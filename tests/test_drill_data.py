"""Question data has one typed shape per drill kind (trainer.drills.data): every generated question
fits its kind's shape, data from outside that does not is refused naming the field, and the
stored form (so every content id) is what it was before the shapes existed."""

from __future__ import annotations

import copy
import json
from typing import Any, get_type_hints

import pytest

from trainer.content import quizschema
from trainer.content.rulesets import load_ruleset
from trainer.drills.data import (
    SHAPES,
    ClaimedItem,
    PenaltyScenario,
    RulingChoice,
    checked,
    count_data,
    discard_data,
    muggins_data,
    peg_data,
    penalty_data,
)
from trainer.drills.generators import DrillSpec, question_at
from trainer.drills.kinds import kind as kind_module
from trainer.drills.model import DRILLS, DrillError, Question

RULESETS = ("classic", "three-player", "partnership", "five-card")
LEVELS = ("beginner", "expert")
SEEDS = (0, 1, 2)


def _generated() -> list[Question]:
    out = []
    for name in RULESETS:
        ruleset = load_ruleset(name)
        for drill in DRILLS:
            for form in kind_module(drill).FORMS:
                if form == "board" and ruleset.players != 2:
                    continue  # the board form needs the two-player win table (a one-line error)
                for level in LEVELS:
                    for seed in SEEDS:
                        spec = DrillSpec(drills=(drill,), ruleset=ruleset, level=level, form=form, seed=seed)
                        out.append(question_at(spec, 0))
    return out


GENERATED = _generated()


def _keys(shape: type) -> set[str]:
    return set(get_type_hints(shape))


def test_generated_questions_of_every_kind_form_level_and_ruleset_fit_their_shape() -> None:
    # 4 rulesets x (2 count + 1 muggins + 2 peg + 1 discard + 1 penalty forms) x 2 levels x 3 seeds,
    # and the discard's board form with the two-player rulesets
    assert len(GENERATED) == 4 * 7 * 2 * 3 + 2 * 2 * 3  # the board form with classic and five-card
    assert {q.ruleset for q in GENERATED} == {"classic", "three-player", "partnership", "five-card"}
    for question in GENERATED:
        stored = question.to_dict()["question"]
        assert checked(question.kind, stored) is stored
        # no key the shape does not document (the shape is the whole of what a kind writes)
        assert set(stored) <= _keys(SHAPES[question.kind]), question.id
        if question.kind == "muggins":
            for item in stored["claimed"]:
                assert set(item) <= _keys(ClaimedItem)
        if question.kind == "penalty":
            assert set(stored["scenario"]) <= _keys(PenaltyScenario)
            for choice in stored["choices"]:
                assert set(choice) <= _keys(RulingChoice)


def test_three_and_four_player_positions_show_each_other_seat() -> None:
    # the peg shape's per-seat lists hold one entry per other seat: 1, 2 or 3 of them
    seen = {len(peg_data(q).get("opponent_cards") or []) for q in GENERATED if q.kind == "peg"}
    assert seen == {1, 2, 3}
    assert {len(discard_data(q)["hand"]) for q in GENERATED if q.kind == "discard"} == {5, 6}


@pytest.mark.parametrize("question", GENERATED[::7], ids=lambda q: q.id)
def test_question_to_dict_and_back_is_the_same_question(question: Question) -> None:
    again = Question.from_dict(json.loads(json.dumps(question.to_dict())))
    assert again == question
    assert again.content_id() == question.id


# Ids computed before `Question.data` had shapes: the stored form, and so every id, is unchanged.
PINNED = [
    (
        "count-524712ca77d8",
        {"kind": "count", "form": "total", "ruleset": "classic"},
        {"hand": ["5H", "5C", "JD", "QS"], "starter": "5S", "crib": False},
    ),
    (
        "peg-ff4ef09eb341",
        {"kind": "peg", "form": "points", "ruleset": "classic"},
        {
            "by": [1],
            "card": "9S",
            "count": 5,
            "discards": ["6C", "JC"],
            "earlier": [],
            "hand": ["7D", "8D", "9S", "9H"],
            "opponent_cards": [3],
            "opponent_go": [False],
            "series": ["5H"],
            "starter": "2C",
        },
    ),
    (
        "penalty-224e6520c9de",
        {"kind": "penalty", "form": "ruling", "ruleset": "partnership"},
        {
            "choices": [
                {"back": 0, "beneficiary": "pone", "letter": "a", "points": 3},
                {"back": 0, "beneficiary": "pone", "letter": "b", "points": 5},
                {"back": 0, "beneficiary": "none", "letter": "c", "points": 0},
                {"back": 0, "beneficiary": "pone", "letter": "d", "points": 2},
            ],
            "muggins": False,
            "penalty_set": "seeds",
            "scenario": {"facts": {"play_began": False}, "irregularity": "hand_and_crib_interchanged"},
        },
    ),
]


@pytest.mark.parametrize(("pinned", "keys", "data"), PINNED, ids=[p[0] for p in PINNED])
def test_content_id_of_a_known_question_is_unchanged(pinned: str, keys: dict[str, str], data: Any) -> None:
    assert Question(**keys, data=data).id == pinned
    assert Question.from_dict({**keys, "question": data}).id == pinned


def test_the_pinned_penalty_question_is_still_generated_with_the_same_id() -> None:
    spec = DrillSpec(drills=("penalty",), ruleset=load_ruleset("partnership"), level="expert", seed=2)
    assert question_at(spec, 0).id == "penalty-224e6520c9de"


GOOD = {
    "count": {"hand": ["5H", "5C", "JD", "QS"], "starter": "5S"},
    "muggins": {
        "hand": ["5H", "5C", "JD", "QS"],
        "starter": "5S",
        "announced": 2,
        "claimed": [{"kind": "pair", "cards": ["5H", "5C"], "points": 2}],
    },
    "peg": {"hand": ["5H", "9C"], "count": 10, "series": ["10D"], "opponent_go": [False], "card": None},
    "discard": {"hand": ["AH", "2H", "3H", "4H", "5H", "6H"], "dealer": True},
    "penalty": {
        "scenario": {"irregularity": "renege", "facts": None},
        "choices": [{"letter": "a", "beneficiary": "opponent", "points": 2}],
    },
}
FORMS = {"count": "total", "muggins": "call", "peg": "play", "discard": "discard", "penalty": "ruling"}

BAD: list[tuple[str, str, Any, str]] = [
    # kind, dotted path to change, new value (MISSING: delete it), field named in the error
    ("count", "starter", "MISSING", "starter"),
    ("count", "hand", True, "hand"),
    ("count", "hand.1", 5, "hand.1"),
    ("count", "crib", "yes", "crib"),
    ("muggins", "announced", "2", "announced"),
    ("muggins", "claimed", "MISSING", "claimed"),
    ("muggins", "claimed.0.points", 2.5, "claimed.0.points"),
    ("muggins", "claimed.0.kind", "MISSING", "claimed.0.kind"),
    ("peg", "count", "MISSING", "count"),
    ("peg", "count", True, "count"),
    ("peg", "opponent_go.0", 1, "opponent_go.0"),
    ("peg", "card", 9, "card"),
    ("discard", "hand", "AH 2H 3H 4H 5H 6H", "hand"),
    ("discard", "discard", None, "discard"),
    ("penalty", "scenario.irregularity", "MISSING", "scenario.irregularity"),
    ("penalty", "scenario", ["renege"], "scenario"),
    ("penalty", "scenario.facts", {"count": [1]}, "scenario.facts"),
    ("penalty", "choices.0.back", "0", "choices.0.back"),
]


def _changed(data: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    out = copy.deepcopy(data)
    *parents, last = path.split(".")
    target: Any = out
    for part in parents:
        target = target[int(part)] if isinstance(target, list) else target[part]
    if value == "MISSING":
        del target[last]
    elif isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value
    return out


@pytest.mark.parametrize("kind", DRILLS)
def test_good_hand_written_data_of_every_kind_is_accepted(kind: str) -> None:
    question = Question.from_dict({"kind": kind, "form": FORMS[kind], "question": GOOD[kind]})
    assert question.to_dict()["question"] == GOOD[kind]


@pytest.mark.parametrize(("kind", "path", "value", "field"), BAD, ids=[f"{b[0]}-{b[1]}" for b in BAD])
def test_missing_or_ill_typed_field_is_refused_naming_the_field(
    kind: str, path: str, value: Any, field: str
) -> None:
    raw = {"kind": kind, "form": FORMS[kind], "question": _changed(GOOD[kind], path, value)}
    with pytest.raises(DrillError) as caught:
        Question.from_dict(raw)
    assert caught.value.key == "error.drill_data.bad"
    assert caught.value.values["field"] == field
    assert caught.value.values["kind"] == kind
    assert str(caught.value).startswith(f"{kind} question: ")
    assert field in str(caught.value)


def test_refusal_is_worded_in_russian_from_the_catalogue() -> None:
    from trainer.cli import app

    raw = {"kind": "peg", "form": "play", "question": _changed(GOOD["peg"], "count", "MISSING")}
    with pytest.raises(DrillError) as caught:
        Question.from_dict(raw)
    old = app.SETTINGS.lang
    app.SETTINGS.lang = "ru"
    try:
        text = app._error_text(caught.value)
    finally:
        app.SETTINGS.lang = old
    assert text == "вопрос упражнения peg: нет обязательного ключа «count»"


def test_keys_no_shape_names_are_kept_so_old_rows_keep_their_ids() -> None:
    data = {**GOOD["count"], "note": "written by an older version"}
    question = Question(kind="count", form="total", ruleset="classic", data=data)  # type: ignore[typeddict-unknown-key]
    assert question.to_dict()["question"]["note"] == "written by an older version"


def test_a_kind_reads_only_its_own_shape() -> None:
    count = Question.from_dict({"kind": "count", "form": "total", "question": GOOD["count"]})
    muggins = Question.from_dict({"kind": "muggins", "form": "call", "question": GOOD["muggins"]})
    assert count_data(muggins)["starter"] == "5S"  # a muggins question shows a count's hand
    assert muggins_data(muggins)["announced"] == 2
    for read in (muggins_data, peg_data, discard_data, penalty_data):
        with pytest.raises(DrillError) as caught:
            read(count)
        assert caught.value.key == "error.drill_data.kind"
    assert kind_module("count").shown_cards(count) == (["5H", "5C", "JD", "QS"], "5S")
    penalty = Question.from_dict({"kind": "penalty", "form": "ruling", "question": GOOD["penalty"]})
    assert kind_module("penalty").shown_cards(penalty) == ([], None)


def test_the_quiz_file_schema_is_each_kind_s_own_shape() -> None:
    # one shape per kind: the quiz schema reads the registry's, it does not describe them again
    assert dict(quizschema.DATA) == SHAPES


@pytest.mark.parametrize("drill", DRILLS)
def test_a_quiz_file_question_is_checked_against_its_kind_s_shape(drill: str) -> None:
    good = {"id": "q1", "kind": drill, "form": kind_module(drill).FORMS[0], "question": GOOD[drill]}
    assert quizschema.question_problem(good, 0) is None
    missing = dict(GOOD[drill])
    required = sorted(SHAPES[drill].__required_keys__)  # type: ignore[attr-defined]
    del missing[required[0]]
    found = quizschema.question_problem({**good, "question": missing}, 0)
    assert found is not None and found[0] == ("questions", "0", "question", required[0])
    found = quizschema.question_problem({**good, "question": {**GOOD[drill], "zzz_unknown": 1}}, 0)
    assert found is not None and found[0][-1] == "zzz_unknown"
    found = quizschema.question_problem({**good, "kind": "nosuch"}, 0)
    assert found is not None and found[0][-1] == "kind"
