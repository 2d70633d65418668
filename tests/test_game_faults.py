"""Fault injection (issue 24): a scripted `crib play --protocol jsonl` game is hit by SIGINT,
SIGTERM or kill -9 at a random moment (after a random answer, a random few milliseconds later:
while the computer thinks, while a step is saved, while a prompt is written), then resumed with
`--resume` until it ends. Whatever the moment, the database then holds exactly what the
uninterrupted game stores: the same actions, decisions, game-decision rows and review cards,
nothing twice. Seeded, so a failing moment can be replayed; slow lane (about 3 minutes)."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from test_game_steps import stored_game

from trainer.content.rulesets import load_ruleset
from trainer.engine.cards import Card
from trainer.engine.scoring import score_show

RULESET = "five-card"
SEED = 5
SIGNALS = {"SIGINT": signal.SIGINT, "SIGTERM": signal.SIGTERM, "SIGKILL": signal.SIGKILL}
RUNS_PER_SIGNAL = 7  # 21 interrupted games in all


def _answer(prompt: dict[str, Any]) -> str:
    """The scripted player (mistakes of every kind, the same answer to the same prompt)."""
    ask = prompt["ask"]
    if ask == "discard":
        return " ".join(prompt["hand"][: prompt["discard"]])
    if ask == "play":
        return prompt["legal"][-1] if prompt["legal"] else "go"
    if ask in ("count", "crib_count"):
        rules = load_ruleset(RULESET)
        cards = [Card.parse(c) for c in prompt["cards"]]
        true = score_show(cards, Card.parse(prompt["starter"]), is_crib=ask == "crib_count", ruleset=rules)
        return str(max(0, true.total - 1))
    return "n"


def _play(db: Path, *, resume: bool, hit: tuple[int, float, signal.Signals] | None = None) -> int:
    """One `crib play` process answering every prompt; with `hit` = (answers, delay, signal),
    the signal is sent `delay` seconds after that many answers. Returns the exit code."""
    args = ["--resume"] if resume else ["-r", RULESET, "--seed", str(SEED), "--coach", "quiet"]
    env = {"PATH": "/usr/bin:/bin", "CRIB_DB": str(db), "CRIB_LANG": "en", "NO_COLOR": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "trainer", "play", *args, "--protocol", "jsonl"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdin is not None and proc.stdout is not None
    answered = 0
    try:
        for line in proc.stdout:
            data = json.loads(line)
            if "ask" not in data:
                continue
            proc.stdin.write(_answer(data) + "\n")
            proc.stdin.flush()
            answered += 1
            if hit is not None and answered == hit[0]:
                time.sleep(hit[1])
                os.kill(proc.pid, hit[2])
                break
    except (BrokenPipeError, OSError):
        pass
    with contextlib.suppress(BrokenPipeError, OSError):
        proc.stdin.close()
    code = proc.wait(timeout=120)
    err = proc.stderr.read() if proc.stderr else ""
    assert "Traceback" not in err, err
    return code


def _status(db: Path) -> str:
    import sqlite3

    con = sqlite3.connect(db)
    try:
        row = con.execute("SELECT status FROM games").fetchone()
        return "none" if row is None else str(row[0])
    finally:
        con.close()


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    db = tmp_path_factory.mktemp("whole") / "p.sqlite3"
    assert _play(db, resume=False) == 0
    assert _status(db) == "finished"
    return stored_game(db)


@pytest.mark.slow
@pytest.mark.timeout(900)
@pytest.mark.parametrize("name", sorted(SIGNALS))
def test_a_signal_at_any_moment_then_resume_stores_exactly_the_uninterrupted_game(
    tmp_path: Path, name: str, uninterrupted: dict[str, Any]
) -> None:
    answers = len(uninterrupted["actions"])  # more than the human's answers: a safe upper bound
    for run in range(RUNS_PER_SIGNAL):
        rng = random.Random(f"{name}/{run}")
        db = tmp_path / f"run-{run}.sqlite3"
        hit = (rng.randint(1, max(2, answers // 3)), rng.uniform(0.0, 0.05), SIGNALS[name])
        _play(db, resume=False, hit=hit)
        for _ in range(5):  # a resume may itself end early only by the signal; five is plenty
            if _status(db) in ("finished", "none"):
                break
            assert _play(db, resume=True) == 0
        if _status(db) == "none":  # stopped before the first move: nothing was kept, start again
            assert _play(db, resume=False) == 0
        assert stored_game(db) == uninterrupted, (name, run, hit)
