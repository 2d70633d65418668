"""Seeded random play-outs of every variant, checking invariants after every action.

Random bots reach lines a person would never choose, which is the point: whatever is played, every
card stays accounted for, the count never passes 31, scores never go down, the game stops the
moment a side reaches the target with nothing scored after, the dealer of a 2-player 6- or
7-card deal pegs at least 1 (spec §1.3 item 8, verified by exhaustive search), and partners
always show the same score.

Thousands of games per variant stay fast by playing most of them to a short target (31 or 61,
"fast deals"), which also makes game ends, the rarest moment, frequent; a few hundred more games
per variant use the real target.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from trainer.content.rulesets import load_ruleset
from trainer.engine.bots import GreedyBot, RandomBot, step
from trainer.engine.events import GameOverEvent, GoPointEvent, PlayEvent, source_of
from trainer.engine.game import Game, Phase
from trainer.engine.ruleset import Ruleset

VARIANTS = ("classic", "five-card", "seven-card", "three-player", "partnership")


class Checker:
    """Plays games with bots and checks the invariants after each action."""

    def __init__(self, ruleset: Ruleset, *, seed: int, bot: type = RandomBot) -> None:
        self.ruleset = ruleset
        self.rng = random.Random(seed)
        self.bots = [bot(self.rng) for _ in range(ruleset.players)]
        self.games = 0
        self.deals = 0
        self.counted_out_in: dict[str, int] = {}

    def play_games(self, n: int) -> None:
        game = Game.new(self.ruleset, rng=self.rng)
        for i in range(n):
            if i:
                game = game.next_game()
            self.play_one(game)

    def play_one(self, game: Game) -> None:
        rules = self.ruleset
        previous = game.scores
        dealer_pegged = 0
        played = 0
        kept = rules.players * rules.hand_size
        while not game.is_over:
            before_phase = game.phase
            new = step(game, self.bots)
            assert all(a <= b for a, b in zip(previous, game.scores, strict=True)), "a score went down"
            previous = game.scores
            if before_phase in (Phase.DEAL, Phase.DISCARD, Phase.STARTER):
                # Cards move between hands, crib, stock and starter only in these phases.
                cards = game.accounted_cards()
                assert len(cards) == 52 and len(set(cards)) == 52, "a card is missing or doubled"
            peg = game.pegging
            if peg is not None and before_phase is Phase.PLAY:
                # In the play a card leaves a hand only to be played: hands + played = kept.
                played += isinstance(new[0], PlayEvent)
                assert sum(map(len, peg.hands)) + played == kept
                assert 0 <= peg.count <= 31
            if before_phase is Phase.STARTER:
                played = 0
            for event in new:
                if isinstance(event, PlayEvent):
                    assert event.count <= 31
                if isinstance(event, PlayEvent | GoPointEvent) and rules.side_of(event.seat) == rules.side_of(
                    game.dealer or 0
                ):
                    dealer_pegged += event.points
            if rules.partnerships:
                seat_scores = game.seat_scores
                assert seat_scores[0] == seat_scores[2] and seat_scores[1] == seat_scores[3]
            if before_phase is Phase.PLAY and game.phase is Phase.SHOW:
                self.deals += 1
                if rules.players == 2 and rules.variant in ("classic6", "seven_card"):
                    assert dealer_pegged >= 1, f"the dealer pegged nothing in deal {game.deal_number}"
            if before_phase is Phase.DONE:
                dealer_pegged = 0
        self.check_end(game)
        self.games += 1

    def check_end(self, game: Game) -> None:
        rules = self.ruleset
        outcome = game.outcome
        assert outcome is not None
        target = rules.target
        assert game.scores[outcome.winner] == target
        assert sum(1 for s in game.scores if s >= target) == 1, "two sides at the target"
        log = game.log
        assert isinstance(log[-1].event, GameOverEvent)
        winning = log[-2]
        assert source_of(winning.event) is not None and winning.event.points > 0
        assert rules.side_of(winning.event.seat) == outcome.winner
        for logged in log[:-2]:
            assert max(logged.scores) < target, "the game went on after a side reached the target"
        self.counted_out_in[outcome.stage] = self.counted_out_in.get(outcome.stage, 0) + 1


def _short(ruleset: Ruleset, target: int) -> Ruleset:
    return replace(ruleset, target=min(target, ruleset.target))


@pytest.mark.slow
@pytest.mark.parametrize("name", VARIANTS)
def test_random_playouts_keep_every_invariant_to_a_short_target(name: str) -> None:
    # 1,600 games to 31: one to five deals each, and a game end in every one of them.
    checker = Checker(_short(load_ruleset(name), 31), seed=2026)
    checker.play_games(1600)
    assert checker.games == 1600
    # Games end at every stage: in the play and in the show (hands and crib) at least.
    assert {"pegging", "hand"} <= set(checker.counted_out_in)


@pytest.mark.slow
@pytest.mark.parametrize("name", VARIANTS)
def test_random_playouts_to_the_real_target(name: str) -> None:
    # 150 whole games (about 1,000 to 2,000 deals; for the 7-card game, the dealer's pegging
    # point is checked in every one of them).
    checker = Checker(load_ruleset(name), seed=7)
    checker.play_games(150)
    assert checker.deals >= 150 * 4


@pytest.mark.slow
@pytest.mark.parametrize("name", VARIANTS)
def test_greedy_playouts_keep_every_invariant(name: str) -> None:
    # 250 games to 61 with the greedy bots, which play the lines people play.
    checker = Checker(_short(load_ruleset(name), 61), seed=99, bot=GreedyBot)
    checker.play_games(250)
    assert checker.games == 250


@pytest.mark.parametrize("name", VARIANTS)
def test_a_few_random_and_greedy_playouts_keep_every_invariant(name: str) -> None:
    """The fast lane's share of the play-outs above (marked slow): a few games of each kind."""
    short = Checker(_short(load_ruleset(name), 31), seed=2026)
    short.play_games(60)
    assert short.games == 60
    greedy = Checker(_short(load_ruleset(name), 61), seed=99, bot=GreedyBot)
    greedy.play_games(10)
    assert greedy.games == 10


def test_same_seed_same_games() -> None:
    def scores(seed: int) -> list[tuple[int, ...]]:
        rules = load_ruleset("classic")
        rng = random.Random(seed)
        bots = [RandomBot(rng), RandomBot(rng)]
        game = Game.new(rules, rng=rng)
        out = []
        while not game.is_over:
            step(game, bots)
            out.append(game.scores)
        return out

    assert scores(5) == scores(5)
