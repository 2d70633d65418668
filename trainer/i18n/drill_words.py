"""The drills in words: the one place where a drill's messages (`trainer.drills.messages`)
become text in the reader's language, for the CLI, the web pages and printed worksheets alike.

`word(value, lang)` words any message generically: a `Msg` by its catalogue entry with its
values worded first (numbers stay numbers, so plural forms and format specs work), cards as
marked text (`trainer.drills.lines`: the front end alone decides how a card looks), and the
typed values by the language's rules (decimal comma, Russian rank letters, counting cadence,
pegging reasons, rulings, source titles). Imported on demand, never by `trainer.i18n` itself:
quick commands do not pay for it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from trainer.drills import lines
from trainer.drills.messages import (
    Cards,
    Counted,
    Decimal,
    DiscardWhy,
    IrregularityName,
    ItemName,
    Joined,
    Letter,
    Msg,
    PlayWhy,
    Points,
    Ranks,
    Reason,
    Refs,
    RulingPart,
    Signed,
    Spoken,
    Variant,
)
from trainer.drills.model import Grade, Question
from trainer.drills.presenting import Presentation
from trainer.engine.cards import Card
from trainer.engine.records import Record
from trainer.i18n import choice_letter, decimal, has, nt, number, t
from trainer.i18n.languages import language


def word(value: Any, lang: str) -> str:
    """`value` (a message, a card, a typed value, a number or plain text) as text in `lang`."""
    if isinstance(value, Msg):
        values = {k: v if _kept(v) else word(v, lang) for k, v in value.values.items()}
        return t(value.key, lang, **values)
    if isinstance(value, Card):
        return lines.card(value)
    if isinstance(value, Cards):
        if value.sep == "or":
            return either([lines.card(c) for c in value.cards], lang)
        return lines.cards(value.cards, sep=value.sep)
    if isinstance(value, Joined):
        if not value.parts:
            return word(value.empty, lang)
        return value.sep.join(word(p, lang) for p in value.parts)
    if isinstance(value, Decimal):
        return decimal(value.value, lang)
    if isinstance(value, Signed):
        return number(value.value, value.spec, lang)
    if isinstance(value, Letter):
        return choice_letter(value.letter, lang)
    if isinstance(value, Counted):
        return nt(value.key, value.n, lang)
    if isinstance(value, Points):
        if value.value == int(value.value):
            return nt("drill.points", int(value.value), lang)
        return t("drill.points_fraction", lang, x=decimal(value.value, lang))
    if isinstance(value, Variant):
        from trainer.i18n import variant_name

        return variant_name(value.name, lang)
    if isinstance(value, Ranks):
        return " ".join(map(language(lang).rank, value.ranks.split()))
    if isinstance(value, ItemName):
        return value.label if lang == "en" and value.label else t(f"drill.kind.{value.kind}", lang)
    if isinstance(value, Spoken):
        from trainer.i18n.cadence import say_count

        return say_count(value.breakdown, lang)
    if isinstance(value, Reason):
        return _reason(value, lang)
    if isinstance(value, PlayWhy):
        from trainer.advice.reasons import PegReason
        from trainer.i18n.reasons import word_compare

        return word_compare(
            PegReason.from_json(dict(value.best)),
            PegReason.from_json(dict(value.mine)),
            best_card=lines.card(value.best_card),
            mine_card=lines.card(value.mine_card),
            lang=lang,
            unseen=value.unseen,
        )
    if isinstance(value, DiscardWhy):
        from trainer.i18n.reasons import discard_compare, discard_gist

        return discard_compare(value.best, value.mine, lang) if value.mine else discard_gist(value.best, lang)
    if isinstance(value, IrregularityName):
        return _irregularity_name(value.irregularity, lang)
    if isinstance(value, Refs):
        from trainer.i18n.sources import titled_refs

        return titled_refs(value.rule_ref, lang) or "-"
    if isinstance(value, RulingPart):
        return _ruling_part(value, lang)
    if isinstance(value, tuple | list):
        return " ".join(word(v, lang) for v in value)
    return str(value)


def _kept(value: Any) -> bool:
    """Numbers go into a message as numbers: `{n}` picks a plural form, `{x:.1f}` formats."""
    return isinstance(value, int | float) or value is None


def _reason(reason: Reason, lang: str) -> str:
    """Worded from its facts; an option that kept only the English sentence shows it in English
    only (`word_lines` leaves out a line whose reason is empty rather than mix languages)."""
    if reason.why is not None:
        from trainer.advice.reasons import PegReason
        from trainer.i18n.reasons import word_reason

        return word_reason(PegReason.from_json(dict(reason.why)), lang, said_points=reason.said_points)
    return reason.english if lang == "en" else ""


def _ruling_part(part: RulingPart, lang: str) -> str:
    """The remedy, note or options of a ruling in `lang`: from the words an older detail kept,
    else from the engine's phrases (the English words are the ruling's own)."""
    stored = (part.words or {}).get(lang)
    if isinstance(stored, Mapping):
        found: Any = stored.get(part.part) or ""
        return either(found, lang) if part.part == "options" else str(found)
    ruling = part.ruling
    if lang != "en" and part.phrases is not None:
        from trainer.i18n.rulings import ruling_words
        from trainer.i18n.typography import sentence

        text = ruling_words(_ruling(ruling, part.phrases), lang)
        # the remedy opens its line in the drill's feedback: a sentence, not a fragment
        found = {"remedy": sentence(text.remedy, lang), "note": text.note, "options": text.options}[part.part]
    else:
        found = ruling.get(part.part) or ""
    return either(found, lang) if part.part == "options" else str(found)


def either(options: Sequence[str], lang: str) -> str:
    """Choices as a sentence reads them: `a, b or c` («а, б или в»), so "may" is followed by
    what may be done, not by a colon and a list."""
    items = [str(o) for o in options]
    if len(items) < 2:
        return "".join(items)
    return t("drill.fb.either", lang, first=", ".join(items[:-1]), last=items[-1])


def _ruling(data: Mapping[str, Any], phrases: Mapping[str, Any]) -> Any:
    from trainer.engine.irregularities import Ruling

    return Ruling(
        irregularity=str(data["irregularity"]),
        penalty_set=str(data["penalty_set"]),
        beneficiary=str(data["beneficiary"]),
        points=int(data["points"]),
        remedy=str(data["remedy"]),
        options=tuple(data.get("options") or ()),
        rule_ref=str(data.get("rule_ref") or ""),
        name=str(data.get("name") or ""),
        row=int(data.get("row") or 0),
        back=int(data.get("back") or 0),
        retrieved=bool(data.get("retrieved", True)),
        note=str(data.get("note") or ""),
        facts=tuple((data.get("facts") or {}).items()),
        remedy_phrase=_phrase(phrases.get("remedy")),
        note_phrase=_phrase(phrases.get("note")),
    )


def _phrase(data: Any) -> Any:
    """A phrase back from `penalty_drill.phrase_json`."""
    from trainer.engine.phrases import Phrase

    if not isinstance(data, Mapping):
        return None
    values = tuple(
        (str(k), _phrase(v["phrase"]) if isinstance(v, Mapping) and "phrase" in v else v)
        for k, v in data.get("values") or ()
    )
    return Phrase(key=str(data["key"]), english=str(data["english"]), values=values)


def word_lines(messages: Sequence[Msg], lang: str) -> list[str]:
    """Each message as one line; a line whose reason has no words in `lang` is left out."""
    out = []
    for message in messages:
        if any(isinstance(v, Reason) and not _reason(v, lang) for v in message.values.values()):
            continue
        out.append(word(message, lang))
    return out


# ----------------------------------------------------------------------------- questions


class ShownChoice(Record):
    """A menu entry in words (cards marked in `label`)."""

    label: str
    value: str
    disabled: str | None = None
    then: str | None = None
    key: str | None = None


class ShownAsk(Record):
    """The prompt in words (see `trainer.drills.presenting.Ask`)."""

    style: str
    message: str
    instruction: str = ""
    choices: tuple[ShownChoice, ...] = ()
    count: int = 0
    typed: str = ""

    @property
    def typed_hint(self) -> str:
        """How to type the answer when it is read from a line (scripts, --answers)."""
        return self.typed or self.instruction


class Shown(Record):
    """A question in words: the lines above the prompt (cards marked) and the prompt."""

    lines: tuple[str, ...]
    ask: ShownAsk


def _maybe(value: Msg | None, lang: str) -> str | None:
    return None if value is None else word(value, lang)


def word_presentation(presentation: Presentation, lang: str) -> Shown:
    """A kind's `present` output in `lang`."""
    ask = presentation.ask
    return Shown(
        lines=tuple(word_lines(presentation.lines, lang)),
        ask=ShownAsk(
            style=ask.style,
            message=word(ask.message, lang),
            instruction=_maybe(ask.instruction, lang) or "",
            choices=tuple(
                ShownChoice(
                    label=word(c.label, lang),
                    value=c.value,
                    disabled=_maybe(c.disabled, lang),
                    then=_maybe(c.then, lang),
                    key=c.key,
                )
                for c in ask.choices
            ),
            count=ask.count,
            typed=_maybe(ask.typed, lang) or "",
        ),
    )


