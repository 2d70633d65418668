"""`crib drill ...`: interactive practice, graded by the engine, every answer saved at once.

There is one command per drill kind, built from the registry (`trainer.drills.registry`): each
kind's module names its own options (`COMMAND`) and reads them back (`run_options`); the help of
the command and its options is the English catalogue's (`help.drill.<kind>`,
`help.drill.<kind>.<option>`, `help.drill.<kind>.theme` or `help.any.theme`), translated like
every other help. The session machinery is imported inside `run_drill` when a drill runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any  # option factories return typer.Option(...), typed as the value it gives

import typer

from trainer.cli.groups import DrillGroup, drill_app
from trainer.cli.options import json_option, ruleset_option
from trainer.cli.options import ruleset_spec as ruleset_spec  # where `quiz` and others read it

LEVELS_HELP = "beginner (fifteens and pairs) · intermediate · advanced · expert (double runs, crib flushes)."


def level_option() -> Any:
    return typer.Option(
        None,
        "--level",
        "-l",
        metavar="LEVEL",
        help=LEVELS_HELP + " Default: chosen by your rating for the drill.",
    )


def _questions_in_range(value: int | None) -> int | None:
    """1 to 1000 questions, checked here rather than by a range type, whose «[1<=x<=1000]» the
    help would print beside the text that already says it."""
    if value is not None and not 1 <= value <= 1000:
        import click

        from trainer.cli.context import SETTINGS
        from trainer.i18n import t

        raise click.BadParameter(t("raised.drill.n_range", SETTINGS.lang, n=value))
    return value


def count_option(default: int | None = 10) -> Any:
    return typer.Option(
        default, "-n", "--questions", help="How many questions (1 to 1000).", callback=_questions_in_range
    )


def seed_option() -> Any:
    return typer.Option(None, "--seed", metavar="SEED", help="Same seed, same questions, on any machine.")


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
    level: str | None,
    theme: str,
    n: int,
    seed: int | None,
    ruleset: str,
    as_json: bool,
    answers: Path | None,
    db: Path | None,
    steps: bool = False,
    own: tuple[str, ...] = (),
) -> None:
    """Set up the question stream and run the session; JSON to stdout with --json. Without
    --level the questions are chosen near the player's rating for this drill. `own`: the
    kind's own options as typed (`--itemised`), for the summary's replay line."""
    from trainer.cli.backfill import open_store
    from trainer.cli.drill.drill_runner import RunConfig, Runner
    from trainer.cli.drill.replay_run import replay_options
    from trainer.cli.options import load, print_json
    from trainer.cli.progress_db import current_user
    from trainer.cli.render import console, err_console
    from trainer.drills.generators import DrillSpec, new_seed, stream, validate
    from trainer.drills.session import Limits, Session
    from trainer.training.adaptive import PlayerLevel, near_rating
    from trainer.training.weak_spot import WeakSpotTrainer

    rules = load(ruleset)
    seed = new_seed() if seed is None else seed
    spec = DrillSpec(
        drills=(drill,), ruleset=rules, level=level or "intermediate", theme=theme, form=form, seed=seed
    )
    validate(spec)
    out = err_console() if as_json else console()
    with open_store(db, answering=True) as store:
        coach = None if level or theme else WeakSpotTrainer(store, user=current_user(), spec=spec)
        player = (
            None
            if level
            else (
                coach.player if coach else PlayerLevel(store, user=current_user(), skill=drill, ruleset=rules)
            )
        )
        if coach is not None:
            questions = coach.questions()
        elif player is None:
            questions = stream(spec)
        else:
            questions = near_rating(spec, target=player.target, difficulty=player.difficulty)
        if player is not None:
            start = "training.rating.start" if coach is not None else "adapt.rating.start"
            out.print(_rating_line(start, player), style="dim")
        session = Session(
            questions=questions, ruleset_for=lambda q: rules, limits=Limits(questions=n), prefetch=True
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
            steps=steps,
            replay=replay_options(
                ["drill", drill, *own],
                seed=seed,
                ruleset=ruleset,
                options={"--level": level, "--theme": theme, "-n": str(n)},
            )
            if level
            else "",
            extra={
                "level": level or "rating",
                "theme": theme,
                "form": form or None,
            },
        )
        report = Runner(
            session=session,
            config=config,
            rulesets=lambda q: rules,
            store=store,
            on_record=_on_record(coach, player),
            coach=(lambda a: _teaching(coach, rules)) if coach else None,
        ).run()
        if player is not None:
            report["rating"] = player.to_dict()
        if coach is not None:
            report["plan"] = "weak-spot"
            report["ideas"] = coach.mastery.to_dict()
            report["taught"] = list(coach.taught)
            if report["asked"]:
                out.print(_rating_line("adapt.rating.end", player))
    if as_json:
        print_json(report)


def _on_record(coach: Any, player: Any) -> Any:
    """What moves after each stored answer: the coach (rating and learner model) or the rating."""
    import time

    if coach is not None:
        return lambda attempt, meta: coach.after(attempt, meta, now=time.time())
    return player.after if player is not None else None


def _teaching(coach: Any, rules: Any) -> list[Any]:
    from trainer.training.weak_spot import teaching_lines

    return [] if coach.pending is None else teaching_lines(coach.pending, ruleset=rules)


def _rating_line(key: str, player: object) -> str:
    from trainer.cli.context import SETTINGS
    from trainer.i18n import t
    from trainer.training.standing import family_name

    values = player.to_dict()  # type: ignore[attr-defined]
    values["skill"] = t(f"drill.name.{values['skill']}", SETTINGS.lang)
    from trainer.cli.titles import variant_name

    values["family"] = variant_name(family_name(str(values["family"])), SETTINGS.lang)  # «классика»
    return t(key, SETTINGS.lang, **values)


def _english(key: str) -> str:
    """A help text from the English catalogue (the help of a kind's command is worded there)."""
    from trainer.i18n import has, t

    return t(key, "en") if has(key, "en") else ""


def kind_command(name: str) -> Any:
    """The click command `crib drill <name>`: the kind's own options (`COMMAND` of its module),
    then the shared ones (level, theme, n, seed, ruleset, json, answers, db); help from
    `help.drill.<name>`. Built on demand by `trainer.cli.groups.DrillGroup`."""
    import inspect

    from trainer.drills.kinds import kind

    drill = kind(name)
    own = [
        inspect.Parameter(
            flag.name,
            inspect.Parameter.KEYWORD_ONLY,
            default=typer.Option(
                flag.default,
                *flag.flags,
                metavar=flag.metavar,
                help=_english(f"help.drill.{name}.{flag.name}"),
            ),
            annotation=bool if isinstance(flag.default, bool) else str,
        )
        for flag in drill.COMMAND.options
    ]
    theme_help = _english(f"help.drill.{name}.theme") or _english("help.any.theme")
    shared = {
        "level": (str, level_option()),
        "theme": (str, typer.Option("", "--theme", "-t", metavar="THEME", help=theme_help)),
        "n": (int, count_option()),
        "seed": (int, seed_option()),
        "ruleset": (str, ruleset_option()),
        "as_json": (bool, json_option()),
        "answers": (Path, answers_option()),
        "db": (Path, db_option()),
    }
    params = own + [
        inspect.Parameter(key, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=kind_)
        for key, (kind_, default) in shared.items()
    ]

    def command(**options: Any) -> None:
        form, steps = drill.run_options(options)
        typed: list[str] = []  # the kind's own options as given, for the replay line
        for flag in drill.COMMAND.options:
            value = options[flag.name]
            if isinstance(flag.default, bool):
                typed += [flag.flags[0]] if value else []
            elif value:
                typed += [flag.flags[0], str(value)]
        run_drill(
            name,
            own=tuple(typed),
            form=form,
            steps=steps,
            level=options["level"],
            theme=options["theme"],
            n=options["n"],
            seed=options["seed"],
            ruleset=options["ruleset"],
            as_json=options["as_json"],
            answers=options["answers"],
            db=options["db"],
        )

    command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    command.__doc__ = _english(f"help.drill.{name}")
    command.__name__ = name
    one = typer.Typer(add_completion=False)
    one.command(name)(command)
    return typer.main.get_command(one)


DrillGroup.build = kind_command


@drill_app.command("review")
def review(
    n: int = count_option(None),
    seed: int = seed_option(),
    as_json: bool = json_option(),
    answers: Path = answers_option(),
    db: Path = db_option(),
) -> None:
    """What you missed comes back when FSRS says, each time as a new hand of the same pattern."""
    from trainer.cli.drill.review_run import run_review

    run_review(n=n, seed=seed, as_json=as_json, answers=answers, db=db)


@drill_app.command("replay")
def replay(
    question_set: str = typer.Argument(..., metavar="SET", help="The question set a summary names."),
    as_json: bool = json_option(),
    answers: Path = answers_option(),
    db: Path = db_option(),
) -> None:
    """Ask a session's questions again, in the same order (the summary names its question set).
    A replay moves no rating: its questions were rated the first time."""
    from trainer.cli.drill.replay_run import run_replay

    run_replay(question_set, as_json=as_json, answers=answers, db=db)


@drill_app.command("streak")
def streak(
    drills: str = typer.Option(
        "count,muggins,peg,penalty",
        "--drills",
        metavar="KINDS",
        help="Drills to mix, e.g. count,peg,penalty.",
    ),
    seed: int = seed_option(),
    ruleset: str = ruleset_option(),
    as_json: bool = json_option(),
    answers: Path = answers_option(),
    db: Path = db_option(),
) -> None:
    """Streak: each question a little harder than the last, and the first miss ends the run.
    Your best run is kept and shown in `crib stats` and the menu."""
    from trainer.cli.drill.streak_run import run_streak

    run_streak(drills=drills, seed=seed, ruleset=ruleset, as_json=as_json, answers=answers, db=db)
