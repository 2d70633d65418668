"""A fluent reader's fixes to the Russian (7/10 review): the lessons' factual slips and calques,
the rules reference, the help, the stats and review lines. Each test fails on the old wording."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run

from trainer.i18n import nt, t

ROOT = Path(__file__).resolve().parents[1]
RU = ROOT / "lessons" / "ru"


def _flat(text: str) -> str:
    return " ".join(text.split())


def _lesson(name: str, lang: str = "ru") -> str:
    folder = RU if lang == "ru" else ROOT / "lessons"
    return _flat(next(folder.glob(f"{name}-*.md")).read_text(encoding="utf-8"))


def test_heels_is_not_a_suit_rule_in_lesson_4_or_its_search(capsys: pytest.CaptureFixture[str]) -> None:
    """«Пятки» pay for a jack starter of any suit: suits matter for two things, not three."""
    ru, en = _lesson("04"), _lesson("04", "en")
    assert "только в двух случаях: флеш и козырной валет" in ru and "трёх случаях" not in ru
    assert "only two things in cribbage: the flush and his nobs" in en and "three things" not in en
    # the jack starter still counts 10: it only gives no point for nobs
    assert "валет-стартер не даёт очка за козырного валета" in ru and "руке ничего не даёт" not in ru
    assert "gives the hand nothing" not in en
    code, out, _ = run(capsys, "--lang", "ru", "rules", "search", "пятки")
    assert code == 0 and "трёх случаях" not in _flat(out) and "Флеш и козырной валет" in _flat(out)


def test_lesson_13_pairs_safely_only_when_the_other_cards_of_the_rank_are_gone() -> None:
    ru, en = _lesson("13"), _lesson("13", "en")
    assert "когда третья карта того же ранга уже вышла" not in ru
    assert "если остальные карты этого ранга уже вышли или у вас на руке, а также если" in ru
    assert "the third card of that rank is gone" not in en and "the third card is out" not in en
    assert "other cards of that rank are gone or in your hand" in en
    # «зовёт» is a calque of "invite"
    assert "зовёт" not in ru and "зовут" not in ru
    assert "открывают дорогу последовательности" in ru and "даёт сопернику шанс на 6" in ru


@pytest.mark.parametrize(
    ("lesson", "old", "new"),
    [
        ("11", "ренонс", "ошибочное «мимо»"),
        ("14", "Нередко верно разбить хорошую руку", "Нередко стоит отложить пару в свой криб"),
        ("16", "Немного, но наверняка", "Лучше меньше, да вернее"),
        ("16", "наверняка он засчитает", "сдающий может рассчитывать только на очки розыгрыша"),
        ("08", "Сдающий не может досчитать свою руку", "даже если она спасла бы его от лурча"),
        ("08", "сдающий не может считать, чтобы избежать лурча", "сдающий свою руку уже не считает"),
        ("09", "Программа оценивает сброс", "Сброс оценивается по тому, сколько очков в среднем вы теряете"),
        ("09", "ожидаемому значению", "сколько очков он приносит **в среднем**"),
        ("13", "ожидаемому значению", "сколько она даёт **в среднем**"),
        ("09", "Эта часть гарантирована", "Эти очки у вас уже есть"),
        ("09", "Далёкие высокие карты", "Далёкие друг от друга карты, например К и 9 или 10 и 2"),
    ],
)
def test_a_lesson_says_it_in_plain_russian(lesson: str, old: str, new: str) -> None:
    text = _lesson(lesson)
    assert old not in text and new in text


def test_rulings_cite_books_without_their_provenance_and_acc_by_its_short_name(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from trainer.i18n.sources import titled_refs

    assert titled_refs("ACC 6.1b", "ru") == "правила ACC, п. 6.1b"
    assert "BSD" not in titled_refs("S0; HOY", "ru") and "«По Хойлу»" in titled_refs("S0; HOY", "ru")
    code, out, _ = run(capsys, "--lang", "ru", "rules", "penalty", "renege")
    flat = _flat(out)
    assert code == 0 and "См. правила ACC, п. 7.3" in flat
    # the list of sources still names the book in full
    assert "Американский конгресс криббеджа, «Правила криббеджа» <https://" in flat
    # a rule book is named in its case, never «в своде «…»» or «в наборе «…»», and the 2 points are said once
    assert "в старых английских законах об этом ничего не сказано" in flat
    assert "в наборе «" not in flat and "в своде «" not in flat
    assert "Соперник получает 2 очка" in flat and "может получить 2 очка" not in flat


def test_the_penalty_drill_cites_without_bsd(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    answers = tmp_path / "a.txt"
    answers.write_text("а\nб\nв\nz\n", encoding="utf-8")
    argv = ["--lang", "ru", "drill", "penalty", "-n", "4", "--seed", "2", "--answers", str(answers)]
    code, out, err = run(capsys, *argv, "--db", str(tmp_path / "p.sqlite3"))
    flat = _flat(out)
    assert code == 0, err
    assert "BSD" not in flat and "«По Хойлу», «Криббедж»)" in flat
    assert "(см. правила ACC, п. 6.1b)" in flat and "Американский конгресс" not in flat


def test_rules_show_labels_and_club_choices_read_as_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "ru", "rules", "show", "classic")
    flat = _flat(out)
    assert code == 0
    assert "Козырной валет 1" in flat and "Козырной валет стартера" not in flat
    assert "Очки за флеш разные в разных источниках" in flat and "Откуда очки" not in flat
    assert "Нельзя выйти" not in flat
    assert "Выход на финиш «пятками» или очком за «мимо»: в этом варианте — разрешён" in flat
    assert " | " not in flat
    assert "(двойной скунс — меньше 61); очки ACC (победа — 2, скунс — 3) или без правила крупной победы" in (
        flat
    )
    assert "Темы: сдача, очки, флеш, криб, розыгрыш, «мимо», показ" in flat
    assert "турнирные правила Американского конгресса криббеджа (ACC) или старые английские законы" in flat
    code, out, _ = run(capsys, "--lang", "ru", "rules", "show", "five-card")
    assert "в начале партии; в других — в каждой сдаче или никогда" in _flat(out)


def test_rules_check_quotes_the_name_draws_an_arrow_and_says_the_key_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("extends: classic\nname: Дом\ntarget: 91\n", encoding="utf-8")
    code, out, _ = run(capsys, "--lang", "ru", "rules", "check", str(house))
    assert code == 0 and "корректный набор правил «Дом» (classic6)" in out
    assert "target: 121 → 91" in out and "->" not in out
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: classic\ntarget: банан\n", encoding="utf-8")
    code, _, err = run(capsys, "--lang", "ru", "rules", "check", str(bad))
    assert code == 2 and err == f"crib: ошибка: {bad}:2: ключ «target»: нужно целое число, а не «банан»\n"
    code, _, err = run(capsys, "rules", "check", str(bad))
    assert err == f"crib: error: {bad}:2: key 'target' must be a whole number, not 'банан'\n"


@pytest.mark.parametrize(
    ("key", "old", "new"),
    [
        ("help.advise-peg.seed", "Зерно", "Номер выборки: тот же номер — те же результаты."),
        ("help.drill.muggins", "примите счёт", "примите подсчёт"),
        ("help.stats.crib-values", "Посчитано проектом", "Таблица получена моделированием"),
        ("help.stats.goal.reviews", "Не больше стольких", "Предел повторений в день"),
        ("help.learn", "Путь уроков", "Курс уроков: от «пятнадцати»"),
        ("help.drill.review", "Пропущенное", "Вопросы с ошибками возвращаются в срок повторения"),
        ("help.club.serve", "проектор показывает зал", "на проекторе — общий экран"),
        ("help.rules.ruling.penalties", "seeds, acc или old_laws", "acc — турнирные правила ACC"),
        ("help.quiz.take", "Отчёт преподавателя", "Преподаватель при отчёте\n(crib quiz report)"),
        (
            "adapt.stats.practice_note",
            "конвейер",
            "ответы от другой программы или из файла --answers",
        ),
        ("drill.end_of_input", "сессия", "Ответы закончились: занятие окончено."),
        ("training.rule.fifteens", "картинки", "десятки и фигуры стоят по 10"),
    ],
)
def test_a_catalogue_line_says_it_in_plain_russian(key: str, old: str, new: str) -> None:
    text = t(key, "ru")
    assert old not in text and new in text


def test_the_weak_theme_line_says_what_the_percent_counts() -> None:
    values = {"drill_name": "сброс", "theme_name": "разное", "percent": "0", "asked": 1455}
    values |= {"seconds": "0,0", "drill": "discard", "theme": "mixed"}
    for key in ("adapt.stats.weak_line", "stats.weak_line"):
        assert "разное: верно 0\xa0% из 1455" in t(key, "ru", **values)
        assert "0% right of 1455" in t(key, "en", **values)


def test_the_review_forecast_parts_day_and_count_with_a_dash() -> None:
    from trainer.cli.drill.review_run import forecast_line

    line = forecast_line([("2026-12-02", 20), ("2026-12-03", 0)], lang="ru")
    assert line.endswith("02.12 — 20 · 03.12 — 0")
    assert forecast_line([("2026-12-02", 20)], lang="en").endswith(" 20")


def test_the_stats_title_names_only_a_chosen_user(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CRIB_USER", raising=False)
    code, out, _ = run(capsys, "--lang", "ru", "stats")
    first = out.splitlines()[0]
    assert code == 0 and first == "Ваш прогресс"
    monkeypatch.setenv("CRIB_USER", "Аня")
    code, out, _ = run(capsys, "--lang", "ru", "stats")
    assert code == 0 and out.splitlines()[0] == "Прогресс: Аня"
    code, out, _ = run(capsys, "stats")
    assert out.splitlines()[0] == "Your progress (Аня)"
    assert nt("adapt.review.variant_missed", 3, "ru").endswith("ошибались уже 3 раза.")
