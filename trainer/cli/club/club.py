"""`crib quiz make | take | report | print`: quizzes a club teacher hands out and marks.

`make` freezes seeded questions, settings and rules in a YAML file without answers; `take` runs it
for one named student through the drills' session runner and writes a results file; `report`
regrades every results file with the engine; `print` writes a worksheet with an optional key.
The logic lives in trainer.club.night and trainer.content.quizfile; this module parses options,
calls them and prints.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from trainer.cli.drill.drill import answers_option, level_option, seed_option
from trainer.cli.groups import quiz_app
from trainer.cli.options import json_option

if TYPE_CHECKING:
    from trainer.club.night import Submission
    from trainer.club.records import ClubReport, RejectedFile
    from trainer.content.quizfile import Quiz
    from trainer.engine.errors import CribError


def _lang() -> str:
    from trainer.cli.context import SETTINGS

    return SETTINGS.lang


def _variant(name: str) -> str:
    """A ruleset by its name in the reader's words («классика»); a house file keeps its own."""
    from trainer.cli.context import SETTINGS
    from trainer.cli.titles import variant_name
    from trainer.cli.usertext import clean

    return clean(variant_name(name, SETTINGS.lang))


def _t(key: str, **values: object) -> str:
    from trainer.i18n import t

    return t(key, _lang(), **values)


def limit_text(seconds: float | None) -> str:
    if seconds is None:
        return _t("club.no_limit")
    minutes, secs = divmod(round(seconds), 60)
    return _t("club.limit", time=f"{minutes}:{secs:02d}")


# ----------------------------------------------------------------------------- make


