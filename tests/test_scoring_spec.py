"""Every worked example of rules spec §4 and every test vector of Appendix A, one test each.

Names say the rule pinned down; the expected total is explained in the comment or the id.
Where a seed gives no suits, suits are chosen so that no flush or nobs can occur.
"""

from __future__ import annotations

import pytest

from trainer.engine.cards import parse_cards
from trainer.engine.ruleset import Ruleset
from trainer.engine.scoring import score_play, score_show


def show(hand: str, starter: str, ruleset: Ruleset, *, crib: bool = False) -> int:
    return score_show(parse_cards(hand), parse_cards(starter)[0], is_crib=crib, ruleset=ruleset).total


def play(series: str) -> int:
    return score_play(parse_cards(series)).total


# --------------------------------------------------------------------------- show, §4 and App. A


def test_w1_fifteens_pair_and_double_run_8_7_7_6_2(classic: Ruleset) -> None:
    # fifteens 8+7, 8+7', 6+2+7, 6+2+7' = 8; pair of 7s = 2; run 8-7-6 twice = 6 -> 16
    b = score_show(parse_cards("8S 7H 7D 6C"), parse_cards("2S")[0], ruleset=classic)
    assert b.total == 16
    assert b.by_kind() == {"fifteen": 8, "pair": 2, "run": 6, "flush": 0, "nobs": 0}


@pytest.mark.parametrize(
    ("hand", "starter", "pairs_and_runs"),
    [
        ("3S 3H 4D 5C", "KS", 8),  # double run of 3 = 8
        ("3S 3H 4D 5C", "6S", 10),  # double run of 4 = 10
        ("3S 3H 3D 4C", "5S", 15),  # triple run = 15
        ("3S 3H 4D 4C", "5S", 16),  # double-double run = 16
        ("7S 7H 7D KC", "AS", 6),  # pair royal = 6
        ("7S 7H 7D 7C", "AS", 12),  # double pair royal = 12
    ],
    ids=["double-run-3=8", "double-run-4=10", "triple-run=15", "double-double=16", "royal=6", "dpr=12"],
)
def test_w4_shorthand_totals_for_pairs_and_runs(
    classic: Ruleset, hand: str, starter: str, pairs_and_runs: int
) -> None:
    kinds = score_show(parse_cards(hand), parse_cards(starter)[0], ruleset=classic).by_kind()
    assert kinds["pair"] + kinds["run"] == pairs_and_runs


def test_w6_lurch_line_is_below_half_the_target(classic: Ruleset, five_card: Ruleset) -> None:
    # loser < 61 in a 121 game, < 31 in a 61 game, < 91 in a 181 game
    assert classic.lurch_line == 61
    assert five_card.lurch_line == 31


def test_w6_lurch_line_of_seven_card_is_91(seven_card: Ruleset) -> None:
    assert seven_card.lurch_line == 91


def test_w15_five_card_hand_flush_of_three(five_card: Ruleset) -> None:
    # fifteens 4-5-6, Q-5 = 4; run 4-5-6 = 3; hand flush of 3 hearts = 3 -> 10
    assert show("4H 5H QH", "6S", five_card) == 10


def test_w15_with_six_in_hand_and_queen_as_starter_no_flush(five_card: Ruleset) -> None:
    # same cards, 6S in hand and QH the starter: no flush -> 7
    assert show("4H 5H 6S", "QH", five_card) == 7


def test_w16_mendelev_deal_shows(five_card: Ruleset) -> None:
    # A: J-5-5 + 5H = 15 (fifteens 8, pair royal 6, nobs JH 1); B: K-K-J + 5H = 8; crib 9
    assert show("JH 5S 5C", "5H", five_card) == 15
    assert show("KS KC JD", "5H", five_card) == 8
    assert show("9S 7D 8H 6H", "5H", five_card, crib=True) == 9


def test_w18_fifteens_of_a_4_5_j_with_6(classic: Ruleset) -> None:
    # 5+J, A+4+J, 4+5+6 = 6 in fifteens; + run 4-5-6 = 9; nobs only if the J matches
    b = score_show(parse_cards("AS 4H 5D JC"), parse_cards("6S")[0], ruleset=classic)
    assert b.by_kind()["fifteen"] == 6
    assert b.total == 9
    assert show("AS 4H 5D JS", "6S", classic) == 10


