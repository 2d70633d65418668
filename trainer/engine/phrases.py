"""Engine text as a key, an English template and its values, so the edge can word it in any
language.

Rulings are built in English: JSON output and the English UI keep those exact strings. Each
sentence also carries a stable key and the values put into it (points, counts, other phrases),
so the presentation layer (`trainer.i18n.rulings`) can word the same ruling in another language
with the same numbers and conditions. The engine itself knows no other language.
"""

from __future__ import annotations

import string
from collections.abc import Iterator

from trainer.engine.records import Record


class _English(string.Formatter):
    """`str.format` plus `{n:point|points}`: the number and its English form (one for 1, the
    other for every other number), so the engine never writes "2 point(s)"."""

    def format_field(self, value: object, format_spec: str) -> str:
        if "|" in format_spec and isinstance(value, int):
            one, other = format_spec.split("|")[:2]
            return f"{value} {one if abs(value) == 1 else other}"
        return str(super().format_field(value, format_spec))


_ENGLISH = _English()


class Phrase(Record, kw_only=False):
    """One sentence: `key` finds its translation, `english` is the template used otherwise.

    `values` fill the template's fields; a value may itself be a Phrase (the base remedy a
    refinement extends, a muggins reason), rendered in the same language first.
    """

    key: str
    english: str
    values: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, key: str, english: str, **values: object) -> Phrase:
        return cls(key=key, english=english, values=tuple(values.items()))

    def render(self) -> str:
        """The English sentence (other languages: trainer.i18n.rulings.render)."""
        if not self.values:
            return self.english
        filled = {k: v.render() if isinstance(v, Phrase) else v for k, v in self.values}
        return _ENGLISH.format(self.english, **filled)

    def all_keys(self) -> Iterator[str]:
        """This phrase's key and the keys of the phrases inside it (for completeness checks)."""
        yield self.key
        for _name, value in self.values:
            if isinstance(value, Phrase):
                yield from value.all_keys()