def present(question: Question, *, ruleset: Any, lang: str) -> Shown:
    """What to show for `question` and how to ask for the answer, in `lang`."""
    from trainer.drills.kinds import present as structured

    return word_presentation(structured(question, ruleset=ruleset), lang)


def drill_name(question: Question, lang: str) -> str:
    """`count`, `peg (play)`... in the user's language, for headers and tables."""
    name = t(f"drill.name.{question.kind}", lang)
    from trainer.drills.kinds import of

    if question.form in of(question).TITLED_FORMS:
        name += f" ({t(f'drill.form.{question.form}', lang)})"
    return name


# ----------------------------------------------------------------------------- feedback


def explain(question: Question, grade: Grade, *, lang: str) -> list[str]:
    """Lines of feedback (cards marked for the renderer), most important first."""
    from trainer.drills.feedback import explain as structured

    return word_lines(structured(question, grade), lang)


def expected_words(question: Question, grade: Grade, lang: str) -> str:
    """The right answer as the user would type it in `lang` (a muggins call is «простак 2»);
    `grade.expected_text` keeps the stored English form."""
    from trainer.drills.feedback import expected

    return word(expected(question, grade), lang)


def item_text(item: Mapping[str, Any], lang: str) -> str:
    """`fifteen 5♥ J♦ (2)`: one scoring item (JSON, as a grade's detail keeps it) in `lang`."""
    from trainer.drills.feedback import item as structured

    return word(structured(item), lang)