def test_w19_double_run_of_four_3_4_5_5_6(classic: Ruleset) -> None:
    # two runs 3-4-5-6 = 8; + fifteens 4 + pair 2 = 14
    b = score_show(parse_cards("3S 4H 5D 5C"), parse_cards("6S")[0], ruleset=classic)
    assert b.by_kind()["run"] == 8
    assert b.total == 14


def test_w20_two_tens_and_two_fives_four_fifteens(classic: Ruleset) -> None:
    # four fifteens (each 10 with each 5) = 8, two pairs = 4 -> 12
    b = score_show(parse_cards("10S 10H 5D 5C"), parse_cards("2S")[0], ruleset=classic)
    assert b.by_kind()["fifteen"] == 8
    assert b.total == 12


def test_w21_4_4_5_6_6_is_24(classic: Ruleset) -> None:
    # fifteens 4x(4-5-6) = 8; pairs 4; runs 4x3 = 12
    assert show("4S 4H 5D 6C", "6S", classic) == 24


def test_w24_flush_rules_of_the_six_card_game(classic: Ruleset) -> None:
    # 4 in hand = 4; with the starter = 5; 3 in hand + starter = 0; crib only with the starter = 5
    assert (
        score_show(parse_cards("2H 4H 6H 8H"), parse_cards("KS")[0], ruleset=classic).by_kind()["flush"] == 4
    )
    assert (
        score_show(parse_cards("2H 4H 6H 8H"), parse_cards("KH")[0], ruleset=classic).by_kind()["flush"] == 5
    )
    assert (
        score_show(parse_cards("2H 4H 6H 8C"), parse_cards("KH")[0], ruleset=classic).by_kind()["flush"] == 0
    )
    crib4 = score_show(parse_cards("2H 4H 6H 8H"), parse_cards("KS")[0], is_crib=True, ruleset=classic)
    assert crib4.by_kind()["flush"] == 0


def test_w26_29_hand_needs_the_jack_of_the_starters_suit(classic: Ruleset) -> None:
    # 8 fifteens = 16, 6 pairs = 12, nobs = 1 -> 29; without the matching jack: 28
    assert show("JD 5H 5C 5S", "5D", classic) == 29
    assert show("JH 5H 5C 5S", "5D", classic) == 28


def test_w27_7_7_8_8_with_9_is_24(classic: Ruleset) -> None:
    # fifteens 4x(7+8) = 8, pairs 4, runs 4x3 = 12
    assert show("7S 7H 8D 8C", "9S", classic) == 24


def test_appendix_3_3_3_4_with_5_is_21(classic: Ruleset) -> None:
    # fifteens 3+3+4+5 three ways = 6; pair royal 6; triple run 3-4-5 = 9 -> 21
    assert show("3S 3H 3D 4C", "5S", classic) == 21


def test_appendix_a_a_2_3_with_3_is_16(classic: Ruleset) -> None:
    # two pairs 4, four runs A-2-3 = 12 -> 16
    assert show("AS AH 2D 3C", "3S", classic) == 16


def test_appendix_heart_flush_with_heart_starter_is_5_hand_and_crib(classic: Ruleset) -> None:
    # 2H 4H 6H 8H + KH: no fifteens (2+4+... none), flush 5 in hand and crib
    assert show("2H 4H 6H 8H", "KH", classic) == 5
    assert show("2H 4H 6H 8H", "KH", classic, crib=True) == 5


def test_appendix_four_card_flush_is_4_in_hand_0_in_crib(classic: Ruleset) -> None:
    assert show("2H 4H 6H 8H", "KS", classic) == 4
    assert show("2H 4H 6H 8H", "KS", classic, crib=True) == 0


def test_appendix_four_fives_with_a_jack_is_28(classic: Ruleset) -> None:
    # fifteens: J with each 5 (4) and each three 5s (4) = 16; double pair royal 12 -> 28
    assert show("5S 5H 5D 5C", "JS", classic) == 28


def test_appendix_4_4_6_6_with_5_is_24(classic: Ruleset) -> None:
    assert show("4S 4H 6D 6C", "5S", classic) == 24


