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

from trainer.club.night import (
    Report,
    Submission,
    build_report,
    club_submissions,
    questions_of,
    submissions_of,
)
from trainer.club.records import ClubReport, RoomStanding, TeamStanding
from trainer.club.store import AnswerRow, ClubStore, ClubStoreError, PlayerRow, RoomRow, db_path_for
from trainer.content.quizfile import Quiz
from trainer.drills.checking import grade, solve
from trainer.drills.kinds import Solution
from trainer.drills.model import Grade, Question
from trainer.engine.errors import CribError
from trainer.web.names import check_name, name_key, safe_text
from trainer.web.points import SELF_PACED_SCALE, total_points
from trainer.web.shown import answer_pieces, explanation, question_view, reveal_pieces

MODES = ("live", "self-paced", "exam")
ROOM_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I or O: read off a projector, typed on a phone
MAX_ANSWER = 200
MAX_PLAYERS = 200
STANDINGS_SHOWN = 10
MAX_GRADES_KEPT = 50_000  # verdicts kept by (question, answer text); typed junk cannot grow it further


class Refused(CribError):
    """A request the room refuses; `status` is the HTTP status and `reason` a stable word."""

    def __init__(self, message: str, *, reason: str, status: int = 409, **values: object) -> None:
        super().__init__(message, key=f"club_web.refused.{reason}", **values)
        self.reason = reason
        self.status = status


MAX_TEAMS = 8


def check_teams(names: tuple[str, ...]) -> tuple[str, ...]:
    """`--teams Red,Blue`: two to eight team names, each a readable name, no two alike."""
    teams = tuple(check_name(n) for n in names if n.strip())
    keys = {name_key(t) for t in teams}
    if not 2 <= len(teams) <= MAX_TEAMS or len(keys) != len(teams):
        raise CribError(
            "--teams: give two to eight different team names, e.g. --teams Red,Blue",
            key="club_web.err.teams",
            max=MAX_TEAMS,
        )
    return teams


def new_room_code() -> str:
    return "".join(secrets.choice(ROOM_ALPHABET) for _ in range(4))


# Cyrillic letters drawn like Latin ones: a phone on a Russian keyboard types «НМК» for HMK. Each
# is read as the Latin letter it looks like, in either case (у is y; У is Y).
ROOM_CODE_LOOKALIKES = str.maketrans("АВЕКМНОРСТХУавекмнорстху", "ABEKMHOPCTXYABEKMHOPCTXY")


