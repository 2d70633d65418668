"""Expected crib values of a discard, read from the table the project computes and ships.

The value of the cards you lay away depends on what the other players lay away, and they in turn
choose by the same kind of expectation; there is no closed form. `scripts/make_crib_values.py`
simulates it (see `trainer.advice.crib_model` and the README) and writes
`trainer/data/crib_values.json`; this module only reads that file, once, lazily (the CLI's
start-up time is benchmarked), and answers lookups with plain dict hits because the discard
analysis asks 15 times per hand and the generator millions of times.

Keys are rank labels low to high: `"A-5"`, `"10-J"` for two-card discards, `"5"` for the
one-card discards of the three- and four-player games. Two-card entries are kept separately for
suited and offsuit throws (a suited throw can become a crib flush); `means()` averages them
weighted by how many card pairs each has (4 suited, 12 offsuit).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from typing import Any, Literal

from trainer.engine.cards import Card, Rank
from trainer.engine.errors import RulesetError
from trainer.engine.records import Record, factory
from trainer.engine.ruleset import Ruleset

DATA_PACKAGE = "trainer.data"
DATA_FILE = "crib_values.json"
LABELS: tuple[str, ...] = tuple(Rank(r).label for r in range(1, 14))
_LABEL_INDEX = {label: i for i, label in enumerate(LABELS)}
Which = Literal["own", "opp", "random"]


def pair_code(a: int, b: int) -> int:
    """Table code of a two-card throw given as card indices: ranks low-high and suitedness."""
    ra, rb = a >> 2, b >> 2
    if ra > rb:
        ra, rb = rb, ra
    return (ra * 13 + rb) * 2 + (1 if (a & 3) == (b & 3) and ra != rb else 0)


def pair_label(low: int, high: int) -> str:
    """`"A-5"` for rank indices 0 and 4."""
    return f"{LABELS[low]}-{LABELS[high]}"


def all_pair_labels() -> list[tuple[int, int, str]]:
    """The 91 rank pairs (low, high, label) in table order."""
    return [(lo, hi, pair_label(lo, hi)) for lo in range(13) for hi in range(lo, 13)]


class CribTable(Record):
    """Expected crib values for one deal shape, to the thrower's own side and to the opponent's.

    `values[which][code]` with `code` from `pair_code` (two-card throws) or the rank index
    (one-card throws). `exact_shape` is False when the ruleset's deal has no table of its own and
    the nearest shape stands in for it.
    """

    name: str
    discard: int
    values: Mapping[str, Mapping[int, float]]
    meta: Mapping[str, Any] = factory(default_factory=dict)
    exact_shape: bool = True

    def value_idx(self, cards: Sequence[int], *, own: bool) -> float:
        """Expected crib of throwing these card indices (own crib or the opponent's)."""
        table = self.values["own" if own else "opp"]
        if self.discard == 1:
            return table[cards[0] >> 2]
        return table[pair_code(cards[0], cards[1])]

    def value(self, cards: Sequence[Card], *, own: bool) -> float:
        """Expected crib of throwing these cards: the order of the two cards does not matter."""
        if len(cards) != self.discard:
            raise ValueError(f"the {self.name} table is for throws of {self.discard} card(s)")
        return self.value_idx([c.index for c in cards], own=own)

    def means(self, which: Which = "own") -> dict[str, float]:
        """Value per rank label, averaged over suitedness (weights 4 suited : 12 offsuit)."""
        table = self.values[which]
        if self.discard == 1:
            return {LABELS[r]: table[r] for r in range(13)}
        out: dict[str, float] = {}
        for lo, hi, label in all_pair_labels():
            offsuit = table[(lo * 13 + hi) * 2]
            if lo == hi:
                out[label] = offsuit
            else:
                out[label] = (4 * table[(lo * 13 + hi) * 2 + 1] + 12 * offsuit) / 16
        return out

    def suited(self, which: Which = "own") -> dict[str, dict[str, float]]:
        """Per label the suited and offsuit values (one-card tables: the single value)."""
        table = self.values[which]
        if self.discard == 1:
            return {LABELS[r]: {"any": table[r]} for r in range(13)}
        out: dict[str, dict[str, float]] = {}
        for lo, hi, label in all_pair_labels():
            entry = {"offsuit": table[(lo * 13 + hi) * 2]}
            if lo != hi:
                entry["suited"] = table[(lo * 13 + hi) * 2 + 1]
            out[label] = entry
        return out


def table_from_json(name: str, data: Mapping[str, Any]) -> CribTable:
    """Build a table from its JSON form (labels to numbers), checking every entry is present."""
    discard = int(data["shape"]["discard_per_player"])
    values: dict[str, dict[int, float]] = {}
    for which in ("own", "opp", "random"):
        raw = data.get(which)
        if raw is None:
            continue
        values[which] = _decode(raw, discard)
    return CribTable(name=name, discard=discard, values=values, meta=dict(data))


def _decode(raw: Mapping[str, Any], discard: int) -> dict[int, float]:
    out: dict[int, float] = {}
    if discard == 1:
        for label, value in raw.items():
            out[_LABEL_INDEX[label]] = float(value)
        if len(out) != 13:
            raise ValueError("a one-card crib table needs all 13 ranks")
        return out
    for label, entry in raw.items():
        low, high = (_LABEL_INDEX[x] for x in label.split("-"))
        base = (low * 13 + high) * 2
        out[base] = float(entry["offsuit"])
        if low != high:
            out[base + 1] = float(entry["suited"])
    if len(out) != 169:
        raise ValueError("a two-card crib table needs 91 rank pairs (169 entries)")
    return out


def encode(table: Mapping[int, float], discard: int, digits: int = 3) -> dict[str, Any]:
    """The JSON form of `values[which]` (the inverse of the decoder), rounded to `digits`."""
    if discard == 1:
        return {LABELS[r]: round(table[r], digits) for r in range(13)}
    out: dict[str, Any] = {}
    for lo, hi, label in all_pair_labels():
        entry = {"offsuit": round(table[(lo * 13 + hi) * 2], digits)}
        if lo != hi:
            entry["suited"] = round(table[(lo * 13 + hi) * 2 + 1], digits)
        out[label] = entry
    return out


@lru_cache(maxsize=1)
def _document() -> dict[str, Any]:
    """The whole data file, parsed once per process (imports kept here: start-up is benchmarked)."""
    import json
    import pkgutil

    # pkgutil.get_data reads package data like importlib.resources, at a fifth of its import cost.
    raw = pkgutil.get_data(DATA_PACKAGE, DATA_FILE)
    if raw is None:  # pragma: no cover - only a broken install lacks the file
        raise FileNotFoundError(f"{DATA_PACKAGE}/{DATA_FILE} is missing from the installation")
    data: dict[str, Any] = json.loads(raw.decode("utf-8"))
    return data


class _Meta(Mapping[str, Any]):
    """A table's JSON entry (shape, samples, seed, means...), read from the data file only when
    someone looks: the values come decoded from `crib_shipped`, and the discard advice never
    needs the rest, so `crib discard` does not import json."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._data: dict[str, Any] | None = None

    def _load(self) -> dict[str, Any]:
        if self._data is None:
            self._data = dict(_document()["tables"][self._name])
        return self._data

    def __getitem__(self, key: str) -> Any:
        return self._load()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._load())

    def __len__(self) -> int:
        return len(self._load())

    def __repr__(self) -> str:
        return repr(self._load())


@lru_cache(maxsize=16)
def load_table(name: str) -> CribTable:
    """A shipped table by name (`classic6`, `five_card`, `seven_card`, `three_player`, ...)."""
    from trainer.advice.crib_shipped import TABLES

    _, discard, values = TABLES[name]
    return CribTable(name=name, discard=discard, values=values, meta=_Meta(name))


def raw_table(name: str) -> dict[str, Any]:
    """A shipped table's JSON entry as stored (with its shape, samples, seed and means)."""
    return dict(_document()["tables"][name])


def table_names() -> list[str]:
    """Names of the shipped tables (one per deal shape: classic6, five_card, ...)."""
    from trainer.advice.crib_shipped import TABLES

    return list(TABLES)


def _shape(name: str) -> dict[str, int]:
    from trainer.advice.crib_shipped import TABLES

    return TABLES[name][0]


def shape_of(ruleset: Ruleset) -> dict[str, int]:
    """The part of a ruleset a crib table depends on: who throws how many cards from how many."""
    d = ruleset.deal
    return {
        "players": ruleset.players,
        "cards_per_player": d.cards_per_player,
        "discard_per_player": d.discard_per_player,
        "to_crib_from_stock": d.to_crib_from_stock,
    }


def crib_table(ruleset: Ruleset) -> CribTable:
    """The shipped table for this ruleset's deal; the nearest shape (flagged) for a house deal."""
    want = shape_of(ruleset)
    candidates = []
    for name in table_names():
        shape = _shape(name)
        if shape == want:
            return load_table(name)
        if shape["discard_per_player"] == want["discard_per_player"] and shape["players"] == want["players"]:
            candidates.append((abs(shape["cards_per_player"] - want["cards_per_player"]), name))
    if not candidates:
        for name in table_names():
            shape = _shape(name)
            if shape["discard_per_player"] == want["discard_per_player"]:
                candidates.append((abs(shape["cards_per_player"] - want["cards_per_player"]), name))
    if not candidates:
        raise RulesetError(
            f"ruleset {ruleset.name!r}: no crib table for throws of {want['discard_per_player']} card(s)",
            key="raised.advice.crib_table",
            ruleset=repr(ruleset.name),
            n=want["discard_per_player"],
        )
    nearest = load_table(min(candidates)[1])
    return CribTable(
        name=nearest.name,
        discard=nearest.discard,
        values=nearest.values,
        meta=nearest.meta,
        exact_shape=False,
    )


def reference(name: str = "schell_classic6") -> dict[str, dict[str, float]]:
    """A published table shipped for comparison (`own`/`opp`, by rank label, suits averaged)."""
    ref = _document()["reference"][name]
    return {"own": dict(ref["own"]), "opp": dict(ref["opp"])}


def mean_abs_difference(ours: Mapping[str, float], theirs: Mapping[str, float]) -> float:
    """Mean absolute difference over the labels both tables share."""
    labels = [k for k in ours if k in theirs]
    return sum(abs(ours[k] - theirs[k]) for k in labels) / len(labels)
