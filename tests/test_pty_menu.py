"""`crib` alone in a real terminal opens the questionary menu; keystrokes pick an entry."""

from __future__ import annotations

import os
import sys

import pexpect
import pytest
import typer

from trainer.cli import app as app_module
from trainer.cli.menu import ENTRIES, _exists


def _spawn(tmp_env: dict[str, str]) -> pexpect.spawn:
    env = {**os.environ, **tmp_env, "TERM": "xterm", "NO_COLOR": "1", "COLUMNS": "100", "LINES": "40"}
    return pexpect.spawn(
        sys.executable, ["-m", "trainer"], env=env, encoding="utf-8", timeout=30, dimensions=(40, 100)
    )


def _available() -> list[str]:
    full = app_module.load_features()
    command = typer.main.get_command(full)
    ctx = typer.Context(command)
    return [key for key, argv in ENTRIES if _exists(ctx, argv)]


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_menu_opens_and_runs_the_distribution_entry() -> None:
    labels = _available()
    target = labels.index("menu.distribution")
    child = _spawn({})
    child.expect("what would you like to do")
    for _ in range(target):
        child.send("\x1b[B")  # arrow down
    child.send("\r")
    child.expect("12,994,800 combinations")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_menu_quit_exits_cleanly() -> None:
    child = _spawn({})
    child.expect("what would you like to do")
    child.send("\x1b[A")  # up from the first entry wraps to Quit
    child.send("\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_the_menu_speaks_russian_with_crib_lang_ru() -> None:
    """Title, entries and key hint in Russian; the distribution entry prints Russian numbers."""
    from test_russian_output import english_words

    labels = _available()
    child = _spawn({"CRIB_LANG": "ru"})
    child.expect("чем займёмся")
    child.expect("Выход")
    screen = child.before
    assert "стрелки" in screen and "Подсчёт рук и крибов" in screen
    assert english_words(screen) == []
    for _ in range(labels.index("menu.distribution")):
        child.send("\x1b[B")
    child.send("\r")
    child.expect("сочетаний: 12.994.800")  # a no-break space groups the thousands
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
