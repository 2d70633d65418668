"""The Russian glossary as data: one word per term, the words a reader may type for it, and the
variants the product never prints (lessons/GLOSSARY.md explains each choice).

Kept as data so the same table drives three things: `rules search` finds «простак» when asked for
«простофиля», the drills read «пропускаю» as «мимо», and tests/test_glossary.py rejects a banned
variant in any Russian text the product prints.
"""

from __future__ import annotations

import re

# term -> the Russian word printed for it, and the words (seed synonyms, English names, common
# misspellings) a reader may type for it. Every key is a canonical Russian term.
SYNONYMS: dict[str, tuple[str, ...]] = {
    "криб": ("крибб", "прикуп", "крибедж", "crib"),
    "мимо": ("проход", "дальше", "пропускаю", "пас", "go"),
    "пятки": ("валет-стартер", "his heels", "heels", "nibs"),
    "простак": ("простофиля", "маггинс", "магинс", "мугинс", "muggins"),
    "стартер": ("стартовая карта", "старт", "подрезка", "starter", "cut"),
    "пятнадцать": ("пятнадцать два", "пятнашка", "fifteen"),
    "пара": ("pair",),
    "королевская пара": ("тройка", "пара ройал", "pair royal", "трипс"),
    "двойная королевская пара": ("каре", "двойная пара ройал", "double pair royal", "квартет"),
    "последовательность": ("секвенс", "стрит", "ряд", "run"),
    "флеш": ("масть", "flush"),
    "козырной валет": ("валет масти", "вальтовая масть", "нобс", "nobs", "his nobs"),
    "розыгрыш": ("пеггинг", "pegging", "the play"),
    "заход": ("круг до 31", "серия", "count"),
    "сдающий": ("дилер", "dealer"),
    "противник сдающего": ("понт", "pone"),
    "лурч": ("слабак", "lurch"),
    "криббедж": ("крибидж", "криббидж", "cribbage"),
    "соперник": ("противник", "opponent"),
    "сдача": ("раздача", "deal"),
    "преподаватель": ("учитель", "ведущий", "teacher"),
    "двое на двое": ("парная игра", "партнёры", "partnership"),
    "скунс": ("skunk", "марс"),
    "показ": ("подсчёт рук", "show"),
    "сброс": ("снос", "discard", "lay away"),
    "ранг": ("достоинство", "номинал", "rank"),
    "фигура": ("картинка", "картинки", "court card", "face card"),
    "завышенная отметка": ("перебор", "overpegging", "overpeg"),
}

# Variants never printed in Russian: (pattern, why). Patterns match lower-cased text.
BANNED: tuple[tuple[str, str], ...] = (
    (r"прикуп", "the crib is «криб»"),
    (r"(?<!б)крибедж|крибидж", "the game is «криббедж», the crib «криб»"),
    (r"маг+инс|мугинс", "muggins is «простак»"),
    (r"ройал", "pair royal is «королевская пара»"),
    (
        r"(?<![а-яё])сери(?:я|и|ю|ей|й|ям|ях|ями)(?![а-яё])",
        "a count is «заход», a run «последовательность», a streak «подряд»",
    ),
    (
        r"сбр[оа]с\w*\s+(?:сумм|счёт|счет)|(?:сумм|счёт|счет)\w*\s+(?:со\s+)?сбр[оа]с|со\s+сбросом\s+сумм",
        "a count starts again («новый заход»); «сброс» is the discard",
    ),
    (r"стартов\w+\s+карт", "the starter is «стартер»"),
    (r"масть\s+на\s+\d|масть\s+из", "a flush is «флеш»"),
    (r"(?<![а-яё])отрыв", "the gap to the best is «отставание»"),
    (r"(?<![а-яё])лишни[ехм]\w*\s+\d|лишние\s+\{", "too many is «на N больше»"),
    (r"(?<![а-яё])место\s+[\d{]", "players are «игрок 1», counted from one"),
    (r"(?<![а-яё])строк[аеи]\s+[\d{]", "a place in a lesson is «пункт N»"),
    (r"криббидж", "the game is «криббедж» (two seeds; the web titles had «криббидж»)"),
    (
        r"(?<![а-яё])противник[а-яё]*(?![а-яё])(?!\s+сдающего)",
        "pone is «противник сдающего»; any other player «соперник»",
    ),
    (r"пострадавш", "the player a penalty pays is «соперник нарушителя»"),
    (r"(?<![а-яё])учител", "the one who runs a club night is «преподаватель»"),
    (r"(?<![а-яё])раздач", "a deal is «сдача» (the seeds' word; «сдающий» deals it)"),
    (r"при счёте \d+(?![\d:])", "the running count of the play is «сумма» («счёт» is the score)"),
    (r"счёт\w*\s+с\s+нуля", "a new count: «сумма снова 0» («счёт» is the score)"),
    (r"(?<![а-яё])(?:помеща|влеза|умеща)\w*", "a card that fits under 31 «укладывается в 31»"),
    (r"(?<![а-яё])сесси|конвейер", "a sitting of drills is «занятие»; a pipe is «ответы другой программы»"),
    (r"(?<![а-яё])каре(?![а-яё])", "four of a kind is «двойная королевская пара»"),
    (r"валет\w* масти|(?<![а-яё])нобс", "nobs is «козырной валет» (the seeds' word)"),
    (r"достоинств|номинал", "a card's rank is «ранг» (the seeds' word); its value, what it «стоит»"),
    (r"(?<![а-яё])(?:движ(?:ок|ка|ком|ке)|тренажёр)", "speak to the player of the game, not of the software"),
    (r"возвра\w+\s+назад", "«назад» repeats «возвращается» (say «переставляют обратно»)"),
    (r"картин(?:к|ок)", "a court card (J, Q, K) is «фигура» («туз стоит 1, фигуры — 10»)"),
    (r"(?<![а-яё])зерн(?:о|а|у|ом)(?![а-яё])", "a seed is «номер расклада» («номер выборки» in help)"),
    (
        r"(?<![а-яё])перебор(?:а|у|ом|е|ы|ов)?(?![а-яё])",
        "overpegging is «завышенная отметка», a claim of too many «много N» («перебор» is over 31)",
    ),
)
_BANNED = [(re.compile(p), why) for p, why in BANNED]


def banned_in(text: str) -> list[str]:
    """The banned variants found in `text`, each with the word to use instead."""
    low = text.lower()
    return [f"{m.group(0)!r}: {why}" for rx, why in _BANNED for m in rx.finditer(low)]


def canonical(word: str) -> str:
    """The glossary term a reader means by `word` («простофиля» -> «простак»), else `word`."""
    low = " ".join(word.lower().replace("ё", "е").split())
    for term, variants in SYNONYMS.items():
        if low == term.replace("ё", "е") or low in (v.replace("ё", "е") for v in variants):
            return term
    return word


def variants(word: str) -> tuple[str, ...]:
    """`word` and every other word for the same term (for searching texts that use any)."""
    term = canonical(word)
    if term not in SYNONYMS:
        return (word,)
    return (term, *SYNONYMS[term])
