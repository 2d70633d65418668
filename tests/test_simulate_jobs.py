"""`crib simulate --jobs N`: games are played in independently seeded blocks, so any number of
processes gives exactly the report of one process for the same seed."""

from __future__ import annotations

import json

import pytest
from helpers import run

from trainer.content.rulesets import load_ruleset
from trainer.engine.bots import BLOCK, block_seeds, simulate


def test_jobs_2_gives_exactly_the_jobs_1_report(capsys: pytest.CaptureFixture[str]) -> None:
    games = str(2 * BLOCK + 7)  # three blocks, the last one short
    args = ("simulate", "--ruleset", "five-card", "--games", games, "--seed", "7", "--json")
    code1, one, _ = run(capsys, *args, "--jobs", "1")
    code2, two, _ = run(capsys, *args, "--jobs", "2")
    assert code1 == code2 == 0
    assert json.loads(one) == json.loads(two)
    assert one == two  # the same text: even the order of the result names


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", ["classic", "seven-card", "three-player", "partnership"])
@pytest.mark.parametrize("jobs", [2, 3, 0])
def test_any_number_of_processes_gives_the_one_process_report(ruleset: str, jobs: int) -> None:
    rules = load_ruleset(ruleset)
    games = 3 * BLOCK + 1
    one = simulate(rules, games=games, seed=11, jobs=1).to_json()
    assert simulate(rules, games=games, seed=11, jobs=jobs).to_json() == one


def test_a_short_run_is_one_block_seeded_as_before() -> None:
    assert block_seeds(5, BLOCK) == [(5, BLOCK)]
    assert block_seeds(5, BLOCK + 1) == [(5, BLOCK), ("5/1", 1)]
    unseeded = block_seeds(None, 2 * BLOCK)
    assert unseeded[0] == (None, BLOCK) and isinstance(unseeded[1][0], str)


def test_progress_reaches_every_game_with_several_processes() -> None:
    seen: list[int] = []
    simulate(load_ruleset("five-card"), games=BLOCK + 3, seed=1, jobs=2, progress=seen.append)
    assert seen == [BLOCK, BLOCK + 3]


def test_negative_jobs_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", "--games", "2", "--jobs", "-1")
    assert code == 2
    assert err.strip() == "crib: error: --jobs -1: give the number of processes, or 0 for one per CPU"
