"""Adaptive training: Glicko-2 ratings per skill, pattern difficulty from all answers, FSRS review
cards that come back as a fresh hand of the same pattern, and migration 3 keeping old progress."""

from __future__ import annotations

import json
import math
import random
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fsrs import Card, Rating, Scheduler

from trainer.content.rulesets import load_ruleset
from trainer.drills.generators import DrillSpec, question_at
from trainer.drills.model import Attempt, Grade, Question
from trainer.store.store import MIGRATIONS, SCHEMA_VERSION, AnswerMeta, Context, Store
from trainer.training import glicko
from trainer.training.patterns import pattern_of, same_show_pattern, variant
from trainer.training.review_schedule import Outcome, grade

CLASSIC = load_ruleset("classic")


def _attempt(question: Question, *, correct: bool, seconds: float = 8.0, n: int = 1) -> Attempt:
    g = Grade(correct=correct, expected=0, expected_text="0", answer=0)
    return Attempt(question=question, answer="0", grade=g, seconds=seconds, number=n)


def _question(i: int) -> Question:
    return Question(kind="count", form="total", ruleset="classic", data={"hand": [f"q{i}"], "starter": "x"})


def test_glicko2_matches_glickmans_worked_example() -> None:
    # Glickman (2013), section "Example": 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300.
    player = glicko.Rating(1500, 200, 0.06)
    games = [(glicko.Rating(1400, 30), 1.0), (glicko.Rating(1550, 100), 0.0), (glicko.Rating(1700, 300), 0.0)]
    after = glicko.update(player, games)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_an_idle_rating_grows_less_certain_but_never_past_a_new_one() -> None:
    settled = glicko.Rating(1700, 60, 0.06)
    assert glicko.idle(settled, 30).rd > 60
    assert glicko.idle(settled, 10_000).rd == glicko.DEFAULT_RD


def test_simulated_learners_converge_to_the_order_of_their_skill(tmp_path: Path) -> None:
    """Three learners answer right with the logistic chance of their true skill against each
    pattern's true difficulty; after 150 answers each, the ratings are ordered as the skills."""
    rng = random.Random(12)
    true_difficulty = {f"p{i}": 1100 + 50 * i for i in range(20)}
    skills = {"weak": 1250.0, "middling": 1550.0, "strong": 1850.0}
    with Store.open(tmp_path / "p.sqlite3") as store:
        for step in range(150):
            for user, skill in skills.items():
                pattern = rng.choice(sorted(true_difficulty))
                chance = 1 / (1 + math.exp(-(skill - true_difficulty[pattern]) / glicko.SCALE))
                correct = rng.random() < chance
                store.record(
                    _attempt(_question(step), correct=correct, seconds=5.0, n=step + 1),
                    context=Context(session=f"{user}-s", user=user, mode="drill", ruleset="classic"),
                    now=1000.0 + step,
                    meta=AnswerMeta(pattern=pattern, family="classic6"),
                )
        ratings = {u: store.rating(user=u, skill="count", family="classic6") for u in skills}
        easy = store.pattern_rating("p0", "classic6")
        hard = store.pattern_rating("p19", "classic6")
    assert all(r is not None for r in ratings.values())
    assert ratings["weak"].rating < ratings["middling"].rating < ratings["strong"].rating  # type: ignore[union-attr]
    assert ratings["strong"].rd < 120  # type: ignore[union-attr]
    assert easy is not None and hard is not None and easy.rating < hard.rating


def _set_rating(store: Store, user: str, rating: float) -> None:
    store._db.execute(
        "INSERT INTO ratings (user, skill, family, rating, rd, volatility, games, updated_at) "
        "VALUES (?, 'count', 'classic6', ?, 50, 0.06, 100, 0)",
        (user, rating),
    )


def test_a_question_strong_players_miss_gets_a_higher_difficulty(tmp_path: Path) -> None:
    with Store.open(tmp_path / "p.sqlite3") as store:
        for i in range(4):
            _set_rating(store, f"strong{i}", 2000)
            _set_rating(store, f"weak{i}", 1200)
        for i in range(4):
            for user, pattern in ((f"strong{i}", "missed-by-strong"), (f"weak{i}", "missed-by-weak")):
                store.record(
                    _attempt(_question(i), correct=False),
                    context=Context(session=user, user=user, mode="drill", ruleset="classic"),
                    now=10.0,
                    meta=AnswerMeta(pattern=pattern, family="classic6"),
                )
            store.record(
                _attempt(_question(i), correct=True),
                context=Context(session=f"s{i}", user=f"weak{i}", mode="drill", ruleset="classic"),
                now=10.0,
                meta=AnswerMeta(pattern="solved-by-weak", family="classic6"),
            )
        by_strong = store.pattern_rating("missed-by-strong", "classic6")
        by_weak = store.pattern_rating("missed-by-weak", "classic6")
        solved = store.pattern_rating("solved-by-weak", "classic6")
    assert by_strong is not None and by_weak is not None and solved is not None
    assert by_strong.rating > by_weak.rating > glicko.DEFAULT_RATING > solved.rating


