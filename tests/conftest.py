"""Shared fixtures: isolated cache, database and language so tests never touch the user's files."""

from __future__ import annotations

import shutil
import signal
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from trainer.content.rulesets import load_ruleset
from trainer.engine.ruleset import Ruleset


@pytest.fixture(autouse=True)
def _isolated_env(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    base = tmp_path_factory.mktemp("crib-env")
    monkeypatch.setenv("CRIB_CACHE_DIR", str(base / "cache"))
    monkeypatch.setenv("CRIB_DB", str(base / "progress.sqlite3"))
    monkeypatch.setenv("CRIB_LANG", "en")
    monkeypatch.setenv("NO_COLOR", "1")


@pytest.fixture(scope="session")
def classic() -> Ruleset:
    return load_ruleset("classic")


@pytest.fixture(scope="session")
def five_card() -> Ruleset:
    return load_ruleset("five-card")


@pytest.fixture(scope="session")
def seven_card() -> Ruleset:
    return load_ruleset("seven-card")


@pytest.fixture(scope="session")
def three_player() -> Ruleset:
    return load_ruleset("three-player")


@pytest.fixture(scope="session")
def partnership() -> Ruleset:
    return load_ruleset("partnership")


@pytest.fixture(autouse=True)
def _default_settings() -> Iterator[None]:
    """`--lang` and `--ascii` set process-wide CLI settings; every test starts from English."""
    from trainer.cli.context import SETTINGS

    SETTINGS.lang, SETTINGS.ascii_cards = "en", False
    yield
    SETTINGS.lang, SETTINGS.ascii_cards = "en", False


@pytest.fixture(autouse=True)
def _fresh_consoles() -> Iterator[None]:
    """Every test starts with no rich console made (see `helpers.fresh_consoles`), whatever
    COLUMNS the test before it in this worker set (the order differs under pytest-xdist)."""
    from helpers import fresh_consoles

    fresh_consoles()
    yield
    fresh_consoles()


@pytest.fixture(autouse=True)
def _ctrl_c_reaches_tests() -> Iterator[None]:
    """A suite started in the background by a shell without job control (`pytest &` in a script,
    a CI runner) inherits SIGINT ignored; Ctrl-C tests would then see nothing, and neither would
    the crib processes they start. Each test runs with Python's own handler."""
    previous = signal.getsignal(signal.SIGINT)
    if previous == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    if previous == signal.SIG_IGN:
        signal.signal(signal.SIGINT, previous)


@pytest.fixture
def short_tmp() -> Iterator[Path]:
    """A fresh folder with a short path, for tests that quote a whole path in a message: messages
    cut a file name past 80 characters, and `tmp_path` under pytest-xdist (`popen-gwN/`) or a
    long --basetemp comes close to that."""
    path = Path(tempfile.mkdtemp(prefix="crib-", dir="/tmp" if Path("/tmp").is_dir() else None))
    yield path
    shutil.rmtree(path, ignore_errors=True)
