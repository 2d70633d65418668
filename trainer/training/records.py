"""What training reads and writes about answers and ratings, and the narrow views of the store it needs.

The training layer sits below the store: the store keeps these records and satisfies these protocols,
so the learner model (adaptive choice, ratings report, stats) never imports the database.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from trainer.engine.records import Record
from trainer.training.glicko import Rating


class AnswerRow(Record):
    """One stored answer, as `crib stats` reads it."""

    answered_at: float
    drill: str
    form: str
    ruleset: str
    level: str
    theme: str
    question_id: str
    answer: str
    expected: Any
    correct: bool
    skipped: bool
    timed_out: bool
    points_lost: float
    seconds: float
    pattern: str = ""
    family: str = ""
    interactive: bool = True
    hints: int = 0
    mode: str = "drill"


class AnswerMeta(Record):
    """What the caller knows about an answer beyond the attempt: its pattern (from the engine),
    the ruleset family, the pattern's first-guess difficulty, and which card it reviews."""

    pattern: str = ""
    family: str = ""
    prior: float = 1500.0
    card_key: str | None = None
    # What the answer says about its ideas (`trainer.training.readings`), kept with the answer.
    reading: str = ""


class SkillRating(Record):
    """A player's rating for one skill under one ruleset family."""

    skill: str
    family: str
    rating: Rating
    games: int


class Context(Record):
    """Facts about the session an answer belongs to, stored with every row."""

    session: str
    user: str
    mode: str
    ruleset: str
    interactive: bool = True


class RatingSource(Protocol):
    """Where the adaptive drill reads the player's rating and the patterns' difficulties."""

    def rating(self, *, user: str, skill: str, family: str) -> Rating | None: ...

    def pattern_rating(self, pattern: str, family: str) -> Rating | None: ...

    def pattern_ratings(self, *, skill: str, family: str) -> dict[str, Rating]: ...


class StandingSource(Protocol):
    """Where the ratings report reads each skill's rating and its history."""

    def ratings(self, *, user: str) -> Sequence[SkillRating]: ...

    def rating_history(
        self, *, user: str, skill: str, family: str, since: float = ...
    ) -> list[tuple[float, float, float]]: ...

    def rating_before(
        self, *, user: str, skill: str, family: str, before: float
    ) -> tuple[float, float] | None: ...

    def recent_ratings(self, *, user: str, skill: str, family: str, limit: int) -> list[float]: ...


class Totals(Record):
    """The counts of one (drill, form, theme, ruleset) of one user, kept with every answer."""

    drill: str
    form: str
    theme: str
    ruleset: str
    asked: int
    answered: int
    correct: int
    skipped: int
    timed_out: int
    timed: int
    points_lost: float


class Timed(Record):
    """Which typed answers a median is taken over: all of a user's, or one drill's, one
    drill's theme (as shown: "mixed" is also an answer with no theme), or one ruleset's."""

    drill: str | None = None
    theme: str | None = None
    ruleset: str | None = None


class AnswerFacts(Record):
    """The counted facts of one answer (what a day of the trend adds up)."""

    answered_at: float
    drill: str
    form: str
    theme: str
    ruleset: str
    correct: bool
    skipped: bool
    timed_out: bool
    interactive: bool
    points_lost: float
    seconds: float


class TotalsSource(Protocol):
    """Where `crib stats` reads its tables: totals, medians and the charted days' answers."""

    def answer_totals(self, *, user: str) -> list[Totals]: ...

    def median_seconds(self, *, user: str, timed: int, among: Timed) -> float | None: ...

    def recent_answers(self, *, user: str, since: float) -> list[AnswerFacts]: ...


class LearnerSource(RatingSource, Protocol):
    """Where the weak-spot drill reads the player's past answers and keeps when an idea was taught."""

    def skill_readings(
        self, *, user: str, skill: str, limit: int
    ) -> list[tuple[int, str, str | None, bool, float]]: ...

    def answer_texts(self, ids: Sequence[int]) -> dict[int, tuple[str, str, str]]: ...

    def keep_readings(self, readings: Sequence[tuple[int, str]]) -> None: ...

    def setting(self, *, user: str, key: str) -> str | None: ...

    def set_setting(self, *, user: str, key: str, value: str) -> None: ...
