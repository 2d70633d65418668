"""How a player stands: each skill's rating with its deviation and its day-by-day history (for
the chart in `crib stats`), and the names of ruleset families. Theme names are words, chosen at
the edge (`trainer.i18n.drill_words.theme_name`).

Pure reads of the store, returned as JSON-safe dicts, so `--json` and the screen agree.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from trainer.training.daily import day_of
from trainer.training.records import StandingSource

DAY = 86_400.0
RECENT = 30  # answers in the rating chart


def ratings_report(store: StandingSource, *, user: str, now: float, days: int) -> list[dict[str, Any]]:
    """Every rating of the user, with the rating at the end of each of the last `days` days.
    Reads only the chart's window, the last rating before it and the last `RECENT` answers,
    however long the history."""
    today = datetime.fromtimestamp(now).date()
    window = [today - timedelta(days=back) for back in range(days - 1, -1, -1)]
    start = datetime.combine(window[0], datetime.min.time()).timestamp()
    out = []
    for skill in store.ratings(user=user):
        which = {"user": user, "skill": skill.skill, "family": skill.family}
        history = store.rating_history(**which, since=start)
        last = store.rating_before(**which, before=start)
        by_day: dict[str, tuple[float, float]] = {}
        for at, rating, rd in history:
            by_day[day_of(at).isoformat()] = (rating, rd)
        series = []
        for day in window:
            last = by_day.get(day.isoformat(), last)
            series.append(
                {
                    "day": day.isoformat(),
                    "rating": None if last is None else round(last[0]),
                    "deviation": None if last is None else round(last[1]),
                }
            )
        out.append(
            {
                "skill": skill.skill,
                "family": skill.family,
                "rating": round(skill.rating.rating),
                "deviation": round(skill.rating.rd),
                "games": skill.games,
                "history": series,
                "recent": [round(r) for r in store.recent_ratings(**which, limit=RECENT)],
            }
        )
    return out


# Ruleset families by the name of the shipped ruleset of that family (what `-r` takes).
FAMILY_NAMES = {
    "classic6": "classic",
    "five_card": "five-card",
    "seven_card": "seven-card",
    "three_player": "three-player",
    "four_partners": "partnership",
}


def family_name(family: str) -> str:
    return FAMILY_NAMES.get(family, family)
