"""A real `crib club serve` process on 127.0.0.1 for the browser and command-line tests, always stopped."""

from __future__ import annotations

import json
import os
import selectors
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


@contextmanager
def club_server(quiz: Path, *extra: str, lang: str = "en") -> Iterator[dict[str, Any]]:
    """Start the server on a free loopback port, yield its `--json` line, stop it on exit."""
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "trainer",
            "--lang",
            lang,
            "club",
            "serve",
            str(quiz),
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--json",
            *extra,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
    )
    try:
        assert process.stdout is not None
        selector = selectors.DefaultSelector()
        selector.register(process.stdout, selectors.EVENT_READ)
        if not selector.select(timeout=30):
            raise AssertionError("the server printed nothing in 30 s")
        line = process.stdout.readline()
        if not line:
            raise AssertionError(f"the server stopped: {process.stderr.read() if process.stderr else ''}")
        info = json.loads(line)
        info["process"] = process
        yield info
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()
