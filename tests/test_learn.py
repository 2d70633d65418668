"""`crib learn`: the ladder with progress, every lesson shown in both languages, and every
lesson's drill run non-interactively through the drills' own generators, grading and store."""

from __future__ import annotations

import importlib.util
import json
from itertools import islice
from pathlib import Path

import pytest
from helpers import run

from trainer.cli.context import SETTINGS
from trainer.cli.reference.lesson_set import lessons_in
from trainer.content.lessons import Lesson
from trainer.content.rulesets import load_ruleset
from trainer.drills.checking import grade
from trainer.drills.generators import DrillSpec, validate
from trainer.i18n import LANGS

Cap = pytest.CaptureFixture[str]
_DRILL_MODULES = {"discard": "trainer.drills.discard_drill", "penalty": "trainer.drills.penalty_drill"}


def _needs_drill(lesson: Lesson) -> None:
    module = _DRILL_MODULES.get(lesson.drill.kind)
    if module and importlib.util.find_spec(module) is None:
        pytest.skip(f"the {lesson.drill.kind} drill has not landed yet ({module})")


def _right_answers(lesson: Lesson, seed: int) -> list[str]:
    """The engine's own answers to the questions the lesson's drill will ask with this seed."""
    from trainer.cli.reference.learn import lesson_rulesets, lesson_stream

    rules = lesson_rulesets(lesson.drill)
    questions = islice(lesson_stream(lesson.drill, list(rules.values()), seed=seed), lesson.drill.questions)
    return [grade(q, "", ruleset=rules[q.ruleset]).expected_text for q in questions]


def test_the_ladder_starts_with_nothing_done(capsys: Cap) -> None:
    code, out, _ = run(capsys, "learn", "--json")
    data = json.loads(out)
    assert code == 0 and data["next"] == "fifteens"
    assert [r["number"] for r in data["lessons"]] == list(range(1, 17))
    assert not any(r["read"] or r["passed"] for r in data["lessons"])


def test_the_ladder_prints_without_a_terminal(capsys: Cap) -> None:
    code, out, _ = run(capsys, "learn")
    assert code == 0 and "Fifteens" in out and "Next: crib learn 1" in out


@pytest.mark.parametrize("lang", LANGS)
def test_every_lesson_is_shown_with_its_examples_as_cards(capsys: Cap, lang: str) -> None:
    for lesson in lessons_in(lang):
        code, out, err = run(capsys, "--lang", lang, "--ascii", "learn", str(lesson.number), "--no-drill")
        assert code == 0, err
        assert lesson.title.split()[0] in out
        discards = sum(example.kind == "discard" for example in lesson.examples)
        assert out.count({"en": "→ keep ", "ru": "→ оставить "}[lang]) == discards
        for example in lesson.examples:
            if example.kind == "discard":
                continue
            assert f"= {example.total}" in out or f"→ {example.total}" in out
        assert "```check" not in out
    SETTINGS.ascii_cards = False


@pytest.mark.parametrize(
    ("lang", "number"), [(lang, n) for lang in LANGS for n in range(1, 17)], ids=lambda v: str(v)
)
def test_every_lesson_drill_runs_without_a_terminal(
    capsys: Cap, tmp_path: Path, lang: str, number: int
) -> None:
    lesson = lessons_in(lang)[number - 1]
    _needs_drill(lesson)
    answers = tmp_path / "answers.txt"
    answers.write_text("\n" * lesson.drill.questions, encoding="utf-8")  # skip every question
    code, out, err = run(
        capsys,
        "--lang",
        lang,
        "learn",
        str(number),
        "--only-drill",
        "--seed",
        "7",
        "--answers",
        str(answers),
        "--json",
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["lesson"] == lesson.id and data["drill"] == lesson.drill.kind
    assert data["asked"] == lesson.drill.questions and data["skipped"] == lesson.drill.questions


@pytest.mark.parametrize("lesson", lessons_in("en"), ids=lambda lesson: lesson.id)
def test_every_lesson_drill_is_one_the_drills_layer_accepts(lesson: Lesson) -> None:
    _needs_drill(lesson)
    for name in lesson.drill.all_rulesets:
        rules = load_ruleset(name)
        validate(
            DrillSpec(
                drills=(lesson.drill.kind,), ruleset=rules, level=lesson.drill.level, theme=lesson.drill.theme
            )
        )


def test_right_answers_pass_the_lesson_and_tick_the_ladder(capsys: Cap, tmp_path: Path) -> None:
    lesson = lessons_in("en")[0]
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(_right_answers(lesson, seed=11)) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "learn", "1", "--only-drill", "--seed", "11", "--answers", str(answers))
    assert code == 0, err
    assert "Mastery check: at least 8 of 10 right within 10 minutes." in out
    assert "Lesson mastered: 10/10." in out
    data = json.loads(run(capsys, "learn", "--json")[1])
    first = data["lessons"][0]
    assert first["passed"] and first["best_correct"] == 10 and data["next"] == "pairs"
    assert data["mastered"] == 1 and first["pass_mark"] == 8 and first["questions"] == 10


def test_seven_of_ten_does_not_master_the_lesson(capsys: Cap, tmp_path: Path) -> None:
    lesson = lessons_in("en")[0]
    right = _right_answers(lesson, seed=11)
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(right[:7] + ["0"] * 3) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "learn", "1", "--only-drill", "--seed", "11", "--answers", str(answers))
    assert code == 0 and "7/10: 8 of 10 right within 10 minutes masters the lesson" in out
    data = json.loads(run(capsys, "learn", "--json")[1])
    assert not data["lessons"][0]["passed"] and data["next"] == "fifteens" and data["mastered"] == 0


