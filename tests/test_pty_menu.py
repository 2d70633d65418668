"""`crib` alone in a real terminal opens the questionary menu; keystrokes pick an entry."""

from __future__ import annotations

import os
import sys
from pathlib import Path

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
    return [" ".join(argv) for _, argv in ENTRIES if _exists(ctx, argv)]  # by command: labels vary


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_menu_opens_and_runs_the_distribution_entry() -> None:
    labels = _available()
    target = labels.index("stats distribution")
    child = _spawn({})
    child.expect("what would you like to do")
    for _ in range(target):
        child.send("\x1b[B")  # arrow down
    child.send("\r")
    child.expect("12,994,800 combinations")
    child.expect("Press Enter to return to the menu")
    child.send("\r")
    child.expect("what would you like to do")  # the menu is home: it comes back
    child.send("\x1b")  # Esc leaves, like Ctrl-C
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_menu_loop_drill_then_stats_then_quit(tmp_path: Path) -> None:
    """drill -> back to the menu -> stats -> back -> quit, in one process, in a real pty."""
    labels = _available()
    child = _spawn({"CRIB_DB": str(tmp_path / "p.sqlite3"), "CRIB_USER": "pty"})
    child.expect(r"Today 0 answers \(goal 10\)")
    child.expect("day streak 0")
    child.expect("what would you like to do")
    for _ in range(labels.index("drill count")):  # below "Play a game"
        child.send("\x1b[B")
    child.send("\r")
    child.expect("Total points")
    child.send("?\r")  # a hint, then the answer
    child.expect(r"Hint 1/3: Look (at the fives|for runs|for pairs)")
    child.expect("Total points")
    child.send("0\r")
    child.expect(r"Correct!|Not quite")
    child.expect("Total points")  # the second question: stop the drill here
    child.send("\x03")
    child.expect("of 1 correct")  # the drill's summary
    child.expect(r"Today 1 answer \(goal 10\)")  # back at the menu, which counts today's answer
    child.expect("what would you like to do")
    for _ in range(labels.index("stats")):
        child.send("\x1b[B")
    child.send("\r")
    child.expect("Ratings")
    child.expect("Press Enter to return to the menu")
    child.send("\r")
    child.expect("what would you like to do")
    child.send("\x1b[A")  # up from the first entry wraps to Quit
    child.send("\r")
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
    for _ in range(labels.index("stats distribution")):
        child.send("\x1b[B")
    child.send("\r")
    child.expect("сочетаний: 12.994.800")  # a no-break space groups the thousands
    child.expect("Enter — вернуться в меню")
    assert english_words(child.before) == []
    child.send("\r")
    child.expect("чем займёмся")  # the menu is home: it comes back, still in Russian
    child.send("\x1b")  # Esc leaves, like Ctrl-C
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_the_menu_started_with_lang_ru_runs_its_activities_in_russian(tmp_path: Path) -> None:
    """`crib --lang ru` (no CRIB_LANG, an English locale): the drill the menu starts speaks Russian
    too, since the menu hands its global options to every command it runs."""
    labels = _available()
    env = {**os.environ, "CRIB_DB": str(tmp_path / "p.sqlite3"), "CRIB_USER": "pty", "LANG": "C.UTF-8"}
    env.update({"TERM": "xterm", "NO_COLOR": "1", "COLUMNS": "100", "LINES": "40"})
    env.pop("CRIB_LANG", None)
    child = pexpect.spawn(
        sys.executable,
        ["-m", "trainer", "--lang", "ru"],
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(40, 100),
    )
    child.expect("чем займёмся")
    for _ in range(labels.index("drill count")):
        child.send("\x1b[B")
    child.send("\r")
    child.expect("Сколько очков")
    assert "Count your hand" not in child.before and "Question 1" not in child.before
    child.send("\x03")
    child.expect("чем займёмся")  # back at the menu, still in Russian
    child.send("\x1b")
    child.expect(pexpect.EOF)
    child.close()
