"""Simulated learners for the counting drill, driven day by day with an injected clock.

Each learner is a function of the engine's own breakdown of the shown hand: blind to one kind
(counts everything but it), a coin flip (right or 2 off), improving (misses runs less every day),
always right. A day is one drill session of `per_day` questions through the same pieces the CLI
uses (`WeakSpotTrainer` or the older rating-nearest stream, `Store.record`), with answers stored
at the simulated time, so the learner model is rebuilt from history at the start of each day as
it is for a person. Used by tests/test_weak_spot_learners.py and scripts/simulate_learners.py.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from trainer.content.rulesets import load_ruleset
from trainer.drills.checking import grade
from trainer.drills.generators import DrillSpec
from trainer.drills.ideas import count_ideas
from trainer.drills.model import Attempt, Question
from trainer.engine.ruleset import Ruleset
from trainer.engine.scoring import ScoreBreakdown
from trainer.store.store import Context, Store
from trainer.training.adaptive import PlayerLevel, answer_meta, near_rating
from trainer.training.weak_spot import WeakSpotTrainer

DAY = 86_400.0
START = 1_780_000_000.0  # a fixed Monday noon, so every run lives the same days
Learner = Callable[[ScoreBreakdown, random.Random, int], int]


def blind_to(kind: str) -> Learner:
    """Counts every kind but `kind`."""
    return lambda b, rng, day: b.total - b.by_kind()[kind]


def coin_flip(b: ScoreBreakdown, rng: random.Random, day: int) -> int:
    return b.total if rng.random() < 0.5 else b.total + 2


def improving(b: ScoreBreakdown, rng: random.Random, day: int) -> int:
    """Misses runs nine times in ten on day 0, a tenth less each day."""
    return b.total - b.by_kind()["run"] if rng.random() < max(0.0, 0.9 - 0.1 * day) else b.total


def always_right(b: ScoreBreakdown, rng: random.Random, day: int) -> int:
    return b.total


LEARNERS: dict[str, Learner] = {
    "runs-blind": blind_to("run"),
    "nobs-blind": blind_to("nobs"),
    "fifteens-blind": blind_to("fifteen"),
    "coin-flip": coin_flip,
    "improving": improving,
    "always-right": always_right,
}


@dataclass
class Run:
    """What one learner lived: per day, the questions' ideas and answers; teaching steps; ratings."""

    name: str
    days: list[list[tuple[tuple[str, ...], bool]]] = field(default_factory=list)
    taught: list[tuple[int, int, str]] = field(default_factory=list)  # (day, question, idea)
    ratings: list[float] = field(default_factory=list)
    deviations: list[float] = field(default_factory=list)
    reviews: int = 0  # review answers given
    review_moves: float = 0.0  # how far the review answers moved the rating, all told
    misses_before_teaching: dict[str, int] = field(default_factory=dict)

    def share(self, idea: str, first: int, last: int) -> float:
        """The share of days `first`..`last`'s questions holding `idea` (runs: double runs too)."""
        asked = [ideas for day in self.days[first : last + 1] for ideas, _ in day]
        return sum(_holds(ideas, idea) for ideas in asked) / len(asked) if asked else 0.0

    def right(self, idea: str, first: int, last: int) -> float:
        """The share right of days `first`..`last`'s questions holding `idea`."""
        held = [ok for day in self.days[first : last + 1] for ideas, ok in day if _holds(ideas, idea)]
        return sum(held) / len(held) if held else 1.0


def _holds(ideas: tuple[str, ...], idea: str) -> bool:
    return idea in ideas or (idea == "runs" and "double-runs" in ideas)


