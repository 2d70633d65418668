"""A drill or quiz session: serves questions, times answers, grades them and hands each attempt
to a recorder at once, so an interrupted session loses nothing that was answered.

Time comes from an injected clock (`time.monotonic` by default) so tests can move it at will.
Limits are a total clock (sprint), a per-question clock, and a question count; an answer given
after its limit is kept but scores nothing.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from trainer.drills.checking import grade, solve, timed_out
from trainer.drills.kinds import Solution
from trainer.drills.model import Attempt, DrillError, Question
from trainer.engine.records import Record
from trainer.engine.ruleset import Ruleset

T = TypeVar("T")
Clock = Callable[[], float]
Recorder = Callable[[Attempt], None]
RulesetFor = Callable[[Question], Ruleset]


class Limits(Record):
    """When a session ends and how long each answer may take (None: no limit)."""

    questions: int | None = None
    total_seconds: float | None = None
    per_question_seconds: float | None = None
    stop_on_miss: bool = False  # streak mode: the first answer that is not right ends the session

    def __post_init__(self) -> None:
        if self.questions is not None and self.questions < 1:
            raise DrillError("-n must be at least 1", key="raised.drill.n")
        for name, value in (("--sprint", self.total_seconds), ("--per-question", self.per_question_seconds)):
            if value is not None and value <= 0:
                raise DrillError(
                    f"{name} must be a positive time such as 30s or 3m", key="raised.drill.time", option=name
                )


@dataclass
class Tally:
    """Running score of a session: what a quiz shows between questions."""

    asked: int = 0
    correct: int = 0
    skipped: int = 0
    timed_out: int = 0
    streak: int = 0
    best_streak: int = 0
    points_lost: float = 0.0

    def add(self, attempt: Attempt) -> None:
        self.asked += 1
        self.points_lost += attempt.grade.points_lost
        self.skipped += attempt.grade.skipped
        self.timed_out += attempt.grade.timed_out
        if attempt.correct:
            self.correct += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0


@dataclass
class Session:
    """Serve, time, grade and record questions until a limit is reached or the user stops."""

    questions: Iterator[Question]
    ruleset_for: RulesetFor
    limits: Limits = field(default_factory=Limits)
    clock: Clock = time.monotonic
    record: Recorder | None = None
    attempts: list[Attempt] = field(default_factory=list)
    tally: Tally = field(default_factory=Tally)
    ended_by: str = ""
    prefetch: bool = False
    _started: float | None = None
    _shown_at: float | None = None
    _current: Question | None = None
    _upcoming: Pending[Question | None] | None = None
    _solution: Pending[Solution] | None = None
    _worker: threading.Thread | None = None

    # ------------------------------------------------------------------ serving

    def next_question(self) -> Question | None:
        """The next question, with its clock started; None when the session is over."""
        now = self.clock()
        if self._started is None:
            self._started = now
        if self.limits.questions is not None and self.tally.asked >= self.limits.questions:
            self._end("done")
            return None
        if self.limits.total_seconds is not None and now - self._started >= self.limits.total_seconds:
            self._end("time")
            return None
        if self.limits.stop_on_miss and self.tally.correct < self.tally.asked:
            self._end("miss")
            return None
        question = self._take()
        if question is None:
            self._end("done")
            return None
        self._current = question
        self._shown_at = self.clock()
        if self.prefetch:
            self._prefetch(question)
        return question

    def shown(self) -> None:
        """The front end has put the current question on screen: start the work made ready for
        it. Until then the prefetch thread waits, so it never competes (for the GIL) with drawing
        the question; a front end that never says so loses nothing, as answering, dropping the
        next question or taking it starts the work too."""
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.start()

    def _prefetch(self, question: Question) -> None:
        """While the user reads and thinks: solve this question, then make the next one, so
        pressing Enter leads to feedback and a new question without waiting. A daemon thread,
        so an interrupted session never waits for work it no longer needs; started by
        `shown()` (or by whatever needs its results first)."""
        solution: Pending[Solution] = Pending()
        self._solution = solution
        last = self.limits.questions is not None and self.tally.asked + 1 >= self.limits.questions
        upcoming: Pending[Question | None] | None = None if last else Pending()
        self._upcoming = upcoming
        ruleset = self.ruleset_for(question)

        def work() -> None:
            _fulfil(solution, lambda: solve(question, ruleset=ruleset))
            if upcoming is not None:
                _fulfil(upcoming, self._generate)

        self._worker = threading.Thread(target=work, name="crib-prefetch", daemon=True)

    def _generate(self) -> Question | None:
        try:
            return next(self.questions)
        except StopIteration:
            return None

    def _take(self) -> Question | None:
        self.shown()
        if self._upcoming is not None:
            upcoming, self._upcoming = self._upcoming, None
            return upcoming.result()
        return self._generate()

    def discard_upcoming(self) -> None:
        """Forget the question made in advance (the stream has changed its mind, as after a
        teaching step); the next one is made afresh. Waits for the prefetch so the stream is
        never run by two threads at once."""
        self.shown()
        if self._upcoming is not None:
            upcoming, self._upcoming = self._upcoming, None
            with contextlib.suppress(Exception):  # the question is dropped either way
                upcoming.result()

    def deadline(self) -> float | None:
        """Clock time at which the current question's time runs out (None: untimed)."""
        if self._shown_at is None or self._started is None:
            return None
        ends = []
        if self.limits.per_question_seconds is not None:
            ends.append(self._shown_at + self.limits.per_question_seconds)
        if self.limits.total_seconds is not None:
            ends.append(self._started + self.limits.total_seconds)
        return min(ends) if ends else None

    def remaining(self) -> float | None:
        """Seconds left for the current answer (never negative)."""
        deadline = self.deadline()
        return None if deadline is None else max(0.0, deadline - self.clock())

    def elapsed(self) -> float:
        """Seconds since the session's first question was shown."""
        return 0.0 if self._started is None else self.clock() - self._started

    # ------------------------------------------------------------------ answering

    def answer(self, text: str, *, hints: int = 0) -> Attempt:
        """Grade `text` for the current question, apply the time limit, and record it at once
        (`hints`: how many hints were shown first)."""
        if self._current is None or self._shown_at is None:
            raise DrillError("no question is waiting for an answer", key="raised.drill.no_question")
        now = self.clock()
        question = self._current
        seconds = now - self._shown_at
        self.shown()
        solution = self._solution.result() if self._solution is not None else None
        self._solution = None
        result = grade(question, text, ruleset=self.ruleset_for(question), solution=solution)
        deadline = self.deadline()
        if deadline is not None and now > deadline:
            result = timed_out(result)
        attempt = Attempt(
            question=question,
            answer=text.strip(),
            grade=result,
            seconds=seconds,
            number=len(self.attempts) + 1,
            hints=hints,
        )
        if self.record is not None:
            self.record(attempt)
        self.attempts.append(attempt)
        self.tally.add(attempt)
        self._current = None
        self._shown_at = None
        return attempt

    def stop(self, reason: str = "interrupted") -> None:
        """End the session early (Ctrl-C, end of input); the current question is not recorded."""
        self._end(reason)

    def _end(self, reason: str) -> None:
        if not self.ended_by:
            self.ended_by = reason
        self._current = None
        return None

    @property
    def current(self) -> Question | None:
        return self._current


class Pending(Generic[T]):
    """A result one thread makes and another waits for: `concurrent.futures.Future` without its
    import (it brings `logging` and its regular expressions onto every drill's start-up), for
    the one use here, the prefetch thread's question and solution."""

    def __init__(self) -> None:
        self._done = threading.Event()
        self._value: T | None = None
        self._error: BaseException | None = None

    def set_result(self, value: T) -> None:
        self._value = value
        self._done.set()

    def set_exception(self, error: BaseException) -> None:
        self._error = error
        self._done.set()

    def result(self) -> T:
        """The value, waiting for it; the worker's exception is raised here instead."""
        self._done.wait()
        if self._error is not None:
            raise self._error
        return self._value  # type: ignore[return-value]


def _fulfil(future: Pending[T], work: Callable[[], T]) -> None:
    try:
        future.set_result(work())
    except BaseException as exc:  # handed to the waiting thread, which raises it
        future.set_exception(exc)
