"""How a question is shown and asked, in the user's language: the lines above the prompt and a
description of the prompt itself (free text, one choice, or several), as plain data.

The CLI turns an `Ask` into a questionary prompt, a line read from stdin, or a scripted answer;
keeping it as data here means every front end asks the same question the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from trainer.drills.i18n import t
from trainer.drills.lines import card, cards
from trainer.drills.model import Question
from trainer.engine.cards import Card
from trainer.engine.ruleset import Ruleset


@dataclass(frozen=True, kw_only=True)
class Choice:
    """One menu entry; `then` asks a follow-up number (e.g. how many points for muggins)."""

    label: str
    value: str
    disabled: str | None = None
    then: str | None = None
    key: str | None = None


@dataclass(frozen=True, kw_only=True)
class Ask:
    """The prompt: `text` (typed answer), `select` (one choice) or `checkbox` (`count` choices).

    `instruction` is shown by a terminal prompt; `typed` replaces it when the answer is read as
    a line of text (a menu is driven with keys, a script types words)."""

    style: str
    message: str
    instruction: str = ""
    choices: tuple[Choice, ...] = ()
    count: int = 0
    typed: str = ""

    @property
    def typed_hint(self) -> str:
        """How to type the answer when it is read from a line (scripts, --answers)."""
        return self.typed or self.instruction


@dataclass(frozen=True, kw_only=True)
class Presentation:
    lines: tuple[str, ...]
    ask: Ask


def present(question: Question, *, ruleset: Ruleset, lang: str) -> Presentation:
    """What to show for `question` and how to ask for the answer."""
    return _PRESENTERS[question.kind](question, ruleset, lang)


def drill_name(question: Question, lang: str) -> str:
    """`count`, `peg (play)`... in the user's language, for headers and tables."""
    name = t(f"drill.name.{question.kind}", lang)
    if question.form in ("itemised", "points", "play"):
        name += f" ({t(f'drill.form.{question.form}', lang)})"
    return name


def seat_name(offset: int, *, players: int, lang: str) -> str:
    """`you`, `opponent`, or for 3-4 players `left`, `right`, `partner` (offset 0 is you)."""
    if offset == 0:
        return t("drill.seat.you", lang)
    if players == 2:
        return t("drill.seat.opponent", lang)
    if players == 4 and offset == 2:
        return t("drill.seat.partner", lang)
    return t("drill.seat.left", lang) if offset == 1 else t("drill.seat.right", lang)


# ----------------------------------------------------------------------------- count & muggins


def _show_lines(question: Question, lang: str, *, whose: str) -> list[str]:
    data = question.data
    what = "crib" if data.get("crib") else "hand"
    return [
        t(f"drill.count.{whose}_{what}", lang),
        t("drill.count.cards", lang, hand=cards(data["hand"]), starter=card(data["starter"])),
    ]


def _present_count(question: Question, ruleset: Ruleset, lang: str) -> Presentation:
    del ruleset
    lines = _show_lines(question, lang, whose="your")
    if question.form == "itemised":
        ask = Ask(
            style="text",
            message=t("drill.count.ask_itemised", lang),
            instruction=t("drill.count.itemised_hint", lang),
        )
    else:
        ask = Ask(style="text", message=t("drill.count.ask_total", lang))
    return Presentation(lines=tuple(lines), ask=ask)


def _present_muggins(question: Question, ruleset: Ruleset, lang: str) -> Presentation:
    from trainer.drills.muggins_drill import claimed_breakdown
    from trainer.i18n.cadence import say_count

    del ruleset
    lines = _show_lines(question, lang, whose="their")
    said = say_count(claimed_breakdown(question), lang)
    lines.append(t("drill.muggins.says", lang, said=said, total=question.data["announced"]))
    ask = Ask(
        style="select",
        message=t("drill.muggins.ask", lang),
        typed=t("drill.muggins.hint", lang),
        choices=(
            Choice(label=t("drill.muggins.accept", lang), value="accept"),
            Choice(
                label=t("drill.muggins.call", lang),
                value="muggins",
                then=t("drill.muggins.how_many_short", lang),
            ),
            Choice(
                label=t("drill.muggins.over", lang), value="over", then=t("drill.muggins.how_many_over", lang)
            ),
        ),
    )
    return Presentation(lines=tuple(lines), ask=ask)


# ----------------------------------------------------------------------------- pegging


def _peg_lines(question: Question, ruleset: Ruleset, lang: str) -> list[str]:
    data = question.data
    players = len(data.get("opponent_cards") or [0]) + 1
    series = list(data.get("series") or [])
    by = list(data.get("by") or [])
    lines = []
    if series:
        played = ", ".join(
            f"{card(c)} ({seat_name(b, players=players, lang=lang)})"
            for c, b in zip(series, by, strict=False)
        )
        lines.append(t("drill.peg.count_so_far", lang, count=data["count"], played=played))
    else:
        lines.append(t("drill.peg.new_count", lang))
    lines.append(t("drill.peg.you_hold", lang, hand=cards(data["hand"])))
    if data.get("starter"):
        away = cards(data.get("discards") or []) or "-"
        lines.append(t("drill.peg.starter", lang, starter=card(data["starter"]), discards=away))
    for i, (n, go) in enumerate(
        zip(data.get("opponent_cards") or [], data.get("opponent_go") or [], strict=False)
    ):
        who = seat_name(i + 1, players=players, lang=lang)
        key = "drill.peg.other_go" if go else "drill.peg.other_cards"
        lines.append(t(key, lang, who=who, n=n))
    if ruleset.pegging.mode == "single_count":
        lines.append(t("drill.peg.single_count", lang))
    return lines


