"""Days: answers per calendar day, the day streak, the daily goal, and how times are written.

A day counts towards the streak when the daily goal was met that day (local calendar days, as
a person lives them). Today does not break a streak before midnight: until the goal is met the
streak shown is the one up to yesterday, and the menu says how many answers are still to go.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from datetime import date, datetime, timedelta

from trainer.engine.digits import is_digits
from trainer.engine.records import Record

DEFAULT_GOAL = 10
MAX_GOAL = 500
GOAL_KEY = "daily_goal"
REVIEWS_KEY = "daily_reviews"
DEFAULT_REVIEWS = 50
MAX_REVIEWS = 1000
FORECAST_DAYS = 7


def day_of(timestamp: float) -> date:
    return datetime.fromtimestamp(timestamp).date()


def iso_time(timestamp: float | None) -> str | None:
    """A timestamp as local ISO 8601 with its UTC offset (how `--json` writes times)."""
    if timestamp is None:
        return None
    return datetime.fromtimestamp(timestamp).astimezone().isoformat(timespec="seconds")


class Daily(Record):
    """Today's answers against the goal, and the streak of days that met it."""

    goal: int
    today: int
    streak: int
    best_streak: int
    per_day: dict[str, int]

    @property
    def goal_met(self) -> bool:
        return self.today >= self.goal

    def to_dict(self) -> dict[str, object]:
        return {
            "goal": self.goal,
            "today": self.today,
            "goal_met": self.goal_met,
            "streak": self.streak,
            "best_streak": self.best_streak,
            "per_day": self.per_day,
        }


def daily(answer_times: Iterable[float], *, goal: int, now: float) -> Daily:
    """Answers per day and the streak from the answers' timestamps."""
    return _daily(Counter(day_of(ts) for ts in answer_times), goal=goal, now=now)


def daily_from_counts(per_day: Mapping[str, int], *, goal: int, now: float) -> Daily:
    """`daily` from answers per day ('2026-12-01': 12), as the store keeps them with each answer."""
    return _daily({date.fromisoformat(d): n for d, n in per_day.items()}, goal=goal, now=now)


def _daily(counts: Mapping[date, int], *, goal: int, now: float) -> Daily:
    today = day_of(now)
    met = {d for d, n in counts.items() if n >= goal}
    streak = 0
    cursor = today if today in met else today - timedelta(days=1)
    while cursor in met:
        streak += 1
        cursor -= timedelta(days=1)
    best = run = 0
    previous: date | None = None
    for d in sorted(met):
        run = run + 1 if previous is not None and d - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = d
    return Daily(
        goal=goal,
        today=counts.get(today, 0),
        streak=streak,
        best_streak=best,
        per_day={d.isoformat(): n for d, n in sorted(counts.items())},
    )


def parse_goal(value: str | None) -> int:
    """The stored goal, or the default when none (or a damaged one) is stored."""
    if value is None or not is_digits(value):
        return DEFAULT_GOAL
    return max(1, min(MAX_GOAL, int(value)))


def parse_reviews(value: str | None) -> int:
    """The stored daily review limit, or the default (50) when none or a damaged one is stored."""
    if value is None or not value.isdigit():
        return DEFAULT_REVIEWS
    return max(1, min(MAX_REVIEWS, int(value)))


def reviews_left(review_times: Iterable[float], *, cap: int, now: float) -> int:
    """How many reviews today's limit still allows (`review_times`: when review answers were given)."""
    today = day_of(now)
    return max(0, cap - sum(1 for ts in review_times if day_of(ts) == today))


def forecast_end(now: float, *, days: int = FORECAST_DAYS) -> float:
    """The local midnight that ends the forecast: cards due later do not show in it."""
    end = datetime.combine(day_of(now) + timedelta(days=days), datetime.min.time())
    return end.timestamp()


def forecast(
    due_times: Iterable[float], *, now: float, cap: int, days: int = FORECAST_DAYS, overdue: int = 0
) -> list[tuple[str, int]]:
    """Reviews per local day for the next `days` days, today first: what is due (overdue cards
    count today, `overdue` more of them than `due_times` holds) and what the limit pushes on to
    the next day."""
    today = day_of(now)
    wanted = Counter(max(0, (day_of(ts) - today).days) for ts in due_times)
    wanted[0] += overdue
    out: list[tuple[str, int]] = []
    carried = 0
    for offset in range(days):
        waiting = carried + wanted.get(offset, 0)
        served = min(cap, waiting)
        carried = waiting - served
        out.append(((today + timedelta(days=offset)).isoformat(), served))
    return out
