"""`crib --help` in the user's language: the help of every command and option, and the words
of click and typer themselves (Usage, Options, error lines), looked up at start-up.

Typer takes help from docstrings and `help=` arguments in English. For another language `main`
calls `localise` on the built click command: each help text is replaced by the catalogue's
(`help.rules.show`, `help.rules.show.topic`, or `help.any.ruleset` for an option shared by many
commands), but only while the catalogue's English entry still equals the code's text, so an
edited English help shows in English rather than with a stale translation (a test lists them).
Nothing runs for English, so the start-up of `crib count` pays nothing.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterator
from typing import Any

import click

from trainer.i18n import catalogue, has, t

# Modules of click and typer that word their messages with gettext's `_` (and `ngettext`).
_WORDING_MODULES = (
    "click.core",
    "click.exceptions",
    "click.formatting",
    "click.parser",
    "click.types",
    "click.decorators",
    "typer.core",
    "typer.rich_utils",
)
# typer.rich_utils words these once at import time.
_RICH_CONSTANTS = {
    "DEPRECATED_STRING": "(deprecated) ",
    "DEFAULT_STRING": "[default: {}]",
    "ENVVAR_STRING": "[env var: {}]",
    "REQUIRED_LONG_STRING": "[required]",
    "ARGUMENTS_PANEL_TITLE": "Arguments",
    "OPTIONS_PANEL_TITLE": "Options",
    "COMMANDS_PANEL_TITLE": "Commands",
}


def _translated(keys: tuple[str, ...], english: str, lang: str) -> str | None:
    for key in keys:
        if has(key, lang) and t(key, "en") == english:
            return t(key, lang)
    return None


def commands(
    command: click.Command, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], click.Command]]:
    """Every command under `command` with its path of names (the root's path is empty)."""
    yield path, command
    if isinstance(command, click.Group):
        ctx = click.Context(command)
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is not None:
                yield from commands(sub, (*path, name))


def help_keys(path: tuple[str, ...], param: str | None = None) -> tuple[str, ...]:
    """The catalogue keys that may hold a help text, most specific first."""
    base = "help." + (".".join(path) if path else "crib")
    if param is None:
        return (base,)
    return (f"{base}.{param}", f"help.any.{param}")


def code_help(command: click.Command, param: click.Parameter) -> str | None:
    """The `help=` of a `typer.Argument` as the code wrote it: click 8.5 sets an argument's help
    after typer has, to nothing, so it is read back from the command function's defaults."""
    import inspect

    callback = getattr(command, "callback", None)
    if callback is None or not param.name:
        return None
    try:
        default = inspect.signature(callback).parameters[param.name].default
    except (KeyError, TypeError, ValueError):
        return None
    text = getattr(default, "help", None)
    return text if isinstance(text, str) and text else None


def _metavar(param: click.Parameter, lang: str) -> str | None:
    if isinstance(param, click.Option) and param.is_flag:
        return None
    if isinstance(param, click.Argument) and param.metavar is None:
        return None  # shown as its (translated) name
    name = param.metavar
    if name is None:
        if isinstance(param.type, click.Path):
            name = "PATH" if param.type.dir_okay else "FILE"
        elif isinstance(param.type, click.types.IntParamType):
            name = "INTEGER"
        elif isinstance(param.type, click.types.FloatParamType):
            name = "FLOAT"
        elif isinstance(param.type, click.types.StringParamType):
            name = "TEXT"
        else:
            return None
    return _translated((f"metavar.{name}",), name, lang)


_KEPT_LINE = ("-", "*", "•", "crib", "`crib", "$", " ", "\b")


def unwrapped(text: str) -> str:
    """`text` with the line breaks inside each paragraph taken out, so the terminal wraps it at
    its own width: typer keeps a docstring's or a catalogue's hard breaks in every paragraph but
    the first, and a narrower terminal then breaks a sentence in two places («Вынужденный /
    ход»). A paragraph with a list or example lines (`- `, `crib ...`, indented, `\\b`) keeps its
    lines as they are."""
    paragraphs = text.strip("\n").split("\n\n")
    out = []
    for paragraph in paragraphs:
        lines = paragraph.split("\n")
        if any(line.startswith(_KEPT_LINE) for line in lines[1:]) or paragraph.startswith("\b"):
            out.append(paragraph)
        else:
            out.append(" ".join(line.strip() for line in lines))
    return "\n\n".join(out)


def localise(root: click.Command, lang: str, *, full: bool = True) -> None:
    """Put the help texts of `root` and its commands, and click's own words, into `lang`.

    `full` is for a run that may print help: typer's rich help module is then imported and
    worded too. Without it only click's words (usage errors) and the texts are set, which costs
    nothing measurable: importing typer's rich help loads rich's Markdown stack (~40 ms)."""
    if lang == "en":
        if full:
            for _, command in commands(root):
                command.help = unwrapped(command.help) if command.help else command.help
                for param in command.params:
                    if isinstance(param, click.Argument) and not param.help:
                        param.help = code_help(command, param)
        _restore()  # a process that showed Russian help before (tests) gets click's English back
        return
    _word_click(lang, rich_help=full)
    for path, command in commands(root):
        command.options_metavar = (
            _translated(("metavar.[OPTIONS]",), command.options_metavar or "", lang)
            or command.options_metavar
        )
        if isinstance(command, click.Group) and command.subcommand_metavar:
            english = command.subcommand_metavar
            command.subcommand_metavar = _translated((f"metavar.{english}",), english, lang) or english
        if command.help:
            found = _translated(help_keys(path), command.help.strip(), lang)
            command.help = unwrapped(found) if found and full else found or command.help
            command.short_help = None
        for param in command.params:
            text = getattr(param, "help", None)
            if isinstance(param, click.Argument) and not text:
                text = code_help(command, param)  # shown only where the catalogue has its words
            if text and param.name:
                found = _translated(help_keys(path, param.name), text, lang)
                if found:
                    param.help = found
            if isinstance(param, click.Argument) and param.name:
                # The name shown in the Arguments panel (parsing keys on `param.name`, not this).
                label = _translated((f"argument.{param.name}",), param.name, lang)
                if label:
                    # shown once, as the usage line names it («ВИКТОРИНА», «[УРОК]»), never
                    # again beside it as a code-style name («файл_викторины  ВИКТОРИНА»)
                    # (the name column is left blank: zero-width spaces, one more for each
                    # argument, since click warns when two parameters share a name)
                    blanks = sum(
                        isinstance(other, click.Argument)
                        for other in command.params[: command.params.index(param)]
                    )
                    param.opts = ["\u200b" * (blanks + 1)]
                    if param.metavar is None:
                        param.metavar = label.upper() + ("..." if param.nargs == -1 else "")
            metavar = _metavar(param, lang)
            if metavar:
                param.metavar = metavar


def _word_click(lang: str, *, rich_help: bool) -> None:
    words = catalogue(lang)

    def gettext(message: str) -> str:
        key = "click:" + message
        found = words.gettext(key)
        return message if found == key else found

    def ngettext(singular: str, plural: str, n: int) -> str:
        return gettext(singular if n == 1 else plural)

    for name in _WORDING_MODULES:
        if name == "typer.rich_utils" and not rich_help and name not in sys.modules:
            continue
        try:
            module = importlib.import_module(name)
        except ImportError:  # pragma: no cover - a click or typer without the module
            continue
        _replace(module, "_", gettext)
        _replace(module, "ngettext", ngettext)
    # a bad number names its type by the class's `name` ("'abc' is not a valid integer range");
    # not the boolean type: typer's help hides a flag's metavar by its English name "BOOLEAN",
    # and a bad boolean's message is a sentence of its own
    for kind in (
        click.types.IntParamType,
        click.types.IntRange,
        click.types.FloatParamType,
        click.types.FloatRange,
    ):
        _replace(kind, "name", gettext(kind.name))
    _replace(click.types._NumberRangeBase, "_describe_range", _range_words(lang))
    _replace(click.Argument, "get_error_hint", _bare_argument_hint())
    if not rich_help and "typer.rich_utils" not in sys.modules:
        return
    rich = importlib.import_module("typer.rich_utils")
    for constant, english in _RICH_CONSTANTS.items():
        _replace(rich, constant, gettext(english))


def _range_words(lang: str) -> Callable[[Any], str]:
    """A number option's range as a reader writes it («[1–200]», «[от 1]»), not click's
    «1<=x<=200»; an open bound (never used here) keeps click's own notation."""
    original = _ORIGINALS.get((click.types._NumberRangeBase, "_describe_range"))
    original = original or click.types._NumberRangeBase._describe_range

    def describe(self: Any) -> str:
        if self.min_open or self.max_open:
            return str(original(self))  # type: ignore[operator]
        if self.min is not None and self.max is not None:
            return t("metavar.range.both", lang, min=self.min, max=self.max)
        if self.min is not None:
            return t("metavar.range.min", lang, min=self.min)
        return t("metavar.range.max", lang, max=self.max)

    return describe


def _bare_argument_hint() -> Callable[..., str]:
    """An argument named in an error as the usage line names it, without the brackets that
    mark it optional there («неверное значение «ЦЕЛЬ»», not «[ЦЕЛЬ]»)."""
    original: Any = _ORIGINALS.get((click.Argument, "get_error_hint")) or click.Argument.get_error_hint

    def hint(self: Any, ctx: Any) -> str:
        return str(original(self, ctx)).replace("[", "").replace("]", "")

    return hint


_ORIGINALS: dict[tuple[object, str], object] = {}


def _replace(module: object, name: str, value: object) -> None:
    if hasattr(module, name):
        _ORIGINALS.setdefault((module, name), getattr(module, name))
        setattr(module, name, value)


def _restore() -> None:
    for (module, name), value in _ORIGINALS.items():
        setattr(module, name, value)
    _ORIGINALS.clear()
