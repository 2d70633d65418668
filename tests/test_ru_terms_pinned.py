"""The Russian terms a fluent reader checked, pinned so they cannot drift back: the pone is
«противник сдающего» in the lessons (never «соперник», which is any other player), the lesson
12 drill is described as it asks, each lesson ends with a whole sentence, and the reference a
person reads names its sources in words (no «§», no seed tags such as S0 or C6 in running text;
tags only in the «Источники» legend, spelled out beside their titles).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import run

from trainer.engine.irregularities import catalogue
from trainer.i18n.sources import titled_refs

LESSONS = Path(__file__).resolve().parent.parent / "lessons"

# «соперник» where only the pone can be meant: the first hand shown, the one who cuts the
# starter, the one the deal starts with, the one who counts one hand while the dealer counts two
PONE_AS_OPPONENT = re.compile(
    r"рук[аиуеой]+\s+соперника"
    r"|соперник\w*\s+(?:снимает|открывает|ходит первым|считает первым|первым ходит)"
    r"|(?:снимает|открывает)\s+соперник"
    r"|начиная\s+с\s+соперника"
    r"|(?:розыгрыш|«пятки»),\s+соперник"
    r"|соперник\s+—\s+одну"
    r"|первому\s+сопернику"
)
# the spec's shorthand for a source, a section or an option, never words for a reader
CODE = re.compile(r"§|\b(?:S\d|C\d{1,2}s?|W\d{1,2}|HOY|HG|EW|DAW|BIC|CAS|YG|OS|EB\d*|WP|CC)\b")


def _russian_lessons() -> list[Path]:
    return sorted((LESSONS / "ru").glob("[0-9]*.md"))


def test_the_pone_is_never_called_a_plain_opponent_in_the_lessons() -> None:
    found = [
        f"{path.name}: {m.group(0)!r}"
        for path in _russian_lessons()
        for m in PONE_AS_OPPONENT.finditer(" ".join(path.read_text(encoding="utf-8").split()))
    ]
    assert found == []


def test_a_lesson_that_speaks_of_the_pone_names_him_as_the_glossary_does() -> None:
    for path in _russian_lessons():
        english = (LESSONS / path.name).read_text(encoding="utf-8")
        body = english.split("---", 2)[-1]  # not the front matter's drill theme
        if re.search(r"\bpone\b", body, re.IGNORECASE):
            assert re.search(r"противник\w* сдающего", path.read_text(encoding="utf-8")), path.name


def test_the_planted_pone_as_opponent_is_caught() -> None:
    assert PONE_AS_OPPONENT.search("после руки соперника и руки сдающего")
    assert PONE_AS_OPPONENT.search("Стартер снимает соперник после сброса")
    assert not PONE_AS_OPPONENT.search("Заметив очки, пропущенные соперником, скажите «простак»")
    assert not PONE_AS_OPPONENT.search("криб соперника (вы не сдаёте)")


MASTERY = "Урок освоен, если за десять минут вы верно ответили на восемь вопросов из десяти."


def test_every_lesson_ends_with_a_whole_sentence_on_mastery() -> None:
    for path in _russian_lessons():
        last = path.read_text(encoding="utf-8").strip().splitlines()[-1]
        assert last == MASTERY, path
        assert "уложившись" not in path.read_text(encoding="utf-8")
    from trainer.i18n import t

    words = t("learn.drill_not_passed", "ru", correct=3, asked=10, mark=8, minutes=10, number=12)
    assert "урок освоен, если за 10\u00a0мин. ответить верно хотя бы на 8 из 10" in words
    assert "уложил" not in words


def test_the_muggins_lesson_says_what_its_drill_asks_in_both_languages() -> None:
    ru = " ".join((LESSONS / "ru" / "12-muggins.md").read_text(encoding="utf-8").split())
    en = " ".join((LESSONS / "12-muggins.md").read_text(encoding="utf-8").split())
    # its drill (`only: [accept, muggins]`) asks honest or short counts; an overcount is corrected
    assert "only: [accept, muggins]" in en
    assert "в этом упражнении никогда не больше" in ru
    assert "Если очков названо больше, «простаком» их не забирают" in ru
    assert "in this drill never over" in en and "An overcount is not mugged but corrected" in en
    assert "crib drill muggins" in ru and "crib drill muggins" in en


def _running_text(out: str) -> list[str]:
    """The lines of a reference page a person reads as text: not the «Источники» legend (a tag
    beside its title), its row in the variant table, nor a «См.» line whose every tag the legend
    of the same page spells out."""
    lines = out.splitlines()
    legend = {m.group(1) for line in lines if (m := re.match(r"\s{2}([A-Z][A-Z0-9]*)\b[^:]*: ", line))}
    kept = []
    for line in lines:
        stripped = line.strip()
        if re.match(r"[A-Z][A-Z0-9]*\b[^:]*: ", stripped) and line.startswith("  "):
            continue  # the legend
        if stripped.startswith("Источники") or ("/" in stripped and " " not in stripped):
            continue  # the variant table's row of tags; the rest of an address wrapped
        if re.match(r"См\.:?\s", stripped) and set(re.findall(r"\b[A-Z][A-Z0-9]+\b", stripped)) <= legend:
            continue
        kept.append(line)
    return kept


@pytest.mark.parametrize(
    "argv",
    [
        ("rules", "show", "classic"),
        ("rules", "show", "five-card"),
        ("rules", "show", "three-player", "--topic", "pegging"),
        ("rules", "show", "classic", "--topic", "muggins"),
        ("rules", "penalty"),
        ("rules", "penalty", "renege"),
        ("rules", "penalty", "overpegging"),
        ("rules", "penalty", "wrong_number_in_crib"),
        ("rules", "penalty", "deal_error_found_in_play"),
        ("rules", "ruling", "muggins_claim"),
        ("rules", "ruling", "heels_not_pegged", "--penalties", "acc"),
        ("replay",),
        ("replay", "five-card-unplayed"),
        ("replay", "mendelev-five-card"),
    ],
)
def test_no_source_code_in_the_russian_reference_a_person_reads(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    code, out, err = run(capsys, "--lang", "ru", *argv)
    assert code in (0, 1), err
    flat = [line for line in _running_text(out) if CODE.search(line)]
    assert flat == [], argv


def test_every_cited_rule_names_its_sources_and_sections_in_words() -> None:
    for irr in catalogue():
        for remedy in irr.remedies:
            text = titled_refs(remedy.rule_ref, "ru")
            assert not CODE.search(text), (irr.id, remedy.penalty_set, text)
            # a section of a rule book is a «пункт», never a bare number after the title
            assert not re.search(r"[»а-яё] \d+\.\d", text), text
    assert titled_refs("ACC 8.4c, 11.1b", "ru") == "правила ACC, пп. 8.4c, 11.1b"
    assert titled_refs("ACC 8.4c, 11.1b", "en") == "American Cribbage Congress, Rules of Cribbage 8.4c, 11.1b"


def test_a_ruling_cites_each_source_by_its_short_name_and_section() -> None:
    # «См. …» under a ruling names a book as a player would (title and section, as the list of
    # sources does not need to): never the list's long description of the book
    from trainer.engine.sources import SOURCES
    from trainer.i18n.sources import cited_title, source_title

    for tag in SOURCES:
        short = cited_title(tag, "ru")
        assert short != source_title(tag, "ru") or len(short) <= 20, tag
        assert len(short) <= 45 and not re.search(r"раздел|девятнадцатого|на русском языке", short), short
    cited = [
        part
        for irr in catalogue()
        for r in irr.remedies
        for part in titled_refs(r.rule_ref, "ru").split("; ")
    ]
    assert len(cited) > 50 and max(map(len, cited)) <= 65, max(
        cited, key=len
    )  # a book, its section, a remark
    assert titled_refs("S0; S2", "ru") == (
        "«Свод правил карточных игр», «Криббедж»; «Шесть карт с „простаком“»"
    )
    assert titled_refs("S0; S2", "en") == (
        "Russian translation of a Hoyle-type rule book; Six-card rules with muggins and lurch"
    )


def test_russian_ruling_lines_start_with_a_capital(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--lang", "ru", "rules", "penalty", "renege")
    assert code == 0, err
    lines = out.splitlines()
    # a heading, and the first line of each block under it (the rest are its wrapped lines)
    starts = [
        line.strip()
        for before, line in zip(["", *lines], lines, strict=False)
        if line.strip() and (not line.startswith(" ") or not before.startswith(" "))
    ]
    lower = [line for line in starts if re.match(r"[«(]?[а-яё]", line)]
    assert lower == []
    assert "  «Мимо» сказано при подходящей карте на руке" in out
