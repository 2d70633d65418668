"""The reason given with a pegging play, kept as data and worded in English or Russian.

The advice layer may import only the engine, so it cannot use the UI string catalogue of
`trainer.drills.i18n`; its two languages live here. A reason is stored as data (`PegReason`,
JSON-able) rather than a finished sentence so that a drill answered in one language and shown
again in another, or the command line with `--lang ru`, words the same facts in its own
language. English wording is the one the advice has always given (tests pin it).

Russian terms follow lessons/GLOSSARY.md: пятнадцать, пара, королевская пара,
последовательность, заход (a count), «мимо».
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# Russian card names by rank index: nominative ("ещё семёрка даёт пару") and instrumental
# ("пара с семёркой"); "тройка" is both the card 3 and a pair royal, as in the lessons.
_RU_NOM = (
    "туз",
    "двойка",
    "тройка",
    "четвёрка",
    "пятёрка",
    "шестёрка",
    "семёрка",
    "восьмёрка",
    "девятка",
    "десятка",
    "валет",
    "дама",
    "король",
)
_RU_INS = (
    "тузом",
    "двойкой",
    "тройкой",
    "четвёркой",
    "пятёркой",
    "шестёркой",
    "семёркой",
    "восьмёркой",
    "девяткой",
    "десяткой",
    "валетом",
    "дамой",
    "королём",
)

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
        "but": "{head} but {tail}",
        "then": "{head}; {tail}",
        "lead": "leads the {label}: {tail}",
    },
    "ru": {
        "now.15": "даёт 15",
        "now.31": "даёт 31",
        "now.pair": "составляет пару с {label}",
        "now.pair_royal": "даёт королевскую пару",
        "now.double_pair_royal": "даёт двойную королевскую пару",
        "now.run": "даёт последовательность из {n}",
        "now.and": " и ",
        "head": "{now}: {points}",
        "ends": "{head}, заход окончен",
        "alone": "противник в этом заходе больше не ходит, вы продолжаете один",
        "leaves": "остаётся {count}: ",
        "risk.31": "{leaves}{needed} даёт 31 ({pct})",
        "risk.15": "{leaves}{needed} даёт 15 ({pct})",
        "risk.pair": "ещё {label} даёт пару ({pct})",
        "risk.pair_royal": "ещё {label} даёт королевскую пару, 6 очков ({pct})",
        "risk.double_pair_royal": "ещё {label} даёт двойную королевскую пару, 12 очков ({pct})",
        "risk.run": "{makers} даёт последовательность ({pct})",
        "or": " или ",
        "quiet_low": "остаётся {count}: одной картой 15 не собрать",
        "quiet": "остаётся {count}: противнику нечем набрать очки",
        "but": "{head}, но {tail}",
        "then": "{head}; {tail}",
        "lead": "первая карта захода — {label}: {tail}",
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

    def text(self, lang: str = "en") -> str:
        """The reason as one short sentence in `lang` (English for an unknown language)."""
        return word_reason(self, lang)

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


def word_reason(reason: PegReason, lang: str = "en") -> str:
    """Word a reason; the composition (head, "but", risks joined by ";") is the same in both
    languages, only the phrases differ."""
    ru = lang == "ru"
    w = _TEMPLATES["ru" if ru else "en"]
    head = ""
    if reason.points:
        parts = [_now(kind, reason, w, ru) for kind in reason.now]
        points = _points_ru(reason.points) if ru else str(reason.points)
        head = w["head"].format(now=w["now.and"].join(parts), points=points)
    if reason.ends:
        return w["ends"].format(head=head)
    if reason.alone:
        return w["then"].format(head=head, tail=w["alone"]) if head else w["alone"]
    if reason.risks:
        tail = "; ".join(_risk(r, reason, w, ru) for r in reason.risks)
    elif reason.count < 5:
        tail = w["quiet_low"].format(count=reason.count)
    else:
        tail = w["quiet"].format(count=reason.count)
    if head:
        return w["but" if reason.risks else "then"].format(head=head, tail=tail)
    if reason.lead:
        label = _RU_NOM[reason.rank] if ru else _LABELS[reason.rank]
        return w["lead"].format(label=label, tail=tail)
    return tail


def _now(kind: str, reason: PegReason, w: dict[str, str], ru: bool) -> str:
    if kind == "pair":
        return w["now.pair"].format(label=_RU_INS[reason.rank] if ru else _LABELS[reason.rank])
    if kind == "run":
        return w["now.run"].format(n=reason.run)
    return w[f"now.{kind}"]


def _risk(risk: Risk, reason: PegReason, w: dict[str, str], ru: bool) -> str:
    pct = f"{risk.share:.0%}"
    label = _RU_NOM[risk.rank] if ru else _LABELS[risk.rank]
    if risk.kind in ("15", "31"):
        leaves = "" if reason.lead else w["leaves"].format(count=reason.count)
        needed = int(risk.kind) - reason.count
        return w[f"risk.{risk.kind}"].format(leaves=leaves, needed=_needed(needed, ru), pct=pct)
    if risk.kind == "run":
        if ru:
            makers = w["or"].join(_RU_NOM[m] for m in risk.makers) if risk.makers else _RU_NOM[0]
        else:
            makers = _a(w["or"].join(_LABELS[m] for m in risk.makers) if risk.makers else "A")
        return w["risk.run"].format(makers=makers, pct=pct)
    return w[f"risk.{risk.kind}"].format(label=label, pct=pct)


def _needed(value: int, ru: bool) -> str:
    """`a ten-card`, `an ace`, `an 8`, `a 6`: the card that turns a count into 15 or 31."""
    if ru:
        return "десятка или картинка" if value == 10 else _RU_NOM[value - 1]
    if value == 10:
        return "a ten-card"
    if value == 1:
        return "an ace"
    return f"an {value}" if value == 8 else f"a {value}"


def _a(label: str) -> str:
    return f"an {label}" if label in ("A", "8") else f"a {label}"


def _points_ru(n: int) -> str:
    """ "2 очка", "5 очков", "1 очко": the Russian numeral chooses the noun's form."""
    tens, ones = n % 100, n % 10
    if ones == 1 and tens != 11:
        word = "очко"
    elif 2 <= ones <= 4 and not 12 <= tens <= 14:
        word = "очка"
    else:
        word = "очков"
    return f"{n} {word}"