def live(
    name: str,
    learner: Learner,
    *,
    days: int,
    per_day: int = 15,
    plan: str = "weak-spot",
    seed: int = 1,
    ruleset: Ruleset | None = None,
    db: Path | None = None,
    reviews: int = 0,
) -> Run:
    """`days` simulated days of the count drill for one learner (`plan`: weak-spot or rating),
    and each day `reviews` review sessions of the due cards after it (at most 50 a day)."""
    rules = ruleset or load_ruleset("classic")
    run = Run(name=name)
    rng = random.Random(f"learner:{name}:{seed}")
    with tempfile.TemporaryDirectory() as folder:
        store = Store.open(db or Path(folder) / "progress.sqlite3")
        misses: dict[str, int] = {}
        try:
            for day in range(days):
                now = START + day * DAY
                spec = DrillSpec(drills=("count",), ruleset=rules, seed=seed * 1000 + day, form="total")
                coach = None
                if plan == "weak-spot":
                    coach = WeakSpotTrainer(store, user="sim", spec=spec)
                    player = coach.player
                    questions = coach.questions()
                else:
                    player = PlayerLevel(store, user="sim", skill="count", ruleset=rules)
                    questions = near_rating(spec, target=player.target, difficulty=player.difficulty)
                context = Context(session=f"{name}-{day}", user="sim", mode="drill", ruleset=rules.name)
                today: list[tuple[tuple[str, ...], bool]] = []
                for number in range(per_day):
                    question: Question = next(questions)
                    breakdown = _breakdown(question, rules)
                    given = learner(breakdown, rng, day)
                    result = grade(question, str(given), ruleset=rules)
                    attempt = Attempt(
                        question=question, answer=str(given), grade=result, seconds=5.0, number=number + 1
                    )
                    at = now + 60.0 * number
                    meta = answer_meta(question, rules)
                    store.record(attempt, context=context, now=at, meta=meta)
                    ideas = count_ideas(question, ruleset=rules)
                    today.append((ideas, result.correct))
                    if not result.correct:
                        for idea in ideas:
                            misses[idea] = misses.get(idea, 0) + 1
                    if coach is not None:
                        teaching = coach.after(attempt, meta, now=at)
                        if teaching is not None:
                            run.taught.append((day, number, teaching.idea))
                            run.misses_before_teaching.setdefault(teaching.idea, misses.get(teaching.idea, 0))
                    else:
                        player.after(attempt, meta)
                for session in range(reviews):
                    _review(store, run, learner, rng, rules, day=day, at=now + 3600.0 * (2 + session))
                run.days.append(today)
                run.ratings.append(player.now.rating)
                rated = store.rating(user="sim", skill="count", family=rules.variant)
                run.deviations.append(rated.rd if rated is not None else 350.0)
        finally:
            store.close()
    return run


def _review(
    store: Store, run: Run, learner: Learner, rng: random.Random, rules: Ruleset, *, day: int, at: float
) -> None:
    """One `crib drill review` session: every due card (at most 50 a day) asked as a fresh
    variant of its pattern, the answer stored as a review, as `review_run` stores it."""
    from dataclasses import replace

    from trainer.training.patterns import variant

    before = store.rating(user="sim", skill="count", family=rules.variant)
    context = Context(session=f"review-{day}-{at}", user="sim", mode="review", ruleset=rules.name)
    for number, (pattern, _) in enumerate(store.due_keys(user="sim", now=at, limit=50)):
        item = store.card(user="sim", pattern=pattern)
        if item is None:
            continue
        question = variant(item.question, rng, ruleset=rules)
        given = learner(_breakdown(question, rules), rng, day)
        result = grade(question, str(given), ruleset=rules)
        attempt = Attempt(question=question, answer=str(given), grade=result, seconds=5.0, number=number + 1)
        meta = replace(answer_meta(question, rules), card_key=pattern)
        store.record(attempt, context=context, now=at + 30.0 * number, meta=meta)
        run.reviews += 1
    after = store.rating(user="sim", skill="count", family=rules.variant)
    if before is not None and after is not None:
        run.review_moves += abs(after.rating - before.rating)


def _breakdown(question: Question, rules: Ruleset) -> ScoreBreakdown:
    from trainer.drills.count_drill import shown_breakdown

    return shown_breakdown(question, ruleset=rules)
