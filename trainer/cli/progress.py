"""`crib stats` with no sub-command: your accuracy and speed by drill and theme, a trend chart,
the three weakest themes and the review boxes. Sub-commands of `crib stats` (distribution,
crib values) belong to other modules; this callback steps aside when one is invoked.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from trainer.cli.drill import db_option
from trainer.cli.groups import stats_app
from trainer.cli.options import json_option

BAR_WIDTH = 20


@stats_app.callback(invoke_without_command=True)
def stats(
    ctx: typer.Context,
    days: int = typer.Option(14, "--days", min=1, max=366, help="Days in the trend chart."),
    as_json: bool = json_option(),
    db: Path = db_option(),
) -> None:
    """Your progress: accuracy and median time by drill and theme, trend, weakest themes."""
    if ctx.invoked_subcommand is not None:
        return
    import time

    from trainer.cli.options import print_json
    from trainer.drills.progress import summarise
    from trainer.drills.store import Store, current_user, default_db_path

    user = current_user()
    now = time.time()
    with Store.open(db or default_db_path()) as store:
        report = summarise(store.answers(user=user), now=now, days=days)
        review = store.review_summary(user=user, now=now)
    report["user"] = user
    report["review"] = {
        "due": review["due"],
        "waiting": review["waiting"],
        "learned": review["learned"],
        "next_due": review["next_due"],
        "flagged": [
            {"id": item.question.id, "drill": item.question.kind, "lapses": item.state.lapses}
            for item in review["flagged"]
        ],
    }
    if as_json:
        print_json(report)
        return
    _render(report, days=days)


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{round(100 * value)}%"


def _secs(value: float | None, lang: str) -> str:
    from trainer.i18n import number, t

    return "-" if value is None else t("common.seconds", lang, seconds=number(value, ".1f", lang))


def _theme_name(drill: str, theme: str, lang: str) -> str:
    """A theme as the user reads it: its id in English, its name in Russian (a penalty theme is
    an irregularity, named as the rules reference names it)."""
    from trainer.i18n import has, t

    if lang == "en":
        return theme
    if drill == "penalty":
        from trainer.i18n.rulings import irregularity_names

        return irregularity_names(lang).get(theme, theme)
    return t(f"theme.{theme}", lang) if has(f"theme.{theme}", lang) else theme


def _render(report: dict[str, Any], *, days: int) -> None:
    from rich.table import Table
    from rich.text import Text

    from trainer.cli.context import SETTINGS
    from trainer.cli.render import console
    from trainer.drills.i18n import t
    from trainer.i18n import number

    lang = SETTINGS.lang
    out = console()
    out.print(Text(t("stats.title", lang, user=report["user"]), style="bold"))
    if not report["total"]["asked"]:
        out.print(t("stats.none", lang))
        return
    for key, rows, with_theme in (
        ("stats.by_drill", report["by_drill"], False),
        ("stats.by_theme", report["by_theme"], True),
    ):
        table = Table(title=t(key, lang), box=None, pad_edge=False, title_justify="left")
        table.add_column(t("stats.col_drill", lang))
        if with_theme:
            table.add_column(t("stats.col_theme", lang))
        for col in ("stats.col_asked", "stats.col_accuracy", "stats.col_median", "stats.col_lost"):
            table.add_column(t(col, lang), justify="right")
        for row in rows:
            cells = [t(f"drill.name.{row['drill']}", lang)]
            if with_theme:
                cells.append(_theme_name(str(row["drill"]), str(row["theme"]), lang))
            cells += [
                str(row["asked"]),
                _pct(row["accuracy"]),
                _secs(row["median_seconds"], lang),
                number(row["points_lost"], "g", lang),
            ]
            table.add_row(*cells)
        out.print()
        out.print(table)
    out.print()
    out.print(Text(t("stats.trend", lang, n=days), style="bold"))
    for day in report["trend"]:
        accuracy = day["accuracy"]
        if accuracy is None:
            out.print(Text(f"{day['day'][5:]}  {'·':<{BAR_WIDTH}}", style="dim"))
            continue
        filled = round(accuracy * BAR_WIDTH)
        bar = Text(f"{day['day'][5:]}  ")
        bar.append("█" * filled, style="green")
        bar.append("░" * (BAR_WIDTH - filled), style="dim")
        bar.append(f" {_pct(accuracy):>4} ({day['asked']})")
        out.print(bar)
    out.print()
    out.print(Text(t("stats.weakest", lang), style="bold"))
    if not report["weakest"]:
        out.print(t("stats.weakest_none", lang))
    for row in report["weakest"]:
        out.print(
            t(
                "stats.weak_line",
                lang,
                drill=row["drill"],
                theme=row["theme"],
                drill_name=row["drill"] if lang == "en" else t(f"drill.name.{row['drill']}", lang),
                theme_name=_theme_name(str(row["drill"]), str(row["theme"]), lang),
                percent=round(100 * (row["accuracy"] or 0)),
                asked=row["asked"],
                seconds=number(row["median_seconds"] or 0, ".1f", lang),
            )
        )
    review = report["review"]
    out.print()
    out.print(
        t(
            "stats.review",
            lang,
            due=review["due"],
            waiting=review["waiting"],
            learned=review["learned"],
            flagged=len(review["flagged"]),
        )
    )
