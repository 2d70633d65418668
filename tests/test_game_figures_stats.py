"""`crib stats` shows the player's own figures at the table (issue 19, item 7): decisions of each
skill in games, how many were the best, points lost, in both languages and in --json; even with
no drill answer at all."""

from __future__ import annotations

import io
import json
import os
import sqlite3
from pathlib import Path

import pytest
from test_game_steps import RULESET, SEED, Player, _session

from trainer.cli.app import main
from trainer.cli.progress_db import current_user
from trainer.content.rulesets import load_ruleset
from trainer.play.session import new_record
from trainer.store.game_tables import GameStore

Cap = pytest.CaptureFixture[str]


def _play_one_game(path: Path, user: str) -> None:
    with GameStore.open(path) as store:
        game_id = store.create(
            new_record(load_ruleset(RULESET), level="club", coach="quiet", seed=SEED), user=user, now=1.0
        )
        while store.get(game_id, user=user).status != "finished":
            if _session(store, game_id, store.get(game_id, user=user).record).run(Player()):
                break


def _stats(capsys: Cap, monkeypatch: pytest.MonkeyPatch, *argv: str) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main([*argv]) == 0
    return capsys.readouterr().out


def test_game_figures_in_stats(capsys: Cap, monkeypatch: pytest.MonkeyPatch) -> None:
    path = Path(os.environ["CRIB_DB"])
    user = current_user()
    _play_one_game(path, user)
    db = sqlite3.connect(path)
    truth = {
        skill: (n, best, lost)
        for skill, n, best, lost in db.execute(
            "SELECT skill, COUNT(*), SUM(band = 'best'), SUM(points_lost) FROM game_decisions GROUP BY skill"
        )
    }
    db.close()
    assert set(truth) == {"discard", "play", "count"}

    report = json.loads(_stats(capsys, monkeypatch, "stats", "--json"))
    shown = {row["skill"]: row for row in report["game_figures"]}
    assert report["total"]["asked"] == 0  # no drill answer: games are not drill answers
    for skill, (n, best, lost) in truth.items():
        assert shown[skill]["decisions"] == n and shown[skill]["best"] == best
        assert shown[skill]["points_lost"] == pytest.approx(lost, abs=1e-3)
        assert shown[skill]["best_share"] == pytest.approx(best / n, abs=1e-4)

    text = " ".join(_stats(capsys, monkeypatch, "stats").split())
    assert "In games (your own decisions at the table)" in text
    count_n, count_best, _ = truth["count"]
    assert f"count {count_n} {round(100 * count_best / count_n)}%" in text
    russian = " ".join(_stats(capsys, monkeypatch, "--lang", "ru", "stats").split())
    assert "В партиях (ваши решения за столом)" in russian
    assert "сброс" in russian and "розыгрыш" in russian and "подсчёт" in russian
    assert "Streak mode: no run yet" in text
