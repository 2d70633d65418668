"""Why a pegging play is advised, in words: a `PegReason` (facts from trainer.advice) worded
from the catalogue (`advice.po`, `reason.*` keys) in the user's language. The advice layer keeps the facts;
this is the one place their sentence is chosen, for the table of `crib advise-peg` and the
feedback of the pegging drill. The composition (head, "but", risks joined by ";") is the same
in every language; only the phrases differ.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from trainer.i18n import has, nt, t


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


def word_reason(
    reason: Reason,
    lang: str = "en",
    *,
    players: int = 2,
    said_points: bool = False,
    subject: bool = False,
    this_card: bool = False,
) -> str:
    """The reason as one short sentence in `lang`; `players` at the table decides who is named
    (the opponent, the next player, both other players, everyone else). `said_points`: the line
    before already named what the play scores, so only what follows is said (not the card's
    points twice). `subject`: the card was just named («играйте 3♠: …»), so what it scores is
    said of it («она составляет пару с тройкой (2 очка)»). `this_card`: a line of its own about
    the card just played, so what it scores has a subject («Эта карта доводит сумму до 15…»)."""
    from trainer.advice.reasons import seat_keys

    alone, quiet = seat_keys(players)

    def w(key: str, **values: object) -> str:
        return t(f"reason.{key}", lang, **values)

    head = ""
    if reason.points and not said_points:
        parts = [_now(kind, reason, lang) for kind in reason.now]
        head = w("head", now=w("now.and").join(parts), points=nt("reason.points", reason.points, lang))
        if subject:
            head = w(f"subject.{reason.rank}", head=head)
        elif this_card:
            head = w("this_card", head=head)
    if reason.ends:
        return w("ends", head=head) if head else ""
    if reason.alone:
        return w("then", head=head, tail=w(alone)) if head else w(alone)
    if reason.risks:
        tail = "; ".join(_risk(r, reason, lang) for r in reason.risks)
    elif reason.count < 5:
        tail = w("quiet_low", count=reason.count)
    else:
        tail = w(quiet, count=reason.count)
    if head:
        return w("but" if reason.risks else "then", head=head, tail=tail)
    if reason.lead:
        return w("lead", label=t(f"reason.card.{reason.rank}", lang), tail=tail)
    return tail


def _either(ranks: Sequence[int], lang: str) -> str:
    """Cards that would do it, as a list is said: «тройка, четвёрка или семёрка» (English keeps
    "an A or 4 or 5", the words of the JSON contract)."""
    names = [t(f"reason.card.{m}", lang) for m in ranks]
    return (
        t("reason.list", lang).join(names[:-1]) + t("reason.or", lang) + names[-1]
        if len(names) > 1
        else names[0]
    )


def _now(kind: str, reason: Reason, lang: str) -> str:
    if kind == "pair":
        return t("reason.now.pair", lang, label=t(f"reason.card_with.{reason.rank}", lang))
    if kind == "run":
        length = f"cadence.length.{reason.run}"  # «из трёх», as the count is said
        return t("reason.now.run", lang, n=t(length, lang) if has(length, lang) else reason.run)
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
        labels = _either(makers, lang)
        # English takes "an" before A and 8 ("an 8 makes a run", "an 8 or J extends it"): the
        # first card named decides, as it is said
        article = "an" if makers[0] in (0, 7) else "a"
        return t("reason.risk.run", lang, makers=t(f"reason.article.{article}", lang, label=labels), pct=pct)
    return t(f"reason.risk.{risk.kind}", lang, label=t(f"reason.card.{risk.rank}", lang), pct=pct)


# ----------------------------------------------------------------------------- comparisons


def _head(reason: Reason, lang: str) -> str:
    parts = [_now(kind, reason, lang) for kind in reason.now]
    return t(
        "reason.head",
        lang,
        now=t("reason.now.and", lang).join(parts),
        points=nt("reason.points", reason.points, lang),
    )


def _top_share(reason: Reason) -> float:
    if reason.ends or reason.alone or not reason.risks:
        return 0.0
    return max(r.share for r in reason.risks)


SMALL_DANGER = 0.25  # dangers costing less than this share of the points scored now do not explain
_RISK_POINTS = {"15": 2, "31": 2, "pair": 2, "pair_royal": 6, "double_pair_royal": 12}


def _threat_points(reason: Reason) -> float:
    """What the dangers a card leaves cost on average at the next reply (a run extended scores
    one more than the run the card made, else 3)."""
    if reason.ends or reason.alone:
        return 0.0
    run = reason.run + 1 if reason.run else 3
    return sum(r.share * _RISK_POINTS.get(r.kind, run) for r in reason.risks)


def _risk_ranks(risk: _Risk, reason: Reason) -> tuple[int, ...]:
    """The ranks (0 = ace) of the opponent's cards that score the danger at once."""
    if risk.kind in ("15", "31"):
        value = int(risk.kind) - reason.count
        return (9, 10, 11, 12) if value == 10 else (value - 1,)
    if risk.kind == "run":
        return tuple(risk.makers) or (0,)
    return (risk.rank,)


def odds_text(risk: _Risk, reason: Reason, lang: str, unseen: Sequence[int] | None) -> str:
    """How often the danger comes: "16 of 46 unseen" (cards the player has not seen that score
    it) when the unseen cards are known, else the share of the opponent's holdings ("20%")."""
    from trainer.i18n.typography import percent

    if unseen is None or len(unseen) != 13 or not sum(unseen):
        return percent(risk.share, lang)
    k = sum(unseen[r] for r in _risk_ranks(risk, reason) if 0 <= r < 13)
    total = sum(unseen)
    # Russian gives the share beside the cards, so the two figures of one threat agree
    return nt("reason.cmp.odds", total, lang, k=k, pct=percent(risk.share, lang))


SECOND_RISK = 0.05  # a second danger at least this likely is named too


def threat_text(reason: Reason, card: str, lang: str, unseen: Sequence[int] | None = None) -> str:
    """The main danger a played card leaves, naming the card: "9♠ makes 21: a ten-card then
    makes 31 for 2 (16 of 46 unseen)"; and the second one when it is likely too ("…, and a 5
    makes 31 (2 of 43 unseen)"), so that a strong player sees every reply that hurts, not
    only the likeliest."""
    ranked = sorted(reason.risks, key=lambda r: -r.share)
    first = _threat(ranked[0], reason, card, lang, unseen)
    if not _two_named(reason):
        return first
    return t("reason.cmp.two_threats", lang, first=first, second=_also(ranked[1], reason, lang, unseen))


def _two_named(reason: Reason) -> bool:
    """`threat_text` names a second danger (likely enough, and of another kind)."""
    ranked = sorted(reason.risks, key=lambda r: -r.share)
    return len(ranked) >= 2 and ranked[1].share >= SECOND_RISK and ranked[1].kind != ranked[0].kind


def _total_share(reason: Reason) -> float:
    """How often the opponent's reply scores at all (each holding's reply scores one kind; the
    shares of three or four players' samples may overlap, so the sum is kept to a share, ≤ 1)."""
    if reason.ends or reason.alone:
        return 0.0
    return min(1.0, sum(r.share for r in reason.risks))


def _also(risk: _Risk, reason: Reason, lang: str, unseen: Sequence[int] | None) -> str:
    """A second danger, in words that follow the first ("a 5 makes 31 (…)")."""
    odds = odds_text(risk, reason, lang, unseen)
    if risk.kind in ("15", "31"):
        needed = t(f"reason.needed.{int(risk.kind) - reason.count}", lang)
        return t(f"reason.cmp.also.{risk.kind}", lang, needed=needed, odds=odds)
    if risk.kind == "run":
        makers = risk.makers or (0,)
        article = "an" if makers[0] in (0, 7) else "a"
        label = t(f"reason.article.{article}", lang, label=_either(makers, lang))
        return t("reason.cmp.also.run", lang, makers=label, odds=odds)
    label = t(f"reason.card.{risk.rank}", lang)
    return t(f"reason.cmp.also.{risk.kind}", lang, label=label, odds=odds)


