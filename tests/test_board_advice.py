"""`crib discard --score` and `crib advise-peg --score`: decisions by the chance to win at the actual
score, on named end-of-game positions worked by hand (classic, to 121), and the contract that
without --score nothing changes."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from typing import Any

import pytest

from trainer.cli.app import main


def _json(argv: list[str]) -> Any:
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(argv)
    assert code == 0, (argv, out.getvalue())
    return json.loads(out.getvalue())


def _error(argv: list[str]) -> str:
    err = io.StringIO()
    with redirect_stderr(err), redirect_stdout(io.StringIO()):
        code = main(argv)
    assert code == 2
    return err.getvalue()


def _keep(option: dict[str, Any]) -> set[str]:
    return set(option["keep"])


HAND = ["5H", "5D", "JC", "QS", "2C", "9D"]


def test_without_score_the_json_is_as_before() -> None:
    data = _json(["discard", *HAND, "--json"])
    assert "score" not in data and all("win" not in o for o in data["options"])
    plays = _json(["advise-peg", "--hand", "4C", "6S", "AD", "JS", "--json"])
    assert "score" not in plays and all("win" not in p for p in plays["plays"])


def test_with_score_every_option_has_its_chance_beside_the_points() -> None:
    plain = _json(["discard", *HAND, "--json"])["options"]
    data = _json(["discard", *HAND, "--score", "60:60", "--json"])
    assert data["score"] == [60, 60] and data["ranked_by"] == "win"
    wins = [o["win"] for o in data["options"]]
    assert wins == sorted(wins, reverse=True) and all(0 <= w <= 1 for w in wins)
    by_throw = {tuple(o["discard"]): o["net_ev"] for o in plain}
    assert all(by_throw[tuple(o["discard"])] == o["net_ev"] for o in data["options"])


def test_early_in_the_game_the_chance_and_the_points_agree() -> None:
    """At 20-25 a point is a point: the best discard by points is the best by the chance to win."""
    plain = _json(["discard", *HAND, "--json"])["options"]
    data = _json(["discard", *HAND, "--score", "20:25", "--json"])["options"]
    assert set(data[0]["discard"]) == set(plain[0]["discard"])


def test_pone_at_117_with_four_sure_points_has_won_whatever_he_throws() -> None:
    """Pone (counts first) at 117 needs 4; every hand but one keeps a fifteen and a pair or two
    fifteens (5-5-J-Q: 8 sure), and the dealer at 90 cannot peg 31 first."""
    data = _json(["discard", *HAND, "--score", "117:90", "--pone", "--json"])["options"]
    assert data[0]["win"] == 1.0
    assert {tuple(o["discard"]) for o in data if o["win"] == 1.0} >= {("2C", "9D")}


def test_pone_needing_four_keeps_the_sure_four_not_the_bigger_average() -> None:
    """4-4-5-8-8-K at 117 as pone: by the average 4-4-5-8 (pair, and 8s for fifteens with a 7);
    but only 4-4-5-K holds 4 whatever the cut (fifteen two and a pair)."""
    hand = ["4H", "4D", "5S", "8D", "8C", "KC"]
    plain = _json(["discard", *hand, "--json"])["options"]
    data = _json(["discard", *hand, "--score", "117:100", "--pone", "--json"])["options"]
    assert _keep(plain[0]) != {"4H", "4D", "5S", "KC"}
    assert _keep(data[0]) == {"4H", "4D", "5S", "KC"}
    assert data[0]["win"] > 0.95


def test_dealer_far_behind_against_a_pone_who_must_go_out_has_almost_no_chance() -> None:
    data = _json(["discard", *HAND, "--score", "90:117", "--dealer", "--json"])["options"]
    assert data[0]["win"] < 0.1


def test_dealer_needing_twelve_goes_for_the_hand_that_makes_it() -> None:
    """Dealer at 109 needs 12 with the crib, the pone at 100 is well short: the best chance keeps
    the 5-5-J-Q (12.7 on average, never less than 10) and the chance is high."""
    data = _json(["discard", *HAND, "--score", "109:100", "--dealer", "--json"])["options"]
    assert _keep(data[0]) == {"5H", "5D", "JC", "QS"}
    assert data[0]["win"] > 0.7


def test_a_sure_win_makes_every_lead_equally_good() -> None:
    """Pone at 117 holding 4-6-A-J with a 9 cut counts 4 first (6-9 and J-4-A, two fifteens), and
    the dealer at 90 cannot peg 31: every lead wins, all at 100%."""
    argv = ["advise-peg", "--hand", "4C", "6S", "AD", "JS", "--starter", "9D", "--discarded", "9H", "3C"]
    data = _json([*argv, "--score", "117:90", "--pone", "--json"])
    assert [p["win"] for p in data["plays"]] == [1.0] * 4


def test_the_dealer_pegs_out_with_the_fifteen() -> None:
    """Dealer at 119 needs 2; the pone led a 6: the 9 makes fifteen and the game at once."""
    argv = ["advise-peg", "--hand", "9C", "KD", "5H", "6C", "--played", "6H", "--starter", "2S"]
    data = _json([*argv, "--score", "119:100", "--dealer", "--json"])
    assert data["plays"][0]["card"] == "9C" and data["plays"][0]["win"] == 1.0


def test_one_short_of_the_dealer_the_pone_keeps_clear_of_31() -> None:
    """Pone at 112, the dealer at 119 needs 2; the count is 14 (4 led, a king on it). The ace makes
    fifteen; the 7 leaves 21, where any ten-card makes 31 and the game for the dealer."""
    argv = ["advise-peg", "--hand", "7C", "AD", "2H", "--played", "4S", "KH"]
    data = _json([*argv, "--score", "112:119", "--pone", "--json"])
    wins = {p["card"]: p["win"] for p in data["plays"]}
    assert data["plays"][0]["card"] == "AD"
    assert wins["AD"] > wins["2H"] > wins["7C"] and wins["7C"] < wins["AD"] / 2


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["discard", *HAND, "--score", "117"], "give 2 scores, yours first"),
        (["discard", *HAND, "--score", "117:121"], "a score in play is 0 to 120"),
        (["discard", *HAND, "--score", "a:b"], "give 2 scores"),
        (
            ["discard", "5H", "5D", "JC", "QS", "2C", "-r", "three-player", "--score", "1:2"],
            "give 3 scores, yours first",
        ),
        (["advise-peg", "--hand", "4C", "--score", "1:2", "--dealer", "--pone"], "--dealer and --pone"),
    ],
    ids=["one-score", "past-the-target", "not-numbers", "three-players-two-scores", "both-roles"],
)
def test_a_bad_score_is_one_clear_line(argv: list[str], words: str) -> None:
    err = _error(argv)
    assert words in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_the_russian_table_shows_the_chance_column() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["--lang", "ru", "discard", *HAND, "--score", "110:112", "--dealer", "-n", "3"])
    assert code == 0
    text = out.getvalue()
    assert "шанс" in text and "%" in text and "win" not in text
