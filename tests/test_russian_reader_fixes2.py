"""A fluent reader's second review (8/10): fake evidence in the muggins drill, the club's
doubled lines and denominators, answer codes said as phrases, citations, typography."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from trainer.content.rulesets import load_ruleset
from trainer.drills.model import Grade
from trainer.drills.themes import level
from trainer.i18n.drill_words import explain as worded_explain

ROOT = Path(__file__).resolve().parents[1]


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


def test_the_projector_counts_the_right_answers_out_of_every_student(tmp_path: Path) -> None:
    """«Верно ответили 1 из 1» beside «Ответили 1 из 2»: the tally is out of the whole room."""
    from club_web_helpers import Clock, make_quiz, opened_room
    from test_club_web_api import client_for, join, teacher

    from trainer.i18n import t

    quiz = make_quiz(tmp_path / "night.yaml", n=2, drills=("muggins",), seed=5)
    with opened_room(quiz, Clock()) as room:
        _two_students_one_answer(room, client_for, join, teacher, t)


def _two_students_one_answer(room: Any, client_for: Any, join: Any, teacher: Any, t: Any) -> None:
    client = client_for(room, lang="ru")
    join(client, room, "Аня")
    other = client_for(room, lang="ru")
    join(other, room, "Борис")
    teacher(client, room, "start")
    client.post("/api/answer", json={"index": 0, "answer": "accept"})
    teacher(client, room, "reveal")
    screen = client.get("/api/screen").json()
    assert screen["reveal"]["answered"] == 1 and screen["reveal"]["asked"] == 2 == screen["players"]
    said = t("club_web.js.tally", "ru", right=screen["reveal"]["right"], asked=screen["reveal"]["asked"])
    assert said.endswith("из\u00a02")  # a no-break space: «из» never ends a line
    script = (ROOT / "trainer" / "web" / "static" / "club.js").read_text(encoding="utf-8")
    assert "asked: s.reveal.asked" in script
