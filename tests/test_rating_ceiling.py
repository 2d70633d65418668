"""An always-right player's rating settles: the deviation widens once per day, not once per
answer, so easy wins count less and less, and no rating passes 500 above the hardest shipped
question of its skill (docs/training.md, Ratings)."""

from __future__ import annotations

from itertools import islice
from pathlib import Path

import pytest

from trainer.content.rulesets import load_ruleset
from trainer.drills.checking import grade
from trainer.drills.generators import DrillSpec, stream
from trainer.drills.model import Attempt
from trainer.drills.priors import hardest
from trainer.store import training_tables
from trainer.store.store import Context, Store
from trainer.training.adaptive import answer_meta
from trainer.training.glicko import Rating, update
from trainer.training.rating_rules import CEILING_MARGIN, rating_ceiling

DAY = 86_400.0
START = 1_780_000_000.0


def _always_right(days: int) -> list[Rating]:
    """15 right answers a day, a minute apart, against a question 300 below the player."""
    player = Rating()
    end_of_day = []
    for _ in range(days):
        for answer in range(15):
            question = Rating(player.rating - 300.0, 80.0)
            player = update(player, [(question, 1.0)], periods=1.0 if answer == 0 else 60.0 / DAY)
        end_of_day.append(player)
    return end_of_day


def test_the_deviation_of_an_always_right_player_does_not_grow() -> None:
    days = _always_right(60)
    assert days[-1].rd <= days[9].rd + 1.0
    widened_per_answer = Rating()
    for _ in range(60 * 15):
        question = Rating(widened_per_answer.rating - 300.0, 80.0)
        widened_per_answer = update(widened_per_answer, [(question, 1.0)])  # the old rule
    assert widened_per_answer.rd > days[-1].rd  # what the fractional period fixed


def test_the_ceiling_is_500_above_the_hardest_shipped_question() -> None:
    for skill in ("count", "muggins", "peg", "discard", "penalty"):
        assert rating_ceiling(skill) == hardest(skill) + CEILING_MARGIN
    assert rating_ceiling("count") == 2600.0


def test_a_stored_rating_stops_at_its_ceiling(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(training_tables, "rating_ceiling", lambda skill: 1650.0)
    rules = load_ruleset("classic")
    questions = list(islice(stream(DrillSpec(drills=("count",), ruleset=rules, seed=5, form="total")), 40))
    seen = []
    with Store.open(tmp_path / "p.sqlite3") as store:
        for number, question in enumerate(questions):
            result = grade(question, "", ruleset=rules)
            right = grade(question, result.expected_text, ruleset=rules)
            attempt = Attempt(
                question=question, answer=result.expected_text, grade=right, seconds=4.0, number=number + 1
            )
            context = Context(session="s", user="u", mode="drill", ruleset="classic")
            store.record(
                attempt, context=context, now=START + 60.0 * number, meta=answer_meta(question, rules)
            )
            rating = store.rating(user="u", skill="count", family=rules.variant)
            assert rating is not None
            seen.append(rating.rating)
    assert max(seen) == 1650.0
    assert seen[-1] == 1650.0