def test_answers_become_again_hard_good_easy_from_their_time() -> None:
    assert grade(Outcome(correct=False, seconds=1, drill="count")) == "again"
    assert grade(Outcome(correct=True, seconds=1, drill="count", timed_out=True)) == "again"
    assert grade(Outcome(correct=True, seconds=30, drill="count")) == "hard"
    assert grade(Outcome(correct=True, seconds=8, drill="count", hints=1)) == "hard"
    assert grade(Outcome(correct=True, seconds=10, drill="count")) == "good"
    assert grade(Outcome(correct=True, seconds=3, drill="count")) == "easy"


def _fsrs_due(ratings: list[tuple[Rating, float]]) -> float:
    scheduler = Scheduler(enable_fuzzing=False)
    card = Card(card_id=1, due=datetime.fromtimestamp(ratings[0][1], tz=UTC))
    for rating, at in ratings:
        card, _ = scheduler.review_card(card, rating, review_datetime=datetime.fromtimestamp(at, tz=UTC))
    return card.due.timestamp()


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_a_miss_comes_back_on_the_fsrs_schedule_as_another_hand_of_its_pattern(
    tmp_path: Path, seed: int
) -> None:
    question = question_at(DrillSpec(drills=("count",), ruleset=CLASSIC, level="advanced", seed=seed), 0)
    pattern = pattern_of(question, ruleset=CLASSIC)
    context = Context(session="s", user="ann", mode="drill", ruleset="classic")
    t0 = 1_800_000_000.0
    with Store.open(tmp_path / "p.sqlite3") as store:
        store.record(
            _attempt(question, correct=False), context=context, now=t0, meta=AnswerMeta(pattern=pattern)
        )
        card = store.card(user="ann", pattern=pattern)
        assert card is not None and card.due_at == pytest.approx(_fsrs_due([(Rating.Again, t0)]))
        assert store.due(user="ann", now=card.due_at - 1) == []
        (item,) = store.due(user="ann", now=card.due_at)
        fresh = variant(item.question, random.Random(seed), ruleset=CLASSIC)
        assert fresh.data != question.data
        assert same_show_pattern(fresh, question, ruleset=CLASSIC)  # same item kinds and totals
        assert pattern_of(fresh, ruleset=CLASSIC) == pattern
        # Answered right in good time, the card moves out by FSRS's next interval.
        t1 = card.due_at
        store.record(
            _attempt(fresh, correct=True, seconds=10.0, n=2),
            context=context,
            now=t1,
            meta=AnswerMeta(pattern=pattern, card_key=item.pattern),
        )
        after = store.card(user="ann", pattern=pattern)
    assert after is not None and after.reps == 2
    assert after.due_at == pytest.approx(_fsrs_due([(Rating.Again, t0), (Rating.Good, t1)]))


@pytest.mark.parametrize("drill", ["muggins", "peg", "discard", "penalty"])
def test_every_drill_has_a_fresh_variant_of_the_same_pattern(drill: str) -> None:
    for seed in range(4):
        question = question_at(DrillSpec(drills=(drill,), ruleset=CLASSIC, seed=seed), 0)
        fresh = variant(question, random.Random(seed), ruleset=CLASSIC)
        assert fresh.id != question.id
        if drill in ("peg", "discard"):  # a new position of the same idea, other ranks (issue 19)
            from trainer.drills.ideas import ideas_of

            assert ideas_of(fresh, ruleset=CLASSIC) == ideas_of(question, ruleset=CLASSIC)
        else:
            assert pattern_of(fresh, ruleset=CLASSIC) == pattern_of(question, ruleset=CLASSIC)


def test_todays_database_migrates_and_keeps_answers_and_reviews(tmp_path: Path) -> None:
    """A version 2 database (the schema before ratings and FSRS) opens at version 3 with every
    answer kept and each waiting review turned into a card due at the same time."""
    path = tmp_path / "v2.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    db.execute("INSERT INTO schema_version VALUES (2)")
    db.executescript(str(MIGRATIONS[0]))
    db.executescript(str(MIGRATIONS[1]))
    question = question_at(DrillSpec(drills=("count",), ruleset=CLASSIC, seed=9), 0)
    qjson = json.dumps(question.to_dict())
    for seq, seconds in ((1, 6.5), (2, 0.01)):
        db.execute(
            "INSERT INTO answers (session, seq, answered_at, user, mode, drill, form, ruleset, level,"
            " theme, question_id, question, answer, expected, correct, seconds)"
            " VALUES ('old', ?, 5.0, 'ann', 'drill', 'count', 'total', 'classic', 'beginner', 'pairs',"
            " ?, ?, '2', '4', 0, ?)",
            (seq, question.id, qjson, seconds),
        )
    db.execute(
        "INSERT INTO review VALUES ('ann', ?, ?, 'classic', 1, 500.0, 1, 1, 0, 5.0)", (question.id, qjson)
    )
    db.execute("INSERT INTO review VALUES ('ann', 'learned', ?, 'classic', 6, NULL, 0, 4, 0, 5.0)", (qjson,))
    db.commit()
    db.close()
    with Store.open(path) as store:
        assert store.version() == SCHEMA_VERSION == 8
        rows = store.answers(user="ann")
        assert [(r.seconds, r.interactive) for r in rows] == [(6.5, True), (0.01, False)]
        assert store.due(user="ann", now=499.0) == []
        (item,) = store.due(user="ann", now=500.0)
        assert item.question == question and item.lapses == 1
        # The migrated card is an ordinary FSRS card from now on.
        store.record(
            _attempt(question, correct=False),
            context=Context(session="new", user="ann", mode="review", ruleset="classic"),
            now=600.0,
            meta=AnswerMeta(pattern=pattern_of(question, ruleset=CLASSIC), card_key=item.pattern),
        )
        assert store.card(user="ann", pattern=item.pattern).lapses == 2  # type: ignore[union-attr]
    legacy = sqlite3.connect(path)
    assert legacy.execute("SELECT COUNT(*) FROM review").fetchone()[0] == 2  # the old boxes are kept


