"""`crib learn`: the lesson ladder with progress, a lesson in the terminal, and its closing drill.

The drill after a lesson is an ordinary drill session (the drills' generators, grading, runner
and store) set up from the lesson's front matter; only the ladder's ticks are kept apart, in
trainer.store.lesson_tables, a part of the same progress store.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import typer

from trainer.cli.app import app
from trainer.cli.drill.drill import answers_option, db_option, seed_option
from trainer.cli.options import json_option
from trainer.cli.reference.lesson_set import ladder, next_lesson

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from trainer.content.lessons import DrillSpec as LessonDrill
    from trainer.content.lessons import Lesson
    from trainer.drills.model import Question
    from trainer.drills.records import RunReport
    from trainer.engine.ruleset import Ruleset
    from trainer.store.lesson_tables import LessonStatus


def _lang() -> str:
    from trainer.cli.context import SETTINGS

    return SETTINGS.lang


def _t(key: str, **values: object) -> str:
    from trainer.i18n import t

    return t(key, _lang(), **values)


# ----------------------------------------------------------------------------- the ladder


def _statuses(db: Path | None) -> dict[str, LessonStatus]:
    from trainer.cli.progress_db import current_user, db_path
    from trainer.store.store import Store

    with Store.open(db_path(db)) as store:
        return store.lesson_statuses(user=current_user())


def _print_ladder(rows: list[dict[str, Any]]) -> None:
    from rich.table import Table

    from trainer.cli.render import console

    table = Table(title=_t("learn.title"), box=None, pad_edge=False, title_justify="left")
    table.add_column(_t("learn.col.number"), justify="right")
    table.add_column(_t("learn.col.lesson"))
    table.add_column(_t("learn.col.drill"))
    table.add_column(_t("learn.col.status"))
    upcoming = next_lesson(rows)
    for row in rows:
        if row is upcoming:
            status = _t("learn.status.next")
        elif row["passed"]:
            status = _t("learn.status.passed")
        elif row["read"]:
            status = _t("learn.status.read")
        else:
            status = _t("learn.status.new")
        if row["asked"]:
            status += "  " + _t("learn.best", correct=row["best_correct"], asked=row["asked"])
        mark = "✓" if row["passed"] else ("→" if row is upcoming else " ")
        table.add_row(f"{mark} {row['number']}", row["title"], _t(f"learn.kind.{row['drill']}"), status)
    out = console()
    from trainer.cli.render import keep_words

    out.print(keep_words(table))
    out.print()
    mastered = sum(1 for r in rows if r["passed"])
    out.print(_t("learn.path", mastered=mastered, total=len(rows)), markup=False)
    if upcoming is None:
        out.print(_t("learn.all_done"))
    else:
        out.print(_t("learn.next", number=upcoming["number"], title=upcoming["title"]), markup=False)


# ----------------------------------------------------------------------------- one lesson


def lesson_markdown(lesson: Lesson) -> str:
    """The lesson body with its ```check blocks written out as cards (symbols unless --ascii)."""
    from trainer.cli.render import card_text

    out: list[str] = []
    inside = False
    examples = iter(lesson.examples)
    for line in lesson.body.splitlines():
        stripped = line.strip()
        if stripped == "```check" and not inside:
            inside = True
            out.append("```text")
            continue
        if inside and stripped.startswith("```"):
            inside = False
            out.append("```")
            continue
        if inside and stripped:
            example = next(examples)
            cards = " ".join(card_text(c).plain for c in example.cards)
            if example.kind == "discard":
                away = [c for c in example.cards if c not in example.keep]
                out.append(
                    _t(
                        "learn.discard_line",
                        seat=_t("learn.seat.dealer" if example.dealer else "learn.seat.pone"),
                        cards=cards,
                        keep=" ".join(card_text(c).plain for c in example.keep),
                        away=" ".join(card_text(c).plain for c in away),
                    )
                )
            elif example.starter is None:
                out.append(f"{_t('learn.play')}: {cards}  → {example.total}")
            else:
                what = _t("learn.crib" if example.kind == "crib" else "learn.hand")
                starter = card_text(example.starter).plain
                from trainer.i18n import variant_name

                shown = variant_name(example.ruleset, _lang())  # «на пять карт» in Russian
                suffix = f"  ({shown})" if example.ruleset != "classic" else ""
                out.append(f"{what}: {cards}  {_t('learn.starter')} {starter}  = {example.total}{suffix}")
            continue
        out.append(line)
    return "\n".join(out)


