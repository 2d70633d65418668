"""The daily review limit (`crib stats goal --reviews N`, default 50), the 7-day forecast, and
cards missed many times set aside from daily review (Anki's leeches) until a drill gets them right."""

from __future__ import annotations

from pathlib import Path

from trainer.drills.model import Attempt, Grade, Question
from trainer.store.store import AnswerMeta, Context, Store
from trainer.training.daily import DEFAULT_REVIEWS, forecast, parse_reviews, reviews_left
from trainer.training.review_schedule import SUSPEND_AFTER_LAPSES

DAY = 86_400.0
NOON = 1_780_000_000.0


def test_the_limit_defaults_to_50_and_counts_todays_reviews_only() -> None:
    assert (
        parse_reviews(None) == DEFAULT_REVIEWS == 50 and parse_reviews("x") == 50 and parse_reviews("7") == 7
    )
    assert reviews_left([NOON - DAY, NOON - 60, NOON - 30], cap=5, now=NOON) == 3


def test_the_forecast_carries_what_the_limit_leaves_to_the_next_day() -> None:
    due = [NOON - DAY] * 4 + [NOON + DAY] * 1 + [NOON + 3 * DAY] * 2  # 4 overdue, 1 tomorrow, 2 in 3 days
    ahead = forecast(due, now=NOON, cap=3)
    assert [n for _, n in ahead] == [3, 2, 0, 2, 0, 0, 0] and len(ahead) == 7


def _miss(store: Store, *, at: float, mode: str = "review", correct: bool = False) -> None:
    q = Question(
        kind="count",
        form="total",
        ruleset="classic",
        data={"hand": ["5H", "5S", "JD", "QC"], "starter": "KH"},
    )
    g = Grade(correct=correct, expected=22, expected_text="22", answer=0 if not correct else 22)
    attempt = Attempt(question=q, answer="0", grade=g, seconds=8.0, number=1)
    context = Context(session=f"s{at}", user="u", mode=mode, ruleset="classic")
    store.record(
        attempt, context=context, now=at, meta=AnswerMeta(pattern="p", family="classic6", prior=1500.0)
    )


def test_a_card_missed_again_and_again_is_set_aside_until_a_drill_gets_it_right(tmp_path: Path) -> None:
    with Store.open(tmp_path / "p.sqlite3") as store:
        for n in range(SUSPEND_AFTER_LAPSES - 1):
            _miss(store, at=NOON + n * DAY)
        later = NOON + 40 * DAY
        assert [c.pattern for c in store.due(user="u", now=later)] == ["p"]
        _miss(store, at=NOON + SUSPEND_AFTER_LAPSES * DAY)
        assert store.due(user="u", now=later) == [] and store.due_times(user="u") == []
        assert store.review_summary(user="u", now=later)["due"] == 0
        assert [c.pattern for c in store.suspended_since(user="u", since=NOON)] == ["p"]
        _miss(store, at=NOON + 30 * DAY, mode="drill", correct=True)
        assert [c.pattern for c in store.due(user="u", now=later + 300 * DAY)] == ["p"]
