"""Exact score distributions over every hand + starter combination.

Scoring 12,994,800 (or 122,151,120) combinations one by one takes minutes in Python. Instead we
enumerate rank multisets (6,175 of five cards), score the rank part once (fifteens, pairs, runs
depend on ranks alone), and count the suit assignments that add a flush or nobs in closed form.
By suit symmetry the starter's suit is fixed to one suit and the counts multiplied by four.
"""

from __future__ import annotations

from math import comb

from trainer.engine.ruleset import Ruleset

_VALUES = [0] + [min(r, 10) for r in range(1, 14)]  # index by rank 1..13
JACK = 11


class Distribution:
    """How many hand + starter combinations score each total.

    A plain class rather than a dataclass: `crib count` builds one on every run and creating a
    dataclass costs more start-up time than the whole lookup.
    """

    __slots__ = ("counts", "crib", "hand_size")

    def __init__(self, *, hand_size: int, crib: bool, counts: dict[int, int]) -> None:
        self.hand_size = hand_size
        self.crib = crib
        self.counts = counts

    def __eq__(self, other: object) -> bool:
        if type(other) is not Distribution:
            return NotImplemented
        return (self.hand_size, self.crib, self.counts) == (other.hand_size, other.crib, other.counts)

    __hash__ = None  # type: ignore[assignment]  # mutable counts, like the frozen dataclass's

    def __repr__(self) -> str:
        return f"Distribution(hand_size={self.hand_size!r}, crib={self.crib!r}, counts={self.counts!r})"

    @property
    def combinations(self) -> int:
        return sum(self.counts.values())

    @property
    def mean(self) -> float:
        return sum(k * v for k, v in self.counts.items()) / self.combinations

    @property
    def max_score(self) -> int:
        return max(k for k, v in self.counts.items() if v)

    def impossible(self) -> list[int]:
        """Totals between 0 and the maximum that no combination scores."""
        return [k for k in range(self.max_score + 1) if not self.counts.get(k)]

    def one_in(self, total: int) -> float | None:
        """'About 1 in N hands' for this total (None when it never happens)."""
        n = self.counts.get(total, 0)
        return self.combinations / n if n else None


def _multisets(size: int) -> list[tuple[int, ...]]:
    """Every rank multiset of `size` cards as a 14-slot multiplicity vector (slot 0 unused)."""
    out: list[tuple[int, ...]] = []
    counts = [0] * 14

    def rec(rank: int, left: int) -> None:
        if left == 0:
            out.append(tuple(counts))
            return
        if rank > 13:
            return
        for k in range(min(4, left), -1, -1):
            counts[rank] = k
            rec(rank + 1, left - k)
        counts[rank] = 0

    rec(1, size)
    return out


def _rank_score(m: tuple[int, ...]) -> int:
    """Fifteens, pairs and runs of a rank multiset (suits play no part in these)."""
    ways = [1] + [0] * 15
    pairs = 0
    for rank in range(1, 14):
        k = m[rank]
        if not k:
            continue
        pairs += k * (k - 1)
        value = _VALUES[rank]
        new = ways[:]
        for take in range(1, k + 1):
            weight = comb(k, take)
            shift = value * take
            if shift > 15:
                break
            for total in range(15 - shift, -1, -1):
                if ways[total]:
                    new[total + shift] += weight * ways[total]
        ways = new
    runs = 0
    rank = 1
    while rank <= 13:
        if not m[rank]:
            rank += 1
            continue
        start, mult = rank, 1
        while rank <= 13 and m[rank]:
            mult *= m[rank]
            rank += 1
        length = rank - start
        if length >= 3:
            runs += length * mult
    return 2 * ways[15] + pairs + runs


def score_distribution(
    hand_size: int,
    *,
    crib: bool = False,
    starter_bonus: int = 1,
    crib_without_starter: bool = False,
) -> Distribution:
    """Exact distribution of show totals for hands of `hand_size` cards plus a starter."""
    counts: dict[int, int] = {}
    flush_other = hand_size if (not crib or crib_without_starter) else 0
    flush_with = hand_size + starter_bonus
    for m in _multisets(hand_size + 1):
        base = _rank_score(m)
        for s in range(1, 14):
            if not m[s]:
                continue
            _add_starter(counts, m, s, base, hand_size, flush_with, flush_other)
    return Distribution(hand_size=hand_size, crib=crib, counts=dict(sorted(counts.items())))


def _add_starter(
    counts: dict[int, int],
    m: tuple[int, ...],
    s: int,
    base: int,
    hand_size: int,
    flush_with: int,
    flush_other: int,
) -> None:
    """Count suit assignments for the hand m - {s} with a starter of rank s in suit 0."""
    total = 1
    distinct = True
    for rank in range(1, 14):
        h = m[rank] - (1 if rank == s else 0)
        if h > 1:
            distinct = False
        if h:
            total *= comb(3, h) if rank == s else comb(4, h)
    h_jack = m[JACK] - (1 if s == JACK else 0)
    nobs = total // comb(4, h_jack) * comb(3, h_jack - 1) if (s != JACK and h_jack) else 0
    flush_same = flush_cross = 0
    if distinct and hand_size >= 1:
        flush_cross = 3
        if m[s] == 1:  # the starter's rank is not in the hand, so suit 0 is free
            flush_same = 1
    same_has_nobs = 1 if (flush_same and nobs) else 0
    plain = total - flush_same - flush_cross - (nobs - same_has_nobs)
    for points, n in (
        (base + flush_with + same_has_nobs, flush_same),
        (base + flush_other, flush_cross),
        (base + 1, nobs - same_has_nobs),
        (base, plain),
    ):
        if n:
            counts[points] = counts.get(points, 0) + 4 * n


def ruleset_distribution(ruleset: Ruleset, *, crib: bool = False) -> Distribution:
    size = ruleset.crib_size if crib else ruleset.hand_size
    if not crib and ruleset.flush.hand_min < size:
        from trainer.engine.errors import ScoringError

        # the suit-pattern count below assumes a flush of the whole hand; a partial flush (club
        # option C5) would need another count, and a wrong table is worse than none
        raise ScoringError(
            f"no exact distribution for hands with flush.hand_min {ruleset.flush.hand_min} below the "
            f"hand size {size} (club option C5); the crib's distribution is available with --crib",
            key="raised.stats.partial_flush",
            min=ruleset.flush.hand_min,
            size=size,
        )
    return score_distribution(
        size,
        crib=crib,
        starter_bonus=ruleset.flush.starter_bonus,
        crib_without_starter=ruleset.flush.crib_without_starter,
    )
