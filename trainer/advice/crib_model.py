"""How the crib table is computed: the model behind `trainer/_generated/crib_values.json`.

The value of a throw is the average crib it ends up in. That crib also holds what the other
players throw (and, with three players, one card from the pack), and they choose by the same
advice the trainer gives: exact hand expectation plus or minus the crib table. So the table is a
fixed point, found by iteration:

1. Start from the *random* table: the exact crib value when every other crib card is a random
   card (no strategy at all). Its average over all throws is the exact mean of a random crib,
   4.7348 for a four-card crib.
2. Deal a fixed pool of simulated hands to the other players (seeded, so every iteration sees
   the same deals). Each simulated player discards with `trainer.advice.discard.choose_discard`
   using the current table: to maximise his side's crib when it is his side's, to minimise it
   when it is an opponent's.
3. For every possible throw (rank pair and suitedness, or one rank), average the crib over the
   pool hands that do not contain the thrown cards (which makes the other hands exactly the
   deals that are possible given the throw). The starter is averaged exactly over all cards not
   in the crib or the other players' kept cards: the thrower's own four other cards are unknown
   to the table, so they are averaged out.
4. Repeat 2-3 with the new table until no value moves by more than a tolerance.

Crib scoring is exact (fastscore; crib flush only with the starter unless the ruleset says
otherwise). Pegging does not enter the discard decisions of the simulated players.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from trainer.advice.crib_values import CribTable
from trainer.advice.discard import KeepValue, choose_discard, keep_values
from trainer.engine.fastscore import RANK_BIT, key_of, rank_points, suit_extras
from trainer.engine.ruleset import Ruleset

_CRIB_RANK_TOTAL: dict[int, int] = {}


def crib_rank_total(key: int) -> int:
    """Rank-part show total of a crib rank multiset summed over the 48 starters not in it."""
    total = _CRIB_RANK_TOTAL.get(key)
    if total is None:
        total = 0
        for r, bit in enumerate(RANK_BIT):
            left = 4 - ((key >> (3 * r)) & 7)
            if left:
                total += left * rank_points(key + bit)
        _CRIB_RANK_TOTAL[key] = total
    return total


def crib_average(
    crib: Sequence[int],
    others: Sequence[int] = (),
    *,
    starter_bonus: int = 1,
    crib_without_starter: bool = False,
) -> float:
    """Exact average show of the 4-card `crib` over every starter not in it nor in `others`."""
    key = key_of(crib)
    total = crib_rank_total(key)
    for x in others:
        total -= rank_points(key + RANK_BIT[x >> 2])
    extras = suit_extras(
        crib, is_crib=True, starter_bonus=starter_bonus, crib_without_starter=crib_without_starter
    )
    if any(extras):
        left = [13, 13, 13, 13]
        for c in crib:
            left[c & 3] -= 1
        for x in others:
            left[x & 3] -= 1
        total += extras[0] * left[0] + extras[1] * left[1] + extras[2] * left[2] + extras[3] * left[3]
    return total / (52 - len(crib) - len(others))


def representatives(discard: int, per_class: int = 16) -> list[tuple[int, tuple[int, ...]]]:
    """(table code, thrown card indices) for every throw class, up to `per_class` suit choices each.

    Two cards: code = (low*13 + high)*2 + suited; one card: code = rank. Every suit assignment
    of a class has the same value by symmetry; averaging several lowers the sampling noise.
    """
    out: list[tuple[int, tuple[int, ...]]] = []
    if discard == 1:
        for r in range(13):
            for s in range(4):
                out.append((r, (r * 4 + s,)))
        return out
    for lo in range(13):
        for hi in range(lo, 13):
            base = (lo * 13 + hi) * 2
            for sa in range(4):
                for sb in range(4):
                    if lo == hi and sb <= sa:
                        continue
                    suited = 1 if (sa == sb and lo != hi) else 0
                    out.append((base + suited, (lo * 4 + sa, hi * 4 + sb)))
    taken: dict[int, int] = {}
    kept = []
    for code, cards in out:
        if taken.get(code, 0) < per_class:
            taken[code] = taken.get(code, 0) + 1
            kept.append((code, cards))
    return kept


def random_table(ruleset: Ruleset) -> dict[int, float]:
    """Exact crib value of each throw when every other crib card is a random unseen card."""
    bonus = ruleset.flush.starter_bonus
    without = ruleset.flush.crib_without_starter
    discard = ruleset.deal.discard_per_player if ruleset.players == 2 else 1
    sums: dict[int, float] = {}
    counts: dict[int, int] = {}
    seen_codes: set[int] = set()
    for code, thrown in representatives(discard):
        if code in seen_codes:
            continue  # one suit choice per class is exact here: no sampling noise to average
        seen_codes.add(code)
        rest = [c for c in range(52) if c not in thrown]
        total = 0.0
        n = 0
        for extra in combinations(rest, 4 - len(thrown)):
            total += crib_average((*thrown, *extra), starter_bonus=bonus, crib_without_starter=without)
            n += 1
        sums[code] = total
        counts[code] = n
    return {code: sums[code] / counts[code] for code in sums}


def class_weights(discard: int) -> dict[int, int]:
    """How many card combinations fall in each throw class (to average a table fairly)."""
    weights: dict[int, int] = {}
    for code, _ in representatives(discard):
        weights[code] = weights.get(code, 0) + 1
    return weights


def weighted_mean(table: dict[int, float], discard: int) -> float:
    weights = class_weights(discard)
    return sum(table[c] * w for c, w in weights.items()) / sum(weights.values())


@dataclass
class _Seat:
    """A simulated player's hand and his two possible discards (to his own / another's crib)."""

    mask: int
    values: list[KeepValue]
    own: KeepValue | None = None
    opp: KeepValue | None = None


@dataclass
class _Deal:
    """The other players' hands of one simulated deal (and the stock card to the crib)."""

    seats: list[_Seat]
    stock: tuple[int, ...]
    mask: int