def _show_lesson(lesson: Lesson, *, of: int, page: bool = False) -> None:
    """Print the lesson; in a terminal, a lesson taller than the screen goes through the pager
    (less: space for the next page, b back, q to go on)."""
    import os

    from trainer.cli.render import console

    out = console()
    from trainer.cli.context import SETTINGS
    from trainer.i18n import variant_name

    shown = ", ".join(variant_name(v, SETTINGS.lang) for v in lesson.variants)
    variants = _t("learn.all_variants") if "all" in lesson.variants else shown
    header = f"{lesson.number}/{of} · {lesson.title} · {_t('learn.variants', variants=variants)}"
    body = _lesson_body(lesson_markdown(lesson))
    if page and _taller_than_screen(out, body):
        os.environ.setdefault("LESS", "-R")  # keep the colours; the pager is less unless $PAGER says
        out.print(_t("adapt.lesson.pager"), style="dim", markup=False)
        with out.pager(styles=True):
            out.print(header, style="dim", markup=False)
            out.print(body)
        return
    out.print(header, style="dim", markup=False)
    out.print(body)


# Rich wraps at any Unicode space, a no-break one too; the lesson's no-break spaces (a sum
# «4 + 4 + 7», «20 %») are held as this one-cell private character while it wraps, then printed.
_GLUE = "\ue000"
_SUM = re.compile(r"(?<=\d) \+ (?=\d)")


def _lesson_body(text: str) -> Any:
    """The lesson as Markdown whose numbered lists print `1.` as written (rich prints `1`), a
    sum («6 + 6 + 3») and a no-break space never broken across lines."""
    from rich.markdown import ListItem, Markdown
    from rich.segment import Segment

    class DottedItem(ListItem):
        def render_number(self, console: Any, options: Any, number: int, last_number: int) -> Any:
            width = len(str(last_number)) + 3  # the number, its dot and a space on either side
            inner = options.update(width=options.max_width - width)
            lines = console.render_lines(self.elements, inner, style=self.style)
            style = console.get_style("markdown.item.number", default="none")
            for i, line in enumerate(lines):
                yield Segment(f"{number}.".rjust(width - 1) + " " if i == 0 else " " * width, style)
                yield from line
                yield Segment("\n")

    class LessonMarkdown(Markdown):
        elements: ClassVar[dict[str, type[Any]]] = {**Markdown.elements, "list_item_open": DottedItem}

    class Glued:
        def __init__(self, markdown: Markdown) -> None:
            self.markdown = markdown

        def __rich_console__(self, console: Any, options: Any) -> Any:
            for segment in console.render(self.markdown, options):
                if _GLUE in segment.text:
                    segment = Segment(segment.text.replace(_GLUE, "\u00a0"), segment.style, segment.control)
                yield segment

    glued = _SUM.sub(f"{_GLUE}+{_GLUE}", text).replace("\u00a0", _GLUE)
    return Glued(LessonMarkdown(glued))


def _taller_than_screen(out: Any, body: Any) -> bool:
    lines = out.render_lines(body, out.options, pad=False)
    return bool(len(lines) + 1 > out.size.height)


