"""Every number-with-noun goes through the catalogue's plural forms: each plural message gives
the right form for 0, 1, 2, 5, 11, 12, 21, 22, 25, 101 and 111 in both languages (Russian: 1, 21
and 101 take the first form, 2 and 22 the second, the rest the third), no message hedges with
"(s)" or «(и)», and the counted messages the issue names read right."""

from __future__ import annotations

import re
import string

import pytest
from babel.messages.catalog import Message
from po_sources import forms, key, language_catalogue

from trainer.i18n import LANGS, LOCALE_DIR, nt, t

NUMBERS = (0, 1, 2, 5, 11, 12, 21, 22, 25, 101, 111)
RU_FORM = {0: 2, 1: 0, 2: 1, 5: 2, 11: 2, 12: 2, 21: 0, 22: 1, 25: 2, 101: 0, 111: 2}
EN_FORM = {n: 0 if n == 1 else 1 for n in NUMBERS}


def _entries(lang: str) -> dict[str, Message]:
    return {key(m): m for m in language_catalogue(LOCALE_DIR, lang) if m.id}


ENTRIES = {lang: _entries(lang) for lang in LANGS}
PLURAL_KEYS = sorted(k for k, e in ENTRIES["en"].items() if e.pluralizable)


def _values(entry: Message) -> dict[str, object]:
    fields = {f for s in forms(entry) for _, f, _, _ in string.Formatter().parse(s) if f}
    return {f: f"<{f}>" for f in fields if f != "n"}


def test_the_plural_messages_are_found() -> None:
    assert len(PLURAL_KEYS) >= 30  # the counted messages of the catalogues (grows, never shrinks)


@pytest.mark.parametrize("key", PLURAL_KEYS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_plural_message_takes_the_form_of_its_number(key: str, lang: str) -> None:
    entry = ENTRIES[lang][key]
    assert entry.pluralizable, f"{key} is counted in English but not in {lang}"
    form = EN_FORM if lang == "en" else RU_FORM
    values = _values(entry)
    for n in NUMBERS:
        text = nt(key, n, lang, **values)
        assert text == forms(entry)[form[n]].format(n=n, **values), (key, lang, n)
        if "{n}" in forms(entry)[form[n]]:
            assert re.search(rf"(?<!\d){n}(?!\d)", text), (key, lang, n, text)


@pytest.mark.parametrize("lang", LANGS)
def test_no_message_hedges_a_plural_with_brackets(lang: str) -> None:
    # rulings.po keeps the engine's own English (`Phrase`, tested equal to it): its "(s)" is
    # the engine's, and the Russian of those entries picks its form ({points:очко|очка|очков})
    hedged = [
        f"{k}: {s}"
        for k, e in ENTRIES[lang].items()
        if not k.startswith(("ruling.", "text.")) and k != "muggins.to_opponent"
        for s in forms(e)
        if re.search(r"\w\((s|es|и|ы|а)\)", s)
    ]
    assert not hedged, hedged


@pytest.mark.parametrize(
    ("key", "n", "values", "en", "ru"),
    [
        ("adapt.goal.is", 1, {}, "Daily goal: 1 answer a day", "Цель дня: 1 ответ "),
        ("adapt.goal.is", 2, {}, "Daily goal: 2 answers a day", "Цель дня: 2 ответа "),
        ("adapt.goal.is", 21, {}, "Daily goal: 21 answers a day", "Цель дня: 21 ответ "),
        ("adapt.goal.is", 22, {}, "Daily goal: 22 answers a day", "Цель дня: 22 ответа "),
        (
            "drill.peg.cards_left.opponent",
            2,
            {},
            "The opponent has 2 cards left",
            "У соперника на руке 2 карты",
        ),
        (
            "drill.peg.cards_left.left",
            1,
            {},
            "The player on your left has 1 card left",
            "У игрока слева на руке 1 карта",
        ),
        (
            "drill.peg.go_left.opponent",
            5,
            {},
            "The opponent said go with 5 cards left",
            "Соперник сказал «мимо», у него на руке 5 карт",
        ),
        ("error.file.more", 1, {}, " (and 1 more problem)", " (и ещё 1 проблема)"),
        ("error.file.more", 5, {}, " (and 5 more problems)", " (и ещё 5 проблем)"),
        # the count a user gave: a sentence with the noun agreeing, never «указано карт: 5»
        (
            "error.show.size_any",
            21,
            {},
            "a hand has 3 to 5 cards, got 21",
            "в руке бывает от 3 до 5 карт, а вы указали 21 карту",
        ),
        (
            "error.show.size_any",
            2,
            {},
            "a hand has 3 to 5 cards, got 2",
            "в руке бывает от 3 до 5 карт, а вы указали 2 карты",
        ),
        (
            "error.show.size_hand",
            5,
            {"ruleset": "classic", "want": 4},
            "a hand in the classic ruleset has 4 cards, got 5",
            "вы указали 5 карт, а в правилах classic на руке их 4;",
        ),
        (
            "error.discard.size",
            22,
            {"ruleset": "classic", "want": 6},
            "the classic ruleset deals 6 cards to each player, got 22",
            "вы указали 22 карты, а в правилах classic каждому сдают по 6;",
        ),
        (
            "drill.answer.card_count",
            2,
            {"given": 3},
            "choose exactly 2 cards (you gave 3)",
            "нужно отложить 2 карты, а вы указали 3",
        ),
        (
            "drill.answer.card_count",
            1,
            {"given": 2},
            "choose exactly 1 card",
            "нужно отложить 1 карту, а вы указали 2",
        ),
    ],
)
def test_the_counted_messages_the_issue_names_read_right(
    key: str, n: int, values: dict[str, object], en: str, ru: str
) -> None:
    assert t(key, "en", n=n, **values).startswith(en)
    assert t(key, "ru", n=n, **values).startswith(ru)


@pytest.mark.parametrize(
    ("n", "en", "ru"),
    [
        (1, "1 game ended in a lurch", "1 партия закончилась лурчем"),
        (3, "3 games ended in a lurch", "3 партии закончились лурчем"),
        (25, "25 games ended in a lurch", "25 партий закончились лурчем"),
    ],
)
def test_simulate_counts_its_lurches_in_a_sentence(n: int, en: str, ru: str) -> None:
    assert (nt("game.sim.lurches", n, "en"), nt("game.sim.lurches", n, "ru")) == (en, ru)
