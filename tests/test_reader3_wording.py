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
        ("call=muggins points=2", 1, "ru", "простак 2 (1\u00a0ученик)"),
        ("call=muggins points=2", 1, "en", "muggins 2 (1 student)"),
        ("call=over points=3", 2, "ru", "много 3 (2\u00a0ученика)"),
        ("call=accept points=0", 5, "en", "accept (5 students)"),
        ("fifteen=4 pair=2 run=0 flush=0 nobs=0", 5, "ru", "пятнадцать 4, пара 2 (5\u00a0учеников)"),
        ("b", 21, "ru", "б) (21\u00a0ученик)"),
        ("AC 4H", 1, "ru", "Т♣ 4♥ (1\u00a0ученик)"),
    ],
)
def test_a_wrong_answer_is_said_in_words(answer: str, count: int, lang: str, said: str) -> None:
    assert wrong_answer(answer, count, lang) == said


def test_no_grader_code_reaches_the_report() -> None:
    for lang in ("en", "ru"):
        assert "=" not in wrong_answer("call=muggins points=12", 3, lang)


def test_report_legend_and_honour_read_as_sentences() -> None:
    assert "«·» вопрос не открыт" in t("club_web.report.legend", "ru")
    assert "⊘ ответ опоздал" in t("club_web.report.legend", "ru")
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

    os.environ["COLUMNS"] = "400"  # the whole paragraph fits one line: a break is a hard one
    try:
        main(["--lang", lang, "play", "--help"])
    finally:
        del os.environ["COLUMNS"]
    out = capsys.readouterr().out
    ru, en = "Вынужденный ход (единственная подходящая карта", "A forced move (one legal card"
    said = ru if lang == "ru" else en
    assert said in out


@pytest.mark.parametrize(
    ("lang", "n", "goal", "said"),
    [
        ("ru", 15, "adapt.stats.goal_met", "Сегодня 15 ответов (цель — 10, выполнена ✓)"),
        ("ru", 1, "adapt.stats.goal_open", "Сегодня 1 ответ (цель — 10)"),
        ("en", 1, "adapt.stats.goal_open", "Today 1 answer (goal 10)"),
        ("en", 15, "adapt.stats.goal_met", "Today 15 answers (goal 10, met ✓)"),
    ],
)
def test_today_says_answers_and_the_goal_as_a_value(lang: str, n: int, goal: str, said: str) -> None:
    from trainer.i18n import nt

    assert nt("adapt.menu.answers_today", n, lang, goal=t(goal, lang, goal=10)) == said
    stats = nt("adapt.stats.today", n, lang, goal=t(goal, lang, goal=10), streak=2, best=3)
    assert stats.startswith(said) and "crib stats goal" not in stats


def test_stats_history_header_and_menu_review_count() -> None:
    from trainer.cli.menu import label
    from trainer.i18n import nt

    assert nt("adapt.stats.col_history", 4, "ru") == "последние 4 ответа"
    assert nt("adapt.stats.col_history", 5, "ru") == "последние 5 ответов"
    ru = label("adapt.menu.review", ["drill", "review"], "ru", due=10)
    assert ru.endswith(" (ждут повторения 10 вопросов)") and "Ждут" not in ru
    assert label("adapt.menu.review", ["drill", "review"], "en", due=1).endswith(" (1 question due)")


def test_penalty_drill_says_who_offended_plainly() -> None:
    assert t("training.rule.offender_is.dealer", "ru") == (
        "Нарушил сдающий; в игре вдвоём «соперник нарушителя» — это противник сдающего."
    )
    assert "two-handed" in t("training.rule.offender_is.pone", "en")
    for lang in ("en", "ru"):
        assert "2" not in t("adapt.hint.penalty", lang)  # the hint never points at one answer


def test_discard_example_uses_the_letters_the_screen_shows() -> None:
    from trainer.drills.messages import Cards, msg
    from trainer.engine.cards import Card
    from trainer.i18n.drill_words import word_lines

    said = word_lines([msg("drill.discard.typed", n=2, cards=Cards.of(["5H", "KD"]))], "ru")[0]
    assert "5Ч КБ" in said and "5H" not in said.replace("\x1f5H\x1f", "")
    assert [str(Card.parse(c)) for c in ("5Ч", "КБ")] == [str(Card.parse(c)) for c in ("5H", "KD")]
    assert "5H KD" in word_lines([msg("drill.discard.typed", n=2, cards=Cards.of(["5H", "KD"]))], "en")[0]


def test_rules_screens_read_as_russian() -> None:
    assert t("ref.heading.compare", "ru") == "Сравнение вариантов"
    assert t("ref.col.item", "ru") == "параметр"
    line = t("rough.option.line", "ru", label="Флеш в крибе без стартера", current="нет", others="да")
    assert line == "Флеш в крибе без стартера: в этом варианте — нет, в других — да"
    assert "допущение" not in t("ref.fact.flush_derived", "ru")
    assert t("advise.discard.footnote", "ru", n=46).startswith("рука: точно, по всем 46 возможным стартерам;")
    assert "невидим" not in t("help.discard", "ru")


def test_penalty_sources_and_sets_are_named_in_words() -> None:
    assert t("rough.fb.remedy", "ru", remedy="Соперник получает 2 очка", rule="«Игры Хойла», п. 8") == (
        "Соперник получает 2 очка (см. «Игры Хойла», п. 8)."
    )
    assert t("rough.fb.remedy", "en", remedy="x", rule="y").endswith("(sources: y).")
    assert "Американского конгресса криббеджа (ACC)" in t("drill.penalty.set.acc", "ru")
    assert "в духе" not in t("ref.source.S0", "ru") and "Спросите" not in t("ref.source.EW", "ru")
    assert [t(f"ref.ruling.set_short.{s}", "ru") for s in ("seeds", "acc", "old_laws")] == [
        "Хойл",
        "ACC",
        "старые законы",
    ]
    said = t("ruling.phrase.renege.dead_counted", "ru", base="x", ruleset="классика")
    assert said == "x. При показе мёртвые карты всё равно считаются (так в варианте «классика»)"


def test_rules_ruling_lists_sets_in_words() -> None:
    import os
    import subprocess
    import sys

    env = {**os.environ, "COLUMNS": "200", "CRIB_LANG": "ru"}
    out = subprocess.run(
        [sys.executable, "-m", "trainer", "rules", "ruling"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout
    assert "Хойл, ACC" in out
    assert "seeds, acc" not in out
    assert ", old_laws" not in out and "Хойл, ACC, старые законы" in out
