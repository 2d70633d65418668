"""Helpers shared by the CLI tests (imported as `from helpers import run`)."""

from __future__ import annotations

import sys

import pytest

from trainer.cli.app import main


def fresh_consoles() -> None:
    """Forget `trainer.cli.render`'s consoles, as a new process would: rich fixes a console's
    width when it is made with COLUMNS set, so a console made at COLUMNS=400 would stay 400
    wide for every later run in the same test process (whichever test made it first)."""
    render = sys.modules.get("trainer.cli.render")
    if render is not None:
        render._console = render._err_console = None  # type: ignore[attr-defined]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run `crib ARGV...` in-process, like its own process: exit code, stdout and stderr."""
    fresh_consoles()
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err
