"""Practice that goes after the weak spot: which idea to ask next, at which level, and when to
stop asking and teach.

The rule (documented for players in docs/training.md):

- Of every five questions, three practise the least-mastered idea the player has missed
  (`trainer.training.mastery`), one keeps a mastered idea fresh, and one is mixed at the level of
  the player's rating. A player with nothing weak gets mixed questions and mastered ideas.
- A weak idea is asked at the lowest level that holds it when the rating's level does not (a
  beginner who misses runs is still asked runs), so the level never filters it out.
- Of a few candidates, the one the player should get right about 75% of the time is asked
  (desirable difficulty: by the Glicko expected score against the question's shipped prior
  difficulty), not the one they would get right half the time.
- On the third miss of an idea since it was last taught, the drill teaches instead: the rule,
  the worked count of the hand just missed, the lesson page; then an easy question with the same
  idea (the easiest candidate), then back to normal.

Question i draws from its own `random.Random(f"{seed}:{i}")` as every drill stream does, so a
seed replays the same questions given the same answers. The stream runs on the prefetch
thread: it reads only the in-memory model the main thread replaces after each answer.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from trainer.drills.generators import DrillSpec
from trainer.drills.ideas import ideas_of, theme_for
from trainer.drills.kinds import confirmed, form_for, kind
from trainer.drills.model import LEVELS, DrillError, Question
from trainer.drills.themes import check_theme, level
from trainer.engine.errors import CribError
from trainer.engine.records import Record
from trainer.training.adaptive import level_for
from trainer.training.glicko import Rating, expected_score
from trainer.training.mastery import Mastery
from trainer.training.patterns import NEUTRAL_PRIOR, pattern_of, prior_difficulty

CANDIDATES = 5
TARGET_SUCCESS = 0.75
PRIOR_RD = 80.0  # how sure the shipped difficulty of a question is
PLAN = ("weak", "weak", "kept", "weak", "mixed")  # question i follows PLAN[i % 5]


class Pick(Record):
    """Why a question was asked: the idea it practises ('' mixed) and the plan's step."""

    idea: str
    step: str


def level_allowing(idea: str, *, skill: str, start: str, themes: tuple[str, ...]) -> tuple[str, str]:
    """(level, theme) for asking `idea`: the rating's level if it holds the idea, else the first
    level above it that does."""
    theme = theme_for(idea)
    if theme not in themes:
        return start, ""
    for name in LEVELS[LEVELS.index(start) :] + LEVELS[: LEVELS.index(start)][::-1]:
        try:
            check_theme(theme, known=themes, lvl=level(name), drill=skill, items=kind(skill).LEVEL_ITEMS)
        except DrillError:
            continue
        return name, theme
    return start, ""


class WeakSpotStream:
    """Endless questions for one drill, chosen by the learner model; `after` is told each answer."""

    def __init__(
        self,
        spec: DrillSpec,
        *,
        mastery: Mastery,
        rating: Callable[[], Rating],
    ) -> None:
        self.spec = spec
        self.skill = spec.drills[0]
        self.mastery = mastery
        self._rating = rating
        self._themes = kind(self.skill).themes(spec.ruleset)
        self._easy_next: str | None = None
        self.picks: dict[str, Pick] = {}
        self._index = 0

    # ------------------------------------------------------------------ what to ask

    def plan(self, number: int) -> Pick:
        """The idea question `number` practises."""
        if self._easy_next:
            return Pick(idea=self._easy_next, step="easy")
        step = PLAN[number % len(PLAN)]
        rng = random.Random(f"{self.spec.seed}:plan:{number}")
        weak = self.mastery.weakest()
        kept = self.mastery.mastered()
        if step == "weak" and weak:
            # Mostly the weakest; now and then the next weakest, so two weak ideas both move.
            return Pick(idea=weak[1] if len(weak) > 1 and rng.random() < 0.25 else weak[0], step="weak")
        if step in ("weak", "kept") and kept and not (step == "weak" and not weak and rng.random() < 0.5):
            return Pick(idea=rng.choice(kept), step="kept")
        return Pick(idea="", step="mixed")

    def questions(self) -> Iterator[Question]:
        seen: set[str] = set()
        number = 0
        while True:
            pick = self.plan(number)
            easy = pick.step == "easy"
            self._easy_next = None
            question = self._choose(pick, seen=seen, easy=easy)
            seen.add(question.id)
            self.picks[question.id] = pick
            number += 1
            yield question

    def _choose(self, pick: Pick, *, seen: set[str], easy: bool) -> Question:
        player = self._rating()
        start = level_for(player.rating)
        name, theme = (
            (start, "")
            if not pick.idea
            else level_allowing(
                pick.idea, skill=self.skill, start="beginner" if easy else start, themes=self._themes
            )
        )
        lvl = level(name)
        drill = kind(self.skill)
        pool: list[Question] = []
        fallback: list[Question] = []
        for _ in range(CANDIDATES * 4):
            rng = random.Random(f"{self.spec.seed}:{self._index}")
            self._index += 1
            form = form_for(drill, self.spec.form, rng)
            try:
                question = drill.generate(rng, ruleset=self.spec.ruleset, lvl=lvl, theme=theme, form=form)
            except CribError:
                continue
            if question.id in seen:
                continue
            if pick.idea and pick.idea not in ideas_of(question, ruleset=self.spec.ruleset):
                fallback.append(question)
                continue
            pool.append(question)
            if len(pool) == CANDIDATES:
                break
        pool = pool or fallback
        if not pool:
            raise DrillError(
                f"could not deal a question on {pick.idea or 'any idea'} for the {name} level",
                key="raised.drill.no_hand",
                theme=pick.idea or "-",
                level=name,
            )

        def fit(q: Question) -> float:
            if easy:
                return self.difficulty(q)
            return abs(expected_score(player, self._opponent(q)) - TARGET_SUCCESS)

        # Best fit first; a candidate its kind does not confirm (a quiet pegging position whose
        # cards turn out equal) gives way to the next. Only the chosen one is checked.
        ranked = sorted(pool, key=fit)
        return next((q for q in ranked if confirmed(q, ruleset=self.spec.ruleset)), ranked[0])

    def difficulty(self, question: Question) -> float:
        """The question's shipped prior difficulty (by its pattern)."""
        try:
            return prior_difficulty(pattern_of(question, ruleset=self.spec.ruleset))
        except CribError:  # a hand-written question the engine cannot read (bad cards, sizes)
            return NEUTRAL_PRIOR

    def _opponent(self, question: Question) -> Rating:
        return Rating(rating=self.difficulty(question), rd=PRIOR_RD)

    # ------------------------------------------------------------------ after each answer

    def teach_next(self, idea: str) -> None:
        """The next question is an easy one with `idea` (after a teaching step)."""
        self._easy_next = idea
