"""Run independent tasks on several cores and get their results back in task order.

Simulations split their games into seeded blocks; the blocks are independent, so the report is
the same however many processes play them. On Linux the work is shared by forking: the calling
process plays its own share instead of waiting (one process fewer to start and stop), the others
send their results back through a pipe and leave without tearing down the interpreter, and none
of `multiprocessing`'s machinery is imported (about 18 ms, a tenth of what a second core saves
on a thousand games). Elsewhere, where fork is unsafe or missing, a `ProcessPoolExecutor` does it.
Task `k` goes to worker `k % jobs`: blocks are of equal size, so a fixed share balances as well as
a queue would, and no coordination is needed while they run.
"""

from __future__ import annotations

import os
import pickle
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TypeVar

from trainer.engine.errors import CribError

_R = TypeVar("_R")


class WorkerFailed(CribError):
    """A worker process stopped without sending its results (killed, or out of memory)."""


def run_tasks(
    task: Callable[..., _R],
    args: Sequence[tuple[Any, ...]],
    *,
    jobs: int,
    done: Callable[[int], None] | None = None,
) -> list[_R]:
    """`[task(*a) for a in args]` on `jobs` processes; `done(k)` is called in this process as
    task `k` finishes (in any order), so a progress bar can follow every worker."""
    jobs = max(1, min(jobs, len(args)))
    if jobs == 1:
        out = []
        for k, a in enumerate(args):
            out.append(task(*a))
            if done is not None:
                done(k)
        return out
    if sys.platform == "linux":
        return _forked(task, args, jobs, done)
    return _pooled(task, args, jobs, done)


def _forked(
    task: Callable[..., _R], args: Sequence[tuple[Any, ...]], jobs: int, done: Callable[[int], None] | None
) -> list[_R]:
    import select

    results: dict[int, _R] = {}
    children: dict[int, int] = {}  # read end of the pipe -> pid
    buffers: dict[int, bytearray] = {}
    try:
        for worker in range(1, jobs):
            read, write = os.pipe()
            pid = os.fork()
            if pid == 0:  # the child: play its share, send it, and leave at once
                os.close(read)
                _child(task, args, worker, jobs, write)
            os.close(write)
            children[read] = pid
            buffers[read] = bytearray()
        for k in range(0, len(args), jobs):  # this process's own share
            results[k] = task(*args[k])
            if done is not None:
                done(k)
            _drain(children, buffers, results, done, wait=False, select=select.select)
        while children:
            _drain(children, buffers, results, done, wait=True, select=select.select)
    finally:
        for read, pid in children.items():  # only left when interrupted: stop the rest
            _stop(pid)
            os.close(read)
    return [results[k] for k in range(len(args))]


def _child(
    task: Callable[..., Any], args: Sequence[tuple[Any, ...]], worker: int, jobs: int, write: int
) -> NoReturn:
    """Each result goes out as soon as it is ready (a length, then the pickle), so the parent
    can count progress; `os._exit` skips the interpreter's clean-up, which the parent owns."""
    code = 0
    try:
        with os.fdopen(write, "wb") as pipe:
            for k in range(worker, len(args), jobs):
                try:
                    payload = pickle.dumps((k, True, task(*args[k])))
                except Exception as exc:  # sent to the parent, which raises it
                    payload = pickle.dumps((k, False, exc))
                pipe.write(len(payload).to_bytes(8, "little") + payload)
                pipe.flush()
    except BaseException:  # Ctrl-C or a closed pipe: the parent reports it
        code = 1
    finally:
        os._exit(code)


def _drain(
    children: dict[int, int],
    buffers: dict[int, bytearray],
    results: dict[int, Any],
    done: Callable[[int], None] | None,
    *,
    wait: bool,
    select: Callable[..., Any],
) -> None:
    """Read whatever the children have sent; with `wait`, block until one of them sends."""
    ready, _, _ = select(list(children), [], [], None if wait else 0)
    for read in ready:
        chunk = os.read(read, 1 << 16)
        buffer = buffers[read]
        if not chunk:  # the child has closed its end: it has finished (or died)
            pid = children.pop(read)
            os.close(read)
            _, status = os.waitpid(pid, 0)
            if buffer or os.waitstatus_to_exitcode(status) != 0:
                raise WorkerFailed(
                    "a simulation worker process stopped early; run again, or with --jobs 1",
                    key="raised.parallel.worker",
                )
            continue
        buffer += chunk
        while len(buffer) >= 8:
            size = int.from_bytes(buffer[:8], "little")
            if len(buffer) < 8 + size:
                break
            k, ok, value = pickle.loads(bytes(buffer[8 : 8 + size]))
            del buffer[: 8 + size]
            if not ok:
                raise value
            results[k] = value
            if done is not None:
                done(k)


def _stop(pid: int) -> None:
    import signal

    try:
        os.kill(pid, signal.SIGTERM)
        os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass


def _pooled(
    task: Callable[..., _R], args: Sequence[tuple[Any, ...]], jobs: int, done: Callable[[int], None] | None
) -> list[_R]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        futures = {pool.submit(task, *a): k for k, a in enumerate(args)}
        results: dict[int, _R] = {}
        for future in as_completed(futures):
            k = futures[future]
            results[k] = future.result()
            if done is not None:
                done(k)
    return [results[k] for k in range(len(args))]
