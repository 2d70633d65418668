"""Discard analysis: every way to lay away, ranked by expected net points.

For each option the hand part is exact: the kept cards are scored with every starter that could
turn up (the 46, 47 or 45 cards the player has not seen) and averaged, with the minimum and
maximum and the starters that make them. The crib part cannot be exact, because it depends on
what the other players throw; it comes from the shipped crib table (`crib_values`), which was
computed with opponents who discard by this very analysis. The dealer also gets his expected
heels (2 points whenever the starter is a jack). Pegging is not part of the number.

    net = hand_ev + heels_ev + crib_ev   (the crib is yours: dealer, or the dealer's partner)
    net = hand_ev - crib_ev              (the crib is an opponent's)

The heavy lifting is `trainer.engine.fastscore`: 13 rank lookups per kept hand instead of
scoring 46 shows item by item, so a six-card hand is analysed in well under a millisecond.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import NamedTuple

from trainer.advice.crib_values import CribTable, crib_table
from trainer.engine.cards import Card
from trainer.engine.errors import ScoringError
from trainer.engine.fastscore import JACK, starter_totals
from trainer.engine.records import Record
from trainer.engine.ruleset import Ruleset


class DiscardOption(Record):
    """One way to lay away, with its expectations (points; the crib as a positive number).

    A `Record` (a frozen keyword-only class that dataclasses understand) rather than a dataclass:
    `crib discard` defines it on every run and its start-up is benchmarked."""

    discard: tuple[Card, ...]
    keep: tuple[Card, ...]
    hand_ev: float
    hand_min: int
    hand_max: int
    min_starters: tuple[Card, ...]
    max_starters: tuple[Card, ...]
    crib_ev: float
    heels_ev: float
    net_ev: float
    own_crib: bool

    def to_json(self, digits: int = 3) -> dict[str, object]:
        return {
            "discard": [str(c) for c in self.discard],
            "keep": [str(c) for c in self.keep],
            "hand_ev": round(self.hand_ev, digits),
            "hand_min": self.hand_min,
            "hand_max": self.hand_max,
            "min_starters": [str(c) for c in self.min_starters],
            "max_starters": [str(c) for c in self.max_starters],
            "crib_ev": round(self.crib_ev, digits),
            "crib_sign": 1 if self.own_crib else -1,
            "heels_ev": round(self.heels_ev, digits),
            "net_ev": round(self.net_ev, digits),
        }


class KeepValue(NamedTuple):
    """Hand expectation of one split of a hand (card indices), before the crib is added."""

    discard: tuple[int, ...]
    keep: tuple[int, ...]
    hand_sum: int
    totals: tuple[int, ...]


def check_hand(hand: Sequence[Card], ruleset: Ruleset) -> None:
    """A hand to analyse has the ruleset's deal size and no card twice."""
    want = ruleset.deal.cards_per_player
    if len(hand) != want:
        raise ScoringError(
            f"the {ruleset.name} ruleset deals {want} cards to each player, got {len(hand)}; "
            f"give {want} cards (or choose the ruleset with --ruleset)",
            key="error.discard.size",
            ruleset=ruleset.name,
            want=want,
            n=len(hand),
        )
    if len(set(hand)) != len(hand):
        dup = next(c for c in hand if list(hand).count(c) > 1)
        raise ScoringError(
            f"{dup} is given twice; each card exists once in the pack", key="error.discard.twice", card=dup
        )


def keep_values(
    hand: Sequence[int], *, discard: int, ruleset: Ruleset, with_totals: bool = True
) -> list[KeepValue]:
    """Every split of the card indices `hand`, with the kept cards' show totals over every starter
    the player has not seen (in the order of `unseen_of(hand)`; left empty when `with_totals` is
    False, which keeps the crib-table generator's pool of simulated hands small in memory)."""
    unseen = unseen_of(hand)
    bonus = ruleset.flush.starter_bonus
    out = []
    n = len(hand)
    for thrown in combinations(range(n), discard):
        keep = tuple(hand[i] for i in range(n) if i not in thrown)
        totals = starter_totals(keep, unseen, starter_bonus=bonus, hand_min=ruleset.flush.hand_min)
        out.append(
            KeepValue(tuple(hand[i] for i in thrown), keep, sum(totals), tuple(totals) if with_totals else ())
        )
    return out


