"""What `crib stats` reports: accuracy and median time per drill and theme, a daily trend, and
the weakest themes. Pure aggregation over stored answer rows, returned as JSON-safe dicts.

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
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any

from trainer.training.records import AnswerRow

MIN_FOR_WEAKEST = 3


def is_expected_value(row: AnswerRow) -> bool:
    """Whether the row's points lost are expected points (a choice graded by its EV)."""
    return row.drill == "discard" or (row.drill == "peg" and row.form == "play")


def _group(rows: Sequence[AnswerRow]) -> dict[str, Any]:
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
        "points_lost": round(sum(r.points_lost for r in rows if not is_expected_value(r)), 2),
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


def summarise(rows: Iterable[AnswerRow], *, now: float, days: int = 14) -> dict[str, Any]:
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
    themes = [
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


def _trend(by_day: dict[str, list[AnswerRow]], *, now: float, days: int) -> list[dict[str, Any]]:
    today = datetime.fromtimestamp(now).date()
    out = []
    for back in range(days - 1, -1, -1):
        day = (today - timedelta(days=back)).isoformat()
        group = by_day.get(day, [])
        out.append({"day": day, **_group(group)})
    return out


def _practice(by_day: dict[str, list[AnswerRow]], *, now: float, days: int) -> list[dict[str, Any]]:
    """Minutes of typed answering per day (answers from pipes and files have no real time)."""
    today = datetime.fromtimestamp(now).date()
    out = []
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


def _weakest(by_theme: dict[tuple[str, str], list[AnswerRow]], top: int = 3) -> list[dict[str, Any]]:
    ranked = []
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
