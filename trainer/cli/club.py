"""`crib quiz make | take | report | print`: quizzes a club teacher hands out and marks.

`make` freezes seeded questions, settings and rules in a YAML file without answers; `take` runs it
for one named student through the drills' session runner and writes a results file; `report`
regrades every results file with the engine; `print` writes a worksheet with an optional key.
The logic lives in trainer.drills.club and trainer.content.quizfile; this module parses options,
calls them and prints.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from trainer.cli.drill import answers_option, level_option, seed_option
from trainer.cli.groups import quiz_app
from trainer.cli.options import json_option, ruleset_option

if TYPE_CHECKING:
    from trainer.content.quizfile import Quiz
    from trainer.drills.club import Report, Submission


def _lang() -> str:
    from trainer.cli.context import SETTINGS

    return SETTINGS.lang


def _t(key: str, **values: object) -> str:
    from trainer.drills.i18n import t

    return t(key, _lang(), **values)


def limit_text(seconds: float | None) -> str:
    if seconds is None:
        return _t("club.no_limit")
    minutes, secs = divmod(round(seconds), 60)
    return _t("club.limit", time=f"{minutes}:{secs:02d}")


# ----------------------------------------------------------------------------- make


@quiz_app.command("make")
def make(
    ruleset: str = ruleset_option(),
    drills: str = typer.Option(
        "count,muggins,peg", "--drills", help="Drills to mix, e.g. count,peg,penalty."
    ),
    n: int = typer.Option(20, "-n", "--questions", min=1, max=200, help="How many questions."),
    seed: int = seed_option(),
    level: str = level_option(),
    time_limit: str = typer.Option(
        None, "--time-limit", help="Time for the whole quiz, e.g. 15m (none: untimed)."
    ),
    title: str = typer.Option("", "--title", help="A title printed on the worksheet and the report."),
    output: Path = typer.Option(Path("club-quiz.yaml"), "-o", "--output", help="The quiz file to write."),
    force: bool = typer.Option(False, "--force", help="Replace an existing quiz file."),
    as_json: bool = json_option(),
) -> None:
    """Freeze a seeded set of questions and the settings into a quiz file (no answers inside)."""
    from collections import Counter

    from trainer.cli.options import load, print_json
    from trainer.cli.quiz import parse_duration
    from trainer.cli.render import console
    from trainer.content.quizfile import QuizFileError, QuizSettings, quiz_document, short, write_quiz
    from trainer.drills.club import make_questions
    from trainer.drills.generators import new_seed, parse_drills

    if output.exists() and not force:
        raise QuizFileError(_t("club.exists", path=output))
    rules = load(ruleset)
    kinds = parse_drills(drills)
    seed = new_seed() if seed is None else seed
    limit = parse_duration(time_limit, option="--time-limit") if time_limit else None
    questions = make_questions(ruleset=rules, drills=kinds, level=level, n=n, seed=seed)
    settings = QuizSettings(
        ruleset=rules.name, drills=kinds, level=level, seed=seed, questions=n, time_limit_seconds=limit
    )
    document = quiz_document(title=title, settings=settings, ruleset=rules, questions=questions)
    write_quiz(document, output)
    mix = Counter(q["kind"] for q in questions)
    if as_json:
        print_json(
            {
                "quiz": str(output),
                "title": title,
                "questions": n,
                "mix": dict(mix),
                "ruleset": rules.name,
                "seed": seed,
                "time_limit_seconds": limit,
                "checksum": document["checksum"],
            }
        )
        return
    console().print(
        _t(
            "club.made",
            path=output,
            n=n,
            mix=", ".join(f"{_t(f'drill.name.{k}')} {v}" for k, v in mix.items()),
            ruleset=rules.name,
            limit=limit_text(limit),
            seed=seed,
            checksum=short(document["checksum"]),
        ),
        markup=False,
    )


# ----------------------------------------------------------------------------- take


class _ResultsWriter:
    """Stands in for the progress store during `quiz take`: stores each answer in the database
    as usual and rewrites the results file after every answer, so a crash loses nothing."""

    def __init__(self, *, store: Any, quiz: Quiz, name: str, path: Path, session: Any, started: str) -> None:
        self._store = store
        self._quiz = quiz
        self._name = name
        self._session = session
        self._started = started
        self.path = store.path
        self.results_path = path
        self.answers: list[Any] = []
        self.correct = 0

    def record(self, attempt: Any, *, context: Any, now: float) -> None:
        from trainer.content.quizfile import GivenAnswer

        self._store.record(attempt, context=context, now=now)
        self.answers.append(
            GivenAnswer(
                id=attempt.question.id,
                answer=attempt.answer,
                seconds=attempt.seconds,
                at=self._session.elapsed(),
            )
        )
        self.correct += int(attempt.grade.correct)
        self.write("in progress")

    def write(self, ended_by: str) -> None:
        from trainer.content.quizfile import results_document, write_results

        seconds = self.answers[-1].at if self.answers else 0.0
        document = results_document(
            quiz=self._quiz,
            name=self._name,
            started=self._started,
            seconds=seconds,
            ended_by=ended_by,
            answers=self.answers,
            correct=self.correct,
        )
        write_results(document, self.results_path)


@quiz_app.command("take")
def take(
    quiz_file: Path = typer.Argument(..., metavar="QUIZ", help="The quiz file from `crib quiz make`."),
    name: str = typer.Option(..., "--name", help="Your name, as the teacher's report will show it."),
    results: Path = typer.Option(
        None,
        "--results",
        help="Folder for the results file (default: results/ beside the quiz).",
        file_okay=False,
    ),
    db: Path = typer.Option(
        None,
        "--db",
        envvar="CRIB_DB",
        help="Also store the answers in this SQLite database (default: your progress database).",
        dir_okay=False,
    ),
    answers: Path = answers_option(),
    as_json: bool = json_option(),
) -> None:
    """Take a club quiz as one named student and write one results file.

    Answers are read one per line from stdin when it is not a terminal.
    """
    import os
    from datetime import datetime

    from trainer.cli.drill_runner import RunConfig, Runner
    from trainer.cli.options import print_json
    from trainer.cli.render import console, err_console
    from trainer.content.quizfile import check_name, load_quiz, results_path
    from trainer.drills.club import mode_for, questions_of
    from trainer.drills.session import Limits, Session
    from trainer.drills.store import Store, default_db_path

    quiz = load_quiz(quiz_file)
    student = check_name(name)
    questions = questions_of(quiz.questions)
    folder = results if results is not None else quiz_file.resolve().parent / "results"
    now = datetime.now().astimezone()
    path = results_path(folder, name=student, started_stamp=now.strftime("%Y%m%d-%H%M%S"))
    limit = quiz.settings.time_limit_seconds
    session = Session(
        questions=iter(questions),
        ruleset_for=lambda q: quiz.ruleset,
        limits=Limits(questions=len(questions), total_seconds=limit),
    )
    out = err_console() if as_json else console()
    out.print(
        _t(
            "club.take_intro",
            quiz=quiz.name,
            n=len(questions),
            ruleset=quiz.ruleset.name,
            limit=limit_text(limit),
            name=student,
        ),
        markup=False,
    )
    store = Store.open(db or default_db_path())
    writer = _ResultsWriter(
        store=store,
        quiz=quiz,
        name=student,
        path=path,
        session=session,
        started=now.isoformat(timespec="seconds"),
    )
    config = RunConfig(
        drill="club",
        mode=mode_for(quiz.checksum),
        ruleset=quiz.ruleset.name,
        seed=None,  # the questions are the file's; there is nothing to replay with a seed
        as_json=as_json,
        answers=answers,
        db=db,
        total=len(questions),
        timed=limit is not None,
        extra={"quiz": quiz.name, "name": student},
    )
    previous_user = os.environ.get("CRIB_USER")
    os.environ["CRIB_USER"] = student  # the store files every answer under the student's name
    try:
        runner = Runner(session=session, config=config, rulesets=lambda q: quiz.ruleset, store=writer)  # type: ignore[arg-type]  # a Store stand-in
        report = runner.run()
    finally:
        if previous_user is None:
            os.environ.pop("CRIB_USER", None)
        else:
            os.environ["CRIB_USER"] = previous_user
        store.close()
    writer.write(session.ended_by or "done")
    out.print(_t("club.saved", path=path), markup=False)
    if as_json:
        print_json({**report, "results_file": str(path)})


# ----------------------------------------------------------------------------- report


def _gather(quiz: Quiz, paths: list[Path]) -> tuple[list[Submission], list[tuple[str, str]]]:
    """Submissions from results files, folders of them, and progress databases."""
    from trainer.content.quizfile import ResultsFileError, load_results
    from trainer.drills.club import Submission, submissions_from_db

    submissions: list[Submission] = []
    rejected: list[tuple[str, str]] = []
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(p for p in path.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file()))
        elif path.is_file():
            files.append(path)
        else:
            from trainer.content.quizfile import QuizFileError

            raise QuizFileError(_t("club.bad_path", path=path))
    for path in files:
        if _is_sqlite(path):
            submissions.extend(submissions_from_db(path, checksum=quiz.checksum))
            continue
        try:
            loaded = load_results(path)
        except ResultsFileError as exc:
            rejected.append((str(path), str(exc)))
            continue
        submissions.append(
            Submission(
                name=loaded.name,
                source=str(path),
                quiz_checksum=loaded.quiz_checksum,
                answers=tuple((a.id, a.answer, a.at) for a in loaded.answers),
                seconds=loaded.seconds,
                started=loaded.started,
            )
        )
    return submissions, rejected


def _is_sqlite(path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            return handle.read(16) == b"SQLite format 3\x00"
    except OSError:
        return False


@quiz_app.command("report")
def report(
    quiz_file: Path = typer.Argument(..., metavar="QUIZ", help="The quiz file."),
    paths: list[Path] = typer.Argument(
        ..., metavar="PATH...", help="Results files, folders of them, or databases."
    ),
    csv_path: Path = typer.Option(None, "--csv", help="Also write the standings as CSV.", dir_okay=False),
    as_json: bool = json_option(),
) -> None:
    """Regrade every results file with the engine: standings, hardest questions, common wrong answers."""
    from trainer.cli.options import print_json
    from trainer.content.quizfile import load_quiz
    from trainer.drills.club import build_report, questions_of

    quiz = load_quiz(quiz_file)
    submissions, rejected = _gather(quiz, paths)
    result = build_report(
        quiz=quiz.name,
        checksum=quiz.checksum,
        questions=questions_of(quiz.questions),
        ruleset=quiz.ruleset,
        time_limit=quiz.settings.time_limit_seconds,
        submissions=submissions,
        rejected=rejected,
    )
    if csv_path is not None:
        _write_csv(result, csv_path)
    if as_json:
        print_json(result.to_json())
        return
    _print_report(result, paths=paths, csv_path=csv_path)


def _clock(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    return f"{minutes}:{secs:02d}"


def _print_report(result: Report, *, paths: list[Path], csv_path: Path | None) -> None:
    from rich.table import Table

    from trainer.cli.render import console
    from trainer.content.quizfile import short

    out = console()
    data = result.to_json()
    n = len(result.questions)
    heading = _t(
        "club.report_title",
        quiz=result.quiz,
        students=len(data["standings"]),
        n=n,
        checksum=short(result.checksum),
    )
    out.print(heading, style="bold", markup=False)
    if not data["standings"]:
        out.print(_t("club.no_results", paths=", ".join(str(p) for p in paths)), markup=False)
    else:
        table = Table(title=_t("club.standings"), box=None, pad_edge=False, title_justify="left")
        for key, justify in (
            ("club.col.rank", "right"),
            ("club.col.name", "left"),
            ("club.col.correct", "right"),
            ("club.col.time", "right"),
        ):
            table.add_column(_t(key), justify=justify)  # type: ignore[arg-type]
        for row in data["standings"]:
            table.add_row(
                str(row["rank"]), row["name"], f"{row['correct']}/{row['asked']}", _clock(row["seconds"])
            )
        out.print()
        out.print(table)
        stats = sorted(data["questions"], key=lambda q: (q["correct_rate"], q["number"]))
        qtable = Table(title=_t("club.questions"), box=None, pad_edge=False, title_justify="left")
        qtable.add_column(_t("club.col.question"), justify="right")
        qtable.add_column(_t("club.col.kind"))
        qtable.add_column(_t("club.col.rate"), justify="right")
        qtable.add_column(_t("club.col.wrong"))
        for q in stats:
            wrong = ", ".join(f"{w['answer']} ({w['count']})" for w in q["common_wrong"])
            qtable.add_row(str(q["number"]), q["kind"], f"{q['correct']}/{q['students']}", wrong or "-")
        out.print()
        out.print(qtable)
    if data["rejected"]:
        out.print()
        out.print(f"[bold]{_t('club.rejected')}[/]")
        for item in data["rejected"]:
            out.print(f"  {item['file']}: {item['reason']}", markup=False, soft_wrap=True)
    if csv_path is not None:
        out.print()
        out.print(_t("club.csv_saved", path=csv_path), markup=False)


def _write_csv(result: Report, path: Path) -> None:
    import csv
    import io

    from trainer.content.quizfile import write_text_atomic

    data = result.to_json()
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    numbers = [f"q{i}" for i in range(1, len(result.questions) + 1)]
    writer.writerow(["rank", "name", "correct", "asked", "answered", "seconds", *numbers])
    by_name = {s.name: s for s in result.students}
    for row in data["standings"]:
        student = by_name[row["name"]]
        marks = ["" if g is None else ("1" if g.correct else "0") for g in student.grades]
        writer.writerow(
            [row["rank"], row["name"], row["correct"], row["asked"], row["answered"], row["seconds"], *marks]
        )
    write_text_atomic(path, buffer.getvalue())


# ----------------------------------------------------------------------------- print


@quiz_app.command("print")
def print_worksheet(
    quiz_file: Path = typer.Argument(..., metavar="QUIZ", help="The quiz file."),
    fmt: str = typer.Option(None, "--format", "-f", help="md or html (default: from -o, else md)."),
    key: bool = typer.Option(False, "--key", help="Add the answer key with every breakdown."),
    output: Path = typer.Option(None, "-o", "--output", help="File to write (default: print it)."),
) -> None:
    """A printable worksheet (Markdown or self-contained HTML), optionally with the answer key."""
    from trainer.cli.worksheet import to_html, to_markdown
    from trainer.content.quizfile import QuizFileError, load_quiz, write_text_atomic
    from trainer.drills.club import questions_of, worksheet

    chosen = (
        fmt or ("html" if output is not None and output.suffix.lower() in (".html", ".htm") else "md")
    ).lower()
    if chosen not in ("md", "markdown", "html"):
        raise QuizFileError(_t("club.bad_format", format=fmt))
    quiz = load_quiz(quiz_file)
    items = worksheet(questions_of(quiz.questions), ruleset=quiz.ruleset, lang=_lang(), key=key)
    render = to_html if chosen == "html" else to_markdown
    text = render(quiz, items, lang=_lang(), key=key)
    if output is None:
        typer.echo(text, nl=False)
        return
    write_text_atomic(output, text)
    from trainer.cli.render import console

    console().print(_t("club.printed", path=output), markup=False)
