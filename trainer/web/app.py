"""The ASGI application: four pages (join, student, screen, teacher) and the JSON API they use.

Pages are Jinja2 templates with autoescaping and a `t` function bound to the reader's language;
the browser code (static/club.js) polls the API and writes every user-supplied string with
`textContent`, so names and answers can never become markup. A strict Content-Security-Policy
allows only this server's own script and style files.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from trainer.engine.errors import CribError
from trainer.i18n import LANGS, t
from trainer.web import views
from trainer.web.room import Refused, Room

HERE = Path(__file__).parent
PLAYER_COOKIE = "crib_player"
TEACHER_COOKIE = "crib_teacher"
LANG_COOKIE = "crib_lang"
MAX_BODY = 16_384
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
# The report page is static HTML with its own inline style sheet and no script at all.
REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'"
# Words the browser code needs; the page carries them as JSON in the reader's language.
CLIENT_WORDS = (
    "waiting",
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
    "right_count",
    "answers_in",
    "players",
    "question_of",
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

    def __init__(self, room: Room, *, join_url: str, lang: str = "en") -> None:
        self.room = room
        self.join_url = join_url
        self.lang = lang if lang in LANGS else "en"
        self.env = _env()

    # ------------------------------------------------------------------ plumbing

    def lang_of(self, request: Request) -> str:
        asked = request.query_params.get("lang") or request.cookies.get(LANG_COOKIE)
        if asked in LANGS:
            return str(asked)
        header = request.headers.get("accept-language", "").lower()
        for part in header.split(","):
            code = part.split(";")[0].strip()[:2]
            if code in LANGS:
                return code
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
        """A small JSON object; a form post from another site (no JSON content type) is refused."""
        if "application/json" not in request.headers.get("content-type", ""):
            raise Refused("send JSON (Content-Type: application/json)", reason="bad_request", status=415)
        raw = await request.body()
        if len(raw) > MAX_BODY:
            raise Refused("the request is too large", reason="too_large", status=413)
        if not raw.strip():
            return {}
        try:
            data = json.loads(raw)
        except ValueError:
            raise Refused("the body is not JSON", reason="bad_request", status=400) from None
        if not isinstance(data, dict):
            raise Refused("send a JSON object", reason="bad_request", status=400)
        return data

    def require_teacher(self, request: Request) -> None:
        if not self.room.is_teacher(self.teacher_token(request)):
            raise Refused("the teacher's link is needed for this", reason="teacher", status=403)

    # ------------------------------------------------------------------ pages

    async def join_page(self, request: Request) -> Response:
        code = request.query_params.get("room", "")[:8]
        return self.page(request, "join.html", code=code)

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
        return self.page(request, "teacher.html", join_url=self.join_url)

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
        code, name = data.get("room"), data.get("name")
        if not isinstance(code, str) or not isinstance(name, str):
            raise Refused("send {room, name}", reason="bad_request", status=400)
        player, token, shown = self.room.join(code, name)
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
        return JSONResponse(views.screen(self.room, self.lang_of(request)), headers=SECURITY_HEADERS)

    async def api_teacher(self, request: Request) -> Response:
        self.require_teacher(request)
        action = request.path_params["action"]
        if request.method == "GET":
            if action != "state":
                raise Refused("unknown action", reason="action", status=404)
            return JSONResponse(
                views.teacher_view(self.room, self.lang_of(request)), headers=SECURITY_HEADERS
            )
        data = await self.body(request)
        if action == "kick":
            return JSONResponse(self.room.kick(data.get("player")), headers=SECURITY_HEADERS)
        return JSONResponse(self.room.act(action), headers=SECURITY_HEADERS)

    async def api_report(self, request: Request) -> Response:
        self.require_teacher(request)
        return JSONResponse(self.room.report().to_json(), headers=SECURITY_HEADERS)

    async def report_page(self, request: Request) -> Response:
        """The report as the printable HTML page `crib quiz report --html` writes (teacher only)."""
        if not self.room.is_teacher(self.teacher_token(request)):
            return self.page(request, "denied.html")
        from trainer.i18n.club_report import to_html

        page = to_html(self.room.report().to_json(), lang=self.lang_of(request))
        headers = {**SECURITY_HEADERS, "Content-Security-Policy": REPORT_CSP}
        return HTMLResponse(page, headers=headers)

    async def health(self, request: Request) -> Response:
        return JSONResponse({"ok": True})


def _guard(
    handler: Callable[[Request], Awaitable[Response]], lang_of: Callable[[Request], str]
) -> Callable[[Request], Awaitable[Response]]:
    """Refusals and user errors become JSON `{accepted: false, error, reason}` with a status."""

    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except Refused as exc:
            body = {"accepted": False, "reason": exc.reason, "error": _text(exc, lang_of(request))}
            return JSONResponse(body, status_code=exc.status, headers=SECURITY_HEADERS)
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


def create_app(room: Room, *, join_url: str, lang: str = "en") -> Starlette:
    club = ClubApp(room, join_url=join_url, lang=lang)
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
        Route("/api/teacher/{action}", g(club.api_teacher), methods=["GET", "POST"]),
        Mount("/static", app=StaticFiles(directory=HERE / "static"), name="static"),
    ]
    app = Starlette(routes=routes)
    app.state.club = club
    return app
