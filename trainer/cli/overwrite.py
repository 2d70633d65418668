"""Files a command writes never silently replace a file the user already has.

`crib quiz print q.yaml -o q.yaml` used to replace the quiz with its worksheet and `--csv` any
file at all; like `quiz make`, every output now needs `--force` to replace an existing file, and
no output may replace one of the command's own inputs even with it.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from trainer.engine.errors import CribError


class OutputExists(CribError):
    """The output file exists (and --force was not given), or it is one of the inputs."""


def check_output(path: Path, *, force: bool, option: str, inputs: Iterable[Path] = ()) -> None:
    """Raise unless `path` may be written: new, or `force` and not one of `inputs`."""
    if not path.exists():
        return
    for source in inputs:
        try:
            same = os.path.samefile(path, source)
        except OSError:
            same = False
        if same:
            raise OutputExists(
                f"{option} {path} is the input file itself; write the output to another file",
                key="hostile.output_is_input",
                option=option,
                path=str(path),
            )
    if path.is_file() and not force:
        raise OutputExists(
            f"{option} {path} already exists; use --force to replace it, or choose another file",
            key="hostile.output_exists",
            option=option,
            path=str(path),
        )
