"""Tasks shared across processes come back whole and in task order, whichever way they are run;
a failure in a worker reaches the caller as an error, never as a silently short report."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from trainer.engine.errors import CribError
from trainer.infra.parallel import WorkerFailed, _pooled, run_tasks


def _square(n: int) -> tuple[int, int]:
    return n, n * n


def _fail_on_three(n: int) -> int:
    if n == 3:
        raise ValueError("three is not allowed")
    return n


def _die_on_four(n: int) -> int:
    if n == 4 and os.getpid() != _PARENT:
        os._exit(3)  # a worker killed mid-task
    return n


_PARENT = os.getpid()


@pytest.mark.parametrize("jobs", [1, 2, 3, 8])
def test_results_in_task_order_and_every_task_counted_once(jobs: int) -> None:
    seen: list[int] = []
    out = run_tasks(_square, [(n,) for n in range(11)], jobs=jobs, done=seen.append)
    assert out == [(n, n * n) for n in range(11)]
    assert sorted(seen) == list(range(11))


def test_the_pool_used_where_fork_is_not_gives_the_same_results() -> None:
    seen: list[int] = []
    assert _pooled(_square, [(n,) for n in range(7)], 2, seen.append) == [(n, n * n) for n in range(7)]
    assert sorted(seen) == list(range(7))


def test_an_error_in_a_worker_is_raised_in_the_caller() -> None:
    # task 3 goes to worker 3 % 2 == 1, a forked child: its error travels back
    with pytest.raises(ValueError, match="three is not allowed"):
        run_tasks(_fail_on_three, [(n,) for n in range(6)], jobs=2)


def test_a_worker_that_dies_is_reported_not_ignored() -> None:
    with pytest.raises(WorkerFailed) as caught:
        run_tasks(_die_on_four, [(n,) for n in range(8)], jobs=3)  # task 4 -> child worker 1
    assert isinstance(caught.value, CribError) and caught.value.key == "raised.parallel.worker"


def _children() -> set[str]:
    """This process's children, reaped or not yet (a zombie is still listed)."""
    return {pid for f in Path("/proc/self/task").glob("*/children") for pid in f.read_text().split()}


def test_no_worker_is_left_behind() -> None:
    # Compared with the children before: a pytest-xdist worker or an earlier test may have others.
    before = _children()
    run_tasks(_square, [(n,) for n in range(6)], jobs=3)
    assert _children() <= before  # every child forked for the tasks has been reaped
