"""A fluent reader's sixth review, drills and rules reference: the penalty drill's rulings, the
rules reference, the replay and the quiz's feedback read as plain Russian."""

from __future__ import annotations

import io
import re

import pytest

from trainer.cli.app import main
from trainer.i18n import t
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


def test_an_unreadable_answer_gets_one_verdict_that_says_why_then_the_answer(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _ru(monkeypatch, capsys, "drill", "discard", "-n", "1", "--seed", "1", stdin="4S\n")
    verdicts = [line for line in out.splitlines() if line.startswith("Неверно")]
    assert len(verdicts) == 1, verdicts
    assert re.fullmatch(r"Неверно: [^()]+\. Правильный ответ: \S+ \S+", verdicts[0]), verdicts


def test_a_best_play_that_scores_nothing_says_so_in_words_and_lists_cards_with_or() -> None:
    from itertools import islice

    from trainer.content.rulesets import load_ruleset
    from trainer.drills.checking import grade
    from trainer.drills.feedback import explain
    from trainer.drills.generators import DrillSpec, stream
    from trainer.i18n.drill_words import word_lines

    rules = load_ruleset("classic")
    said = []
    for q in islice(stream(DrillSpec(drills=("peg",), ruleset=rules, seed=1, form="play")), 3):
        said += word_lines(explain(q, grade(q, "", ruleset=rules)), "ru")
    text = " ".join(line for line in said if line.startswith("Лучше всего")).replace("\x1f", "")
    assert "Лучше всего сыграть 9S или 9H: сразу очков они не приносят." in text
    assert "Лучше всего сыграть KH: сразу очков она не приносит." in text
    assert "0 очков" not in text and "(ничего)" not in text and " / " not in text


def test_rulings_never_say_extra_points_and_the_reference_names_the_players(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = " ".join(_ru(monkeypatch, capsys, "rules", "ruling", "overpegging", "--penalties", "acc").split())
    assert "Набор штрафов: турнирные правила" in out and "Очки: не начисляются" in out
    assert "Решение: очки, отмеченные сверх набранного, снимают; по правилам ACC, п. 11.1b," in out
    assert "лишние" not in out
    assert t("ruleset.three-player.title", "ru") == "Криббедж втроём (3 игрока, 61)"  # as five-card says
    shown = " ".join(_ru(monkeypatch, capsys, "rules", "show", "classic").split())
    assert "нарушитель переставляет колышек на 15 лунок назад" in shown


def test_the_summary_names_the_drill_then_its_question_after_a_colon(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _ru(monkeypatch, capsys, "drill", "penalty", "-n", "1", "--seed", "1", stdin="а\n")
    assert re.search(r"1 штрафы: [а-яё]", " ".join(out.split("Итоги")[-1].split())), out
    out = _ru(monkeypatch, capsys, "drill", "peg", "--form", "play", "-n", "1", "--seed", "1", stdin="1\n")
    row = " ".join(out.split("Итоги")[-1].split())
    assert re.search(r"1 розыгрыш: сумма \d+(: [^·]+)? · рука ", row), row


@pytest.mark.parametrize("said", ["принимаю", "принято", "да", "Принимаю"])
def test_a_muggins_call_of_accept_takes_the_words_a_russian_player_says(said: str) -> None:
    from trainer.drills.muggins_drill import parse

    assert parse(None, said) == {"call": "accept", "points": 0}  # type: ignore[arg-type]


def test_the_penalty_drill_help_describes_penalty_levels_not_count_levels(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    out = " ".join(_ru(monkeypatch, capsys, "drill", "penalty", "--help").replace("│", " ").split())
    assert "три варианта ответа" in out and "«пятнадцать» и пары" not in out
    assert "код нарушения (список: crib rules ruling)" in out


def test_a_source_address_longer_than_the_screen_stays_whole_on_its_own_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from trainer.cli import render

    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.setattr(render, "_console", None)  # a console made at this width
    out = _ru(monkeypatch, capsys, "rules", "show", "classic")
    url = "<https://bitlit.ru/page/en/various/cassells-book-of-in-door-amusements-card-games-and-fireside-fun/165>"
    assert any(line.strip() == url for line in out.splitlines()), out[-2000:]
