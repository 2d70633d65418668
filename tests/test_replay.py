"""`crib replay`: the shipped deals replay to the totals they document, and every mistake in a deal
file ends in one clear line naming file, line and key (exit 2), or the illegal action (exit 1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run

from trainer.cli.app import main
from trainer.content.deals import DealFileError, load_deal, replay, replay_or_raise
from trainer.engine.errors import IllegalAction

DEALS = Path(__file__).resolve().parents[1] / "deals"
GOOD = sorted(p.name for p in DEALS.glob("*.yaml") if "as-printed" not in p.name)


@pytest.mark.parametrize("name", GOOD)
def test_shipped_deal_replays_to_its_expected_totals(name: str) -> None:
    result = replay_or_raise(load_deal(DEALS / name))
    script = result.script
    assert script.expect_scores is not None, "every shipped deal states its expected scores"
    assert result.scores == script.expect_scores


def test_one_shipped_deal_per_variant() -> None:
    variants = {load_deal(DEALS / name).ruleset.variant for name in GOOD}
    assert variants == {"classic6", "five_card", "seven_card", "three_player", "four_partners"}


def test_mendelev_deal_w16_totals_21_and_19(capsys: pytest.CaptureFixture[str]) -> None:
    # Spec §4 W16 with the correction: A 3 + 3 + 15 = 21, B 2 + 8 + 9 = 19 (S1 prints A 18).
    code, out, err = run(capsys, "--ascii", "replay", str(DEALS / "mendelev-five-card.yaml"))
    assert code == 0 and err == ""
    assert "plays 5C  count 30  (pair 2)" in out
    assert "end of the deal: A 21 – B 19" in out


def test_mendelev_deal_as_printed_stops_at_the_wrong_go(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--ascii", "replay", str(DEALS / "mendelev-five-card-as-printed.yaml"))
    assert code == 1
    assert "go (count 25)" in out  # the events before the error are printed
    assert err.strip().endswith("play 5 (A: go): A (seat 0) said go holding 5C at count 25")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "mendelev-five-card-as-printed.yaml:17:" in err


def test_replay_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", str(DEALS / "mendelev-five-card.yaml"), "--json")
    data = json.loads(out)
    assert code == 0
    assert data["scores"] == [21, 19] and data["winner"] is None
    play = next(e for e in data["events"] if e["type"] == "play" and e["card"] == "5C")
    assert {k: play[k] for k in ("seat", "card", "count", "points")} == {
        "seat": 0,
        "card": "5C",
        "count": 30,
        "points": 2,
    }
    assert play["items"][0]["kind"] == "pair" and play["scores"] == [5, 2]


def test_replay_json_reports_the_winner(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", str(DEALS / "pone-counts-out.yaml"), "--json")
    data = json.loads(out)
    assert code == 0 and data["winner"] == 0 and data["scores"] == [121, 111]
    assert data["events"][-1]["type"] == "game_over"
    assert not any(e["type"] == "hand" and e["seat"] == 1 for e in data["events"])


def test_replay_json_with_an_illegal_action_still_prints_the_events(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "replay", str(DEALS / "mendelev-five-card-as-printed.yaml"), "--json")
    data = json.loads(out)
    assert code == 1 and "said go holding 5C" in data["error"] and err.startswith("crib: error:")


# ----------------------------------------------------------------------------- mistakes in deal files


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "deal.yaml"
    path.write_text(text, encoding="utf-8")
    return path


BASE = """\
ruleset: five-card
players: [A, B]
dealer: B
hands:
  A: JH 9S 7D 5S 5C
  B: KS KC JD 8H 6H
discards:
  A: 9S 7D
  B: 8H 6H