def test_appendix_hoyle_9_6_5_4_with_4_is_14(classic: Ruleset) -> None:
    # fifteens 9+6, 6+5+4, 6+5+4' = 6; pair of 4s = 2; run 4-5-6 twice = 6 -> 14
    assert show("9S 6H 5D 4C", "4S", classic) == 14


def test_appendix_j_q_k_2_with_seven_of_jacks_suit_is_4(classic: Ruleset) -> None:
    # run J-Q-K = 3, nobs 1, no fifteen -> 4
    assert show("JS QH KD 2C", "7S", classic) == 4


def test_appendix_five_card_flush_2h_4h_9h_with_kh_is_6(five_card: Ruleset) -> None:
    # fifteen 2+4+9 = 2, flush of 3 + starter = 4 -> 6
    assert show("2H 4H 9H", "KH", five_card) == 6


# --------------------------------------------------------------------------- the play


def test_w2_seven_makes_fifteen_then_pair_then_six_scores_nothing() -> None:
    assert play("8S 7H") == 2  # dealer makes 15
    assert play("8S 7H 7D") == 2  # pone pairs
    assert play("8S 7H 7D 6C") == 0  # 28: the repeated 7 breaks the run


def test_w3_run_of_four_in_any_order_9_6_8_7() -> None:
    assert play("9S 6H") == 2  # fifteen
    assert play("9S 6H 8D 7C") == 4  # 30: run 6-7-8-9


def test_w8_3_2_5_then_4_is_a_run_of_four() -> None:
    assert play("3S 2H 5D 4C") == 4  # count 14, run 2-3-4-5


def test_w9_3_2_5_ace_4_scores_run_of_five_and_fifteen() -> None:
    assert play("3S 2H 5D AC 4C") == 7  # run A-5 = 5, count 15 = 2


def test_w10_2_a_6_5_3_4_run_of_six_at_21() -> None:
    assert play("2S AH 6D 5C 3S 4H") == 6


@pytest.mark.parametrize(
    "series", ["KS 5H", "JS 5H", "5S 10H", "9S 6H", "6S 8H AD", "4S 8H 2D AC"], ids=lambda s: s
)
def test_w11_fifteens_in_play_score_2(series: str) -> None:
    assert play(series) == 2


def test_w11_non_adjacent_fours_are_no_pair() -> None:
    assert play("6S 4H AD 4C") == 2  # 15 only: 6-4-A-4 has no pair


def test_w12_3_8_4_is_fifteen_but_not_a_run() -> None:
    assert play("3S 8H 4D") == 2


def test_w13_3_6_6_fifteen_and_pair() -> None:
    assert play("3S 6H 6D") == 4


def test_w14_thirty_one_scores_two_and_no_extra_go() -> None:
    # count 24 then a 7 makes 31 = 2 (the count ends; no go point on top)
    assert play("10S 10H 4D 7C") == 2


def test_w22_pair_then_pair_royal_with_fifteen() -> None:
    assert play("5S 5H") == 2
    assert play("5S 5H 5D") == 8  # 15 + pair royal


def test_w23_run_of_five_with_fifteen_then_run_of_six() -> None:
    assert play("AS 2H 5D 4C 3S") == 7  # run A-5 = 5 and count 15 = 2
    assert play("AS 2H 5D 4C 3S 6H") == 6  # run of 6 at 21


def test_w25_nine_six_fifteen_then_no_run() -> None:
    assert play("9C 6C") == 2
    assert play("9C 6C 8S") == 0
    assert play("9C 6C 4H") == 0


def test_run_blocked_by_duplicate_rank_8_7_7_6() -> None:
    assert play("8S 7H 7D 6C") == 0


def test_double_pair_royal_in_play_is_12() -> None:
    assert play("2S 2H 2D 2C") == 12


def test_longest_run_in_one_count_is_seven() -> None:
    assert play("AS 2H 3D 4C 5S 6H 7D") == 7  # count 28


def test_pair_and_run_never_both_score_on_one_card() -> None:
    b = score_play(parse_cards("3S 4H 5D 5C"))
    assert [i.kind for i in b.items] == ["pair"]
