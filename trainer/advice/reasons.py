"""The reason given with a pegging play, kept as data (`PegReason`, JSON-able).

Words are chosen at the edge: `trainer.i18n.reasons.word_reason` words a reason from the
catalogue in the user's language (the `crib advise-peg` table, the pegging drill's feedback).
This layer keeps one English rendering, `PegReason.english()`, only because the `reason` value of
`--json` output and of stored drill answers is English by contract; a test checks it equals
the catalogue's English, so the sentence still has one source of truth to compare against.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from trainer.engine.cards import Card

_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_TEMPLATES: dict[str, dict[str, str]] = {
    "en": {
        "now.15": "makes 15",
        "now.31": "makes 31",
        "now.pair": "pairs the {label}",
        "now.pair_royal": "makes a pair royal",
        "now.double_pair_royal": "makes a double pair royal",
        "now.run": "makes a run of {n}",
        "now.and": " and ",
        "head": "{now} for {points}",
        "ends": "{head}, ending the count",
        "alone": "the opponent is out of this count, you play on alone",
        "alone_two": "both other players are out of this count, you play on alone",
        "alone_all": "everyone else is out of this count, you play on alone",
        "leaves": "leaves {count}: ",
        "risk.31": "{leaves}{needed} makes 31 ({pct})",
        "risk.15": "{leaves}{needed} makes 15 ({pct})",
        "risk.pair": "another {label} pairs it ({pct})",
        "risk.pair_royal": "leaves a pair royal: another {label} makes 6 ({pct})",
        "risk.double_pair_royal": "leaves a double pair royal: the last {label} makes 12 ({pct})",
        "risk.run": "{makers} makes a run ({pct})",
        "or": " or ",
        "quiet_low": "leaves {count}: nothing makes 15 on it",
        "quiet": "leaves {count}: nothing the opponent can hold scores on it",
        "quiet_next": "leaves {count}: nothing the next player can hold scores on it",
        "but": "{head} but {tail}",
        "then": "{head}; {tail}",
        "lead": "leads the {label}: {tail}",
    },
}


@dataclass(frozen=True, slots=True)
class Risk:
    """One danger a play leaves: what the opponent's next card can score, and how often.

    kind: "15", "31", "pair", "pair_royal", "double_pair_royal" or "run".
    share: the weight of holdings with which the opponent scores it at once (0..1).
    rank: rank index (0 = ace) of the card just played (for pairs).
    makers: rank indices that make a run on it (for runs).
    """

    kind: str
    share: float
    rank: int
    makers: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class PegReason:
    """Why a card is advised, as facts: what it scores now and the dangers it leaves.

    now: the scoring items of the card itself ("15", "31", "pair", "pair_royal",
        "double_pair_royal", "run"), with `run` the run's length; points: their total.
    count: the count after the card; rank: the card's rank index; lead: it starts the count.
    ends: it makes 31; alone: the opponent cannot play again in this count.
    risks: the main dangers (at most two), most costly first.
    """

    now: tuple[str, ...]
    points: int
    count: int
    rank: int
    lead: bool = False
    ends: bool = False
    alone: bool = False
    run: int = 0
    risks: tuple[Risk, ...] = field(default=())

    def english(self, players: int = 2) -> str:
        """The English sentence of the JSON contract (screens word it via trainer.i18n.reasons);
        `players` at the table, so that three or four players read "the next player" or "both
        other players", never "the opponent" when there are two."""
        return _english(self, players)

    def to_json(self) -> dict[str, Any]:
        return {
            "now": list(self.now),
            "points": self.points,
            "count": self.count,
            "rank": self.rank,
            "lead": self.lead,
            "ends": self.ends,
            "alone": self.alone,
            "run": self.run,
            "risks": [
                {"kind": r.kind, "share": r.share, "rank": r.rank, "makers": list(r.makers)}
                for r in self.risks
            ],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PegReason:
        """Rebuild a reason kept in a drill's stored answer (see `to_json`)."""
        return cls(
            now=tuple(str(k) for k in data["now"]),
            points=int(data["points"]),
            count=int(data["count"]),
            rank=int(data["rank"]),
            lead=bool(data.get("lead", False)),
            ends=bool(data.get("ends", False)),
            alone=bool(data.get("alone", False)),
            run=int(data.get("run", 0)),
            risks=tuple(
                Risk(str(r["kind"]), float(r["share"]), int(r["rank"]), tuple(int(m) for m in r["makers"]))
                for r in data.get("risks", [])
            ),
        )


def seat_keys(players: int) -> tuple[str, str]:
    """The keys of the two reasons that name who else is at the table: (alone, quiet). With two
    players it is "the opponent"; with three "both other players" are out and the danger is
    "the next player"'s; with four "everyone else" (a partner among them)."""
    if players <= 2:
        return "alone", "quiet"
    return ("alone_two" if players == 3 else "alone_all"), "quiet_next"


def _english(reason: PegReason, players: int = 2) -> str:
    w = _TEMPLATES["en"]
    alone, quiet = seat_keys(players)
    head = ""
    if reason.points:
        parts = [_now(kind, reason, w) for kind in reason.now]
        points = str(reason.points)
        head = w["head"].format(now=w["now.and"].join(parts), points=points)
    if reason.ends:
        return w["ends"].format(head=head)
    if reason.alone:
        return w["then"].format(head=head, tail=w[alone]) if head else w[alone]
    if reason.risks:
        tail = "; ".join(_risk(r, reason, w) for r in reason.risks)
    elif reason.count < 5:
        tail = w["quiet_low"].format(count=reason.count)
    else:
        tail = w[quiet].format(count=reason.count)
    if head:
        return w["but" if reason.risks else "then"].format(head=head, tail=tail)
    if reason.lead:
        return w["lead"].format(label=_LABELS[reason.rank], tail=tail)
    return tail


def _now(kind: str, reason: PegReason, w: dict[str, str]) -> str:
    if kind == "pair":
        return w["now.pair"].format(label=_LABELS[reason.rank])
    if kind == "run":
        return w["now.run"].format(n=reason.run)
    return w[f"now.{kind}"]


def _risk(risk: Risk, reason: PegReason, w: dict[str, str]) -> str:
    pct = f"{risk.share:.0%}"
    label = _LABELS[risk.rank]
    if risk.kind in ("15", "31"):
        leaves = "" if reason.lead else w["leaves"].format(count=reason.count)
        needed = int(risk.kind) - reason.count
        return w[f"risk.{risk.kind}"].format(leaves=leaves, needed=_needed(needed), pct=pct)
    if risk.kind == "run":
        makers = _a(w["or"].join(_LABELS[m] for m in risk.makers) if risk.makers else "A")
        return w["risk.run"].format(makers=makers, pct=pct)
    return w[f"risk.{risk.kind}"].format(label=label, pct=pct)


def _needed(value: int) -> str:
    """`a ten-card`, `an ace`, `an 8`, `a 6`: the card that turns a count into 15 or 31."""
    if value == 10:
        return "a ten-card"
    if value == 1:
        return "an ace"
    return f"an {value}" if value == 8 else f"a {value}"


def _a(label: str) -> str:
    """The article the first card named takes: "an 8", "an A or 4", "a 9 or Q"."""
    return f"an {label}" if label.split(" ", 1)[0] in ("A", "8") else f"a {label}"


def unseen_by_rank(known: Iterable[Card]) -> list[int]:
    """How many cards of each rank (0 = ace) a seat has not seen, from the cards it knows (its
    hand, every card played, the starter, its discards): the odds of a reason in cards, "16 of
    46 unseen"."""
    left = [4] * 13
    for card in set(known):
        left[card.index >> 2] -= 1
    return [max(0, n) for n in left]
