"""`crib play` in a real pseudo-terminal: a whole five-card game to 61 played by keys, left with
Ctrl-C in the middle and finished with `--resume`; the kept game is then finished, won by
someone at 61, and reviewable. No timing assertions: generous timeouts only."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

PROMPTS = [
    r"Lay away (\d) cards? to",  # 0
    r"Your card \(count (\d+)",  # 1
    r"Count your (hand|crib) ([^+]+) \+ (\S+):",  # 2
    r"Call muggins\?",  # 3
    r"Play another game\?",  # 4
    r"would take the count past 31|is not in your hand|choose exactly",  # 5: a refused answer
]


def _spawn(db: Path, *args: str) -> pexpect.spawn:
    env = {
        **os.environ,
        "TERM": "xterm",
        "NO_COLOR": "1",
        "CRIB_ASCII": "1",
        "CRIB_DB": str(db),
        "CRIB_LANG": "en",
        "COLUMNS": "120",
        "LINES": "40",
        "PROMPT_TOOLKIT_NO_CPR": "1",  # pexpect does not answer cursor-position requests
    }
    return pexpect.spawn(
        sys.executable, ["-m", "trainer", *args], env=env, encoding="utf-8", timeout=30, dimensions=(40, 120)
    )


def _true_count(cards: str, starter: str, *, crib: bool) -> int:
    from trainer.content.rulesets import load_ruleset
    from trainer.engine.cards import Card, parse_cards
    from trainer.engine.scoring import score_show

    return score_show(
        parse_cards(cards.strip()), Card.parse(starter), is_crib=crib, ruleset=load_ruleset("five-card")
    ).total


def _play(child: pexpect.spawn, *, stop_after: int | None = None) -> int:
    """Answer prompts until the game ends (returns the number answered) or, after `stop_after`
    answers, press Ctrl-C at the next prompt."""
    answered = 0
    pick = 1
    while True:
        index = child.expect([*PROMPTS, pexpect.EOF])
        if index == 6:
            return answered
        if stop_after is not None and answered >= stop_after and index in (0, 1, 2):
            child.expect(r"\)")  # the end of the instruction: the prompt is up
            child.sendcontrol("c")
            child.expect("saved; crib play --resume goes on with it")
            child.expect(pexpect.EOF)
            return answered
        if index == 5:
            pick += 1  # the card tried does not fit: try the next one
            continue
        groups = child.match.groups()
        child.expect(r"\)")  # the prompt is up (its instruction is drawn last)
        if index == 0:
            child.sendline(" ".join(str(i) for i in range(1, int(groups[0]) + 1)))
        elif index == 1:
            child.sendline(str(pick))
            pick = 1
        elif index == 2:
            what, cards, starter = groups
            # the right count for the hand, one point short for the crib (the computer takes it)
            true = _true_count(cards, starter, crib=what == "crib")
            child.sendline(str(max(0, true - 1) if what == "crib" else true))
        elif index == 3:
            child.sendline("y")
        elif index == 4:
            child.sendline("n")
        # the prompt closes (bracketed paste off) before the game goes on; prompt_toolkit
        # repaints the question while keys arrive, so wait here rather than match it again
        child.expect_exact("\x1b[?2004l")
        answered += 1
        if index == 4:  # no other game: the answer is echoed ("Play another game? No") and crib ends
            child.expect(pexpect.EOF)
            return answered


def test_a_whole_five_card_game_by_keys_with_ctrl_c_and_resume(tmp_path: Path) -> None:
    db = tmp_path / "p.sqlite3"
    first = _spawn(db, "play", "--ruleset", "five-card", "--level", "easy", "--seed", "11")
    done = _play(first, stop_after=12)
    assert done == 12
    first.close()
    assert first.exitstatus == 0

    second = _spawn(db, "play", "--resume")
    second.expect("goes on where you left it")
    _play(second)
    second.close()
    assert second.exitstatus == 0
    text = second.before or ""
    del text

    listing = subprocess.run(
        [sys.executable, "-m", "trainer", "games", "--json"],
        env={**os.environ, "CRIB_DB": str(db)},
        capture_output=True,
        text=True,
        check=True,
    )
    games = json.loads(listing.stdout)["games"]
    assert len(games) == 1  # the resumed game is the same game
    game = games[0]
    assert game["status"] == "finished"
    assert max(game["scores"]) == 61 and game["ruleset"] == "five-card"
    assert game["accuracy"] is not None

    shown = subprocess.run(
        [sys.executable, "-m", "trainer", "games", "show", str(game["id"]), "--json"],
        env={**os.environ, "CRIB_DB": str(db)},
        capture_output=True,
        text=True,
        check=True,
    )
    record = json.loads(shown.stdout)
    counts = [d for d in record["decisions"] if d["kind"] == "count" and d["reason"]["what"] == "crib"]
    assert all(d["choice"] == str(int(d["best"]) - 1) or d["best"] == "0" for d in counts)
    assert re.search(r"\d", json.dumps(record["review"]["accuracy"]))
