"""The interactive loop shared by `crib drill ...` and `crib quiz run`: show a question, ask
through the Prompter, grade and store the answer, show feedback; on Ctrl-C or the end of the
input, stop and print the summary (and the JSON record with --json).

Everything heavy is imported by the commands, not at start-up; this module is imported only
when a drill command runs.
"""

from __future__ import annotations

import gc
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from rich.console import Console
from rich.text import Text

from trainer.cli.context import SETTINGS
from trainer.cli.drill.drill_view import (
    answer_words,
    line_text,
    plain_label,
    show_feedback,
    show_question,
    summary_table,
)
from trainer.cli.progress_db import current_user, db_path
from trainer.cli.prompts import PromptChoice, Prompter, choose_prompter
from trainer.cli.render import console, err_console
from trainer.drills.checking import check_answer
from trainer.drills.hints import Hint
from trainer.drills.kinds import of
from trainer.drills.lines import plain
from trainer.drills.model import Attempt, Question
from trainer.drills.report import percent, session_report
from trainer.drills.session import Session
from trainer.engine.digits import is_digits
from trainer.engine.ruleset import Ruleset
from trainer.i18n import choice_letter, nt, number, t
from trainer.i18n.drill_words import ShownAsk, drill_name, present, word
from trainer.store.store import AnswerMeta, Context, Store
from trainer.training.adaptive import answer_meta

if TYPE_CHECKING:
    from trainer.drills.records import RunExtras, RunReport  # types only: off the start-up path

HINT = "?"
QUESTION_SET_CHARS = 8  # a question set is named by the start of its session id


