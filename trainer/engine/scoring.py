"""Show scoring (hands and crib) and pegging scoring. Items are kept separate (each fifteen, each
pair, each run) because the drills grade against them one by one and the count is spoken item by
item.

The show is scored from tables. Fifteens, pairs and runs depend on the ranks alone, so the
positions that make them are worked out once per multiset of ranks (6,175 for a hand and starter)
in rank order, and each hand maps them back to its own card order; flush and nobs cost a few
integer tests. The result is the same items in the same order as the direct enumeration kept in
`trainer.engine.scoring_reference` (tests compare the two on 100,000 hands and every rank
pattern), several times faster, because the drills, the game and the benchmarks call it for
every hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from enum import StrEnum
from itertools import combinations
from operator import itemgetter
from typing import NamedTuple, cast

from trainer.engine.cards import Card
from trainer.engine.errors import ScoringError
from trainer.engine.ruleset import Ruleset


class ItemKind(StrEnum):
    """What a scoring item is (words: `core.kind.*` in the catalogues)."""

    FIFTEEN = "fifteen"
    PAIR = "pair"
    RUN = "run"
    FLUSH = "flush"
    NOBS = "nobs"
    THIRTY_ONE = "thirty_one"
    GO = "go"
    LAST = "last"
    HEELS = "heels"


# Plain strings (JSON keys, dict keys in reports); ItemKind is the typed list they come from.
SHOW_KINDS: tuple[str, ...] = tuple(
    k.value for k in (ItemKind.FIFTEEN, ItemKind.PAIR, ItemKind.RUN, ItemKind.FLUSH, ItemKind.NOBS)
)


class ScoreItem(NamedTuple):
    """One scoring combination: its kind, the cards that make it and its points.

    A named tuple rather than a dataclass: a show builds several per hand and a tuple is built in
    C (half the cost), while the fields, equality, hashing and repr stay the same.
    """

    kind: str
    cards: tuple[Card, ...]
    points: int
    label: str = ""

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "kind": self.kind,
            "cards": [str(c) for c in self.cards],
            "points": self.points,
        }
        if self.label:
            out["label"] = self.label
        return out


class ScoreBreakdown:
    """All the items of one count; the total is derived so it cannot disagree with them.

    `ScoreBreakdown(items)` as before. The game also builds breakdowns with `lazy(total, make)`:
    a self-play game shows thousands of hands whose items nobody reads, so the total comes from
    the total-only scorer and the items are made (by `score_show`, identical) the first time
    someone asks for them.
    """

    __slots__ = ("_items", "_make", "total")
    _items: tuple[ScoreItem, ...] | None
    _make: Callable[[], tuple[ScoreItem, ...]] | None
    total: int
    """The points of all items (a stored field: the game reads it for every event)."""

    def __init__(self, items: Iterable[ScoreItem]) -> None:
        items = tuple(items)
        _set(self, "_items", items)
        _set(self, "_make", None)
        _set(self, "total", sum([i[2] for i in items]))

    @classmethod
    def lazy(cls, total: int, make: Callable[[], tuple[ScoreItem, ...]]) -> ScoreBreakdown:
        """A breakdown whose total is known and whose items `make()` builds on first use."""
        out = _object_new(cls)
        _set(out, "_items", None)
        _set(out, "_make", make)
        _set(out, "total", total)
        return out

    @property
    def items(self) -> tuple[ScoreItem, ...]:
        items = self._items
        if items is None:
            assert self._make is not None
            items = self._make()
            _set(self, "_items", items)
            _set(self, "_make", None)
        return items

    def by_kind(self, kinds: Iterable[str] = SHOW_KINDS) -> dict[str, int]:
        out = dict.fromkeys(kinds, 0)
        for item in self.items:
            out[item.kind] = out.get(item.kind, 0) + item.points
        return out

    def of_kind(self, kind: str) -> tuple[ScoreItem, ...]:
        return tuple(i for i in self.items if i.kind == kind)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not ScoreBreakdown:
            return NotImplemented
        return bool(self.items == other.items)

    def __hash__(self) -> int:
        return hash(self.items)

    def __repr__(self) -> str:
        return f"ScoreBreakdown(items={self.items!r})"

    def __reduce__(self) -> tuple[object, tuple[tuple[ScoreItem, ...]]]:
        return (ScoreBreakdown, (self.items,))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: a breakdown is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: a breakdown is immutable")


_set = object.__setattr__
_object_new = object.__new__


def _breakdown(items: tuple[ScoreItem, ...]) -> ScoreBreakdown:
    """`ScoreBreakdown(items)` without the Python-level `__init__` (the show builds one per hand)."""
    out = _object_new(ScoreBreakdown)
    _set(out, "_items", items)
    _set(out, "_make", None)
    _set(out, "total", sum([i[2] for i in items]))
    return out


_new = tuple.__new__
_Getter = Callable[[Sequence[Card]], tuple[Card, ...]]


def _getter(positions: Iterable[int]) -> _Getter:
    """A C-level getter of the cards at 2+ `positions`, as a tuple in that order."""
    return cast(
        _Getter, itemgetter(*positions)
    )  # builds an item without the Python-level __new__ of a named tuple


# ----------------------------------------------------------------------------- the show


def _masks(n: int) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """(mask, lowest bit index, member indices) for every subset of 2+ of n cards, in order."""
    out = []
    for size in range(2, n + 1):
        for combo in combinations(range(n), size):
            mask = sum(1 << i for i in combo)
            out.append((mask, combo[0], combo))
    return tuple(out)


class _Size:
    """The subset tables for hands of n cards (built on first use: 2 to 7 cards). Plain
    classes here, not named tuples: those compile code when defined, at every start-up."""

    __slots__ = ("getters", "lows", "order_of", "pair_masks", "subsets")

    def __init__(self, subs: tuple[tuple[int, int, tuple[int, ...]], ...], n: int) -> None:
        self.subsets = subs
        self.order_of = {mask: i for i, (mask, _, _) in enumerate(subs)}  # place in listing order
        self.getters = tuple(_getter(combo) for _, _, combo in subs)  # C-level getter per subset
        # (i, j, mask) of every two positions; (mask, mask without its lowest bit, lowest bit)
        self.pair_masks = tuple((i, j, (1 << i) | (1 << j)) for i, j in combinations(range(n), 2))
        self.lows = tuple((mask, mask & ~(1 << low), low) for mask, low, _ in subs)


_SIZES: dict[int, _Size] = {}


def _size(n: int) -> _Size:
    found = _SIZES.get(n)
    if found is None:
        if not 2 <= n <= 7:
            raise ValueError(f"subsets of 2 to 7 cards, not {n}")
        found = _SIZES[n] = _Size(_masks(n), n)
    return found


def subsets(n: int) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """Every subset of 2+ of n positions as (mask, lowest index, members), in the order items
    are listed: by size, then lexicographically."""
    return _size(n).subsets


_Pattern = tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[_Getter, int], ...]]
"""Fifteens (subset masks), pairs (two-card masks) and runs ((getter of the cards, length)) of
one sorted rank multiset, as positions in rank order."""


_PATTERNS: dict[tuple[int, ...], _Pattern] = {}
_PLACES: dict[tuple[int, ...], list[int]] = {}


def _pattern(ranks: tuple[int, ...]) -> _Pattern:
    """The items of sorted `ranks` (0..12), by the reference algorithm on plain ints."""
    n = len(ranks)
    values = [min(r + 1, 10) for r in ranks]
    sums = [0] * (1 << n)
    for i, v in enumerate(values):
        sums[1 << i] = v
    fifteens = []
    size = _size(n)
    for mask, rest, low in size.lows:
        total = sums[mask] = sums[rest] + values[low]
        if total == 15:
            fifteens.append(mask)
    pairs = tuple(mask for i, j, mask in size.pair_masks if ranks[i] == ranks[j])
    runs: list[tuple[_Getter, int]] = []
    if len(set(ranks)) >= 3:
        groups: list[list[int]] = []  # positions of each distinct rank, ranks ascending
        for i, r in enumerate(ranks):
            if groups and ranks[groups[-1][0]] == r:
                groups[-1].append(i)
            else:
                groups.append([i])
        start = 0
        for g in range(1, len(groups) + 1):
            if g == len(groups) or ranks[groups[g][0]] != ranks[groups[g - 1][0]] + 1:
                if g - start >= 3:
                    choices: list[list[int]] = [[]]
                    for group in groups[start:g]:
                        choices = [[*prefix, p] for prefix in choices for p in group]
                    runs.extend((_getter(choice), g - start) for choice in choices)
                start = g
    return (tuple(fifteens), pairs, tuple(runs))


def _places(order: tuple[int, ...]) -> list[int]:
    """For a hand whose cards in rank order sit at positions `order`, the listing place of each
    rank-order subset mask once mapped back to the hand's own positions."""
    n = len(order)
    index = _size(n).order_of
    out = []
    for mask in range(1 << n):
        mapped = 0
        for p in range(n):
            if mask >> p & 1:
                mapped |= 1 << order[p]
        out.append(index.get(mapped, -1))
    return out


