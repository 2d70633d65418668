"""A drill's first question is cheap because only the question asked is solved (issue 23).

The pegging drill's quiet positions (no card scores at once) are worth asking only when the
cards' expected values differ; that search used to run for every candidate while the drill
chose among five. Now `confirm` runs on the chosen one only, and what is asked is unchanged in
kind: every quiet position served has values at least `QUIET_SPREAD` apart.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import islice
from pathlib import Path

import pytest

from trainer.content.rulesets import load_ruleset
from trainer.drills import peg_drill
from trainer.drills.data import peg_data
from trainer.drills.generators import DrillSpec, question_at
from trainer.drills.model import Question
from trainer.drills.positions import engine_state, play_outcome
from trainer.drills.themes import level
from trainer.engine.ruleset import Ruleset
from trainer.training.glicko import Rating
from trainer.training.mastery import Mastery
from trainer.training.targeting import WeakSpotStream


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    calls = [0]
    original = peg_drill._options

    def options(*args: object, **kwargs: object) -> object:
        calls[0] += 1
        return original(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(peg_drill, "_options", options)
    yield calls


def _quiet(question: Question, ruleset: Ruleset) -> bool:
    state = engine_state(peg_drill._position(question), ruleset=ruleset)
    return len({play_outcome(state, c)[0] for c in state.legal_plays()}) < 2


def _values(question: Question, ruleset: Ruleset) -> list[float]:
    return [float(o["value"]) for o in peg_drill._options(peg_drill._position(question), ruleset=ruleset)]


def test_candidates_are_not_solved_while_the_drill_chooses(counted: list[int]) -> None:
    """Generating many play-form candidates at an advanced level runs no search at all."""
    ruleset = load_ruleset("classic")
    quiet = 0
    for seed in range(40):
        rng = random.Random(seed)
        question = peg_drill.generate(rng, ruleset=ruleset, lvl=level("advanced"), theme="", form="play")
        quiet += _quiet(question, ruleset)
    assert quiet, "the seeds should produce some quiet positions to confirm"
    assert counted[0] == 0


def test_a_quiet_position_is_asked_only_when_its_cards_differ() -> None:
    ruleset = load_ruleset("classic")
    spec = DrillSpec(drills=("peg",), ruleset=ruleset, level="advanced", form="play", seed=7)
    served = [question_at(spec, i) for i in range(60)]
    quiet = [q for q in served if _quiet(q, ruleset)]
    assert quiet
    for question in quiet:
        values = [
            float(o["value"]) for o in peg_drill._options(peg_drill._position(question), ruleset=ruleset)
        ]
        assert max(values) - min(values) >= peg_drill.QUIET_SPREAD, peg_data(question)


def test_confirm_refuses_a_quiet_position_with_equal_cards() -> None:
    """Two equal cards (same rank, nothing scores) teach nothing about expected values."""
    ruleset = load_ruleset("classic")
    for seed in range(200):
        rng = random.Random(seed)
        question = peg_drill.generate(rng, ruleset=ruleset, lvl=level("advanced"), theme="", form="play")
        if not _quiet(question, ruleset):
            continue
        values = [
            float(o["value"]) for o in peg_drill._options(peg_drill._position(question), ruleset=ruleset)
        ]
        spread = max(values) - min(values)
        assert peg_drill.confirm(question, ruleset=ruleset) is (spread >= peg_drill.QUIET_SPREAD)
        if spread < peg_drill.QUIET_SPREAD:
            return
    pytest.fail("no quiet position with near-equal cards in 200 seeds")


def test_the_first_adaptive_question_solves_at_most_the_one_asked(counted: list[int]) -> None:
    ruleset = load_ruleset("classic")
    for seed in range(15):
        counted[0] = 0
        spec = DrillSpec(drills=("peg",), ruleset=ruleset, level="advanced", seed=seed)
        stream = WeakSpotStream(spec, mastery=Mastery(ideas=()), rating=lambda: Rating(rating=1500.0))
        list(islice(stream.questions(), 1))
        assert counted[0] <= 1, seed


def test_the_collector_is_back_on_for_every_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Start-up runs with the cyclic collector off (`trainer.cli.start.run`); a command always
    runs with it on again, a drill from its first question on."""
    import gc

    from trainer.cli import app

    monkeypatch.setenv("CRIB_DB", str(tmp_path / "p.sqlite3"))
    answers = tmp_path / "a.txt"
    answers.write_text("1\n", encoding="utf-8")
    try:
        gc.disable()
        assert app.main(["rules", "list"]) == 0
        assert gc.isenabled()
        gc.disable()
        assert app.main(["drill", "count", "-n", "1", "--seed", "3", "--answers", str(answers)]) == 0
        assert gc.isenabled()
    finally:
        gc.enable()
    assert app._first_screen_measured(["drill", "peg", "-n", "1"])
    assert not app._first_screen_measured(["--lang", "ru", "count", "5H"])
