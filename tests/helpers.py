"""Helpers shared by the CLI tests (imported as `from helpers import run`)."""

from __future__ import annotations

import pytest

from trainer.cli.app import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run `crib ARGV...` in-process: exit code, stdout and stderr."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err
