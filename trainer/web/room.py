"""The club night: who is in the room, which question is open, and every answer graded on arrival.

Modes: `live` (the teacher opens each question for everyone, then reveals it), `self-paced`
(each student goes through the quiz on a personal clock) and `exam` (self-paced with no feedback
until the teacher ends the night). All times come from this server's clock (`now`, injectable for
tests); an answer that arrives after the deadline, for another question than the current one, or
from a kicked player is refused. Scores are never stored apart from the answers: the report
regrades the stored answers with the engine.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from trainer.club.night import Report, Submission, build_report, club_submissions, questions_of
from trainer.club.store import AnswerRow, ClubStore, ClubStoreError, PlayerRow, RoomRow, db_path_for
from trainer.content.quizfile import Quiz
from trainer.drills.checking import grade, solve
from trainer.drills.kinds import Solution
from trainer.drills.model import Grade, Question
from trainer.engine.errors import CribError
from trainer.web.names import check_name, name_key, safe_text
from trainer.web.shown import explanation, question_view

MODES = ("live", "self-paced", "exam")
ROOM_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I or O: read off a projector, typed on a phone
MAX_ANSWER = 200
MAX_PLAYERS = 200
STANDINGS_SHOWN = 10


class Refused(CribError):
    """A request the room refuses; `status` is the HTTP status and `reason` a stable word."""

    def __init__(self, message: str, *, reason: str, status: int = 409, **values: object) -> None:
        super().__init__(message, key=f"club_web.refused.{reason}", **values)
        self.reason = reason
        self.status = status


def new_room_code() -> str:
    return "".join(secrets.choice(ROOM_ALPHABET) for _ in range(4))


@dataclass
class Room:
    """One club night over one quiz, backed by the store; safe to call from several threads."""

    quiz: Quiz
    store: ClubStore
    now: Callable[[], float] = time.time
    questions: list[Question] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _views: dict[tuple[int, str], dict[str, Any]] = field(default_factory=dict)
    _solutions: dict[int, Solution] = field(default_factory=dict)

    # ------------------------------------------------------------------ opening

    @classmethod
    def open(
        cls,
        quiz: Quiz,
        *,
        db: Path | None = None,
        mode: str = "live",
        seconds: float = 60.0,
        total_seconds: float | None = None,
        now: Callable[[], float] = time.time,
    ) -> Room:
        """Resume the night stored beside the quiz, or start one (a new room code and teacher secret)."""
        if mode not in MODES:
            raise CribError(
                f"--mode {mode!r}: choose live, self-paced or exam", key="club_web.err.mode", mode=mode
            )
        if db is None:
            if quiz.path is None:
                raise CribError("a club night needs a quiz file on disk", key="raised.club.no_quiz_file")
            db = db_path_for(quiz.path)
        store = ClubStore(db)
        room = cls(quiz=quiz, store=store, now=now, questions=questions_of(quiz.questions))
        row = store.room()
        if row is None:
            if total_seconds is None and mode != "live":
                total_seconds = quiz.settings.time_limit_seconds
            store.create_room(
                code=new_room_code(),
                teacher_token=secrets.token_urlsafe(24),
                checksum=quiz.checksum,
                mode=mode,
                seconds=seconds,
                total_seconds=total_seconds,
                now=now(),
            )
        elif row.quiz_checksum != quiz.checksum:
            store.close()
            raise ClubStoreError(
                f"{db}: this club night belongs to another quiz; start a new night with --fresh",
                key="club_web.err.other_quiz",
                path=db,
            )
        return room

    def close(self) -> None:
        self.store.close()

    @property
    def row(self) -> RoomRow:
        found = self.store.room()
        assert found is not None  # created in open()
        return found

    @property
    def total(self) -> int:
        return len(self.questions)

    # ------------------------------------------------------------------ players

    def join(self, code: str, raw_name: str) -> tuple[str, str, str]:
        """(player id, token, shown name) for a new player; the name must be free in this room."""
        row = self.row
        if code.strip().upper() != row.code:
            raise Refused("no room with this code", reason="room", status=404)
        if row.state == "ended":
            raise Refused("the quiz has ended", reason="ended")
        name = check_name(raw_name)
        token = secrets.token_urlsafe(24)
        player = secrets.token_hex(6)
        with self._lock, self.store.transaction() as db:
            if self.store.player_count(db) >= MAX_PLAYERS:
                raise Refused("the room is full", reason="full")
            if not self.store.add_player(
                db, player=player, name=name, key=name_key(name), token=token, now=self.now()
            ):
                raise Refused(
                    "this name is taken in this room: add an initial", reason="name_taken", name=name
                )
        return player, token, name

    def player(self, token: str | None) -> PlayerRow:
        """The player holding `token`; a missing or forged token is refused (401), a kicked one (403)."""
        found = self.store.player_by_token(token) if token else None
        if found is None:
            raise Refused("join the room first", reason="token", status=401)
        if found.kicked:
            raise Refused("the teacher removed you from the room", reason="kicked", status=403)
        return found

    def is_teacher(self, token: str | None) -> bool:
        return bool(token) and secrets.compare_digest(str(token), self.row.teacher_token)

    # ------------------------------------------------------------------ clocks

    def live_left(self, row: RoomRow, now: float) -> float | None:
        if row.state == "paused":
            return row.paused_left
        if row.state == "open" and row.deadline is not None:
            return max(0.0, row.deadline - now)
        return None

    def _own_started(self, row: RoomRow, player: PlayerRow) -> float:
        """A self-paced clock starts when the student first sees a question after the start."""
        if player.started_at is not None:
            return player.started_at
        started = self.now()
        with self._lock, self.store.transaction() as db:
            return self.store.start_clock(db, player=player.id, now=started)

    def _own_left(self, row: RoomRow, started: float, now: float) -> float | None:
        if row.total_seconds is None:
            return None
        if row.state == "paused" and row.paused_at is not None:
            now = row.paused_at
        return max(0.0, started + row.total_seconds - now)

    # ------------------------------------------------------------------ asking

    def view(self, index: int, lang: str) -> dict[str, Any]:
        key = (index, lang)
        if key not in self._views:
            question = self.questions[index]
            self._views[key] = question_view(
                question, ruleset=self.quiz.ruleset_for(question.ruleset), lang=lang
            )
        return self._views[key]

    def solution(self, index: int, answer: str) -> Grade:
        """The engine's verdict (the expected answer lives only here, on the teacher's machine).
        The engine solves each question once; every answer is then judged against that solution."""
        question = self.questions[index]
        rules = self.quiz.ruleset_for(question.ruleset)
        solved = self._solutions.get(index)
        if solved is None:
            solved = self._solutions[index] = solve(question, ruleset=rules)
        return grade(question, answer, ruleset=rules, solution=solved)

    def question_for(self, player: PlayerRow, lang: str) -> dict[str, Any]:
        """GET /api/question: the player's current question without its answer, and the clock."""
        row = self.row
        now = self.now()
        base: dict[str, Any] = {
            "state": row.state,
            "mode": row.mode,
            "name": player.name,
            "index": None,
            "number": None,
            "total": self.total,
            "kind": None,
            "prompt": None,
            "cards": [],
            "starter": None,
            "choices": [],
            "seconds_left": None,
            "answered": False,
            "feedback": None,
            "summary": None,
        }
        given = {a.idx: a for a in self.store.answers(player.id)}
        if row.state == "lobby":
            return base
        if row.state == "ended":
            if row.mode != "live":
                base["summary"] = self._summary(given)
            return base
        if row.mode == "live":
            index = row.current
            left = self.live_left(row, now)
            if row.state == "open" and left == 0.0:
                base["state"] = "closed"
        else:
            index = len(given)
            started = self._own_started(row, player)
            left = self._own_left(row, started, now)
            if index >= self.total or left == 0.0:
                base["state"] = "finished"
                base["summary"] = self._summary(given) if row.mode == "self-paced" else None
                return base
        base.update(self.view(index, lang))
        base.update(index=index, number=index + 1, seconds_left=None if left is None else round(left, 1))
        mine = given.get(index)
        base["answered"] = mine is not None
        if row.mode == "live" and row.revealed:  # also shown to those who did not answer in time
            base["feedback"] = self._feedback(index, mine.answer if mine else "", lang)
        return base

    def _feedback(self, index: int, answer: str, lang: str) -> dict[str, Any]:
        result = self.solution(index, answer)
        return {
            "correct": result.correct,
            "answer": answer,
            **explanation(self.questions[index], result, lang=lang),
        }

    def _summary(self, given: dict[int, AnswerRow]) -> dict[str, Any]:
        return {
            "correct": sum(1 for a in given.values() if a.correct),
            "answered": len(given),
            "total": self.total,
            "marks": [None if i not in given else bool(given[i].correct) for i in range(self.total)],
        }

    # ------------------------------------------------------------------ answering

    def answer(self, player: PlayerRow, index: object, text: object, lang: str = "en") -> dict[str, Any]:
        """POST /api/answer: graded by the engine now, timed by this clock, stored once."""
        if not isinstance(index, int) or isinstance(index, bool) or not isinstance(text, str):
            raise Refused("send {index: number, answer: text}", reason="bad_request", status=400)
        answer = safe_text(text, MAX_ANSWER)
        row = self.row
        now = self.now()
        if row.state == "lobby":
            raise Refused("the quiz has not started", reason="not_started")
        if row.state == "ended":
            raise Refused("the quiz has ended", reason="ended")
        if row.state == "paused":
            raise Refused("the quiz is paused", reason="paused")
        if row.mode == "live":
            if index != row.current:
                raise Refused("that question is not the current one", reason="not_current")
            if row.revealed:
                raise Refused("the answer has been shown", reason="revealed")
            assert row.opened_at is not None and row.deadline is not None
            if now > row.deadline:
                raise Refused("too late: the time for this question is up", reason="late")
            at = now - row.opened_at
            seconds = at
        else:
            done = len(self.store.answers(player.id))
            if index != done:
                raise Refused("that question is not the current one", reason="not_current")
            started = self._own_started(row, player)
            left = self._own_left(row, started, now)
            if left == 0.0:
                raise Refused("too late: the time for the quiz is up", reason="late")
            if index >= self.total:
                raise Refused("that question is not the current one", reason="not_current")
            previous = self.store.answers(player.id)
            at = now - started
            seconds = at - (previous[-1].at if previous else 0.0)
        result = self.solution(index, answer)
        stored = AnswerRow(
            player=player.id,
            idx=index,
            question_id=self.questions[index].id,
            answer=answer,
            correct=result.correct,
            at=round(at, 3),
            seconds=round(seconds, 3),
        )
        with self._lock, self.store.transaction() as db:
            if not self.store.add_answer(db, stored, received=now):
                raise Refused("you have already answered this question", reason="answered")
        out: dict[str, Any] = {"accepted": True, "index": index}
        if row.mode == "self-paced":
            out["feedback"] = self._feedback(index, stored.answer, lang)
        return out

    # ------------------------------------------------------------------ the teacher

    def act(self, action: str) -> dict[str, Any]:
        """POST /api/teacher/{start,next,reveal,pause,resume,end}."""
        handler = {
            "start": self._start,
            "next": self._next,
            "reveal": self._reveal,
            "pause": self._pause,
            "resume": self._resume,
            "end": self._end,
        }.get(action)
        if handler is None:
            raise Refused("unknown action", reason="action", status=404)
        with self._lock, self.store.transaction() as db:
            handler(db, self.row, self.now())
        return {"ok": True, "state": self.row.state, "index": self.row.current}

    def _open(self, db: Any, row: RoomRow, now: float, index: int) -> None:
        self.store.update_room(
            db,
            state="open",
            current=index,
            opened_at=now,
            deadline=now + row.seconds,
            revealed=0,
            paused_at=None,
            paused_left=None,
        )

    def _start(self, db: Any, row: RoomRow, now: float) -> None:
        if row.state != "lobby":
            raise Refused("the quiz has already started", reason="started")
        if row.mode == "live":
            self._open(db, row, now, 0)
        else:
            self.store.update_room(db, state="open", current=0, opened_at=now)

    def _next(self, db: Any, row: RoomRow, now: float) -> None:
        if row.mode != "live":
            raise Refused("each student moves on alone in this mode", reason="not_live")
        if row.state not in ("open", "paused"):
            raise Refused("start the quiz first", reason="not_started")
        if row.current + 1 >= self.total:
            self.store.update_room(db, state="ended", revealed=1)
            return
        self._open(db, row, now, row.current + 1)

    def _reveal(self, db: Any, row: RoomRow, now: float) -> None:
        if row.mode != "live":
            raise Refused("answers are shown at the end in this mode", reason="not_live")
        if row.state not in ("open", "paused"):
            raise Refused("no question is open", reason="not_started")
        deadline = min(row.deadline or now, now)
        self.store.update_room(
            db, state="open", revealed=1, deadline=deadline, paused_at=None, paused_left=None
        )

    def _pause(self, db: Any, row: RoomRow, now: float) -> None:
        if row.state == "paused":
            self._resume(db, row, now)
            return
        if row.state != "open":
            raise Refused("nothing to pause", reason="not_started")
        left = max(0.0, (row.deadline or now) - now)
        self.store.update_room(db, state="paused", paused_at=now, paused_left=left)

    def _resume(self, db: Any, row: RoomRow, now: float) -> None:
        if row.state != "paused":
            raise Refused("the quiz is not paused", reason="not_paused")
        paused = now - (row.paused_at or now)
        if row.mode == "live":
            self.store.update_room(db, state="open", deadline=now + (row.paused_left or 0.0), paused_at=None)
        else:  # every student's clock stood still during the pause
            self.store.shift_clocks(db, seconds=paused)
            self.store.update_room(db, state="open", paused_at=None)

    def _end(self, db: Any, row: RoomRow, now: float) -> None:
        if row.state == "ended":
            raise Refused("the quiz has already ended", reason="ended")
        self.store.update_room(db, state="ended", revealed=1, deadline=min(row.deadline or now, now))

    def kick(self, player: object) -> dict[str, Any]:
        """Remove a player: their token stops working, their answers leave the report, and their
        name is free again (a student whose phone died is removed and joins from another one)."""
        if not isinstance(player, str):
            raise Refused("send {player: id}", reason="bad_request", status=400)
        with self._lock, self.store.transaction() as db:
            changed = self.store.kick(db, player=player)
        if not changed:
            raise Refused("no such player", reason="no_player", status=404)
        return {"ok": True}

    # ------------------------------------------------------------------ the report

    def submissions(self) -> list[Submission]:
        """The stored answers as submissions (read as `crib quiz report` reads them); the report
        regrades every one of them."""
        return club_submissions(self.store, checksum=self.quiz.checksum)

    def report(self) -> Report:
        return build_report(
            quiz=self.quiz.name,
            checksum=self.quiz.checksum,
            questions=self.questions,
            ruleset=self.quiz.ruleset,
            rulesets=self.quiz.rulesets,
            time_limit=None,  # late answers were refused on arrival, by the server's clock
            submissions=self.submissions(),
        )