@dataclass
class SimulationResult:
    own: dict[int, float]
    opp: dict[int, float]
    random: dict[int, float]
    iterations: int
    changes: list[float] = field(default_factory=list)
    samples: int = 0
    seed: int = 0
    damping: float = 1.0


def _roles(ruleset: Ruleset) -> tuple[list[bool], list[bool]]:
    """For the other seats of a deal: does each throw to his own side's crib?

    First list: the thrower's own side holds the crib; second: an opponent's side does.
    """
    if ruleset.players == 2:
        return [False], [True]
    if ruleset.players == 3:
        return [False, False], [True, False]
    # partnership: seat 0 of the others is the thrower's partner
    return [True, False, False], [False, True, True]


def simulate(
    ruleset: Ruleset,
    *,
    samples: int = 20000,
    seed: int = 2026,
    max_iterations: int = 8,
    tolerance: float = 0.01,
    per_class: int = 2,
    damping: float | None = None,
    progress: Callable[[str], None] | None = None,
) -> SimulationResult:
    """Iterate the crib table to a fixed point for this ruleset's deal (see the module text).

    damping: the weight of the freshly simulated table in each update (1 replaces the old table).
    One-card throws need less than 1: if the table says a king is the safest throw, every
    simulated player throws kings, which makes kings pair up in the crib and the next table
    says the opposite; moving 30% of the way each time (the default for one-card throws) settles it.
    """
    say = progress or (lambda _msg: None)
    deal = ruleset.deal
    discard = deal.discard_per_player
    alpha = damping if damping is not None else (1.0 if discard == 2 else 0.3)
    others = ruleset.players - 1
    n_cards = deal.cards_per_player
    bonus = ruleset.flush.starter_bonus
    without = ruleset.flush.crib_without_starter
    unseen = 52 - n_cards
    rng = random.Random(seed)

    say(f"exact random-crib table for {ruleset.name} ...")
    base = random_table(ruleset)
    say(f"  mean {weighted_mean(base, discard):.4f}")
    pool: list[_Deal] = []
    for _ in range(samples):
        cards = rng.sample(range(52), others * n_cards + deal.to_crib_from_stock)
        seats = []
        for i in range(others):
            hand = sorted(cards[i * n_cards : (i + 1) * n_cards])
            values = keep_values(hand, discard=discard, ruleset=ruleset, with_totals=False)
            seats.append(_Seat(mask=_mask(hand), values=values))
        stock = tuple(cards[others * n_cards :])
        pool.append(_Deal(seats=seats, stock=stock, mask=_mask(cards)))
    say(f"  dealt {samples} simulated deals")

    own, opp = dict(base), dict(base)
    reps = representatives(discard, per_class=per_class if discard == 2 else 4)
    weights = class_weights(discard)
    own_roles, opp_roles = _roles(ruleset)
    changes: list[float] = []
    iteration = 0
    for iteration in range(1, max_iterations + 1):
        table = CribTable(name=ruleset.name, discard=discard, values={"own": own, "opp": opp})
        for d in pool:
            for seat in d.seats:
                seat.own = choose_discard(seat.values, own_crib=True, table=table, unseen=unseen)
                seat.opp = choose_discard(seat.values, own_crib=False, table=table, unseen=unseen)
        new_own = _blend(own, _evaluate(pool, reps, weights, own_roles, bonus, without), alpha)
        new_opp = _blend(opp, _evaluate(pool, reps, weights, opp_roles, bonus, without), alpha)
        change = max(
            max(abs(new_own[c] - own[c]) for c in own),
            max(abs(new_opp[c] - opp[c]) for c in opp),
        )
        changes.append(change)
        own, opp = new_own, new_opp
        say(
            f"  iteration {iteration}: own mean {weighted_mean(own, discard):.4f}, "
            f"opp mean {weighted_mean(opp, discard):.4f}, largest change {change:.4f}"
        )
        if change < tolerance:
            break
    return SimulationResult(
        own=own,
        opp=opp,
        random=base,
        iterations=iteration,
        changes=changes,
        samples=samples,
        seed=seed,
        damping=alpha,
    )


