"""What `crib stats` reports: accuracy and median time per drill and theme, a daily trend, and
the weakest themes, returned as JSON-safe dicts. `summarise` aggregates answer rows;
`summarise_store` gives the same report from the totals the store keeps with every answer, the
medians read from its index and the rows of the charted days only, so its cost does not grow
with the history (tests/test_history_scale.py pins the two to the same JSON).

Weak spots are ranked by the lower bound of a Wilson interval rather than raw accuracy, so a
theme missed once out of one try does not outrank one missed 10 times out of 30.

Answer times count only answers a person typed: answers piped in or read from an --answers file
take milliseconds and would make the median meaningless. Points lost are kept in two kinds
that are never added: exact counting points (count, muggins, peg points, penalty) and expected
points (discard and the choice of a card in the play, graded by expected value).
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from functools import cache
from typing import Protocol

from trainer.training.records import AnswerRow, Timed, Totals, TotalsSource
from trainer.training.stats_records import DayTally, PracticeDay, Summary, Tally, ThemeTally

MIN_FOR_WEAKEST = 3


class Counted(Protocol):
    """What an answer's aggregation reads: a stored row, or the facts the store's index holds."""

    @property
    def answered_at(self) -> float: ...
    @property
    def drill(self) -> str: ...
    @property
    def form(self) -> str: ...
    @property
    def correct(self) -> bool: ...
    @property
    def skipped(self) -> bool: ...
    @property
    def timed_out(self) -> bool: ...
    @property
    def interactive(self) -> bool: ...
    @property
    def points_lost(self) -> float: ...
    @property
    def seconds(self) -> float: ...


def is_expected_value(row: Counted) -> bool:
    """Whether the row's points lost are expected points (a choice graded by its EV)."""
    return _expected_value(row.drill, row.form)


def _group(rows: Sequence[Counted]) -> Tally:
    answered = [r for r in rows if not r.skipped]
    timed = [r for r in answered if r.interactive]
    correct = sum(r.correct for r in rows)
    return {
        "asked": len(rows),
        "answered": len(answered),
        "correct": correct,
        "skipped": sum(r.skipped for r in rows),
        "timed_out": sum(r.timed_out for r in rows),
        "accuracy": round(correct / len(rows), 4) if rows else None,
        "timed": len(timed),
        "median_seconds": round(statistics.median(r.seconds for r in timed), 2) if timed else None,
        "points_lost": round(
            sum(r.points_lost for r in rows if not is_expected_value(r) and _in_points(r.drill, r.form)), 2
        ),
        "expected_points_lost": round(sum(r.points_lost for r in rows if is_expected_value(r)), 2),
    }


def wilson_low(correct: int, total: int, z: float = 1.96) -> float:
    """Lower bound of the Wilson score interval: a cautious estimate of accuracy."""
    if total == 0:
        return 0.0
    p = correct / total
    centre = p + z * z / (2 * total)
    spread = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total))
    return (centre - spread) / (1 + z * z / total)


def day_of(timestamp: float) -> str:
    """Local calendar day of a timestamp, the unit of the trend chart."""
    return datetime.fromtimestamp(timestamp).date().isoformat()


def summarise(rows: Iterable[AnswerRow], *, now: float, days: int = 14) -> Summary:
    """Totals, per-drill and per-theme tables, the last `days` days' trend, the 3 weakest themes
    (themes by id: the edge adds their names, `trainer.cli.progress.with_theme_names`)."""
    rows = list(rows)
    by_drill: dict[str, list[AnswerRow]] = defaultdict(list)
    by_theme: dict[tuple[str, str], list[AnswerRow]] = defaultdict(list)
    by_day: dict[str, list[AnswerRow]] = defaultdict(list)
    by_ruleset: dict[str, list[AnswerRow]] = defaultdict(list)
    for row in rows:
        by_ruleset[row.ruleset].append(row)
        by_drill[row.drill].append(row)
        by_theme[(row.drill, row.theme or "mixed")].append(row)
        by_day[day_of(row.answered_at)].append(row)
    themes: list[ThemeTally] = [
        {"drill": drill, "theme": theme, **_group(group)}
        for (drill, theme), group in sorted(by_theme.items())
    ]
    return {
        "total": _group(rows),
        "by_drill": [{"drill": drill, **_group(group)} for drill, group in sorted(by_drill.items())],
        "by_theme": themes,
        "by_ruleset": [{"ruleset": name, **_group(group)} for name, group in sorted(by_ruleset.items())],
        "trend": _trend(by_day, now=now, days=days),
        "practice": _practice(by_day, now=now, days=days),
        "weakest": _weakest(by_theme),
    }


