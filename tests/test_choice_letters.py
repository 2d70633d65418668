"""One alphabet per screen for multiple-choice letters: A) B) C) in English, а) б) в) in
Russian, from one helper (`trainer.i18n.choice_letter`) in the terminal, the summary table, the
worksheet, its keys and the web pages; an answer is read in either alphabet and either case."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import run

from trainer.drills.answers import AnswerError, parse_letter
from trainer.i18n import choice_letter

Cap = pytest.CaptureFixture[str]
LATIN_CHOICE = re.compile(r"(?<![\w/-])[a-hA-H]\)")
CYRILLIC_CHOICE = re.compile(r"(?<![\w/-])[а-зА-З]\)")


@pytest.mark.parametrize(
    ("letter", "en", "ru"),
    [("a", "A", "а"), ("B", "B", "б"), ("c", "C", "в"), ("d", "D", "г"), (5, "F", "е")],
)
def test_a_choice_letter_is_shown_in_the_readers_alphabet(letter: str | int, en: str, ru: str) -> None:
    assert choice_letter(letter, "en") == en
    assert choice_letter(letter, "ru") == ru


@pytest.mark.parametrize("typed", ["b", "B", "б", "Б", "2", "b)", "б."])
def test_an_answer_letter_is_read_in_either_alphabet_and_case(typed: str) -> None:
    assert parse_letter(typed, ["a", "b", "c"]) == "b"


def test_a_letter_beyond_the_list_is_refused_in_either_alphabet() -> None:
    for typed in ("d", "г", "Г", "4"):
        with pytest.raises(AnswerError):
            parse_letter(typed, ["a", "b", "c"])


def _penalty(capsys: Cap, tmp_path: Path, lang: str, answers: str) -> str:
    path = tmp_path / "answers.txt"
    path.write_text(answers, encoding="utf-8")
    code, out, err = run(
        capsys,
        *("--lang", lang, "drill", "penalty", "-n", "3", "--seed", "3"),
        *("--answers", str(path), "--db", str(tmp_path / "p.db")),
    )
    assert code == 0, err
    return out


def test_the_russian_penalty_drill_letters_every_choice_and_answer_in_cyrillic(
    capsys: Cap, tmp_path: Path
) -> None:
    out = _penalty(capsys, tmp_path, "ru", "b\nВ\nz\n")
    assert len(CYRILLIC_CHOICE.findall(out)) >= 9 + 3  # three choices per question, and each ruling
    assert not LATIN_CHOICE.findall(out)
    assert re.search(r"Правильный ответ: [абв]\b", out)
    summary = out[out.index("Итоги") :]
    assert not re.search(r"\s[a-c]\s", summary), summary  # the typed Latin b is shown as «б»


def test_the_english_penalty_drill_letters_every_choice_and_answer_in_capitals(
    capsys: Cap, tmp_path: Path
) -> None:
    out = _penalty(capsys, tmp_path, "en", "b\nв\nz\n")
    assert len(LATIN_CHOICE.findall(out)) >= 9 + 3
    shown = "\n".join(x for x in out.splitlines() if not x.startswith("answer: "))  # not the echo
    assert not CYRILLIC_CHOICE.findall(shown) and not re.search("[а-яё]", shown)
    assert re.search(r"The answer: [ABC]\b", out)
    summary = out[out.index("Summary") :]
    assert not re.search(r"\s[a-cв]\s", summary), summary  # the typed Cyrillic в is shown as C


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_worksheet_and_its_keys_letter_choices_in_one_alphabet(
    capsys: Cap, tmp_path: Path, lang: str
) -> None:
    quiz = tmp_path / "q.yaml"
    made = run(
        capsys, "quiz", "make", "--drills", "penalty:3,discard:2,muggins:2", "--seed", "5", "-o", str(quiz)
    )
    assert made[0] == 0, made[2]
    texts = []
    for extra in ((), ("--key",), ("--key-only",)):
        code, out, err = run(capsys, "--lang", lang, "quiz", "print", str(quiz), *extra)
        assert code == 0, err
        texts.append(out)
    sheet, key, grid = texts
    own, other = (CYRILLIC_CHOICE, LATIN_CHOICE) if lang == "ru" else (LATIN_CHOICE, CYRILLIC_CHOICE)
    assert len(own.findall(sheet)) >= 3 * 3 + 2 * 6 + 2 * 3
    assert not other.findall(sheet + key)
    cells = [c.strip() for row in grid.splitlines() if row.startswith("| ") for c in row.split("|")[2::2]]
    letters = {x for cell in cells for x in cell.split() if x.isalpha() and len(x) == 1}
    assert letters and letters <= (set("абвгде") if lang == "ru" else set("ABCDEF")), letters
