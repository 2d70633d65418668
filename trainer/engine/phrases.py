"""Engine text as a key, an English template and its values, so a UI can show it in its language.

Rulings are built in English: JSON output and the English UI keep those exact strings. Each
sentence also carries a stable key and the values put into it (points, counts, other phrases),
so a translation table kept as data beside the catalogue (`irregularities_ru`) can render the
same ruling in another language with the same numbers and conditions. A key missing from a
table falls back to the English template rather than failing: tests check the tables are
complete, and a user should never lose a ruling to a gap in a translation.
"""

from __future__ import annotations

import string
from collections.abc import Iterator, Mapping
from dataclasses import dataclass


def russian_plural(n: int, one: str, few: str, many: str) -> str:
    """The Russian noun form for `n` (1 очко, 2 очка, 5 очков; 11-14 take the `many` form)."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


class _Formatter(string.Formatter):
    """`str.format` plus `{n:one|few|many}`: the number followed by its Russian plural form."""

    def format_field(self, value: object, format_spec: str) -> str:
        if "|" in format_spec and isinstance(value, int):
            one, few, many = format_spec.split("|")
            return f"{value} {russian_plural(value, one, few, many)}"
        return super().format_field(value, format_spec)


_FORMATTER = _Formatter()


@dataclass(frozen=True, slots=True)
class Phrase:
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

    def render(self, templates: Mapping[str, str] | None = None) -> str:
        """The sentence in the language of `templates` (None: English)."""
        template = self.english if templates is None else templates.get(self.key, self.english)
        if not self.values:
            return template
        filled = {k: v.render(templates) if isinstance(v, Phrase) else v for k, v in self.values}
        return _FORMATTER.format(template, **filled)

    def all_keys(self) -> Iterator[str]:
        """This phrase's key and the keys of the phrases inside it (for completeness checks)."""
        yield self.key
        for _name, value in self.values:
            if isinstance(value, Phrase):
                yield from value.all_keys()
