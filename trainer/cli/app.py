"""The `crib` command: builds the Typer app from feature modules and turns every domain error
into a one-line message with a non-zero exit code (never a traceback)."""

from __future__ import annotations

import contextlib
import gc
import importlib
import os
import sys

import typer

from trainer._version import __version__
from trainer.cli.context import SETTINGS, choose_lang, default_ranks
from trainer.cli.error_text import error_text as _error_text
from trainer.cli.groups import GROUPS
from trainer.engine.errors import CribError

try:  # typer >= 0.26 vendors click as typer._click
    from typer._click.exceptions import ClickException
except ImportError:  # pragma: no cover - older typer on plain click
    from click import ClickException

app = typer.Typer(
    name="crib",
    help="Cribbage Coach: count, peg, discard and know the rules, fast and exact.",
    add_completion=False,
    invoke_without_command=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

# Feature modules register their commands on `app` or on a shared group when imported. To keep
# start-up fast, `main` imports only the modules that provide the command being run; the full
# list is imported for help, the menu and unknown words. tests/test_cli_registry.py checks that
# this table matches what the modules really register.
COMMAND_MODULES: dict[str, tuple[str, ...]] = {
    "count": ("trainer.cli.advice.count",),
    "peg": ("trainer.cli.advice.peg",),
    "rules": ("trainer.cli.reference.rules", "trainer.cli.play.game", "trainer.cli.reference.reference"),
    "stats": ("trainer.cli.stats", "trainer.cli.progress", "trainer.cli.advice.advise"),
    "replay": ("trainer.cli.play.game",),
    "simulate": ("trainer.cli.play.game",),
    "discard": ("trainer.cli.advice.discard",),
    "advise-peg": ("trainer.cli.advice.advise",),
    "drill": ("trainer.cli.drill.drill",),
    "quiz": ("trainer.cli.club.quiz", "trainer.cli.club.club"),
    "learn": ("trainer.cli.reference.learn",),
    "club": ("trainer.cli.club.serve",),
    "play": ("trainer.cli.play.play",),
    "games": ("trainer.cli.play.games", "trainer.cli.play.analysis_board"),
}
FEATURES: tuple[str, ...] = tuple(dict.fromkeys(m for mods in COMMAND_MODULES.values() for m in mods))
_GLOBAL_OPTIONS_WITH_VALUE = {"--lang", "--ranks"}


def _version(value: bool) -> None:
    if value:
        typer.echo(f"crib (Cribbage Coach) {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    ctx: typer.Context,
    lang: str = typer.Option(
        None,
        "--lang",
        metavar="LANG",
        help="Language of lessons, rules and drills: en or ru (default: locale).",
    ),
    ranks: str = typer.Option(
        None,
        "--ranks",
        metavar="RANKS",
        help="Court cards in Russian output: вдкт (В Д К Т, default) or jqka (J Q K A).",
    ),
    ascii_cards: bool = typer.Option(
        False, "--ascii", help="Print cards as 5H instead of 5♥ (automatic on non-UTF terminals)."
    ),
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
) -> None:
    """Cribbage Coach. Run `crib` alone in a terminal for a menu."""
    del version
    if lang is not None:
        from trainer.i18n.languages import LANGS

        if lang not in LANGS:
            raise CribError(f"--lang {lang!r}: choose en or ru", key="error.lang", lang=lang)
        SETTINGS.lang = lang
    if ranks is not None:
        if ranks.lower() not in ("jqka", "вдкт"):
            raise CribError(f"--ranks {ranks!r}: choose jqka or вдкт", key="error.ranks", ranks=ranks)
        SETTINGS.ranks = "jqka" if ranks.lower() == "jqka" else "auto"
    if ascii_cards:
        SETTINGS.ascii_cards = True
    if ctx.invoked_subcommand is None:
        if sys.stdin.isatty() and sys.stdout.isatty():
            from trainer.cli.menu import run_menu

            run_menu(ctx, main)
        else:
            typer.echo(ctx.get_help())
        raise typer.Exit()


def load_features(modules: tuple[str, ...] = FEATURES) -> typer.Typer:
    """Import feature modules (each registers its commands) and mount the shared groups."""
    for module in modules:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
    mounted = {info.name for info in app.registered_groups}
    for name, group in GROUPS.items():
        has_content = group.registered_commands or group.registered_callback or group.registered_groups
        if has_content and name not in mounted:
            app.add_typer(group, name=name)
    return app


def _flag_value(argv: list[str], flag: str) -> str | None:
    """The value of a global option given before the command (`--lang ru`, `--lang=ru`)."""
    for i, word in enumerate(argv):
        if word == flag and i + 1 < len(argv):
            return argv[i + 1]
        if word.startswith(flag + "="):
            return word.split("=", 1)[1]
        if not word.startswith("-") and (i == 0 or argv[i - 1] not in _GLOBAL_OPTIONS_WITH_VALUE):
            return None
    return None


def _may_show_help(command: object, argv: list[str]) -> bool:
    """Whether this run may print help: asked for, or a group named without its command.

    A sub-group that runs its own callback when named alone (`crib stats`, `crib games`) shows
    no help then: wording the whole tree for it cost `crib stats` about a fifth of its start-up
    (every drill kind loaded to word the drill commands' help)."""
    if not argv or any(word in ("-h", "--help") for word in argv):
        return True
    node, words = command, iter(argv)
    for word in words:
        if word in _GLOBAL_OPTIONS_WITH_VALUE:
            next(words, None)
        elif not word.startswith("-"):
            sub = getattr(node, "commands", {}).get(word)
            if sub is None and hasattr(node, "commands"):
                # a lazily built command (`crib drill peg`): built now, as running it would
                sub = node.get_command(node.context_class(node), word)  # type: ignore[attr-defined]
            if sub is None:
                break
            node = sub
    if node is not command and getattr(node, "invoke_without_command", False):
        return False
    return hasattr(node, "commands")


def _modules_for(argv: list[str]) -> tuple[str, ...]:
    """The feature modules needed to run `argv`: only its command's, or all of them."""
    words = iter(argv)
    for word in words:
        if word in _GLOBAL_OPTIONS_WITH_VALUE:
            next(words, None)
        elif word.startswith(("--lang=", "--ranks=")):
            continue
        elif not word.startswith("-"):
            return COMMAND_MODULES.get(word, FEATURES)
        elif word in ("-h", "--help"):
            return FEATURES
    return FEATURES


def _first_screen_measured(args: list[str]) -> bool:
    """`crib drill <kind>`: the drill runner turns the collector back on once the first question
    is drawn (its start is benchmarked); every other command gets it back before it runs."""
    words = [a for a in args if not a.startswith("-")][:2]
    return len(words) == 2 and words[0] == "drill"


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script; returns the exit code instead of raising."""
    args = sys.argv[1:] if argv is None else list(argv)
    # The language is known before parsing, so help texts and parse errors use it too.
    SETTINGS.lang = choose_lang(_flag_value(args, "--lang"))
    if sys.stdout is None or sys.stderr is None:
        return _closed_stream()
    _tolerate_narrow_terminals()
    SETTINGS.ranks = default_ranks()
    try:
        command = typer.main.get_command(load_features(_modules_for(args)))
        may_help = _may_show_help(command, args)
        if SETTINGS.lang != "en" or may_help or "trainer.cli.help_text" in sys.modules:
            from trainer.cli.help_text import localise

            # typer's rich help is worded only when help may be shown (it is slow to import); an
            # English help has its paragraphs unwrapped there too.
            localise(command, SETTINGS.lang, full=may_help)
        if not _first_screen_measured(args):
            gc.enable()  # off during start-up (`trainer.cli.start.run`)
        result = command.main(args=args, prog_name="crib", standalone_mode=False)
        sys.stdout.flush()
    except CribError as exc:
        _fail(_error_text(exc))
        return exc.exit_code
    except (typer.Abort, KeyboardInterrupt):
        print("\n" + _said("raised.interrupted", "interrupted"), file=sys.stderr)
        return 130
    except typer.Exit as exc:
        return exc.exit_code
    except ClickException as exc:
        from trainer.cli.usage_errors import one_line

        _fail(one_line(exc))
        return int(exc.exit_code)
    except BrokenPipeError:
        _silence_stdout()  # `| head -1` closed the pipe: the reader has what it wanted
        return 0
    except SystemExit as exc:
        # rich meets a closed pipe by pointing stdout at /dev/null and exiting 1; a closed pipe
        # is a quiet exit 0 for every command
        if exc.code == 1 and _stdout_is_devnull():
            return 0
        raise
    except OSError as exc:
        if exc.filename is not None:  # a file the command was writing or reading; it is intact
            from trainer.content.yamlfile import shown

            english = (
                f"{shown(exc.filename)}: {exc.strerror or exc}; check the path, its permissions and the free "
                "disk space (nothing was changed)"
            )
            _fail(_said("raised.os.file", english, path=shown(exc.filename), reason=_os_reason(exc)))
            return 2
        _silence_stdout()
        english = f"cannot write the output ({exc.strerror or exc}); free some space or send it elsewhere"
        _fail(_said("raised.os.output", english, reason=_os_reason(exc)))
        return 2
    return result if isinstance(result, int) else 0


def _closed_stream() -> int:
    """`crib ... >&-`: no stream to print on; say so on whichever one is left."""
    stream = sys.stderr or sys.stdout
    if stream is not None:
        with contextlib.suppress(OSError):
            closed = "standard output is closed; run crib with its output open"
            print(f"{_error_prefix()}{_said('raised.stdout_closed', closed)}", file=stream)
    return 2


def _stdout_is_devnull() -> bool:
    try:
        out, null = os.fstat(sys.stdout.fileno()), os.stat(os.devnull)
    except (OSError, ValueError, AttributeError):
        return False
    return (out.st_dev, out.st_ino, out.st_rdev) == (null.st_dev, null.st_ino, null.st_rdev)


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail a second time."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def _tolerate_narrow_terminals() -> None:
    """On a terminal that cannot encode suit symbols or box lines, print '?' instead of dying
    with UnicodeEncodeError (cards already switch to 5H there; this covers tables and bars)."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        reconfigure = getattr(stream, "reconfigure", None)
        if encoding and not encoding.startswith("utf") and reconfigure is not None:
            reconfigure(errors="replace")


def _fail(message: str) -> None:
    """One line on stderr; a message quoting a file name or value cannot break the line or
    reach the terminal as control codes."""
    clean = "".join(
        " " if c in "\r\n\t" else "?" if ord(c) < 32 or 0x7F <= ord(c) < 0xA0 else c for c in message
    )
    if SETTINGS.lang != "en":  # a usage error worded by click's catalogue quotes values too
        from trainer.i18n.typography import quotes

        clean = quotes(clean, SETTINGS.lang)
    with contextlib.suppress(OSError, ValueError):
        print(f"{_error_prefix()}{clean}", file=sys.stderr)


def run() -> None:
    """The old entry point, kept for installs made before `trainer.cli.start` (the `crib`
    script and `python -m trainer` start there: a closed stdin and an early Ctrl-C are safe)."""
    sys.exit(main())


if __name__ == "__main__":
    run()


def _error_prefix() -> str:
    """`crib: error: ` in English; in Russian `crib: ошибка: ` (the program's name stays: it is
    what the reader typed), like the system's own tools in a Russian locale."""
    return "crib: " + _said("cli.error_prefix", "error") + ": "


def _said(key: str, english: str, **values: object) -> str:
    """A line the CLI itself writes (not a raised error): `english` as written, or the
    catalogue's text for `key` in the user's language."""
    if SETTINGS.lang == "en":
        return english
    from trainer.i18n import has, t

    return t(key, SETTINGS.lang, **values) if has(key, SETTINGS.lang) else english


def _os_reason(exc: OSError) -> str:
    """Why the system refused, in the user's language: the C library's English `strerror`
    for English, the catalogue's words for its errno otherwise (`engine.errors.cause`)."""
    if SETTINGS.lang == "en":
        return str(exc.strerror or exc)
    from trainer.engine.errors import cause
    from trainer.i18n.errors import worded

    return str(worded(cause(exc), SETTINGS.lang))
