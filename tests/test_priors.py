"""The shipped prior difficulties (trainer/_generated/priors.json, scripts/make_priors.py): every
kind's families spread instead of a flat 1500, an easy family is rated below a hard one, an
unsampled pattern takes its nearest family, and the file is read only when a prior is asked."""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
from pathlib import Path
from statistics import mean

import pytest

from trainer.content.rulesets import load_ruleset
from trainer.drills.kinds import kind
from trainer.drills.priors import NEUTRAL, _document, calibrated, hardest
from trainer.drills.themes import level
from trainer.engine.errors import CribError
from trainer.engine.irregularities import PENALTY_SETS, adjudicate, catalogue

ROOT = Path(__file__).resolve().parents[1]


def _script():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("make_priors", ROOT / "scripts" / "make_priors.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CALIBRATED = [("peg", "points"), ("peg", "play"), ("discard", ""), ("penalty", "ruling")]


@pytest.mark.parametrize(("name", "form"), CALIBRATED)
def test_generated_questions_get_calibrated_priors_that_spread(name: str, form: str) -> None:
    rules = load_ruleset("classic")
    drill = kind(name)
    rng = random.Random(f"spread:{name}:{form}")
    priors = []
    for lvl in ("beginner", "intermediate", "advanced", "expert"):
        for _ in range(6):
            question = drill.generate(rng, ruleset=rules, lvl=level(lvl), theme="", form=form)
            priors.append(drill.prior_difficulty(drill.pattern(question, ruleset=rules)))
    assert len(set(priors)) >= 3, priors  # not one flat value
    assert max(priors) <= hardest(name)


def test_a_card_that_scores_nothing_is_easier_than_one_that_scores_two_ways() -> None:
    peg = kind("peg")
    assert peg.prior_difficulty("peg/points/nothing/0") < peg.prior_difficulty("peg/points/fifteen/2")
    assert peg.prior_difficulty("peg/points/fifteen/2") < peg.prior_difficulty("peg/points/fifteen+pair/4")


def test_an_irregularity_the_penalty_sets_disagree_on_is_harder_than_one_they_agree_on() -> None:
    rules = load_ruleset("classic")
    agreed, disputed = [], []
    for irr in catalogue():
        try:
            found = [adjudicate(irr.id, ruleset=rules, penalty_set=s) for s in PENALTY_SETS]
        except CribError:  # an irregularity whose ruling needs facts: not compared here
            continue
        rulings = {(r.beneficiary, r.points, r.back) for r in found}
        family = f"penalty/{irr.id}"
        if family in _document()["families"]:
            (agreed if len(rulings) == 1 else disputed).append(calibrated(family))
    assert agreed and disputed
    assert mean(agreed) < mean(disputed)


def test_an_unsampled_pattern_takes_its_nearest_family() -> None:
    families = _document()["families"]
    assert calibrated("discard/dealer/6/fives=9/pairs=9/tens=9/suited=9") == families["discard/dealer/6"]
    assert calibrated("penalty/an_irregularity_never_sampled") == families["penalty"]
    assert calibrated("nothing/like/this") == NEUTRAL


def test_the_fit_rates_more_misses_harder() -> None:
    fit = _script().fit
    learners = [900.0, 1300.0, 1700.0, 2100.0]
    easy = fit([(r, True) for r in learners] * 3)
    middling = fit([(r, r >= 1500) for r in learners] * 3)
    hard = fit([(r, r >= 2000) for r in learners] * 3)
    assert easy < middling < hard
    assert 1300 < middling < 1700  # right from 1700 up, wrong to 1300: about halfway


def test_the_file_is_read_only_when_a_prior_is_asked() -> None:
    code = (
        "import trainer.drills.peg_drill, trainer.drills.discard_drill, trainer.drills.penalty_drill\n"
        "from trainer.drills import priors\n"
        "assert priors._document.cache_info().currsize == 0\n"
        "trainer.drills.discard_drill.prior_difficulty('discard/dealer/6')\n"
        "assert priors._document.cache_info().currsize == 1\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
