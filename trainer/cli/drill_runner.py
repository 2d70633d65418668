"""The interactive loop shared by `crib drill ...` and `crib quiz run`: show a question, ask
through the Prompter, grade and store the answer, show feedback; on Ctrl-C or the end of the
input, stop and print the summary (and the JSON record with --json).

Everything heavy is imported by the commands, not at start-up; this module is imported only
when a drill command runs.
"""

from __future__ import annotations

import gc
import statistics
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Any

from rich.console import Console
from rich.text import Text

from trainer.cli.context import SETTINGS
from trainer.cli.drill_view import line_text, plain_label, show_feedback, show_question, summary_table
from trainer.cli.prompts import PromptChoice, Prompter, choose_prompter
from trainer.cli.render import console, err_console
from trainer.drills.checking import check_answer
from trainer.drills.i18n import t
from trainer.drills.lines import plain
from trainer.drills.model import Attempt, Question
from trainer.drills.presenting import Ask, drill_name, present
from trainer.drills.report import percent, session_report
from trainer.drills.session import Session
from trainer.drills.store import Context, Store, current_user, default_db_path
from trainer.engine.ruleset import Ruleset
from trainer.i18n import choice_letter, number


@dataclass
class RunConfig:
    """How a session is run and reported (parsed from the command line)."""

    drill: str
    mode: str
    ruleset: str
    seed: int | None
    as_json: bool = False
    answers: Path | None = None
    db: Path | None = None
    total: int | None = None
    timed: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    ruleset_spec: str = ""


