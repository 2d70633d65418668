"""Calibrate the shipped prior difficulty of every question family: trainer/_generated/priors.json.

    nice -n 10 python scripts/make_priors.py [--per-kind 240] [--seed 19]   # a few minutes

A question's difficulty is a rating on the players' scale: the rating of a player who gets it
right half the time (Glicko's expected score, 1 / (1 + 10^((D - R) / 400))). To put a number on
it before any person has answered, simulated learners of known skill answer sampled questions:

1. **Questions.** For the peg (both forms), discard and penalty kinds, `--per-kind` questions are
   generated at every level, under the classic, five-card and seven-card rulesets (penalty:
   five times as many, under classic), each filed under its pattern (`kind.pattern`, what the ratings rate).
2. **Learners.** Seven learners, rated 900 to 2100 in steps of 200, answer every question
   `--tries` times. Each is a function of the engine's own answer with a noise that halves every
   200 rating points (`noise(R) = 2 ** ((1500 - R) / 200)`, so 1 at 1500):
   - *which card to play, which cards to lay away*: the learner sees each option's engine value
     (expected points of the play, net points of the discard) blurred by a normal error of
     `noise` points and picks the best it sees; it is right when the engine's grading band of
     its pick is "best" (`solution.detail["best"]`, exactly what `judge` checks). Close options
     make a hard question; one clearly best option an easy one.
   - *what the card scores*: the learner overlooks each scoring item of the card with chance
     `0.2 * noise` (at most 0.9), and claims a fifteen or pair that is not there with chance
     `0.1 * noise` (at most 0.5); right when what it says is the engine's points. More items
     make a harder question, and a card that scores nothing an easier one.
   - *the ruling*: with chance `1 / (1 + noise)` the learner knows the ruling of the question's
     penalty set; otherwise, with the same chance, it knows the rules but not which book the
     table follows and gives the ruling of a penalty set drawn at random (wrong where the sets
     disagree); otherwise it guesses a choice.
3. **Fit.** A family's difficulty is the maximum-likelihood D of its answers (the root of
   sum(right - expected)), with one right and one wrong answer of a 1500 learner added so that
   a family of few questions stays near the middle; clamped to 900..2300.

Every prefix of a pattern (`discard`, `discard/dealer`, `discard/dealer/6`, ...) is fitted too,
from all the answers under it, so a pattern never sampled takes its nearest sampled family. A
family needs `MIN_ANSWERS` answers to be written. `hardest` is the largest difficulty of a kind's
families, which bounds the ratings (`trainer.training.rating_rules.rating_ceiling`). The count
and muggins kinds keep their feature formula (`count_drill.show_prior`): the script writes its
largest value as their `hardest`.

Not part of CI: the file ships as data and tests/test_priors.py checks it.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from trainer.content.rulesets import load_ruleset  # noqa: E402
from trainer.drills.kinds import kind  # noqa: E402
from trainer.drills.model import Question  # noqa: E402
from trainer.drills.themes import LEVELS, level  # noqa: E402
from trainer.engine.errors import CribError  # noqa: E402
from trainer.engine.ruleset import Ruleset  # noqa: E402

OUT = ROOT / "trainer" / "_generated" / "priors.json"
LEARNERS = tuple(range(900, 2101, 200))
MIN_ANSWERS = 42  # three questions' worth at the default tries
LOW, HIGH = 900.0, 2300.0
# (kind, form, questions per --per-kind): a penalty question is cheap and there are 34 irregularities.
CALIBRATED = (("peg", "points", 1), ("peg", "play", 1), ("discard", "", 1), ("penalty", "ruling", 5))
RULESETS = {"peg": ("classic", "five-card", "seven-card"), "discard": ("classic", "five-card", "seven-card")}


def noise(rating: float) -> float:
    return float(2.0 ** ((1500.0 - rating) / 200.0))


def expected(rating: float, difficulty: float) -> float:
    return 1.0 / (1.0 + 10.0 ** ((difficulty - rating) / 400.0))


def answer_right(
    question: Question, solution: Any, ruleset: Ruleset, rating: float, rng: random.Random
) -> bool:
    """One simulated answer of a learner rated `rating` (see the module docstring)."""
    drill = kind(question.kind)
    blur = noise(rating)
    if question.kind == "discard" or (question.kind == "peg" and question.form == "play"):
        value = "net_ev" if question.kind == "discard" else "value"
        name = "discard" if question.kind == "discard" else "card"
        options = solution.detail["options"]
        seen = max(options, key=lambda o: float(o[value]) + rng.gauss(0.0, blur))
        return seen[name] in solution.detail["best"]
    if question.kind == "peg":
        items = [i for e in solution.detail["events"] for i in e.get("items", [])]
        missed = min(0.9, 0.2 * blur)
        said = sum(int(i["points"]) for i in items if rng.random() >= missed)
        said += 2 if rng.random() < min(0.5, 0.1 * blur) else 0  # a fifteen or pair that is not there
        return bool(drill.judge(question, solution, said, ruleset=ruleset).correct)
    know = 1.0 / (1.0 + blur)
    choices = question.data["choices"]
    if rng.random() < know:
        letter = solution.expected
    elif rng.random() < know:
        other = _ruling_of_some_set(question, ruleset, rng)
        match = [c["letter"] for c in choices if (c["beneficiary"], c["points"], c.get("back", 0)) == other]
        letter = match[0] if match else rng.choice(choices)["letter"]
    else:
        letter = rng.choice(choices)["letter"]
    return bool(drill.judge(question, solution, letter, ruleset=ruleset).correct)


def _ruling_of_some_set(question: Question, ruleset: Ruleset, rng: random.Random) -> tuple[str, int, int]:
    """The ruling of a penalty set drawn at random (the question's own one among them) for the
    question's irregularity and facts: what a learner who knows the rules of cribbage but not
    which book this table follows would answer."""
    from trainer.drills.penalty_drill import _triple
    from trainer.engine.irregularities import PENALTY_SETS, adjudicate

    scenario = question.data["scenario"]
    chosen = rng.choice(list(PENALTY_SETS))
    ruling = adjudicate(scenario["irregularity"], ruleset=ruleset, penalty_set=chosen, **scenario["facts"])
    return _triple(ruling)


def fit(answers: list[tuple[float, bool]]) -> float:
    """The maximum-likelihood difficulty of `answers` (learner rating, right), with one right
    and one wrong answer of a 1500 learner added; by bisection, clamped to LOW..HIGH."""
    padded = [*answers, (1500.0, True), (1500.0, False)]

    def surplus(d: float) -> float:  # rights beyond what difficulty d expects: rises with d
        return sum(right - expected(r, d) for r, right in padded)

    low, high = LOW, HIGH
    if surplus(low) >= 0:
        return low
    if surplus(high) <= 0:
        return high
    for _ in range(40):
        mid = (low + high) / 2
        if surplus(mid) > 0:
            high = mid
        else:
            low = mid
    return (low + high) / 2


def sample(name: str, form: str, per_kind: int, tries: int, seed: int) -> dict[str, list[tuple[float, bool]]]:
    """The simulated answers of every pattern prefix of `per_kind` questions of one kind."""
    drill = kind(name)
    out: dict[str, list[tuple[float, bool]]] = defaultdict(list)
    rulesets = RULESETS.get(name, ("classic",))
    rng = random.Random(f"priors:{name}:{form}:{seed}")
    per = max(1, per_kind // (len(rulesets) * len(LEVELS)))
    for rules_name in rulesets:
        rules = load_ruleset(rules_name)
        for lvl in LEVELS:
            for _ in range(per):
                try:
                    question = drill.generate(rng, ruleset=rules, lvl=level(lvl), theme="", form=form)
                    solution = drill.solve(question, ruleset=rules)
                except CribError:
                    continue
                pattern = drill.pattern(question, ruleset=rules)
                answers = [
                    (float(r), answer_right(question, solution, rules, r, rng))
                    for r in LEARNERS
                    for _ in range(tries)
                ]
                parts = pattern.split("/")
                for cut in range(1, len(parts) + 1):
                    out["/".join(parts[:cut])].extend(answers)
        print(f"  {name} {form or '-'} {rules_name}: {len(out)} families so far", flush=True)
    return out


def count_hardest() -> dict[str, float]:
    """The largest value of the count and muggins kinds' feature formula (`show_prior`)."""
    from trainer.drills.count_drill import show_prior

    top = show_prior("count/total/crib5/", "fifteen=16,pair=12,run=12,flush=5,nobs=1")
    return {"count": top, "muggins": top}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-kind", type=int, default=240, help="questions per kind and form")
    parser.add_argument("--tries", type=int, default=2, help="answers of each learner to each question")
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    families: dict[str, float] = {}
    hardest: dict[str, float] = count_hardest()
    sizes: dict[str, int] = {}
    for name, form, times in CALIBRATED:
        answers = sample(name, form, args.per_kind * times, args.tries, args.seed)
        for pattern, found in sorted(answers.items()):
            if len(found) >= MIN_ANSWERS:
                families[pattern] = round(fit(found), 1)
                sizes[pattern] = len(found)
                hardest[name] = max(hardest.get(name, LOW), families[pattern])
    document = {
        "how": "scripts/make_priors.py: simulated learners of known skill (see its docstring)",
        "seed": args.seed,
        "per_kind": args.per_kind,
        "tries": args.tries,
        "learners": list(LEARNERS),
        "hardest": {k: round(v, 1) for k, v in sorted(hardest.items())},
        "families": dict(sorted(families.items())),
        "answers": dict(sorted(sizes.items())),
    }
    args.out.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    spread = {
        name: (min(v for k, v in families.items() if k.startswith(name + "/")), hardest.get(name, math.nan))
        for name, _, _ in CALIBRATED
    }
    print(f"wrote {args.out} ({len(families)} families); lowest and hardest per kind: {spread}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
