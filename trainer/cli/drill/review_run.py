"""`crib drill review`: the cards FSRS says are due, each asked as a fresh hand of its pattern.

Imported only when the review runs. The answer to a variant updates the card it came from
(`card_key`), so a pattern keeps one schedule however many different hands it is asked with.
Only the due cards' keys are read up front (to count and order them); each card's question is
read and its variant built when it is next, on the session's prefetch thread while the player
answers the one before, so the first question costs the same with ten cards due or thirty
thousand.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypedDict

from rich.text import Text

from trainer.cli.backfill import open_store
from trainer.cli.context import SETTINGS
from trainer.cli.drill.drill_runner import RunConfig, Runner
from trainer.cli.drill.due_words import due_line
from trainer.cli.options import load, print_json
from trainer.cli.progress_db import current_user
from trainer.cli.render import console, err_console
from trainer.drills.model import Question
from trainer.drills.records import AttemptEntry, RunReport
from trainer.drills.session import Limits, Session
from trainer.engine.errors import CribError
from trainer.engine.ruleset import Ruleset
from trainer.i18n import nt, t
from trainer.store.store import Store
from trainer.store.training_tables import CardItem
from trainer.training.daily import REVIEWS_KEY, forecast, forecast_end, iso_time, parse_reviews, reviews_left
from trainer.training.patterns import variant


def run_review(
    *, n: int | None, seed: int | None, as_json: bool, answers: Path | None, db: Path | None
) -> None:
    """Serve the due cards, each as a new variant under the ruleset it was first asked with."""
    lang = SETTINGS.lang
    user = current_user()
    out = err_console() if as_json else console()
    with open_store(db) as store:
        now = time.time()
        started = now
        cap = parse_reviews(store.setting(user=user, key=REVIEWS_KEY))
        left = reviews_left(_review_times(store, user=user, now=now), cap=cap, now=now)
        limit = left if n is None else min(n, left)
        items = store.due_keys(user=user, now=now, limit=limit) if limit else []
        summary = _summary(store, user, now)
        out.print(Text(due_line(summary, now=now, lang=lang), style="bold"))
        if summary["due"] > len(items) and (n is None or n > len(items)):
            waiting = summary["due"] - len(items)
            out.print(Text(nt("training.review.capped", waiting, lang, cap=cap), style="yellow"))
        report: RunReport | NothingDue = _nothing_due(seed)
        if items:
            report = _ask(
                items, store=store, user=user, seed=seed, as_json=as_json, answers=answers, db=db, lang=lang
            )
            now = time.time()
            summary = _summary(store, user, now)
            out.print(Text(due_line(summary, now=now, lang=lang), style="bold"))
        # the forecast's days: today (overdue cards count today) and the six after it
        tomorrow, end = forecast_end(now, days=1), forecast_end(now)
        overdue = store.due_before(user=user, before=tomorrow)
        ahead = forecast(
            store.due_times(user=user, since=tomorrow, before=end), now=now, cap=cap, overdue=overdue
        )
        set_aside = store.suspended_since(user=user, since=started) if items else []
    for item in set_aside:
        out.print(Text(suspended_line(item, lang=lang), style="yellow"))
    out.print(Text(forecast_line(ahead, lang=lang), style="dim"))
    if as_json:
        figures: ReviewFigures = {
            "due": summary["due"],
            "waiting": summary["waiting"],
            "next_due": iso_time(summary["next_due"]),
            "daily_limit": cap,
            "forecast": [{"day": day, "reviews": count} for day, count in ahead],
            "suspended": [item.pattern for item in set_aside],
        }
        print_json({**report, **figures})


class NothingDue(TypedDict):
    """The report of a review with no card due: the run report's fixed keys, nothing asked."""

    drill: str
    ruleset: None
    seed: int | None
    questions: list[AttemptEntry]
    correct: int
    asked: int


def _nothing_due(seed: int | None) -> NothingDue:
    return {"drill": "review", "ruleset": None, "seed": seed, "questions": [], "correct": 0, "asked": 0}


class ForecastDay(TypedDict):
    day: str
    reviews: int


class ReviewFigures(TypedDict):
    """What `crib drill review --json` adds after the run: the cards due, the cap, the week."""

    due: int
    waiting: int
    next_due: str | None
    daily_limit: int | None
    forecast: list[ForecastDay]
    suspended: list[str]


def _summary(store: Store, user: str, now: float) -> dict[str, Any]:
    return store.review_summary(user=user, now=now, flagged=False)


