"""The one list of game variants: every place that needs a variant's identity reads it here.

A variant is a family of rulesets with one deal shape (classic six-card, five-card, ...): the
`variant:` key of a ruleset file names it, the shipped ruleset of that name is its base (what
`-r` takes, what `crib rules check` compares a house file against, how ratings and the crib
tables are named). Before this registry the same five names were written out in the engine, the
ruleset loader, `crib rules`, the learner model and the crib-table generator, so a sixth variant
had to find all of them. Adding one is now a `VariantId` literal and a `VARIANTS` entry here,
plus its YAML file (docs/recipes.md).
"""

from __future__ import annotations

from typing import Literal

from trainer.engine.records import Record

# The `variant:` values a ruleset file may give; mypy and the ruleset schema both read this
# literal, and tests/test_variants.py keeps it equal to the ids in VARIANTS.
VariantId = Literal["classic6", "five_card", "seven_card", "three_player", "four_partners"]


class Variant(Record):
    """One variant: its id (the `variant:` key, also the name of its crib table) and the
    shipped ruleset that defines it (`rulesets/<ruleset>.yaml`)."""

    id: str
    ruleset: str


VARIANTS: tuple[Variant, ...] = (
    Variant(id="classic6", ruleset="classic"),
    Variant(id="five_card", ruleset="five-card"),
    Variant(id="seven_card", ruleset="seven-card"),
    Variant(id="three_player", ruleset="three-player"),
    Variant(id="four_partners", ruleset="partnership"),
)

DEFAULT = VARIANTS[0]

SHIPPED_RULESETS: tuple[str, ...] = tuple(v.ruleset for v in VARIANTS)
"""The shipped rulesets, one per variant, in the order they are listed and documented."""


def base_ruleset(variant_id: str) -> str:
    """The shipped ruleset of a variant (`five_card` -> `five-card`); an unknown id (an old
    rating row, a damaged file) falls back to the id itself so it is still shown, never lost."""
    for variant in VARIANTS:
        if variant.id == variant_id:
            return variant.ruleset
    return variant_id