def room_code(typed: str) -> str:
    """A room code as typed on a phone, read as the code it means: spaces dropped, upper case,
    Cyrillic lookalike letters as the Latin ones they look like («нмк р» is HMKP)."""
    return "".join(typed.split()).translate(ROOM_CODE_LOOKALIKES).upper()


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
    _solving: threading.Lock = field(default_factory=threading.Lock)
    _grades: dict[tuple[int, str], Grade] = field(default_factory=dict)  # (question, answer text)
    max_players: int = MAX_PLAYERS
    # options given to `open` that differ from the stored night's (a restart keeps the stored ones)
    differences: dict[str, tuple[object, object]] = field(default_factory=dict)
    # bumped by every change (join, answer, teacher action): views and reports are cached per version
    version: int = 0
    listeners: list[Callable[[int], None]] = field(default_factory=list)
    # (view, language) -> (version, view): trainer.web.views builds each view once per version
    view_cache: dict[tuple[str, str], tuple[int, dict[str, Any]]] = field(default_factory=dict)
    # player -> question index -> (right, seconds): running totals of the stored answers, read from
    # the store once and kept in step by `answer`, so no view reads 12,000 rows per refresh
    _marks: dict[str, dict[int, tuple[bool, float]]] | None = None
    # player -> (question id, answer, at, seconds) of each stored answer in question order: what
    # the report regrades, kept in step by `answer` so a report reads no database meanwhile
    _log: dict[str, list[tuple[str, str, float, float]]] | None = None
    _players: tuple[int, list[PlayerRow]] | None = None
    _standings: tuple[int, dict[str, RoomStanding]] | None = None

    # ------------------------------------------------------------------ opening

    @classmethod
    def open(
        cls,
        quiz: Quiz,
        *,
        db: Path | None = None,
        mode: str | None = None,
        seconds: float | None = None,
        total_seconds: float | None = None,
        now: Callable[[], float] = time.time,
        max_players: int = MAX_PLAYERS,
        speed_points: bool | None = None,
        teams: tuple[str, ...] | None = None,
    ) -> Room:
        """Resume the night stored beside the quiz, or start one (a new room code and teacher secret).
        A resumed night keeps its stored mode and clocks; `differences` lists the options given
        now that differ from them, so the command can warn instead of silently ignoring them."""
        if mode is not None and mode not in MODES:
            raise CribError(
                f"--mode {mode!r}: choose live, self-paced or exam", key="club_web.err.mode", mode=mode
            )
        if teams is not None:
            teams = check_teams(teams)
        if db is None:
            if quiz.path is None:
                raise CribError("a club night needs a quiz file on disk", key="raised.club.no_quiz_file")
            db = db_path_for(quiz.path)
        store = ClubStore(db)
        room = cls(
            quiz=quiz, store=store, now=now, questions=questions_of(quiz.questions), max_players=max_players
        )
        row = store.room()
        if row is None:
            mode = mode or "live"
            if total_seconds is None and mode != "live":
                total_seconds = quiz.settings.time_limit_seconds
            store.create_room(
                code=new_room_code(),
                teacher_token=secrets.token_urlsafe(24),
                checksum=quiz.checksum,
                mode=mode,
                seconds=60.0 if seconds is None else seconds,
                total_seconds=total_seconds,
                now=now(),
                speed_points=bool(speed_points),
                teams=teams or (),
            )
        elif row.quiz_checksum != quiz.checksum:
            store.close()
            raise ClubStoreError(
                f"{db}: this club night belongs to another quiz; start a new night with --fresh",
                key="club_web.err.other_quiz",
                path=db,
            )
        else:
            given = {
                "mode": mode,
                "seconds": seconds,
                "time_limit": total_seconds,
                "speed_points": speed_points,
                "teams": ",".join(teams) if teams is not None else None,
            }
            stored = {
                "mode": row.mode,
                "seconds": row.seconds,
                "time_limit": row.total_seconds,
                "speed_points": row.speed_points,
                "teams": ",".join(row.teams),
            }
            room.differences = {k: (given[k], stored[k]) for k in given if given[k] not in (None, stored[k])}
        return room

    def marks(self) -> dict[str, dict[int, tuple[bool, float]]]:
        """Every player's answers as (right, seconds) by question index."""
        if self._marks is None:
            marks: dict[str, dict[int, tuple[bool, float]]] = {}
            for player, idx, correct, seconds in self.store.answer_marks():
                marks.setdefault(player, {})[idx] = (correct, seconds)
            self._marks = marks
        return self._marks

    def answer_log(self) -> dict[str, list[tuple[str, str, float, float]]]:
        """Every stored answer by player, read from the store once (a resumed night) and then
        appended to by `answer` in the same locked step as the database row."""
        if self._log is None:
            log: dict[str, list[tuple[str, str, float, float]]] = {}
            for player, qid, text, at, seconds in self.store.submission_rows():
                log.setdefault(player, []).append((qid, text, float(at), float(seconds)))
            self._log = log
        return self._log

    def players_now(self) -> list[PlayerRow]:
        """Every player who joined (removed ones too, marked), read once per version of the room."""
        if self._players is None or self._players[0] != self.version:
            self._players = (self.version, self.store.players())
        return self._players[1]

    def standings(self) -> list[RoomStanding]:
        """Most correct, then least time (a player who answered nothing after those who answered);
        kicked players are left out. Totals come from the running marks, not the database."""
        marks = self.marks()
        row = self.row
        limit = row.seconds if row.mode == "live" else SELF_PACED_SCALE
        rows: list[RoomStanding] = []
        for p in self.players_now():
            if p.kicked:
                continue
            mine = marks.get(p.id, {})
            rows.append(
                {
                    "player": p.id,
                    "name": p.name,
                    "correct": sum(1 for right, _ in mine.values() if right),
                    "answered": len(mine),
                    "seconds": round(sum(seconds for _, seconds in mine.values()), 1),
                    "points": total_points(mine, limit=limit)[0] if row.speed_points else None,
                    "team": p.team,
                }
            )
        rows.sort(
            key=lambda r: (
                -(r["points"] or 0),
                -r["correct"],
                r["answered"] == 0,
                r["seconds"],
                r["name"].casefold(),
            )
        )
        for rank, r in enumerate(rows, start=1):
            r["rank"] = rank
        return rows

    def team_standings(self) -> list[TeamStanding]:
        """Each team's members present, right answers and points, ranked by the average per member
        (a team of six does not beat a team of four by size alone), then the total, then the name."""
        teams = self.row.teams
        if not teams:
            return []
        rows: dict[str, TeamStanding] = {
            t: {"team": t, "members": 0, "correct": 0, "points": 0} for t in teams
        }
        for r in self.standings():
            team = rows.get(r["team"])
            if team is None:
                continue
            team["members"] += 1
            team["correct"] += r["correct"]
            team["points"] += r["points"] or 0
        speed = self.row.speed_points
        out = list(rows.values())
        for team in out:
            total = team["points"] if speed else team["correct"]
            team["score"] = total
            average = total / team["members"] if team["members"] else 0.0
            team["average"] = round(average) if speed else round(average, 1)  # points are whole
        out.sort(key=lambda t: (-t["average"], -t["score"], t["team"].casefold()))
        for rank, team in enumerate(out, start=1):
            team["rank"] = rank
        return out

    def set_team(self, player: object, team: object) -> dict[str, Any]:
        """The teacher puts a player in a team (or in none, with "")."""
        if not isinstance(player, str) or not isinstance(team, str):
            raise Refused("send {player: id, team: name}", reason="bad_request", status=400)
        chosen = self.team_named(team)
        with self._lock, self.store.transaction() as db:
            if not self.store.set_team(db, player=player, team=chosen):
                raise Refused("no such player", reason="no_player", status=404)
        self.changed()
        return {"ok": True, "team": chosen}

    def team_named(self, team: str) -> str:
        """One of this night's teams, as the teacher spelled it ("" stays "": no team)."""
        if not team.strip():
            return ""
        wanted = name_key(safe_text(team, 80))
        for name in self.row.teams:
            if name_key(name) == wanted:
                return name
        raise Refused("no such team in this room", reason="team", status=400)

    def standing_of(self, player: str) -> RoomStanding | None:
        """A player's row of the standings (rank, right answers), the table built once per version
        however many phones ask."""
        if self._standings is None or self._standings[0] != self.version:
            self._standings = (self.version, {r["player"]: r for r in self.standings()})
        return self._standings[1].get(player)

    def me(self, player: PlayerRow) -> dict[str, Any] | None:
        """What a phone shows of its own night after a reveal: rank of how many, right answers,
        and the streak of right answers ending at the current question."""
        mine = self.standing_of(player.id)
        if mine is None:
            return None
        marks = self.marks().get(player.id, {})
        streak, idx = 0, self.row.current
        while idx >= 0 and marks.get(idx, (False, 0.0))[0]:
            streak += 1
            idx -= 1
        of = sum(1 for p in self.players_now() if not p.kicked)
        return {
            "rank": mine["rank"],
            "of": of,
            "correct": mine["correct"],
            "streak": streak,
            "points": mine["points"],
        }

    def changed(self) -> None:
        """Something the pages show has changed: a new version, and every listener told."""
        self.version += 1
        for listener in list(self.listeners):
            listener(self.version)

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

    def join(self, code: str, raw_name: str, team: str = "") -> tuple[str, str, str]:
        """(player id, token, shown name) for a new player; the name must be free in this room."""
        row = self.row
        if room_code(code) != row.code:
            raise Refused("no room with this code", reason="room", status=404)
        if row.state == "ended":
            raise Refused("the quiz has ended", reason="ended")
        name = check_name(raw_name)
        chosen = self.team_named(team)
        token = secrets.token_urlsafe(24)
        player = secrets.token_hex(6)
        with self._lock, self.store.transaction() as db:
            back = self.store.rejoin(db, key=name_key(name), token=token)
            if back is not None:  # re-admitted by the teacher: the same place, answers and score
                player = back
            elif row.locked:
                raise Refused("the teacher has locked the room", reason="locked", status=423)
            elif self.store.player_count(db) >= self.max_players:
                raise Refused("the room is full", reason="full")
            elif not self.store.add_player(
                db, player=player, name=name, key=name_key(name), token=token, now=self.now()
            ):
                raise Refused(
                    "this name is taken in this room: add an initial", reason="name_taken", name=name
                )
            if back is None and chosen:
                self.store.set_team(db, player=player, team=chosen)
        self.changed()
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
            when = self.store.start_clock(db, player=player.id, now=started)
        self.changed()  # the room's exam clock follows the last student to start
        return when

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
            view = question_view(question, ruleset=self.quiz.ruleset_for(question.ruleset), lang=lang)
            if len(self.quiz.rulesets) < 2:  # each question names its ruleset only when the quiz mixes them
                view["ruleset"] = None
            self._views[key] = view
        return self._views[key]

    def solved(self, index: int) -> Solution:
        """The engine's solution of one question, found once (a pegging question's search takes
        a few hundred milliseconds: `presolve` does them all before the first answer arrives)."""
        found = self._solutions.get(index)
        if found is not None:
            return found
        with self._solving:  # the presolving thread may be on this very question
            found = self._solutions.get(index)
            if found is None:
                question = self.questions[index]
                found = solve(question, ruleset=self.quiz.ruleset_for(question.ruleset))
                self._solutions[index] = found
        return found

    def presolve(self, start: int = 0) -> None:
        """Solve every question not solved yet, from `start` (the furthest one opened) on. `crib
        club serve` runs this in a thread while the room fills, so no answer waits on the engine's
        search (the event loop would stall for every phone meanwhile). It reads no database."""
        start = min(max(start, 0), self.total)
        for index in (*range(start, self.total), *range(start)):
            self.solved(index)

    def solved_count(self) -> int:
        """How many questions are solved (all of them once `presolve` is done)."""
        return len(self._solutions)

    def solution(self, index: int, answer: str) -> Grade:
        """The engine's verdict (the expected answer lives only here, on the teacher's machine).
        The engine solves each question once; every answer is then judged against that solution."""
        question = self.questions[index]
        rules = self.quiz.ruleset_for(question.ruleset)
        seen = self._grades.get((index, answer))
        if seen is not None:  # thirty students who typed "12" get one verdict, as in the report
            return seen
        result = grade(question, answer, ruleset=rules, solution=self.solved(index))
        if len(self._grades) < MAX_GRADES_KEPT:
            self._grades[(index, answer)] = result
        return result

    def question_for(self, player: PlayerRow, lang: str) -> dict[str, Any]:
        """GET /api/question: the player's current question without its answer, and the clock."""
        row = self.row
        now = self.now()
        base: dict[str, Any] = {
            "state": row.state,
            "mode": row.mode,
            "name": player.name,
            "team": player.team,
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
            "me": None,
        }
        given = {a.idx: a for a in self.store.answers(player.id)}
        if row.state == "lobby":
            return base
        if row.state == "ended":
            if row.mode != "live":
                base["summary"] = self._summary(given)
            base["me"] = self.me(player)
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
            base["me"] = self.me(player)
        return base

    def _feedback(self, index: int, answer: str, lang: str) -> dict[str, Any]:
        result = self.solution(index, answer)
        question = self.questions[index]
        choices = self.view(index, lang)["choices"]
        return {
            "correct": result.correct,
            "answer": answer,
            **explanation(self.questions[index], result, lang=lang),
            "expected_pieces": answer_pieces(result.expected_text, choices, lang, question),  # `B)`
            "sentence": reveal_pieces(question, result.expected_text, choices, lang),
            "answer_pieces": answer_pieces(answer, choices, lang, question) if answer else [],
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
        log = self.answer_log()
        with self._lock, self.store.transaction() as db:
            if not self.store.add_answer(db, stored, received=now):
                raise Refused("you have already answered this question", reason="answered")
            log.setdefault(player.id, []).append(
                (stored.question_id, stored.answer, stored.at, stored.seconds)
            )
        self.marks().setdefault(player.id, {})[index] = (result.correct, stored.seconds)
        self.changed()
        out: dict[str, Any] = {"accepted": True, "index": index}
        if row.mode == "self-paced":  # right or wrong, never the expected answer before the end
            choices = self.view(index, lang)["choices"]
            said = answer_pieces(stored.answer, choices, lang, self.questions[index]) if stored.answer else []
            # the answer as the question listed it («а) Принять подсчёт», «простак 2»), never the
            # grader's English token (`accept`, `muggins 2`)
            out["feedback"] = {"correct": result.correct, "answer": stored.answer, "answer_pieces": said}
        return out

    # ------------------------------------------------------------------ the teacher

    def act(self, action: str, data: dict[str, Any] | None = None) -> dict[str, Any]:
        """POST /api/teacher/{start,next,skip,back,reveal,pause,resume,add_time,end,lock,unlock}."""
        if action == "add_time":
            return self.add_time((data or {}).get("seconds"))
        handler = {
            "start": self._start,
            "next": self._next,
            "skip": self._skip,
            "back": self._back,
            "reveal": self._reveal,
            "pause": self._pause,
            "resume": self._resume,
            "end": self._end,
            "lock": self._lock_room,
            "unlock": self._unlock_room,
        }.get(action)
        if handler is None:
            raise Refused("unknown action", reason="action", status=404)
        with self._lock, self.store.transaction() as db:
            handler(db, self.row, self.now())
        self.changed()
        row = self.row
        return {"ok": True, "state": row.state, "index": row.current, "locked": row.locked}

    def _lock_room(self, db: Any, row: RoomRow, now: float) -> None:
        self.store.update_room(db, locked=1)

    def _unlock_room(self, db: Any, row: RoomRow, now: float) -> None:
        self.store.update_room(db, locked=0)

    def _open(self, db: Any, row: RoomRow, now: float, index: int) -> None:
        if index < row.reached:  # asked before (the teacher went back): shown again, answered
            self.store.update_room(
                db, state="open", current=index, revealed=1, deadline=now, paused_at=None, paused_left=None
            )
            return
        self.store.update_room(
            db,
            state="open",
            current=index,
            reached=max(index, row.reached),
            opened_at=now,
            deadline=now + row.seconds,
            revealed=0,
            paused_at=None,
            paused_left=None,
        )

    def _skip(self, db: Any, row: RoomRow, now: float) -> None:
        """Live: leave this question unrevealed (its answers stand) and open the next."""
        if row.mode == "live" and row.revealed:
            raise Refused("the answer has been shown: move on with Next", reason="revealed")
        self._next(db, row, now)

    def _back(self, db: Any, row: RoomRow, now: float) -> None:
        """Live: show the previous question again with its answer (no new answers to it)."""
        if row.mode != "live":
            raise Refused("each student moves on alone in this mode", reason="not_live")
        if row.state not in ("open", "paused") or row.current < 1:
            raise Refused("there is no question before this one", reason="no_back")
        self._open(db, row, now, row.current - 1)

    def add_time(self, seconds: object) -> dict[str, Any]:
        """More time: for the open question in live mode (default 15 s), for everyone's quiz in
        self-paced and exam modes (default 60 s)."""
        row = self.row
        if seconds is None:
            seconds = 15 if row.mode == "live" else 60
        if not isinstance(seconds, int | float) or isinstance(seconds, bool) or not 1 <= seconds <= 3600:
            raise Refused("send {seconds: 1 to 3600}", reason="bad_request", status=400)
        with self._lock, self.store.transaction() as db:
            row = self.row
            if row.state not in ("open", "paused"):
                raise Refused("no question is open", reason="not_started")
            if row.mode == "live":
                if row.revealed:
                    raise Refused("the answer has been shown", reason="revealed")
                if row.state == "paused":
                    self.store.update_room(db, paused_left=(row.paused_left or 0.0) + seconds)
                else:
                    now = self.now()
                    self.store.update_room(db, deadline=max(row.deadline or now, now) + seconds)
            else:
                if row.total_seconds is None:
                    raise Refused("this quiz has no time limit", reason="no_clock")
                self.store.update_room(db, total_seconds=row.total_seconds + seconds)
        self.changed()
        row = self.row
        return {"ok": True, "state": row.state, "index": row.current, "locked": row.locked}

    def exam_left(self, row: RoomRow, now: float) -> float | None:
        """Self-paced and exam: the time left to the last student still on the clock (the room's
        clock on the projector), or the whole limit before anyone has started."""
        if row.total_seconds is None or row.state not in ("open", "paused"):
            return None
        if row.state == "paused" and row.paused_at is not None:
            now = row.paused_at
        started = [p.started_at for p in self.players_now() if p.started_at is not None and not p.kicked]
        if not started:
            return row.total_seconds
        return max(0.0, max(started) + row.total_seconds - now)

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

    def readmit(self, player: object) -> dict[str, Any]:
        """The teacher's choice: the next join under this player's name takes over their place,
        answers and score (a phone died; the same phone keeps its place on its own)."""
        if not isinstance(player, str):
            raise Refused("send {player: id}", reason="bad_request", status=400)
        with self._lock, self.store.transaction() as db:
            outcome = self.store.allow_rejoin(db, player=player)
        if outcome == "no_player":
            raise Refused("no such player", reason="no_player", status=404)
        if outcome == "name_taken":
            name = next((p.name for p in self.players_now() if p.id == player), "")
            raise Refused("someone else has taken this name", reason="name_taken", name=name)
        self.changed()
        return {"ok": True}

    def kick(self, player: object) -> dict[str, Any]:
        """Remove a player: their token stops working, their answers leave the report, and their
        name is free again (a student whose phone died is removed and joins from another one)."""
        if not isinstance(player, str):
            raise Refused("send {player: id}", reason="bad_request", status=400)
        with self._lock, self.store.transaction() as db:
            changed = self.store.kick(db, player=player)
        if not changed:
            raise Refused("no such player", reason="no_player", status=404)
        self.changed()
        return {"ok": True}

    # ------------------------------------------------------------------ the report

    def submissions(self) -> list[Submission]:
        """The stored answers as submissions (read as `crib quiz report` reads them); the report
        regrades every one of them."""
        return club_submissions(
            self.store, checksum=self.quiz.checksum, question_ids=[q.id for q in self.questions]
        )

    def report_json(self) -> ClubReport:
        """The report's JSON, from the answers kept in memory (copied under the room's lock, so a
        worker thread can build it while the server goes on storing answers); the same report as
        `crib quiz report` reads from the database."""
        with self._lock:  # no write is half done: the room's row, players and answers agree
            row = self.row
            players = self.store.players()
            log = {player: list(given) for player, given in self.answer_log().items()}
        question_ids = [q.id for q in self.questions]
        submissions = submissions_of(
            row, players, log, checksum=self.quiz.checksum, question_ids=question_ids
        )
        return build_report(
            quiz=self.quiz.name,
            checksum=self.quiz.checksum,
            questions=self.questions,
            ruleset=self.quiz.ruleset,
            rulesets=self.quiz.rulesets,
            time_limit=None,
            submissions=submissions,
            solutions=self._solutions,  # solved when the answers arrived: the engine's answer is fixed
            # every (question, answer) judged as it arrived; a report's new verdicts are kept too
            # (a resumed night) until the cap, beyond which a report fills a copy
            grades_seen=self._grades if len(self._grades) < MAX_GRADES_KEPT else dict(self._grades),
        ).to_json()

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
