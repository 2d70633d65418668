"""A peg-points answer is filed under what the card scored (the engine's events), not only under
the question's theme: the events name their kinds in `items`, and `ideas_of` and the pattern
must read them there."""

from __future__ import annotations

import random

from trainer.content.rulesets import load_ruleset
from trainer.drills import peg_drill
from trainer.drills.ideas import ideas_of, play_kinds
from trainer.drills.themes import level

IDEA_OF_KIND = {
    "fifteen": "fifteens-in-play",
    "pair": "pairs-in-play",
    "run": "runs-in-play",
    "thirty_one": "31",
    "go": "go",
    "last": "go",
}


def _points_questions(count: int) -> list[peg_drill.Question]:
    rules = load_ruleset("classic")
    rng = random.Random(19)
    return [
        peg_drill.generate(rng, ruleset=rules, lvl=level("advanced"), theme="", form="points")
        for _ in range(count)
    ]


def test_a_scoring_card_is_filed_under_every_kind_it_scores() -> None:
    rules = load_ruleset("classic")
    scored_beyond_theme = 0
    for question in _points_questions(40):
        events = peg_drill.solve(question, ruleset=rules).detail["events"]
        kinds = {
            str(item["kind"])
            for event in events
            for item in event.get("items", [])  # type: ignore[union-attr]
        }
        wanted = {IDEA_OF_KIND[k] for k in kinds if k in IDEA_OF_KIND}
        ideas = set(ideas_of(question, ruleset=rules))
        assert wanted <= ideas, (question.data, kinds, ideas)
        scored_beyond_theme += bool(wanted - {question.theme})
    assert scored_beyond_theme, "no question scored anything beyond its theme: the test tells nothing"


def test_the_pattern_names_what_the_card_scores() -> None:
    rules = load_ruleset("classic")
    patterns = [peg_drill.pattern(q, ruleset=rules) for q in _points_questions(40)]
    scoring = [p for p in patterns if not p.endswith("/0")]
    assert scoring, patterns
    assert all("/nothing/" not in p for p in scoring), scoring


def test_play_kinds_reads_items_not_the_event_top() -> None:
    events = [
        {"type": "play", "card": "5H", "items": [{"kind": "fifteen"}, {"kind": "pair"}]},
        {"type": "last_card", "items": [{"kind": "last"}]},
        {"type": "go", "points": 0},
    ]
    assert play_kinds(events) == ("fifteen", "last", "pair")
    assert play_kinds("not events") == ()
