"""A fluent reader's fixes to the Russian help (8/10 review): metavars name what is typed, the
seed is the glossary's «номер расклада», itemised counts are «по комбинациям» as in the game."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from trainer.i18n import t


def _help(*argv: str) -> str:
    env = {**os.environ, "COLUMNS": "120", "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    out = subprocess.run(
        [sys.executable, "-m", "trainer", "--lang", "ru", *argv, "--help"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout


def test_metavars_name_what_is_typed() -> None:
    root = _help()
    assert "--lang" in root and "ЯЗЫК" in root and "ОБОЗНАЧЕНИЯ" in root and "ТЕКСТ" not in root
    penalty = _help("drill", "penalty")
    assert "ТЕМА" in penalty and "НОМЕР" in penalty and "ТЕКСТ" not in penalty
    play = _help("play")
    assert "НОМЕР" in play and "Номер расклада: те же сдачи" in " ".join(play.split())


def test_itemised_counts_are_by_combinations() -> None:
    assert t("drill.form.itemised", "ru") == "по комбинациям"
    count = " ".join(_help("drill", "count").split())
    assert "очки по комбинациям с --itemised" in count and "по видам" not in count


def test_the_questions_range_is_said_once_and_still_checked() -> None:
    penalty = _help("drill", "penalty")
    assert "[1<=x<=1000]" not in penalty and "от 1 до 1000" in penalty
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    out = subprocess.run(
        [sys.executable, "-m", "trainer", "--lang", "ru", "drill", "count", "-n", "1001"],
        env=env,
        capture_output=True,
        text=True,
    )
    said = out.stderr + out.stdout
    assert out.returncode == 2 and "1001 вне допустимого диапазона: нужно от 1 до 1000" in said, said
