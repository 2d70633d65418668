"""The fixed vocabularies are StrEnums (one list, typed), and every member has its words in both
catalogues, so a new member cannot reach a screen as a bare id."""

from __future__ import annotations

from enum import StrEnum

import pytest

from trainer.advice.grading import Band, band
from trainer.drills.model import DRILLS, KindName
from trainer.engine.irregularities import BENEFICIARIES, PENALTY_SETS, Beneficiary, PenaltySet
from trainer.engine.scoring import SHOW_KINDS, ItemKind
from trainer.i18n import has

WORDS: list[tuple[type[StrEnum], str]] = [
    (KindName, "drill.name.{}"),
    (Band, "drill.band.{}"),
    (PenaltySet, "drill.penalty.set.{}"),
    (Beneficiary, "drill.penalty.who.{}"),
    (ItemKind, "core.kind.{}"),
]


@pytest.mark.parametrize(("enum", "pattern"), WORDS, ids=lambda x: getattr(x, "__name__", x))
def test_every_member_of_a_vocabulary_has_words_in_both_languages(enum: type[StrEnum], pattern: str) -> None:
    for member in enum:
        key = pattern.format(member.value)
        assert has(key, "en") and has(key, "ru"), key


def test_the_old_tuples_are_the_enums_and_compare_as_strings() -> None:
    assert DRILLS == tuple(KindName) == ("count", "muggins", "peg", "discard", "penalty")
    assert PENALTY_SETS == ("seeds", "acc", "old_laws")
    assert BENEFICIARIES == ("opponent", "pone", "dealer", "offender", "none")
    assert SHOW_KINDS == ("fifteen", "pair", "run", "flush", "nobs")
    assert band(0.05) is Band.BEST and band(3) == "blunder"
    assert f"{ItemKind.THIRTY_ONE}" == "thirty_one"
