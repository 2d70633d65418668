"""The discard drill's board form: a discard at a game score, graded by the chance to win.

Its best answer is the win table's best (`advice.board.rank_by_win`, as `crib discard --score`),
the score-blind best (the most points on average) loses chances in a good share of questions,
it is repeatable per seed, and it is asked only when named: a plain or mixed drill never poses it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from trainer.advice.board import board_for, rank_by_win
from trainer.advice.discard import analyse_discard
from trainer.content.rulesets import load_ruleset
from trainer.drills.generators import DrillSpec, question_at
from trainer.drills.kinds import kind, mixed_forms
from trainer.drills.model import DRILLS, Grade, Question
from trainer.engine.cards import parse_cards
from trainer.i18n import LANGS
from trainer.i18n.drill_words import word_lines

CLASSIC = load_ruleset("classic")
SEEDS = range(12)
LEVELS = ("intermediate", "advanced")


@cache
def _question(level: str, seed: int) -> Question:
    spec = DrillSpec(drills=("discard",), ruleset=CLASSIC, level=level, form="board", seed=seed)
    return question_at(spec, 0)


def _table_best(q: Question) -> tuple[list[str], list[str], float, float]:
    """The win table's best discard, the most points on average, and their chances to win."""
    data = q.data
    options = analyse_discard(parse_cards(data["hand"]), dealer=bool(data["dealer"]), ruleset=CLASSIC)
    board = board_for(CLASSIC, data["score"][0], data["score"][1], dealer=bool(data["dealer"]))
    ranked, wins = rank_by_win(options, board)
    blind = max(options, key=lambda o: o.net_ev)
    blind_win = wins[ranked.index(blind)]
    return [str(c) for c in ranked[0].discard], [str(c) for c in blind.discard], wins[0], blind_win


def test_a_board_question_is_the_same_for_the_same_seed_and_differs_across_seeds() -> None:
    spec = DrillSpec(drills=("discard",), ruleset=CLASSIC, level="advanced", form="board", seed=7)
    first, again = question_at(spec, 0), question_at(spec, 0)
    assert first.id == again.id and first.data == again.data
    assert len({_question("advanced", s).id for s in SEEDS}) == len(SEEDS)


@pytest.mark.parametrize("level", LEVELS)
def test_every_board_question_s_best_is_the_win_table_s_best(level: str) -> None:
    drill = kind("discard")
    for seed in SEEDS:
        q = _question(level, seed)
        assert q.form == "board" and len(q.data["score"]) == 2
        assert all(0 <= s < CLASSIC.target for s in q.data["score"])
        best, blind, best_win, blind_win = _table_best(q)
        solution = drill.solve(q, ruleset=CLASSIC)
        assert sorted(solution.expected) == sorted(best)  # type: ignore[arg-type]
        right = drill.judge(q, solution, best, ruleset=CLASSIC)
        assert right.correct and right.points_lost == 0
        verdict = drill.judge(q, solution, blind, ruleset=CLASSIC)
        assert verdict.correct == (best_win - blind_win <= 0.005)
        assert verdict.points_lost == pytest.approx(max(0.0, (best_win - blind_win) * 100), abs=0.02)


def test_the_most_points_on_average_loses_chances_in_a_good_share_of_questions() -> None:
    # Measured: 33 of 60 questions (55%) over 30 seeds per level; the floor leaves room for noise.
    differ = [
        _table_best(_question(level, seed))[2] - _table_best(_question(level, seed))[3] >= 0.01
        for level in LEVELS
        for seed in SEEDS
    ]
    assert sum(differ) / len(differ) >= 0.4


@pytest.mark.parametrize("lang", LANGS)
def test_the_feedback_says_why_at_this_score_in_both_languages(lang: str) -> None:
    drill = kind("discard")
    whys = set()
    for seed in SEEDS:
        q = _question("advanced", seed)
        solution = drill.solve(q, ruleset=CLASSIC)
        _, blind, _, _ = _table_best(q)
        verdict = drill.judge(q, solution, blind, ruleset=CLASSIC)
        grade = Grade(
            correct=verdict.correct,
            answer=blind,
            expected=solution.expected,
            expected_text=solution.expected_text,
            points_lost=verdict.points_lost,
            band=verdict.band,
            detail=dict(solution.detail),
        )
        messages = drill.explain(q, grade)
        whys |= {m.key for m in messages if m.key.startswith("drill.board.why_")}
        text = "\n".join(word_lines(messages, lang))
        assert "drill.board" not in text and "{" not in text, text
        shown = "\n".join(word_lines(list(drill.present(q, CLASSIC).lines), lang))
        assert str(q.data["score"][0]) in shown and str(q.data["score"][1]) in shown
    assert "drill.board.why_sure" in whys  # the lesson's point: keep the hand that makes them sure


