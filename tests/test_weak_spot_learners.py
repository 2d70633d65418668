"""Simulated learners over simulated days (tests/learners.py, injected clock): the weak-spot drill
asks the idea a learner is blind to at least as often as a fresh learner meets it, teaches it by
the third miss, and rates a coin-flip learner below learners who miss one idea each; review
answers and hints follow the documented rating rule (docs/training.md)."""

from __future__ import annotations

from itertools import islice
from pathlib import Path

import pytest
from learners import LEARNERS, START, live

from trainer.content.rulesets import load_ruleset
from trainer.drills.checking import grade
from trainer.drills.generators import DrillSpec, stream
from trainer.drills.ideas import count_ideas, read_answer
from trainer.drills.model import Attempt, Question
from trainer.store.store import Context, Store
from trainer.training.adaptive import answer_meta
from trainer.training.mastery import TEACH_AFTER, Mastery
from trainer.training.rating_rules import game_score

DAYS = 8
CLASSIC = load_ruleset("classic")


@pytest.fixture(scope="module")
def runs_blind():  # type: ignore[no-untyped-def]
    return live("runs-blind", LEARNERS["runs-blind"], days=DAYS)


def _fresh_share() -> float:
    """How often a new player's mixed questions (the starting level) hold a run."""
    spec = DrillSpec(drills=("count",), ruleset=CLASSIC, seed=7, form="total")
    asked = [count_ideas(q, ruleset=CLASSIC) for q in islice(stream(spec), 120)]
    return sum("runs" in i or "double-runs" in i for i in asked) / len(asked)


def test_the_blind_idea_is_asked_at_least_as_often_as_a_fresh_learner_meets_it(runs_blind) -> None:  # type: ignore[no-untyped-def]
    fresh = _fresh_share()
    for first in range(0, DAYS, 2):
        assert runs_blind.share("runs", first, first + 1) >= fresh, (first, fresh)


def test_the_blind_idea_is_taught_by_the_third_miss(runs_blind) -> None:  # type: ignore[no-untyped-def]
    day, number, idea = runs_blind.taught[0]
    assert idea in ("runs", "double-runs") and day == 0
    missed = sum(not ok for ideas, ok in runs_blind.days[0][: number + 1] if idea in ideas)
    assert missed == TEACH_AFTER


def test_after_teaching_an_easy_question_on_the_same_idea_comes_next(runs_blind) -> None:  # type: ignore[no-untyped-def]
    day, number, idea = runs_blind.taught[0]
    ideas, _ = runs_blind.days[day][number + 1]
    assert idea in ideas


def test_a_learner_who_masters_the_idea_stops_being_taught_it() -> None:
    run = live("always-right", LEARNERS["always-right"], days=3)
    assert run.taught == [] and run.right("runs", 0, 2) == 1.0


def test_the_coin_flip_learner_is_rated_below_the_one_blind_spot_learners(runs_blind) -> None:  # type: ignore[no-untyped-def]
    coin = live("coin-flip", LEARNERS["coin-flip"], days=DAYS)
    nobs = live("nobs-blind", LEARNERS["nobs-blind"], days=DAYS)
    assert coin.ratings[-1] < runs_blind.ratings[-1]
    assert coin.ratings[-1] < nobs.ratings[-1]


def test_a_short_total_blames_the_kind_whose_points_are_missing() -> None:
    question = Question(
        kind="count",
        form="total",
        ruleset="classic",
        data={"hand": ["3H", "4S", "5D", "9C"], "starter": "KH"},
    )
    result = grade(question, "2", ruleset=CLASSIC)  # fifteen 2 and a run of 3 = 5; 3 short
    reading = read_answer(
        question, answer=result.answer, expected=result.expected, correct=False, ruleset=CLASSIC
    )
    assert reading.missed == ("runs",)


def test_teaching_is_due_on_the_third_miss_not_before() -> None:
    model = Mastery(ideas=("runs",))
    for n in range(1, TEACH_AFTER + 1):
        model = model.learn(["runs"], ["runs"], at=float(n))
        assert (model.due_teaching() == "runs") == (n == TEACH_AFTER)
    assert model.taught("runs").due_teaching() is None


# ----------------------------------------------------------------------------- the rating rule


