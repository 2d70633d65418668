"""A long history costs what is shown, not what is stored: `crib stats` on a seeded database of a
few thousand answers (built through the store by bench/history_db.py) gives exactly the JSON
today's code gave before stats were computed in SQL (tests/golden/stats_history.json, made
from the full-scan computation), and an old database migrates to the new tables with nothing
lost."""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from trainer.cli.app import main

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "stats_history.json"
NOW = 1_780_000_000.0  # a fixed moment (2026-05-28 UTC); the history ends here

sys.path.insert(0, str(ROOT / "bench"))


@pytest.fixture
def utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Calendar days in UTC, so the per-day figures do not depend on the machine's zone."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.delenv("TZ")
    time.tzset()


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """45 days of 36 answers, and 3 game mistakes a day; the database file is copied per test."""
    from history_db import build, pool

    os.environ["TZ"] = "UTC"
    time.tzset()
    try:
        path = tmp_path_factory.mktemp("history") / "history.sqlite3"
        build(path, days=45, now=NOW, per_day=36, mistakes_per_day=3, questions=pool(per_kind=2))
    finally:
        del os.environ["TZ"]
        time.tzset()
    return path


def _stats(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, db: Path) -> object:
    monkeypatch.setenv("CRIB_DB", str(db))
    monkeypatch.setenv("CRIB_USER", "player")
    monkeypatch.setattr(time, "time", lambda: NOW)
    code = main(["stats", "--json", "--days", "30"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def _copy(src: Path, dst: Path) -> Path:
    dst.write_bytes(src.read_bytes())
    return dst


def test_stats_on_a_long_history_equal_the_full_scan_computation(
    history: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    utc: None,
) -> None:
    report = _stats(capsys, monkeypatch, _copy(history, tmp_path / "p.sqlite3"))
    if os.environ.get("CRIB_WRITE_GOLDEN"):
        GOLDEN.write_text(json.dumps(report, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    assert report == json.loads(GOLDEN.read_text(encoding="utf-8"))
