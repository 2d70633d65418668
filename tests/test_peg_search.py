"""The expert's pegging (issue 18 item 3): the opponent model and the determinized search.

- the search's values agree with a brute-force minimax over the engine's own `PeggingState`;
- the opponent model gives 0 weight to a holding his goes rule out and more to hands players keep;
- `crib advise-peg` puts A♦ first in the issue's example, reproducibly with a seeded rng;
- sampled and exact modes agree within the coach's "best" band (0.1 points) on fixed positions.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from helpers import run

from trainer.advice import search
from trainer.advice.computer import Expert, advise_play, opponent_shown, seen_cards, step
from trainer.advice.pegging import advise_peg, opponent_weights, position_from_cards, position_from_state
from trainer.engine.cards import Card, full_deck, parse_cards
from trainer.engine.events import GoEvent, PlayEvent
from trainer.engine.game import Game, Phase
from trainer.engine.pegging import PeggingState
from trainer.engine.ruleset import Ruleset


def engine_minimax(state: PeggingState) -> int:
    """Net points for seat 0 with both seats playing perfectly on open cards, by the engine."""
    if state.finished:
        return 0
    seat = state.turn
    legal = state.legal_plays()
    options = []
    for action in legal or (None,):
        nxt, events = state.act(action)
        net = sum(e.points if e.seat == 0 else -e.points for e in events)
        options.append(net + engine_minimax(nxt))
    return max(options) if seat == 0 else min(options)


@pytest.mark.parametrize("size", [2, 3])
def test_search_agrees_with_a_minimax_over_the_engine(
    classic: Ruleset, five_card: Ruleset, size: int
) -> None:
    rng = random.Random(18 + size)
    deck = list(full_deck())
    for rules in (classic, five_card):
        for _ in range(25):
            cards = rng.sample(deck, 2 * size)
            mine, theirs = cards[:size], cards[size:]
            state = PeggingState.start([mine, theirs], leader=0, ruleset=rules)
            ranks = sorted({c.index >> 2 for c in mine})
            values = search.root_values(
                tuple(c.index >> 2 for c in mine),
                tuple(c.index >> 2 for c in theirs),
                (),
                False,
                rules.pegging.mode == "single_count",
                ranks,
            )
            for card in mine:
                nxt, events = state.play(card)
                want = sum(e.points if e.seat == 0 else -e.points for e in events) + engine_minimax(nxt)
                assert values[card.index >> 2] == want, (rules.name, mine, theirs, card)


def test_a_holding_ruled_out_by_a_go_gets_no_weight() -> None:
    unseen = Counter(c.index >> 2 for c in full_deck())
    listed = search.holding_weights(unseen, 2, go_counts=(25,))
    assert listed is not None
    weights, sets = listed
    assert sets == 28 * 27 // 2  # the 28 cards from 7 to king
    # at 25 a go means no card worth 6 or less: only 7s to kings remain possible
    assert weights and all(all(search.VALUES[r] > 6 for r in h) for h in weights)
    every = search.holding_weights(unseen, 2)
    assert every is not None
    everything = every[0]
    ruled_out = [h for h in everything if any(search.VALUES[r] <= 6 for r in h)]
    assert ruled_out and not any(h in weights for h in ruled_out)
    assert not search.consistent((5,), (25,))  # a 6 fits under 31 at 25
    assert search.consistent((6,), (25,))  # a 7 does not


def test_the_go_counts_come_from_the_game_and_reach_the_model(classic: Ruleset) -> None:
    # self-play until the opponent of the seat to act has said go while holding cards
    for seed in range(200):
        game = Game.new(classic, rng=random.Random(seed))
        bots = [Expert(random.Random(seed)), Expert(random.Random(seed + 1))]
        while not game.is_over and game.phase is not Phase.SHOW:
            if game.phase is Phase.PLAY and game.to_act is not None:
                seat = game.to_act
                played, goes = opponent_shown(game, seat)
                peg = game.pegging
                assert peg is not None
                if goes and peg.hands[1 - seat] and len(peg.legal_plays(seat)) > 1:
                    logged = [e.event for e in game.log if e.deal_number == game.deal_number]
                    said = [e.count for e in logged if isinstance(e, GoEvent) and e.seat == 1 - seat]
                    assert sorted(goes) == sorted(said)
                    assert set(played) == {
                        e.card for e in logged if isinstance(e, PlayEvent) and e.seat == 1 - seat
                    }
                    # every card the opponent still holds is worth more than 31 - that count
                    room = 31 - min(goes)
                    assert all(c.value > room for c in peg.hands[1 - seat])
                    # and the model gives weight only to holdings of such cards
                    position = position_from_state(
                        peg,
                        seen=seen_cards(game, seat),
                        seat=seat,
                        opp_played=played,
                        opp_go_counts=goes,
                        hand_size=classic.hand_size,
                    )
                    weights, _ = opponent_weights(position, random.Random(0))
                    assert weights and all(all(search.VALUES[r] > room for r in h) for h in weights)
                    assert advise_play(game, seat, evidence=True).advice
                    return
            step(game, bots)
    pytest.fail("no position with an opponent's go in 200 deals")


def test_kept_hands_that_score_are_likelier() -> None:
    pair_of_fives = search.keep_weight((4, 4, 9, 10))  # 5-5-10-J: 8 points
    nothing = search.keep_weight((0, 2, 7, 12))  # A-3-8-K: nothing
    assert pair_of_fives > 10 * nothing
    assert search.keep_weight((0, 2, 7, 12), True) == pytest.approx(nothing, rel=0.2)


def test_the_issue_example_puts_the_ace_first(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "advise-peg",
        "--hand",
        "4C",
        "6S",
        "AD",
        "JS",
        "--starter",
        "9D",
        "--discarded",
        "9H",
        "3C",
        "--json",
    )
    assert code == 0
    plays = json.loads(out)["plays"]
    assert plays[0]["card"] == "AD"


def test_the_issue_example_exactly_and_by_the_library(classic: Ruleset) -> None:
    position = position_from_cards(
        parse_cards("4C 6S AD JS"),
        ruleset=classic,
        starter=Card.parse("9D"),
        discarded=parse_cards("9H 3C"),
    )
    weights, listed = opponent_weights(position, random.Random(0))
    assert listed
    exact = search.search_values(
        [3, 5, 0, 10],
        weights,
        (),
        [0, 3, 5, 10],
        opp_go=False,
        single=False,
        rng=random.Random(0),
        budget=10**9,
    )
    assert exact.exact
    assert max(exact.values, key=lambda r: exact.values[r]) == 0  # the ace


def test_sampled_advice_is_reproducible_with_a_seeded_rng(classic: Ruleset) -> None:
    hand = parse_cards("4C 6S AD JS")
    a = advise_peg(hand, ruleset=classic, rng=random.Random(7))
    b = advise_peg(hand, ruleset=classic, rng=random.Random(7))
    assert a[0].method == "sampled"
    assert [(x.card, x.ev, x.error) for x in a] == [(x.card, x.ev, x.error) for x in b]


@pytest.mark.parametrize(
    ("hand", "starter", "discarded"),
    [("4C 6S AD JS", "9D", "9H 3C"), ("5H 6D 7C KS", "2C", "QH 9S"), ("AC 2D 3H 9S", "JD", "KC 8H")],
)
def test_sampled_and_exact_agree_within_the_best_band(
    classic: Ruleset, hand: str, starter: str, discarded: str
) -> None:
    position = position_from_cards(
        parse_cards(hand), ruleset=classic, starter=Card.parse(starter), discarded=parse_cards(discarded)
    )
    weights, _ = opponent_weights(position, random.Random(0))
    mine = [c.index >> 2 for c in position.hand]
    ranks = sorted(set(mine))
    exact = search.search_values(
        mine, weights, (), ranks, opp_go=False, single=False, rng=random.Random(0), budget=10**9
    )
    for seed in (1, 2):
        sampled = search.search_values(
            mine, weights, (), ranks, opp_go=False, single=False, rng=random.Random(seed)
        )
        assert not sampled.exact
        top = max(ranks, key=lambda r: exact.values[r])
        for r in ranks:
            gap_exact = exact.values[top] - exact.values[r]
            gap_sampled = sampled.values[top] - sampled.values[r]
            assert abs(gap_sampled - gap_exact) <= 0.1, (hand, r, gap_exact, gap_sampled)
