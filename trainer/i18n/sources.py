"""The rule books the rulings cite, named in the reader's language.

The engine keeps the source table (`trainer.engine.sources`) with English titles; a Russian reader
gets the catalogue's title (`ref.source.TAG`), used only while its English entry still equals the
table's title, so a retitled source shows in English rather than under a stale translation.
"""

from __future__ import annotations

import re

from trainer.engine.sources import SOURCES, readable_refs
from trainer.i18n import has, t

# A remark in brackets after a reference ("(via CC)", "(meddling with the cards)") is worded by
# the catalogue under `ref.remark:` + the English remark; a section in Roman numerals ("EW viii")
# is read as a number outside English.
_REMARK = re.compile(r"\(([^()]*(?:\([^()]*\)[^()]*)*)\)")
_ROMAN = re.compile(r"(?<=\s)([ivx]+)\b")
_RANGE = re.compile(r"(?<=[0-9A-Za-z])-(?=[0-9A-Za-z])")  # 8.4a-b, 4.1-4.3
_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10}


def source_title(tag: str, lang: str) -> str:
    """The title of the source `tag` (`ACC`, or `ACC 6.3c` by its first word) in `lang`."""
    base = tag.split()[0] if tag.split() else tag
    english = SOURCES.get(base, (tag, ""))[0]
    key = f"ref.source.{base}"
    if lang != "en" and has(key, lang) and t(key, "en") == english:
        return t(key, lang)
    return english


def cited_title(tag: str, lang: str) -> str:
    """The title of `tag` as a citation in a ruling names it: the short name of the catalogue's
    `ref.cite.TAG` where there is one («правила ACC», without the provenance the list of sources
    gives), else the full title (`source_title`)."""
    base = tag.split()[0] if tag.split() else tag
    key = f"ref.cite.{base}"
    if lang != "en" and has(key, lang) and source_title(tag, lang) != source_title(tag, "en"):
        return t(key, lang)
    return source_title(tag, lang)


def titled_refs(rule_ref: str, lang: str) -> str:
    """`S0; HOY` as the titles of those books in `lang`; in Russian a section is cited as a
    «пункт» («…, п. 7.3», «…, пп. 8.4c, 11.1b»), never as a bare code after the title."""
    if lang == "en":
        return readable_refs(rule_ref, lambda tag: source_title(tag, lang))
    text = readable_refs(rule_ref, lambda tag: cited_title(tag, lang), cite=_cited_as_points)
    text = _REMARK.sub(lambda m: "(" + remark(m.group(1), lang) + ")", text)
    return _ROMAN.sub(lambda m: str(_roman(m.group(1))), text)


def _cited_as_points(name: str, sections: list[str]) -> str:
    """A title and its sections as a Russian citation: `4.4 (via CC)` -> `…, п. 4.4 (via CC)` (the
    remark in brackets is worded afterwards), `8.4c`, `11.1b` -> `…, пп. 8.4c, 11.1b`."""
    joined = ", ".join(s for s in sections if s)
    numbers, bracket, rest = joined.partition("(")
    numbers = numbers.strip().rstrip(",").strip()
    numbers = _RANGE.sub("\u2013", numbers)  # a range of points with an en dash: «п. 8.4a–b»
    text = name
    if numbers:
        text += (", пп. " if "," in numbers else ", п. ") + numbers
    if bracket:
        text += " (" + rest
    return text


def remark(english: str, lang: str) -> str:
    """A reference's remark ("via CC") in `lang`, or as written when the catalogue lacks it."""
    key = "ref.remark:" + english
    return t(key, lang) if has(key, lang) else english


def _roman(numeral: str) -> int:
    values = [_ROMAN_VALUES[c] for c in numeral]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))


def shown_tag(tag: str, lang: str) -> str:
    """A tag of the list of sources ("ACC 7.3 via CC") with its remark worded in `lang`."""
    if lang == "en" or " via " not in tag:
        return tag
    cited, via = tag.split(" via ", 1)
    return f"{cited} ({remark('via ' + via, lang)})"
