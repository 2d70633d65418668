"""Rulings in the user's language: the engine's `Ruling` and `Irregularity` carry their English
and phrase keys with values (`trainer.engine.phrases.Phrase`); this module words them.

English is the engine's own words. Another language's words are catalogue entries (`rulings.po`):
`ruling.name.<id>`, `ruling.detected.<label>`, `ruling.penalised.<label>`, `ruling.option.<label>`
(a label is the English one in snake_case, `the_player_who_said_go`) and `ruling.phrase.<key>` for
the template of a phrase key. A number with a counted noun is written `{n:очко|очка|очков}` in a
template, and the form is chosen by the catalogue's plural rule (the Plural-Forms header of the
language's `.po`), the one plural rule of the product. The entries are read from the compiled
catalogue one by one, on demand, so no command loads the rulings' words before it shows a ruling.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator, Mapping
from typing import Any

from trainer.engine.irregularities import Irregularity, IrregularityText, Ruling, RulingText
from trainer.engine.phrases import Phrase
from trainer.i18n import LANGS, catalogue, variant_name

NAME = "ruling.name."
DETECTED = "ruling.detected."
PENALISED = "ruling.penalised."
OPTION = "ruling.option."
PHRASE = "ruling.phrase."


def label_key(label: str) -> str:
    """The key part of an English label (`the holder's side` -> `the_holders_side`)."""
    return re.sub(r"[^a-z0-9]+", "_", label.lower().replace("'", "")).strip("_")


class _Formatter(string.Formatter):
    """`str.format` plus `{n:one|few|many}`: the number and its plural form in `lang`."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: object, format_spec: str) -> str:
        if "|" in format_spec and isinstance(value, int):
            forms = format_spec.split("|")
            index = _plural_index(abs(value), self.lang)
            return f"{value} {forms[min(index, len(forms) - 1)]}"
        return str(super().format_field(value, format_spec))


def _plural_index(n: int, lang: str) -> int:
    rule: Any = getattr(catalogue(lang), "plural", None)
    return int(rule(n)) if callable(rule) else (0 if n == 1 else 1)


class _Entries(Mapping[str, str]):
    """The catalogue entries of `lang` under one key prefix, by the rest of their key: looked up
    one at a time (and listed as one run of the sorted key table) in the compiled catalogue."""

    def __init__(self, lang: str, prefix: str) -> None:
        self._lang = lang
        self._prefix = prefix

    def __getitem__(self, key: str) -> str:
        full = self._prefix + key
        text = catalogue(self._lang).gettext(full)
        if text == full:  # gettext gives a missing key back unchanged
            raise KeyError(key)
        return text

    def __iter__(self) -> Iterator[str]:
        return (key[len(self._prefix) :] for key in catalogue(self._lang).keys(self._prefix))

    def __len__(self) -> int:
        return sum(1 for _ in self)


_NO_WORDS: Mapping[str, str] = {}


def _translated(lang: str) -> bool:
    """Whether `lang` words rulings from the catalogue (English keeps the engine's own words)."""
    return lang != "en" and lang in LANGS


def _entries(lang: str, prefix: str) -> Mapping[str, str]:
    """The entries under `prefix` in `lang`, or nothing for English."""
    return _Entries(lang, prefix) if _translated(lang) else _NO_WORDS


def render(phrase: Phrase, lang: str) -> str:
    """A phrase in `lang`; a key missing from the catalogue falls back to the English template, so
    a ruling is never lost to a gap in a translation (tests check the catalogue is complete)."""
    return _render(phrase, _entries(lang, PHRASE), _Formatter(lang))


def _render(phrase: Phrase, templates: Mapping[str, str], formatter: _Formatter) -> str:
    template = templates.get(phrase.key, phrase.english)
    if not phrase.values:
        return template
    filled = {k: _render(v, templates, formatter) if isinstance(v, Phrase) else v for k, v in phrase.values}
    if isinstance(filled.get("ruleset"), str) and _translated(formatter.lang):
        filled["ruleset"] = variant_name(str(filled["ruleset"]), formatter.lang)  # «классика»
    return formatter.format(template, **filled)


def irregularity_words(irr: Irregularity, lang: str) -> IrregularityText:
    """Name, when it is found and who is penalised, in `lang`."""
    if not _translated(lang):
        return IrregularityText(irr.name, irr.detected, irr.penalised)
    return IrregularityText(
        _entries(lang, NAME).get(irr.id, irr.name),
        _entries(lang, DETECTED).get(label_key(irr.detected), irr.detected),
        _entries(lang, PENALISED).get(label_key(irr.penalised), irr.penalised),
    )


def ruling_words(ruling: Ruling, lang: str) -> RulingText:
    """Name, remedy, options and note of a ruling in `lang` (the numbers stay on the ruling)."""
    if not _translated(lang):
        return RulingText(ruling.name, ruling.remedy, ruling.options, ruling.note)
    remedy = render(ruling.remedy_phrase, lang) if ruling.remedy_phrase else ruling.remedy
    note = render(ruling.note_phrase, lang) if ruling.note_phrase else ruling.note
    options = tuple(_entries(lang, OPTION).get(label_key(o), o) for o in ruling.options)
    name = _entries(lang, NAME).get(ruling.irregularity, ruling.name)
    return RulingText(name, remedy, options, note)


def irregularity_names(lang: str) -> Mapping[str, str]:
    """Irregularity names by id in `lang` (empty for English: the catalogue's own names)."""
    return _entries(lang, NAME)


def remedy_templates(lang: str) -> Mapping[str, str]:
    """The remedy templates of `lang` by phrase key (for searching their words)."""
    return _entries(lang, PHRASE)
