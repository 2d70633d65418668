"""Opening an `--answers` file: the same bounded read as every content file.

An answers file is read whole (at most 1 MiB, a regular file only, so `/dev/zero` or a FIFO is
refused instead of read forever), decoded as UTF-8 with a byte-order mark dropped (Notepad adds
one, and it used to make the first answer wrong), and handed to the prompter as lines.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import IO


def open_answers(path: Path) -> IO[str]:
    from trainer.content.yamlfile import decode, read_bytes
    from trainer.drills.model import DrillError

    data = read_bytes(path, error=DrillError, what="answers")
    return io.StringIO(decode(data, path=f"--answers {path}", error=DrillError, what="answers"))