def test_a_short_answer_file_counts_the_questions_left_as_missed(capsys: Cap, tmp_path: Path) -> None:
    """The check is out of ten: a run that ends early (the clock, or no more answers) cannot
    master a lesson with eight right of eight asked."""
    lesson = lessons_in("en")[0]
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(_right_answers(lesson, seed=3)[:7]) + "\n", encoding="utf-8")
    run(capsys, "learn", "1", "--only-drill", "--seed", "3", "--answers", str(answers))
    first = json.loads(run(capsys, "learn", "--json")[1])["lessons"][0]
    assert first["asked"] == 10 and first["best_correct"] <= 7 and not first["passed"]


def test_the_ladder_marks_the_path(capsys: Cap, tmp_path: Path) -> None:
    lesson = lessons_in("en")[0]
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(_right_answers(lesson, seed=2)) + "\n", encoding="utf-8")
    run(capsys, "learn", "1", "--only-drill", "--seed", "2", "--answers", str(answers))
    code, out, _ = run(capsys, "learn")
    assert code == 0 and "✓ 1" in out and "→ 2" in out and "✓ mastered" in out and "→ next" in out
    assert "Path: 1 of 16 lessons mastered." in out and "Next: crib learn 2" in out
    code, out, _ = run(capsys, "--lang", "ru", "learn")
    assert "✓ освоен" in out and "→ следующий" in out and "Освоено уроков: 1 из 16." in out


def test_a_worse_second_try_keeps_the_best_result(capsys: Cap, tmp_path: Path) -> None:
    lesson = lessons_in("en")[0]
    good = tmp_path / "good.txt"
    good.write_text("\n".join(_right_answers(lesson, seed=5)) + "\n", encoding="utf-8")
    bad = tmp_path / "bad.txt"
    bad.write_text("0\n" * 10, encoding="utf-8")
    run(capsys, "learn", "1", "--only-drill", "--seed", "5", "--answers", str(good))
    run(capsys, "learn", "1", "--only-drill", "--seed", "5", "--answers", str(bad))
    first = json.loads(run(capsys, "learn", "--json")[1])["lessons"][0]
    assert first["best_correct"] == 10 and first["passed"]


def test_opening_a_lesson_marks_it_read(capsys: Cap) -> None:
    run(capsys, "learn", "runs", "--no-drill")
    rows = json.loads(run(capsys, "learn", "--json")[1])["lessons"]
    assert [r["id"] for r in rows if r["read"]] == ["runs"]


def test_an_unknown_lesson_is_one_line_with_a_suggestion(capsys: Cap) -> None:
    code, _, err = run(capsys, "learn", "fiftens")
    assert code == 2 and "did you mean 'fifteens'" in err and "Traceback" not in err


def test_russian_ladder(capsys: Cap) -> None:
    code, out, _ = run(capsys, "--lang", "ru", "learn")
    assert code == 0 and "Пятнадцать" in out and "Дальше: crib learn 1" in out


@pytest.mark.parametrize("lang", LANGS)
def test_the_menu_shows_the_path(lang: str) -> None:
    from trainer.cli.menu import path_line
    from trainer.store.lesson_tables import LessonStatus

    lessons = lessons_in(lang)
    first, second = lessons[0], lessons[1]
    done = {first.key: LessonStatus(lesson=first.key, read=True, best_correct=9, asked=10)}
    line = path_line(done, lang)
    total = len(lessons)
    if lang == "en":
        assert line == f"Lessons: 1 of {total} mastered · next: 2. {second.title} (crib learn 2)"
    else:
        assert line == f"Уроки: освоено 1 из {total} · дальше: 2. {second.title} (crib learn 2)"
    short = {first.key: LessonStatus(lesson=first.key, read=True, best_correct=3, asked=3)}
    assert "crib learn 1" in path_line(short, lang)  # 3 of 3 (the old drill) is not mastery
    every = {x.key: LessonStatus(lesson=x.key, best_correct=10, asked=10) for x in lessons}
    assert str(total) in path_line(every, lang) and "crib learn" not in path_line(every, lang)


def test_the_clock_ends_the_mastery_check(capsys: Cap, tmp_path: Path) -> None:
    """Ten minutes for ten questions: with every answer right but each taking 100 s (a clock
    the test moves), the check ends after the sixth answer and the lesson is not mastered."""
    from trainer.cli.reference.learn import run_lesson_drill
    from trainer.store.store import Store

    lesson = lessons_in("en")[0]
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(_right_answers(lesson, seed=4)) + "\n", encoding="utf-8")
    ticks = iter(range(0, 100_000, 50))  # two readings per answer: 100 s an answer
    db = tmp_path / "p.sqlite3"
    report = run_lesson_drill(
        lesson, seed=4, answers=answers, db=db, as_json=False, clock=lambda: float(next(ticks))
    )
    assert 0 < report["correct"] == report["asked"] < 8 and not report["mastered"]
    assert "8 of 10 right within 10 minutes masters the lesson" in capsys.readouterr().out
    with Store.open(db) as store:
        status = next(iter(store.lesson_statuses(user=_user()).values()))
    assert status.asked == 10 and status.best_correct == report["correct"] and not status.passed


def _user() -> str:
    from trainer.cli.progress_db import current_user

    return current_user()