def run_lesson_drill(
    lesson: Lesson,
    *,
    seed: int | None,
    answers: Path | None,
    db: Path | None,
    as_json: bool,
    prompter: Any = None,
    clock: Callable[[], float] | None = None,
) -> RunReport:
    """Run the lesson's mastery check through the drills' session runner and record the result
    (`clock`: the session's clock, `time.monotonic` unless a test moves time itself)."""
    import time

    from trainer.cli.drill.drill_runner import RunConfig, Runner
    from trainer.cli.progress_db import current_user, db_path
    from trainer.cli.render import console, err_console
    from trainer.drills.generators import DrillSpec, new_seed, validate
    from trainer.drills.session import Limits, Session
    from trainer.store.store import Store

    spec_ = lesson.drill
    rules = lesson_rulesets(spec_)
    seed = new_seed() if seed is None else seed
    for ruleset in rules.values():
        for theme in spec_.themes or ("",):
            validate(
                DrillSpec(
                    drills=(spec_.kind,), ruleset=ruleset, level=spec_.level, theme=theme, form=spec_.form
                )
            )
    out = err_console() if as_json else console()
    out.print()
    out.print(f"[bold]{_t('learn.drill_heading', title=lesson.title)}[/]")
    if spec_.muggins:
        out.print(_t("adapt.lesson.muggins_on"), markup=False)
    if len(rules) > 1:
        out.print(_t("adapt.lesson.rulesets", names=", ".join(rules)), markup=False)
    out.print(
        _t("learn.mastery_rule", mark=spec_.pass_mark, n=spec_.questions, minutes=spec_.minutes), markup=False
    )
    session = Session(
        questions=lesson_stream(spec_, list(rules.values()), seed=seed),
        ruleset_for=lambda q: rules[q.ruleset],
        limits=Limits(questions=spec_.questions, total_seconds=60.0 * spec_.minutes),
        clock=clock or time.monotonic,
    )
    config = RunConfig(
        drill=spec_.kind,
        mode="lesson",
        ruleset=",".join(rules),
        ruleset_spec=spec_.ruleset,
        seed=seed,
        as_json=as_json,
        answers=answers,
        db=db,
        total=spec_.questions,
        extra={"lesson": lesson.id, "level": spec_.level, "theme": ",".join(spec_.themes)},
    )
    report = Runner(
        session=session,
        config=config,
        rulesets=lambda q: rules[q.ruleset],
        prompter=prompter,
        spec_for=lambda q: q.ruleset,
    ).run()
    if report["asked"]:
        # Out of the check's length: questions the clock cut off count as missed.
        with Store.open(db_path(db)) as store:
            store.record_lesson_drill(
                user=current_user(),
                lesson=lesson.key,
                correct=report["correct"],
                asked=spec_.questions,
                now=time.time(),
            )
        from trainer.store.lesson_tables import passed

        mastered = passed(report["correct"], spec_.questions)
        report["mastered"] = mastered
        key = "learn.drill_passed" if mastered else "learn.drill_not_passed"
        out.print(
            _t(
                key,
                correct=report["correct"],
                asked=spec_.questions,
                mark=spec_.pass_mark,
                minutes=spec_.minutes,
                number=lesson.number,
            ),
            markup=False,
        )
    return report


def lesson_rulesets(spec: LessonDrill) -> dict[str, Ruleset]:
    """The rulesets a lesson drills under, by name; muggins put in force when the lesson is
    about it (every shipped ruleset has it off)."""
    from trainer.cli.options import load
    from trainer.drills.muggins_drill import with_muggins

    out = {}
    for name in spec.all_rulesets:
        rules = load(name)
        out[rules.name] = with_muggins(rules) if spec.muggins else rules
    return out


def lesson_stream(spec: LessonDrill, rulesets: list[Ruleset], *, seed: int) -> Iterator[Question]:
    """The lesson's questions: with several rulesets or themes they take turns (the themes from
    a place set by the seed, so every theme of a long list comes up over a few seeds), in the
    lesson's form, and only questions whose ideas are among the lesson's `only` ideas."""
    from trainer.drills.generators import DrillSpec, question_at

    themes = spec.themes or ("",)
    start = seed % len(themes)
    specs = [
        [
            DrillSpec(
                drills=(spec.kind,), ruleset=r, level=spec.level, theme=theme, form=spec.form, seed=seed
            )
            for theme in themes
        ]
        for r in rulesets
    ]
    rules = {r.name: r for r in rulesets}
    seen: set[str] = set()
    index = turn = 0
    while True:
        by_theme = specs[turn % len(specs)]
        question = question_at(by_theme[(start + turn) % len(by_theme)], index)
        index += 1
        if question.id in seen:
            continue
        if spec.only and not question_ideas(question, rules[question.ruleset]) <= set(spec.only):
            continue
        seen.add(question.id)
        turn += 1
        yield question


def question_ideas(question: Question, ruleset: Ruleset) -> frozenset[str]:
    """What a lesson's `only` list is checked against: for a muggins question the call that is
    right (accept, muggins, over); for a pegging question the engine's scores of the card (or,
    asked which card to play, of the best play): fifteen, pair, run, thirty_one, go, last; for a
    penalty question its irregularity; for a count or discard question its theme (the kind's
    `lesson_tags`)."""
    from trainer.drills.checking import solve
    from trainer.drills.kinds import kind

    return kind(question.kind).lesson_tags(question, solve(question, ruleset=ruleset))


