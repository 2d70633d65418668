"""English and Russian words of the rules reference: labels of facts, names of values, topics,
club options and irregularities. The numbers themselves never appear here; they come from the
rulesets and the engine (trainer.content.reference)."""

from __future__ import annotations

from collections.abc import Mapping

from trainer.i18n.rulings import irregularity_names

# Russian names of the irregularities, by id (the catalogue's `ruling.name.*` entries, with the
# rest of the rulings' words in rulings.po); kept under this name for the reference search and
# its tests.
IRREGULARITY_RU: Mapping[str, str] = irregularity_names("ru")
