"""End-of-game positions worked by hand, at the table (issue 18; part A checks the same kind of
positions through `crib discard/advise-peg --score --json` in test_endgame_positions_cli.py):
what the coach says when the board decides. A sure win makes every option "equally good" (no
"better", no cost); a position where only some keeps go out names the cost in the chance it
decides on. Seat 0 is the human, the pone (counts first) unless said otherwise."""

from __future__ import annotations

import re

import pytest

from trainer.advice.computer import advise_discard
from trainer.content.rulesets import load_ruleset
from trainer.engine.cards import parse_cards
from trainer.engine.game import Game
from trainer.play.coach import grade_discard_choice

CLASSIC = load_ruleset("classic")
OTHER = "AS 2S 7C 7D 9H JC"


def _position(hand: str, scores: tuple[int, int], dealer: int = 1) -> Game:
    game = Game.new(CLASSIC, dealer=dealer, scores=scores)
    game.deal_hands([parse_cards(hand), parse_cards(OTHER)])
    return game


def _coach(decision: object) -> str:
    from trainer.cli.play import play_view

    return play_view.coach_text(decision.to_json()).plain  # type: ignore[attr-defined]


SURE = [
    # four fives and two ten-cards: any four of them hold a fifteen (2) or a pair (2); at 119 the
    # pone counts first and goes out with any keep
    pytest.param("5H 5D 5S 5C KH QD", (119, 60), id="pone-119-four-fives-every-keep-goes-out"),
    # three kings and three queens: any four hold a pair; 2 is all the pone at 119 needs
    pytest.param("KH KD KS QC QD QH", (119, 90), id="pone-119-kings-and-queens-every-keep-pairs"),
]


@pytest.mark.parametrize(("hand", "scores"), SURE)
def test_a_sure_win_makes_every_option_equally_good(hand: str, scores: tuple[int, int]) -> None:
    game = _position(hand, scores)
    advice = advise_discard(game, 0)
    assert advice.endgame is not None  # the board decides here
    for option in advice.options:
        decision = grade_discard_choice(game, 0, option.discard, advice)
        assert decision.basis == "win" and decision.win_lost == 0.0 and decision.band == "best"
        assert sorted(decision.best.split()) == sorted(decision.choice.split())
        text = _coach(decision)
        assert "better" not in text and not re.search(r"[−-]0(?:[.,]0+)?(?:%| |\))", text)
        assert "equally good" in text


def test_keeping_the_only_hand_that_goes_out_is_best_and_the_others_cost_that_chance() -> None:
    # pone at 110 needs 11 after an average play (show_need 14 at 104, see test_play_endgame):
    # J Q Q Q with any cut is at least a pair royal (6) plus his nobs chance; 6-6 cannot
    game = _position("6H 6C JS QS QD QC", (104, 100))
    advice = advise_discard(game, 0)
    assert advice.endgame is not None
    best = grade_discard_choice(game, 0, parse_cards("6H 6C"), advice)
    assert best.band == "best" and best.win_lost == 0.0
    worse = grade_discard_choice(game, 0, parse_cards("JS QC"), advice)
    assert worse.basis == "win" and worse.win_lost > 0 and worse.band != "best"
    text = _coach(worse)
    assert sorted(worse.best.split()) == ["6C", "6H"] and "better: lay away 6" in text
    assert "chance to win" in text
