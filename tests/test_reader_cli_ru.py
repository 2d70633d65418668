"""A fluent reader's notes on the Russian menu and club report: words that agree with what they
refer to, and one count, one name."""

from __future__ import annotations

from trainer.cli.drill.due_words import due_line
from trainer.i18n import t


def test_the_review_line_agrees_with_the_review_it_names() -> None:
    """«Ждут повторения: 3 · ближайшее — …» (the next review, neuter), and with none due the
    noun itself («Сейчас повторять нечего · ближайшее повторение — …»), never «следующие»."""
    due = due_line({"due": 3, "next_due": 1030.0}, now=1000.0, lang="ru")
    assert "ближайшее — " in due and "следующие" not in due
    none = due_line({"due": 0, "next_due": 5000.0}, now=1000.0, lang="ru")
    assert "ближайшее повторение — " in none


def test_the_muggins_menu_item_says_what_the_drill_asks() -> None:
    for key in ("menu.muggins", "adapt.menu.muggins"):
        text = t(key, "ru")
        assert text.startswith("Забирайте очки, которые пропустил компьютер («простак»")
        assert "на «простаке»" not in text


def test_the_report_names_its_two_not_reached_counts_apart() -> None:
    """A student's row counts the questions they never reached, a question's row the students
    who never reached it: two counts, two names in both languages (both were «не дошли»)."""
    for lang in ("en", "ru"):
        student = t("club_web.report.col.questions_not_reached", lang)
        question = t("club_web.report.col.not_reached", lang)
        assert student != question
    assert t("club_web.report.col.questions_not_reached", "ru") == "вопросов не открыто"
    assert t("club_web.report.col.not_reached", "ru") == "не открыли вопрос"


def test_options_that_take_a_format_kinds_a_duration_or_a_topic_say_so_in_russian(capsys) -> None:  # type: ignore[no-untyped-def]
    from helpers import run

    for argv, option, word in (
        (["play"], "--protocol", "ФОРМАТ"),
        (["quiz", "make"], "--drills", "ВИДЫ"),
        (["club", "serve"], "--time-limit", "ВРЕМЯ"),
        (["rules", "show"], "--topic", "ТЕМА"),
    ):
        code, out, _ = run(capsys, "--lang", "ru", *argv, "--help")
        assert code == 0
        line = next(line for line in out.splitlines() if option in line)
        assert word in line and "ТЕКСТ" not in line, line


FREE_TEXT = {("quiz", "make"): {"--title"}}  # options that really take any text


def _commands(capsys, path: tuple[str, ...] = ()):  # type: ignore[no-untyped-def]
    import re

    from helpers import run

    code, out, _ = run(capsys, "--lang", "ru", *path, "--help")
    assert code == 0, path
    yield path, out
    listing = re.search(r"Команды ─+╮\n(.*?)╰", out, re.S)
    for line in listing.group(1).splitlines() if listing else []:
        name = re.match(r"│ ([a-z-]+) ", line)  # a command's row, not a wrapped description
        if name:
            yield from _commands(capsys, (*path, name.group(1)))


def test_every_russian_help_names_what_an_option_takes(capsys) -> None:  # type: ignore[no-untyped-def]
    """«--score СЧЁТ», «--hand КАРТЫ», «ЧИСЛО [1–200]»: no bare ТЕКСТ for a value that is not
    free text, and no click maths («1<=x<=200») in any command's --help."""
    seen = 0
    for path, out in _commands(capsys):
        seen += 1
        for line in out.splitlines():
            assert "<=" not in line and ">=" not in line, (path, line)
            if "ТЕКСТ" in line:
                option = next((w for w in line.split() if w.startswith("--")), "")
                assert option in FREE_TEXT.get(path, set()), (path, line)
    assert seen > 30  # the crawl reached the subcommands


def test_the_rules_list_marks_its_ids_as_codes(capsys) -> None:  # type: ignore[no-untyped-def]
    """The names a user types (classic, six-card…) are codes, not Russian names."""
    from helpers import run

    code, out, _ = run(capsys, "--lang", "ru", "rules", "list")
    assert code == 0
    assert "код" in out and "другие коды" in out and "другие имена" not in out


def test_arguments_have_russian_help_and_errors_name_them_without_brackets(capsys) -> None:  # type: ignore[no-untyped-def]
    from helpers import run

    for argv, words in (
        (["rules", "ruling", "--help"], "Код нарушения"),
        (["rules", "penalty", "--help"], "Код нарушения"),
        (["stats", "goal", "--help"], "Сколько ответов в день"),
    ):
        code, out, _ = run(capsys, "--lang", "ru", *argv)
        assert code == 0 and words in out, argv
    code, _, err = run(capsys, "--lang", "ru", "stats", "goal", "0")
    assert code != 0 and "«ЦЕЛЬ»" in err and "«[ЦЕЛЬ]»" not in err
