"""Why a discard is good or bad, as facts a player would say: what the kept cards already hold
(a double run, fifteens, a pair), what they make on average and at most, and what goes to the
crib (a 5, a pair, a fifteen, touching cards) and to whose crib.

Data only (JSON-able dicts); `trainer.cli.play.play_view` words them from the catalogue
(`coach.discard.*`), so the live coach, the review and the analysis board give the same reason.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import combinations
from typing import Any

from trainer.engine.cards import Card


def shape(cards: tuple[Card, ...] | list[Card]) -> dict[str, int]:
    """The kept cards by themselves, before the cut: fifteens, pairs, the longest run and how
    many times it counts (2 for a double run), a flush, and their points."""
    values = [c.value for c in cards]
    fifteens = sum(
        1 for k in range(2, len(values) + 1) for combo in combinations(values, k) if sum(combo) == 15
    )
    ranks = Counter(int(c.rank) for c in cards)
    pairs = sum(n * (n - 1) // 2 for n in ranks.values())
    run, times = 0, 0
    distinct = sorted(ranks)
    i = 0
    while i < len(distinct):
        j = i
        while j + 1 < len(distinct) and distinct[j + 1] == distinct[j] + 1:
            j += 1
        length = j - i + 1
        if length >= 3 and length > run:
            run = length
            times = 1
            for r in distinct[i : j + 1]:
                times *= ranks[r]
        i = j + 1
    flush = len(cards) >= 4 and len({c.suit for c in cards}) == 1
    points = 2 * fifteens + 2 * pairs + run * times + (len(cards) if flush else 0)
    return {
        "fifteens": fifteens,
        "pairs": pairs,
        "run": run,
        "runs": times,
        "flush": int(flush),
        "points": points,
    }


def throw_kind(cards: tuple[Card, ...] | list[Card]) -> str:
    """What the laid-away cards give the crib by themselves: "five", "pair", "fifteen",
    "touching" (a run's start: 7-8), "one_apart" (a card between makes a run: 2-4), "apart"
    (nothing)."""
    if any(c.value == 5 for c in cards):
        return "five"
    ranks = [int(c.rank) for c in cards]
    if len(set(ranks)) < len(ranks):
        return "pair"
    if len(cards) >= 2 and sum(c.value for c in cards) == 15:
        return "fifteen"
    if len(cards) >= 2 and max(ranks) - min(ranks) <= len(cards) - 1:
        return "touching"
    if len(cards) >= 2 and max(ranks) - min(ranks) <= len(cards):
        return "one_apart"  # 2 and 4: one card between them makes a run, but they do not touch
    return "apart"


def discard_reason(option: Any) -> dict[str, Any]:
    """The facts of one discard option (`trainer.advice.discard.DiscardOption`)."""
    crib = option.crib_ev + option.heels_ev if option.own_crib else -option.crib_ev
    return {
        "keep": [str(c) for c in option.keep],
        "throw": [str(c) for c in option.discard],
        "shape": shape(option.keep),
        "throw_kind": throw_kind(option.discard),
        "own_crib": bool(option.own_crib),
        "hand_ev": round(option.hand_ev, 2),
        "hand_max": option.hand_max,
        "crib": round(crib, 2),
        "net": round(option.net_ev, 2),
    }


def option_reason(option: Mapping[str, Any], *, own_crib: bool) -> dict[str, Any]:
    """The same facts from an option as `DiscardOption.to_json()` keeps it (a drill's solution):
    the crib is signed for the player (+ his own, − the opponent's), his heels included."""
    keep = [Card.parse(str(c)) for c in option["keep"]]
    throw = [Card.parse(str(c)) for c in option["discard"]]
    crib = float(option["crib_ev"]) * int(option.get("crib_sign", 1 if own_crib else -1))
    crib += float(option.get("heels_ev", 0.0))
    return {
        "keep": [str(c) for c in keep],
        "throw": [str(c) for c in throw],
        "shape": shape(keep),
        "throw_kind": throw_kind(throw),
        "own_crib": own_crib,
        "hand_ev": round(float(option["hand_ev"]), 2),
        "hand_max": int(option.get("hand_max", 0)),
        "crib": round(crib, 2),
        "net": round(float(option["net_ev"]), 2)
        if "net_ev" in option
        else round(float(option["hand_ev"]) + crib, 2),
    }