def _ask(
    items: list[tuple[str, str]],
    *,
    store: Store,
    user: str,
    seed: int | None,
    as_json: bool,
    answers: Path | None,
    db: Path | None,
    lang: str,
) -> RunReport | NothingDue:
    """Ask the due cards `items` ((pattern, ruleset), in order), each built when it is next."""
    loaded: dict[str, Ruleset] = {}
    out = err_console() if as_json else console()
    for spec in dict.fromkeys(ruleset for _, ruleset in items):
        try:
            loaded[spec] = load(spec)
        except CribError as exc:  # a house ruleset file moved or gone: its cards wait
            from trainer.cli.error_text import error_text as _error_text

            why = _error_text(exc)
            out.print(Text(t("adapt.review.skipped", lang, ruleset=spec, reason=why), style="yellow"))
    askable = [pattern for pattern, ruleset in items if ruleset in loaded]
    if not askable:
        return _nothing_due(seed)
    rng = random.Random(seed)
    card_of: dict[str, CardItem] = {}

    def questions() -> Iterator[Question]:
        for pattern in askable:
            item = store.card(user=user, pattern=pattern)
            if item is None or item.ruleset not in loaded:
                continue
            try:
                fresh = variant(item.question, rng, ruleset=loaded[item.ruleset])
            except CribError:  # a hand-written question the engine cannot read (bad cards, sizes)
                fresh = item.question  # a hand-written question has no variants: ask it as it was
            card_of[fresh.id] = item
            yield fresh

    def note(question: Question) -> str | None:
        item = card_of[question.id]
        # how often it was missed, in words with its plural ("once", «2 раза»); a card due with no
        # miss on record (only slow) says it is due instead of "(0×)"
        if item.lapses:
            if item.lapses == 1:  # «в котором вы ошиблись», not «ошибались уже 1 раз»
                text = t("adapt.review.variant_missed_once", lang)
            else:
                text = nt("adapt.review.variant_missed", item.lapses, lang)
        else:
            text = t("adapt.review.variant_due", lang)
        if item.flagged:
            text += " " + t("drill.review.flagged", lang)
        return text

    session = Session(
        questions=questions(),
        ruleset_for=lambda q: loaded[card_of[q.id].ruleset],
        limits=Limits(questions=len(askable)),
        prefetch=True,
    )
    config = RunConfig(
        drill="review",
        mode="review",
        ruleset=",".join(sorted(loaded)),
        seed=seed,
        as_json=as_json,
        answers=answers,
        db=db,
        total=len(askable),
    )
    store.check_writable()  # answers that cannot be saved fail now, not after the first question
    return Runner(
        session=session,
        config=config,
        rulesets=lambda q: loaded[card_of[q.id].ruleset],
        store=store,
        note=note,
        spec_for=lambda q: card_of[q.id].ruleset,
        card_key=lambda q: card_of[q.id].pattern,
    ).run()


def _review_times(store: Store, *, user: str, now: float) -> list[float]:
    """When today's review answers were given (the daily limit counts them)."""
    from datetime import datetime

    midnight = datetime.fromtimestamp(now).replace(hour=0, minute=0, second=0, microsecond=0).timestamp()
    return [
        r.answered_at for r in store.answers(user=user, since=midnight, expected=False) if r.mode == "review"
    ]


def forecast_line(ahead: list[tuple[str, int]], *, lang: str) -> str:
    """'Due in the next 7 days: 12-02 5 · 12-03 0 · …' (month-day and reviews; 02.12 in Russian)."""
    from trainer.i18n.typography import day as shown_day

    days = " · ".join(
        t("training.review.forecast_day", lang, day=shown_day(day, lang), n=count) for day, count in ahead
    )
    return t("training.review.forecast", lang, days=days)


def suspended_line(item: CardItem, *, lang: str) -> str:
    """A card set aside from daily review, with the lesson and the drill that teach its idea."""
    from trainer.drills.ideas import LESSON_OF_IDEA, ideas_of, lesson_of_skill, theme_for

    q = item.question
    try:
        ideas = ideas_of(q, ruleset=load(item.ruleset))
    except CribError:
        ideas = ()
    idea = ideas[0] if ideas else q.theme
    lesson = LESSON_OF_IDEA.get(idea, lesson_of_skill(q.kind))
    theme = theme_for(idea) if idea else ""
    return nt("training.review.suspended", item.lapses, lang, lesson=lesson, drill=q.kind, theme=theme or "-")