def unseen_of(hand: Sequence[int]) -> list[int]:
    """Card indices the holder of `hand` has not seen, i.e. the possible starters."""
    held = set(hand)
    return [c for c in range(52) if c not in held]


def expected_heels(hand: Sequence[int], ruleset: Ruleset) -> float:
    """The dealer's expected heels: heels points times the chance the starter is a jack."""
    unseen = 52 - len(hand)
    jacks = 4 - sum(1 for c in hand if c >> 2 == JACK)
    return ruleset.heels_points * jacks / unseen


def choose_discard(
    values: Sequence[KeepValue], *, own_crib: bool, table: CribTable, unseen: int
) -> KeepValue:
    """The split `analyse_discard` ranks first (same key, same tie-break): the simulated players of
    the crib-table generator discard with this, so the table and the advice agree."""
    sign = 1.0 if own_crib else -1.0
    best = values[0]
    best_key = (-1e9, -1e9)
    for v in values:
        hand_ev = v.hand_sum / unseen
        key = (round(hand_ev + sign * table.value_idx(v.discard, own=own_crib), 9), round(hand_ev, 9))
        if key > best_key:
            best, best_key = v, key
    return best


def analyse_discard(
    hand: Sequence[Card],
    *,
    dealer: bool,
    ruleset: Ruleset,
    table: CribTable | None = None,
) -> list[DiscardOption]:
    """Every discard option of `hand`, best first by expected net points.

    hand: the dealt cards (ruleset.deal.cards_per_player of them).
    dealer: True when the crib belongs to the player's side (the dealer, or in the partnership
        game the dealer's partner); the crib is then added and the heels expectation counted.
    ruleset: decides the deal size, the number of cards thrown, the flush bonus and heels.
    table: the crib table to use (default: the shipped one for the ruleset's deal shape).

    Ties keep a stable order: higher hand expectation first, then the order of the hand.
    Raises ScoringError (a CribError) for a wrong number of cards or a duplicate card.
    """
    check_hand(hand, ruleset)
    table = table or crib_table(ruleset)
    by_index = {c.index: c for c in hand}
    idx = [c.index for c in hand]
    unseen = unseen_of(idx)
    n_unseen = len(unseen)
    heels = expected_heels(idx, ruleset) if dealer else 0.0
    sign = 1.0 if dealer else -1.0
    options: list[tuple[float, float, int, DiscardOption]] = []
    for order, v in enumerate(keep_values(idx, discard=ruleset.deal.discard_per_player, ruleset=ruleset)):
        hand_ev = v.hand_sum / n_unseen
        low, high = min(v.totals), max(v.totals)
        crib = table.value_idx(v.discard, own=dealer)
        net = hand_ev + heels + sign * crib
        option = DiscardOption(
            discard=tuple(by_index[c] for c in v.discard),
            keep=tuple(by_index[c] for c in v.keep),
            hand_ev=hand_ev,
            hand_min=low,
            hand_max=high,
            min_starters=tuple(Card.from_index(s) for s, t in zip(unseen, v.totals, strict=True) if t == low),
            max_starters=tuple(
                Card.from_index(s) for s, t in zip(unseen, v.totals, strict=True) if t == high
            ),
            crib_ev=crib,
            heels_ev=heels,
            net_ev=net,
            own_crib=dealer,
        )
        options.append((-net, -hand_ev, order, option))
    options.sort(key=lambda t: (round(t[0], 9), round(t[1], 9), t[2]))
    return [t[3] for t in options]


def find_option(options: Sequence[DiscardOption], discard: Sequence[Card]) -> DiscardOption:
    """The option that throws exactly these cards (in any order)."""
    want = set(discard)
    for option in options:
        if set(option.discard) == want:
            return option
    raise ScoringError(
        f"{' '.join(map(str, discard))} is not a discard of this hand: "
        f"throw {len(options[0].discard)} of the dealt cards",
        key="raised.advice.not_discard",
        cards=" ".join(map(str, discard)),
        n=len(options[0].discard),
    )
