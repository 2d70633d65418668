"""Feedback states the rule for each wrong item, in every drill kind (issue 19, item 4): counts and
muggins name the rule of each idea missed or made up and of the right call, pegging the rule of
what the card (or the best play) scores, discards the idea of whose crib it is, penalties the
remedy and, where the scenario names the offender's seat, who "the offender's opponent" is."""

from __future__ import annotations

from itertools import islice

import pytest

from trainer.content.rulesets import load_ruleset
from trainer.drills.checking import grade
from trainer.drills.feedback import explain as explain_msgs
from trainer.drills.generators import DrillSpec, stream
from trainer.drills.model import Question
from trainer.drills.penalty_drill import OFFENDER_SEAT
from trainer.engine.ruleset import Ruleset
from trainer.i18n.drill_words import explain

RULES = load_ruleset("classic")


def _questions(drill: str, n: int, **kw: str) -> list[Question]:
    return list(islice(stream(DrillSpec(drills=(drill,), ruleset=RULES, level="expert", seed=19, **kw)), n))


def _wrong(q: Question, r: Ruleset = RULES) -> str | None:
    g = grade(q, "", ruleset=r)
    if q.kind == "count":  # one kind of points overlooked, as a player misses them
        items = g.detail.get("items", [])
        if q.form != "total" or not items:
            return None
        return str(int(g.expected) - int(items[-1]["points"]))
    if q.kind == "muggins":
        return "muggins 3" if g.expected["call"] == "accept" else "accept"
    if q.kind == "peg" and q.form == "points":
        return str(int(g.expected) + 1)
    if q.kind == "peg":
        worse = [o["card"] for o in g.detail["options"] if o["card"] not in g.detail["best"]]
        return worse[0] if worse else None
    if q.kind == "discard":
        return " ".join(g.detail["options"][-1]["discard"])
    return next(c["letter"] for c in q.data["choices"] if c["letter"] != g.expected)  # type: ignore[typeddict-item]


def _rules_of(q: Question, answer: str) -> list[str]:
    g = grade(q, answer, ruleset=RULES)
    assert not g.correct
    keys = [m.key for m in explain_msgs(q, g)]
    for lang in ("en", "ru"):
        assert explain(q, g, lang=lang)  # every line can be worded in both languages
    return [k for k in keys if k.startswith("training.rule.")]


def test_a_crib_flush_claimed_without_the_starter_gets_its_rule() -> None:
    q = Question(
        kind="count",
        form="total",
        ruleset="classic",
        data={"hand": ["2H", "6H", "8H", "QH"], "starter": "KS", "crib": True},
    )
    total = int(grade(q, "", ruleset=RULES).expected)
    assert _rules_of(q, str(total + 4)) == ["training.rule.crib-flush"]
    said = " ".join(explain(q, grade(q, str(total + 4), ruleset=RULES), lang="en"))
    assert "A crib flush needs the starter too: five of one suit" in said


@pytest.mark.parametrize("drill", ["count", "muggins", "peg", "discard", "penalty"])
def test_every_kind_states_a_rule_when_wrong(drill: str) -> None:
    stated = 0
    asked = 0
    for q in _questions(drill, 30):
        answer = _wrong(q)
        if answer is None or (drill == "discard" and not grade(q, answer, ruleset=RULES).points_lost):
            continue
        asked += 1
        rules = _rules_of(q, answer)
        g = grade(q, answer, ruleset=RULES)
        if drill == "muggins":
            assert f"training.rule.muggins.{g.expected['call']}" in rules
        if drill == "discard":
            mine = bool(q.data.get("dealer"))  # type: ignore[union-attr]
            assert rules == ["training.rule.dealer" if mine else "training.rule.pone"]
        if drill == "penalty":
            keys = [m.key for m in explain_msgs(q, g)]
            assert "rough.fb.remedy" in keys  # the penalty set's own rule, with its sources
            seat = OFFENDER_SEAT.get(q.theme)
            assert rules == ([f"training.rule.offender_is.{seat}"] if seat else [])
        stated += bool(rules)
    assert asked >= 10
    if drill in ("count", "muggins", "discard"):
        assert stated == asked
    else:
        assert stated > 0


def test_a_muggins_overlooked_item_names_its_rule() -> None:
    for q in _questions("muggins", 40):
        g = grade(q, "accept", ruleset=RULES)
        if g.correct or not g.detail.get("overlooked"):
            continue
        kinds = {i["kind"] for i in g.detail["overlooked"]}
        rules = _rules_of(q, "accept")
        named = {"fifteen": "fifteens", "pair": "pairs", "nobs": "nobs"}
        for kind in kinds & set(named):
            assert f"training.rule.{named[kind]}" in rules
