"""Why a pegging play is advised, in words: a `PegReason` (facts from trainer.advice) worded
from the catalogue (`advice.po`, `reason.*` keys) in the user's language. The advice layer keeps the facts;
this is the one place their sentence is chosen, for the table of `crib advise-peg` and the
feedback of the pegging drill. The composition (head, "but", risks joined by ";") is the same
in every language; only the phrases differ.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from trainer.i18n import nt, t


class _Risk(Protocol):
    @property
    def kind(self) -> str: ...
    @property
    def share(self) -> float: ...
    @property
    def rank(self) -> int: ...
    @property
    def makers(self) -> tuple[int, ...]: ...


class Reason(Protocol):
    """What trainer.advice.reasons.PegReason holds (i18n may not import the advice layer)."""

    @property
    def now(self) -> tuple[str, ...]: ...
    @property
    def points(self) -> int: ...
    @property
    def count(self) -> int: ...
    @property
    def rank(self) -> int: ...
    @property
    def lead(self) -> bool: ...
    @property
    def ends(self) -> bool: ...
    @property
    def alone(self) -> bool: ...
    @property
    def run(self) -> int: ...
    @property
    def risks(self) -> Sequence[_Risk]: ...


def word_reason(reason: Reason, lang: str = "en") -> str:
    """The reason as one short sentence in `lang`."""

    def w(key: str, **values: object) -> str:
        return t(f"reason.{key}", lang, **values)

    head = ""
    if reason.points:
        parts = [_now(kind, reason, lang) for kind in reason.now]
        head = w("head", now=w("now.and").join(parts), points=nt("reason.points", reason.points, lang))
    if reason.ends:
        return w("ends", head=head)
    if reason.alone:
        return w("then", head=head, tail=w("alone")) if head else w("alone")
    if reason.risks:
        tail = "; ".join(_risk(r, reason, lang) for r in reason.risks)
    elif reason.count < 5:
        tail = w("quiet_low", count=reason.count)
    else:
        tail = w("quiet", count=reason.count)
    if head:
        return w("but" if reason.risks else "then", head=head, tail=tail)
    if reason.lead:
        return w("lead", label=t(f"reason.card.{reason.rank}", lang), tail=tail)
    return tail


def _now(kind: str, reason: Reason, lang: str) -> str:
    if kind == "pair":
        return t("reason.now.pair", lang, label=t(f"reason.card_with.{reason.rank}", lang))
    if kind == "run":
        return t("reason.now.run", lang, n=reason.run)
    return t(f"reason.now.{kind}", lang)


def _risk(risk: _Risk, reason: Reason, lang: str) -> str:
    from trainer.i18n.typography import percent

    pct = percent(risk.share, lang)
    if risk.kind in ("15", "31"):
        leaves = "" if reason.lead else t("reason.leaves", lang, count=reason.count)
        needed = t(f"reason.needed.{int(risk.kind) - reason.count}", lang)
        return t(f"reason.risk.{risk.kind}", lang, leaves=leaves, needed=needed, pct=pct)
    if risk.kind == "run":
        makers = risk.makers or (0,)
        labels = t("reason.or", lang).join(t(f"reason.card.{m}", lang) for m in makers)
        # English takes "an" before A and 8 alone ("an 8 makes a run"), "a" otherwise.
        article = "an" if len(makers) == 1 and makers[0] in (0, 7) else "a"
        return t("reason.risk.run", lang, makers=t(f"reason.article.{article}", lang, label=labels), pct=pct)
    return t(f"reason.risk.{risk.kind}", lang, label=t(f"reason.card.{risk.rank}", lang), pct=pct)
