"""`crib discard --score` and `crib advise-peg --score` with three players (`A:B:C` from your seat)
and with two partnerships (`ME:OTHER` per side), `--dealer-seat`, and their one-line errors."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from typing import Any

import pytest

from trainer.cli.app import main

THREE = ["-r", "three-player"]
HAND3 = ["5H", "5D", "JC", "2C", "9D"]


def _json(argv: list[str]) -> Any:
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(argv)
    assert code == 0, (argv, out.getvalue())
    return json.loads(out.getvalue())


def _text(argv: list[str]) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(argv) == 0
    return out.getvalue()


def _error(argv: list[str]) -> str:
    err = io.StringIO()
    with redirect_stderr(err), redirect_stdout(io.StringIO()):
        code = main(argv)
    assert code == 2
    return err.getvalue()


def test_three_player_discards_rank_by_the_chance_to_win() -> None:
    doc = _json(["discard", *HAND3, *THREE, "--score", "40:45:50", "--json"])
    wins = [o["win"] for o in doc["options"]]
    assert doc["score"] == [40, 45, 50] and doc["ranked_by"] == "win"
    assert wins == sorted(wins, reverse=True) and all(0 < w < 1 for w in wins)
    assert doc["options"][0]["band"] == "best" and doc["options"][0]["win_lost"] == 0.0


def test_who_deals_moves_the_chance_the_way_a_player_expects() -> None:
    """Level at 50 each, needing 11: dealing (the crib, but counting last) or counting first
    beats counting second, between the other two."""
    base = ["discard", *HAND3, *THREE, "--score", "50:50:50", "--json"]
    first = _json([*base, "--pone"])["options"][0]["win"]  # the dealer on your right
    second = _json([*base, "--dealer-seat", "1"])["options"][0]["win"]  # your left dealt
    assert first > second
    assert _json([*base, "--dealer-seat", "2"])["options"][0]["win"] == first  # --pone's seat


def test_a_sure_fifteen_when_counting_first_wins_for_certain() -> None:
    """At 60 of 61 and counting first (the dealer on your right), a kept 5 and ten-card make
    fifteen with any cut: every such keep wins for certain and is "best"; the others two at 20
    and 25 cannot make 61 in one deal."""
    doc = _json(["discard", "5H", "KD", "8C", "2S", "AC", *THREE, "--score", "60:20:25", "--pone", "--json"])
    for option in doc["options"]:
        if {"5H", "KD"} <= set(option["keep"]):
            assert option["win"] == 1.0 and option["band"] == "best", option


def test_three_player_plays_rank_by_the_chance_to_win() -> None:
    hand = ["--hand", "5H", "6D", "9C", "2S"]
    argv = ["advise-peg", *THREE, *hand, "--score", "55:58:40", "--dealer-seat", "2"]
    data = _json([*argv, "--json"])
    wins = [p["win"] for p in data["plays"]]
    assert data["score"] == [55, 58, 40] and data["ranked_by"] == "win"
    assert wins == sorted(wins, reverse=True) and all(0 <= w <= 1 for w in wins)
    text = _text(argv)
    assert "%" in text and "55:58:40" in text


def test_partnerships_rank_by_the_side_scores_and_the_seat_that_dealt() -> None:
    base = ["discard", "5H", "5D", "JC", "QS", "9D", "-r", "partnership", "--score", "110:112", "--json"]
    counts_first = _json([*base, "--dealer-seat", "3"])
    partner_dealt = _json([*base, "--dealer-seat", "2"])
    assert counts_first["options"][0]["win"] > partner_dealt["options"][0]["win"]
    assert partner_dealt["dealer"] is True and counts_first["dealer"] is False


def test_the_russian_three_player_table_shows_the_chance_column() -> None:
    text = _text(["--lang", "ru", "discard", *HAND3, *THREE, "--score", "40:45:50", "-n", "2"])
    assert "шанс" in text and "%" in text


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["discard", *HAND3, *THREE, "--score", "40:45"], "give 3 scores, yours first"),
        (["discard", *HAND3, *THREE, "--score", "40:45:50:10"], "e.g. --score 57:40:36"),
        (["discard", *HAND3, *THREE, "--score", "40:45:61"], "a score in play is 0 to 60"),
        (["discard", *HAND3, *THREE, "--score", "1:2:3", "--dealer-seat", "3"], "--dealer-seat 3"),
        (["discard", *HAND3, *THREE, "--score", "1:2:3", "--dealer-seat", "1", "--dealer"], "give one"),
        (["advise-peg", *THREE, "--hand", "5H", "--score", "1:2"], "give 3 scores"),
        (["discard", "5H", "5D", "JC", "QS", "9D", "-r", "partnership", "--score", "1:2:3"], "give 2 scores"),
    ],
    ids=["two-of-three", "four-of-three", "past-61", "no-such-seat", "seat-and-dealer", "peg", "partnership"],
)
def test_a_bad_score_or_seat_is_one_clear_line(argv: list[str], words: str) -> None:
    err = _error(argv)
    assert words in err and "Traceback" not in err and len(err.strip().splitlines()) == 1, err


def test_the_russian_error_for_a_wrong_number_of_scores() -> None:
    err = _error(["--lang", "ru", "discard", *HAND3, *THREE, "--score", "40:45"])
    assert "укажите 3 числа" in err and len(err.strip().splitlines()) == 1
