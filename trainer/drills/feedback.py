"""Feedback after an answer, as messages: what was right, what was missed or over-counted (item
by item, with the cards), the count in counting cadence, and for choices the best option and
what the user's choice gave away.

The part every kind shares (timed out, skipped, unreadable) is here with the helpers the kinds
share; each kind explains the rest in its own module (`explain`). Built only from the question
and its `Grade`, so a replayed or stored attempt explains itself the same way it did when it was
answered. The words layer (`trainer.i18n.drill_words.word_explanation`) turns it into text.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from typing import Any

from trainer.drills.messages import Cards, ItemName, Joined, Letter, Msg, Points, msg
from trainer.drills.model import Grade, Question
from trainer.engine.cards import Card
from trainer.engine.errors import CribError
from trainer.engine.scoring import ScoreBreakdown, ScoreItem


def expected(question: Question, grade: Grade) -> Any:
    """The right answer as the user would type it (the kind's `expected`: a muggins call is a
    message, `muggins 2` worded at the edge, a penalty a choice letter; otherwise the stored
    canonical text, `grade.expected_text`)."""
    from trainer.drills.kinds import kind

    return kind(question.kind).expected(question, grade)


def explain(question: Question, grade: Grade) -> list[Msg]:
    """Lines of feedback, most important first: the shared verdict lines, then the kind's."""
    from trainer.drills.kinds import kind

    lines: list[Msg] = []
    if grade.timed_out:
        lines.append(msg("drill.fb.timed_out"))
    if grade.skipped and grade.timed_out:
        lines.append(msg("drill.fb.the_answer", expected=expected(question, grade)))
    elif grade.skipped:
        lines.append(msg("drill.fb.skipped", expected=expected(question, grade)))
    elif grade.problem is not None:
        values = dict(grade.problem.values)
        if grade.problem.key == "drill.answer.need_letter":
            letters = tuple(Letter(x) for x in str(values["letters"]).split(", "))
            values["letters"] = Joined(letters, ", ")
        elif grade.problem.key == "drill.answer.itemised_twice":  # the kind by its name, not its id
            values["kind"] = Msg(f"drill.kind.{values['kind']}", {})
        values.update(shown_cards(values))
        lines.append(msg("drill.fb.unreadable", hint=Msg(grade.problem.key, values)))
    lines.extend(kind(question.kind).explain(question, grade))
    return lines


def shown_cards(values: Mapping[str, Any]) -> dict[str, Any]:
    """A hint's cards (kept as codes like `9C AD`, as answers are stored) as `Cards`, so the
    reader sees suit symbols and their own rank letters."""
    out: dict[str, Any] = {}
    for name in ("card", "cards", "options"):
        value = values.get(name)
        if isinstance(value, str | list):
            with contextlib.suppress(CribError):  # not cards after all: shown as written
                out[name] = Cards.of(value.split() if isinstance(value, str) else value)
    return out


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


def item(entry: Mapping[str, Any]) -> Msg:
    """`fifteen 5♥ J♦ (2)`: one scoring item with its cards and points."""
    name = ItemName(str(entry["kind"]), str(entry.get("label") or ""))
    return msg("drill.fb.item", name=name, cards=Cards.of(entry["cards"]), points=entry["points"])


def lost(grade: Grade) -> Msg:
    """What a choice gave away, with its band (inaccuracy, mistake, blunder) when it has one."""
    if grade.band:
        return msg(
            "drill.fb.gave_away", points=Points(grade.points_lost), band=msg(f"drill.band.{grade.band}")
        )
    return msg("drill.fb.gave_away_plain", points=Points(grade.points_lost))
