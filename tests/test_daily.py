"""The day streak counts consecutive days that met the daily goal; today does not break it before
the day is over; the goal is set with `crib stats goal N` and shown by `crib stats`."""

from __future__ import annotations

import io
import json
from datetime import datetime

import pytest

from trainer.cli.app import main
from trainer.training.daily import daily, iso_time, parse_goal

NOW = datetime(2026, 11, 29, 12, 0).timestamp()
DAY = 86_400.0


def _answers(per_day: dict[int, int]) -> list[float]:
    return [NOW - back * DAY for back, n in per_day.items() for _ in range(n)]


def test_the_streak_counts_days_that_met_the_goal() -> None:
    result = daily(_answers({0: 5, 1: 5, 2: 5, 4: 5}), goal=5, now=NOW)
    assert (result.today, result.streak, result.best_streak, result.goal_met) == (5, 3, 3, True)


def test_today_does_not_break_the_streak_before_the_goal_is_met() -> None:
    result = daily(_answers({0: 2, 1: 5, 2: 5}), goal=5, now=NOW)
    assert (result.today, result.streak, result.goal_met) == (2, 2, False)


def test_a_day_below_the_goal_ends_the_streak() -> None:
    result = daily(_answers({1: 5, 2: 4, 3: 5, 4: 5, 5: 5}), goal=5, now=NOW)
    assert (result.streak, result.best_streak) == (1, 3)


def test_a_missing_or_damaged_goal_is_the_default() -> None:
    assert parse_goal(None) == parse_goal("lots") == 10
    assert parse_goal("25") == 25 and parse_goal("100000") == 500


def test_times_are_iso_8601_with_the_offset() -> None:
    text = iso_time(NOW)
    assert text is not None and datetime.fromisoformat(text).timestamp() == NOW
    assert iso_time(None) is None


def test_goal_command_and_stats_json(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["stats", "goal"]) == 0
    assert "10 answers a day" in capsys.readouterr().out
    assert main(["stats", "goal", "2"]) == 0
    assert "2 answers a day" in capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO("0\n1\n2\n"))
    assert main(["drill", "count", "--seed", "1", "-n", "3"]) == 0
    capsys.readouterr()
    assert main(["stats", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["daily"]["goal"] == 2 and report["daily"]["today"] == 3
    assert report["daily"]["streak"] == 1 and report["daily"]["goal_met"] is True
    (rating,) = report["ratings"]
    assert (rating["skill"], rating["family"], rating["games"]) == ("count", "classic6", 3)
    assert len(rating["recent"]) == 3 and rating["deviation"] < 350
    assert main(["stats", "goal", "0"]) == 2  # out of range: a clean usage error


def test_a_forecast_from_its_own_days_equals_one_from_every_card() -> None:
    """Review reads only the forecast's days (and counts the cards due before tomorrow):
    the forecast it prints is the one every card's due time gives."""
    import random

    from trainer.training.daily import forecast, forecast_end

    rng = random.Random(5)
    now = 1_780_000_000.0
    times = [now + rng.uniform(-400, 30) * 86_400 for _ in range(3_000)]
    tomorrow, end = forecast_end(now, days=1), forecast_end(now)
    overdue = sum(t < tomorrow for t in times)
    later = [t for t in times if tomorrow <= t < end]
    for cap in (5, 50, 10_000):
        assert forecast(later, now=now, cap=cap, overdue=overdue) == forecast(times, now=now, cap=cap)
