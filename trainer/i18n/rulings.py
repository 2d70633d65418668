"""Rulings in the user's language: the engine's `Ruling` and `Irregularity` carry their English
and phrase keys with values (`trainer.engine.phrases.Phrase`); this module words them.

Russian comes from the data tables in `rulings_ru` (keyed by the phrase keys the catalogue uses).
A number with a counted noun is written `{n:очко|очка|очков}` there, and the form is chosen by
the catalogue's plural rule (the Plural-Forms header of the language's `.po`), the one plural
rule of the product.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any

from trainer.engine.irregularities import Irregularity, IrregularityText, Ruling, RulingText
from trainer.engine.phrases import Phrase
from trainer.i18n import catalogue


class _Formatter(string.Formatter):
    """`str.format` plus `{n:one|few|many}`: the number and its plural form in `lang`."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: object, format_spec: str) -> str:
        if "|" in format_spec and isinstance(value, int):
            forms = format_spec.split("|")
            index = _plural_index(abs(value), self.lang)
            return f"{value} {forms[min(index, len(forms) - 1)]}"
        return super().format_field(value, format_spec)


def _plural_index(n: int, lang: str) -> int:
    rule: Any = getattr(catalogue(lang), "plural", None)
    return int(rule(n)) if callable(rule) else (0 if n == 1 else 1)


def _tables(lang: str) -> Any:
    """The word tables of `lang`, or None for English (the engine's own words). Imported on
    demand: English output never loads the Russian data."""
    if lang == "ru":
        from trainer.i18n import rulings_ru

        return rulings_ru
    return None


def render(phrase: Phrase, lang: str) -> str:
    """A phrase in `lang`; a key missing from the table falls back to the English template, so a
    ruling is never lost to a gap in a translation (tests check the tables are complete)."""
    tables = _tables(lang)
    templates: Mapping[str, str] = tables.TEMPLATES if tables is not None else {}
    return _render(phrase, templates, _Formatter(lang))


def _render(phrase: Phrase, templates: Mapping[str, str], formatter: _Formatter) -> str:
    template = templates.get(phrase.key, phrase.english)
    if not phrase.values:
        return template
    filled = {k: _render(v, templates, formatter) if isinstance(v, Phrase) else v for k, v in phrase.values}
    return formatter.format(template, **filled)


def irregularity_words(irr: Irregularity, lang: str) -> IrregularityText:
    """Name, when it is found and who is penalised, in `lang`."""
    tables = _tables(lang)
    if tables is None:
        return IrregularityText(irr.name, irr.detected, irr.penalised)
    return IrregularityText(
        tables.NAMES.get(irr.id, irr.name),
        tables.DETECTED.get(irr.detected, irr.detected),
        tables.PENALISED.get(irr.penalised, irr.penalised),
    )


def ruling_words(ruling: Ruling, lang: str) -> RulingText:
    """Name, remedy, options and note of a ruling in `lang` (the numbers stay on the ruling)."""
    tables = _tables(lang)
    if tables is None:
        return RulingText(ruling.name, ruling.remedy, ruling.options, ruling.note)
    remedy = render(ruling.remedy_phrase, lang) if ruling.remedy_phrase else ruling.remedy
    note = render(ruling.note_phrase, lang) if ruling.note_phrase else ruling.note
    options = tuple(tables.OPTIONS.get(o, o) for o in ruling.options)
    return RulingText(tables.NAMES.get(ruling.irregularity, ruling.name), remedy, options, note)


def irregularity_names(lang: str) -> Mapping[str, str]:
    """Irregularity names by id in `lang` (empty for English: the catalogue's own names)."""
    tables = _tables(lang)
    return tables.NAMES if tables is not None else {}


def remedy_templates(lang: str) -> Mapping[str, str]:
    """The remedy templates of `lang` by phrase key (for searching their words)."""
    tables = _tables(lang)
    return tables.TEMPLATES if tables is not None else {}
