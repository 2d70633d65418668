"""At 80 columns no Russian line is wider than the terminal (which would cut a word wherever the
line ends) and no table cuts a word with an ellipsis («последова…»): long cells and lines wrap
at spaces, in the plain tables of the quick commands and in the rich tables alike."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _crib(tmp: Path, *argv: str, stdin: str = "") -> str:
    env = {**os.environ, "COLUMNS": "80", "NO_COLOR": "1", "CRIB_DB": str(tmp / "p.db")}
    env["CRIB_CACHE_DIR"] = str(tmp / "cache")
    done = subprocess.run(
        [sys.executable, "-m", "trainer", "--lang", "ru", *argv],
        cwd=ROOT,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def _width(line: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


def _check(out: str, *, shortened: bool = False) -> None:
    # a web address alone on its line is one word: longer than the screen, it runs on whole (the
    # terminal wraps it) rather than being cut in two by a line break
    wide = [
        line
        for line in out.splitlines()
        if _width(line.rstrip()) > 80 and not re.fullmatch(r"\s*<https?://\S+>", line.rstrip())
    ]
    assert not wide, wide
    if not shortened:  # a summary shortens a long name at a space on purpose («…в руках…»)
        cut = re.findall(r"\w+…", out)
        assert not cut, cut


@pytest.mark.parametrize(
    "argv",
    [
        ("advise-peg", "--hand", "7C", "8D", "4S", "--played", "10H", "5S", "--count", "15"),
        ("count", "5H 5D 5C JS", "5S"),
        ("discard", "5H", "5D", "JC", "QS", "2C", "9D", "--dealer", "--top", "3"),
        ("rules", "show"),
    ],
    ids=lambda a: " ".join(a[:2]),
)
def test_a_russian_command_fits_80_columns_without_cutting_a_word(
    tmp_path: Path, argv: tuple[str, ...]
) -> None:
    _check(_crib(tmp_path, *argv))


def test_the_russian_drill_summary_and_stats_fit_80_columns(tmp_path: Path) -> None:
    summary = _crib(tmp_path, "drill", "penalty", "-n", "6", "--seed", "3", stdin="a\nb\nc\nа\nб\nв\n")
    _check(summary[summary.index("Итоги") :], shortened=True)
    _crib(tmp_path, "drill", "peg", "-n", "3", "--seed", "2", stdin="2\n0\n2\n")
    _check(_crib(tmp_path, "stats"))
