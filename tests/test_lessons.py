"""Lessons: both languages load, teach the same ladder, and every printed example is the engine's
own total (so a lesson can never teach a wrong count)."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.cli.reference.lesson_set import headings, lessons_in
from trainer.content.lessons import (
    Example,
    Headings,
    LessonError,
    find_lesson,
    lessons_for_topic,
    load_lessons,
)
from trainer.content.rulesets import load_ruleset
from trainer.engine.scoring import score_play, score_show
from trainer.i18n import LANGS

LADDER = (
    "fifteens",
    "pairs",
    "runs",
    "flushes-and-nobs",
    "the-crib",
    "pegging",
    "go-and-31",
    "the-show",
    "discarding",
    "variants",
    "irregularities",
    "muggins",
    "pegging-strategy",
    "discarding-by-position",
    "playing-to-the-board",
    "the-endgame",
)


def _engine_total(example: Example) -> int:
    if example.kind == "play":
        return score_play(example.cards).total
    assert example.starter is not None
    rules = load_ruleset(example.ruleset)
    return score_show(example.cards, example.starter, is_crib=example.kind == "crib", ruleset=rules).total


@pytest.mark.parametrize("lang", LANGS)
def test_the_ladder_runs_from_fifteens_to_muggins_in_both_languages(lang: str) -> None:
    lessons = lessons_in(lang)
    assert tuple(lesson.id for lesson in lessons) == LADDER
    assert [lesson.number for lesson in lessons] == list(range(1, len(LADDER) + 1))
    for lesson in lessons:
        assert lesson.title and lesson.summary and lesson.drill_text, lesson.path


@pytest.mark.parametrize("lang", LANGS)
def test_every_worked_example_equals_the_engine_total(lang: str) -> None:
    checked = 0
    for lesson in lessons_in(lang):
        for example in lesson.examples:
            if example.kind == "discard":
                continue
            assert _engine_total(example) == example.total, f"{lesson.path}:{example.line}"
            checked += 1
    assert checked >= 30


@pytest.mark.parametrize("lang", LANGS)
def test_every_discard_example_keeps_what_the_advice_layer_keeps(lang: str) -> None:
    """`discard CARDS | dealer | keep K`: K is the best choice of `crib discard` for that seat."""
    from trainer.advice.discard import analyse_discard

    checked = 0
    for lesson in lessons_in(lang):
        for example in lesson.examples:
            if example.kind != "discard":
                continue
            rules = load_ruleset(example.ruleset)
            best = analyse_discard(example.cards, dealer=example.dealer, ruleset=rules)[0]
            assert set(best.keep) == set(example.keep), f"{lesson.path}:{example.line}"
            checked += 1
    assert checked >= 6


def test_a_discard_example_that_keeps_a_card_not_dealt_is_refused(tmp_path: Path) -> None:
    text = GOOD + "\n```check\ndiscard 5H 5D JS QC 8H 2S | dealer | keep 5H 5D JS KC\n```\n"
    (tmp_path / "01-fifteens.md").write_text(text, encoding="utf-8")
    with pytest.raises(LessonError, match="kept cards must be some of the dealt ones"):
        load_lessons(directory=tmp_path)


def test_the_russian_lessons_carry_the_same_examples_as_the_english_ones() -> None:
    def strip(examples: tuple[Example, ...]) -> list[tuple[object, ...]]:
        return [(e.kind, e.cards, e.starter, e.total, e.ruleset, e.keep, e.dealer) for e in examples]

    for en, ru in zip(lessons_in("en"), lessons_in("ru"), strict=True):
        assert strip(en.examples) == strip(ru.examples), ru.path
        assert ru.drill == en.drill and ru.variants == en.variants and ru.topics == en.topics


def test_russian_lessons_are_written_in_russian() -> None:
    for lesson in lessons_in("ru"):
        cyrillic = sum("а" <= ch.lower() <= "я" for ch in lesson.body)
        assert cyrillic > 600, lesson.path


def test_a_lesson_is_found_by_number_id_or_file_stem() -> None:
    assert find_lesson("3").id == "runs"
    assert find_lesson("03-runs").id == "runs"
    assert find_lesson("runs", lessons_in("ru")).title.startswith("Последовательности")


def test_an_unknown_lesson_suggests_the_nearest_id() -> None:
    with pytest.raises(LessonError, match="did you mean 'pegging'"):
        find_lesson("peging")


def test_topics_pick_the_lessons_that_explain_them() -> None:
    ids = [lesson.id for lesson in lessons_for_topic("pegging", variant="five-card")]
    assert ids == ["pegging", "go-and-31", "pegging-strategy"]


# ------------------------------------------------------------------ malformed lesson files

GOOD = """---
id: fifteens
title: Fifteens
variants: [all]
topics: [scoring]
drill: {kind: count, questions: 3}
---

