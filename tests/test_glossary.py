"""One Russian word per term (lessons/GLOSSARY.md): no banned variant in the Russian catalogues,
the Russian lessons, the Russian words in the code or the Russian output of the commands; every
seed synonym is understood by `rules search` and by the drills' answer parsing."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from helpers import run
from po_sources import forms, header, key, read_domain

from trainer.i18n import LOCALE_DIR
from trainer.i18n.glossary import BANNED, SYNONYMS, banned_in, canonical

ROOT = Path(__file__).resolve().parents[1]
_CYRILLIC = re.compile("[А-Яа-яЁё]")


def test_each_banned_pattern_catches_its_variant_and_spares_the_right_words() -> None:
    caught = [
        "Посчитайте свой прикуп",
        "крибедж",
        "Маггинс!",
        "тройка (пара ройал)",
        "лучшая серия 5",
        "сумма сбрасывается после 31",
        "стартовая карта 5H",
        "масть на 4",
        "отрыв",
        "лишние 2",
        "место 0",
        "строка 12",
        "Клубный вечер криббиджа",
        "криб противника",
        "Пострадавший может",
        "учитель",
        "новая раздача",
        "при счёте 21 игрок",
        "Новый заход: счёт с нуля.",
        "ни одна карта не помещается в 31",
        "сессия завершена",
        "Каре",
        "валет масти",
        "две карты одного достоинства",
        "посчитано движком",
        "колышки возвращаются назад",
        "десятки и картинки",
        "Зерно для выборки",
        "Перебор по старым законам",
    ]
    assert len(caught) == len(BANNED)
    for text in caught:
        assert banned_in(text), text
    fine = "криббедж: сброс в криб, последовательность, флеш из трёх, стартер, отставание, пункт 12"
    fine += ", 31 даёт 2 вместо 1, противник сдающего, противника сдающего, при счёте 95:100, карел"
    fine += ", две карты одного ранга, колышек переставляют обратно, продвижение"
    fine += ", фигуры стоят 10, общая картина, номер выборки, зернистый"
    fine += ", новый заход, сумма снова 0, ни одна карта не укладывается в 31, счёт 0:0, занятие окончено"
    fine += ", завышенная отметка, много 1, переборка колоды"
    assert banned_in(fine) == []


def _ru_catalogue_texts() -> list[tuple[str, str]]:
    out = []
    first = header(LOCALE_DIR / "ru" / "LC_MESSAGES" / "crib.po")
    for path in sorted((LOCALE_DIR / "ru" / "LC_MESSAGES").glob("*.po")):
        for entry in read_domain(path, first):
            if entry.id:
                out.extend((f"{path.name}:{entry.lineno} {key(entry)}", s) for s in forms(entry))
    return out


def test_no_banned_variant_in_the_russian_catalogues() -> None:
    texts = _ru_catalogue_texts()
    assert len(texts) > 500
    found = [f"{where}: {hit}" for where, text in texts for hit in banned_in(text)]
    assert not found, "\n".join(found)


def test_muggins_is_printed_in_quotes_as_the_glossary_writes_it() -> None:
    """The glossary writes «простак» in quotes (like «мимо», «пятки»): a drill's name, a topic, a
    prompt, a title say «простак», „простаком“ inside quotes; only the answer a drill asks to
    type («простак 2», `drill.call.muggins`, `club.answer.muggins`) stands bare."""
    typed = {"drill.call.muggins", "club.answer.muggins"}
    bare = re.compile(r"(?<![«„\w])[Пп]ростак\w*")
    found = [
        f"{where}: {text}"
        for where, text in _ru_catalogue_texts()
        if where.split()[-1] not in typed and bare.search(text)
    ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("path", sorted((ROOT / "lessons" / "ru").glob("*.md")), ids=lambda p: p.name)
def test_no_banned_variant_in_a_russian_lesson(path: Path) -> None:
    assert not banned_in(path.read_text(encoding="utf-8"))


def _russian_literals() -> list[tuple[str, str]]:
    """Russian string literals of trainer/, except the tables of words a reader may type."""
    out: list[tuple[str, str]] = []
    for path in sorted((ROOT / "trainer").rglob("*.py")):
        if path.name == "glossary.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typed: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names = [getattr(t, "id", "") for t in targets]
                if any(n.endswith(("_WORDS", "NAMES", "ALIASES")) and n.isupper() for n in names):
                    typed.update(id(sub) for sub in ast.walk(node))
        for node in ast.walk(tree):
            literal = isinstance(node, ast.Constant) and isinstance(node.value, str)
            if literal and id(node) not in typed and _CYRILLIC.search(str(node.value)):
                out.append((f"{path.relative_to(ROOT)}:{node.lineno}", str(node.value)))
    return out


def test_no_banned_variant_in_russian_words_of_the_code() -> None:
    found = [f"{where}: {hit}" for where, text in _russian_literals() for hit in banned_in(text)]
    assert not found, "\n".join(found)


def test_the_glossary_page_lists_every_term() -> None:
    page = (ROOT / "lessons" / "GLOSSARY.md").read_text(encoding="utf-8")
    missing = [term for term in SYNONYMS if term not in page]
    assert not missing


@pytest.mark.parametrize(
    ("typed", "term"),
    [
        ("проход", "мимо"),
        ("Дальше", "мимо"),
        ("пропускаю", "мимо"),
        ("простофиля", "простак"),
        ("вальтовая масть", "козырной валет"),
        ("валет масти", "козырной валет"),
        ("противник", "соперник"),
        ("слабак", "лурч"),
        ("раздача", "сдача"),
        ("прикуп", "криб"),
        ("пара ройал", "королевская пара"),
        ("стартовая карта", "стартер"),
        ("секвенс", "последовательность"),
        ("перебор", "завышенная отметка"),
    ],
)
def test_seed_synonyms_mean_the_glossary_term(typed: str, term: str) -> None:
    assert canonical(typed) == term


@pytest.mark.parametrize(
    ("word", "expected"),
    [("простофиля", "простак"), ("пропускаю", "мимо"), ("вальтовая масть", "козырной валет")],
)
def test_rules_search_finds_the_term_by_a_seed_synonym(
    capsys: pytest.CaptureFixture[str], word: str, expected: str
) -> None:
    code, out, _ = run(capsys, "--lang", "ru", "rules", "search", word)
    assert code == 0
    assert expected in out.lower()
    assert "ничего не найдено" not in out


def test_the_muggins_drill_reads_a_seed_synonym_as_muggins() -> None:
    from trainer.drills.muggins_drill import parse

    assert parse(None, "простофиля 2") == {"call": "muggins", "points": 2}  # type: ignore[arg-type]
    assert parse(None, "простак 2") == {"call": "muggins", "points": 2}  # type: ignore[arg-type]
    assert parse(None, "много 1") == {"call": "over", "points": 1}  # type: ignore[arg-type]
    assert parse(None, "перебор 1") == {"call": "over", "points": 1}  # type: ignore[arg-type]  # the old word


def test_the_count_drill_reads_seed_synonyms_of_the_items() -> None:
    from trainer.drills.answers import parse_named_counts
    from trainer.drills.count_drill import ITEM_NAMES
    from trainer.engine.scoring import SHOW_KINDS

    got = parse_named_counts("пятнадцать 4 секвенс 3 флеш 4 вальтовая 1", ITEM_NAMES, SHOW_KINDS)
    assert got == {"fifteen": 4, "pair": 0, "run": 3, "flush": 4, "nobs": 1}
    for nobs in ("козырной валет 1", "валет масти 1", "вальтовая масть 1"):  # the glossary's own words too
        assert parse_named_counts(f"пятнадцать 2 {nobs}", ITEM_NAMES, SHOW_KINDS)["nobs"] == 1, nobs


@pytest.mark.parametrize(
    "argv",
    [
        ("count", "5H 5D 5C JS", "5S"),
        ("count", "--crib", "5H 6H 7H 8H", "9C"),
        ("rules", "show", "--topic", "muggins"),
        ("rules", "show", "--topic", "pegging"),
        ("rules", "show", "--topic", "go"),
        ("learn", "12"),
        ("learn", "2"),
        ("learn", "7"),
        ("simulate", "--games", "3", "--seed", "1"),
    ],
    ids=lambda a: " ".join(a),
)
def test_no_banned_variant_in_russian_output(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    code, out, err = run(capsys, "--lang", "ru", *argv)
    assert code == 0, err
    assert not banned_in(out + err)