def _partial_flush(
    hand: Sequence[Card], starter: Card, *, is_crib: bool, ruleset: Ruleset | None
) -> list[ScoreItem]:
    """Club option C5 (`flush.hand_min` below the hand size, seven-card game): `hand_min` hand
    cards of one suit score a flush of that many, one more with the starter; never the crib."""
    if is_crib or ruleset is None or ruleset.flush.hand_min >= len(hand):
        return []
    for suit in {c.suit for c in hand}:
        same = [c for c in hand if c.suit == suit]
        if len(same) >= ruleset.flush.hand_min:
            if starter.suit == suit:
                return [ScoreItem("flush", (*same, starter), len(same) + ruleset.flush.starter_bonus)]
            return [ScoreItem("flush", tuple(same), len(same))]
    return []


def check_show_cards(hand: Sequence[Card], starter: Card, *, is_crib: bool, ruleset: Ruleset | None) -> None:
    """Reject a show that cannot happen: duplicates, the starter in the hand, a wrong size."""
    everything = [*hand, starter]
    if len(set(everything)) != len(everything):
        dup = next(c for c in everything if everything.count(c) > 1)
        raise ScoringError(
            f"{dup} appears twice: the starter and hand cards must all differ",
            key="error.show.twice",
            card=dup,
        )
    if ruleset is not None:
        want = ruleset.crib_size if is_crib else ruleset.hand_size
        what = "crib" if is_crib else "hand"
        if len(hand) != want:
            raise ScoringError(
                f"a {what} in the {ruleset.name} ruleset has {want} cards, got {len(hand)}; "
                f"give {want} cards and the starter with --starter",
                key=f"error.show.size_{what}",
                ruleset=ruleset.name,
                want=want,
                n=len(hand),
            )
    elif not 3 <= len(hand) <= 5:
        raise ScoringError(
            f"a hand has 3 to 5 cards, got {len(hand)}", key="error.show.size_any", n=len(hand)
        )


