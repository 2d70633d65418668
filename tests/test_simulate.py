"""`crib simulate`: computer-vs-computer games, wins per seat or team, points per deal by source."""

from __future__ import annotations

import json

import pytest
from helpers import run

from trainer.content.rulesets import load_ruleset
from trainer.engine.bots import simulate


@pytest.mark.parametrize(
    ("ruleset", "sides"),
    [("classic", 2), ("five-card", 2), ("seven-card", 2), ("three-player", 3), ("partnership", 2)],
)
def test_simulate_json_shape_per_variant(
    capsys: pytest.CaptureFixture[str], ruleset: str, sides: int
) -> None:
    code, out, err = run(capsys, "simulate", "--ruleset", ruleset, "--games", "20", "--seed", "7", "--json")
    assert code == 0 and err == ""  # no progress bar with --json
    data = json.loads(out)
    assert data["ruleset"] == ruleset and data["games"] == 20
    assert len(data["wins"]) == sides and sum(data["wins"]) == 20
    for source in ("pegging", "hand", "crib", "heels"):
        assert len(data["avg_points_per_deal"][source]) == sides
    assert isinstance(data["lurches"], int) and data["avg_deals_per_game"] > 1


def test_same_seed_same_report() -> None:
    rules = load_ruleset("classic")
    assert simulate(rules, games=30, seed=3).to_json() == simulate(rules, games=30, seed=3).to_json()
    assert simulate(rules, games=30, seed=3).to_json() != simulate(rules, games=30, seed=4).to_json()


def test_five_card_compensation_is_reported_as_its_own_source() -> None:
    report = simulate(load_ruleset("five-card"), games=40, seed=1)
    comp = report.avg_points_per_deal()["compensation"]
    # 3 points once per game, to the first deal's pone.
    assert sum(report.points["compensation"]) == 3 * 40 and sum(comp) > 0


def test_pooled_partnership_points_are_counted_per_team() -> None:
    report = simulate(load_ruleset("partnership"), games=20, seed=2)
    assert len(report.wins) == 2 and sum(report.wins) == 20


def test_simulate_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--ruleset", "three-player", "--games", "10", "--seed", "1")
    assert code == 0
    assert "average points per deal" in out and "player 3" in out
    assert "lurches: not defined for this ruleset" in out
    assert "a game lasts" in out and "deals on average" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--games", "0"], "0 is not in the range 1<=x<=20000"),
        (["--bot", "clever"], "unknown bot 'clever': choose one of random, greedy"),
        (["--ruleset", "nope"], "unknown ruleset 'nope'"),
    ],
    ids=["no-games", "unknown-bot", "unknown-ruleset"],
)
def test_simulate_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, _, err = run(capsys, "simulate", *argv)
    assert code == 2 and message in err and err.count("\n") == 1
