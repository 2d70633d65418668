"""English output is pinned by golden files (tests/golden/en): the Russian work of issue 9 must
not change what an English user sees, except where the issue asks for it (simulate numbers
players from 1; --help lists --ranks). Regenerate after a deliberate change with
`CRIB_UPDATE_GOLDEN=1 python -m pytest tests/test_golden_english.py`, and review the diff."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "en"
CASES: dict[str, tuple[str, ...]] = {
    "count-29": ("count", "5H", "5D", "5C", "JS", "5S"),
    "count-crib-flush": ("count", "--crib", "5H", "6H", "7H", "8H", "9C"),
    "count-crib-no-flush": ("count", "2H", "4H", "6H", "8H", "--starter", "KS", "--crib"),
    "peg-run": ("peg", "3C", "AD", "2S", "5H", "4C"),
    "peg-pair-royal": ("peg", "5C", "5D", "5S"),
    "discard-dealer": ("discard", "5H", "5D", "JC", "QS", "2C", "9D", "--dealer"),
    "advise-peg": ("advise-peg", "--hand", "AC 4D 9S KH", "--played", "5C 10D"),
    "stats-distribution": ("stats", "distribution"),
    "rules-list": ("rules", "list"),
    "rules-show": ("rules", "show"),
    "rules-show-go": ("rules", "show", "five-card", "--topic", "go"),
    "rules-compare": ("rules", "compare"),
    "rules-search": ("rules", "search", "renege"),
    "rules-penalty": ("rules", "penalty", "renege"),
    "rules-ruling": ("rules", "ruling", "renege"),
    "replay-list": ("replay",),
    "replay-mendelev": ("replay", "mendelev-five-card"),
    "simulate": ("simulate", "--games", "3", "--seed", "1"),
    "learn-3": ("learn", "3"),
    "help": ("--help",),
    "help-rules": ("rules", "--help"),
    "help-drill-count": ("drill", "count", "--help"),
    "error-card": ("count", "5X"),
    "error-duplicate": ("count", "5H", "5H", "5D", "5C", "5S"),
    "error-ruleset": ("rules", "show", "nosuch"),
    "error-lesson": ("learn", "99"),
}


def _run(argv: tuple[str, ...], tmp: Path) -> str:
    env = {
        **os.environ,
        "COLUMNS": "100",
        "NO_COLOR": "1",
        "CRIB_LANG": "en",
        "CRIB_CACHE_DIR": str(tmp / "cache"),
        "CRIB_DB": str(tmp / "p.db"),
    }
    done = subprocess.run(
        [sys.executable, "-m", "trainer", *argv],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    text = done.stdout + done.stderr + f"[exit {done.returncode}]\n"
    # The only line that changes from run to run: simulate's wall-clock time.
    return "".join(line for line in text.splitlines(keepends=True) if not line.startswith("time: "))


@pytest.mark.parametrize("name", sorted(CASES))
def test_english_output_matches_its_golden_file(name: str, tmp_path: Path) -> None:
    text = _run(CASES[name], tmp_path)
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("CRIB_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
