"""Questions at the player's level: when no --level is given, the level follows the player's
rating for the skill, and of a few generated candidates the one whose pattern difficulty is
nearest the rating is asked (the chance of a right answer is then about even, where practice
teaches most, as in Lichess puzzles).

Candidates come from the ordinary seeded stream, so a seed still reproduces a session given
the same ratings. The target and the difficulties are read through callables the caller keeps
up to date after each answer: the stream runs on the prefetch thread and must not touch the
database connection.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

from trainer.drills.generators import DrillSpec, question_at
from trainer.drills.model import Attempt, Question
from trainer.engine.errors import CribError
from trainer.engine.ruleset import Ruleset
from trainer.training.glicko import Rating
from trainer.training.patterns import OWN_PATTERN, pattern_of, prior_difficulty
from trainer.training.records import AnswerMeta, RatingSource

CANDIDATES = 5
# A candidate this close to the target is asked without making the others: 25 points move the
# chance of a right answer by under 4%, and a peg or discard candidate costs tens of ms to make.
NEAR_ENOUGH = 25.0
# Ratings below each bound get that level; expert above the last.
LEVEL_BOUNDS = ((1400.0, "beginner"), (1600.0, "intermediate"), (1800.0, "advanced"))


def level_for(rating: float) -> str:
    """The level whose questions suit a rating (a new player, 1500, starts at intermediate)."""
    for bound, name in LEVEL_BOUNDS:
        if rating < bound:
            return name
    return "expert"


def near_rating(
    spec: DrillSpec,
    *,
    target: Callable[[], float],
    difficulty: Callable[[Question], float],
    candidates: int = CANDIDATES,
) -> Iterator[Question]:
    """Endless questions for `spec`, each the candidate nearest the current target rating.
    Candidates are made one at a time, and the first within `NEAR_ENOUGH` of the target is
    asked at once (making a candidate is most of a drill's first question)."""
    seen: set[str] = set()
    index = 0
    while True:
        goal = target()
        level_spec = replace(spec, level=level_for(goal)) if not spec.theme else spec
        best: Question | None = None
        best_gap = float("inf")
        made = 0
        for _ in range(candidates * 4):
            question = question_at(level_spec, index)
            index += 1
            if question.id in seen:
                continue
            made += 1
            gap = abs(difficulty(question) - goal)
            if gap < best_gap:
                best, best_gap = question, gap
            if made == candidates or best_gap <= NEAR_ENOUGH:
                break
        if best is None:
            return
        seen.add(best.id)
        yield best


class PlayerLevel:
    """The player's rating for one skill and family, and the known pattern difficulties, kept in
    memory for the question stream and refreshed from the store after each answer."""

    def __init__(self, store: RatingSource, *, user: str, skill: str, ruleset: Ruleset) -> None:
        self._store = store
        self.user = user
        self.skill = skill
        self.family = ruleset.variant
        self._ruleset = ruleset
        self.before = store.rating(user=user, skill=skill, family=self.family) or Rating()
        self.now = self.before
        self._difficulty = store.pattern_ratings(skill=skill, family=self.family)

    def target(self) -> float:
        return self.now.rating

    def difficulty(self, question: Question) -> float:
        try:
            pattern = pattern_of(question, ruleset=self._ruleset)
        except CribError:  # a hand-written question the engine cannot read (bad cards, sizes)
            return self.now.rating
        known = self._difficulty.get(pattern)
        return known.rating if known is not None else prior_difficulty(pattern)

    def after(self, attempt: Attempt, meta: AnswerMeta) -> None:
        """Called once an answer is stored: read back the moved ratings."""
        del attempt
        self.now = self._store.rating(user=self.user, skill=self.skill, family=self.family) or self.now
        moved = self._store.pattern_rating(meta.pattern, meta.family)
        if moved is not None:
            self._difficulty = {**self._difficulty, meta.pattern: moved}

    def to_dict(self) -> dict[str, object]:
        return {
            "skill": self.skill,
            "family": self.family,
            "before": round(self.before.rating),
            "after": round(self.now.rating),
            "deviation": round(self.now.rd),
        }


def answer_meta(question: Question, ruleset: Ruleset) -> AnswerMeta:
    """The pattern, family and first-guess difficulty stored with an answer. A question the
    engine cannot classify (a hand-written quiz entry) is its own pattern."""
    try:
        pattern = pattern_of(question, ruleset=ruleset)
    except CribError:  # a hand-written question the engine cannot read (bad cards, sizes)
        pattern = f"{OWN_PATTERN}{question.id}"
    return AnswerMeta(pattern=pattern, family=ruleset.variant, prior=prior_difficulty(pattern))