@quiz_app.command("make")
def make(
    ruleset: str = typer.Option(
        "classic",
        "--ruleset",
        "-r",
        metavar="NAME[,NAME...]",
        help="Ruleset, or several to mix (five-card,classic): each question says which it follows.",
    ),
    drills: str = typer.Option(
        "count,muggins,peg",
        "--drills",
        metavar="KINDS",
        help="Drills to mix, e.g. count,peg,penalty, or how many of each: count:5,peg:4,penalty:3.",
    ),
    n: int = typer.Option(
        None,
        "-n",
        "--questions",
        min=1,
        max=200,
        help="How many questions (default 20, or the --drills counts).",
    ),
    seed: int = seed_option(),
    level: str = level_option(),
    time_limit: str = typer.Option(
        None, "--time-limit", metavar="DURATION", help="Time for the whole quiz, e.g. 15m (none: untimed)."
    ),
    title: str = typer.Option("", "--title", help="A title printed on the worksheet and the report."),
    output: Path = typer.Option(Path("club-quiz.yaml"), "-o", "--output", help="The quiz file to write."),
    force: bool = typer.Option(False, "--force", help="Replace an existing quiz file."),
    as_json: bool = json_option(),
) -> None:
    """Freeze a seeded set of questions and the settings into a quiz file (no answers inside)."""
    from collections import Counter

    from trainer.cli.club.quiz import parse_duration
    from trainer.cli.options import load, print_json
    from trainer.cli.render import console
    from trainer.cli.titles import variant_name
    from trainer.club.night import make_mixed_questions, make_questions, parse_mix
    from trainer.content.quizfile import QuizFileError, QuizSettings, quiz_document, short, write_quiz
    from trainer.drills.generators import new_seed, parse_drills

    if output.exists() and not force:
        raise QuizFileError(_t("club.exists", path=output), key="club.exists", path=output)
    all_rules = [load(spec.strip()) for spec in ruleset.split(",") if spec.strip()] or [load("classic")]
    rules = all_rules[0]
    seed = new_seed() if seed is None else seed
    limit = parse_duration(time_limit, option="--time-limit") if time_limit else None
    level = level or "intermediate"  # a quiz is the same for every student: no rating here
    counted = ":" in drills
    if counted or len(all_rules) > 1:
        mix = parse_mix(drills, n if n is not None else (None if counted else 20))
        kinds = tuple(mix)
        n = sum(mix.values())
        questions = make_mixed_questions(
            rulesets=all_rules, mix=mix, level=level or "intermediate", seed=seed
        )
    else:
        kinds = parse_drills(drills)
        n = 20 if n is None else n
        mix = None
        questions = make_questions(ruleset=rules, drills=kinds, level=level, n=n, seed=seed)
    settings = QuizSettings(
        ruleset=",".join(r.name for r in all_rules),
        drills=kinds,
        level=level,
        seed=seed,
        questions=n,
        time_limit_seconds=limit,
        mix=mix if counted else None,
    )
    document = quiz_document(
        title=title, settings=settings, ruleset=rules, questions=questions, extra_rulesets=all_rules[1:]
    )
    write_quiz(document, output, header=None if _lang() == "en" else _t("club.quiz.file_header"))
    mix = Counter(q["kind"] for q in questions)
    if as_json:
        print_json(
            {
                "quiz": str(output),
                "title": title,
                "questions": n,
                "mix": dict(mix),
                "ruleset": rules.name,
                "rulesets": [r.name for r in all_rules],
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
            ruleset=", ".join(variant_name(r.name, _lang()) for r in all_rules),
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

    def record(self, attempt: Any, *, context: Any, now: float, meta: Any = None) -> None:
        from trainer.content.quizfile import GivenAnswer

        self.answers.append(
            GivenAnswer(
                id=attempt.question.id,
                answer=attempt.answer,
                seconds=attempt.seconds,
                at=self._session.elapsed(),
            )
        )
        self.correct += int(attempt.grade.correct)
        self.write("in progress")  # the results file first: it is what the teacher collects
        self._store.record(attempt, context=context, now=now, meta=meta)

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
        header = None if _lang() == "en" else _t("club.quiz.results_header")
        write_results(document, self.results_path, header=header)


def _check_folder(folder: Path) -> None:
    """The results folder must take a file before the first question, not after the last."""
    import tempfile

    from trainer.content.quizfile import ResultsFileError
    from trainer.engine.errors import cause

    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".crib-write-test-"):
            pass
    except OSError as exc:
        raise ResultsFileError(
            f"cannot write results into {folder} ({exc.strerror or exc}); choose a folder with --results",
            key="hostile.results_folder",
            path=str(folder),
            reason=cause(exc),
        ) from None


@quiz_app.command("take")
def take(
    quiz_file: Path = typer.Argument(..., metavar="QUIZ", help="The quiz file from `crib quiz make`."),
    name: str = typer.Option(
        ..., "--name", metavar="NAME", help="Your name, as the teacher's report will show it."
    ),
    results: Path = typer.Option(
        None,
        "--results",
        help="Folder for the results file (default: NAME-results/ beside the quiz NAME.yaml).",
        file_okay=False,
    ),
    exam: bool = typer.Option(
        False, "--exam", help="No feedback after each answer: the score and answers come at the end."
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
    """Take a club quiz as homework, as one named student, and write one results file.

    Answers are read one per line from stdin when it is not a terminal. The file is graded again
    by the teacher's report, but your copy of the engine wrote it: an honour system.
    """
    from datetime import datetime

    from trainer.cli.drill.drill_runner import RunConfig, Runner
    from trainer.cli.options import print_json
    from trainer.cli.progress_db import db_path
    from trainer.cli.render import console, err_console
    from trainer.cli.usertext import clean
    from trainer.club.night import mode_for, questions_of, results_folder_for
    from trainer.content.quizfile import check_name, load_quiz, results_path
    from trainer.drills.session import Limits, Session
    from trainer.store.store import Store

    quiz = load_quiz(quiz_file)
    student = check_name(name)
    questions = questions_of(quiz.questions)
    folder = results if results is not None else results_folder_for(quiz_file.resolve())
    now = datetime.now().astimezone()
    path = results_path(folder, name=student, started_stamp=now.strftime("%Y%m%d-%H%M%S"))
    limit = quiz.settings.time_limit_seconds
    session = Session(
        questions=iter(questions),
        ruleset_for=lambda q: quiz.ruleset_for(q.ruleset),
        limits=Limits(questions=len(questions), total_seconds=limit),
    )
    out = err_console() if as_json else console()
    out.print(
        _t(
            "club.take_intro",
            quiz=clean(quiz.name),  # the title comes from the quiz file: no control codes
            n=len(questions),
            ruleset=_variant(quiz.ruleset.name),
            limit=limit_text(limit),
            name=student,
        ),
        markup=False,
    )
    out.print(_t("club_web.take.honour"), style="dim", markup=False)
    store = Store.open(db_path(db))
    try:
        store.check_writable()
        _check_folder(folder)
    except BaseException:
        store.close()
        raise
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
        extra={"quiz": quiz.name, "name": student, "exam": exam},
        feedback=not exam,
        user=student,  # the store files every answer under the student's name
    )
    try:
        runner = Runner(
            session=session,
            config=config,
            rulesets=lambda q: quiz.ruleset_for(q.ruleset),
            store=writer,  # type: ignore[arg-type]  # a Store stand-in
        )
        report = runner.run()
    finally:
        store.close()
    writer.write(session.ended_by or "done")
    out.print(_t("club.saved", path=path), markup=False)
    if as_json:
        print_json({**report, "results_file": str(path)})


# ----------------------------------------------------------------------------- report


def _gather(
    quiz: Quiz, paths: list[Path]
) -> tuple[list[Submission], list[tuple[str, str | CribError]], bool]:
    """Submissions from results files, folders of them, and the club night's database.

    Only files in the results format count: a folder is scanned for `.yaml` results files, and
    anything else in it (a database renamed `.yaml`, random bytes) is listed as rejected, never
    opened as a database. The one database read is the club night beside the quiz (or one named
    explicitly as `NAME.club.sqlite3`), whose answers the server timed and graded itself.
    The third value says whether any results file (an honour-system source) was read.
    """
    from trainer.club.night import submissions_from_club_db
    from trainer.content.quizfile import QuizFileError
    from trainer.drills.model import DrillError

    submissions: list[Submission] = []
    rejected: list[tuple[str, str | CribError]] = []
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(p for p in path.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file()))
        elif path.is_file() and _is_club_db(path):
            ids = [str(q["id"]) for q in quiz.questions]
            try:
                submissions.extend(submissions_from_club_db(path, checksum=quiz.checksum, question_ids=ids))
            except DrillError as exc:
                rejected.append((str(path), exc))
        elif path.is_file():
            files.append(path)
        else:
            raise QuizFileError(_t("club.bad_path", path=path), key="club.bad_path", path=path)
    for path in files:
        loaded = _results_file(path, rejected)
        if loaded is not None:
            submissions.append(loaded)
    return submissions, rejected, bool(files)


def _is_club_db(path: Path) -> bool:
    """A club night's database: `NAME.club.sqlite3`, or one kept aside by `--fresh`
    (`NAME.club-20261201-193000.sqlite3`); named on the command line, never found in a folder."""
    return path.name.endswith(".sqlite3") and (".club." in path.name or ".club-" in path.name)


def _results_file(path: Path, rejected: list[tuple[str, str | CribError]]) -> Submission | None:
    from trainer.club.night import Submission
    from trainer.content.quizfile import ResultsFileError, load_results
    from trainer.engine.errors import CribError, cause

    try:
        loaded = load_results(path)
    except (ResultsFileError, CribError, UnicodeError, ValueError, OSError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        why = ResultsFileError(reason, key="raised.results.unreadable", reason=cause(exc))
        rejected.append((str(path), exc if isinstance(exc, CribError) and "\n" not in str(exc) else why))
        return None
    return Submission(
        name=loaded.name,
        source=str(path),
        quiz_checksum=loaded.quiz_checksum,
        answers=tuple((a.id, a.answer, a.at) for a in loaded.answers),
        seconds=loaded.seconds,
        started=loaded.started,
    )


def _default_sources(quiz_file: Path) -> list[Path]:
    """With no PATH: the quiz's results folder and its club night, whichever exist."""
    from trainer.club.night import results_folder_for
    from trainer.club.store import club_db_for
    from trainer.content.quizfile import QuizFileError

    found = [p for p in (results_folder_for(quiz_file), club_db_for(quiz_file)) if p.exists()]
    if not found:
        raise QuizFileError(
            _t(
                "club_web.report.no_sources",
                folder=results_folder_for(quiz_file).name,
                db=club_db_for(quiz_file).name,
            ),
            key="club_web.report.no_sources",
            folder=results_folder_for(quiz_file).name,
            db=club_db_for(quiz_file).name,
        )
    return found


@quiz_app.command("report")
def report(
    quiz_file: Path = typer.Argument(..., metavar="QUIZ", help="The quiz file."),
    paths: list[Path] = typer.Argument(
        None,
        metavar="[PATH]...",
        help="Results files or folders of them, or a club night database (default: the quiz's "
        "results folder NAME-results/ and club night NAME.club.sqlite3).",
    ),
    csv_path: Path = typer.Option(None, "--csv", help="Also write the standings as CSV.", dir_okay=False),
    force: bool = typer.Option(False, "--force", help="Replace an existing --csv or --html file."),
    html_path: Path = typer.Option(
        None, "--html", help="Also write the report as one self-contained HTML page.", dir_okay=False
    ),
    as_json: bool = json_option(),
) -> None:
    """Regrade every answer with the engine: standings, hardest questions, weak topics per student."""
    from trainer.cli.options import print_json
    from trainer.club.night import build_report, questions_of
    from trainer.club.report_csv import to_csv
    from trainer.content.quizfile import load_quiz, write_text_atomic
    from trainer.i18n.club_report import to_html

    sources = list(paths) if paths else _default_sources(quiz_file)
    for option, output in (("--csv", csv_path), ("--html", html_path)):
        if output is not None:  # checked before anything is read; the default sources count too
            from trainer.cli.overwrite import check_output

            check_output(output, force=force, option=option, inputs=[quiz_file, *sources])
    quiz = load_quiz(quiz_file)
    submissions, rejected, honour = _gather(quiz, sources)
    result = build_report(
        quiz=quiz.name,
        checksum=quiz.checksum,
        questions=questions_of(quiz.questions),
        ruleset=quiz.ruleset,
        rulesets=quiz.rulesets,
        time_limit=quiz.settings.time_limit_seconds,
        submissions=submissions,
        rejected=rejected,
    )
    data = result.to_json()
    if csv_path is not None:
        write_text_atomic(csv_path, to_csv(data))
    shown_data = _worded_reasons(data, result.causes)  # --json keeps the English reasons
    if html_path is not None:
        write_text_atomic(html_path, to_html(shown_data, lang=_lang()))
    if as_json:
        print_json(data)
        return
    _print_report(shown_data, paths=sources, csv_path=csv_path, html_path=html_path, honour=honour)


def _worded_reasons(data: ClubReport, causes: list[CribError | None]) -> ClubReport:
    """The report with each rejected file's reason in the teacher's language."""
    if _lang() == "en":
        return data
    from trainer.cli.error_text import error_text as _error_text

    rejected: list[RejectedFile] = [
        {"file": item["file"], "reason": item["reason"] if why is None else _error_text(why)}
        for item, why in zip(data["rejected"], causes, strict=True)
    ]
    return {**data, "rejected": rejected}


def _clock(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    return f"{minutes}:{secs:02d}"


def _print_report(
    data: ClubReport, *, paths: list[Path], csv_path: Path | None, html_path: Path | None, honour: bool
) -> None:
    from rich.table import Table

    from trainer.cli.render import console
    from trainer.cli.usertext import user_text
    from trainer.club.report_csv import shown
    from trainer.content.quizfile import short
    from trainer.i18n.club_report import MARK_TEXT, answered_text, percent, topic_label, wrong_answer

    out = console()
    lang = _lang()
    n = len(data["questions"])
    heading = _t(
        "club.report_title",
        quiz=data["quiz"],
        students=len(data["standings"]),
        n=n,
        checksum=short(data["checksum"]),
    )
    out.print(user_text(heading, style="bold"))
    out.print(_t("club_web.report.sources", sources=", ".join(str(p) for p in paths)), markup=False)
    if honour:
        out.print(_t("club_web.report.honour"), style="dim", markup=False)
    if not data["standings"]:
        out.print(_t("club.no_results", paths=", ".join(str(p) for p in paths)), markup=False)
    else:
        table = Table(title=_t("club.standings"), box=None, pad_edge=False, title_justify="left")
        for key, justify in (
            ("club.col.rank", "right"),
            ("club.col.name", "left"),
            ("club.col.correct", "right"),
            ("club_web.report.col.answered", "right"),
            ("club_web.report.col.questions_not_reached", "right"),
            ("club.col.time", "right"),
            ("club_web.report.col.marks", "left"),
        ):
            table.add_column(_t(key), justify=justify)  # type: ignore[arg-type]
        for row in data["standings"]:
            table.add_row(
                str(row["rank"]),
                user_text(shown(row["name"])),
                f"{row['correct']}/{row['asked']}",
                answered_text(row, lang),
                str(row["not_reached"]),
                _clock(row["seconds"]),
                "".join(MARK_TEXT[m] for m in row["marks"]),
            )
        out.print()
        from trainer.cli.render import keep_words

        out.print(keep_words(table))
        out.print(_t("club_web.report.legend"), style="dim", markup=False)
        stats = sorted(
            data["questions"],
            key=lambda q: (q["correct_rate"] if q["correct_rate"] is not None else 1.0, q["number"]),
        )
        qtable = Table(title=_t("club.questions"), box=None, pad_edge=False, title_justify="left")
        qtable.add_column(_t("club.col.question"), justify="right")
        qtable.add_column(_t("club_web.report.col.topic"))
        qtable.add_column(_t("club.col.rate"), justify="right")
        qtable.add_column(_t("club_web.report.col.not_reached"), justify="right")
        qtable.add_column(_t("club.col.wrong"))
        for q in stats:
            wrong = ", ".join(wrong_answer(w["answer"], w["count"], lang) for w in q["common_wrong"])
            qtable.add_row(
                str(q["number"]),
                user_text(topic_label(q["topic"], lang)),
                f"{q['correct']}/{q['students']} {percent(q['correct_rate'], lang)}",
                str(q["not_reached"]),
                user_text(wrong or "-"),
            )
        out.print()
        out.print(qtable)
        weak = [r for r in data["standings"] if r["weak_topics"]]
        out.print()
        out.print(_t("club_web.report.weak"), style="bold", markup=False)
        if not weak:
            out.print(_t("club_web.report.no_weak"), markup=False)
        for row in weak:
            topics = "; ".join(
                f"{topic_label(w['topic'], lang)} ({w['right']}/{w['asked']})" for w in row["weak_topics"]
            )
            if not row["answered"]:  # never answered: every topic at 0 says nothing about the student
                topics = _t("club_web.report.answered_none")
            out.print(
                "  " + _t("club_web.report.weak_line", name=shown(row["name"]), topics=topics), markup=False
            )
    if data["rejected"]:
        out.print()
        out.print(_t("club.rejected"), style="bold", markup=False)
        for item in data["rejected"]:
            out.print(f"  {shown(item['file'])}: {shown(item['reason'])}", markup=False, soft_wrap=True)
    for path, key in ((csv_path, "club.csv_saved"), (html_path, "club_web.report.html_saved")):
        if path is not None:
            out.print()
            out.print(_t(key, path=path), markup=False)


# ----------------------------------------------------------------------------- print


@quiz_app.command("print")
def print_worksheet(
    quiz_file: Path = typer.Argument(..., metavar="QUIZ", help="The quiz file."),
    fmt: str = typer.Option(
        None, "--format", "-f", metavar="FORMAT", help="md or html (default: from -o, else md)."
    ),
    key: bool = typer.Option(False, "--key", help="Add the answer key with every breakdown."),
    key_only: bool = typer.Option(
        False, "--key-only", help="Only a compact answer grid (letters for choices), for marking."
    ),
    output: Path = typer.Option(None, "-o", "--output", help="File to write (default: print it)."),
    force: bool = typer.Option(False, "--force", help="Replace an existing output file."),
) -> None:
    """A printable worksheet (Markdown or self-contained HTML), optionally with the answer key."""
    from trainer.cli.club.worksheet import key_grid_html, key_grid_markdown, to_html, to_markdown
    from trainer.club.night import questions_of, worksheet
    from trainer.content.quizfile import QuizFileError, load_quiz, write_text_atomic

    chosen = (
        fmt or ("html" if output is not None and output.suffix.lower() in (".html", ".htm") else "md")
    ).lower()
    if chosen not in ("md", "markdown", "html"):
        raise QuizFileError(_t("club.bad_format", format=fmt), key="club.bad_format", format=fmt)
    if output is not None:
        from trainer.cli.overwrite import check_output

        check_output(output, force=force, option="-o", inputs=[quiz_file])
    quiz = load_quiz(quiz_file)
    from trainer.i18n.drill_words import word_sheet_item

    sheet = worksheet(
        questions_of(quiz.questions), ruleset=quiz.ruleset, rulesets=quiz.rulesets, key=key or key_only
    )
    items = [word_sheet_item(item, _lang()) for item in sheet]
    if key_only:
        grid = key_grid_html if chosen == "html" else key_grid_markdown
        text = grid(quiz, items, lang=_lang())
    else:
        render = to_html if chosen == "html" else to_markdown
        text = render(quiz, items, lang=_lang(), key=key)
    if output is None:
        typer.echo(text, nl=False)
        return
    write_text_atomic(output, text)
    from trainer.cli.render import console

    console().print(_t("club.printed", path=output), markup=False)
