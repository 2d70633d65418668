"""The menu `crib` opens in a terminal: home. It says what is due today, the day streak and the
daily goal; each activity runs and then comes back here, so a day's practice needs no relaunch.
Quit leaves with 0; Esc or Ctrl-C at the menu leaves with 130 (as Ctrl-C does elsewhere).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click
import typer


def _drills() -> tuple[tuple[str, list[str]], ...]:
    """One entry per drill kind of the registry, in the order of the kinds' `MENU_RANK`."""
    from trainer.drills.kinds import all_kinds

    ranked = sorted(all_kinds(), key=lambda entry: entry[1].MENU_RANK)
    return tuple((f"adapt.menu.{name}", ["drill", name]) for name, _ in ranked)


# (message id of the label, the command it runs); the label is looked up in the user's language.
ENTRIES: tuple[tuple[str, list[str]], ...] = (
    ("adapt.menu.play", ["play"]),
    *_drills(),
    ("adapt.menu.review", ["drill", "review"]),
    ("adapt.menu.sprint", ["quiz", "run", "--sprint", "3m"]),
    ("adapt.menu.streak_mode", ["drill", "streak"]),
    ("adapt.menu.learn", ["learn"]),
    ("adapt.menu.compare", ["rules", "compare"]),
    ("adapt.menu.stats", ["stats"]),
    ("adapt.menu.distribution", ["stats", "distribution"]),
)
# Screens that print and end: wait for Enter before the menu is drawn again below them.
SCREENS = ("stats", "rules")
INTERRUPTED = 130


def run_menu(ctx: typer.Context, main: Callable[[list[str]], int]) -> None:
    """Show the menu until the player quits; raises typer.Exit with the exit code. `main` runs one
    command line (the application's own, passed in so the menu never imports the application)."""
    from trainer.cli.context import SETTINGS
    from trainer.cli.render import console
    from trainer.i18n import t

    lang = SETTINGS.lang
    available = [(label, argv) for label, argv in ENTRIES if _exists(ctx, argv)]
    out = console()
    while True:
        out.print()
        lines, due = status(lang)
        for line in lines:
            out.print(line, markup=False, highlight=False)
        picked = _select(t("adapt.menu.title", lang), available, lang=lang, due=due, best=best_streak())
        if picked is None:
            out.print(t("adapt.menu.bye", lang), markup=False)
            raise typer.Exit(INTERRUPTED)
        if picked == -1:
            raise typer.Exit(0)
        argv = available[picked][1]
        main([*carried(), *argv])
        if argv[0] in SCREENS:
            _pause(t("adapt.menu.back", lang))


def carried() -> list[str]:
    """The global options the menu was started with, for every command it runs: `main` sets the
    language and the ranks afresh from its own arguments, so `crib --lang ru` would otherwise
    run its lessons and drills in the locale's language."""
    from trainer.cli.context import SETTINGS

    out = ["--lang", SETTINGS.lang]
    if SETTINGS.ranks == "jqka":
        out += ["--ranks", "jqka"]
    if SETTINGS.ascii_cards:
        out.append("--ascii")
    return out


def label(key: str, argv: list[str], lang: str, *, due: int = 0, best: int = 0) -> str:
    """The entry's words in the user's language; the review entry says how many are due, the
    streak entry the best run so far."""
    from trainer.i18n import nt, t

    text = t(key, lang)
    if argv == ["drill", "review"] and due:
        text += " " + nt("adapt.menu.review_due", due, lang)  # a clause, not a pasted status line
    if argv == ["drill", "streak"] and best:
        text += " — " + t("adapt.menu.streak_best", lang, n=best)
    return text


def best_streak() -> int:
    """The best streak run in the default database (0 when it cannot be read)."""
    from trainer.cli.progress_db import current_user, default_db_path
    from trainer.engine.errors import CribError
    from trainer.store.store import Store

    try:
        with Store.open(default_db_path()) as store:
            return store.best_streak(user=current_user()).best
    except CribError:
        return 0


def status(lang: str) -> tuple[list[str], int]:
    """'Today 4 answers (goal 10) · day streak 3' and the reviews due (with their number); nothing
    if the database cannot be read (the activities themselves then say why)."""
    import time

    from trainer.cli.progress_db import current_user, default_db_path
    from trainer.engine.errors import CribError
    from trainer.i18n import nt, t
    from trainer.store.store import Store
    from trainer.training.daily import GOAL_KEY, daily_from_counts, parse_goal

    user = current_user()
    now = time.time()
    try:
        with Store.open(default_db_path()) as store:
            goal = parse_goal(store.setting(user=user, key=GOAL_KEY))
            today = daily_from_counts(store.answers_per_day(user=user), goal=goal, now=now)
            summary = store.review_summary(user=user, now=now, flagged=False)
            statuses = store.lesson_statuses(user=user)
        path = path_line(statuses, lang)
    except CribError:
        return [], 0
    from trainer.cli.drill.due_words import due_line

    goal_key = "adapt.stats.goal_met" if today.goal_met else "adapt.stats.goal_open"
    goal_said = t(goal_key, lang, goal=today.goal)
    lines = [
        nt("adapt.menu.answers_today", today.today, lang, goal=goal_said)
        + " · "
        + nt("adapt.menu.streak", today.streak, lang),
        due_line(summary, now=now, lang=lang),
        path,
    ]
    return lines, int(summary["due"])


def path_line(statuses: dict[str, Any], lang: str) -> str:
    """The lesson path in one line: how many lessons are mastered, and the next one to do
    ('Lessons: 3 of 16 mastered · next: 4. Flushes and his nobs (crib learn 4)')."""
    from trainer.cli.reference.lesson_set import ladder, lessons_in, next_lesson
    from trainer.i18n import t

    rows = ladder(lessons_in(lang), statuses)
    mastered = sum(1 for r in rows if r["passed"])
    upcoming = next_lesson(rows)
    if upcoming is None:
        return t("adapt.menu.path_done", lang, total=len(rows))
    return t(
        "adapt.menu.path",
        lang,
        mastered=mastered,
        total=len(rows),
        number=upcoming["number"],
        title=upcoming["title"],
    )


def _select(
    message: str, available: list[tuple[str, list[str]]], *, lang: str, due: int, best: int = 0
) -> int | None:
    """The picked entry's index, -1 for Quit, None for Esc or Ctrl-C."""
    import questionary
    from prompt_toolkit.keys import Keys

    from trainer.i18n import t

    choices = [
        questionary.Choice(label(text, argv, lang, due=due, best=best), value=i)
        for i, (text, argv) in enumerate(available)
    ]
    choices.append(questionary.Choice(t("adapt.menu.quit", lang), value=-1))
    question = questionary.select(message, choices, instruction=t("adapt.menu.hint", lang))
    bindings: Any = question.application.key_bindings

    @bindings.add(Keys.Escape)  # type: ignore[untyped-decorator]  # prompt_toolkit: untyped
    def _leave(event: Any) -> None:
        event.app.exit(exception=KeyboardInterrupt, style="class:aborting")

    try:
        picked = question.unsafe_ask()
    except (KeyboardInterrupt, EOFError):
        return None
    return int(picked)


def _pause(message: str) -> None:
    try:
        input(message)
    except (KeyboardInterrupt, EOFError):
        print()


def _exists(ctx: typer.Context, argv: list[str]) -> bool:
    command = ctx.command
    for word in argv:
        if word.startswith("-"):
            break
        sub = command.get_command(ctx, word) if isinstance(command, click.Group) else None
        if sub is None:
            return False
        command = sub
    return True
