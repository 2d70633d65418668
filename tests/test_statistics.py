"""Exact distributions against the published tables (Lumetta, "Amusing Cribbage Facts";
Wikipedia "Cribbage statistics") and the spec's verified facts (Appendix A)."""

from __future__ import annotations

import random
from itertools import product

import pytest

from trainer.content.rulesets import load_ruleset
from trainer.engine import statistics
from trainer.engine.cards import full_deck
from trainer.engine.scoring import score_show
from trainer.engine.statistics import ruleset_distribution, score_distribution

# Number of 4-card hands + starter scoring each total (all 12,994,800), hand flush rule.
PUBLISHED_HAND = {
    0: 1009008, 1: 99792, 2: 2813796, 3: 505008, 4: 2855676, 5: 697508, 6: 1800268,
    7: 751324, 8: 1137236, 9: 361224, 10: 388740, 11: 51680, 12: 317340, 13: 19656,
    14: 90100, 15: 9168, 16: 58248, 17: 11196, 18: 2708, 20: 8068, 21: 2496, 22: 444,
    23: 356, 24: 3680, 28: 76, 29: 4,
}  # fmt: skip


def test_classic_hand_distribution_equals_the_published_table() -> None:
    dist = score_distribution(4)
    assert dist.combinations == 12_994_800
    assert dist.counts == PUBLISHED_HAND  # both tails: 0 -> 1,009,008 ... 29 -> 4
    assert round(dist.mean, 4) == 4.7692


def test_crib_distribution_has_1022208_zero_point_cribs() -> None:
    dist = score_distribution(4, crib=True)
    assert dist.counts[0] == 1_022_208
    assert dist.combinations == 12_994_800
    assert round(dist.mean, 4) == 4.7348


@pytest.mark.parametrize("crib", [False, True], ids=["hand", "crib"])
def test_no_four_card_show_scores_19_25_26_27(crib: bool) -> None:
    assert score_distribution(4, crib=crib).impossible() == [19, 25, 26, 27]


def test_three_card_hands_of_the_five_card_game_never_score_16_to_19() -> None:
    dist = ruleset_distribution(load_ruleset("five-card"))
    assert dist.combinations == 22100 * 49
    assert dist.max_score == 20
    assert dist.impossible() == [16, 17, 18, 19]


def test_five_card_hands_of_the_seven_card_game_max_46_and_gaps() -> None:
    dist = ruleset_distribution(load_ruleset("seven-card"))
    assert dist.combinations == 122_151_120
    assert dist.max_score == 46
    assert dist.impossible() == [35, 41, 42, 43, 44, 45]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("hand_size", "crib"), [(3, False), (4, False), (4, True), (5, False)], ids=["3", "4", "4-crib", "5"]
)
def test_closed_form_suit_counts_equal_brute_force(hand_size: int, crib: bool) -> None:
    """For sampled rank multisets, count every real suit assignment card by card and compare
    with the closed form the fast distribution uses (flush and nobs weights). The full 3-card
    table was also checked by brute force over all 1,082,900 combinations (26 s; not in CI)."""
    rng = random.Random(hand_size * 10 + crib)
    multisets = statistics._multisets(hand_size + 1)
    by_rank = {r: [c for c in full_deck() if int(c.rank) == r] for r in range(1, 14)}
    for m in rng.sample(multisets, 40 if hand_size < 5 else 8):
        base = statistics._rank_score(m)
        for s in range(1, 14):
            if not m[s]:
                continue
            fast: dict[int, int] = {}
            statistics._add_starter(fast, m, s, base, hand_size, hand_size + 1, 0 if crib else hand_size)
            slow: dict[int, int] = {}
            hand_ranks = [r for r in range(1, 14) for _ in range(m[r] - (r == s))]
            for hand in _hands(hand_ranks, by_rank):
                for starter in by_rank[s]:
                    if starter in hand:
                        continue
                    total = score_show(hand, starter, is_crib=crib).total
                    slow[total] = slow.get(total, 0) + 1
            assert fast == slow, (m, s)


def _hands(ranks: list[int], by_rank: dict[int, list]) -> list[tuple]:
    out: list[tuple] = []
    for combo in product(*(by_rank[r] for r in ranks)):
        if len(set(combo)) == len(combo) and list(combo) == sorted(combo):
            out.append(combo)
    return out


def test_rarity_one_in() -> None:
    dist = score_distribution(4)
    assert dist.one_in(29) == pytest.approx(12_994_800 / 4)
    assert dist.one_in(19) is None
