"""What every request passes before a route sees it: the Host it names, the Origin of anything that
changes state, security headers on every response (static files, errors and /health included),
and JSON bodies read with a size cap, a time-out and a depth limit.

Why each check: a school network is shared, so a page on another port of the same host is
"same-site" to the browser (SameSite cookies ride along), and only an exact Origin stops it from
starting the quiz; a Host check stops DNS rebinding; the body is counted while it arrives, so a
50 MB upload is cut off at the cap instead of being held in memory; a slow body is dropped after
`BODY_SECONDS`; `[` nested thousands deep is a 400, never a RecursionError.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable
from typing import Any

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from trainer.web.room import Refused

MAX_BODY = 16_384
MAX_DEPTH = 8
BODY_SECONDS = 10.0
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    "Cache-Control": "no-store",
}
_RAW_HEADERS = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in SECURITY_HEADERS.items()]
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def host_name(host: str) -> str:
    """`Host: 10.0.0.5:8765` -> `10.0.0.5`; `[::1]:8765` -> `::1`."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].partition("]")[0]
    return host.rpartition(":")[0] if host.count(":") == 1 else host


def allowed_hosts(*hosts: str) -> frozenset[str]:
    """The names this server answers to: the given ones and loopback."""
    return frozenset(host_name(h) for h in (*hosts, *LOOPBACK) if h)


class Guard:
    """ASGI middleware: refuse a foreign Host or Origin, and add the security headers."""

    def __init__(self, app: ASGIApp, *, hosts: Iterable[str]) -> None:
        self.app = app
        self.hosts = frozenset(hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        host = headers.get("host", "")
        reason = None
        if host_name(host) not in self.hosts:
            reason = "host"
        elif (
            scope["method"] not in SAFE_METHODS and headers.get("origin") != f"http://{host.strip().lower()}"
        ):
            reason = "origin"
        if reason is not None:
            await _refuse(send, reason)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in _RAW_HEADERS if k not in present]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def _refuse(send: Send, reason: str) -> None:
    """403 with the usual refusal body (in English: the request never reached a page with a language)."""
    from trainer.i18n import t

    body = json.dumps({"accepted": False, "reason": reason, "error": t(f"club_web.refused.{reason}", "en")})
    await send(
        {
            "type": "http.response.start",
            "status": 403,
            "headers": [(b"content-type", b"application/json"), *_RAW_HEADERS],
        }
    )
    await send({"type": "http.response.body", "body": body.encode("utf-8")})


def is_json(content_type: str) -> bool:
    """Exactly `application/json` (a charset parameter allowed): `text/plain; application/json` is not."""
    media, _, params = content_type.partition(";")
    if media.strip().lower() != "application/json":
        return False
    params = params.strip().lower().replace(" ", "")
    return params in ("", "charset=utf-8")


async def read_json(
    request: Request, *, limit: int = MAX_BODY, seconds: float | None = None
) -> dict[str, Any]:
    """A small JSON object, counted while it arrives; a form post from another site is refused."""
    seconds = BODY_SECONDS if seconds is None else seconds
    if not is_json(request.headers.get("content-type", "")):
        raise Refused("send JSON (Content-Type: application/json)", reason="bad_request", status=415)
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise Refused("the request is too large", reason="too_large", status=413)
    raw = bytearray()
    try:
        async with asyncio.timeout(seconds):
            async for chunk in request.stream():
                raw += chunk
                if len(raw) > limit:
                    raise Refused("the request is too large", reason="too_large", status=413)
    except TimeoutError:
        raise Refused("the request body was too slow", reason="slow", status=408) from None
    if not raw.strip():
        return {}
    if _depth(bytes(raw)) > MAX_DEPTH:
        raise Refused("the JSON is nested too deeply", reason="too_deep", status=400)
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise Refused("the body is not JSON", reason="bad_request", status=400) from None
    if not isinstance(data, dict):
        raise Refused("send a JSON object", reason="bad_request", status=400)
    return data


def _depth(raw: bytes) -> int:
    """The deepest nesting of `[` and `{` outside strings, found before parsing."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest
