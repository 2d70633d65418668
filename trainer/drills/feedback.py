"""Feedback after an answer, in the user's language: what was right, what was missed or
over-counted (item by item, with the cards), the count in counting cadence, and for choices the
best option and what the user's choice gave away.

Built only from the question and its `Grade`, so a replayed or stored attempt explains itself
the same way it did when it was answered.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from trainer.drills.i18n import t
from trainer.drills.lines import card, cards
from trainer.drills.model import Grade, Question
from trainer.engine.cards import Card
from trainer.engine.scoring import ScoreBreakdown, ScoreItem
from trainer.i18n import choice_letter, decimal, number
from trainer.i18n.cadence import say_count


def expected_words(question: Question, grade: Grade, lang: str) -> str:
    """The right answer as the user would type it in `lang` (a muggins call is «простак 2»);
    `grade.expected_text` keeps the stored English form."""
    expected = grade.expected
    if question.kind == "muggins" and isinstance(expected, dict) and "call" in expected:
        return t(f"drill.call.{expected['call']}", lang, points=expected.get("points", 0))
    if question.kind == "penalty":
        return choice_letter(grade.expected_text, lang)
    return grade.expected_text


def explain(question: Question, grade: Grade, *, lang: str) -> list[str]:
    """Lines of feedback (cards marked for the renderer), most important first."""
    lines: list[str] = []
    if grade.timed_out:
        lines.append(t("drill.fb.timed_out", lang))
    if grade.skipped and grade.timed_out:
        lines.append(t("drill.fb.the_answer", lang, expected=expected_words(question, grade, lang)))
    elif grade.skipped:
        lines.append(t("drill.fb.skipped", lang, expected=expected_words(question, grade, lang)))
    elif grade.problem is not None:
        values = dict(grade.problem.values)
        if grade.problem.key == "drill.answer.need_letter":
            values["letters"] = ", ".join(choice_letter(x, lang) for x in str(values["letters"]).split(", "))
        hint = t(grade.problem.key, lang, **values)
        lines.append(t("drill.fb.unreadable", lang, hint=hint))
    lines.extend(_EXPLAINERS[question.kind](question, grade, lang))
    return lines


def breakdown_of(items: Sequence[Mapping[str, Any]]) -> ScoreBreakdown:
    """Rebuild a breakdown from the JSON items kept in a grade's detail."""
    return ScoreBreakdown(
        tuple(
            ScoreItem(
                str(i["kind"]),
                tuple(Card.parse(c) for c in i["cards"]),
                int(i["points"]),
                str(i.get("label", "")),
            )
            for i in items
        )
    )


def kind_name(kind: str, lang: str) -> str:
    return t(f"drill.kind.{kind}", lang)


def item_text(item: Mapping[str, Any], lang: str) -> str:
    """`fifteen 5♥ J♦ (2)`: one scoring item with its cards and points."""
    name = (
        str(item.get("label") or "")
        if lang == "en" and item.get("label")
        else kind_name(str(item["kind"]), lang)
    )
    return t("drill.fb.item", lang, name=name, cards=cards(item["cards"]), points=item["points"])


def _items_of(detail: Mapping[str, Any], kind: str) -> list[Mapping[str, Any]]:
    return [i for i in detail.get("items", []) if i["kind"] == kind]


# ----------------------------------------------------------------------------- count


def _explain_count(question: Question, grade: Grade, lang: str) -> list[str]:
    detail = grade.detail
    total = detail["total"]
    lines: list[str] = []
    if question.form == "itemised" and isinstance(grade.answer, dict):
        for kind, points in detail.get("missed", {}).items():
            found = "; ".join(item_text(i, lang) for i in _items_of(detail, kind))
            real = detail["by_kind"].get(kind, 0)
            lines.append(
                t(
                    "drill.fb.missed_kind",
                    lang,
                    kind=kind_name(kind, lang),
                    points=points,
                    real=real,
                    items=found,
                )
            )
        for kind, points in detail.get("over", {}).items():
            have = detail["by_kind"].get(kind, 0)
            lines.append(t("drill.fb.over_kind", lang, kind=kind_name(kind, lang), points=points, real=have))
    elif grade.answer is not None and not grade.correct:
        diff = int(detail.get("difference", 0))
        key = "drill.fb.short" if diff < 0 else "drill.fb.over"
        lines.append(t(key, lang, given=grade.answer, total=total, diff=abs(diff)))
    lines.append(t("drill.fb.say", lang, said=say_count(breakdown_of(detail["items"]), lang)))
    return lines


# ----------------------------------------------------------------------------- muggins


def _explain_muggins(question: Question, grade: Grade, lang: str) -> list[str]:
    detail = grade.detail
    lines = [t("drill.fb.muggins_right_call", lang, call=_call_text(grade.expected, lang))]
    for item in detail.get("overlooked", []):
        lines.append(t("drill.fb.overlooked", lang, item=item_text(item, lang)))
    for item in detail.get("phantom", []):
        lines.append(t("drill.fb.phantom", lang, item=item_text(item, lang)))
    lines.append(t("drill.fb.say", lang, said=say_count(breakdown_of(detail["items"]), lang)))
    if grade.answer is not None and grade.points_lost:
        lines.append(t("drill.fb.points_lost", lang, points=_num(grade.points_lost, lang)))
    del question
    return lines


def _call_text(call: Mapping[str, Any], lang: str) -> str:
    if call["call"] == "accept":
        return t("drill.muggins.accept", lang)
    key = "drill.fb.call_muggins" if call["call"] == "muggins" else "drill.fb.call_over"
    return t(key, lang, points=call["points"])


# ----------------------------------------------------------------------------- pegging


def _event_items(events: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    return [item for e in events for item in e.get("items", [])]


def _play_text(events: Sequence[Mapping[str, Any]], lang: str) -> str:
    items = _event_items(events)
    if not items:
        return t("drill.fb.nothing", lang)
    return ", ".join(
        t("rough.play_item", lang, name=_play_item_name(i, lang), points=i["points"]) for i in items
    )


def _play_item_name(item: Mapping[str, Any], lang: str) -> str:
    if item["kind"] == "run":
        return t("drill.fb.run_of", lang, n=len(item["cards"]))
    if item["kind"] == "pair" and len(item["cards"]) > 2:
        return t("drill.kind.pair_royal" if len(item["cards"]) == 3 else "drill.kind.double_pair_royal", lang)
    return kind_name(str(item["kind"]), lang)


def _explain_peg(question: Question, grade: Grade, lang: str) -> list[str]:
    detail = grade.detail
    if question.form == "points":
        return [
            t(
                "drill.fb.card_scores",
                lang,
                card=card(detail["card"]),
                points=grade.expected,
                items=_play_text(detail["events"], lang),
            )
        ]
    options = {o["card"]: o for o in detail["options"]}
    best = detail["best"]
    top = options[best[0]]
    lines = [
        t(
            "drill.fb.best_play",
            lang,
            cards=cards(best, sep=" / "),
            points=top["points"],
            items=_play_text(top["events"], lang),
        )
    ]
    if "ev" in top:
        lines.append(t("drill.fb.best_play_ev", lang, ev=_num(top["ev"], lang)))
        reason = _reason_text(top, lang)
        if reason:
            lines.append(t("drill.fb.why", lang, reason=reason))
    chosen = grade.answer
    if isinstance(chosen, str) and chosen in options and chosen not in best:
        mine = options[chosen]
        lines.append(
            t(
                "drill.fb.your_play",
                lang,
                card=card(chosen),
                points=mine["points"],
                items=_play_text(mine["events"], lang),
            )
        )
        lines.append(_lost_line(grade, lang))
    return lines


def _reason_text(option: Mapping[str, Any], lang: str) -> str:
    """The advice's reason for a play in `lang`: worded from its facts when the option keeps
    them; an answer stored before they were kept has only the English sentence, shown in
    English only (a Russian screen omits it rather than mixing languages)."""
    why = option.get("why")
    if isinstance(why, Mapping):
        from trainer.advice.reasons import PegReason
        from trainer.i18n.reasons import word_reason

        return word_reason(PegReason.from_json(dict(why)), lang)
    return str(option.get("reason") or "") if lang == "en" else ""


def _lost_line(grade: Grade, lang: str) -> str:
    if grade.band:
        return t(
            "drill.fb.gave_away",
            lang,
            points=_num(grade.points_lost, lang),
            band=t(f"drill.band.{grade.band}", lang),
        )
    return t("drill.fb.gave_away_plain", lang, points=_num(grade.points_lost, lang))


def _num(value: float, lang: str) -> str:
    return decimal(value, lang)


def _explain_discard(question: Question, grade: Grade, lang: str) -> list[str]:
    del question
    options = grade.detail["options"]
    lines = [
        t("drill.fb.discard_best", lang, cards=cards(options[0]["discard"]), **_ev_values(options[0], lang))
    ]
    chosen = grade.answer
    if isinstance(chosen, list) and sorted(chosen) != sorted(options[0]["discard"]):
        mine = next((o for o in options if sorted(o["discard"]) == sorted(chosen)), None)
        if mine is not None:
            lines.append(
                t("drill.fb.discard_yours", lang, cards=cards(mine["discard"]), **_ev_values(mine, lang))
            )
            lines.append(_lost_line(grade, lang))
    for rank, option in enumerate(options[:3], start=1):
        lines.append(
            t(
                "drill.fb.discard_option",
                lang,
                n=rank,
                cards=cards(option["discard"]),
                **_ev_values(option, lang),
            )
        )
    return lines


def _ev_values(option: Mapping[str, Any], lang: str) -> dict[str, str]:
    crib = float(option["crib_ev"]) * int(option.get("crib_sign", 1))
    return {
        "net": _num(round(float(option["net_ev"]), 2), lang),
        "hand": _num(round(float(option["hand_ev"]), 2), lang),
        "crib": number(crib, "+.2f", lang),
        "keep": cards(option["keep"]),
    }


def _explain_penalty(question: Question, grade: Grade, lang: str) -> list[str]:
    from trainer.drills.presenting import choice_text

    ruling = grade.detail["ruling"]
    # The remedy in the UI language (penalty_drill.ruling_words); a detail without it has only
    # the engine's English words, which are what English shows anyway.
    words = (grade.detail.get("words") or {}).get(lang) or ruling
    right = next(c for c in question.data["choices"] if c["letter"] == grade.expected)
    lines = [
        t(
            "drill.fb.ruling",
            lang,
            letter=choice_letter(right["letter"], lang),
            text=choice_text(right, lang),
        ),
        t("rough.fb.remedy", lang, remedy=words["remedy"], rule=_refs(ruling["rule_ref"], lang) or "-"),
    ]
    if words.get("note"):
        lines.append(t("drill.fb.ruling_note", lang, note=words["note"]))
    if words.get("options"):
        lines.append(t("drill.fb.ruling_options", lang, options="; ".join(words["options"])))
    return lines


_EXPLAINERS: dict[str, Callable[[Question, Grade, str], list[str]]] = {
    "count": _explain_count,
    "muggins": _explain_muggins,
    "peg": _explain_peg,
    "discard": _explain_discard,
    "penalty": _explain_penalty,
}


def _refs(rule_ref: str, lang: str) -> str:
    """The sources of a ruling by title in `lang`, not by the spec's tags ("[S0; HOY]")."""
    from trainer.i18n.sources import titled_refs

    return titled_refs(rule_ref or "", lang)
