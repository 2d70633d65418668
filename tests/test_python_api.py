"""The public API of the computer and the coach (issue 18, item 11): docs/guide/computer-api.md runs as a
doctest; the computer and the coach decide from a `View` exactly as at the table; a view that
cannot be is a one-line error."""

from __future__ import annotations

import doctest
import random
from pathlib import Path

import pytest

import trainer
from trainer.advice.computer import advise_discard, computer
from trainer.engine.errors import CribError
from trainer.engine.game import Game
from trainer.play.coach import grade_discard_choice

DOC = Path(__file__).resolve().parents[1] / "docs" / "guide" / "computer-api.md"


def test_the_documented_examples_run() -> None:
    result = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 8 and result.failed == 0


def test_the_api_grades_a_discard_as_the_table_does() -> None:
    rules = trainer.load_ruleset("classic")
    for seed in range(5):
        game = Game.new(rules, rng=random.Random(seed), dealer=seed % 2)
        game.deal()
        hand = game.hand(0)
        view = trainer.View(ruleset=rules, seat=0, dealer=seed % 2, hand=hand, scores=(0, 0))
        advice = advise_discard(game, 0)
        worst = advice.options[-1].discard
        table = grade_discard_choice(game, 0, worst, advice)
        verdict = trainer.grade_decision(view, worst)
        assert (verdict.band, verdict.points_lost) == (table.band, table.ev_lost)
        assert computer("expert", random.Random(0)).discard(game, 0) == trainer.computer_player(
            "expert", rules, random.Random(0)
        ).discard(view)


def test_an_impossible_view_is_a_one_line_error() -> None:
    rules = trainer.load_ruleset("classic")
    cards = trainer.parse_cards
    with pytest.raises(CribError) as too_many:
        trainer.grade_decision(
            trainer.View(
                ruleset=rules, seat=0, dealer=1, hand=tuple(cards("5H 5D JC QS 2C 9D 3S")), scores=(0, 0)
            ),
            cards("5H 5D"),
        )
    assert "\n" not in str(too_many.value) and too_many.value.key == "raised.api.view_cards"
    view = trainer.View(
        ruleset=rules,
        seat=0,
        dealer=1,
        hand=tuple(cards("5H 5D JC")),
        discards=tuple(cards("2C 9D")),
        starter=cards("KH")[0],
        scores=(0, 0),
        played=((0, cards("QS")[0]),),
    )
    with pytest.raises(CribError) as out_of_turn:
        trainer.computer_player("club", rules, random.Random(0)).play(view)
    assert out_of_turn.value.key == "raised.api.not_turn"
