"""`crib drill ...`: interactive practice, graded by the engine, every answer saved at once.

This module is imported at start-up, so it only declares commands; the session machinery is
imported inside `run_drill` when a drill actually runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any  # option factories return typer.Option(...), typed as the value it gives

import typer

from trainer.cli.groups import drill_app
from trainer.cli.options import json_option, ruleset_option

LEVELS_HELP = "beginner (fifteens and pairs) · intermediate · advanced · expert (double runs, crib flushes)."


def level_option() -> Any:
    return typer.Option("intermediate", "--level", "-l", help=LEVELS_HELP)


def theme_option(themes: str) -> Any:
    return typer.Option("", "--theme", "-t", help=f"Only questions on one theme: {themes}.")


def count_option(default: int | None = 10) -> Any:
    return typer.Option(default, "-n", "--questions", help="How many questions.", min=1)


def seed_option() -> Any:
    return typer.Option(None, "--seed", help="Same seed, same questions, on any machine.")


def answers_option() -> Any:
    return typer.Option(
        None,
        "--answers",
        help="Read answers from this file, one per line (as when stdin is not a terminal).",
        dir_okay=False,
    )


def db_option() -> Any:
    return typer.Option(
        None,
        "--db",
        envvar="CRIB_DB",
        help="Progress database (default: your user data folder).",
        dir_okay=False,
    )


def run_drill(
    drill: str,
    *,
    form: str = "",
    level: str,
    theme: str,
    n: int,
    seed: int | None,
    ruleset: str,
    as_json: bool,
    answers: Path | None,
    db: Path | None,
) -> None:
    """Set up the question stream and run the session; JSON to stdout with --json."""
    from trainer.cli.drill_runner import RunConfig, Runner
    from trainer.cli.options import load, print_json
    from trainer.drills.generators import DrillSpec, new_seed, stream, validate
    from trainer.drills.session import Limits, Session

    rules = load(ruleset)
    seed = new_seed() if seed is None else seed
    spec = DrillSpec(drills=(drill,), ruleset=rules, level=level, theme=theme, form=form, seed=seed)
    validate(spec)
    session = Session(
        questions=stream(spec), ruleset_for=lambda q: rules, limits=Limits(questions=n), prefetch=True
    )
    config = RunConfig(
        drill=drill,
        mode="drill",
        ruleset=rules.name,
        ruleset_spec=ruleset_spec(ruleset),
        seed=seed,
        as_json=as_json,
        answers=answers,
        db=db,
        total=n,
        extra={"level": spec.level, "theme": theme, "form": form or None},
    )
    report = Runner(session=session, config=config, rulesets=lambda q: rules).run()
    if as_json:
        print_json(report)


@drill_app.command("count")
def count(
    itemised: bool = typer.Option(
        False, "--itemised", "-i", help="Give the points of each kind: fifteens pairs runs flush nobs."
    ),
    level: str = level_option(),
    theme: str = theme_option("fifteens, pairs, runs, flush, nobs, crib"),
    n: int = count_option(),
    seed: int = seed_option(),
    ruleset: str = ruleset_option(),
    as_json: bool = json_option(),
    answers: Path = answers_option(),
    db: Path = db_option(),
) -> None:
    """Count hands and cribs: type the total (or each kind with --itemised)."""
    run_drill(
        "count",
        form="itemised" if itemised else "total",
        level=level,
        theme=theme,
        n=n,
        seed=seed,
        ruleset=ruleset,
        as_json=as_json,
        answers=answers,
        db=db,
    )


@drill_app.command("peg")
def peg(
    form: str = typer.Option(
        "", "--form", "-f", help="points (what does this card score?) or play (which card?); default both."
    ),
    level: str = level_option(),
    theme: str = theme_option("fifteens-in-play, pairs-in-play, runs-in-play, 31, go"),
    n: int = count_option(),
    seed: int = seed_option(),
    ruleset: str = ruleset_option(),
    as_json: bool = json_option(),
    answers: Path = answers_option(),
    db: Path = db_option(),
) -> None:
    """Pegging: what a played card scores, and which card to play."""
    run_drill(
        "peg",
        form=form,
        level=level,
        theme=theme,
        n=n,
        seed=seed,
        ruleset=ruleset,
        as_json=as_json,
        answers=answers,
        db=db,
    )


def _simple_drill(kind: str, *, themes: str, doc: str) -> None:
    """Register a drill that takes only the shared options (level, theme, n, seed, ...)."""

    def command(
        level: str = level_option(),
        theme: str = theme_option(themes),
        n: int = count_option(),
        seed: int = seed_option(),
        ruleset: str = ruleset_option(),
        as_json: bool = json_option(),
        answers: Path = answers_option(),
        db: Path = db_option(),
    ) -> None:
        run_drill(
            kind,
            level=level,
            theme=theme,
            n=n,
            seed=seed,
            ruleset=ruleset,
            as_json=as_json,
            answers=answers,
            db=db,
        )

    command.__doc__ = doc
    command.__name__ = kind
    drill_app.command(kind)(command)


_simple_drill(
    "muggins",
    themes="fifteens, pairs, runs, flush, nobs, crib",
    doc="The computer counts its hand, sometimes wrongly: accept, call muggins, or correct it.",
)
_simple_drill(
    "discard",
    themes="dealer (your crib), pone (the opponent's crib)",
    doc="Lay away 2 (or 1 with three or four players): graded by expected points.",
)
_simple_drill(
    "penalty",
    themes="an irregularity id such as renege, overpegging, muggins_claim",
    doc="An irregularity in words: choose the ruling under the ruleset's penalty set.",
)


@drill_app.command("review")
def review(
    n: int = count_option(None),
    as_json: bool = json_option(),
    answers: Path = answers_option(),
    db: Path = db_option(),
) -> None:
    """The questions you missed (or answered slowly), when they are due again."""
    run_review(n=n, as_json=as_json, answers=answers, db=db)


def ruleset_spec(spec: str) -> str:
    """What to store so `drill review` can load the ruleset again: a name, or an absolute path."""
    path = Path(spec).expanduser()
    return str(path.resolve()) if path.suffix in (".yaml", ".yml") or path.is_file() else spec


def run_review(*, n: int | None, as_json: bool, answers: Path | None, db: Path | None) -> None:
    """Serve the due review items, each under the ruleset it was first asked with."""
    import time

    from trainer.cli.context import SETTINGS
    from trainer.cli.drill_runner import RunConfig, Runner
    from trainer.cli.options import load, print_json
    from trainer.cli.render import console, err_console
    from trainer.drills.i18n import t
    from trainer.drills.session import Limits, Session
    from trainer.drills.store import Store, current_user, default_db_path

    lang = SETTINGS.lang
    store = Store.open(db or default_db_path())
    try:
        now = time.time()
        items = store.due(user=current_user(), now=now, limit=n)
        if not items:
            info = store.review_summary(user=current_user(), now=now)
            out = err_console() if as_json else console()
            out.print(t("drill.review.nothing_due", lang))
            if info["next_due"] is not None:
                when = time.strftime("%Y-%m-%d %H:%M", time.localtime(info["next_due"]))
                out.print(t("drill.review.next_due", lang, when=when))
            if as_json:
                print_json(
                    {
                        "drill": "review",
                        "ruleset": None,
                        "seed": None,
                        "questions": [],
                        "correct": 0,
                        "asked": 0,
                        "due": 0,
                        "next_due": info["next_due"],
                    }
                )
            return
        loaded = {item.ruleset: load(item.ruleset) for item in items}
        by_id = {item.question.id: item for item in items}
        (err_console() if as_json else console()).print(t("drill.review.due", lang, n=len(items)))
        session = Session(
            questions=iter([item.question for item in items]),
            ruleset_for=lambda q: loaded[by_id[q.id].ruleset],
            limits=Limits(questions=len(items)),
            prefetch=True,
        )

        def note(question: object) -> str | None:
            item = by_id[getattr(question, "id", "")]
            return t("drill.review.flagged", lang, n=item.state.lapses) if item.state.flagged else None

        config = RunConfig(
            drill="review",
            mode="review",
            ruleset=",".join(sorted(loaded)),
            seed=None,
            as_json=as_json,
            answers=answers,
            db=db,
            total=len(items),
        )
        report = Runner(
            session=session,
            config=config,
            rulesets=lambda q: loaded[by_id[q.id].ruleset],
            store=store,
            note=note,
            spec_for=lambda q: by_id[q.id].ruleset,
        ).run()
    finally:
        store.close()
    if as_json:
        print_json(report)
