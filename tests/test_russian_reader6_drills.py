"""A fluent reader's sixth review, drills and rules reference: the penalty drill's rulings, the
rules reference, the replay and the quiz's feedback read as plain Russian."""

from __future__ import annotations

import io

import pytest

from trainer.cli.app import main
from trainer.i18n.rulings import OPTION, _entries


def _ru(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *argv: str, stdin: str = ""
) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    main(["--lang", "ru", *argv])
    out, err = capsys.readouterr()
    return out + err


def test_every_ruling_option_completes_the_offenders_opponent_may() -> None:
    """«Соперник нарушителя может {options}»: each option is an infinitive, never «может пересдача»."""
    options = _entries("ru", OPTION)
    assert options
    nouns = [text for text in options.values() if not text.split()[0].rstrip(",").endswith(("ть", "чь"))]
    assert nouns == []


def test_the_penalty_drill_says_the_opponent_may_demand_a_new_deal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ("drill", "penalty", "--theme", "deal_error_found_in_play", "-n", "1", "--seed", "1")
    out = " ".join(_ru(monkeypatch, capsys, *argv, stdin="а\n").split())
    assert "может потребовать пересдачи или добрать недостающие карты из колоды." in out
    assert "сдачу исправляют пересдачей или добором карт из колоды; в одной книге правил" in out
    assert ") (см." not in out
