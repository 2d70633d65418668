"""Titles of the shipped rulesets and deals in the user's language, from the catalogue.

A shipped file's title is translated by its name (`ruleset.classic.title`), and only while the
file still carries the English title the catalogue knows: a house ruleset or a user's deal with
its own title is shown as written in every language. The engine's `Ruleset` holds only the
file's `title`; no language has a field of its own there.
"""

from __future__ import annotations

import re

from trainer.engine.ruleset import Ruleset
from trainer.i18n import has, nt, t
from trainer.i18n import variant_name as variant_name  # re-exported for the commands

# The title trainer.content.rulesets gives a house ruleset without one of its own.
_DERIVED = re.compile(
    r"(?P<name>.+) \((?P<players>\d+) players, (?P<target>\d+); based on (?P<based_on>[^)]+)\)"
)


def shipped(key: str, english: str, lang: str) -> str | None:
    if lang != "en" and english and has(key, lang) and t(key, "en") == english:
        return t(key, lang)
    return None


def ruleset_title(rules: Ruleset, lang: str) -> str:
    """The title of `rules` in `lang` (the name when the file has no title)."""
    if lang == "en":
        return rules.title or rules.name
    found = shipped(f"ruleset.{rules.name}.title", rules.title, lang)
    if found:
        return found
    derived = _DERIVED.fullmatch(rules.title)
    if derived:
        values = derived.groupdict()
        return nt("ruleset.derived_title", int(values.pop("players")), lang, **values)
    return rules.title or rules.name


def deal_text(name: str, field: str, english: str, lang: str) -> str:
    """The title or source (`field`) of the deal file `name` in `lang`."""
    return shipped(f"deal.{name}.{field}", english, lang) or english