@dataclass
class Runner:
    """Runs one session against a prompter and a store; the pieces are injectable for tests."""

    session: Session
    config: RunConfig
    rulesets: Callable[[Question], Ruleset]
    prompter: Prompter | None = None
    store: Store | None = None
    out: Console | None = None
    note: Callable[[Question], str | None] | None = None
    spec_for: Callable[[Question], str] | None = None
    lang: str = field(default_factory=lambda: SETTINGS.lang)
    _answers_file: IO[str] | None = None

    def run(self) -> dict[str, Any]:
        """Ask until done, stopped or out of answers; returns the JSON record."""
        out = self.out or (err_console() if self.config.as_json else console())
        self.out = out
        # Everything imported so far lives as long as the process: keep it out of the garbage
        # collector's full passes, which otherwise pause a session for tens of milliseconds.
        gc.freeze()
        prompter = self.prompter or self._open_prompter()
        store = self.store or Store.open(self.config.db or default_db_path())
        context = Context(
            session=uuid.uuid4().hex,
            user=current_user(),
            mode=self.config.mode,
            ruleset=self.config.ruleset_spec or self.config.ruleset,
        )

        def record(attempt: Attempt) -> None:
            spec = self.spec_for(attempt.question) if self.spec_for else context.ruleset
            store.record(attempt, context=replace(context, ruleset=spec), now=time.time())

        self.session.record = record
        try:
            self._loop(prompter, out)
        except KeyboardInterrupt:
            self.session.stop("interrupted")
        finally:
            if self.store is None:
                store.close()
            if self._answers_file is not None:
                self._answers_file.close()
        if self.session.ended_by == "interrupted":
            out.print()
            out.print(Text(t("drill.interrupted", self.lang), style="yellow"))
        elif self.session.ended_by == "eof":
            out.print(Text(t("drill.end_of_input", self.lang), style="yellow"))
        elif self.session.ended_by == "time":
            out.print(Text(t("quiz.time_up", self.lang), style="bold yellow"))
        self._summary(out, store_path=store.path)
        return session_report(
            self.session,
            drill=self.config.drill,
            ruleset=self.config.ruleset,
            seed=self.config.seed,
            extra=self.config.extra,
        )

    def _open_prompter(self) -> Prompter:
        if self.config.answers is not None:
            try:
                self._answers_file = self.config.answers.open(encoding="utf-8")
            except OSError as exc:
                from trainer.drills.model import DrillError

                raise DrillError(
                    f"--answers {self.config.answers}: cannot read the file ({exc.strerror})",
                    key="error.drill.answers",
                    path=self.config.answers,
                    reason=exc.strerror,
                ) from None
        return choose_prompter(answers=self._answers_file)

    # ------------------------------------------------------------------ the loop

    def _loop(self, prompter: Prompter, out: Console) -> None:
        if not prompter.interactive:
            out.print(Text(t("drill.dropped_unreadable", self.lang), style="dim"))
        while (question := self.session.next_question()) is not None:
            ruleset = self.rulesets(question)
            presentation = present(question, ruleset=ruleset, lang=self.lang)
            show_question(out, presentation, header=self._header(question))
            note = self.note(question) if self.note else None
            if note:
                out.print(Text(note, style="yellow"))
            answer = self._ask(prompter, out, question, presentation.ask)
            if answer is None:
                exhausted = getattr(prompter, "exhausted", False)
                self.session.stop("eof" if exhausted else "interrupted")
                break
            attempt = self.session.answer(answer)
            if not prompter.interactive:
                shown = (
                    t("drill.answer_read", self.lang, answer=answer)
                    if answer.strip()
                    else t("drill.answer_none", self.lang)
                )
                out.print(Text(shown, style="dim"))
            show_feedback(out, attempt, lang=self.lang)

    def _header(self, question: Question) -> str:
        n = self.session.tally.asked + 1
        name = drill_name(question, self.lang)
        if self.config.total:
            text = t(
                "drill.header", self.lang, n=n, total=self.config.total, drill=name, ruleset=question.ruleset
            )
        else:
            text = t("drill.header_open", self.lang, n=n, drill=name, ruleset=question.ruleset)
        if self.config.timed:
            tally = self.session.tally
            text += " · " + t(
                "quiz.streak", self.lang, streak=tally.streak, correct=tally.correct, asked=tally.asked
            )
            remaining = self.session.remaining()
            if remaining is not None:
                text += " · " + t("quiz.clock", self.lang, left=int(remaining + 0.999))
        return text

    def _live(self) -> Callable[[], str] | None:
        if self.session.deadline() is None:
            return None

        def clock() -> str:
            left = self.session.remaining() or 0.0
            return t("quiz.clock", self.lang, left=int(left + 0.999))

        return clock

    def _ask(self, prompter: Prompter, out: Console, question: Question, ask: Ask) -> str | None:
        message = plain_label(ask.message)
        if not prompter.interactive:
            out.print(Text(f"? {plain(message)}", style="bold"))
            if ask.choices and not any(c.then for c in ask.choices):
                for number, choice in enumerate(ask.choices, start=1):
                    label = line_text(choice.label)
                    prefix = f"  {choice_letter(choice.key, self.lang) if choice.key else number}) "
                    suffix = f"  ({choice.disabled})" if choice.disabled else ""
                    out.print(Text(prefix) + label + Text(suffix, style="dim"))
            if ask.typed_hint:
                out.print(Text(f"  ({plain_label(ask.typed_hint)})", style="dim"))
            return prompter.text(message)
        live, expires = self._live(), self.session.remaining()

        def validate(text: str) -> str | None:
            problem = check_answer(question, text)
            return (
                None if problem is None else t(problem.problem.key, self.lang, **dict(problem.problem.values))
            )

        if ask.style == "text":
            return prompter.text(
                message,
                instruction=plain_label(ask.instruction),
                validate=validate,
                live=live,
                expires_in=expires,
            )
        choices = [PromptChoice(plain_label(c.label), c.value, c.disabled, c.key) for c in ask.choices]
        if ask.style == "checkbox":
            picked = prompter.checkbox(
                message,
                choices,
                count=ask.count,
                instruction=t("drill.checkbox_hint", self.lang),
                hint=plain_label(ask.instruction),
                live=live,
                expires_in=self.session.remaining(),
            )
            return None if picked is None else " ".join(picked)
        value = prompter.select(
            message,
            choices,
            instruction=plain_label(ask.instruction) or t("drill.menu_hint", self.lang),
            live=live,
            expires_in=expires,
        )
        if value is None:
            return None
        follow = next((c.then for c in ask.choices if c.value == value and c.then), None)
        if follow is None or not value:
            return value
        figure = prompter.text(
            plain_label(follow),
            validate=lambda n: validate(f"{value} {n}") if n.strip() else None,
            live=live,
            expires_in=self.session.remaining(),
        )
        if figure is None:
            return None
        return f"{value} {figure.strip()}" if figure.strip() else ""

    # ------------------------------------------------------------------ the end

    def _summary(self, out: Console, *, store_path: Path) -> None:
        attempts: list[Attempt] = self.session.attempts
        out.print()
        if not attempts:
            out.print(t("drill.summary.none", self.lang))
            return
        out.print(summary_table(attempts, lang=self.lang))
        tally = self.session.tally
        answered = [a.seconds for a in attempts if not a.grade.skipped]
        median = statistics.median(answered) if answered else 0.0
        out.print(
            line_text(
                t(
                    "drill.summary.score",
                    self.lang,
                    correct=tally.correct,
                    asked=tally.asked,
                    percent=percent(tally.correct, tally.asked),
                    streak=tally.best_streak,
                    seconds=number(median, ".1f", self.lang),
                )
            )
        )
        if self.config.seed is not None:
            out.print(Text(t("drill.seed", self.lang, seed=self.config.seed), style="dim"))
        out.print(Text(t("drill.summary.saved", self.lang, path=str(store_path)), style="dim"))
