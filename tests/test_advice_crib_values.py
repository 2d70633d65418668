"""The shipped crib table: complete for every deal shape, symmetric, anchored to the exact mean of a
random crib, 5-5 the best throw, and close to Schell's published table (the README reports the
measured distance; the test allows 0.15 points of mean absolute difference)."""

from __future__ import annotations

from itertools import combinations

import pytest

from trainer.advice.crib_model import (
    class_weights,
    crib_average,
    random_table,
    simulate,
    weighted_mean,
)
from trainer.advice.crib_values import (
    crib_table,
    encode,
    load_table,
    mean_abs_difference,
    pair_code,
    raw_table,
    reference,
    table_from_json,
    table_names,
)
from trainer.engine.cards import full_deck, parse_cards
from trainer.engine.fastscore import show_total_idx
from trainer.engine.ruleset import Deal, Flush, Ruleset
from trainer.engine.statistics import score_distribution

SCHELL_TOLERANCE = 0.15  # mean absolute difference, points, over the 91 rank pairs
EXACT_RANDOM_CRIB_MEAN = score_distribution(4, crib=True).mean  # 4.7348...


def test_the_exact_random_crib_mean_is_4_7348() -> None:
    assert round(EXACT_RANDOM_CRIB_MEAN, 4) == 4.7348


def test_every_builtin_ruleset_has_a_table_of_its_own(
    classic: Ruleset, five_card: Ruleset, seven_card: Ruleset, three_player: Ruleset, partnership: Ruleset
) -> None:
    assert set(table_names()) == {"classic6", "five_card", "seven_card", "three_player", "four_partners"}
    for rules in (classic, five_card, seven_card, three_player, partnership):
        table = crib_table(rules)
        assert table.exact_shape
        assert table.discard == rules.deal.discard_per_player


def test_a_house_deal_without_a_table_uses_the_nearest_shape_and_says_so() -> None:
    house = Ruleset(
        name="three-six",
        players=3,
        deal=Deal(cards_per_player=6, to_crib_from_stock=1, discard_per_player=1),
        flush=Flush(hand_min=5),
    )
    table = crib_table(house)
    assert table.name == "three_player" and not table.exact_shape


def test_the_value_of_a_throw_does_not_depend_on_the_order_of_the_two_cards(classic: Ruleset) -> None:
    table = crib_table(classic)
    for a, b in combinations(full_deck(), 2):
        for own in (True, False):
            assert table.value([a, b], own=own) == table.value([b, a], own=own)


@pytest.mark.parametrize("name", ["classic6", "five_card", "seven_card", "three_player", "four_partners"])
def test_the_random_table_averages_to_the_exact_random_crib_mean(name: str) -> None:
    # Every other crib card random: averaged over all throws this is a uniformly random crib.
    table = load_table(name)
    assert weighted_mean(dict(table.values["random"]), table.discard) == pytest.approx(
        EXACT_RANDOM_CRIB_MEAN, abs=1e-3
    )


@pytest.mark.slow
def test_random_crib_value_of_one_throw_is_the_brute_force_average(classic: Ruleset) -> None:
    # 5H JS offsuit: average over the 1,225 pairs the other player could throw and 48 starters
    thrown = [c.index for c in parse_cards("5H JS")]
    rest = [c for c in range(52) if c not in thrown]
    total = n = 0
    for d in combinations(rest, 2):
        for s in rest:
            if s not in d:
                total += show_total_idx([*thrown, *d], s, is_crib=True)
                n += 1
    assert random_table(classic)[pair_code(*thrown)] == pytest.approx(total / n, abs=1e-9)


def test_crib_average_excludes_cards_held_elsewhere_from_the_starters() -> None:
    crib = [c.index for c in parse_cards("5H 5D JC QS")]
    others = [c.index for c in parse_cards("5S 5C 10H 10S")]
    starters = [s for s in range(52) if s not in crib and s not in others]
    want = sum(show_total_idx(crib, s, is_crib=True) for s in starters) / len(starters)
    assert crib_average(crib, others) == pytest.approx(want)


@pytest.mark.parametrize("name", ["classic6", "five_card", "seven_card"])
def test_five_five_is_the_best_throw_to_ones_own_crib(name: str) -> None:
    table = load_table(name)
    own = table.means("own")
    assert max(own, key=own.__getitem__) == "5-5"


@pytest.mark.parametrize("name", ["three_player", "four_partners"])
def test_a_five_is_the_best_single_card_to_ones_own_crib(name: str) -> None:
    table = load_table(name)
    own = table.means("own")
    assert max(own, key=own.__getitem__) == "5"


@pytest.mark.parametrize("name", ["classic6", "five_card", "seven_card"])
def test_a_defended_crib_is_worth_less_than_a_random_one_and_a_fed_crib_more(name: str) -> None:
    # own: the opponent throws defensively into my crib; opp: the dealer feeds his own crib
    table = load_table(name)
    means = {w: weighted_mean(dict(table.values[w]), 2) for w in ("own", "opp", "random")}
    assert means["own"] < means["random"] < means["opp"]


def test_agreement_with_schells_published_table_within_tolerance(classic: Ruleset) -> None:
    table = crib_table(classic)
    ref = reference()
    for which in ("own", "opp"):
        mad = mean_abs_difference(table.means(which), ref[which])
        assert mad <= SCHELL_TOLERANCE, f"{which}: mean |ours - Schell| = {mad:.3f}"


def test_suited_throws_are_worth_a_little_more_than_offsuit_ones(classic: Ruleset) -> None:
    # a suited pair of the four crib cards can become a five-card crib flush; the gain is small
    table = crib_table(classic).suited("own")
    gains = [v["suited"] - v["offsuit"] for v in table.values() if "suited" in v]
    assert sum(gains) / len(gains) > 0
    assert max(abs(g) for g in gains) < 0.5


def test_json_round_trip_keeps_every_value() -> None:
    entry = raw_table("classic6")
    table = table_from_json("classic6", entry)
    assert encode(table.values["own"], 2) == entry["own"]


@pytest.mark.slow
def test_the_generator_runs_end_to_end_on_a_small_pool(five_card: Ruleset) -> None:
    # A tiny pool is noisy but must already show the structure: fed cribs beat defended ones.
    result = simulate(five_card, samples=120, seed=7, max_iterations=2)
    assert result.iterations == 2 and len(result.changes) == 2
    weights = class_weights(2)
    assert set(result.own) == set(weights) == set(result.opp)
    assert weighted_mean(result.own, 2) < weighted_mean(result.random, 2) < weighted_mean(result.opp, 2)
