"""`crib` imports only the modules of the command being run; this checks that the table it
uses (COMMAND_MODULES) names every module that registers each top-level command."""

from __future__ import annotations

import importlib

import pytest
import typer

from trainer.cli import app as app_module
from trainer.cli.groups import GROUPS


def _names(app: typer.Typer) -> set[str]:
    names = {
        c.name or (c.callback.__name__.replace("_", "-") if c.callback else "")
        for c in app.registered_commands
    }
    names |= {g.name for g in app.registered_groups if g.name}
    return names


def test_every_top_level_command_is_in_the_table() -> None:
    full = app_module.load_features()
    registered = _names(full)
    assert registered <= set(app_module.COMMAND_MODULES), registered - set(app_module.COMMAND_MODULES)


def test_each_command_is_registered_by_its_listed_modules() -> None:
    app_module.load_features()
    for name, group in GROUPS.items():
        if not (group.registered_commands or group.registered_callback):
            continue
        assert name in app_module.COMMAND_MODULES
    for command in app_module.app.registered_commands:
        func = command.callback
        assert func is not None
        name = command.name or func.__name__.replace("_", "-")
        assert func.__module__ in app_module.COMMAND_MODULES[name], (name, func.__module__)
    for name, group in GROUPS.items():
        modules = {c.callback.__module__ for c in group.registered_commands if c.callback}
        if group.registered_callback and group.registered_callback.callback:
            modules.add(group.registered_callback.callback.__module__)
        assert modules <= set(app_module.COMMAND_MODULES.get(name, ())), (name, modules)


def test_listed_modules_exist_or_are_not_yet_written() -> None:
    for module in app_module.FEATURES:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            assert exc.name == module


@pytest.mark.parametrize(
    ("argv", "helps"),
    [
        (["drill", "peg"], False),  # a lazily built kind: a run, not a help screen
        (["stats"], False),  # a group that runs its own callback
        (["games", "--json"], False),
        (["drill"], True),
        (["rules"], True),
        (["--lang", "ru"], True),
        (["stats", "--help"], True),
        ([], True),
    ],
)
def test_only_runs_that_may_print_help_word_the_help(argv: list[str], helps: bool) -> None:
    """Wording the whole tree for help builds every drill kind's command (a fifth of a drill's
    start-up): it is done only when help may be printed."""
    import typer

    from trainer.cli.app import _may_show_help, load_features

    command = typer.main.get_command(load_features())
    assert _may_show_help(command, argv) is helps