def _blend(old: dict[int, float], new: dict[int, float], alpha: float) -> dict[int, float]:
    if alpha == 1.0:
        return new
    return {code: old[code] + alpha * (new[code] - old[code]) for code in new}


def _mask(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _evaluate(
    pool: Sequence[_Deal],
    reps: Sequence[tuple[int, tuple[int, ...]]],
    weights: dict[int, int],
    roles: Sequence[bool],
    bonus: int,
    without: bool,
) -> dict[int, float]:
    """Average crib per throw class over the pool deals compatible with each representative."""
    # Per deal: the other cards thrown to the crib and the cards kept out of it (never starters).
    thrown: list[tuple[int, ...]] = []
    kept: list[tuple[int, ...]] = []
    for d in pool:
        t: list[int] = list(d.stock)
        k: list[int] = []
        for seat, own_side in zip(d.seats, roles, strict=True):
            choice = seat.own if own_side else seat.opp
            assert choice is not None
            t.extend(choice.discard)
            k.extend(choice.keep)
        thrown.append(tuple(t))
        kept.append(tuple(k))
    sums = dict.fromkeys(weights, 0.0)
    counts = dict.fromkeys(weights, 0)
    masks = [d.mask for d in pool]
    for code, rep in reps:
        rep_mask = _mask(rep)
        total = 0.0
        n = 0
        for i, mask in enumerate(masks):
            if mask & rep_mask:
                continue
            total += crib_average(
                (*rep, *thrown[i]), kept[i], starter_bonus=bonus, crib_without_starter=without
            )
            n += 1
        sums[code] += total
        counts[code] += n
    return {code: sums[code] / counts[code] for code in sums}