def summarise_store(store: TotalsSource, *, user: str, now: float, days: int = 14) -> Summary:
    """`summarise` of all the user's answers, from the store's totals (see the module's doc)."""
    totals = store.answer_totals(user=user)
    by_drill: dict[str, list[Totals]] = defaultdict(list)
    by_theme: dict[tuple[str, str], list[Totals]] = defaultdict(list)
    by_ruleset: dict[str, list[Totals]] = defaultdict(list)
    for row in totals:
        by_ruleset[row.ruleset].append(row)
        by_drill[row.drill].append(row)
        by_theme[(row.drill, row.theme or "mixed")].append(row)

    def group(rows: Sequence[Totals], among: Timed) -> Tally:
        return _group_totals(rows, lambda n: store.median_seconds(user=user, timed=n, among=among))

    themes: list[ThemeTally] = [
        {"drill": drill, "theme": theme, **group(rows, Timed(drill=drill, theme=theme))}
        for (drill, theme), rows in sorted(by_theme.items())
    ]
    first = datetime.fromtimestamp(now).date() - timedelta(days=days - 1)
    start = datetime.combine(first, datetime.min.time())
    by_day: dict[str, list[Counted]] = defaultdict(list)
    for answer in store.recent_answers(user=user, since=start.timestamp()):
        by_day[day_of(answer.answered_at)].append(answer)
    return {
        "total": group(totals, Timed()),
        "by_drill": [{"drill": d, **group(rows, Timed(drill=d))} for d, rows in sorted(by_drill.items())],
        "by_theme": themes,
        "by_ruleset": [
            {"ruleset": name, **group(rows, Timed(ruleset=name))} for name, rows in sorted(by_ruleset.items())
        ],
        "trend": _trend(by_day, now=now, days=days),
        "practice": _practice(by_day, now=now, days=days),
        "weakest": _weakest_of(themes),
    }


def _group_totals(rows: Sequence[Totals], median: Callable[[int], float | None]) -> Tally:
    """`_group` from totals; `median(n)` is the median of the group's n typed answers."""
    asked = sum(r.asked for r in rows)
    correct = sum(r.correct for r in rows)
    timed = sum(r.timed for r in rows)
    seconds = median(timed) if timed else None
    exact = sum(
        r.points_lost for r in rows if not _expected_value(r.drill, r.form) and _in_points(r.drill, r.form)
    )
    expected = sum(r.points_lost for r in rows if _expected_value(r.drill, r.form))
    return {
        "asked": asked,
        "answered": sum(r.answered for r in rows),
        "correct": correct,
        "skipped": sum(r.skipped for r in rows),
        "timed_out": sum(r.timed_out for r in rows),
        "accuracy": round(correct / asked, 4) if asked else None,
        "timed": timed,
        "median_seconds": round(seconds, 2) if seconds is not None else None,
        "points_lost": round(exact, 2),
        "expected_points_lost": round(expected, 2),
    }


@cache
def _in_points(drill: str, form: str) -> bool:
    """Whether the form's loss is in points at all: a decision at a game score (the discard
    drill's `board` form) loses a share of the chance to win, which no sum of points may hold."""
    from trainer.drills.kinds import kind

    return form not in kind(drill).CHANCE_FORMS


@cache
def _expected_value(drill: str, form: str) -> bool:
    """Whether the kind grades this form in expected points (a discard, a peg play)."""
    from trainer.drills.kinds import kind

    return form in kind(drill).EXPECTED_VALUE_FORMS


def _trend(by_day: Mapping[str, Sequence[Counted]], *, now: float, days: int) -> list[DayTally]:
    today = datetime.fromtimestamp(now).date()
    out: list[DayTally] = []
    for back in range(days - 1, -1, -1):
        day = (today - timedelta(days=back)).isoformat()
        group = by_day.get(day, [])
        out.append({"day": day, **_group(group)})
    return out


def _practice(by_day: Mapping[str, Sequence[Counted]], *, now: float, days: int) -> list[PracticeDay]:
    """Minutes of typed answering per day (answers from pipes and files have no real time)."""
    today = datetime.fromtimestamp(now).date()
    out: list[PracticeDay] = []
    for back in range(days - 1, -1, -1):
        day = (today - timedelta(days=back)).isoformat()
        typed = [r for r in by_day.get(day, []) if r.interactive]
        out.append(
            {
                "day": day,
                "answers": len(by_day.get(day, [])),
                "seconds": round(sum(r.seconds for r in typed), 1),
            }
        )
    return out


def _weakest_of(themes: list[ThemeTally], top: int = 3) -> list[ThemeTally]:
    """`_weakest` from the rows of the theme table (each already a `_group`)."""
    ranked = []
    for row in themes:
        if row["asked"] < MIN_FOR_WEAKEST or row["correct"] == row["asked"]:
            continue
        key = (wilson_low(row["correct"], row["asked"]), -(row["median_seconds"] or 0.0))
        ranked.append((*key, row["drill"], row["theme"], row))
    ranked.sort(key=lambda r: r[:4])
    return [r[4] for r in ranked[:top]]


def _weakest(by_theme: dict[tuple[str, str], list[AnswerRow]], top: int = 3) -> list[ThemeTally]:
    ranked: list[tuple[float, float, str, str, ThemeTally]] = []
    for (drill, theme), group in by_theme.items():
        if len(group) < MIN_FOR_WEAKEST or theme == "mixed":
            continue  # "mixed" is no theme a drill can be asked for: its command would fail
        correct = sum(r.correct for r in group)
        if correct == len(group):
            continue
        stats = _group(group)
        ranked.append(
            (
                wilson_low(correct, len(group)),
                -(stats["median_seconds"] or 0.0),
                drill,
                theme,
                {"drill": drill, "theme": theme, **stats},
            )
        )
    ranked.sort(key=lambda r: r[:4])
    return [r[4] for r in ranked[:top]]