def _threat(risk: _Risk, reason: Reason, card: str, lang: str, unseen: Sequence[int] | None) -> str:
    odds = odds_text(risk, reason, lang, unseen)
    if risk.kind in ("15", "31"):
        needed = t(f"reason.needed.{int(risk.kind) - reason.count}", lang)
        return t(
            f"reason.cmp.risk.{risk.kind}", lang, card=card, count=reason.count, needed=needed, odds=odds
        )
    if risk.kind == "run":
        makers = risk.makers or (0,)
        labels = _either(makers, lang)
        article = "an" if makers[0] in (0, 7) else "a"
        # no run on the table yet: the reply makes one; else it extends the run just made
        return t(
            "reason.cmp.risk.run_more" if reason.run else "reason.cmp.risk.run",
            lang,
            card=card,
            makers=t(f"reason.article.{article}", lang, label=labels),
            odds=odds,
        )
    label = t(f"reason.card.{risk.rank}", lang)
    return t(f"reason.cmp.risk.{risk.kind}", lang, card=card, label=label, odds=odds)


def word_compare(
    best: Reason,
    mine: Reason,
    *,
    best_card: str,
    mine_card: str,
    lang: str = "en",
    unseen: Sequence[int] | None = None,
    named: bool = False,
) -> str:
    """Why the advised card is better than the card played, in separate words for each: the gain
    of the advised card and what the played one scored ("J♣ makes 15 for 2; 5♣ scores
    nothing"), and the danger the played card leaves, or the threat the played card left and
    that the advised one is safer ("9♠ makes 21: a ten-card then makes 31 for 2 (16 of 46
    unseen); 6♥ is safer"); when neither shows on the count, each card's own reason and that the
    advised card does better over the rest of the play (the search sees further than the next
    card). `named`: the advised card was just named ("better: play 8♥ — …"), so it is not named
    again at the start (see `compare_after_name`)."""
    return compare_after_name(
        best, mine, best_card=best_card, mine_card=mine_card, lang=lang, unseen=unseen, named=named
    )[0]


