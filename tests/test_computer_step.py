"""`trainer.advice.computer.step` drives a whole game with computer players in every seat (the
benchmarks' self-play): the game ends with a winner at the target, and the same seeds give the
same game."""

from __future__ import annotations

import random

from trainer.advice.computer import computer, step
from trainer.content.rulesets import load_ruleset
from trainer.engine.game import Game


def _play(seed: int) -> tuple[int, ...]:
    rules = load_ruleset("five-card")
    players = [computer(level, random.Random(seed + s)) for s, level in enumerate(("easy", "club"))]
    game = Game.new(rules, rng=random.Random(seed))
    for _ in range(5_000):
        if game.is_over:
            break
        step(game, players)
    assert game.is_over
    return game.scores


def test_step_plays_a_five_card_game_to_61_and_is_repeatable() -> None:
    scores = _play(7)
    assert max(scores) == 61  # the winner pegs out exactly at the target
    assert min(scores) < 61
    assert _play(7) == scores
