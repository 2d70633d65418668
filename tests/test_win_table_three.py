"""The shipped three-player win table (trainer/_generated/win_three-player.json, built by
scripts/make_win_table.py with numpy): its invariants, the same position read from every seat,
and the dynamic programme against plain simulation of the same sampled deals."""

from __future__ import annotations

import json
import random

import pytest

from trainer.advice.win_table import DATA_DIR, SCALE, NoWinTable, win_chance3, win_table, win_table3

NAME = "three-player"


@pytest.fixture(scope="module")
def table():  # type: ignore[no-untyped-def]
    return win_table3(NAME)


def test_the_file_names_its_generator_sample_and_error() -> None:
    doc = json.loads((DATA_DIR / f"win_{NAME}.json").read_text())
    assert doc["generator"].startswith("scripts/make_win_table.py")
    assert doc["deals"] >= 2000 and doc["level"] == "expert" and doc["target"] == 61
    assert 0 < doc["standard_error"]["mean"] <= 0.01 and doc["standard_error"]["max"] < 0.05
    assert len(doc["cells"]) < 400_000  # packed: 61³ cells in a few hundred kilobytes


def test_it_is_not_read_as_a_two_side_table() -> None:
    with pytest.raises(NoWinTable):
        win_table(NAME)


def test_more_points_never_lower_a_seats_chance(table) -> None:  # type: ignore[no-untyped-def]
    """Monotone in each score, exactly for the stored seats (the same deals are played from every
    score); the right's chance is the rest of two rounded figures, so within 2/10,000."""
    t = table.target
    tol = 2 / SCALE
    for a in range(0, t, 3):
        for b in range(0, t, 3):
            for c in range(t - 1):
                here = table.seats(a, b, c)
                up = table.seats(a, b, c + 1)
                assert up[2] >= here[2] - tol and up[0] <= here[0] and up[1] <= here[1], (a, b, c)
    for b in range(0, t, 4):
        for c in range(0, t, 4):
            for a in range(t - 1):
                here, up = table.seats(a, b, c), table.seats(a + 1, b, c)
                assert up[0] >= here[0] and up[1] <= here[1] and up[2] <= here[2] + tol, (a, b, c)
            for x in range(t - 1):
                here, up = table.seats(b, x, c), table.seats(b, x + 1, c)
                assert up[1] >= here[1] and up[0] <= here[0] and up[2] <= here[2] + tol, (b, x, c)


def test_the_three_chances_add_up_to_one(table) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(61)
    for _ in range(500):
        scores = [rng.randrange(61) for _ in range(3)]
        got = table.seats(*scores)
        assert sum(got) == pytest.approx(1.0, abs=1e-9) and min(got) >= 0.0


def test_the_edges_are_sure_wins(table) -> None:  # type: ignore[no-untyped-def]
    """One short, against two who cannot make 61 in one deal, wins for certain: the dealer's left
    counts first; the dealer, or the next seat, scores before anyone else can finish."""
    assert table.seats(0, 60, 0)[1] == 1.0
    assert table.seats(61, 3, 5) == (1.0, 0.0, 0.0)
    assert table.seats(60, 0, 0)[0] >= 0.999 and table.seats(0, 0, 60)[2] >= 0.999


def test_the_same_position_from_every_seat_adds_up_and_turns_with_the_deal() -> None:
    """Scores are given from the asking player's seat clockwise; the three players asking about
    one position see their own chances, which add up to one, whoever deals."""
    position = {0: 40, 1: 52, 2: 47}  # seat: score, seats clockwise
    for dealer in range(3):
        total = 0.0
        for me in range(3):
            scores = [position[(me + k) % 3] for k in range(3)]
            total += win_chance3(NAME, scores, dealer=(dealer - me) % 3)
        assert total == pytest.approx(1.0, abs=1e-9)


def test_equal_scores_favour_the_dealer_and_then_the_seat_that_counts_first(table) -> None:
    """From 0-0-0 the dealer (the crib) is favoured; near the end, level at 55, the dealer's left
    counts first and is favoured over the dealer's right, who counts second."""
    d, left, right = table.seats(0, 0, 0)
    assert d > left > right and 0.2 < right < d < 0.5
    d, left, right = table.seats(55, 55, 55)
    assert left > right


def _play_game(rows: list[list[int]], scores: list[int], rng: random.Random, target: int) -> int:
    """One game from `scores` (seats from this deal's dealer) with deals drawn from the sample:
    the seat (from the first dealer) that reaches the target first."""
    dealer = 0
    while True:
        row = rows[rng.randrange(len(rows))]
        for code in row:
            seat = (dealer + (code & 3)) % 3
            scores[seat] += code >> 4
            if scores[seat] >= target:
                return seat
        dealer = (dealer + 1) % 3


@pytest.mark.parametrize("start", [(40, 45, 50), (55, 50, 58), (20, 10, 30)])
def test_the_table_agrees_with_games_played_from_its_own_deals(table, start) -> None:  # type: ignore[no-untyped-def]
    """Games simulated from the same sampled deals land within four standard errors of the
    table (the table is their exact expectation; 3,000 games give an error of about 0.009)."""
    rows = json.loads((DATA_DIR / f"deals_{NAME}.json").read_text())["events"]
    rng = random.Random(sum(start))
    games = 3000
    wins = [0, 0, 0]
    for _ in range(games):
        wins[_play_game(rows, list(start), rng, table.target)] += 1
    for seat, p in enumerate(table.seats(*start)):
        err = max(0.004, (p * (1 - p) / games) ** 0.5)
        assert wins[seat] / games == pytest.approx(p, abs=4 * err + 1 / SCALE), (seat, wins, p)
