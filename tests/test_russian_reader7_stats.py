"""A fluent reader's fixes to `crib stats` in Russian (8/10 review): the topic with the most
misses is not called «слабое место» beside the section whose rule is three answers, a topic line
has one form, count losses are whole points. Each test fails on the old wording."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from trainer.i18n import nt, t

REPEAT = "adapt.stats.flagged"


def test_the_most_missed_topic_is_not_a_weak_spot() -> None:
    line = t("training.stats.weak_spot", "ru", idea="пары", drill_name="подсчёт")
    assert line.startswith("Больше всего ошибок — в теме «пары» (подсчёт): такие вопросы"), line
    assert "слабое место" not in line


def test_topic_lines_say_misses_out_of_answers_in_one_form() -> None:
    values = {"drill_name": "подсчёт", "idea": "пары", "misses": 0, "answers": 1, "percent": 67}
    assert "пары: ошибок 0 из 1, освоено на 67\u00a0%" in t("training.stats.learning", "ru", **values)


def test_the_repeated_types_line_is_one_clause() -> None:
    assert nt(REPEAT, 1, "ru") == "1 тип вопросов с тремя ошибками и более будет возвращаться в повторениях"
    assert nt(REPEAT, 3, "ru") == "3 типа вопросов с тремя ошибками и более будут возвращаться в повторениях"


def test_a_count_loses_whole_points_in_the_games_table(monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.cli.context import SETTINGS
    from trainer.cli.progress import _game_figures

    monkeypatch.setattr(SETTINGS, "lang", "ru")
    buffer = io.StringIO()
    out = Console(file=buffer, width=120, color_system=None)
    rows = [
        {"skill": "count", "decisions": 6, "best_share": 0.5, "points_lost": 8.0},
        {"skill": "discard", "decisions": 6, "best_share": 0.5, "points_lost": 3.25},
    ]
    _game_figures(out, rows, lang="ru")  # type: ignore[arg-type]
    text = buffer.getvalue()
    count = next(line for line in text.splitlines() if line.startswith("подсчёт"))
    discard = next(line for line in text.splitlines() if line.startswith("сброс"))
    assert " 8 " in count and "8,00" not in count and "1,33" in count, count
    assert "3,25" in discard, discard  # expected points keep their decimals
