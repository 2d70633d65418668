"""What the projector and the teacher's page show of a room, as JSON-ready data.

The projector (`GET /api/screen`) never gets an answer before the teacher reveals it; the
teacher's view adds the players present and how each is doing, with no correctness before the
reveal (a laptop mirrored to the projector would show the room who is right). Both read the
room's store and never change it, and both are computed once per change of the room
(`cached_screen`, `cached_teacher`): only the clock is filled in for each request.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from trainer.club.records import RoomStanding
from trainer.web.room import STANDINGS_SHOWN, Room
from trainer.web.shown import answer_pieces, explanation, reveal_pieces

CHART_BARS = 6


def screen(room: Room, lang: str) -> dict[str, Any]:
    """What the projector shows: never an answer before it is revealed."""
    row = room.row
    now = room.now()
    players = [p for p in room.players_now() if not p.kicked]
    out: dict[str, Any] = {
        "state": row.state,
        "mode": row.mode,
        "room": row.code,
        "total": room.total,
        "players": len(players),
        "names": [p.name for p in players] if row.state == "lobby" else [],
        "locked": row.locked,
        "index": None,
        "number": None,
        "question": None,
        "seconds_left": None,
        "answers_in": 0,
        "reveal": None,
        "standings": [],
        "progress": None,
        "finished": 0,
        "speed_points": row.speed_points,
        "teams": [],
    }
    if row.mode == "live" and row.state in ("open", "paused") and row.current >= 0:
        left = room.live_left(row, now)
        out.update(index=row.current, number=row.current + 1, question=room.view(row.current, lang))
        out["seconds_left"] = None if left is None else round(left, 1)
        marks = room.marks()
        out["answers_in"] = sum(1 for p in players if row.current in marks.get(p.id, ()))
        if row.revealed:
            out["reveal"] = _reveal_view(room, row.current, lang, asked=len(players))
            out["standings"] = _shown_standings(room)
            out["teams"] = room.team_standings()
    elif row.mode != "live" and row.state in ("open", "paused"):
        marks = room.marks()
        answered = sum(len(marks.get(p.id, ())) for p in players)
        out["answers_in"] = answered
        out["progress"] = {"answered": answered, "possible": len(players) * room.total}
        out["finished"] = sum(1 for p in players if len(marks.get(p.id, ())) >= room.total)
        left = room.exam_left(row, now)
        out["seconds_left"] = None if left is None else round(left, 1)
    if row.state == "ended":
        out["standings"] = _shown_standings(room)
        out["teams"] = room.team_standings()
    return out


def _shown_standings(room: Room) -> list[dict[str, Any]]:
    """The top of the table as the projector shows it (names and numbers, no player ids)."""
    return [{k: v for k, v in r.items() if k != "player"} for r in standings(room)[:STANDINGS_SHOWN]]


def _reveal_view(room: Room, index: int, lang: str, *, asked: int) -> dict[str, Any]:
    """The engine's answer with its reasons, and how the room answered: one bar per answer given
    (most given first, the right ones marked), counted by SQL. `asked` is every student in the
    room, the report's denominator: «Верно ответили 1 из 2» beside «Ответили 1 из 2»."""
    solved = room.solution(index, "")
    question = room.questions[index]
    shown = explanation(question, replace(solved, skipped=False), lang=lang)
    choices = room.view(index, lang)["choices"]
    counts = room.store.answer_counts(index)
    chart = [
        {
            "answer": answer,
            "pieces": answer_pieces(answer, choices, lang, question),
            "right": right,
            "count": n,
        }
        for answer, right, n in counts[:CHART_BARS]
    ]
    rest = counts[CHART_BARS:]
    if rest:  # the long tail of typed answers as one bar
        chart.append(
            {"answer": "", "pieces": [{"text": "…"}], "right": False, "count": sum(n for *_, n in rest)}
        )
    return {
        **shown,
        "expected_pieces": answer_pieces(solved.expected_text, choices, lang, question),
        "sentence": reveal_pieces(question, solved.expected_text, choices, lang),
        "right": sum(n for _, right, n in counts if right),
        "answered": sum(n for _, _, n in counts),
        "asked": asked,
        "chart": chart,
    }


def standings(room: Room) -> list[RoomStanding]:
    """Most correct, then least time (`Room.standings`)."""
    return room.standings()


def _shown_index(room: Room) -> int:
    """Answers to questions before this index may be marked right or wrong on the teacher's page."""
    row = room.row
    if row.state == "ended":
        return room.total
    if row.mode != "live":
        return 0
    return row.current + 1 if row.revealed else max(row.current, 0)


def teacher_view(room: Room, lang: str) -> dict[str, Any]:
    row = room.row
    shown = _shown_index(room)
    marks = room.marks()
    players = []
    for p in room.players_now():
        mine = marks.get(p.id, {})
        players.append(
            {
                "player": p.id,
                "name": p.name,
                "answered": len(mine),
                "correct": sum(1 for idx, (right, _) in mine.items() if right and idx < shown),
                "kicked": bool(p.kicked),
                "readmit": bool(p.readmit),
                "team": p.team,
                "current_answered": row.mode == "live" and row.current in mine,
            }
        )
    return {
        **screen(room, lang),
        "players_list": players,
        "seconds": row.seconds,
        "total_seconds": row.total_seconds,
        "locked": row.locked,
        "team_names": list(row.teams),
    }


def _cached(room: Room, which: str, lang: str, build: Any) -> dict[str, Any]:
    held = room.view_cache.get((which, lang))
    if held is None or held[0] != room.version:
        held = room.view_cache[(which, lang)] = (room.version, build(room, lang))
    view = held[1]
    fresh = dict(view)
    row = room.row
    if row.mode == "live" and view.get("index") is not None:
        left = room.live_left(row, room.now())
        fresh["seconds_left"] = None if left is None else round(left, 1)
    elif row.mode != "live":  # the exam clock runs between changes too
        left = room.exam_left(row, room.now())
        fresh["seconds_left"] = None if left is None else round(left, 1)
    return fresh


def cached_screen(room: Room, lang: str) -> dict[str, Any]:
    """The projector's view, built once per version of the room."""
    return _cached(room, "screen", lang, screen)


def cached_teacher(room: Room, lang: str) -> dict[str, Any]:
    """The teacher's view, built once per version of the room."""
    return _cached(room, "teacher", lang, teacher_view)
