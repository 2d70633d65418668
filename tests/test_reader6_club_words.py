"""Sentences of a club night and its help that a sixth Russian reader flagged (issue 22): a false
claim's remedy in the glossary's words, a rule book named in its case, «вариант» for a ruleset,
one alphabet for time units in each language's help, the students' table of the teacher's page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from trainer.content.rulesets import load_ruleset
from trainer.engine.irregularities import adjudicate
from trainer.i18n import nt, t
from trainer.i18n.rulings import ruling_words
from trainer.i18n.sources import titled_refs

ROOT = Path(__file__).resolve().parent.parent


def test_a_false_claim_gives_the_overclaim_and_moves_the_peg_back_in_holes() -> None:
    ruling = adjudicate(
        "false_claim_of_game",
        ruleset=load_ruleset("classic"),
        penalty_set="acc",
        claimed=121,
        true_points=117,
    )
    remedy = ruling_words(ruling, "ru").remedy
    assert "соперник получает очки, заявленные сверх набранного" in remedy
    assert "нарушитель отводит колышек на 15 лунок назад (здесь заявлено на 4 очка больше)" in remedy
    assert "лишние" not in remedy and "отступает" not in remedy


def test_a_range_of_points_is_cited_with_an_en_dash() -> None:
    assert titled_refs("ACC 8.4a-b; CC", "ru").startswith("правила ACC, п. 8.4a\u2013b; ")
    assert titled_refs("ACC 8.4a-b", "en").endswith(
        "8.4a-b"
    )  # English citations are left as the book prints them


def test_a_fallback_note_names_both_rule_books_in_their_case() -> None:
    ruling = adjudicate("dealer_sees_bottom_card", ruleset=load_ruleset("classic"), penalty_set="seeds")
    assert ruling_words(ruling, "ru").note == (
        "в традиционных правилах (Хойл) об этом ничего не сказано; приведено правило из "
        "турнирных правил Американского конгресса криббеджа (ACC)"
    )
    assert (
        ruling.note
        == "the traditional (Hoyle) rules say nothing on this; the American Cribbage Congress rule is given"
    )


def test_muggins_off_is_said_of_the_variant() -> None:
    """«В варианте «классика» «простак» выключен», not «В правилах «классика»»."""
    texts = [t(k, "ru") for k in _keys_with("«простак» выключен") if "{ruleset}" in t(k, "ru")]
    assert len(texts) == 2  # with and without «по предварительной договорённости»
    assert all(x.startswith("в варианте «{ruleset}» «простак» выключен") for x in texts)


def _keys_with(fragment: str) -> list[str]:
    text = (ROOT / "trainer/i18n/locale/ru/LC_MESSAGES/rulings.po").read_text(encoding="utf-8")
    return [
        m.group(1) for m in re.finditer(r'msgid "([^"]+)"\nmsgstr "([^"]*)"', text) if fragment in m.group(2)
    ]


@pytest.mark.parametrize(
    ("n", "said"),
    [
        (1, "Клубный вечер: «Вечер» (1 вопрос, режим «вместе»)"),
        (6, "Клубный вечер: «Вечер» (6 вопросов, режим «вместе»)"),
    ],
)
def test_the_console_line_quotes_the_quiz_and_the_mode(n: int, said: str) -> None:
    mode = t("club_web.mode.live", "ru")
    assert nt("club_web.serve.heading", n, "ru", quiz="Вечер", mode=mode) == said


@pytest.mark.parametrize(
    "key",
    [
        "help.quiz.run.sprint",
        "help.quiz.run.per_question",
        "help.quiz.make.time_limit",
        "help.club.serve.seconds",
    ],
)
def test_time_units_in_help_keep_one_alphabet_per_language(key: str) -> None:
    """«15мин», «45с» in Russian, «15m», «45s» in English; never «15m» in a Russian line."""
    assert not re.search(r"\d+(?:s|m|h|min)\b", t(key, "ru")), t(key, "ru")
    assert not re.search(r"\d+(?:с|м|ч|мин)\b", t(key, "en")), t(key, "en")


@pytest.mark.parametrize("typed", ["15m", "15м", "15мин", "15 min", "900s", "900с", "15:00"])
def test_a_time_is_read_in_either_alphabet(typed: str) -> None:
    from trainer.cli.club.quiz import parse_duration

    assert parse_duration(typed, option="--time-limit") == 900


def test_the_teacher_offers_re_entry_only_to_a_removed_student() -> None:
    script = (ROOT / "trainer/web/static/club.js").read_text(encoding="utf-8")
    assert "if (p.kicked && !p.readmit) {" in script  # the «Разрешить вход заново» button
    assert "if (p.kicked || !p.readmit)" not in script
    assert t("club_web.teacher.col.now", "ru") == "Ответ на этот вопрос"


def test_the_results_header_says_the_grade_is_not_counted() -> None:
    header = t("club.quiz.results_header", "ru")
    assert "при проверке она не учитывается" in header and "не доверяют" not in header
    assert "(подробнее — в файле README проекта)" in t("help.stats.crib-values", "ru")


@pytest.mark.parametrize(
    ("argv", "shown", "hidden"),
    [
        (
            ("--lang", "ru", "club", "serve", "--help"),
            "ВИКТОРИНА  Файл викторины (crib quiz make).",
            "файл_викторины",
        ),
        (("--lang", "ru", "learn", "--help"), "[УРОК]  Номер урока (1–16)", "урок  "),
        (("learn", "--help"), "[LESSON]  A lesson number or id", "\x00"),
    ],
)
def test_an_argument_is_named_once_with_its_help(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: tuple[str, ...],
    shown: str,
    hidden: str,
) -> None:
    """click 8.5 drops a `typer.Argument`'s help; it is read back from the code, and a Russian
    argument is shown once, as the usage line names it (reader 6, rows 40 and 61)."""
    from helpers import run

    monkeypatch.setenv("COLUMNS", "120")
    code, out, _ = run(capsys, *argv)
    flat = " ".join(out.replace("│", " ").split())
    assert code == 0 and " ".join(shown.split()) in flat and hidden not in out


def test_the_lesson_list_counts_mastered_lessons_in_one_phrase() -> None:
    assert t("learn.path", "ru", mastered=0, total=16) == "Освоено уроков: 0 из 16."
