"""`crib club serve QUIZ`: the club night's web server on the teacher's laptop.

Prints the teacher's private link first, then the address phones can reach (and the one it
listens on) and the room code, then serves until Ctrl+C. The QR code phones scan is drawn on the
projector page (`/screen`), never in this terminal: a terminal that shows a QR code is one the
room is told to look at, and the teacher's link must never be on it. With `--json` it prints one line
`{"url", "room", "teacher_token", ...}` instead and keeps serving, for scripts and tests. The web
stack (Starlette, uvicorn, Jinja2, segno) is imported inside this command only.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click
import typer

from trainer.cli.groups import club_app


class _SeatRange(click.IntRange):
    """1 to 2000 seats, checked as usual; the help says the range in words («(1–2000)»), so the
    column does not repeat it as «[1<=x<=2000]»."""

    def _describe_range(self) -> str:
        return ""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        # a bad number is told with its range, as any other option's («вне диапазона 1<=x<=2000»)
        return click.IntRange(self.min, self.max).convert(value, param, ctx)


def _t(key: str, **values: object) -> str:
    from trainer.cli.context import SETTINGS
    from trainer.i18n import t

    return t(key, SETTINGS.lang, **values)


@club_app.command("serve")
def serve(
    quiz_file: Path = typer.Argument(..., metavar="QUIZ", help="The quiz file from `crib quiz make`."),
    host: str = typer.Option(
        "0.0.0.0",
        "--host",
        metavar="ADDRESS",
        help="Address to listen on (0.0.0.0: every network, so phones can join).",
    ),
    port: int = typer.Option(8765, "--port", min=0, max=65535, help="Port to listen on (0: any free port)."),
    mode: str = typer.Option(
        None,
        "--mode",
        metavar="MODE",
        help="live (you pace the room), self-paced, or exam (no feedback until the end).",
    ),
    seconds: str = typer.Option(
        None,
        "--seconds",
        metavar="DURATION",
        help="Time for each question in live mode, e.g. 45s (default: 60s).",
    ),
    time_limit: str = typer.Option(
        None,
        "--time-limit",
        metavar="DURATION",
        help="Time for the whole quiz in self-paced and exam modes (default: the quiz's).",
    ),
    fresh: bool = typer.Option(False, "--fresh", help="Start a new night (the previous one is kept aside)."),
    max_players: int = typer.Option(
        200,
        "--max-players",
        click_type=_SeatRange(1, 2000),
        help="How many players can join (1–2000); a removed player frees a seat.",
    ),
    speed_points: bool = typer.Option(
        False,
        "--speed-points",
        help=(
            "Score points for speed and streaks on the projector and phones "
            "(the report still counts right answers)."
        ),
    ),
    teams: str = typer.Option(
        None,
        "--teams",
        metavar="TEAMS",
        help="Play in teams, e.g. Red,Blue: students pick one as they join, or you assign them.",
    ),
    as_json: bool = typer.Option(
        False, "--json", help="Print one JSON line (url, room, teacher_token and more) and keep serving."
    ),
) -> None:
    """Serve a club night: students join from phones, the projector shows the room, you pace it."""
    import threading

    from trainer.cli.club.quiz import parse_duration
    from trainer.cli.context import SETTINGS
    from trainer.club.store import db_path_for
    from trainer.content.quizfile import load_quiz
    from trainer.web.app import create_app
    from trainer.web.room import Room
    from trainer.web.serving import archive, bind, lan_address, run

    quiz = load_quiz(quiz_file)
    db = db_path_for(quiz_file)
    notes = []
    if fresh and db.exists():
        notes.append(_t("club_web.serve.archived", path=archive(db)))
    elif db.exists():
        notes.append(_t("club_web.serve.resumed", path=db))
    each = parse_duration(seconds, option="--seconds") if seconds else None
    total = parse_duration(time_limit, option="--time-limit") if time_limit else None
    room = Room.open(
        quiz,
        db=db,
        mode=mode,
        seconds=each,
        total_seconds=total,
        max_players=max_players,
        speed_points=speed_points or None,
        teams=tuple(teams.split(",")) if teams is not None else None,
    )
    for option, (given, stored) in room.differences.items():
        flag = f"--{option.replace('_', '-')}"
        notes.append(_t("club_web.serve.differs", option=flag, given=given, kept=stored))
    try:
        sock = bind(host, port)
        actual_port = sock.getsockname()[1]
        wildcard = host in ("0.0.0.0", "::", "")
        public = lan_address() if wildcard else host
        base = f"http://{'[' + public + ']' if ':' in public else public}:{actual_port}"
        row = room.row
        join_url = f"{base}/?room={row.code}"
        teacher_url = f"{base}/teacher?key={row.teacher_token}"
        app = create_app(room, join_url=join_url, lang=SETTINGS.lang, hosts=(host,))
        if as_json:
            line = {
                "url": join_url,
                "room": row.code,
                "teacher_token": row.teacher_token,
                "teacher_url": teacher_url,
                "screen_url": f"{base}/screen",
                "listening": f"{host}:{actual_port}",
                "mode": row.mode,
                "db": str(db),
                "notes": notes,
            }
            sys.stdout.write(json.dumps(line, ensure_ascii=False) + "\n")
            sys.stdout.flush()
        else:
            _print_banner(
                quiz.name,
                room,
                host=host,
                port=actual_port,
                join_url=join_url,
                teacher_url=teacher_url,
                screen_url=f"{base}/screen",
                db=db,
                notes=notes,
            )
        # every question solved while the room fills, so no answer waits on the engine
        threading.Thread(target=room.presolve, args=(row.reached,), name="presolve", daemon=True).start()
        run(app, sock)
    finally:
        room.close()


def _print_banner(
    quiz: str,
    room: object,
    *,
    host: str,
    port: int,
    join_url: str,
    teacher_url: str,
    screen_url: str,
    db: Path,
    notes: list[str],
) -> None:
    from trainer.web.room import Room

    assert isinstance(room, Room)
    row = room.row
    out = sys.stdout
    for note in notes:
        print(note, file=out)
    mode = _t(f"club_web.mode.{row.mode}")
    print(_t("club_web.serve.heading", quiz=quiz, n=room.total, mode=mode), file=out)
    print(_t("club_web.serve.teacher", url=teacher_url), file=out)
    print(_t("club_web.serve.teacher_private"), file=out)
    print(file=out)
    print(_t("club_web.serve.listening", address=f"{host}:{port}"), file=out)
    if host in ("0.0.0.0", "::", ""):
        print(_t("club_web.serve.everywhere"), file=out)
    if host.startswith("127.") or host in ("localhost", "::1"):
        print(_t("club_web.serve.local_only", host=host), file=out)
    print(_t("club_web.serve.screen", url=screen_url), file=out)
    print(_t("club_web.serve.join", url=join_url), file=out)
    print(_t("club_web.serve.room", room=row.code), file=out)
    print(_t("club_web.serve.state", path=db), file=out)
    print(_t("club_web.serve.stop"), file=out)
    out.flush()
