"""`crib discard`, `crib advise-peg` and `crib stats crib-values` end to end through `main()`: the
JSON keys the issue promises, cards typed after one flag, and one-line errors with exit code 2."""

from __future__ import annotations

import json

import pytest
from helpers import run


def test_discard_json_lists_every_option_best_first(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "discard", "5H", "5D", "JC", "QS", "2C", "9D", "--dealer", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["ruleset"] == "classic" and data["dealer"] is True
    assert len(data["options"]) == 15
    keys = {"discard", "keep", "hand_ev", "hand_min", "hand_max", "crib_ev", "heels_ev", "net_ev"}
    assert keys <= set(data["options"][0])
    nets = [o["net_ev"] for o in data["options"]]
    assert nets == sorted(nets, reverse=True)
    first = data["options"][0]
    assert first["net_ev"] == pytest.approx(
        first["hand_ev"] + first["heels_ev"] + first["crib_ev"], abs=0.002
    )


def test_discard_as_pone_subtracts_the_crib_and_has_no_heels(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "discard", "5H", "5D", "JC", "QS", "2C", "--pone", "-r", "five-card", "--json")
    data = json.loads(out)
    assert code == 0 and data["dealer"] is False and len(data["options"]) == 10
    for o in data["options"]:
        assert o["heels_ev"] == 0
        assert o["net_ev"] == pytest.approx(o["hand_ev"] - o["crib_ev"], abs=0.002)


def test_discard_three_player_lays_away_one_card(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "discard", "5H", "5D", "JC", "QS", "9D", "--ruleset", "three-player")
    assert code == 0
    assert "discard to the dealer's crib" in out  # one of two opponents: the dealer
    assert "best" in out


def test_discard_table_shows_the_gap_to_the_best(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "discard", "5H", "5D", "JC", "QS", "2C", "9D", "--dealer", "--top", "3")
    assert code == 0
    assert "gap" in out and "heels" in out
    assert out.count("\n 2 ") + out.count("\n2 ") >= 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["discard", "5H", "5D", "JC", "QS", "2C", "9D", "--dealer", "--pone"], "--dealer and --pone"),
        (["discard", "5H", "5D", "JC", "QS", "2C", "9D", "-r", "five-card"], "deals 5 cards"),
        (["discard", "5H", "5D", "JC", "QS", "2C", "ZZ"], "cannot read card"),
        (["discard", "5H", "5H", "JC", "QS", "2C", "9D"], "duplicate"),
        (["advise-peg", "--hand", "7C", "8D", "4S", "--played", "10H", "5S", "--count", "14"], "no tail"),
        (["advise-peg", "--hand", "7C", "8D", "4S", "-r", "three-player", "--others", "4"], "--others"),
        (["advise-peg", "--hand", "7C", "8D", "4S", "-r", "three-player", "--out", "x"], "whole numbers"),
    ],
)
def test_user_errors_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert message in err
    assert err.startswith("crib: error: ") and err.count("\n") == 1
    assert "Traceback" not in out + err


def test_advise_peg_json_takes_cards_after_one_flag(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "advise-peg", "--hand", "7C", "8D", "4S", "--played", "10H", "5S", "--count", "15", "--json"
    )
    data = json.loads(out)
    assert code == 0 and data["count"] == 15
    assert data["method"] == "exact"
    assert [p["card"] for p in data["plays"]] and set(data["plays"][0]) >= {
        "card",
        "ev",
        "immediate",
        "reason",
    }
    assert {p["card"] for p in data["plays"]} == {"7C", "8D", "4S"}


def test_advise_peg_also_accepts_repeated_flags(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "advise-peg", "--hand", "7C", "--hand", "8D", "--hand=4S", "--played", "10H", "5S", "--json"
    )
    assert code == 0 and json.loads(out)["count"] == 15


def test_advise_peg_text_says_go_when_nothing_fits(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "advise-peg", "--hand", "KC", "QD", "--played", "10H", "10S", "9D")
    assert code == 0 and "say go" in out


def test_advise_peg_text_names_the_model(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "advise-peg", "--hand", "AC", "4D", "9S", "KH")
    assert code == 0 and "sampled" in out and "leads the 4" in out


def test_crib_values_json_is_keyed_by_ranks_low_to_high(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "stats", "crib-values", "--json")
    data = json.loads(out)
    assert code == 0
    assert len(data["own"]) == 91 and len(data["opp"]) == 91
    assert "A-A" in data["own"] and "10-J" in data["own"] and "J-10" not in data["own"]
    assert max(data["own"], key=data["own"].__getitem__) == "5-5"
    assert set(data["schell_mean_abs_difference"]) == {"own", "opp"}


def test_crib_values_suited_detail_and_one_card_tables(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "stats", "crib-values", "--suited", "--json")
    assert code == 0 and set(json.loads(out)["own"]["A-2"]) == {"suited", "offsuit"}
    code, out, _ = run(capsys, "stats", "crib-values", "-r", "three-player", "--json")
    assert code == 0 and len(json.loads(out)["own"]) == 13
    code, out, _ = run(capsys, "stats", "crib-values")
    assert code == 0 and "Schell" in out