@pytest.mark.parametrize("hints", [1, 2, 5])
@pytest.mark.parametrize("expected", [0.1, 0.5, 0.95])
def test_a_hint_shrinks_the_credit_but_a_right_answer_is_never_a_loss(hints: int, expected: float) -> None:
    score = game_score(correct=True, skipped=False, timed_out=False, hints=hints, expected=expected)
    assert expected <= score < 1.0


def _record(store: Store, question: Question, answer: str, *, mode: str, hints: int, at: float) -> None:
    result = grade(question, answer, ruleset=CLASSIC)
    attempt = Attempt(question=question, answer=answer, grade=result, seconds=5.0, number=1, hints=hints)
    context = Context(session=f"s{at}", user="u", mode=mode, ruleset="classic")
    store.record(attempt, context=context, now=at, meta=answer_meta(question, CLASSIC))


def test_review_answers_do_not_move_the_rating_and_hinted_right_answers_raise_it(tmp_path: Path) -> None:
    questions = list(islice(stream(DrillSpec(drills=("count",), ruleset=CLASSIC, seed=3, form="total")), 3))
    right = [grade(q, "", ruleset=CLASSIC).expected_text for q in questions]
    with Store.open(tmp_path / "p.sqlite3") as store:
        _record(store, questions[0], right[0], mode="drill", hints=0, at=START)
        before = store.rating(user="u", skill="count", family=CLASSIC.variant)
        _record(store, questions[1], "99", mode="review", hints=0, at=START + 60)
        assert store.rating(user="u", skill="count", family=CLASSIC.variant) == before
        _record(store, questions[2], right[2], mode="drill", hints=1, at=START + 120)
        after = store.rating(user="u", skill="count", family=CLASSIC.variant)
    assert before is not None and after is not None and after.rating > before.rating


# ----------------------------------------------------------------------------- feedback and stats


def test_feedback_states_the_rule_of_what_was_got_wrong() -> None:
    from trainer.i18n.drill_words import explain

    crib = Question(
        kind="count",
        form="itemised",
        ruleset="classic",
        data={"hand": ["2H", "7H", "9H", "KH"], "starter": "3S", "crib": True},
    )
    lines = explain(crib, grade(crib, "2 0 0 4 0", ruleset=CLASSIC), lang="en")
    assert any(line.startswith("A crib flush needs the starter too") for line in lines)
    runs = Question(
        kind="count",
        form="total",
        ruleset="classic",
        data={"hand": ["3H", "4S", "5D", "9C"], "starter": "KH"},
    )
    lines = explain(runs, grade(runs, "2", ruleset=CLASSIC), lang="ru")
    assert any(line.startswith("Три и более карты подряд") for line in lines)
    assert not any(
        "needs the starter" in x for x in explain(runs, grade(runs, "5", ruleset=CLASSIC), lang="en")
    )


def test_stats_name_the_weak_idea_by_what_was_missed(runs_blind, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from trainer.training.weak_spot import ideas_report

    with Store.open(tmp_path / "p.sqlite3") as store:
        run = live("runs-blind", LEARNERS["runs-blind"], days=2, db=tmp_path / "p.sqlite3")
        del run
        ideas = ideas_report(store, user="sim", rulesets=lambda name: CLASSIC if name == "classic" else None)
    weak = [row["idea"] for row in ideas if row["weak"]]
    assert weak and set(weak) <= {"runs", "double-runs"}
    assert all(
        row["theme"] in ("runs", "double-runs", "fifteens", "pairs", "flush", "nobs", "crib") for row in ideas
    )


# ----------------------------------------------------------------------------- fresh variants


@pytest.mark.parametrize(("drill", "n"), [("count", 40), ("discard", 10), ("peg", 6)])
def test_a_review_variant_poses_the_same_idea_with_other_ranks(drill: str, n: int) -> None:
    import random

    from trainer.drills.ideas import ideas_of
    from trainer.training.patterns import variant

    def ranks(q: Question) -> list[str]:
        return sorted(c[:-1] for c in [*q.data.get("hand", []), str(q.data.get("starter", ""))] if c)

    for q in islice(stream(DrillSpec(drills=(drill,), ruleset=CLASSIC, seed=11)), n):
        fresh = variant(q, random.Random(q.id), ruleset=CLASSIC)
        assert ranks(fresh) != ranks(q), q.id
        assert ideas_of(fresh, ruleset=CLASSIC) == ideas_of(q, ruleset=CLASSIC), q.id
