"""English and Russian words of the rules reference: labels of facts, names of values, topics,
club options and irregularities. The numbers themselves never appear here; they come from the
rulesets and the engine (trainer.content.reference)."""

from __future__ import annotations

from trainer.i18n.rulings_ru import NAMES

# Russian names of the irregularities, by id (trainer.i18n.rulings_ru, with the rest of the
# rulings' Russian words); kept under this name for the reference search and its tests.
IRREGULARITY_RU: dict[str, str] = NAMES
