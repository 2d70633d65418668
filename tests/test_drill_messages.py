"""Issue 9, items 1 and 7: each drill kind is one module with every part of it, found through
the one registry of kinds, and what it shows and explains is data (message ids with numbers,
cards and nested messages), never a sentence; only trainer.i18n.drill_words words it."""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Iterator
from dataclasses import replace
from itertools import islice
from typing import Any

import pytest

from trainer.content import lessons
from trainer.drills import messages, model, registry
from trainer.drills.checking import grade
from trainer.drills.feedback import explain
from trainer.drills.generators import DrillSpec, stream
from trainer.drills.kinds import kind, present
from trainer.drills.lines import MARK
from trainer.drills.messages import Msg
from trainer.drills.model import Question
from trainer.drills.presenting import Ask, Choice, Presentation
from trainer.engine.cards import Card
from trainer.engine.ruleset import Ruleset
from trainer.engine.scoring import ScoreBreakdown
from trainer.i18n import has
from trainer.i18n.drill_words import word, word_lines

PARTS = ("themes", "generate", "present", "parse", "solve", "judge", "explain")
_TYPED = tuple(
    getattr(messages, name)
    for name in messages.__all__
    if isinstance(getattr(messages, name), type) and name != "Msg"
)

# Typed values that carry the engine's data for the edge to word: not descended into.
_ENGINE_DATA = (messages.Refs, messages.RulingPart, messages.Reason)


def test_one_list_of_kinds() -> None:
    assert model.DRILLS is registry.DRILLS
    assert lessons.DRILL_KINDS is registry.DRILLS
    assert model.DrillKind is registry.DrillKind
    assert registry.DRILLS == ("count", "muggins", "peg", "discard", "penalty")


@pytest.mark.parametrize("name", registry.DRILLS)
def test_every_kind_is_one_module_with_every_part(name: str) -> None:
    module = importlib.import_module(registry.module_name(name))
    assert kind(name) is module
    missing = [part for part in PARTS if not callable(getattr(module, part, None))]
    assert not missing, f"{module.__name__} lacks {missing}"
    assert module.FORMS and all(isinstance(f, str) for f in module.FORMS)


def test_an_unknown_kind_is_refused_by_name() -> None:
    with pytest.raises(model.DrillError, match="choose one of count, muggins, peg, discard, penalty"):
        kind("cribbage")


def _leaves(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Every value inside a message, a typed value, or a presentation (dataclass)."""
    if isinstance(value, Msg):
        assert isinstance(value.key, str) and "." in value.key, path
        yield path, value
        for name, inner in value.values.items():
            yield from _leaves(inner, f"{path}.{value.key}:{name}")
    elif isinstance(value, (ScoreBreakdown, Card, *_ENGINE_DATA)):
        yield path, value  # the engine's own data (a ruling, its sources, a reason's facts)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        yield path, value
        for field in dataclasses.fields(value):
            yield from _leaves(getattr(value, field.name), f"{path}.{field.name}")
    elif isinstance(value, tuple | list):
        for i, inner in enumerate(value):
            yield from _leaves(inner, f"{path}[{i}]")
    elif isinstance(value, dict):  # a stored ruling or reason: data, not words
        assert all(isinstance(k, str) for k in value), path
    else:
        yield path, value


def _check_language_free(value: Any) -> None:
    for path, leaf in _leaves(value):
        if isinstance(leaf, str):
            # an id, a ruleset name, a card code or "-": never words nor marked cards
            assert MARK not in leaf, (path, leaf)
            assert not any("а" <= ch.lower() <= "я" for ch in leaf), (path, leaf)
            assert len(leaf.split()) < 4, f"{path}: a sentence {leaf!r} below the edge"
        elif isinstance(leaf, Msg):
            assert "{" not in leaf.key and has(leaf.key, "en") and has(leaf.key, "ru"), (path, leaf.key)
        else:
            allowed = (bool, int, float, Card, ScoreBreakdown, Presentation, Ask, Choice, *_TYPED)
            assert leaf is None or isinstance(leaf, allowed), (path, type(leaf))


def _questions(name: str, ruleset: Ruleset, n: int = 6) -> list[Question]:
    return list(islice(stream(DrillSpec(drills=(name,), ruleset=ruleset, seed=5, level="expert")), n))


@pytest.mark.parametrize("name", registry.DRILLS)
def test_present_and_explain_return_only_messages_cards_and_numbers(name: str, classic: Ruleset) -> None:
    for question in _questions(name, classic):
        shown = present(question, ruleset=classic)
        _check_language_free(shown)
        assert all(isinstance(c.label, Msg | Card | messages.Joined) for c in shown.ask.choices)
        solved = grade(question, "", ruleset=classic)
        for graded in (solved, replace(solved, skipped=False)):
            lines = explain(question, graded)
            assert lines and all(isinstance(line, Msg) for line in lines)
            _check_language_free(lines)
            for lang in ("en", "ru"):  # and the edge words every line in both languages
                worded = word_lines(lines, lang)
                assert all(text and "{" not in text and "drill." not in text for text in worded), worded


def test_the_words_layer_draws_cards_through_the_marks(classic: Ruleset) -> None:
    card = Card.parse("5H")
    assert word(card, "ru") == f"{MARK}5H{MARK}"
    assert word(messages.Cards.of(["5H", "JD"], " / "), "en") == f"{MARK}5H{MARK} / {MARK}JD{MARK}"
    assert word(messages.Decimal(4.47), "ru") == "4,47" and word(messages.Decimal(4.47), "en") == "4.47"
    assert word(messages.Ranks("A 5 K"), "ru") == "Т 5 К"
    assert word(messages.Joined((), ", ", empty=Msg("drill.fb.nothing", {})), "en") == "nothing"


def test_a_penalty_detail_with_the_older_words_explains_itself(classic: Ruleset) -> None:
    """An older grade detail kept the ruling's words by language instead of its phrases."""
    question = _questions("penalty", classic, 1)[0]
    solved = grade(question, "", ruleset=classic)
    detail = dict(solved.detail)
    del detail["phrases"]
    detail["words"] = {"ru": {"remedy": "СТАРОЕ РЕШЕНИЕ", "options": [], "note": ""}}
    lines = word_lines(explain(question, replace(solved, detail=detail)), "ru")
    assert any("СТАРОЕ РЕШЕНИЕ" in line for line in lines), lines
    english = word_lines(explain(question, replace(solved, detail=detail)), "en")
    assert any(solved.detail["ruling"]["remedy"] in line for line in english), english


def test_a_reason_kept_only_in_english_is_left_out_of_another_language() -> None:
    line = Msg("drill.fb.why", {"reason": messages.Reason(None, "keeps the count low")})
    assert word_lines([line], "en") == ["Why: keeps the count low."]
    assert word_lines([line], "ru") == []