def _no_extras() -> RunExtras:
    return {}


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
    steps: bool = False
    extra: RunExtras = field(default_factory=_no_extras)
    ruleset_spec: str = ""
    feedback: bool = True  # False: an exam; nothing about right or wrong until the summary
    user: str = ""  # whose answers these are (`quiz take --name`); empty: the CLI's current user
    # The options that ask the same questions again (`--seed 5 --level advanced`), when the seed
    # alone with them decides the questions; empty when they were chosen by the player's rating,
    # learner model or due cards: the summary then names the question set (`crib drill replay`).
    replay: str = ""


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
    card_key: Callable[[Question], str | None] | None = None
    on_record: Callable[[Attempt, AnswerMeta], None] | None = None
    coach: Callable[[Attempt], Sequence[Any]] | None = None  # messages after the feedback
    lang: str = field(default_factory=lambda: SETTINGS.lang)
    _answers_file: IO[str] | None = None
    _hints: int = 0
    question_set: str = ""

    def run(self) -> RunReport:
        """Ask until done, stopped or out of answers; returns the JSON record."""
        out = self.out or (err_console() if self.config.as_json else console())
        self.out = out
        # Everything imported so far lives as long as the process: keep it out of the garbage
        # collector's full passes, which otherwise pause a session for tens of milliseconds.
        gc.freeze()
        prompter = self.prompter or self._open_prompter()
        store = self.store or Store.open(db_path(self.config.db))
        if self.store is None:
            try:
                store.check_writable()
            except BaseException:
                store.close()
                raise
        context = Context(
            session=uuid.uuid4().hex,
            user=self.config.user or current_user(),
            mode=self.config.mode,
            ruleset=self.config.ruleset_spec or self.config.ruleset,
            interactive=prompter.interactive,
        )

        def record(attempt: Attempt) -> None:
            spec = self.spec_for(attempt.question) if self.spec_for else context.ruleset
            from trainer.training.readings import with_reading  # after the first question is asked

            rules = self.rulesets(attempt.question)
            meta = with_reading(answer_meta(attempt.question, rules), attempt, ruleset=rules)
            if self.card_key is not None:
                meta = replace(meta, card_key=self.card_key(attempt.question))
            store.record(attempt, context=replace(context, ruleset=spec), now=time.time(), meta=meta)
            if self.on_record is not None:
                self.on_record(attempt, meta)

        self.question_set = context.session[:QUESTION_SET_CHARS]
        self.session.record = record
        try:
            self._loop(prompter, out)
        except KeyboardInterrupt:
            self.session.stop("interrupted")
        finally:
            gc.enable()  # also when no question was shown
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
        elif self.session.ended_by == "miss":
            out.print(Text(t("drill.streak.over", self.lang), style="bold yellow"))
        self._summary(out, store_path=store.path)
        report = session_report(
            self.session,
            drill=self.config.drill,
            ruleset=self.config.ruleset,
            seed=self.config.seed,
            extra=self.config.extra,
        )
        if self.session.attempts:
            report["question_set"] = self.question_set
            report["replay"] = self.replay_command()
        return report

    def replay_command(self) -> str:
        """The command line that asks this session's questions again, in order."""
        if self.config.replay:
            return f"crib {self.config.replay}"
        return f"crib drill replay {self.question_set}"

    def _open_prompter(self) -> Prompter:
        if self.config.answers is not None:
            from trainer.cli.drill.answers_file import open_answers

            self._answers_file = open_answers(self.config.answers)
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
            self.session.shown()  # the prefetch starts once the question is on screen
            gc.enable()  # off since start-up (`trainer.cli.start.run`); a no-op after the first
            self._hints = 0
            if self.config.steps and question.form in of(question).STEP_FORMS:  # the count's --steps
                answer = self._ask_steps(prompter, out, question, ruleset)
            else:
                answer = self._ask(prompter, out, question, presentation.ask)
            if answer is None:
                exhausted = getattr(prompter, "exhausted", False)
                self.session.stop("eof" if exhausted else "interrupted")
                break
            attempt = self.session.answer(answer, hints=self._hints)
            if not prompter.interactive:
                shown = (
                    # as the list shows it: «простак 2» for a typed `m 2`, the letter «б» for `b`
                    t("drill.answer_read", self.lang, answer=answer_words(question, answer, self.lang))
                    if answer.strip()
                    else t("drill.answer_none", self.lang)
                )
                out.print(Text(shown, style="dim"))
            if self.config.feedback:
                show_feedback(out, attempt, lang=self.lang)
                self._coach(out, attempt)
            else:
                out.print(Text(t("club_web.take.recorded", self.lang), style="dim"))

    def _coach(self, out: Console, attempt: Attempt) -> None:
        """The teaching step, when the coach has one after this answer."""
        lines = list(self.coach(attempt)) if self.coach is not None else []
        if not lines:
            return
        if self.config.total and self.session.tally.asked >= self.config.total:
            lines = lines[:-1]  # the last line says what comes next: nothing, the session is over
        self.session.discard_upcoming()
        out.print()
        for at, line in enumerate(lines):
            out.print(line_text(word(line, self.lang), style="bold yellow" if at == 0 else "yellow"))

    def _header(self, question: Question) -> str:
        n = self.session.tally.asked + 1
        name = drill_name(question, self.lang)
        from trainer.cli.titles import variant_name

        ruleset = variant_name(question.ruleset, self.lang)  # «классика»; a house ruleset by its name
        if self.config.total:
            text = t("drill.header", self.lang, n=n, total=self.config.total, drill=name, ruleset=ruleset)
        else:
            text = t("drill.header_open", self.lang, n=n, drill=name, ruleset=ruleset)
        if self.config.timed and self.config.feedback:
            tally = self.session.tally
            text += " · " + t(
                "quiz.streak", self.lang, streak=tally.streak, correct=tally.correct, asked=tally.asked
            )
        if self.config.timed:
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

    def _ask(self, prompter: Prompter, out: Console, question: Question, ask: ShownAsk) -> str | None:
        """Ask until an answer comes that is not `?`; each `?` shows the next hint."""
        while True:
            answer = self._ask_once(prompter, out, question, ask)
            if answer is None or answer.strip() != HINT:
                return answer
            self._show_hint(out, question)

    def _show_hint(self, out: Console, question: Question) -> None:
        from trainer.drills.kinds import hints

        found = [hint_text(h, self.lang) for h in hints(question, ruleset=self.rulesets(question))]
        if self._hints < len(found):
            prefix = t("adapt.hint.prefix", self.lang, n=self._hints + 1, total=len(found))
            said = found[self._hints]
            if self.lang == "ru":  # «Подсказка 1/3: посмотрите…», in lower case after the colon
                from trainer.i18n.typography import after_colon

                said = after_colon(said)
            out.print(line_text(prefix + said, style="magenta"))
            self._hints += 1
        else:
            out.print(Text(t("adapt.hint.none_left", self.lang), style="magenta"))

    def _ask_steps(
        self, prompter: Prompter, out: Console, question: Question, ruleset: Ruleset
    ) -> str | None:
        """Fifteens, pairs, runs, flush and nobs asked one by one, each checked at once; the
        answers then make one itemised answer, graded and stored like any other."""
        from trainer.drills.hints import STEP_KINDS, combined_answer, step_detail, step_points

        expected = step_points(question, ruleset=ruleset)
        given: dict[str, str] = {}
        for kind in STEP_KINDS:
            while True:
                if not prompter.interactive:
                    out.print(Text(f"? {t(f'adapt.steps.ask.{kind}', self.lang)}", style="bold"))
                text = prompter.text(
                    t(f"adapt.steps.ask.{kind}", self.lang),
                    instruction=t("adapt.steps.instruction", self.lang),
                    validate=lambda s: (
                        None
                        if s.strip() == HINT or is_digits(s.strip())
                        else t("adapt.steps.number", self.lang)
                    ),
                )
                if text is None:
                    return None
                if text.strip() == HINT:
                    self._show_hint(out, question)
                    continue
                break
            if not prompter.interactive:
                out.print(Text(t("drill.answer_read", self.lang, answer=text), style="dim"))
            given[kind] = text.strip() or "0"  # an empty step says "nothing of this kind"
            right = is_digits(given[kind]) and int(given[kind]) == expected[kind]
            detail = word(step_detail(question, kind, ruleset=ruleset), self.lang)
            key = "adapt.steps.right" if right else "adapt.steps.wrong"
            words = t(key, self.lang, kind=t(f"adapt.steps.kind.{kind}", self.lang), points=expected[kind])
            # «✗ пятнадцать: 4 — 3♣+10♣+2♠»: the cards after a dash, never a second colon
            out.print(
                line_text(words + (f" — {detail}" if detail else ""), style="green" if right else "red")
            )
        return combined_answer(given)

    def _ask_once(self, prompter: Prompter, out: Console, question: Question, ask: ShownAsk) -> str | None:
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
            if text.strip() == HINT:
                return None
            problem = check_answer(question, text)
            return (
                None if problem is None else t(problem.problem.key, self.lang, **dict(problem.problem.values))
            )

        if ask.style == "text":
            return prompter.text(
                message,
                instruction=" ".join(
                    x for x in (plain_label(ask.instruction), t("adapt.hint.ask", self.lang)) if x
                ),
                validate=validate,
                live=live,
                expires_in=expires,
            )
        choices = [
            # a lettered choice's key in the reader's alphabet: «б» on a Russian screen selects «б)»
            PromptChoice(
                plain_label(c.label), c.value, c.disabled, c.key and choice_letter(c.key, self.lang).lower()
            )
            for c in ask.choices
        ]
        if ask.style == "select":
            # keyed «?» (shown «?) подсказка»): the key the prompt names, not a menu number
            choices.append(PromptChoice(t("adapt.hint.choice", self.lang), HINT, key=HINT))
        elif ask.style == "checkbox":
            choices.append(PromptChoice(t("adapt.hint.tick", self.lang), HINT))
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
            # the keys the menu shows: «а) б) в)» for lettered answers, 1) 2) 3) otherwise
            instruction=plain_label(ask.instruction)
            or t(
                "drill.menu_hint_letter" if any(c.key for c in ask.choices) else "drill.menu_hint", self.lang
            ),
            live=live,
            expires_in=expires,
        )
        if value is None or value == HINT:
            return value
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
        import statistics  # the summary only: not on the way to the first question

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
        if self.config.seed is not None and self.config.replay:
            line = t("drill.replay.same", self.lang, seed=self.config.seed, command=self.replay_command())
            out.print(Text(line, style="dim"))
        elif self.config.mode != "replay":
            line = t("drill.replay.set", self.lang, set=self.question_set, command=self.replay_command())
            out.print(Text(line, style="dim"))
        out.print(Text(t("drill.summary.saved", self.lang, path=str(store_path)), style="dim"))


def hint_text(hint: Hint, lang: str) -> str:
    """A hint (trainer.drills.hints) in `lang` (cards marked for the renderer)."""
    values = {k: v if isinstance(v, int | float) else word(v, lang) for k, v in hint.values.items()}
    if hint.n is None:
        return t(hint.key, lang, **values)
    return nt(hint.key, hint.n, lang, **values)
