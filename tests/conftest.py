"""Shared fixtures: isolated cache, database and language so tests never touch the user's files."""

from __future__ import annotations

from collections.abc import Iterator

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