starter: 5H
plays: [JH, JD, 5S, go, 5C]
"""


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            ("starter: 5H", "startr: 5H"),
            "deal.yaml:10: key 'startr': unknown key 'startr'; did you mean 'starter'?",
        ),
        (("  A: 9S 7D", "  A: 9S 7X"), "deal.yaml:8: key 'discards.A': card 2 of 2: cannot read card '7X'"),
        (("dealer: B", "dealer: Z"), "deal.yaml:3: key 'dealer': unknown player 'Z': players are A, B"),
        (
            ("ruleset: five-card", "ruleset: fiv-card"),
            "deal.yaml:1: key 'ruleset': unknown ruleset 'fiv-card'",
        ),
        (("players: [A, B]", "players: [A, B, C]"), "the five-card ruleset has 2 players, not 3"),
        (("plays: [JH, JD, 5S, go, 5C]", "plays: [JH, JD]"), "the plays stop before the play is over"),
        (("starter: 5H", "starter: 5S"), "the starter 5S is not in the pack (it was dealt)"),
        (
            ("  B: KS KC JD 8H 6H", "  B: KS KC JD 8H"),
            "deal.yaml:4: deal: B (seat 1) must be dealt 5 cards, not 4",
        ),
    ],
    ids=[
        "unknown-key",
        "bad-card",
        "unknown-player",
        "unknown-ruleset",
        "too-many-players",
        "plays-unfinished",
        "starter-dealt",
        "short-hand",
    ],
)
def test_deal_file_errors_name_file_line_and_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: tuple[str, str], message: str
) -> None:
    path = write(tmp_path, BASE.replace(*change))
    code, _, err = run(capsys, "replay", str(path))
    assert code in (1, 2)
    assert message in err, err
    assert err.startswith("crib: error:") and err.count("\n") == 1


def test_broken_yaml_names_the_line(short_tmp: Path) -> None:
    path = write(short_tmp, BASE.replace("plays: [JH, JD, 5S, go, 5C]", "plays: [JH, JD"))
    with pytest.raises(DealFileError, match=r"deal.yaml:\d+: broken YAML"):
        load_deal(path)


def test_missing_file_and_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "replay", str(tmp_path / "nope.yaml"))
    assert code == 2 and "no such deal file" in err
    code, _, err = run(capsys, "replay", str(tmp_path))
    assert code == 2 and "is a folder" in err


def test_an_illegal_play_exits_1_with_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, BASE.replace("plays: [JH, JD, 5S, go, 5C]", "plays:\n  - JH\n  - 5S\n"))
    code, _, err = run(capsys, "replay", str(path))
    assert code == 1
    assert "deal.yaml:13: play 2 (B: 5S): B (seat 1) does not hold 5S" in err


def test_a_wrong_expectation_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, BASE + "expect:\n  scores: [18, 19]\n")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 1 and "the replay ends [21, 19], but the file expects [18, 19]" in err
    last = out.splitlines()[-1].split()  # the deal ran to its end: B's crib, then 21-19
    assert last[:9] == ["15", "B", "crib", "9♠", "7♦", "8♥", "6♥", "+", "5♥"] and last[-2:] == ["21", "19"]


def test_claims_in_the_show_and_the_play(tmp_path: Path) -> None:
    # Muggins off: an undercount is simply lost. A claims 12 of 15 and a play point he misses.
    text = BASE.replace("plays: [JH, JD, 5S, go, 5C]", "plays: [JH, JD, 5S, go, {card: 5C, claimed: 0}]")
    result = replay_or_raise(load_deal(write(tmp_path, text + "claims: {A: 12}\n")))
    assert result.scores == (3 + 1 + 12, 19)


def test_stacked_deck_needs_a_starter_or_cut(tmp_path: Path) -> None:
    text = (
        "ruleset: classic\ndealer: 1\ndeck: 5H 7C 5D 8D JS 9H 6C 3S 4S QD KC 2C\ndiscards: [6C KC, QD 2C]\n"
    )
    with pytest.raises(DealFileError, match="give the starter card"):
        load_deal(write(tmp_path, text))
    result = replay(load_deal(write(tmp_path, text + "cut: 2\nplays: []\n")))
    assert isinstance(result.error, IllegalAction) and "a cut lifts 4 to" in str(result.error)


def test_replay_by_shipped_name_and_listing(capsys: pytest.CaptureFixture[str]) -> None:
    """`crib replay NAME` finds a shipped deal (also from the wheel); no argument lists them."""

    assert main(["replay", "mendelev-five-card", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["scores"] == [21, 19]
    assert main(["replay", "--json"]) == 0
    names = {d["name"] for d in json.loads(capsys.readouterr().out)["deals"]}
    assert {"mendelev-five-card", "three-player", "partnership"} <= names