def _mark_read(lesson: Lesson, db: Path | None) -> None:
    import time

    from trainer.cli.progress_db import current_user, db_path
    from trainer.store.store import Store

    with Store.open(db_path(db)) as store:
        store.mark_lesson_read(user=current_user(), lesson=lesson.key, now=time.time())


def _pick_interactively(lessons: tuple[Lesson, ...], rows: list[dict[str, Any]]) -> Lesson | None:
    from trainer.cli.prompts import PromptChoice, choose_prompter

    prompter = choose_prompter()
    choices = [
        PromptChoice(f"{r['number']:>2}. {r['title']}" + ("  ✓" if r["passed"] else ""), str(r["number"]))
        for r in rows
    ]
    upcoming = next_lesson(rows)
    if upcoming is not None:  # the cursor starts on the next lesson to do
        choices.insert(
            0,
            PromptChoice(
                f"→ {_t('learn.continue', number=upcoming['number'], title=upcoming['title'])}",
                str(upcoming["number"]),
            ),
        )
    choices.append(PromptChoice(_t("learn.quit"), "quit"))
    picked = prompter.select(_t("learn.pick"), choices)
    if picked is None and getattr(prompter, "interrupted", False):
        raise KeyboardInterrupt  # Ctrl-C: `crib` exits 130 like everywhere else, not 0 in silence
    if picked is None or picked == "quit":
        return None
    return next(lesson for lesson in lessons if str(lesson.number) == picked)


@app.command()
def learn(
    lesson: str = typer.Argument(None, help="A lesson number or id (e.g. 3 or runs); none: the ladder."),
    drill: bool = typer.Option(
        None,
        "--drill/--no-drill",
        help="Run the lesson's drill after it (default: ask in a terminal, skip in a script).",
    ),
    only_drill: bool = typer.Option(False, "--only-drill", help="Skip the text; run the drill only."),
    pager: bool = typer.Option(
        True,
        "--pager/--no-pager",
        help="Page a long lesson in a terminal (less, or $PAGER); on by default.",
        show_default=False,
    ),
    seed: int = seed_option(),
    answers: Path = answers_option(),
    db: Path = db_option(),
    as_json: bool = json_option(),
) -> None:
    """The lesson path (fifteens to club strategy) with your progress; open a lesson and drill it."""
    from trainer.cli.options import print_json
    from trainer.cli.reference.lesson_set import lessons_in
    from trainer.cli.render import stdout_is_tty
    from trainer.content.lessons import find_lesson

    lang = _lang()
    lessons = lessons_in(lang)
    interactive = stdout_is_tty() and answers is None and not as_json
    if lesson is None:
        rows = ladder(lessons, _statuses(db))
        if as_json:
            nxt = next_lesson(rows)
            mastered = sum(1 for r in rows if r["passed"])
            print_json(
                {"lang": lang, "lessons": rows, "next": nxt["id"] if nxt else None, "mastered": mastered}
            )
            return
        _print_ladder(rows)
        if not interactive:
            return
        chosen = _pick_interactively(lessons, rows)
        if chosen is None:
            return
    else:
        chosen = find_lesson(lesson, lessons)
    if not only_drill:
        if not as_json:
            _show_lesson(chosen, of=len(lessons), page=pager and stdout_is_tty() and not as_json)
        _mark_read(chosen, db)
    if drill is None:
        drill = only_drill or (interactive and _confirm(_t("learn.ask_drill", n=chosen.drill.questions)))
    if not drill:
        if not as_json:
            from trainer.cli.render import console

            console().print(_t("learn.drill_hint", number=chosen.number), markup=False)
        else:
            print_json({"lesson": chosen.id, "title": chosen.title, "lang": lang, "text": chosen.body})
        return
    report = run_lesson_drill(chosen, seed=seed, answers=answers, db=db, as_json=as_json)
    if as_json:
        print_json({"lesson": chosen.id, "title": chosen.title, **report})


def _confirm(message: str) -> bool:
    from trainer.cli.prompts import choose_prompter

    prompter = choose_prompter()
    answer = prompter.confirm(message, default=True)
    if answer is None and getattr(prompter, "interrupted", False):
        raise KeyboardInterrupt
    return bool(answer)
