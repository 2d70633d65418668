"""`adjudicate`: the ruling on one irregularity under a penalty set, refined by the facts."""

from __future__ import annotations

from dataclasses import replace

from trainer.engine.cards import Card, format_cards
from trainer.engine.irregularities.facts import (
    _convert_facts,
)
from trainer.engine.irregularities.model import (
    _FALLBACK,
    PENALTY_SET_NAMES,
    PENALTY_SETS,
    Ruling,
    RulingError,
)
from trainer.engine.irregularities.refiners import (
    _REFINE,
)
from trainer.engine.irregularities.rows import (
    find,
)
from trainer.engine.phrases import Phrase
from trainer.engine.ruleset import Ruleset

# ----------------------------------------------------------------------------- adjudicate


def adjudicate(
    irregularity_id: str, *, ruleset: Ruleset, penalty_set: str | None = None, **facts: object
) -> Ruling:
    """The ruling on an irregularity under the ruleset's penalty set (or `penalty_set`).

    Facts refine the ruling where the rule depends on them; unknown facts are refused so a typo
    cannot silently give the default ruling.
    """
    irr = find(irregularity_id)
    wanted = penalty_set or ruleset.penalties
    if wanted not in PENALTY_SETS:
        raise RulingError(
            f"unknown penalty set {wanted!r}: choose one of {', '.join(PENALTY_SETS)}",
            key="raised.ruling.penalty_set",
            name=repr(wanted),
            names=", ".join(PENALTY_SETS),
        )
    converted = _convert_facts(irr, facts)
    used = next(s for s in _FALLBACK[wanted] if irr.remedy(s) is not None)
    remedy = irr.remedy(used)
    assert remedy is not None
    remedy = replace(remedy, phrase=Phrase(remedy_key(irr.id, used), remedy.text))
    note_phrase = None
    if used != wanted:
        note_phrase = Phrase.of(
            "note.fallback",
            "the {wanted} rules say nothing on this; the {used} rule is given",
            wanted=Phrase(f"set_in.{wanted}", PENALTY_SET_NAMES[wanted]),  # «в традиционных правилах»
            used=Phrase(f"set_of.{used}", PENALTY_SET_NAMES[used]),  # «правило из турнирных правил»
        )
    note = note_phrase.render() if note_phrase else ""
    refine = _REFINE.get(irr.id)
    if refine is not None:
        remedy = refine(remedy, ruleset, converted)
    return Ruling(
        irregularity=irr.id,
        penalty_set=used,
        beneficiary=remedy.beneficiary,
        points=remedy.points,
        remedy=remedy.text,
        options=remedy.options,
        rule_ref=remedy.rule_ref,
        name=irr.name,
        row=irr.row,
        back=remedy.back,
        retrieved=remedy.retrieved,
        note=note,
        facts=tuple((k, _fact_text(facts[k])) for k in converted),
        remedy_phrase=remedy.phrase,
        note_phrase=note_phrase,
    )


def remedy_key(irregularity_id: str, penalty_set: str) -> str:
    """The translation key of a catalogue remedy as written (before facts refine it)."""
    return f"remedy.{irregularity_id}.{penalty_set}"


def _fact_text(value: object) -> str:
    if isinstance(value, list | tuple) and all(isinstance(v, Card) for v in value):
        return format_cards(value)
    if isinstance(value, list | tuple):
        return " ".join(str(v) for v in value)
    return str(value).lower() if isinstance(value, bool) else str(value)