def _present_peg(question: Question, ruleset: Ruleset, lang: str) -> Presentation:
    from trainer.drills.peg_drill import legal_options

    lines = _peg_lines(question, ruleset, lang)
    if question.form == "points":
        lines.append(t("drill.peg.you_play", lang, card=card(question.data["card"])))
        return Presentation(
            lines=tuple(lines), ask=Ask(style="text", message=t("drill.peg.ask_points", lang))
        )
    legal = legal_options(question, ruleset=ruleset)
    count = int(question.data["count"])
    choices = tuple(
        Choice(
            label=card(c),
            value=c,
            disabled=None if c in legal else t("drill.peg.past_31", lang, count=count + Card.parse(c).value),
        )
        for c in question.data["hand"]
    )
    ask = Ask(style="select", message=t("drill.peg.ask_play", lang), choices=choices)
    return Presentation(lines=tuple(lines), ask=ask)


# ----------------------------------------------------------------------------- discard


def _present_discard(question: Question, ruleset: Ruleset, lang: str) -> Presentation:
    data = question.data
    n = int(data.get("discard", ruleset.deal.discard_per_player))
    whose = "own" if data.get("dealer") else "their"
    if ruleset.partnerships:
        whose += "_side"
    lines = (
        t(f"drill.discard.crib_{whose}", lang),
        t("drill.discard.hand", lang, hand=cards(data["hand"])),
    )
    ask = Ask(
        style="checkbox",
        message=t("drill.discard.ask", lang, n=n),
        instruction=t("drill.discard.hint", lang, n=n),
        typed=t("drill.discard.typed", lang, n=n),
        choices=tuple(Choice(label=card(c), value=c) for c in data["hand"]),
        count=n,
    )
    return Presentation(lines=lines, ask=ask)


# ----------------------------------------------------------------------------- penalty


def scenario_lines(question: Question, lang: str) -> list[str]:
    """The irregularity in words: the situation, then one sentence per yes/no fact."""
    scenario = question.data["scenario"]
    irr = scenario["irregularity"]
    facts = dict(scenario.get("facts") or {})
    values = {k: v for k, v in facts.items() if not isinstance(v, bool)}
    if "stage" in values:
        values["stage"] = t(f"drill.penalty.stage.{values['stage']}", lang)
    if "holding" in values and lang == "ru":  # ranks held, as Russian players name them: Т 5 К
        letters = {"A": "Т", "J": "В", "Q": "Д", "K": "К"}
        values["holding"] = " ".join(letters.get(r, r) for r in str(values["holding"]).split())
    lines = [t(f"drill.penalty.scenario.{irr}", lang, **_only_used(f"drill.penalty.scenario.{irr}", values))]
    for name, value in facts.items():
        if isinstance(value, bool):
            lines.append(t(f"drill.penalty.fact.{name}.{'yes' if value else 'no'}", lang))
        elif name == "choice":
            lines.append(t(f"drill.penalty.fact.choice.{value}", lang))
        elif name == "call":
            key = "drill.penalty.fact.call.none" if not value else "drill.penalty.fact.call.some"
            lines.append(t(key, lang, call=value))
    return lines


def _only_used(key: str, values: dict[str, object]) -> dict[str, object]:
    import string

    from trainer.drills.i18n import raw

    used = {name for _, name, _, _ in string.Formatter().parse(raw(key)) if name}
    return {k: v for k, v in values.items() if k in used}


def choice_text(choice: dict[str, object], lang: str) -> str:
    """`the dealer pegs 2`, `the offender moves back 15`, or `no points`."""
    points, back = int(choice["points"]), int(choice["back"])  # type: ignore[call-overload]
    who = t(f"drill.penalty.who.{choice['beneficiary']}", lang)
    parts = []
    if points:
        parts.append(t("drill.penalty.choice.pegs", lang, who=who, points=points, n=points))
    if back:
        parts.append(t("drill.penalty.choice.back", lang, back=back))
    return "; ".join(parts) if parts else t("drill.penalty.choice.nothing", lang)


def _present_penalty(question: Question, ruleset: Ruleset, lang: str) -> Presentation:
    data = question.data
    penalty_set = t(f"drill.penalty.set.{data.get('penalty_set', ruleset.penalties)}", lang)
    muggins = t("drill.penalty.muggins_on" if data.get("muggins") else "drill.penalty.muggins_off", lang)
    lines = [t("drill.penalty.rules", lang, ruleset=question.ruleset, penalties=penalty_set, muggins=muggins)]
    lines.extend(scenario_lines(question, lang))
    choices = tuple(
        Choice(label=choice_text(c, lang), value=str(c["letter"]), key=str(c["letter"]))
        for c in data["choices"]
    )
    ask = Ask(style="select", message=t("drill.penalty.ask", lang), choices=choices)
    return Presentation(lines=tuple(lines), ask=ask)


_PRESENTERS: dict[str, Callable[[Question, Ruleset, str], Presentation]] = {
    "count": _present_count,
    "muggins": _present_muggins,
    "peg": _present_peg,
    "discard": _present_discard,
    "penalty": _present_penalty,
}