_JACK_INDEX = 10  # rank index (ace 0) of the jack


_SIZE_OF: dict[int, tuple[Ruleset, int, int]] = {}
"""id(ruleset) -> (ruleset, cards in a hand + starter, in a crib + starter): read per show."""


def _sizes(ruleset: Ruleset) -> tuple[Ruleset, int, int]:
    found = _SIZE_OF.get(id(ruleset))
    if found is None or found[0] is not ruleset:
        found = _SIZE_OF[id(ruleset)] = (ruleset, ruleset.hand_size + 1, ruleset.crib_size + 1)
    return found


def score_show(
    hand: Sequence[Card], starter: Card, *, is_crib: bool = False, ruleset: Ruleset | None = None
) -> ScoreBreakdown:
    """Itemised show count of a hand or crib with the starter."""
    everything = (*hand, starter)
    n = len(everything)
    if ruleset is None:
        valid = 4 <= n <= 6
    else:
        sizes = _SIZE_OF.get(id(ruleset))
        if sizes is None or sizes[0] is not ruleset:
            sizes = _sizes(ruleset)
        valid = n == sizes[2 if is_crib else 1]
    if not valid or len(set(everything)) != n:
        check_show_cards(hand, starter, is_crib=is_crib, ruleset=ruleset)
    idx = [c.index for c in everything]
    ranks = [i >> 2 for i in idx]
    key = tuple(sorted(ranks))
    pattern = _PATTERNS.get(key)
    if pattern is None:
        pattern = _PATTERNS[key] = _pattern(key)
    items: list[ScoreItem] = []
    fifteens, pairs, runs = pattern
    if fifteens or pairs or runs:
        order = tuple(sorted(range(n), key=ranks.__getitem__))
        if fifteens or pairs:
            places = _PLACES.get(order)
            if places is None:
                places = _PLACES[order] = _places(order)
            getters = (_SIZES.get(n) or _size(n)).getters
            if fifteens:
                for place in sorted([places[m] for m in fifteens]):
                    items.append(_new(ScoreItem, ("fifteen", getters[place](everything), 2, "")))
            if pairs:
                for place in sorted([places[m] for m in pairs]):
                    items.append(_new(ScoreItem, ("pair", getters[place](everything), 2, "")))
        if runs:
            in_rank_order = [everything[i] for i in order]
            for getter, length in runs:
                items.append(_new(ScoreItem, ("run", getter(in_rank_order), length, "")))
    suit = idx[-1] & 3
    del idx[-1]  # the hand's cards only, from here on
    if len({i & 3 for i in idx}) == 1:
        if idx[0] & 3 == suit:
            bonus = ruleset.flush.starter_bonus if ruleset else 1
            items.append(_new(ScoreItem, ("flush", everything, len(idx) + bonus, "")))
        elif not is_crib or (ruleset and ruleset.flush.crib_without_starter):
            items.append(_new(ScoreItem, ("flush", everything[:-1], len(idx), "")))
    elif ruleset is not None and not is_crib and ruleset.flush.hand_min < len(idx):
        items.extend(_partial_flush(everything[:-1], starter, is_crib=is_crib, ruleset=ruleset))
    if _JACK_INDEX in ranks:
        for k, i in enumerate(idx):
            if i >> 2 == _JACK_INDEX and i & 3 == suit:
                items.append(_new(ScoreItem, ("nobs", (everything[k], starter), 1, "")))
    return _breakdown(tuple(items))


