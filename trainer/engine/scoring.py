"""Show scoring (hands and crib) and pegging scoring, as small named rules composed by two entry
points. Items are kept separate (each fifteen, each pair, each run) because the drills grade
against them one by one and the count is spoken item by item.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations

from trainer.engine.cards import Card, Rank
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
PLAY_KINDS: tuple[str, ...] = tuple(
    k.value for k in (ItemKind.FIFTEEN, ItemKind.THIRTY_ONE, ItemKind.PAIR, ItemKind.RUN)
)


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One scoring combination: its kind, the cards that make it and its points."""

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


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """All the items of one count; the total is derived so it cannot disagree with them."""

    items: tuple[ScoreItem, ...]

    @property
    def total(self) -> int:
        return sum(i.points for i in self.items)

    def by_kind(self, kinds: Iterable[str] = SHOW_KINDS) -> dict[str, int]:
        out = dict.fromkeys(kinds, 0)
        for item in self.items:
            out[item.kind] = out.get(item.kind, 0) + item.points
        return out

    def of_kind(self, kind: str) -> tuple[ScoreItem, ...]:
        return tuple(i for i in self.items if i.kind == kind)


# ----------------------------------------------------------------------------- the show


def _masks(n: int) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """(mask, lowest bit index, member indices) for every subset of 2+ of n cards, in order."""
    out = []
    for size in range(2, n + 1):
        for combo in combinations(range(n), size):
            mask = sum(1 << i for i in combo)
            out.append((mask, combo[0], combo))
    return tuple(out)


_SUBSETS = {n: _masks(n) for n in range(2, 8)}


def _fifteens(cards: Sequence[Card]) -> list[ScoreItem]:
    """Every subset of 2+ cards summing to 15; subset sums built from smaller subsets."""
    values = [c.value for c in cards]
    sums = {1 << i: v for i, v in enumerate(values)}
    out = []
    for mask, low, combo in _SUBSETS[len(cards)]:
        total = sums[mask & ~(1 << low)] + values[low]
        sums[mask] = total
        if total == 15:
            out.append(ScoreItem("fifteen", tuple(cards[i] for i in combo), 2))
    return out


def _pairs(cards: Sequence[Card]) -> list[ScoreItem]:
    return [ScoreItem("pair", (a, b), 2) for a, b in combinations(cards, 2) if a.rank is b.rank]


def _runs(cards: Sequence[Card]) -> list[ScoreItem]:
    """Each maximal run of 3+ ranks, once per way of choosing one card of each rank."""
    by_rank: dict[int, list[Card]] = {}
    for card in cards:
        by_rank.setdefault(int(card.rank), []).append(card)
    if len(by_rank) < 3:
        return []
    out: list[ScoreItem] = []
    ranks = sorted(by_rank)
    start = 0
    for i in range(1, len(ranks) + 1):
        if i == len(ranks) or ranks[i] != ranks[i - 1] + 1:
            if i - start >= 3:
                groups = [by_rank[r] for r in ranks[start:i]]
                for choice in _product(groups):
                    out.append(ScoreItem("run", tuple(choice), i - start))
            start = i
    return out


def _product(groups: list[list[Card]]) -> list[list[Card]]:
    result: list[list[Card]] = [[]]
    for group in groups:
        result = [[*prefix, card] for prefix in result for card in group]
    return result


def _flush(hand: Sequence[Card], starter: Card, *, is_crib: bool, ruleset: Ruleset | None) -> list[ScoreItem]:
    suits = {c.suit for c in hand}
    if len(suits) != 1:
        return []
    with_starter = starter.suit in suits
    bonus = ruleset.flush.starter_bonus if ruleset else 1
    if with_starter:
        return [ScoreItem("flush", (*hand, starter), len(hand) + bonus)]
    if is_crib and not (ruleset and ruleset.flush.crib_without_starter):
        return []
    return [ScoreItem("flush", tuple(hand), len(hand))]


def _nobs(hand: Sequence[Card], starter: Card) -> list[ScoreItem]:
    return [
        ScoreItem("nobs", (c, starter), 1) for c in hand if c.rank == Rank.JACK and c.suit == starter.suit
    ]


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
                got=len(hand),
            )
    elif not 3 <= len(hand) <= 5:
        raise ScoringError(
            f"a hand has 3 to 5 cards, got {len(hand)}", key="error.show.size_any", got=len(hand)
        )


def score_show(
    hand: Sequence[Card], starter: Card, *, is_crib: bool = False, ruleset: Ruleset | None = None
) -> ScoreBreakdown:
    """Itemised show count of a hand or crib with the starter."""
    check_show_cards(hand, starter, is_crib=is_crib, ruleset=ruleset)
    everything = (*hand, starter)
    items = (
        _fifteens(everything)
        + _pairs(everything)
        + _runs(everything)
        + _flush(hand, starter, is_crib=is_crib, ruleset=ruleset)
        + _nobs(hand, starter)
    )
    return ScoreBreakdown(tuple(items))


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
    if len(set(series)) != len(series):
        dup = next(c for c in series if series.count(c) > 1)
        raise ScoringError(f"{dup} was played twice; each card exists once", key="error.play.twice", card=dup)
    count = play_count(series)
    if count > 31:
        raise ScoringError(
            f"the count would be {count}: no card may take the count past 31 "
            "(start a new count after 31 or a go)",
            key="error.play.past_31",
            count=count,
        )
    last = series[-1]
    items: list[ScoreItem] = []
    if count == 15:
        items.append(ScoreItem("fifteen", tuple(series), 2))
    if count == 31:
        items.append(ScoreItem("thirty_one", tuple(series), 2))
    same = 1
    while same < len(series) and series[-same - 1].rank == last.rank:
        same += 1
    if same >= 2:
        items.append(ScoreItem("pair", tuple(series[-same:]), _PAIR_POINTS[same], _PAIR_LABELS[same]))
    else:
        run = _play_run_length(series)
        if run:
            items.append(ScoreItem("run", tuple(series[-run:]), run, f"run of {run}"))
    return ScoreBreakdown(tuple(items))


def _play_run_length(series: Sequence[Card]) -> int:
    """Longest tail of 3+ cards whose ranks are distinct and consecutive, in any order."""
    best = 0
    for length in range(3, len(series) + 1):
        ranks = [int(c.rank) for c in series[-length:]]
        if len(set(ranks)) == length and max(ranks) - min(ranks) == length - 1:
            best = length
    return best


def pair_multiplicity(cards: Iterable[Card]) -> Counter[Rank]:
    return Counter(c.rank for c in cards)
