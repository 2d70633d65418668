"""A fluent reader's second review (8/10): fake evidence in the muggins drill, the club's
doubled lines and denominators, answer codes said as phrases, citations, typography."""

from __future__ import annotations

import random

import pytest

from trainer.content.rulesets import load_ruleset
from trainer.drills.model import Grade
from trainer.drills.themes import level
from trainer.i18n.drill_words import explain as worded_explain


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_made_up_muggins_item_names_no_cards_that_would_pass_for_evidence(lang: str) -> None:
    """«пятнадцать Д♥ Д♣ (2)» named two queens (20) as a fifteen: the phantom names no cards."""
    from trainer.drills import muggins_drill

    rules = load_ruleset("classic")
    start = "Засчитано то, чего нет" if lang == "ru" else "It claimed what is not there"
    seen = 0
    for seed in range(400):
        question = muggins_drill.generate(
            random.Random(seed), ruleset=rules, lvl=level("expert"), theme="", form="call"
        )
        solution = muggins_drill.solve(question, ruleset=rules)
        if not solution.detail["phantom"]:
            continue
        seen += 1
        grade = Grade(
            correct=False,
            answer={"call": "accept", "points": 0},
            expected=solution.expected,
            expected_text=solution.expected_text,
            detail=dict(solution.detail),
        )
        lines = [x for x in worded_explain(question, grade, lang=lang) if x.startswith(start)]
        assert len(lines) == len(solution.detail["phantom"]), lines
        for line in lines:
            assert not any(suit in line for suit in "♠♥♦♣") and "{" not in line, line
    assert seen > 20