def compare_after_name(
    best: Reason,
    mine: Reason,
    *,
    best_card: str,
    mine_card: str,
    lang: str = "en",
    unseen: Sequence[int] | None = None,
    named: bool = True,
) -> tuple[str, bool]:
    """`word_compare`'s sentence, and whether it opens with the advised card as its subject (a
    pronoun: «она доводит сумму до 15…», "it makes 15…"), so that the caller joins it to the
    card just named as one sentence («Лучше сыграть 8♥: она доводит…», "better: play 8♥ — it
    makes 15…") rather than naming the card twice («Лучше сыграть 8♥. 8♥ доводит…»)."""

    from trainer.i18n.typography import percent

    def w(key: str, **values: object) -> str:
        return t(f"reason.cmp.{key}", lang, **values)

    parts: list[str] = []
    subject = False
    best_share, mine_share = _top_share(best), _top_share(mine)
    if best.points > mine.points:
        if named:  # «она доводит сумму до 15 (2 очка)», "it makes 15 for 2"
            gain = w("gain_named", head=t(f"reason.subject.{best.rank}", lang, head=_head(best, lang)))
            subject = True
        else:
            gain = w("gain", card=best_card, head=_head(best, lang))
        if mine.points:
            other = w("less", card=mine_card, head=_head(mine, lang))
        else:
            other = w("nothing", card=mine_card)
        parts.append(w("gain_other", gain=gain, other=other))
        if mine.risks and not (mine.ends or mine.alone):
            # the played card scored less and opened a danger too: the reply it invites is named
            # with its odds, whichever card's dangers are larger («…а 3♦ не приносит очков. После
            # 3♦ сумма 13: если у соперника двойка…»)
            parts.append(threat_text(mine, mine_card, lang, unseen))
    elif mine.points > best.points and _threat_points(mine) - _threat_points(best) < SMALL_DANGER * (
        mine.points - best.points
    ):
        # the played card scored more now, and its dangers at the next reply cost a small part
        # of that: the difference is further on in the play, and naming the small danger would
        # read as the reason
        head = w("gain", card=mine_card, head=_head(mine, lang))
        parts.append(w("scored_but_rest", head=head, best=best_card))
    elif mine.risks and mine_share > best_share + 0.02:
        threat = threat_text(mine, mine_card, lang, unseen)
        if mine.points:
            threat = w("scored_but", head=w("gain", card=mine_card, head=_head(mine, lang)), threat=threat)
        parts.append(threat)
        top = max(best.risks, key=lambda r: r.share) if best.risks else None
        worst = max(mine.risks, key=lambda r: r.share)
        same = top is not None and odds_text(top, best, lang, unseen) == odds_text(worst, mine, lang, unseen)
        best_total, mine_total = _total_share(best), _total_share(mine)
        if top is not None and best_total >= mine_total - 0.02 and not (best.ends or best.alone):
            # its replies score as often: not safer, better further on in the play
            parts.append(w("rest", card=best_card))
        elif same:
            # its worst reply is as likely as the played card's: the difference is in the
            # other replies, and the same odds twice would read as no difference at all
            parts.append(w("safer_overall", card=best_card))
        elif top is not None and _two_named(mine) and not (best.ends or best.alone):
            # two dangers named for the played card: compare how often any reply scores, else
            # the advised card's one danger may read as bigger than the played card's second
            parts.append(
                w(
                    "safer_total",
                    card=best_card,
                    pct=percent(best_total, lang),
                    theirs=percent(mine_total, lang),
                )
            )
        elif top is not None and not (best.ends or best.alone):
            parts.append(w("safer_odds", card=best_card, odds=odds_text(top, best, lang, unseen)))
        else:
            parts.append(w("safer", card=best_card))
    elif mine.risks and best.risks and abs(mine_share - best_share) <= 0.02:
        top = max(mine.risks, key=lambda r: r.share)
        odds = odds_text(top, mine, lang, unseen)
        if named:  # «риск тот же, что и после 5♣ (20 %), но…»: the advised card not named again
            parts.append(w("same_danger_named", card=mine_card, odds=odds))
            subject = True
        else:
            parts.append(w("same_danger", card=mine_card, best=best_card, odds=odds))
    else:
        # after "better: play 10♣ — " the card is not named again («10♣ — 10♣: …»)
        why = word_reason(best, lang, subject=named)  # «лучше сыграть В♦: он доводит сумму до 15…»
        parts.append(w("own_named" if named else "own", card=best_card, why=why))
        subject = named
        parts.append(w(_yours_key(mine), card=mine_card, why=word_reason(mine, lang)))
        parts.append(w("rest", card=best_card))
    sep = w("sep")  # Russian says each card's part as a sentence of its own: «…(риск 16 %). После…»
    if sep.strip() == ".":
        parts = parts[:1] + [p[:1].upper() + p[1:] for p in parts[1:]]
    return sep.join(parts), subject


def _yours_key(reason: Reason) -> str:
    """How the played card's own reason is introduced, by how the reason begins: what it scores
    («ваш ход 3♦ составляет пару…»), the count it leaves («после вашего хода 3♦ сумма станет
    13…»), a danger as a condition («после вашего хода 3♦, если у соперника…»)."""
    if reason.points:
        return "yours_scores"
    if reason.lead or reason.ends or reason.alone:
        return "yours"
    if reason.risks and reason.risks[0].kind not in ("15", "31"):
        return "yours_if"
    return "yours_after"


# ----------------------------------------------------------------------------- discards


def _ranks(codes: Sequence[str], lang: str, sep: str | None = None) -> str:
    """Cards by rank only, in rank order: "5-5-10-J" (the suits do not matter to the reason)."""
    from trainer.i18n.languages import language

    order = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    labels = sorted((c[:-1] for c in codes), key=order.index)
    sep = t("coach.gist.rank_sep", lang) if sep is None else sep  # "6-7-7-8", «6, 7, 7, 8»
    return sep.join(language(lang).rank(label) for label in labels)


