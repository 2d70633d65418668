"""Streak mode (`crib drill streak`, after Lichess Puzzle Streak): questions get harder one by
one, the first miss ends the run, and the best run is kept.

The ladder is fixed, so a seed gives the same questions on every machine and for every player:

- the drills take turns; question i (from 0) is asked at the level of `LADDER` (two beginner questions, three
  intermediate, four advanced, then expert), and of `CANDIDATES` candidates of that level the one
  whose shipped difficulty (`trainer.training.patterns.prior_difficulty`) is nearest
  `START + STEP * i` is asked, so each question aims a little higher than the one before;
- from question `ITEMISED_FROM` on a count is asked itemised (each kind of points, not just the
  total), and from `SEVEN_CARD_FROM` on it is a seven-card show (seven cards and a starter), the
  hardest count the engine deals: a strong player meets questions that challenge them.

The stream reads nothing but the seed and the drills, so it may run on the session's prefetch
thread. A miss (wrong, skipped or out of time) ends the session (`Limits.stop_on_miss`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from trainer.drills.generators import DrillSpec, question_at
from trainer.drills.kinds import kind
from trainer.drills.model import Question
from trainer.engine.errors import CribError
from trainer.engine.ruleset import Ruleset
from trainer.training.patterns import pattern_of, prior_difficulty
from trainer.training.streak_record import BEST_KEY as BEST_KEY
from trainer.training.streak_record import StreakRecord as StreakRecord
from trainer.training.streak_record import after_run as after_run
from trainer.training.streak_record import parse_best as parse_best

LADDER = ("beginner",) * 2 + ("intermediate",) * 3 + ("advanced",) * 4  # then expert
CANDIDATES = 6
START = 1250.0
STEP = 50.0
ITEMISED_FROM = 12
SEVEN_CARD_FROM = 16
SEVEN_CARD = "seven-card"  # the ruleset of the late counts (two players only)


def rung(index: int) -> str:
    """The level of question `index` (from 0)."""
    return LADDER[index] if index < len(LADDER) else "expert"


def aim(index: int) -> float:
    """The difficulty question `index` aims at: a little higher each question."""
    return START + STEP * index


def streak_questions(
    spec: DrillSpec, *, seven_card: Ruleset | None = None, candidates: int = CANDIDATES
) -> Iterator[Question]:
    """Endless questions of `spec`'s drills, each harder than the last (see the module)."""
    seen: set[str] = set()
    index = 0  # the stream's position: every candidate is a question of its own
    asked = 0
    seven = seven_card if seven_card is not None and seven_card.name != spec.ruleset.name else None
    while True:
        drill = spec.drills[asked % len(spec.drills)]  # the drills take turns
        # a kind with a harder form (the count's itemised) asks it so late in the run
        late = kind(drill).STREAK_FORM if asked >= ITEMISED_FROM else ""
        hard_count = bool(late)
        step = replace(
            spec,
            drills=(drill,),
            level=rung(asked),
            form=late,
            ruleset=seven if hard_count and seven is not None and asked >= SEVEN_CARD_FROM else spec.ruleset,
        )
        best: Question | None = None
        gap = float("inf")
        for _ in range(candidates):
            question = question_at(step, index)
            index += 1
            if question.id in seen:
                continue
            distance = abs(_difficulty(question, step.ruleset) - aim(asked))
            if distance < gap:
                best, gap = question, distance
        if best is None:
            return
        seen.add(best.id)
        asked += 1
        yield best


def _difficulty(question: Question, ruleset: Ruleset) -> float:
    try:
        return prior_difficulty(pattern_of(question, ruleset=ruleset))
    except CribError:  # a question the engine cannot read starts at the neutral prior
        return START
