"""The irregularity catalogue's types: penalty sets, who pegs, a remedy, an irregularity (one row
of rules spec §3) and a ruling, with the English text each keeps for JSON."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from trainer.engine.errors import CribError
from trainer.engine.phrases import Phrase
from trainer.engine.records import Record


class PenaltySet(StrEnum):
    """The penalty sets a ruleset may choose (words: `drill.penalty.set.*`)."""

    SEEDS = "seeds"
    ACC = "acc"
    OLD_LAWS = "old_laws"


class Beneficiary(StrEnum):
    """Who pegs a penalty's points (words: `drill.penalty.who.*`, `ref.beneficiary.*`)."""

    OPPONENT = "opponent"
    PONE = "pone"
    DEALER = "dealer"
    OFFENDER = "offender"
    NONE = "none"


PENALTY_SETS: tuple[str, ...] = tuple(p.value for p in PenaltySet)
PENALTY_SET_NAMES = {
    "seeds": "traditional (Hoyle)",
    "acc": "American Cribbage Congress",
    "old_laws": "old English",
}
# Who pegs a ruling's points: a closed vocabulary, so UIs can translate it. "opponent" is the
# non-offending side (in a three-player game, each player not at fault); "offender" appears only
# when a wrong muggins call gives points back to the player who counted.
BENEFICIARIES: tuple[str, ...] = tuple(b.value for b in Beneficiary)
# Where a penalty set is silent on a row, look in these sets next (the seeds follow the Hoyle
# tradition, so the old laws are their nearest neighbour; ACC falls back to the seeds).
_FALLBACK = {
    "seeds": ("seeds", "old_laws", "acc"),
    "acc": ("acc", "seeds", "old_laws"),
    "old_laws": ("old_laws", "seeds", "acc"),
}


class RulingError(CribError, ValueError):
    """An unknown irregularity, penalty set or fact was asked for."""


class Remedy(Record, kw_only=False):
    """What one penalty set does about one irregularity.

    `points` go to `beneficiary`; `back` is a backward penalty (the offender moves back), which
    only ACC uses. `retrieved=False` marks a rule the spec could not read: its text says so.
    """

    penalty_set: str
    text: str
    beneficiary: str = "none"
    points: int = 0
    back: int = 0
    options: tuple[str, ...] = ()
    rule_ref: str = ""
    retrieved: bool = True
    phrase: Phrase | None = None


class IrregularityText(NamedTuple):
    """An irregularity's labels in one language."""

    name: str
    detected: str
    penalised: str


class RulingText(NamedTuple):
    """The words of a ruling in one language (the numbers stay on the `Ruling`)."""

    name: str
    remedy: str
    options: tuple[str, ...]
    note: str


class Irregularity(Record, kw_only=False):
    """One row of rules spec §3."""

    id: str
    row: int
    name: str
    detected: str
    penalised: str
    remedies: tuple[Remedy, ...]
    sources: tuple[str, ...]
    facts: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()

    def remedy(self, penalty_set: str) -> Remedy | None:
        """The remedy this penalty set itself gives (None when it is silent)."""
        return next((r for r in self.remedies if r.penalty_set == penalty_set), None)

    @property
    def penalty_sets(self) -> tuple[str, ...]:
        return tuple(r.penalty_set for r in self.remedies)

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "row": self.row,
            "name": self.name,
            "detected": self.detected,
            "penalised": self.penalised,
            "penalty_sets": list(self.penalty_sets),
            "facts": list(self.facts),
            "sources": list(self.sources),
        }


class Ruling(Record, kw_only=False):
    """The engine's ruling on one irregularity under one penalty set.

    `beneficiary` names who pegs `points` ("opponent", "pone", "dealer", "none", ...); `options`
    are the choices the non-offender has; `note` explains a fallback to another penalty set.
    `remedy_phrase` and `note_phrase` hold those texts as phrases (worded by trainer.i18n.rulings).
    """

    irregularity: str
    penalty_set: str
    beneficiary: str
    points: int
    remedy: str
    options: tuple[str, ...]
    rule_ref: str
    name: str = ""
    row: int = 0
    back: int = 0
    retrieved: bool = True
    note: str = ""
    facts: tuple[tuple[str, str], ...] = ()
    remedy_phrase: Phrase | None = None
    note_phrase: Phrase | None = None

    def to_json(self) -> dict[str, object]:
        return {
            "irregularity": self.irregularity,
            "name": self.name,
            "row": self.row,
            "penalty_set": self.penalty_set,
            "beneficiary": self.beneficiary,
            "points": self.points,
            "back": self.back,
            "remedy": self.remedy,
            "options": list(self.options),
            "rule_ref": self.rule_ref,
            "retrieved": self.retrieved,
            "note": self.note,
            "facts": dict(self.facts),
        }
