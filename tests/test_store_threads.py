"""The progress store is shared by a drill session's prefetch thread (it reads the next review
card) and the main thread (it records answers and closes the store at the end). Closing while
the other thread was mid-read crashed the interpreter (SIGSEGV in CI); a lock now serialises
them. The race runs in a child process, so a crash fails this test instead of the test run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

RACE = """
import sys, tempfile, threading, time
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from trainer.store.store import Store

for _ in range(40):
    store = Store.open(Path(tempfile.mkdtemp()) / "p.db")
    stop = threading.Event()

    def reader() -> None:
        while not stop.is_set():
            try:
                store.due_cards(user="u", now=time.time(), limit=50)
            except Exception:  # the store was closed: the worker's error, kept, never a crash
                return

    threads = [threading.Thread(target=reader) for _ in range(3)]
    for thread in threads:
        thread.start()
    time.sleep(0.01)
    store.close()
    stop.set()
    for thread in threads:
        thread.join()
print("survived")
"""


def test_closing_the_store_while_another_thread_reads_never_crashes() -> None:
    done = subprocess.run(
        [sys.executable, "-c", RACE, str(ROOT)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0 and "survived" in done.stdout, (done.returncode, done.stderr[-2000:])