def test_a_failed_migration_leaves_the_old_database_untouched(tmp_path: Path) -> None:
    path = tmp_path / "v2.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    db.execute("INSERT INTO schema_version VALUES (2)")
    db.executescript(str(MIGRATIONS[0]))
    db.executescript(str(MIGRATIONS[1]))
    db.execute("CREATE TABLE ratings (x)")  # a clash: migration 3 cannot create its table
    db.commit()
    db.close()
    with pytest.raises(Exception, match="ratings"):
        Store.open(path)
    db = sqlite3.connect(path)
    assert db.execute("SELECT version FROM schema_version").fetchone()[0] == 2
    columns = [r[1] for r in db.execute("PRAGMA table_info(answers)")]
    assert "pattern" not in columns


def test_questions_are_chosen_near_the_rating() -> None:
    """Of the candidates, the nearest difficulty to the target wins, so a strong player is asked
    harder patterns than a weak one from the same seed; the level follows the rating too."""
    from itertools import islice

    from trainer.training.adaptive import level_for, near_rating
    from trainer.training.patterns import prior_difficulty

    def difficulty(q: Question) -> float:
        return prior_difficulty(pattern_of(q, ruleset=CLASSIC))

    spec = DrillSpec(drills=("count",), ruleset=CLASSIC, seed=7)
    asked = {}
    for rating in (1150.0, 1900.0):

        def target(value: float = rating) -> float:
            return value

        questions = list(islice(near_rating(spec, target=target, difficulty=difficulty), 12))
        asked[rating] = sum(difficulty(q) for q in questions) / len(questions)
        assert {q.level for q in questions} == {level_for(rating)}
    assert asked[1150.0] + 150 < asked[1900.0]
    assert [level_for(r) for r in (1200, 1500, 1700, 1900)] == [
        "beginner",
        "intermediate",
        "advanced",
        "expert",
    ]


def test_answers_from_before_ratings_are_rated_once(tmp_path: Path) -> None:
    """After the upgrade, the first drill or stats rates the old answers in their order: each gets
    its pattern from the engine, the player a rating, the pattern a difficulty; only once."""
    from trainer.cli.backfill import open_store

    path = tmp_path / "v2.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    db.execute("INSERT INTO schema_version VALUES (2)")
    db.executescript(str(MIGRATIONS[0]))
    db.executescript(str(MIGRATIONS[1]))
    questions = [question_at(DrillSpec(drills=("count",), ruleset=CLASSIC, seed=s), 0) for s in range(3)]
    for seq, q in enumerate(questions, 1):
        db.execute(
            "INSERT INTO answers (session, seq, answered_at, user, mode, drill, form, ruleset, level,"
            " theme, question_id, question, answer, expected, correct, seconds)"
            " VALUES ('old', ?, ?, 'ann', 'drill', 'count', 'total', 'classic', 'beginner', 'pairs',"
            " ?, ?, '2', '4', ?, 6.0)",
            (seq, 100.0 + seq, q.id, json.dumps(q.to_dict()), seq % 2),
        )
    db.commit()
    db.close()
    with open_store(path) as store:
        rating = store.rating(user="ann", skill="count", family="classic6")
        patterns = [r.pattern for r in store.answers(user="ann")]
        assert (
            rating is not None
            and len(store.rating_history(user="ann", skill="count", family="classic6")) == 3
        )
        assert patterns == [pattern_of(q, ruleset=CLASSIC) for q in questions]
        assert store.pattern_rating(patterns[0], "classic6") is not None
        assert not store.needs_backfill()
    with open_store(path) as store:  # the second opening replays nothing
        assert len(store.rating_history(user="ann", skill="count", family="classic6")) == 3


def test_slowness_is_per_drill() -> None:
    # 25 s is slow for a count (mark 20 s) but good for a discard (mark 40 s).
    assert grade(Outcome(correct=True, seconds=25, drill="count")) == "hard"
    assert grade(Outcome(correct=True, seconds=25, drill="discard")) == "good"
    assert grade(Outcome(correct=True, seconds=0.01, drill="count", interactive=False)) == "good"
