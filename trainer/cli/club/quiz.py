"""`crib quiz run`: timed quizzes mixing drills, with a total clock (sprint), a per-question
clock, or none. The time is kept by the session, shown live in the prompt, and enforced: an
answer after the limit scores 0. (The club quiz commands live in `trainer.cli.club.club`.)
"""

from __future__ import annotations

import re
from pathlib import Path

import typer

from trainer.cli.drill.drill import answers_option, db_option, level_option, seed_option
from trainer.cli.groups import quiz_app
from trainer.cli.options import json_option, ruleset_option
from trainer.engine.errors import CribError

DEFAULT_DRILLS = "count,muggins,peg,discard,penalty"
DEFAULT_QUESTIONS = 20


class DurationError(CribError, ValueError):
    """A time option such as --sprint could not be read."""


_UNIT = re.compile(
    r"(\d+(?:[.,]\d+)?)\s*"
    r"(hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s|час(?:ов|а)?|ч|минут[аы]?|мин|м|секунд[аы]?|сек|с)"
    r"(?![a-zа-яё])\.?\s*"
)
_UNIT_LETTER = {"h": "h", "m": "m", "s": "s", "ч": "h", "м": "m", "с": "s"}


def parse_duration(text: str, *, option: str) -> float:
    """`90`, `90s`, `3m`, `1m30s`, `2:30` or `1h` as seconds; the units may be spelt out, in
    English or Russian (`3 min`, `3мин`, `30 сек`, `1ч`), since a Russian reader types those."""
    raw = _UNIT.sub(
        lambda m: m.group(1).replace(",", ".") + _UNIT_LETTER[m.group(2)[0]], text.strip().lower()
    )
    clock = re.fullmatch(r"(\d+):([0-5]\d)", raw)
    if clock:
        return int(clock.group(1)) * 60 + int(clock.group(2))
    parts = re.fullmatch(r"(?:(\d+(?:\.\d+)?)h)?\s*(?:(\d+(?:\.\d+)?)m)?\s*(?:(\d+(?:\.\d+)?)s?)?", raw)
    if not raw or not parts or not any(parts.groups()):
        raise DurationError(
            f"{option} {text!r}: write a time such as 30s, 3m, 1m30s or 2:30",
            key="error.duration.format",
            option=option,
            text=text,
        )
    hours, minutes, seconds = (float(g) if g else 0.0 for g in parts.groups())
    total = hours * 3600 + minutes * 60 + seconds
    if total <= 0:
        raise DurationError(
            f"{option} {text!r}: the time must be more than 0",
            key="error.duration.zero",
            option=option,
            text=text,
        )
    return total


@quiz_app.command("run")
def run(
    sprint: str = typer.Option(
        None, "--sprint", metavar="DURATION", help="Total time: as many questions as you can (e.g. 3m)."
    ),
    per_question: str = typer.Option(
        None, "--per-question", metavar="DURATION", help="Time for each question (e.g. 30s)."
    ),
    n: int = typer.Option(
        None,
        "-n",
        "--questions",
        min=1,
        max=1000,
        help="How many questions, 1 to 1000 (default 20 without --sprint).",
    ),
    drills: str = typer.Option(
        DEFAULT_DRILLS, "--drills", metavar="KINDS", help="Drills to mix, e.g. count,peg,penalty."
    ),
    level: str = level_option(),
    seed: int = seed_option(),
    ruleset: str = ruleset_option(),
    as_json: bool = json_option(),
    answers: Path = answers_option(),
    db: Path = db_option(),
) -> None:
    """A timed quiz mixing drills: streak, score, and a summary table at the end."""
    from trainer.cli.context import SETTINGS
    from trainer.cli.drill.drill import ruleset_spec
    from trainer.cli.drill.drill_runner import RunConfig, Runner
    from trainer.cli.drill.replay_run import replay_options
    from trainer.cli.options import load, print_json
    from trainer.cli.render import console, err_console
    from trainer.drills.generators import DrillSpec, new_seed, parse_drills, stream, validate
    from trainer.drills.session import Limits, Session
    from trainer.i18n import t

    total = parse_duration(sprint, option="--sprint") if sprint else None
    each = parse_duration(per_question, option="--per-question") if per_question else None
    if n is None and total is None:
        n = DEFAULT_QUESTIONS
    kinds = parse_drills(drills)
    rules = load(ruleset)
    seed = new_seed() if seed is None else seed
    spec = DrillSpec(drills=kinds, ruleset=rules, level=level or "intermediate", seed=seed)
    validate(spec)
    limits = Limits(questions=n, total_seconds=total, per_question_seconds=each)
    session = Session(questions=stream(spec), ruleset_for=lambda q: rules, limits=limits, prefetch=True)
    out = err_console() if as_json else console()
    if total:
        out.print(t("quiz.start_sprint", SETTINGS.lang, seconds=int(total)))
    if each:
        out.print(t("quiz.start_per_question", SETTINGS.lang, seconds=int(each)))
    config = RunConfig(
        drill="quiz",
        mode="quiz",
        ruleset=rules.name,
        ruleset_spec=ruleset_spec(ruleset),
        seed=seed,
        as_json=as_json,
        answers=answers,
        db=db,
        total=n,
        timed=True,
        replay=replay_options(
            ["quiz", "run"],
            seed=seed,
            ruleset=ruleset,
            options={
                "--drills": ",".join(kinds),
                "--level": spec.level,
                "-n": str(n) if n else None,
                "--sprint": sprint,
                "--per-question": per_question,
            },
        ),
        extra={
            "drills": list(kinds),
            "level": spec.level,
            "sprint_seconds": total,
            "per_question_seconds": each,
        },
    )
    report = Runner(session=session, config=config, rulesets=lambda q: rules).run()
    if as_json:
        print_json(report)
