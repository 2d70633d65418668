"""Discard analysis: the hand part is exact (a brute-force average of score_show over every unseen
starter), the options are complete and ranked, and the net formula adds or subtracts the crib."""

from __future__ import annotations

from itertools import combinations

import pytest

from trainer.advice.crib_values import crib_table
from trainer.advice.discard import analyse_discard, find_option
from trainer.engine.cards import Card, full_deck, parse_cards
from trainer.engine.errors import CribError
from trainer.engine.ruleset import Ruleset
from trainer.engine.scoring import score_show


def brute_force(keep: tuple[Card, ...], hand: tuple[Card, ...], ruleset: Ruleset) -> list[int]:
    return [score_show(keep, s, ruleset=ruleset).total for s in full_deck() if s not in hand]


@pytest.mark.parametrize(
    ("rules_name", "cards"),
    [
        ("classic", "5H 5D JC QS 2C 9D"),  # 4 kept of 6 over 46 starters
        ("classic", "2H 4H 6H 8H QS KC"),  # a kept 4-card flush (4, 5 with a heart)
        ("five-card", "5H 5D JC QS 2C"),  # 3 kept of 5 over 47 starters
        ("seven-card", "5H 5D JC QS 2C 9D 4S"),  # 5 kept of 7 over 45 starters
        ("three-player", "5H 5D JC QS 9D"),  # 4 kept of 5 (one thrown) over 47 starters
        ("partnership", "JH 4H 7H 8H 2C"),  # nobs with a heart starter, 4-card flush
    ],
)
def test_hand_expectation_is_the_brute_force_average_over_every_unseen_starter(
    rules_name: str, cards: str, request: pytest.FixtureRequest
) -> None:
    fixture = {
        "classic": "classic",
        "five-card": "five_card",
        "seven-card": "seven_card",
        "three-player": "three_player",
        "partnership": "partnership",
    }[rules_name]
    rules: Ruleset = request.getfixturevalue(fixture)
    hand = parse_cards(cards)
    for dealer in (True, False):
        options = analyse_discard(hand, dealer=dealer, ruleset=rules)
        for option in options:
            totals = brute_force(option.keep, hand, rules)
            assert len(totals) == 52 - len(hand)
            assert option.hand_ev == pytest.approx(sum(totals) / len(totals), abs=1e-12)
            assert option.hand_min == min(totals) and option.hand_max == max(totals)
            by_starter = dict(zip([s for s in full_deck() if s not in hand], totals, strict=True))
            assert set(option.max_starters) == {s for s, t in by_starter.items() if t == max(totals)}
            assert set(option.min_starters) == {s for s, t in by_starter.items() if t == min(totals)}


@pytest.mark.parametrize(
    ("fixture", "cards", "options"),
    [
        ("classic", "5H 5D JC QS 2C 9D", 15),  # C(6, 2)
        ("five_card", "5H 5D JC QS 2C", 10),  # C(5, 2)
        ("seven_card", "5H 5D JC QS 2C 9D 4S", 21),  # C(7, 2)
        ("three_player", "5H 5D JC QS 9D", 5),  # C(5, 1)
        ("partnership", "5H 5D JC QS 9D", 5),
    ],
)
def test_every_discard_is_listed_once(
    fixture: str, cards: str, options: int, request: pytest.FixtureRequest
) -> None:
    rules: Ruleset = request.getfixturevalue(fixture)
    result = analyse_discard(parse_cards(cards), dealer=False, ruleset=rules)
    assert len(result) == options
    assert len({frozenset(o.discard) for o in result}) == options
    assert all(len(o.discard) == rules.deal.discard_per_player for o in result)
    assert all(len(o.keep) == rules.hand_size for o in result)


def test_options_are_ranked_best_first_by_net(classic: Ruleset) -> None:
    result = analyse_discard(parse_cards("5H 5D JC QS 2C 9D"), dealer=True, ruleset=classic)
    nets = [o.net_ev for o in result]
    assert nets == sorted(nets, reverse=True)


def test_net_adds_crib_and_heels_for_the_dealer_and_subtracts_the_crib_for_the_pone(
    classic: Ruleset,
) -> None:
    hand = parse_cards("5H 5D JC QS 2C 9D")
    table = crib_table(classic)
    for o in analyse_discard(hand, dealer=True, ruleset=classic):
        assert o.crib_ev == pytest.approx(table.value(o.discard, own=True))
        assert o.net_ev == pytest.approx(o.hand_ev + o.heels_ev + o.crib_ev)
    for o in analyse_discard(hand, dealer=False, ruleset=classic):
        assert o.crib_ev == pytest.approx(table.value(o.discard, own=False))
        assert o.heels_ev == 0
        assert o.net_ev == pytest.approx(o.hand_ev - o.crib_ev)


def test_heels_is_two_points_times_the_chance_of_a_jack_starter(classic: Ruleset) -> None:
    # JC in hand: 3 jacks among the 46 unseen cards -> 2 * 3/46
    option = analyse_discard(parse_cards("5H 5D JC QS 2C 9D"), dealer=True, ruleset=classic)[0]
    assert option.heels_ev == pytest.approx(2 * 3 / 46)


def test_keeping_the_double_fives_with_ten_cards_beats_throwing_them_to_the_opponent(
    classic: Ruleset,
) -> None:
    # 5-5-J-Q averages over 12 points; throwing 5-5 to the opponent's crib gives him ~9
    best = analyse_discard(parse_cards("5H 5D JC QS 2C 9D"), dealer=False, ruleset=classic)[0]
    assert set(best.keep) >= set(parse_cards("5H 5D"))


def test_the_29_hand_is_the_maximum_with_the_right_five(classic: Ruleset) -> None:
    option = find_option(
        analyse_discard(parse_cards("5H 5C 5S JD 2C 9D"), dealer=True, ruleset=classic),
        parse_cards("2C 9D"),
    )
    assert option.hand_max == 29 and option.max_starters == (Card.parse("5D"),)


def test_wrong_hand_size_is_a_one_line_error(classic: Ruleset) -> None:
    with pytest.raises(CribError, match="deals 6 cards"):
        analyse_discard(parse_cards("5H 5D JC QS 2C"), dealer=True, ruleset=classic)


def test_find_option_rejects_cards_not_in_the_hand(classic: Ruleset) -> None:
    options = analyse_discard(parse_cards("5H 5D JC QS 2C 9D"), dealer=True, ruleset=classic)
    with pytest.raises(CribError, match="not a discard"):
        find_option(options, parse_cards("KH KS"))


def test_every_split_of_a_hand_is_a_combination_of_the_dealt_cards(five_card: Ruleset) -> None:
    hand = parse_cards("AH 2H 3H 4H 5H")
    result = analyse_discard(hand, dealer=True, ruleset=five_card)
    assert {frozenset(o.discard) for o in result} == {frozenset(c) for c in combinations(hand, 2)}
