"""The Prompter seam: every drill asks through it, so the same session runs on questionary menus
in a terminal, on lines from stdin or an --answers file in scripts, and on a scripted fake in
tests. `None` from any method means the user stopped (Ctrl-C, or the answers ran out).

Timed questions pass `live` (text refreshed twice a second, e.g. the seconds left) and
`expires_in`: questionary prompts close themselves at the deadline and return an empty answer,
which the session then scores as late.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import IO, Any, Protocol

from trainer.engine.digits import is_digits
from trainer.engine.records import Record

Validator = Callable[[str], str | None]  # returns a hint when the text cannot be accepted
Live = Callable[[], str]


class PromptChoice(Record, kw_only=False):
    """A menu entry; `key` is its shortcut (menus number their entries otherwise)."""

    title: str
    value: str
    disabled: str | None = None
    key: str | None = None


class Prompter(Protocol):
    """Ask for an answer; `interactive` prompters re-ask on unreadable input."""

    interactive: bool

    def select(
        self,
        message: str,
        choices: Sequence[PromptChoice],
        *,
        instruction: str = "",
        live: Live | None = None,
        expires_in: float | None = None,
    ) -> str | None: ...

    def checkbox(
        self,
        message: str,
        choices: Sequence[PromptChoice],
        *,
        count: int,
        instruction: str = "",
        hint: str = "",
        live: Live | None = None,
        expires_in: float | None = None,
    ) -> list[str] | None: ...

    def text(
        self,
        message: str,
        *,
        instruction: str = "",
        validate: Validator | None = None,
        live: Live | None = None,
        expires_in: float | None = None,
    ) -> str | None: ...

    def confirm(self, message: str, *, default: bool = True) -> bool | None: ...


# ----------------------------------------------------------------------------- questionary


class _LiveMessage(str):
    """A prompt message that re-renders itself: questionary formats the message with
    `" {} ".format(message)` on every redraw, so overriding `__format__` shows live text."""

    live: Live | None

    def __new__(cls, text: str, live: Live | None) -> _LiveMessage:
        obj = super().__new__(cls, text)
        obj.live = live
        return obj

    def __format__(self, spec: str) -> str:
        base = str.__str__(self)
        return f"{base} [{self.live()}]" if self.live else base


def fit_prompt(message: str, instruction: str, width: int | None = None) -> tuple[str, str]:
    """The message and instruction of a questionary prompt with line breaks at spaces, so that
    `? message instruction` never wraps mid-word («подска|зка» at 100 columns): prompt_toolkit
    wraps a long prompt at the last column, whatever the letter. The instruction moves to its own
    line when it does not fit after the message; a few columns stay free for the answer."""
    import shutil
    import textwrap

    width = width or shutil.get_terminal_size().columns
    room = max(20, width - 1)
    if 2 + len(message) + 1 + len(instruction) + 8 <= room:
        return message, instruction

    def wrapped(text: str, first: int) -> list[str]:
        lines = textwrap.wrap(
            "x" * first + text, room, break_long_words=False, break_on_hyphens=False
        )  # the first line starts after `first` columns (the "? " mark)
        lines[0] = lines[0][first:]
        return lines

    lines = wrapped(message, 2) if message else [""]
    last = (2 if len(lines) == 1 else 0) + len(lines[-1])
    if not instruction or last + 1 + len(instruction) + 8 <= room:
        return "\n".join(lines), instruction
    return "\n".join(lines), "\n" + "\n".join(textwrap.wrap(instruction, room, break_on_hyphens=False))


class QuestionaryPrompter:
    """Arrow-key menus and inputs in a real terminal."""

    interactive = True
    interrupted = False

    def _run(self, question: Any, *, expires_in: float | None, on_timeout: object) -> Any:
        app = question.application
        if expires_in is not None:
            import asyncio

            async def expire() -> None:
                await asyncio.sleep(max(0.0, expires_in))
                if not app.future.done():
                    app.exit(result=on_timeout)

            app.pre_run_callables.append(lambda: app.create_background_task(expire()))
        try:
            return question.unsafe_ask()
        except KeyboardInterrupt:
            self.interrupted = True  # callers outside a drill turn this into exit 130
            return None
        except EOFError:
            return None

    @staticmethod
    def _refresh(live: Live | None) -> dict[str, Any]:
        return {"refresh_interval": 0.5} if live else {}

    def select(
        self,
        message: str,
        choices: Sequence[PromptChoice],
        *,
        instruction: str = "",
        live: Live | None = None,
        expires_in: float | None = None,
    ) -> str | None:
        import questionary

        message, instruction = fit_prompt(message, instruction or _t("prompt.select_hint"))
        _allow_shortcuts(c.key for c in choices)
        q = questionary.select(
            _LiveMessage(message, live),
            choices=[
                questionary.Choice(c.title, value=c.value, disabled=c.disabled, shortcut_key=c.key or True)
                for c in choices
            ],
            instruction=instruction,  # ours, not questionary's "(Use shortcuts...)"
            use_shortcuts=len(choices) <= 9,
            **self._refresh(live),
        )
        answer: str | None = self._run(q, expires_in=expires_in, on_timeout="")
        return answer

    def checkbox(
        self,
        message: str,
        choices: Sequence[PromptChoice],
        *,
        count: int,
        instruction: str = "",
        hint: str = "",
        live: Live | None = None,
        expires_in: float | None = None,
    ) -> list[str] | None:
        import questionary

        shown, instruction = fit_prompt(message, instruction or _t("drill.checkbox_hint"))
        q = questionary.checkbox(
            _LiveMessage(shown, live),
            choices=[questionary.Choice(c.title, value=c.value, disabled=c.disabled) for c in choices],
            instruction=instruction,
            # "?" ticked alone asks for a hint (the runner adds that entry).
            validate=lambda picked: (
                len(picked) == count or picked == ["?"] or hint or _t("prompt.choose_n", n=count)
            ),
            erase_when_done=True,  # questionary ends with "done (2 selections)": ours follows
            **self._refresh(live),
        )
        picked: list[str] | None = self._run(q, expires_in=expires_in, on_timeout=[])
        if picked:
            titles = {c.value: c.title for c in choices}
            _answered(message, ", ".join(titles.get(v, v) for v in picked))
        return picked

    def text(
        self,
        message: str,
        *,
        instruction: str = "",
        validate: Validator | None = None,
        live: Live | None = None,
        expires_in: float | None = None,
    ) -> str | None:
        import questionary

        def check(value: str) -> bool | str:
            problem = validate(value) if validate else None
            return problem or True

        message, instruction = fit_prompt(message, instruction)
        q = questionary.text(
            _LiveMessage(message, live),
            instruction=instruction or None,
            validate=check,
            **self._refresh(live),
        )
        answer: str | None = self._run(q, expires_in=expires_in, on_timeout="")
        return answer

    def confirm(self, message: str, *, default: bool = True) -> bool | None:
        import questionary

        # questionary's own "(y/N)" and "Yes"/"No" are English: our hint, and our answer line
        hint = _t("prompt.confirm_hint" if default else "prompt.confirm_hint_no")
        q = questionary.confirm(message, default=default, instruction=hint + " ", erase_when_done=True)
        _russian_keys(q)
        answer: bool | None = self._run(q, expires_in=None, on_timeout=None)
        if answer is not None:
            _answered(message, _t("prompt.yes" if answer else "prompt.no"))
        return answer


def _russian_keys(question: Any) -> None:
    """`д`/`н` answer a yes-or-no prompt like `y`/`n` (questionary knows only the Latin keys; on
    the Russian layout the key marked Y types «н», so the hint names the Russian letters)."""
    from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings

    app = question.application
    found = {b.keys: b.handler for b in app.key_bindings.bindings if b.keys in (("y",), ("n",))}
    if len(found) != 2:
        return
    extra = KeyBindings()
    for keys, latin in (("дД", "y"), ("нН", "n")):
        for key in keys:
            extra.add(key)(found[(latin,)])
    app.key_bindings = merge_key_bindings([app.key_bindings, extra])


def _answered(message: str, answer: str) -> None:
    """The finished prompt's line in the reader's words (questionary's own is erased)."""
    from prompt_toolkit import print_formatted_text
    from prompt_toolkit.formatted_text import FormattedText
    from questionary.constants import DEFAULT_QUESTION_PREFIX, DEFAULT_STYLE

    tokens = [
        ("class:qmark", DEFAULT_QUESTION_PREFIX),
        ("class:question", f" {str.__str__(message)} "),
        ("class:answer", answer),
    ]
    print_formatted_text(FormattedText(tokens), style=DEFAULT_STYLE)


def _t(key: str, **values: object) -> str:
    from trainer.cli.context import SETTINGS
    from trainer.i18n import t

    return t(key, SETTINGS.lang, **values)


# ----------------------------------------------------------------------------- lines


def tolerate_bad_bytes(stream: IO[str]) -> None:
    """On stdin, bytes that are not UTF-8 become U+FFFD (an unreadable answer, graded wrong or
    asked again) instead of a UnicodeDecodeError; call before the first read."""
    if stream is sys.stdin:
        with contextlib.suppress(AttributeError, ValueError, OSError):
            sys.stdin.reconfigure(errors="replace")  # type: ignore[union-attr,attr-defined,unused-ignore]


def read_answer_line(stream: IO[str]) -> str | None:
    """One answer line (with its newline), None at the end of input; a line longer than
    MAX_ANSWER characters is refused after reading only that much (a binary file or a runaway
    pipe must not fill the memory)."""
    try:
        line = stream.readline(MAX_ANSWER + 1)
    except UnicodeDecodeError:
        from trainer.drills.model import DrillError

        raise DrillError(
            "standard input is not UTF-8 text; save the answers as UTF-8",
            key="hostile.stdin_not_utf8",
        ) from None
    if not line:
        return None
    if len(line) > MAX_ANSWER and not line.endswith("\n"):
        from trainer.drills.model import DrillError

        raise DrillError(
            f"an answer line is longer than {MAX_ANSWER} characters (is the input a binary file?)",
            key="hostile.answer_too_long",
            limit=MAX_ANSWER,
        )
    return line


class StdinPrompter:
    """One answer per line from stdin or an --answers file; no re-asking (scripts cannot answer
    a second time), so unreadable answers are graded wrong with the reason in the feedback."""

    interactive = False

    def __init__(self, stream: IO[str] | None = None, *, echo: Callable[[str], None] | None = None) -> None:
        self._stream = stream if stream is not None else sys.stdin
        self._echo = echo
        self.exhausted = False
        self._first = True
        tolerate_bad_bytes(self._stream)

    def _line(self, message: str) -> str | None:
        if self._echo:
            self._echo(message)
        line = read_answer_line(self._stream)
        if line is None:
            self.exhausted = True
            return None
        if self._first:
            self._first = False
            line = line.removeprefix("\ufeff")  # a byte-order mark is not part of the first answer
        return clean_answer(line.rstrip("\r\n"))

    def select(
        self,
        message: str,
        choices: Sequence[PromptChoice],
        *,
        instruction: str = "",
        live: Live | None = None,
        expires_in: float | None = None,
    ) -> str | None:
        line = self._line(message)
        return None if line is None else _pick(line, choices)

    def checkbox(
        self,
        message: str,
        choices: Sequence[PromptChoice],
        *,
        count: int,
        instruction: str = "",
        hint: str = "",
        live: Live | None = None,
        expires_in: float | None = None,
    ) -> list[str] | None:
        line = self._line(message)
        if line is None:
            return None
        return [_pick(token, choices) for token in line.replace(",", " ").split()]

    def text(
        self,
        message: str,
        *,
        instruction: str = "",
        validate: Validator | None = None,
        live: Live | None = None,
        expires_in: float | None = None,
    ) -> str | None:
        return self._line(message)

    def confirm(self, message: str, *, default: bool = True) -> bool | None:
        line = self._line(message)
        if line is None:
            return None
        word = line.strip().lower()
        return default if not word else word[0] in "yд"


MAX_ANSWER = 16_384  # characters in one answer line


def clean_answer(text: str) -> str:
    """An answer as text: lone surrogates (undecodable bytes under surrogateescape) become U+FFFD
    and control characters are dropped, so echoing it can neither crash nor drive the terminal."""
    text = text.encode("utf-8", "replace").decode("utf-8") if not text.isascii() else text
    return "".join(c for c in text if c == "\t" or not (ord(c) < 32 or 0x7F <= ord(c) < 0xA0))


def _pick(token: str, choices: Sequence[PromptChoice]) -> str:
    """A menu number or a value; anything else is passed on for the drill to judge."""
    stripped = token.strip()
    if is_digits(stripped) and 1 <= int(stripped) <= len(choices):
        return choices[int(stripped) - 1].value
    for choice in choices:
        if stripped.lower() == choice.value.lower():
            return choice.value
    return stripped


# ----------------------------------------------------------------------------- tests


class ScriptedPrompter:
    """A fake for tests: answers come from a list; `interactive` decides whether the runner
    re-asks on unreadable answers (as in a terminal) or grades them wrong (as in a script).
    Every prompt is logged with its message, for assertions."""

    def __init__(self, answers: Iterable[object], *, interactive: bool = True) -> None:
        self._answers = list(answers)
        self.interactive = interactive
        self.log: list[tuple[str, str]] = []

    def _next(self, style: str, message: str) -> object:
        self.log.append((style, str.__str__(message)))
        if not self._answers:
            return None
        answer = self._answers.pop(0)
        if isinstance(answer, BaseException) or (
            isinstance(answer, type) and issubclass(answer, BaseException)
        ):
            raise answer
        return answer

    def select(self, message: str, choices: Sequence[PromptChoice], **_: Any) -> str | None:
        answer = self._next("select", message)
        return None if answer is None else _pick(str(answer), choices)

    def checkbox(self, message: str, choices: Sequence[PromptChoice], **_: Any) -> list[str] | None:
        answer = self._next("checkbox", message)
        if answer is None:
            return None
        tokens = answer if isinstance(answer, list) else str(answer).split()
        return [_pick(str(t), choices) for t in tokens]

    def text(self, message: str, *, validate: Validator | None = None, **_: Any) -> str | None:
        while True:
            answer = self._next("text", message)
            if answer is None:
                return None
            problem = validate(str(answer)) if validate and self.interactive else None
            if problem is None:
                return str(answer)
            self.log.append(("hint", problem))

    def confirm(self, message: str, *, default: bool = True) -> bool | None:
        answer = self._next("confirm", message)
        return None if answer is None else bool(answer)


def choose_prompter(
    *, answers: IO[str] | None = None, echo: Callable[[str], None] | None = None
) -> QuestionaryPrompter | StdinPrompter:
    """questionary in a terminal; lines from --answers FILE or a non-TTY stdin otherwise."""
    if answers is not None:
        return StdinPrompter(answers, echo=echo)
    if sys.stdin.isatty() and sys.stdout.isatty():
        return QuestionaryPrompter()
    return StdinPrompter(sys.stdin, echo=echo)


def _allow_shortcuts(keys: Iterable[str | None]) -> None:
    """questionary takes a shortcut only from its own list (digits and Latin letters); a Russian
    menu's «а) б) в)» are added to it, so the letter a reader sees is the key that selects."""
    from questionary.prompts.common import InquirerControl

    known = InquirerControl.SHORTCUT_KEYS
    known.extend(k for k in dict.fromkeys(keys) if k and len(k) == 1 and k not in known)
