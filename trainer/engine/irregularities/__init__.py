"""Irregularities and their rulings, as data (rules spec §3, one record per table row).

Penalty drills and the rules reference both list `catalogue()`, and every ruling they show comes
from `adjudicate()`, so a quiz answer can never disagree with the reference. Each row carries the
remedy of every penalty set the spec gives for it (seeds/Hoyle, ACC, old laws); a ruleset picks
one set (`Ruleset.penalties`). Where a set says nothing about a row, the ruling falls back to
another set and says so in `note`; where the spec marks a rule "not retrieved", the ruling says
so (`retrieved=False`, no invented points) instead of guessing.

Facts (`count=25`, `holding="A 5 6"`, `claimed=12`, `true_points=10` ...) refine a ruling where
the rule depends on them, e.g. ACC's 2 points per card that could have been played in a renege.

The English texts are the catalogue's own (JSON output keeps them). Every sentence a ruling is
made of is also kept as a `Phrase` (a key and its values), so the presentation layer
(`trainer.i18n.rulings`) can give the same ruling in Russian, with the same numbers, without the
logic here knowing any language.
"""

from __future__ import annotations

from trainer.engine.irregularities.facts import (
    FACTS,
)
from trainer.engine.irregularities.model import (
    BENEFICIARIES,
    PENALTY_SET_NAMES,
    PENALTY_SETS,
    Beneficiary,
    Irregularity,
    IrregularityText,
    PenaltySet,
    Remedy,
    Ruling,
    RulingError,
    RulingText,
)
from trainer.engine.irregularities.refiners import (
    Refiner,
)
from trainer.engine.irregularities.rows import (
    CATALOGUE,
    catalogue,
    find,
)
from trainer.engine.irregularities.rulings import (
    adjudicate,
    remedy_key,
)

__all__ = [
    "BENEFICIARIES",
    "CATALOGUE",
    "FACTS",
    "PENALTY_SETS",
    "PENALTY_SET_NAMES",
    "Beneficiary",
    "Irregularity",
    "IrregularityText",
    "PenaltySet",
    "Refiner",
    "Remedy",
    "Ruling",
    "RulingError",
    "RulingText",
    "adjudicate",
    "catalogue",
    "find",
    "remedy_key",
]