def theme_name(drill: str, theme: str) -> str:
    """A theme as the English `--json` names it: penalty themes are irregularity ids, named by
    the irregularity; the other drills' themes by their English catalogue words. A screen words
    a theme in the reader's language (`trainer.cli.progress`)."""
    from trainer.drills.kinds import kind

    if kind(drill).IRREGULARITY_THEMES and theme:
        from trainer.engine.errors import CribError
        from trainer.engine.irregularities import find

        try:
            return find(theme).name
        except CribError:
            return theme
    if has(f"adapt.theme.{theme}"):
        return t(f"adapt.theme.{theme}", "en")
    return theme


def word_sheet_item(item: Any, lang: str) -> Any:
    """A worksheet item (`trainer.club.night.SheetItem`) with its messages worded in `lang`
    (cards stay marked for the renderer; the answer's card codes are marked too)."""
    from dataclasses import replace

    from trainer.club.night import marked

    return replace(
        item,
        lines=tuple(word_lines(item.lines, lang)),
        prompt=word(item.prompt, lang),
        choices=tuple(word(c, lang) for c in item.choices),
        letters=tuple(word(x, lang) for x in item.letters),
        short_answer=word(item.short_answer, lang),
        answer=marked(word(item.answer, lang)) if item.answer != "" else "",
        key_lines=tuple(word_lines(item.key_lines, lang)),
    )


def _irregularity_name(irregularity: str, lang: str) -> str:
    """An irregularity's short name: its id in English (`muggins claim`), the rules reference's
    name in another language."""
    if lang == "en":
        return irregularity.replace("_", " ")
    from trainer.i18n.rulings import irregularity_names

    return irregularity_names(lang).get(irregularity, irregularity)
