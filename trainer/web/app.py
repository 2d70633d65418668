"""The ASGI application: four pages (join, student, screen, teacher) and the JSON API they use.

Pages are Jinja2 templates with autoescaping and a `t` function bound to the reader's language;
the browser code (static/club.js) listens to `/api/events` (server-sent events: one line per
change of the room) and fetches its view when told, polling only when the stream is down; it
writes every user-supplied string with `textContent`, so names and answers can never become
markup. Every request first passes `trainer.web.guard` (Host, Origin, security headers, bodies).
The report is built in a worker thread, never on the event loop, and kept until the next change.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp

from trainer.club.records import ClubReport
from trainer.engine.errors import CribError
from trainer.i18n import LANGS, t
from trainer.web import views
from trainer.web.guard import SECURITY_HEADERS, Guard, allowed_hosts, read_json
from trainer.web.limits import RateLimit
from trainer.web.room import Refused, Room, room_code

HERE = Path(__file__).parent
PLAYER_COOKIE = "crib_player"
TEACHER_COOKIE = "crib_teacher"
LANG_COOKIE = "crib_lang"
# A comment line on every event stream this often, so proxies and phones keep it open.
EVENTS_KEEPALIVE = 15.0
# The report page is static HTML with its own inline style sheet and no script at all.
REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'"
# Words the browser code needs; the page carries them as JSON in the reader's language.
CLIENT_WORDS = (
    "waiting",
    "answered_now",
    "not_answered_now",
    "paused",
    "closed",
    "ended",
    "finished",
    "answered",
    "correct",
    "wrong",
    "not_answered",
    "seconds_left",
    "send",
    "next",
    "clear",
    "answer_is",
    "your_answer",
    "tally",
    "tally_none",
    "counter",
    "podium",
    "question_n",
    "refused",
    "kick",
    "kicked",
    "score",
    "no_clock",
    "pick",
    "how_many",
    "standings",
    "breakdown",
    "you",
    "time_up",
    "removed",
    "progress",
    "rank_of",
    "right_so_far",
    "streak",
    "joined_count",
    "confirm_kick",
    "confirm_end",
    "ruleset",
    "chart",
    "locked",
    "lobby_empty",
    "sound_on",
    "sound_off",
    "points",
    "finished_count",
    "readmit",
    "readmit_waiting",
    "confirm_readmit",
    "teams",
    "team_none",
)


def _bound(lang: str) -> Callable[..., str]:
    """The templates' `t`: a catalogue look-up in the reader's language."""

    def translate(key: str, **values: object) -> str:
        return t(key, lang, **values)

    return translate


def _env() -> Environment:
    return Environment(
        loader=FileSystemLoader(HERE / "templates"),
        autoescape=select_autoescape(("html",), default=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )


class ClubApp:
    """Routes bound to one room; `join_url` is the address printed for phones and drawn as a QR code."""

    def __init__(
        self, room: Room, *, join_url: str, lang: str = "en", join_limit: RateLimit | None = None
    ) -> None:
        self.room = room
        self.join_url = join_url
        self.lang = lang if lang in LANGS else "en"
        self.env = _env()
        self.join_limit = join_limit or RateLimit()
        self._report: tuple[int, ClubReport] | None = None  # (room version, report JSON)
        self._report_lock = asyncio.Lock()
        # open event streams -> whether they want every change (projector, teacher) or only
        # changes of the room's state (phones: an answer elsewhere in the room is not news to them)
        self._streams: dict[asyncio.Queue[str], bool] = {}
        self._last_state: tuple[object, ...] = ()
        self._loop: asyncio.AbstractEventLoop | None = None
        room.listeners.append(self._changed)

    # ------------------------------------------------------------------ plumbing

    def lang_of(self, request: Request) -> str:
        """The language a page speaks: the one the student picked (the EN/RU switch: `?lang=`,
        then its cookie), else the server's (`--lang`, `CRIB_LANG`). The browser's own
        Accept-Language is not asked: a club night started in Russian speaks Russian on every
        phone, whatever language the phone was set up in."""
        asked = request.query_params.get("lang") or request.cookies.get(LANG_COOKIE)
        if asked in LANGS:
            return str(asked)
        return self.lang

    def page(self, request: Request, template: str, **values: Any) -> HTMLResponse:
        lang = self.lang_of(request)
        words = {w: t(f"club_web.js.{w}", lang) for w in CLIENT_WORDS}
        html = self.env.get_template(template).render(
            t=_bound(lang),
            lang=lang,
            langs=LANGS,
            room=self.room.row.code,
            total=self.room.total,
            quiz=self.room.quiz.name,
            mode=self.room.row.mode,
            words=json.dumps(words, ensure_ascii=False),
            lang_links={
                code: request.url.path + "?" + urlencode({**request.query_params, "lang": code})
                for code in LANGS
            },
            **values,
        )
        response = HTMLResponse(html, headers=SECURITY_HEADERS)
        if request.query_params.get("lang") in LANGS:
            response.set_cookie(LANG_COOKIE, lang, max_age=86400 * 30, samesite="strict")
        return response

    @staticmethod
    def _bearer(request: Request) -> str | None:
        header = request.headers.get("authorization", "")
        if header.lower().startswith("bearer "):
            return header[7:].strip() or None
        return None

    def player_token(self, request: Request) -> str | None:
        return self._bearer(request) or request.cookies.get(PLAYER_COOKIE)

    def teacher_token(self, request: Request) -> str | None:
        return self._bearer(request) or request.cookies.get(TEACHER_COOKIE)

    async def body(self, request: Request) -> dict[str, Any]:
        """A small JSON object, read with a size cap and a time-out (trainer.web.guard)."""
        return await read_json(request)

    def require_teacher(self, request: Request) -> None:
        if not self.room.is_teacher(self.teacher_token(request)):
            raise Refused("the teacher's link is needed for this", reason="teacher", status=403)

    # ------------------------------------------------------------------ pages

    async def join_page(self, request: Request) -> Response:
        code = room_code(request.query_params.get("room", "")[:8])
        return self.page(request, "join.html", code=code, teams=self.room.row.teams)

    async def student_page(self, request: Request) -> Response:
        try:
            self.room.player(self.player_token(request))
        except Refused:
            return RedirectResponse("/", status_code=303)
        return self.page(request, "student.html")

    async def screen_page(self, request: Request) -> Response:
        return self.page(request, "screen.html", join_url=self.join_url)

    async def teacher_page(self, request: Request) -> Response:
        key = request.query_params.get("key")
        if key is not None:  # the printed link: keep the secret in a cookie, not in the address bar
            if not self.room.is_teacher(key):
                return self.page(request, "denied.html")
            response = RedirectResponse("/teacher", status_code=303)
            response.set_cookie(TEACHER_COOKIE, key, httponly=True, samesite="strict", max_age=86400)
            return response
        if not self.room.is_teacher(self.teacher_token(request)):
            return self.page(request, "denied.html")
        return self.page(request, "teacher.html", join_url=self.join_url, teams=self.room.row.teams)

    async def qr(self, request: Request) -> Response:
        import io

        import segno

        buffer = io.BytesIO()
        segno.make(self.join_url, error="m").save(
            buffer, kind="svg", scale=8, border=2, dark="#000", light="#fff"
        )
        return Response(buffer.getvalue(), media_type="image/svg+xml", headers=SECURITY_HEADERS)

    # ------------------------------------------------------------------ the API

    async def api_join(self, request: Request) -> Response:
        data = await self.body(request)
        code, name, team = data.get("room"), data.get("name"), data.get("team", "")
        if not isinstance(code, str) or not isinstance(name, str) or not isinstance(team, str):
            raise Refused("send {room, name}", reason="bad_request", status=400)
        held = self.player_token(request)
        if held:  # one device, one player: a phone that holds a place cannot take a second one
            try:
                already = self.room.player(held)
            except Refused:
                already = None
            if already is not None:
                raise Refused("this phone has already joined", reason="joined", name=already.name)
        address = request.client.host if request.client else "?"
        if not self.join_limit.allow(address):
            wait = self.join_limit.retry_after(address)
            raise Refused("too many joins from this address: wait", reason="rate", status=429, seconds=wait)
        player, token, shown = self.room.join(code, name, team)
        response = JSONResponse({"player": player, "token": token, "name": shown}, headers=SECURITY_HEADERS)
        response.set_cookie(PLAYER_COOKIE, token, httponly=True, samesite="strict", max_age=86400)
        return response

    async def api_question(self, request: Request) -> Response:
        player = self.room.player(self.player_token(request))
        return JSONResponse(self.room.question_for(player, self.lang_of(request)), headers=SECURITY_HEADERS)

    async def api_answer(self, request: Request) -> Response:
        player = self.room.player(self.player_token(request))
        data = await self.body(request)
        out = self.room.answer(player, data.get("index"), data.get("answer"), self.lang_of(request))
        return JSONResponse(out, headers=SECURITY_HEADERS)

    async def api_screen(self, request: Request) -> Response:
        return JSONResponse(views.cached_screen(self.room, self.lang_of(request)), headers=SECURITY_HEADERS)

    async def api_teacher(self, request: Request) -> Response:
        self.require_teacher(request)
        action = request.path_params["action"]
        if request.method == "GET":
            if action != "state":
                raise Refused("unknown action", reason="action", status=404)
            return JSONResponse(
                views.cached_teacher(self.room, self.lang_of(request)), headers=SECURITY_HEADERS
            )
        data = await self.body(request)
        if action == "kick":
            return JSONResponse(self.room.kick(data.get("player")), headers=SECURITY_HEADERS)
        if action == "team":
            return JSONResponse(
                self.room.set_team(data.get("player"), data.get("team")), headers=SECURITY_HEADERS
            )
        if action == "readmit":
            return JSONResponse(self.room.readmit(data.get("player")), headers=SECURITY_HEADERS)
        return JSONResponse(self.room.act(action, data), headers=SECURITY_HEADERS)

    async def report_json(self) -> ClubReport:
        """The report as of the room's current version: built once per change, in a worker thread
        (it regrades every answer, and phones must keep being answered meanwhile)."""
        async with self._report_lock:
            version = self.room.version
            if self._report is not None and self._report[0] == version:
                return self._report[1]
            self.room.players_now()  # read on the loop, so the worker reads no database
            data = await run_in_threadpool(self.room.report_json)
            self._report = (version, data)
            return data

    async def api_report(self, request: Request) -> Response:
        """The report, with the time the server took to have it (built, or from the cache) in a
        standard `Server-Timing` header, so a slow report tells whether the server or the
        network was slow."""
        self.require_teacher(request)
        started = time.perf_counter()
        data = await self.report_json()
        took = (time.perf_counter() - started) * 1000
        headers = {**SECURITY_HEADERS, "Server-Timing": f"report;dur={took:.1f}"}
        return JSONResponse(data, headers=headers)

    # ------------------------------------------------------------------ live push

    def _event(self) -> tuple[str, tuple[object, ...]]:
        """One change as the stream sends it, the room's shared state computed once for all
        pages (each then fetches only its own view, cached per version where shared); and the
        state alone, to tell whether phones need to hear of it."""
        row = self.room.row
        state = (row.state, row.current, row.revealed, row.locked)
        data = {
            "version": self.room.version,
            "state": row.state,
            "index": row.current,
            "revealed": row.revealed,
            "locked": row.locked,
        }
        return f"data: {json.dumps(data)}\n\n", state

    def _changed(self, version: int) -> None:
        """Room listener: wake the open event streams that want this change (from any thread)."""
        loop = self._loop
        if loop is None or loop.is_closed() or not self._streams:
            return
        event, state = self._event()
        news = state != self._last_state
        self._last_state = state
        for queue, everything in list(self._streams.items()):
            if everything or news:
                loop.call_soon_threadsafe(queue.put_nowait, event)

    async def events(self, request: Request) -> Response:
        """GET /api/events: one `data:` line of the room's state per change of that state (with
        `?all=1`, per change of anything: every answer moves the projector's counter), a comment
        line every EVENTS_KEEPALIVE seconds; the page fetches its own view when told."""
        self._loop = asyncio.get_running_loop()
        queue: asyncio.Queue[str] = asyncio.Queue()
        self._streams[queue] = request.query_params.get("all") == "1"
        event, self._last_state = self._event()
        first = "retry: 2000\n" + event

        async def stream() -> AsyncIterator[str]:
            try:
                yield first
                while True:
                    try:
                        event = await asyncio.wait_for(queue.get(), EVENTS_KEEPALIVE)
                    except TimeoutError:
                        yield ": keep-alive\n\n"
                        continue
                    while not queue.empty():  # a burst of changes is one event: the latest
                        event = queue.get_nowait()
                    yield event
            finally:
                self._streams.pop(queue, None)

        headers = {**SECURITY_HEADERS, "X-Accel-Buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    async def report_page(self, request: Request) -> Response:
        """The report as the printable HTML page `crib quiz report --html` writes (teacher only)."""
        if not self.room.is_teacher(self.teacher_token(request)):
            return self.page(request, "denied.html")
        from trainer.i18n.club_report import to_html

        page = to_html(await self.report_json(), lang=self.lang_of(request))
        headers = {**SECURITY_HEADERS, "Content-Security-Policy": REPORT_CSP}
        return HTMLResponse(page, headers=headers)

    async def health(self, request: Request) -> Response:
        """Up, and how many questions the engine has solved ahead of the answers (`presolve`)."""
        return JSONResponse({"ok": True, "solved": self.room.solved_count(), "questions": self.room.total})


def _guard(
    handler: Callable[[Request], Awaitable[Response]], lang_of: Callable[[Request], str]
) -> Callable[[Request], Awaitable[Response]]:
    """Refusals and user errors become JSON `{accepted: false, error, reason}` with a status."""

    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except Refused as exc:
            body = {"accepted": False, "reason": exc.reason, "error": _text(exc, lang_of(request))}
            headers = dict(SECURITY_HEADERS)
            if exc.status == 429:
                headers["Retry-After"] = str(exc.values.get("seconds", 1))
            return JSONResponse(body, status_code=exc.status, headers=headers)
        except CribError as exc:
            body = {"accepted": False, "reason": "invalid", "error": _text(exc, lang_of(request))}
            return JSONResponse(body, status_code=400, headers=SECURITY_HEADERS)

    return wrapped


def _text(exc: CribError, lang: str) -> str:
    from trainer.i18n import has
    from trainer.i18n.errors import worded

    if exc.key and has(exc.key, lang):
        return t(exc.key, lang, **{k: worded(v, lang) for k, v in exc.values.items()})
    return str(exc)


def create_app(
    room: Room,
    *,
    join_url: str,
    lang: str = "en",
    hosts: tuple[str, ...] = (),
    join_limit: RateLimit | None = None,
) -> ASGIApp:
    """The club night's ASGI app behind its guard; `hosts` are the names it answers to besides the
    join address's and loopback."""
    from urllib.parse import urlsplit

    club = ClubApp(room, join_url=join_url, lang=lang, join_limit=join_limit)
    g = partial(_guard, lang_of=club.lang_of)
    routes = [
        Route("/", g(club.join_page)),
        Route("/play", g(club.student_page)),
        Route("/screen", g(club.screen_page)),
        Route("/teacher", g(club.teacher_page)),
        Route("/qr.svg", g(club.qr)),
        Route("/report", g(club.report_page)),
        Route("/health", club.health),
        Route("/api/join", g(club.api_join), methods=["POST"]),
        Route("/api/question", g(club.api_question)),
        Route("/api/answer", g(club.api_answer), methods=["POST"]),
        Route("/api/screen", g(club.api_screen)),
        Route("/api/report", g(club.api_report)),
        Route("/api/events", g(club.events)),
        Route("/api/teacher/{action}", g(club.api_teacher), methods=["GET", "POST"]),
        Mount("/static", app=StaticFiles(directory=HERE / "static"), name="static"),
    ]
    app = Starlette(routes=routes)
    app.state.club = club
    join_host = urlsplit(join_url).hostname or ""
    return Guard(app, hosts=allowed_hosts(join_host, *hosts))
