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


def test_a_replay_error_names_the_players_as_its_table_does_and_shows_the_card(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The table says «игрок 1 / игрок 2»: the error line does too, never the file's «A»; the card
    is shown as a card (5♣), its code only where a player would type it."""
    out = _ru(monkeypatch, capsys, "replay", "mendelev-five-card-as-printed")
    assert "игрок 1: В♥ 9♠ 7♦ 5♠ 5♣" in out
    error = out.splitlines()[-1]
    assert error.endswith(
        "ход 5 (игрок 1: «мимо»): игрок 1 говорит «мимо» при сумме 25, хотя может сыграть 5♣ (код карты: 5C)"
    )
    assert "A" not in error.split("yaml:")[-1]
    listing = " ".join(_ru(monkeypatch, capsys, "replay").split())
    assert "на ошибочном «мимо» игрока 1" in listing and "игрока A" not in listing


def test_a_go_refused_with_several_cards_counts_their_codes() -> None:
    from trainer.engine.cards import Card
    from trainer.engine.errors import Problem
    from trainer.i18n.errors import worded

    cards = (Card.parse("5C"), Card.parse("JH"))
    problem = Problem("", "error.play.go", seat="игрок 2", cards="5C JH", playable=cards, n=2, count=20)
    said = "игрок 2 говорит «мимо» при сумме 20, хотя может сыграть 5♣ В♥ (коды карт: 5C JH)"
    assert worded(problem, "ru") == said
