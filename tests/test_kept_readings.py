"""The learner model reads each answer's kept reading instead of working it out again from the
stored question, so `crib stats` and a drill's start cost the same on five years as on a month.
What matters to the player is that nothing changes: a kept reading is exactly the one the old
way gives, an answer stored before readings were kept is read the old way (and its reading
kept, once), and a reading of another version is never trusted."""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path

import pytest

from trainer.content.rulesets import load_ruleset
from trainer.drills.ideas import Reading
from trainer.drills.model import Question
from trainer.engine.ruleset import Ruleset
from trainer.store.store import Store
from trainer.training import readings
from trainer.training.weak_spot import ideas_report, mastery_from, past_answers

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
NOW = 1_780_000_000.0


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from history_db import build, pool

    path = tmp_path_factory.mktemp("kept") / "history.sqlite3"
    build(path, days=12, now=NOW, per_day=30, mistakes_per_day=2, questions=pool(per_kind=2))
    return path


def _copy(src: Path, dst: Path) -> Path:
    dst.write_bytes(src.read_bytes())
    return dst


def _rulesets(name: str) -> Ruleset | None:
    return load_ruleset(name) if name in ("classic", "five-card") else None


def test_every_kept_reading_is_the_one_the_question_gives(history: Path) -> None:
    with sqlite3.connect(history) as db:
        rows = db.execute(
            "SELECT question, answer, expected, correct, reading FROM answers WHERE reading IS NOT NULL"
        ).fetchall()
    db.close()
    assert len(rows) > 300
    for raw, answer, expected, correct, kept in rows:
        question = Question.from_dict(json.loads(raw))
        again = readings.reading_of(
            question,
            answer=answer,
            expected=json.loads(expected),
            correct=bool(correct),
            ruleset=load_ruleset(question.ruleset),
        )
        assert readings.decode(kept) == again, (question.id, kept)


def test_answers_without_readings_give_the_same_model_and_keep_their_readings(
    history: Path, tmp_path: Path
) -> None:
    kept = _copy(history, tmp_path / "kept.sqlite3")
    bare = _copy(history, tmp_path / "bare.sqlite3")
    with sqlite3.connect(bare) as db:
        db.execute("UPDATE answers SET reading = NULL")
    db.close()
    with Store.open(kept) as a, Store.open(bare) as b:
        want = ideas_report(a, user="player", rulesets=_rulesets)
        assert want and any(e["misses"] for e in want)
        assert ideas_report(b, user="player", rulesets=_rulesets) == want
        # worked out once: the readings are now kept, and read as before
        count_ruleset = next(e["ruleset"] for e in want if e["drill"] == "count")
        left = b._db.execute(
            "SELECT COUNT(*) FROM answers WHERE reading IS NULL AND drill = 'count' AND ruleset = ?",
            (count_ruleset,),
        ).fetchone()
        assert left[0] == 0
        assert ideas_report(b, user="player", rulesets=_rulesets) == want


def test_a_reading_of_another_version_is_worked_out_again(
    history: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db_path = _copy(history, tmp_path / "p.sqlite3")
    rules = load_ruleset("classic")
    with Store.open(db_path) as store:
        before = past_answers(store, user="player", skill="count", ruleset=rules)
        # a wrong reading under a version this code does not write is never trusted
        store._db.execute("UPDATE answers SET reading = '0:nobs|nobs'")
        store._db.commit()
        after = past_answers(store, user="player", skill="count", ruleset=rules)
        assert after == before
        assert readings.decode("0:nobs|nobs") is None


def test_readings_round_trip_through_their_text() -> None:
    for reading in (
        Reading(ideas=("fifteens", "runs"), missed=("runs",)),
        Reading(ideas=("go",), missed=()),
        Reading(ideas=(), missed=()),
    ):
        assert readings.decode(readings.encode(reading)) == reading
    for text in (None, "", "1", "1:runs", "x:runs|runs"):
        assert readings.decode(text) is None


def test_the_model_folds_kept_readings_in_order() -> None:
    rules = load_ruleset("classic")
    rows = [
        readings_past(("fifteens", "runs"), ("runs",), 1.0),
        readings_past(("runs",), ("runs",), 2.0),
        readings_past(("runs",), (), 3.0),
    ]
    model = mastery_from(rows, skill="count", ruleset=rules)
    assert model.state("runs").answers == 3
    assert model.state("runs").misses == 2
    assert model.state("fifteens").misses == 0


def readings_past(ideas: tuple[str, ...], missed: tuple[str, ...], at: float):  # type: ignore[no-untyped-def]
    from trainer.training.weak_spot import Past

    return Past(Reading(ideas=ideas, missed=missed), at)


def test_the_tallied_model_is_the_step_by_step_one() -> None:
    """`replayed` (in place) gives exactly the model `Mastery.learn` and `taught` give."""
    import random

    from trainer.training.mastery import Mastery, replayed

    ideas = ("fifteens", "pairs", "runs", "nobs")
    for seed in range(40):
        rng = random.Random(seed)
        answers = []
        for n in range(rng.randint(0, 60)):
            asked = tuple(rng.sample(ideas, rng.randint(1, 3)))
            missed = tuple(i for i in asked if rng.random() < 0.3) + (
                ("nobs",) if rng.random() < 0.05 else ()
            )
            answers.append((asked, missed, float(n)))
        taught = {i: float(rng.randint(-5, 70)) for i in ideas if rng.random() < 0.5}
        step = Mastery(ideas=ideas)
        pending = sorted((at, i) for i, at in taught.items())
        for asked, missed, at in answers:
            while pending and pending[0][0] <= at:
                step = step.taught(pending.pop(0)[1])
            step = step.learn(asked, missed, at=at)
        for _, idea in pending:
            step = step.taught(idea)
        assert replayed(ideas, answers, taught=taught) == step, seed


def test_an_answer_time_is_counted_under_the_tenth_the_median_reads_it_from() -> None:
    """The median reads the index from `seconds >= tenth / 10`: each time's tenth must agree
    with that comparison exactly, or a median on a long history is one answer off."""
    import random

    from trainer.store.answer_tables import LAST_TENTH, tenth_of

    rng = random.Random(8)
    times = [2.3, 0.7, 0.1, 0.3, 1e-9, 5.0, 119.99, 120.0, 500.0, 0.0, -3.0, float("nan")]
    times += [rng.uniform(0, 130) for _ in range(20_000)] + [
        round(rng.uniform(0, 30), 1) for _ in range(5_000)
    ]
    for s in times:
        b = tenth_of(s)
        assert 0 <= b <= LAST_TENTH
        if b > 0:
            assert s >= b / 10, s
        if b < LAST_TENTH and s == s and s > 0:
            assert s < (b + 1) / 10, s
