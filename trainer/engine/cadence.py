"""The count as players say it aloud: "fifteen two, fifteen four, and a pair is 6".

Saying the count in the usual order (fifteens, thirty-one in the play, pairs, runs, flush, nobs)
with a running total is how players learn to count fast, so drills give feedback in this form.
The engine decides what is said and in which order (`count_parts`); the words are chosen at the
edge (`trainer.i18n.cadence.say_count`, from the catalogues).
"""

from __future__ import annotations

from collections import defaultdict
from typing import NamedTuple

from trainer.engine.scoring import ScoreBreakdown, ScoreItem

_RUN_NAMES = {1: "run", 2: "double_run", 3: "triple_run", 4: "double_double_run"}
_PAIR_NAMES = {2: "pair", 3: "pair_royal", 4: "double_pair_royal"}


class CountPart(NamedTuple):
    """One thing said: `word` names it ("fifteen", "pair", "another_pair", "pair_royal",
    "double_pair_royal", "run", "double_run", "triple_run", "double_double_run", "flush",
    "nobs"), `length` is a run's or flush's length, `running` the total once it is said."""

    word: str
    running: int
    length: int = 0


def count_parts(breakdown: ScoreBreakdown) -> list[CountPart]:
    """What is said, in order; an empty list is a zero hand ("nineteen")."""
    parts: list[CountPart] = []
    running = 0
    for _ in breakdown.of_kind("fifteen"):
        running += 2
        parts.append(CountPart("fifteen", running))
    for item in breakdown.of_kind("thirty_one"):  # a card of the play: "thirty-one for 2"
        running += item.points
        parts.append(CountPart("thirty_one", running))
    phrases = _pair_phrases(breakdown.of_kind("pair")) + _run_phrases(breakdown.of_kind("run"))
    phrases += [("flush", item.points, item.points) for item in breakdown.of_kind("flush")]
    phrases += [("nobs", item.points, 0) for item in breakdown.of_kind("nobs")]
    for word, points, length in phrases:
        running += points
        parts.append(CountPart(word, running, length))
    return parts


def _pair_phrases(items: tuple[ScoreItem, ...]) -> list[tuple[str, int, int]]:
    by_rank: dict[int, set[object]] = defaultdict(set)
    for item in items:
        by_rank[int(item.cards[0].rank)].update(item.cards)
    out: list[tuple[str, int, int]] = []
    for rank in sorted(by_rank):
        size = len(by_rank[rank])
        name = _PAIR_NAMES[size]
        if name == "pair" and any(word == "pair" for word, _, _ in out):
            name = "another_pair"
        out.append((name, size * (size - 1), 0))
    return out


def _run_phrases(items: tuple[ScoreItem, ...]) -> list[tuple[str, int, int]]:
    groups: dict[tuple[int, int], int] = defaultdict(int)
    for item in items:
        ranks = [int(c.rank) for c in item.cards]
        groups[(min(ranks), len(ranks))] += 1
    return [(_RUN_NAMES.get(n, "run"), length * n, length) for (_, length), n in sorted(groups.items())]
