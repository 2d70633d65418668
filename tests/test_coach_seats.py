"""The coach words its pegging figures by seats: with three players the ev is the player's points
minus both other players', with partners it is one side's minus the other's, and the reasons
speak of the next player or of everyone else (issue 18: "the opponent" with two opponents)."""

from __future__ import annotations

import pytest
from helpers import run

HAND = ("--hand", "4C", "6S", "AD", "JS", "--starter", "9D")


def _out(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    return " ".join(out.split())


def test_two_player_footnote_still_names_the_one_opponent(capsys: pytest.CaptureFixture[str]) -> None:
    out = _out(capsys, "advise-peg", *HAND)
    assert "your points minus the opponent's" in out


@pytest.mark.parametrize(
    ("ruleset", "english", "russian"),
    [
        ("three-player", "minus both other players' together", "минус очки двух других игроков вместе"),
        (
            "partnership",
            "your side's points (you and your partner) minus the other side's",
            "очки вашей стороны (ваши и партнёра) минус очки другой стороны",
        ),
    ],
)
def test_multi_player_footnote_says_whose_points(
    capsys: pytest.CaptureFixture[str], ruleset: str, english: str, russian: str
) -> None:
    out = _out(capsys, "advise-peg", *HAND, "-r", ruleset)
    assert english in out
    assert "the opponent" not in out and " his hand" not in out
    ru = _out(capsys, "--lang", "ru", "advise-peg", *HAND, "-r", ruleset)
    assert russian in ru
    assert "руки соперника" not in ru and "он показал" not in ru


def test_three_player_quiet_reason_names_the_next_player(capsys: pytest.CaptureFixture[str]) -> None:
    # count 20, the player's 10 makes 30: only an ace scores next, and every ace is seen
    played = ("--played", "AC", "AD", "AH", "AS", "7C", "9D")
    argv = ("advise-peg", "--hand", "KC", *played, "-r", "three-player")
    out = _out(capsys, *argv)
    assert "nothing the next player can hold scores on it" in out
    ru = _out(capsys, "--lang", "ru", *argv)
    assert "следующему игроку нечем набрать очки" in ru


def test_three_player_alone_reason_says_the_others_are_out(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("advise-peg", "--hand", "2C", "3D", "--played", "KS", "QH", "--out", "1,2", "-r", "three-player")
    out = _out(capsys, *argv)
    assert "both other players are out of this count, you play on alone" in out
    ru = _out(capsys, "--lang", "ru", *argv)
    assert "оба других игрока в этом заходе больше не ходят" in ru


@pytest.mark.parametrize(
    ("ruleset", "dealer", "key"),
    [
        ("classic", 0, "play.crib.yours"),
        ("classic", 1, "play.crib.theirs"),
        ("three-player", 1, "play.crib.dealer"),  # Left deals: not "the opponent's" of two
        ("partnership", 2, "play.crib.partner"),
        ("partnership", 3, "play.crib.dealer"),
    ],
)
def test_the_table_names_the_crib_by_seat(ruleset: str, dealer: int, key: str) -> None:
    from trainer.cli.play.play_view import crib_key
    from trainer.content.rulesets import load_ruleset

    assert crib_key(load_ruleset(ruleset), dealer) == key
