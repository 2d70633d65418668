"""The guards around the learner model, the ideas and the reviews catch only what a question the
engine cannot read really raises (a `CribError`: a card that does not parse, a duplicate, a hand
of the wrong size, a count past 31), never a programming error (a KeyError or TypeError is a bug
and must surface). Each guard is tried with such a question."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from trainer.content.rulesets import load_ruleset
from trainer.drills import ideas
from trainer.drills.model import Question
from trainer.engine.errors import CribError
from trainer.training import adaptive, patterns, streak, targeting
from trainer.training.glicko import Rating

CLASSIC = load_ruleset("classic")
# Shape-valid (they build) but unreadable by the engine: what a hand-written quiz file may hold.
UNREADABLE = {
    "bad card": Question(
        kind="count",
        form="total",
        ruleset="classic",
        data={"hand": ["XX", "5H", "5D", "5S"], "starter": "JC"},
    ),
    "three cards": Question(
        kind="count", form="itemised", ruleset="classic", data={"hand": ["5H", "5D", "5S"], "starter": "JC"}
    ),
    "duplicate": Question(
        kind="count",
        form="total",
        ruleset="classic",
        data={"hand": ["5H", "5H", "5S", "5C"], "starter": "JD"},
    ),
    "past 31": Question(
        kind="peg",
        form="points",
        ruleset="classic",
        data={"hand": ["5H"], "count": 30, "series": ["KH", "KD", "QH"], "card": "5H"},
    ),
    "bad discard": Question(
        kind="discard",
        form="discard",
        ruleset="classic",
        data={"hand": ["5H", "5D", "QQ", "2S", "3S", "4S"]},
        theme="pone",
    ),
}


class _Ratings:
    def rating(self, **_: Any) -> Rating | None:
        return Rating(rating=1400.0)

    def pattern_ratings(self, **_: Any) -> dict[str, Rating]:
        return {}


@pytest.mark.parametrize("name", UNREADABLE)
def test_what_the_guards_catch_is_a_crib_error(name: str) -> None:
    with pytest.raises(CribError):
        patterns.pattern_of(UNREADABLE[name], ruleset=CLASSIC)
    with pytest.raises(CribError):
        patterns.variant(UNREADABLE[name], random.Random(1), ruleset=CLASSIC)


@pytest.mark.parametrize("name", UNREADABLE)
def test_each_guard_falls_back_for_an_unreadable_question(name: str) -> None:
    question = UNREADABLE[name]
    # training/adaptive.py: the player's own rating, and the question as its own pattern
    player = adaptive.PlayerLevel(_Ratings(), user="u", skill=question.kind, ruleset=CLASSIC)  # type: ignore[arg-type]
    assert player.difficulty(question) == 1400.0
    assert adaptive.answer_meta(question, CLASSIC).pattern == f"question:{question.id}"
    # training/targeting.py: the neutral prior
    stream = SimpleNamespace(spec=SimpleNamespace(ruleset=CLASSIC))
    assert targeting.WeakSpotStream.difficulty(stream, question) == 1500.0  # type: ignore[arg-type]
    # drills/ideas.py: the theme's ideas, every idea missed
    found = ideas.ideas_of(question, ruleset=CLASSIC)
    assert found == ((question.theme,) if question.theme else ()) or question.kind in ("count", "muggins")
    reading = ideas.read_answer(question, answer=3, expected=2, correct=False, ruleset=CLASSIC)
    assert reading.missed == reading.ideas
    # training/streak.py: the neutral prior for the next step's choice
    assert streak._difficulty(question, CLASSIC) == streak.START


def test_the_muggins_rule_lines_skip_a_hand_whose_cards_do_not_parse() -> None:
    # drills/ideas.py: a made-up or overlooked kind in a hand the engine cannot read says no rule
    assert ideas.show_item_rules(UNREADABLE["bad card"], [], ["fifteen"]) == []


def test_a_programming_error_is_not_swallowed(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_: Any, **__: Any) -> str:
        raise KeyError("a bug")

    monkeypatch.setattr(adaptive, "pattern_of", broken)
    monkeypatch.setattr(targeting, "pattern_of", broken)
    question = UNREADABLE["bad card"]
    with pytest.raises(KeyError):
        adaptive.answer_meta(question, CLASSIC)
    with pytest.raises(KeyError):
        targeting.WeakSpotStream.difficulty(SimpleNamespace(spec=SimpleNamespace(ruleset=CLASSIC)), question)  # type: ignore[arg-type]
    monkeypatch.setattr(streak, "pattern_of", broken)
    with pytest.raises(KeyError):
        streak._difficulty(question, CLASSIC)


def test_a_question_the_engine_cannot_read_starts_at_the_neutral_prior() -> None:
    meta = adaptive.answer_meta(UNREADABLE["bad card"], CLASSIC)
    assert meta.prior == patterns.prior_difficulty(meta.pattern) == patterns.NEUTRAL_PRIOR