def test_no_drill_asks_a_form_asked_only_when_named_unless_named() -> None:
    assert mixed_forms(kind("discard")) == ("discard",)
    for name in DRILLS:
        assert set(mixed_forms(kind(name))) == set(kind(name).FORMS) - kind(name).NAMED_ONLY_FORMS
    plain = DrillSpec(drills=("discard",), ruleset=CLASSIC, seed=3)
    mixed = DrillSpec(drills=DRILLS, ruleset=CLASSIC, seed=3)
    assert {question_at(plain, i).form for i in range(60)} == {"discard"}
    assert all(question_at(mixed, i).form != "board" for i in range(60))


def test_the_targeted_drill_never_asks_a_form_asked_only_when_named_unless_named() -> None:
    import random

    from trainer.drills import generators
    from trainer.drills.kinds import form_for
    from trainer.training import targeting

    # the targeted drill and the plain stream pick a form the same way
    assert targeting.form_for is form_for and generators.form_for is form_for
    for name in DRILLS:
        drill = kind(name)
        drawn = {form_for(drill, "", random.Random(i)) for i in range(40)}
        assert drawn == set(mixed_forms(drill)), name  # the board form, the itemised count: never
        assert all(form_for(drill, f, random.Random(0)) == f for f in drill.FORMS)  # named: asked


def _crib(*args: str, tmp_path: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {"CRIB_DB": str(tmp_path / "p.sqlite3"), "HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    return subprocess.run(
        [sys.executable, "-m", "trainer", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )


def test_the_board_drill_runs_with_json_and_an_answers_file(tmp_path: Path) -> None:
    answers = tmp_path / "answers.txt"
    answers.write_text("1 2\n3 4\n", encoding="utf-8")
    run = _crib(
        "drill",
        "discard",
        "--form",
        "board",
        "--seed",
        "5",
        "-n",
        "2",
        "--answers",
        str(answers),
        "--json",
        tmp_path=tmp_path,
    )
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert "board" in run.stdout and out


def test_an_unknown_form_is_a_one_line_error(tmp_path: Path) -> None:
    run = _crib("drill", "discard", "--form", "boards", "-n", "1", tmp_path=tmp_path)
    assert run.returncode != 0 and "Traceback" not in run.stderr
    assert "board" in (run.stderr + run.stdout)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("number", ["15", "16"])
def test_the_board_lessons_drills_run_in_both_languages(tmp_path: Path, lang: str, number: str) -> None:
    answers = tmp_path / "answers.txt"
    answers.write_text("1 2\n" * 10, encoding="utf-8")
    run = _crib(
        "--lang",
        lang,
        "learn",
        number,
        "--only-drill",
        "--seed",
        "2",
        "--answers",
        str(answers),
        tmp_path=tmp_path,
    )
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    assert ("chance to win" if lang == "en" else "шанс на победу") in run.stdout


@pytest.mark.parametrize("lang", LANGS)
def test_the_hints_name_what_each_side_needs_and_the_chances(lang: str) -> None:
    from trainer.cli.drill.drill_runner import hint_text

    q = _question("advanced", 1)
    hints = kind("discard").hints(q, ruleset=CLASSIC)
    assert [h.key for h in hints] == [
        "drill.board.hint_need",
        "drill.board.hint_options",
        "drill.board.hint_answer",
    ]
    need = CLASSIC.target - q.data["score"][0]
    assert hints[0].values["n"] == need
    words = [hint_text(h, lang) for h in hints]
    assert all("drill.board" not in w and "{" not in w for w in words), words


def test_the_board_form_with_three_players_is_a_one_line_error_before_any_question(tmp_path: Path) -> None:
    run = _crib("drill", "discard", "--form", "board", "-r", "three-player", "-n", "1", tmp_path=tmp_path)
    assert run.returncode != 0 and "Traceback" not in run.stderr
    assert "two players" in run.stderr and "Question" not in run.stdout


def test_stats_never_add_a_board_answers_chance_lost_to_points_lost() -> None:
    """A board answer loses percentage points of the chance to win: `crib stats` keeps it out
    of the points lost (a plain discard's expected points still count)."""
    from types import SimpleNamespace

    from trainer.training.progress import _group

    def row(form: str, lost: float) -> SimpleNamespace:
        return SimpleNamespace(
            drill="discard",
            form=form,
            correct=False,
            skipped=False,
            timed_out=False,
            interactive=True,
            points_lost=lost,
            seconds=3.0,
        )

    totals = _group([row("board", 12.5), row("discard", 1.25)])
    assert totals["points_lost"] == 0
    assert totals["expected_points_lost"] == 1.25
