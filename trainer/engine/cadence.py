"""The count as players say it aloud: "fifteen two, fifteen four, and a pair is 6".

Saying the count in the usual order (fifteens, pairs, runs, flush, nobs) with a running total is
how players learn to count fast, so drills give feedback in this form.
"""

from __future__ import annotations

from collections import defaultdict

from trainer.engine.scoring import ScoreBreakdown, ScoreItem

_WORDS = {
    "en": {
        "fifteen": "fifteen {n}",
        "pair": "a pair",
        "another pair": "another pair",
        "pair royal": "pair royal",
        "double pair royal": "double pair royal",
        "run": "a run of {l}",
        "double run": "a double run of {l}",
        "triple run": "a triple run of {l}",
        "double double run": "a double double run of {l}",
        "flush": "a flush of {l}",
        "nobs": "nobs",
        "is": "{what} is {n}",
        "and": "and ",
        "nothing": "nineteen (nothing)",
    },
    "ru": {
        "fifteen": "пятнадцать {n}",
        "pair": "пара",
        "another pair": "ещё пара",
        "pair royal": "тройка (королевская пара)",
        "double pair royal": "двойная королевская пара",
        "run": "последовательность из {l}",
        "double run": "двойная последовательность из {l}",
        "triple run": "тройная последовательность из {l}",
        "double double run": "двойная двойная последовательность из {l}",
        "flush": "флеш из {l}",
        "nobs": "валет масти",
        "is": "{what} — {n}",
        "and": "и ",
        "nothing": "ноль (девятнадцать)",
    },
}
# Lengths said aloud in Russian take the genitive: «флеш из трёх», «последовательность из четырёх».
_RU_LENGTHS = {3: "трёх", 4: "четырёх", 5: "пяти", 6: "шести", 7: "семи"}
_RUN_NAMES = {1: "run", 2: "double run", 3: "triple run", 4: "double double run"}
_PAIR_NAMES = {2: "pair", 3: "pair royal", 4: "double pair royal"}


def say_count(breakdown: ScoreBreakdown, lang: str = "en") -> str:
    """One line in counting cadence with a running total; 'nineteen' for a zero hand."""
    words = _WORDS.get(lang, _WORDS["en"])
    lengths: dict[int, str] = _RU_LENGTHS if lang == "ru" else {}
    parts: list[str] = []
    running = 0
    for _ in breakdown.of_kind("fifteen"):
        running += 2
        parts.append(words["fifteen"].format(n=running))
    phrases = _pair_phrases(breakdown.of_kind("pair"), words)
    phrases += _run_phrases(breakdown.of_kind("run"), words, lengths)
    for item in breakdown.of_kind("flush"):
        phrases.append((words["flush"].format(l=lengths.get(item.points, item.points)), item.points))
    for item in breakdown.of_kind("nobs"):
        phrases.append((words["nobs"], item.points))
    for i, (what, points) in enumerate(phrases):
        running += points
        lead = words["and"] if i == len(phrases) - 1 and parts else ""
        parts.append(lead + words["is"].format(what=what, n=running))
    return ", ".join(parts) if parts else words["nothing"]


def _pair_phrases(items: tuple[ScoreItem, ...], words: dict[str, str]) -> list[tuple[str, int]]:
    by_rank: dict[int, set[object]] = defaultdict(set)
    for item in items:
        by_rank[int(item.cards[0].rank)].update(item.cards)
    out: list[tuple[str, int]] = []
    for rank in sorted(by_rank):
        size = len(by_rank[rank])
        name = _PAIR_NAMES[size]
        if name == "pair" and any(n == words["pair"] for n, _ in out):
            name = "another pair"
        out.append((words[name], size * (size - 1)))
    return out


def _run_phrases(
    items: tuple[ScoreItem, ...], words: dict[str, str], lengths: dict[int, str]
) -> list[tuple[str, int]]:
    groups: dict[tuple[int, int], int] = defaultdict(int)
    for item in items:
        ranks = [int(c.rank) for c in item.cards]
        groups[(min(ranks), len(ranks))] += 1
    out = []
    for (_, length), n in sorted(groups.items()):
        name = _RUN_NAMES.get(n, "run")
        out.append((words[name].format(l=lengths.get(length, length)), length * n))
    return out
