"""`crib stats` with no sub-command: where you stand. Ratings per skill with their deviation and
a chart of their history, today's answers against the daily goal and the day streak, accuracy
and typed-answer time by drill, theme and ruleset, time practised per day, the weakest themes
and the review queue. `crib stats goal N` sets the daily goal. Other sub-commands of
`crib stats` (distribution, crib values) belong to other modules; the callback steps aside.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from trainer.cli.drill.drill import db_option
from trainer.cli.groups import stats_app
from trainer.cli.options import json_option

if TYPE_CHECKING:  # the shapes only: `crib stats` start-up is measured
    from collections.abc import Mapping, Sequence

    from trainer.training.stats_records import (
        DayTally,
        GameFigure,
        NamedSummary,
        NamedThemeTally,
        PracticeDay,
        StatsReport,
        StreakMode,
        Summary,
        ThemeTally,
    )

BAR_WIDTH = 20
SPARK = "▁▂▃▄▅▆▇█"
SPARK_ASCII = "_.-=+*#@"


@stats_app.callback(invoke_without_command=True)
def stats(
    ctx: typer.Context,
    days: int = typer.Option(14, "--days", min=1, max=366, help="Days in the charts."),
    as_json: bool = json_option(),
    db: Path = db_option(),
) -> None:
    """Your progress: ratings and their history, streak and goal, accuracy, time, weak spots."""
    if ctx.invoked_subcommand is not None:
        return
    import time

    from trainer.cli.backfill import open_store
    from trainer.cli.options import print_json
    from trainer.cli.progress_db import current_user
    from trainer.store.game_tables import GameStore
    from trainer.training.daily import GOAL_KEY, daily_from_counts, iso_time, parse_goal
    from trainer.training.progress import summarise_store
    from trainer.training.standing import ratings_report
    from trainer.training.weak_spot import ideas_report

    user = current_user()
    now = time.time()
    with open_store(db) as store:
        summary = with_theme_names(summarise_store(store, user=user, now=now, days=days))
        review = store.review_summary(user=user, now=now, flagged=False)
        flagged = store.flagged_cards(user=user)
        ratings = ratings_report(store, user=user, now=now, days=days)
        ideas = ideas_report(store, user=user, rulesets=_ruleset_or_none)
        goal = parse_goal(store.setting(user=user, key=GOAL_KEY))
        per_day = store.answers_per_day(user=user)
        best = store.best_streak(user=user)
        figures = GameStore(store).figures(user=user)
    report: StatsReport = {
        **summary,
        "ratings": ratings,
        "ideas": ideas,
        "streak_mode": {"best": best.best, "best_at": iso_time(best.at)},
        "game_figures": [
            {
                "skill": f.skill,
                "decisions": f.decisions,
                "best": f.best,
                "best_share": round(f.best / f.decisions, 4) if f.decisions else None,
                "points_lost": round(f.points_lost, 3),
            }
            for f in figures
        ],
        "user": user,
        "daily": daily_from_counts(per_day, goal=goal, now=now).to_dict(),
        "review": {
            "due": review["due"],
            "waiting": review["waiting"],
            "next_due": iso_time(review["next_due"]),
            "flagged": [
                {"id": card.id, "pattern": card.pattern, "drill": card.drill, "lapses": card.lapses}
                for card in flagged
            ],
        },
    }
    review["flagged"] = flagged
    if as_json:
        print_json(report)
        return
    _render(report, review=review, now=now, days=days)


@stats_app.command("goal")
def goal(
    answers: int = typer.Argument(None, help="Answers a day (1-500); none: show the goal.", min=1, max=500),
    reviews: int = typer.Option(
        None, "--reviews", help="Reviews a day at most (1-1000, default 50).", min=1, max=1000
    ),
    db: Path = db_option(),
) -> None:
    """Show or set the daily goal (answers a day); the day streak counts days that meet it."""
    from trainer.cli.context import SETTINGS
    from trainer.cli.progress_db import current_user, db_path
    from trainer.cli.render import console
    from trainer.i18n import t
    from trainer.store.store import Store
    from trainer.training.daily import GOAL_KEY, REVIEWS_KEY, parse_goal, parse_reviews

    user = current_user()
    with Store.open(db_path(db)) as store:
        if answers is not None:
            store.set_setting(user=user, key=GOAL_KEY, value=str(answers))
        if reviews is not None:
            store.set_setting(user=user, key=REVIEWS_KEY, value=str(reviews))
        current = parse_goal(store.setting(user=user, key=GOAL_KEY))
        cap = parse_reviews(store.setting(user=user, key=REVIEWS_KEY))
    console().print(t("adapt.goal.is", SETTINGS.lang, n=current), markup=False)
    console().print(t("training.goal.reviews", SETTINGS.lang, n=cap), markup=False)


def _ruleset_or_none(name: str) -> Any:
    """A ruleset by the name stored with answers (None when it no longer loads)."""
    from trainer.cli.options import load
    from trainer.engine.errors import CribError

    try:
        return load(name)
    except CribError:
        return None


def _ideas(out: Any, ideas: list[dict[str, Any]], *, lang: str) -> None:
    """Ideas by what was missed: the weak spot in words, then each idea, weakest first."""
    from rich.text import Text

    from trainer.i18n import nt, t
    from trainer.training.weak_spot import HISTORY  # the list reads recent answers, the tables all

    out.print()
    out.print(Text(nt("training.stats.ideas", HISTORY, lang), style="bold"))
    if not ideas:
        out.print(t("training.stats.none", lang), markup=False)
        return
    weak = [row for row in ideas if row["weak"]]
    if weak:
        top = weak[0]
        out.print(
            Text(
                t(
                    "training.stats.weak_spot",
                    lang,
                    idea=t(f"training.idea.{top['idea']}", lang) if _known_idea(top["idea"]) else top["idea"],
                    drill_name=t(f"drill.name.{top['drill']}", lang),
                ),
                style="yellow",
            )
        )
    for row in ideas:
        key = (
            "training.stats.weak"
            if row["weak"]
            else ("training.stats.mastered" if row["mastered"] else "training.stats.learning")
        )
        out.print(
            t(
                key,
                lang,
                drill_name=t(f"drill.name.{row['drill']}", lang),
                drill=row["drill"],
                idea=t(f"training.idea.{row['idea']}", lang)
                if _known_idea(row["idea"])
                else _theme_name(str(row["drill"]), str(row["idea"]), lang),
                theme=row["theme"],
                lesson=row["lesson"],
                answers=row["answers"],
                misses=row["misses"],
                percent=round(100 * float(row["mastery"])),
            ),
            markup=False,
        )


def _known_idea(idea: object) -> bool:
    from trainer.i18n import has

    return has(f"training.idea.{idea}")


def _pct(value: float | None) -> str:
    from trainer.cli.context import SETTINGS
    from trainer.i18n.typography import percent

    return "–" if value is None else percent(value, SETTINGS.lang)


def _num(value: float, spec: str) -> str:
    """A number with the decimal comma in Russian."""
    from trainer.cli.context import SETTINGS
    from trainer.i18n import number

    return number(value, spec, SETTINGS.lang)


def _secs(value: float | None, lang: str) -> str:
    from trainer.i18n import number, t

    return "—" if value is None else t("common.seconds", lang, seconds=number(value, ".1f", lang))


def sparkline(values: list[int | None], *, ascii_only: bool = False) -> str:
    """One character per day, from the lowest to the highest value shown; '·' before any value."""
    marks = SPARK_ASCII if ascii_only else SPARK
    known = [v for v in values if v is not None]
    if not known:
        return "·" * len(values)
    low, high = min(known), max(known)
    span = max(1, high - low)
    return "".join(
        "·" if v is None else marks[min(len(marks) - 1, (v - low) * (len(marks) - 1) // span)] for v in values
    )


def with_theme_names(report: Summary) -> NamedSummary:
    """The report with each theme's English name beside its id (`theme_name`, a `--json` key),
    in the places `--json` has always had it."""
    from trainer.i18n.drill_words import theme_name

    def named(row: ThemeTally) -> NamedThemeTally:
        name = theme_name(row["drill"], row["theme"])
        return {"drill": row["drill"], "theme": row["theme"], "theme_name": name, **row}

    return {
        **report,
        "by_theme": [named(row) for row in report["by_theme"]],
        "weakest": [
            {**row, "theme_name": theme_name(row["drill"], row["theme"])} for row in report["weakest"]
        ],
    }


def _theme_name(drill: str, theme: str, lang: str) -> str:
    """A theme as the user reads it, by its name in either language (a penalty theme is an
    irregularity, named as the rules reference names it); the id is in the command beside it."""
    from trainer.drills.kinds import kind
    from trainer.i18n import has, t

    if lang == "en":
        from trainer.i18n.drill_words import theme_name

        return _in_a_list(theme_name(drill, theme)) if theme else theme
    if kind(drill).IRREGULARITY_THEMES:
        from trainer.i18n.rulings import irregularity_names

        return _in_a_list(irregularity_names(lang).get(theme, theme))
    for key in (f"theme.{theme}", f"adapt.theme.{theme}"):
        if has(key, lang):
            return t(key, lang)
    return theme


def _render(report: StatsReport, *, review: dict[str, Any], now: float, days: int) -> None:
    from rich.text import Text

    from trainer.cli.context import SETTINGS
    from trainer.cli.drill.due_words import due_line
    from trainer.cli.progress_db import named_user
    from trainer.cli.render import console
    from trainer.cli.usertext import clean
    from trainer.i18n import nt, t

    lang = SETTINGS.lang
    out = console()
    named = named_user()
    title = t("stats.title", lang, user=clean(named)) if named else t("stats.title.own", lang)
    out.print(Text(title, style="bold"))
    d = report["daily"]
    goal = t("adapt.stats.goal_met" if d["goal_met"] else "adapt.stats.goal_open", lang, goal=d["goal"])
    today = int(str(d["today"]))
    out.print(
        nt("adapt.stats.today", today, lang, goal=goal, streak=d["streak"], best=d["best_streak"]),
        markup=False,
    )
    out.print(t("adapt.stats.goal_hint", lang), style="dim", markup=False)
    _streak_mode(out, report["streak_mode"], lang=lang)
    if report["game_figures"]:
        _game_figures(out, report["game_figures"], lang=lang)
    if not report["total"]["asked"]:
        out.print(t("stats.none", lang))
        return
    if report["ratings"]:
        _ratings(out, report["ratings"], lang=lang)
    _tables(out, report, lang=lang)
    _trend(out, report["trend"], lang=lang, days=days)
    _practice(out, report["practice"], lang=lang)
    _ideas(out, report["ideas"], lang=lang)
    _weakest(out, report["weakest"], lang=lang)
    out.print()
    out.print(due_line(review, now=now, lang=lang), markup=False)
    if review["flagged"]:
        out.print(nt("adapt.stats.flagged", len(review["flagged"]), lang), markup=False)


def _streak_mode(out: Any, streak: StreakMode, *, lang: str) -> None:
    """The best run of streak mode, or how to start one."""
    from trainer.i18n import nt, t

    best = int(streak["best"])
    text = nt("training.stats.streak_best", best, lang) if best else t("training.stats.streak_none", lang)
    out.print(text, markup=False)


def _game_figures(out: Any, figures: list[GameFigure], *, lang: str) -> None:
    """Decisions at the table, skill by skill: how many, how many were the best, points lost."""
    from rich.table import Table

    from trainer.cli.render import keep_words
    from trainer.i18n import t

    table = Table(title=t("training.stats.games", lang), box=None, pad_edge=False, title_justify="left")
    for key, justify in (
        ("training.stats.col_game_skill", "left"),
        ("training.stats.col_decisions", "right"),
        ("training.stats.col_best", "right"),
        ("stats.col_lost", "right"),
        ("training.stats.col_lost_each", "right"),
    ):
        table.add_column(t(key, lang), justify=justify)  # type: ignore[arg-type]
    for row in figures:
        decisions = int(row["decisions"])
        lost = float(row["points_lost"])
        # a count loses whole points (exact), shown whole; an expected loss (a discard or a
        # play, a mean) is a whole number only by chance, and then reads as one too
        whole = lost == int(lost)
        table.add_row(
            t(f"training.stats.game_skill.{row['skill']}", lang),
            str(decisions),
            _pct(row["best_share"]),
            str(int(lost)) if whole else _num(lost, ".2f"),
            _num(float(row["points_lost"]) / decisions, ".2f") if decisions else "–",
        )
    out.print()
    out.print(keep_words(table))


def _ratings(out: Any, ratings: list[dict[str, Any]], *, lang: str) -> None:
    from rich.table import Table

    from trainer.cli.context import SETTINGS
    from trainer.i18n import t, variant_name
    from trainer.training.standing import family_name

    table = Table(title=t("adapt.stats.ratings", lang), box=None, pad_edge=False, title_justify="left")
    for key, justify in (
        ("stats.col_drill", "left"),
        ("adapt.stats.col_family", "left"),
        ("adapt.stats.col_rating", "right"),
        ("adapt.stats.col_deviation", "right"),
        ("stats.col_asked", "right"),
    ):
        table.add_column(t(key, lang), justify=justify)  # type: ignore[arg-type]
    table.add_column(t("adapt.stats.col_history", lang, n=len(max((r["recent"] for r in ratings), key=len))))
    for row in ratings:
        values = row["recent"]
        span = f" {values[0]} → {values[-1]}" if values else ""
        table.add_row(
            t(f"drill.name.{row['skill']}", lang),
            variant_name(family_name(row["family"]), lang),  # «классика»; ids stay in --json
            str(row["rating"]),
            f"± {row['deviation']}",
            str(row["games"]),
            sparkline(values, ascii_only=SETTINGS.ascii_cards) + span,
        )
    out.print()
    from trainer.cli.render import keep_words

    out.print(keep_words(table))
    out.print(_dim(t("adapt.stats.ratings_note", lang)))


def _dim(text: str) -> Any:
    from rich.text import Text

    return Text(text, style="dim")


def _tables(out: Any, report: StatsReport, *, lang: str) -> None:
    from rich.table import Table

    from trainer.i18n import t, variant_name

    tables: tuple[tuple[str, Sequence[Mapping[str, Any]], tuple[str, ...]], ...] = (
        ("stats.by_drill", report["by_drill"], ("drill",)),
        ("stats.by_theme", report["by_theme"], ("drill", "theme_name")),
        ("adapt.stats.by_ruleset", report["by_ruleset"], ("ruleset",)),
    )
    for key, rows, first in tables:
        table = Table(title=t(key, lang), box=None, pad_edge=False, title_justify="left")
        names = {
            "drill": "stats.col_drill",
            "theme_name": "stats.col_theme",
            "ruleset": "adapt.stats.col_ruleset",
        }
        for column in first:
            table.add_column(t(names[column], lang))
        for col in ("stats.col_asked", "stats.col_accuracy", "stats.col_median", "stats.col_lost"):
            table.add_column(t(col, lang), justify="right")
        table.add_column(t("adapt.stats.col_ev_lost", lang), justify="right")
        for row in rows:
            cells = [t(f"drill.name.{row['drill']}", lang)] if "drill" in first else []
            if "theme_name" in first:
                theme = str(row["theme"])
                shown = row["theme_name"] if lang == "en" else _theme_name(str(row["drill"]), theme, lang)
                cells.append(str(shown))
            if "ruleset" in first:
                cells.append(variant_name(str(row["ruleset"]), lang))  # «классика», a house name as is
            cells += [
                str(row["asked"]),
                _pct(row["accuracy"]),
                _secs(row["median_seconds"], lang),
                _num(row["points_lost"], "g"),
                _num(row["expected_points_lost"], ".2f"),
            ]
            table.add_row(*cells)
        out.print()
        from trainer.cli.render import keep_words

        out.print(keep_words(table))
    out.print(_dim(t("adapt.stats.lost_note", lang)))


def _trend(out: Any, trend: list[DayTally], *, lang: str, days: int) -> None:
    from rich.text import Text

    from trainer.cli.context import SETTINGS
    from trainer.i18n import t
    from trainer.i18n.typography import day as shown_day

    full, empty = ("#", ".") if SETTINGS.ascii_cards else ("█", "░")
    out.print()
    out.print(Text(t("stats.trend", lang, n=days), style="bold"))
    for day in trend:
        accuracy = day["accuracy"]
        if accuracy is None:
            out.print(Text(f"{shown_day(day['day'], lang)}  {'·':<{BAR_WIDTH}}", style="dim"))
            continue
        filled = round(accuracy * BAR_WIDTH)
        bar = Text(f"{shown_day(day['day'], lang)}  ")
        bar.append(full * filled, style="green")
        bar.append(empty * (BAR_WIDTH - filled), style="dim")
        bar.append(f" {_pct(accuracy):>4} ({day['asked']})")
        out.print(bar)


def _practice(out: Any, practice: list[PracticeDay], *, lang: str) -> None:
    from rich.text import Text

    from trainer.cli.context import SETTINGS
    from trainer.i18n import t
    from trainer.i18n.typography import day as shown_day

    full = "#" if SETTINGS.ascii_cards else "█"
    top = max((day["seconds"] for day in practice), default=0.0)
    out.print()
    out.print(Text(t("adapt.stats.practice", lang), style="bold"))
    for day in practice:
        minutes = day["seconds"] / 60
        width = 0 if not top else max(1 if day["seconds"] else 0, round(BAR_WIDTH * day["seconds"] / top))
        line = Text(f"{shown_day(day['day'], lang)}  ")
        line.append(full * width, style="cyan")
        line.append(" " * (BAR_WIDTH - width))
        line.append(
            " "
            + t(
                "adapt.stats.minutes",
                lang,
                minutes=_num(minutes, ".1f"),
                answers=day["answers"],
                n=day["answers"],
            )
        )
        out.print(line)
    out.print(_dim(t("adapt.stats.practice_note", lang)))


def _weakest(out: Any, weakest: list[NamedThemeTally], *, lang: str) -> None:
    from rich.text import Text

    from trainer.i18n import t

    out.print()
    out.print(Text(t("stats.weakest", lang), style="bold"))
    if not weakest:
        out.print(t("stats.weakest_none", lang))
    for row in weakest:
        out.print(
            t(
                "adapt.stats.weak_line",
                lang,
                drill=row["drill"],
                name=row["theme_name"],
                theme=row["theme"],
                drill_name=row["drill"] if lang == "en" else t(f"drill.name.{row['drill']}", lang),
                theme_name=_theme_name(str(row["drill"]), str(row["theme"]), lang),
                percent=round(100 * (row["accuracy"] or 0)),
                asked=row["asked"],
                seconds=_num(row["median_seconds"] or 0, ".1f"),
            ),
            markup=False,
        )


def _in_a_list(name: str) -> str:
    """An irregularity's name (a heading, «Неверное число карт…») as a list line's theme, in lower
    case like the other themes («неверное число карт…»); an abbreviation (ACC) keeps its capitals."""
    for i, ch in enumerate(name):
        if ch.isalpha():
            if name[i + 1 : i + 2].isupper():
                return name
            return name[:i] + ch.lower() + name[i + 1 :]
    return name
