"""Sentences a third Russian reader flagged (issue 22), pinned in both languages: the teacher's
report says a wrong answer in words, help paragraphs wrap at the terminal's width."""

from __future__ import annotations

import pytest

from trainer.cli.help_text import unwrapped
from trainer.i18n import t
from trainer.i18n.club_report import wrong_answer


@pytest.mark.parametrize(
    ("answer", "count", "lang", "said"),
    [
        ("call=muggins points=2", 1, "ru", "простак 2 (1 ученик)"),
        ("call=muggins points=2", 1, "en", "muggins 2 (1 student)"),
        ("call=over points=3", 2, "ru", "перебор 3 (2 ученика)"),
        ("call=accept points=0", 5, "en", "accept (5 students)"),
        ("fifteen=4 pair=2 run=0 flush=0 nobs=0", 5, "ru", "пятнадцать 4, пара 2 (5 учеников)"),
        ("b", 21, "ru", "б) (21 ученик)"),
        ("AC 4H", 1, "ru", "Т♣ 4♥ (1 ученик)"),
    ],
)
def test_a_wrong_answer_is_said_in_words(answer: str, count: int, lang: str, said: str) -> None:
    assert wrong_answer(answer, count, lang) == said


def test_no_grader_code_reaches_the_report() -> None:
    for lang in ("en", "ru"):
        assert "=" not in wrong_answer("call=muggins points=12", 3, lang)


def test_report_legend_and_honour_read_as_sentences() -> None:
    assert "«·» не дошёл" in t("club_web.report.legend", "ru")
    assert "⊘ опоздал" in t("club_web.report.legend", "ru")
    for key in ("club_web.report.honour", "club_web.take.honour", "help.quiz.take"):
        assert "честном слове" not in t(key, "ru")
        assert "копи" not in t(key, "ru")
    assert "подделку исключить нельзя" in t("club_web.report.honour", "ru")


def test_help_paragraphs_are_unwrapped_but_lists_kept() -> None:
    text = "First line.\n\nВынужденный\nход делается за вас.\n\nExamples:\n  crib play\n  crib count"
    assert unwrapped(text) == (
        "First line.\n\nВынужденный ход делается за вас.\n\nExamples:\n  crib play\n  crib count"
    )


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_play_help_has_no_break_inside_a_sentence(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    import os

    from trainer.cli.app import main

    os.environ["COLUMNS"] = "200"
    try:
        main(["--lang", lang, "play", "--help"])
    finally:
        del os.environ["COLUMNS"]
    out = capsys.readouterr().out
    said = "Вынужденный ход (одна подходящая карта" if lang == "ru" else "A forced move (one legal card"
    assert said in out