def held_words(shape: Mapping[str, int], lang: str) -> str:
    held: list[str] = []
    runs = int(shape.get("runs", 1) or 1)
    if shape.get("run"):
        key = (
            "coach.shape.run"
            if runs == 1
            else "coach.shape.double_run"
            if runs == 2
            else "coach.shape.multi_run"
        )
        length = f"cadence.length.{shape['run']}"  # «из четырёх», as the count is said
        held.append(t(key, lang, n=t(length, lang) if has(length, lang) else shape["run"]))
    if shape.get("fifteens"):  # «один раз 15», «дважды по 15», «3 раза по 15»: one pattern
        n = int(shape["fifteens"])
        held.append(t("coach.shape.fifteens_two", lang) if n == 2 else nt("coach.shape.fifteens", n, lang))
    if shape.get("pairs") and not (shape.get("run") and runs > 1 and shape["pairs"] == 1):
        pairs = int(shape["pairs"])  # three of a rank is 3 pairs, four is 6: a player names them
        royal = {3: "coach.shape.pair_royal", 6: "coach.shape.double_pair_royal"}.get(pairs)
        held.append(t(royal, lang) if royal else nt("coach.shape.pairs", pairs, lang))
    if shape.get("flush"):
        held.append(t("coach.shape.flush", lang))
    if not held:
        return t("coach.shape.nothing", lang)
    # «последовательность из трёх и один раз 15»: the last item joined as a list is said
    items = ", ".join(held[:-1]) + t("coach.shape.last_sep", lang) + held[-1] if len(held) > 1 else held[0]
    return nt("coach.shape.held", int(shape.get("points", 0)), lang, items=items)


def discard_gist(parts: Mapping[str, Any], lang: str = "en") -> str:
    """A discard's reason in a player's words: "keeps 6-7-7-8 (a double run of 4, 2 fifteens:
    10 before the cut); 5-5 to your own crib: a 5"."""
    kind = str(parts.get("throw_kind", "apart"))
    whose = "own" if parts.get("own_crib") else "their"
    keep = t(
        "coach.gist.keeps",
        lang,
        ranks=_ranks(parts.get("keep", []), lang),
        held=held_words(parts.get("shape", {}), lang),
    )
    thrown = parts.get("throw", [])
    throw = nt(
        f"coach.gist.throw_{whose}",
        len(thrown),
        lang,
        ranks=_ranks(thrown, lang, t("coach.gist.throw_sep", lang)),
        # the same cards are a gift to your own crib and a cost accepted in his
        kind=t(f"coach.throw.{kind}" if whose == "own" else f"coach.throw_their.{kind}", lang)
        if kind != "apart"
        else "",
    )
    return t("reason.then", lang, head=keep, tail=throw)


def _difference(where: str, value: float, lang: str) -> str:
    """A difference as a player says it: «на руке на 5,17 очка меньше», «в крибе соперника на
    1,58 очка больше». `value` is for the player, so his opponent's crib grows when it is
    negative."""
    from trainer.i18n import number

    x = number(abs(round(value, 2)), ".2f", lang)
    if not round(value, 2):
        return t(f"coach.diff.{where}_same", lang)
    gains = value > 0
    if where == "their":
        return t("coach.diff.their_less" if gains else "coach.diff.their_more", lang, x=x)
    return t(f"coach.diff.{where}_{'more' if gains else 'less'}", lang, x=x)


def discard_compare(best: Mapping[str, Any], mine: Mapping[str, Any], lang: str = "en") -> str:
    """Why the advised discard is better than the one made, each in its own words: the advised
    keep and throw, then what yours keeps and what it gives away in the hand and in the crib
    ("…; yours keeps 5-8-9-10 (a run of 3, a fifteen: 5 before the cut): −2.20 in the hand,
    −0.51 in the crib")."""
    hand = float(mine.get("hand_ev", 0.0)) - float(best.get("hand_ev", 0.0))
    crib = float(mine.get("crib", 0.0)) - float(best.get("crib", 0.0))
    # «рука сильнее, но криб соперника сильнее»; «рука слабее, а криб соперника сильнее»
    opposite = round(hand, 2) * round(crib, 2) < 0
    yours = t(
        "coach.gist.yours_but" if opposite else "coach.gist.yours",
        lang,
        ranks=_ranks(mine.get("keep", []), lang),
        held=held_words(mine.get("shape", {}), lang),
        hand_words=_difference("hand", hand, lang),
        crib_words=_difference("own" if best.get("own_crib") else "their", crib, lang),
    )
    return t("reason.then", lang, head=discard_gist(best, lang), tail=yours)