def score_show_lazy(
    hand: Sequence[Card], starter: Card, *, is_crib: bool = False, ruleset: Ruleset | None = None
) -> ScoreBreakdown:
    """`score_show` for callers that mostly need the total (the game, and so every simulation):
    the same checks now, the total from the total-only scorer (`fastscore`, a table lookup), and
    the items built by `score_show` only if someone reads them."""
    from trainer.engine.fastscore import show_total

    n = len(hand) + 1
    want = (ruleset.crib_size if is_crib else ruleset.hand_size) + 1 if ruleset is not None else None
    if (n != want if want is not None else not 4 <= n <= 6) or len({*hand, starter}) != n:
        check_show_cards(hand, starter, is_crib=is_crib, ruleset=ruleset)
    cards = tuple(hand)
    return ScoreBreakdown.lazy(
        show_total(cards, starter, is_crib=is_crib, ruleset=ruleset),
        lambda: score_show(cards, starter, is_crib=is_crib, ruleset=ruleset).items,
    )


# ----------------------------------------------------------------------------- the play

_PAIR_POINTS = {2: 2, 3: 6, 4: 12}
_PAIR_LABELS = {2: "pair", 3: "pair royal", 4: "double pair royal"}


def play_count(series: Sequence[Card]) -> int:
    return sum(c.value for c in series)


def score_play(series: Sequence[Card], *, ruleset: Ruleset | None = None) -> ScoreBreakdown:
    """Points for the last card of the current count (go and last card are the game's job)."""
    del ruleset  # pegging combinations are the same in every variant
    if not series:
        raise ScoringError(
            "no cards played: give the cards of the current count in play order", key="error.play.none"
        )
    n = len(series)
    if len(set(series)) != n:
        dup = next(c for c in series if series.count(c) > 1)
        raise ScoringError(f"{dup} was played twice; each card exists once", key="error.play.twice", card=dup)
    count = sum([c.value for c in series])
    if count > 31:
        raise ScoringError(
            f"the count would be {count}: no card may take the count past 31 "
            "(start a new count after 31 or a go)",
            key="error.play.past_31",
            count=count,
        )
    return score_play_checked(tuple(series), count)


def score_play_checked(cards: tuple[Card, ...], count: int) -> ScoreBreakdown:
    """`score_play` for a series the caller already knows is legal (distinct cards, `count` their
    total, at most 31): the pegging state plays every card through this."""
    n = len(cards)
    ranks = [c.index >> 2 for c in cards]
    last = ranks[-1]
    items: list[ScoreItem] = []
    if count == 15:
        items.append(_new(ScoreItem, ("fifteen", cards, 2, "")))
    if count == 31:
        items.append(_new(ScoreItem, ("thirty_one", cards, 2, "")))
    same = 1
    while same < n and ranks[-same - 1] == last:
        same += 1
    if same >= 2:
        items.append(_new(ScoreItem, ("pair", cards[-same:], _PAIR_POINTS[same], _PAIR_LABELS[same])))
    elif n >= 3:
        run = _play_run_length(ranks)
        if run:
            items.append(_new(ScoreItem, ("run", cards[-run:], run, f"run of {run}")))
    return _breakdown(tuple(items))


def _play_run_length(ranks: Sequence[int]) -> int:
    """Longest tail of 3+ cards whose ranks are distinct and consecutive, in any order."""
    best = 0
    for length in range(3, len(ranks) + 1):
        tail = ranks[-length:]
        if max(tail) - min(tail) == length - 1 and len(set(tail)) == length:
            best = length
    return best
