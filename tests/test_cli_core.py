"""The engine-core commands end to end through `main()`: output, JSON keys, and bad input that
must give one line on stderr and exit code 2, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run


def test_count_29_hand_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "count", "5H", "5C", "5S", "JD", "--starter", "5D", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["total"] == 29
    assert data["by_kind"] == {"fifteen": 16, "pair": 12, "run": 0, "flush": 0, "nobs": 1}
    assert data["ruleset"] == "classic" and data["crib"] is False
    assert {"kind": "fifteen", "cards": ["5H", "JD"], "points": 2} in data["items"]


def test_count_text_says_the_count_aloud_and_rarity(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "count", "5H", "5C", "5S", "JD", "--starter", "5D")
    assert code == 0
    assert "fifteen 2, fifteen 4" in out
    assert "and nobs is 29" in out
    assert "1 in 3,248,700" in out


def test_count_five_card_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "count", "4H", "5H", "QH", "--starter", "6S", "-r", "five-card", "--json")
    assert code == 0 and json.loads(out)["total"] == 10


def test_count_crib_flush_needs_the_starter(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "count", "2H", "4H", "6H", "8H", "--starter", "KS", "--crib", "--json")
    assert code == 0 and json.loads(out)["total"] == 0


def test_count_accepts_symbols_lowercase_ten_and_russian_letters(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "count", "5♥", "5c", "5S", "ВБ", "--starter", "5D", "--json")
    assert code == 0 and json.loads(out)["total"] == 29
    code, out, _ = run(capsys, "count", "TH", "10s", "5D", "5C", "2S", "--json")
    assert code == 0 and json.loads(out)["total"] == 12


def test_peg_run_of_five_and_fifteen(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "peg", "3C", "AD", "2S", "5H", "4C", "--json")
    data = json.loads(out)
    assert code == 0 and data["count"] == 15 and data["total"] == 7
    assert sorted(i["kind"] for i in data["items"]) == ["fifteen", "run"]


def test_stats_distribution_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "stats", "distribution", "--ruleset", "classic", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["combinations"] == 12_994_800 and data["hand_size"] == 4 and data["crib"] is False
    assert data["counts"]["29"] == 4 and round(data["mean"], 4) == 4.7692


def test_stats_distribution_is_cached_on_disk(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Shipped shapes come with the package (tests/test_shipped_data.py); a house shape is cached.
    path = tmp_path / "bonus.yaml"
    path.write_text("extends: five-card\nname: bonus\nflush:\n  starter_bonus: 2\n", encoding="utf-8")
    run(capsys, "stats", "distribution", "-r", str(path), "--json")
    from trainer.content.stats_cache import cache_dir

    assert list(cache_dir().glob("distribution-*.json"))


def test_rules_check_reports_the_changes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("extends: classic\nname: house\ntarget: 61\n", encoding="utf-8")
    code, out, _ = run(capsys, "rules", "check", str(path), "--json")
    assert code == 0
    assert json.loads(out)["changes"]["target"] == [121, 61]


def test_house_ruleset_is_usable_by_every_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "crib4.yaml"
    path.write_text("extends: five-card\nflush:\n  crib_without_starter: true\n", encoding="utf-8")
    code, out, _ = run(capsys, "count", "2H", "4H", "6H", "8H", "KS", "--crib", "-r", str(path), "--json")
    assert code == 0 and json.loads(out)["total"] == 4


BAD_INPUT = [
    (["count", "5H", "5H", "5S", "JD", "--starter", "5D"], "duplicate"),
    (["count", "5H", "5C", "5S", "--starter", "5D"], "has 4 cards"),
    (["count", "5H", "5C", "5S", "JD", "--starter", "5D", "-r", "nosuch"], "unknown ruleset"),
    (["count", "5X", "5C", "5S", "JD", "--starter", "5D"], "unknown suit"),
    (["count", "banana"], "cannot read card"),
    (["count", "5H", "5C", "5S", "JD", "--starter", "JD"], "appears twice"),
    (["peg", "KH", "QH", "5H", "9H"], "past 31"),
    (["rules", "check", "/no/such/file.yaml"], "no such ruleset file"),
]


@pytest.mark.parametrize(("argv", "needle"), BAD_INPUT, ids=[n for _, n in BAD_INPUT])
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], needle: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert needle in err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("text", "needle", "line"),
    [
        ("extends: classic\ntarget: [61\n", "broken YAML", 3),
        ("extends: classic\npegging:\n  mdoe: single_count\n", "did you mean 'mode'", 3),
        ("extends: classic\nname: x\ntaget: 61\n", "did you mean 'target'", 3),
        ("extends: classic\npenalties: acx\n", "did you mean 'acc'", 2),
        ("extends: classic\ntarget: many\n", "whole number", 2),
        ("extends: classic\ndeal:\n  discard_per_player: 3\n", "crib must hold 4", None),
    ],
    ids=["broken", "nested-typo", "top-typo", "bad-choice", "bad-type", "inconsistent"],
)
def test_broken_house_ruleset_names_file_line_and_key(
    capsys: pytest.CaptureFixture[str], short_tmp: Path, text: str, needle: str, line: int | None
) -> None:
    path = short_tmp / "house.yaml"
    path.write_text(text, encoding="utf-8")
    code, _, err = run(capsys, "rules", "check", str(path))
    assert code == 2
    assert needle in err
    assert str(path) in err
    if line is not None:
        assert f"{path}:{line}:" in err
    assert len(err.strip().splitlines()) == 1


def test_no_arguments_without_a_terminal_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys)
    assert code == 0
    assert "count" in out and "Usage" in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0 and "0.1.0" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["stats", "distribution"],
        ["count", "5H", "5C", "5S", "JD", "5D"],
        ["rules", "compare"],
        ["drill", "count", "-n", "1"],
    ],
    ids=["distribution", "count", "compare", "drill"],
)
def test_non_utf_terminal_gets_ascii_cards_and_no_traceback(argv: list[str]) -> None:
    import os
    import subprocess
    import sys

    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = subprocess.run(
        [sys.executable, "-m", "trainer", *argv], env=env, capture_output=True, text=True, input="2\n"
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "♥" not in done.stdout
