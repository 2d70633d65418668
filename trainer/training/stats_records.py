"""The shapes of the progress report on its way out (`crib stats --json`): one `TypedDict` per
table row, naming every key, so a misspelt or new key is a mypy error rather than a silent change
in the output scripts read (`tests/golden/stats_history.json` holds the bytes)."""

from typing import Any, TypedDict


class Tally(TypedDict):
    """The answers of one group (all, a drill, a theme, a ruleset, a day) counted."""

    asked: int
    answered: int
    correct: int
    skipped: int
    timed_out: int
    accuracy: float | None
    timed: int
    median_seconds: float | None
    points_lost: float
    expected_points_lost: float


class DrillTally(Tally):
    drill: str


class ThemeTally(Tally):
    drill: str
    theme: str


class RulesetTally(Tally):
    ruleset: str


class DayTally(Tally):
    day: str


class PracticeDay(TypedDict):
    """Minutes of typed answering on one day."""

    day: str
    answers: int
    seconds: float


class Summary(TypedDict):
    """`trainer.training.progress.summarise`: the tables, the trend and the weakest themes."""

    total: Tally
    by_drill: list[DrillTally]
    by_theme: list[ThemeTally]
    by_ruleset: list[RulesetTally]
    trend: list[DayTally]
    practice: list[PracticeDay]
    weakest: list[ThemeTally]


class NamedThemeTally(ThemeTally):
    """A theme's row with its English name (`theme_name`), added at the edge."""

    theme_name: str


class StreakMode(TypedDict):
    best: int
    best_at: str | None


class GameFigure(TypedDict):
    """How well one skill went in the user's games at the table."""

    skill: str
    decisions: int
    best: int
    best_share: float | None
    points_lost: float


class FlaggedEntry(TypedDict):
    id: str
    pattern: str
    drill: str
    lapses: int


class ReviewEntry(TypedDict):
    due: int
    waiting: int
    next_due: str | None
    flagged: list[FlaggedEntry]


class NamedSummary(TypedDict):
    """A `Summary` whose theme rows carry their names."""

    total: Tally
    by_drill: list[DrillTally]
    by_theme: list[NamedThemeTally]
    by_ruleset: list[RulesetTally]
    trend: list[DayTally]
    practice: list[PracticeDay]
    weakest: list[NamedThemeTally]


class StatsReport(NamedSummary):
    """All of `crib stats --json`, in its keys' order: the summary, then the rest."""

    ratings: list[dict[str, Any]]
    ideas: list[dict[str, object]]
    streak_mode: StreakMode
    game_figures: list[GameFigure]
    user: str
    daily: dict[str, object]
    review: ReviewEntry