# Fifteens

## In short

- 15 is 2.

## Drill

Count.
"""


def _write(tmp_path: Path, text: str, name: str = "01-fifteens.md") -> Path:
    (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def test_a_good_lesson_file_loads(tmp_path: Path) -> None:
    (lesson,) = load_lessons(directory=_write(tmp_path, GOOD))
    assert lesson.summary == "- 15 is 2."


def test_an_unknown_front_matter_key_names_file_and_line(tmp_path: Path) -> None:
    text = GOOD.replace("topics: [scoring]", "topics: [scoring]\ndril: {kind: count}")
    with pytest.raises(
        LessonError, match=r"01-fifteens\.md:6: key 'dril': unknown key; did you mean 'drill'"
    ):
        load_lessons(directory=_write(tmp_path, text))


def test_a_bad_drill_kind_names_the_nested_key_line(tmp_path: Path) -> None:
    text = GOOD.replace("drill: {kind: count, questions: 3}", "drill:\n  kind: counting\n  questions: 3")
    with pytest.raises(LessonError, match=r":7: key 'drill.kind': must be one of count"):
        load_lessons(directory=_write(tmp_path, text))


def test_an_unknown_variant_is_refused_with_a_suggestion(tmp_path: Path) -> None:
    text = GOOD.replace("variants: [all]", "variants: [five-cards]")
    with pytest.raises(
        LessonError, match=r":4: key 'variants': unknown value 'five-cards': did you mean 'five-card'"
    ):
        load_lessons(directory=_write(tmp_path, text))


def test_broken_yaml_in_front_matter_names_the_line(tmp_path: Path) -> None:
    text = GOOD.replace("title: Fifteens", "title: [Fifteens")
    with pytest.raises(LessonError, match=r"01-fifteens\.md:\d+: broken (front matter|YAML)"):
        load_lessons(directory=_write(tmp_path, text))


def test_a_lesson_without_its_summary_section_is_refused(tmp_path: Path) -> None:
    text = GOOD.replace("## In short", "## Summary")
    with pytest.raises(LessonError, match="needs a '## In short' section"):
        load_lessons(directory=_write(tmp_path, text))


def test_a_malformed_check_line_names_its_line(tmp_path: Path) -> None:
    text = GOOD.replace("# Fifteens\n", "# Fifteens\n\n```check\nhand 5H 5C starter 5D = 10\n```\n")
    with pytest.raises(LessonError, match=r"01-fifteens\.md:12: a check line reads"):
        load_lessons(directory=_write(tmp_path, text))


def test_a_missing_translation_is_reported(tmp_path: Path) -> None:
    _write(tmp_path, GOOD)
    (tmp_path / "ru").mkdir()
    with pytest.raises(LessonError, match=r"missing ru translation of 01-fifteens\.md"):
        load_lessons("ru", headings=headings("ru"), directory=tmp_path)


def test_a_translation_may_not_change_the_drill(tmp_path: Path) -> None:
    _write(tmp_path, GOOD)
    (tmp_path / "ru").mkdir()
    ru = GOOD.replace("title: Fifteens", "title: Пятнадцать").replace("In short", "Коротко")
    ru = ru.replace("## Drill", "## Упражнение")
    (tmp_path / "ru" / "01-fifteens.md").write_text(ru, encoding="utf-8")
    with pytest.raises(LessonError, match="only id and title belong in a translation"):
        load_lessons("ru", headings=headings("ru"), directory=tmp_path)


def test_a_translation_is_divided_by_the_headings_its_caller_names(tmp_path: Path) -> None:
    # The content layer knows no language: the edge names a translation's `## ` headings, so the
    # same file reads with the Russian headings and is refused with the master's.
    _write(tmp_path, GOOD)
    (tmp_path / "ru").mkdir()
    ru = GOOD.replace("title: Fifteens", "title: Пятнадцать").replace("In short", "Коротко")
    ru = ru.replace("## Drill", "## Упражнение")
    ru = ru.replace("variants: [all]\ntopics: [scoring]\ndrill: {kind: count, questions: 3}\n", "")
    (tmp_path / "ru" / "01-fifteens.md").write_text(ru, encoding="utf-8")
    (lesson,) = load_lessons("ru", headings=headings("ru"), directory=tmp_path)
    assert lesson.summary == "- 15 is 2." and lesson.title == "Пятнадцать"
    with pytest.raises(LessonError, match="needs a '## In short' section"):
        load_lessons(
            "ru", headings=Headings(summary="In short", drill="Drill", variants="-"), directory=tmp_path
        )
