"""Running the club night's server: the listening socket, the address phones use, the QR code.

The socket is opened before anything is printed, so `--port 0` can report the port it got and a
busy port is a one-line error, not a traceback from inside uvicorn. It is made with
`IPPROTO_TCP`: asyncio sets TCP_NODELAY only on sockets whose protocol says TCP, and without it
every request after the first on a kept-alive connection waits ~40 ms for the peer's delayed ACK
(Nagle). Connections get a deadline for their request headers (uvicorn has none: half-open
sockets would stay open for ever) and a keep-alive time-out.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from pathlib import Path

from starlette.types import ASGIApp

from trainer.engine.errors import CribError, cause

HEADER_SECONDS = 10.0  # from connecting (or the last response) to a complete request head
KEEP_ALIVE_SECONDS = 5
MAX_HEAD = 16_384  # bytes of request line and headers
LINGER_SECONDS = 2.0  # how long a refused client may keep sending before its socket closes
BACKLOG = 1024


def lan_address() -> str:
    """The address other machines on this network reach us by (no packet is sent: a UDP
    `connect` only picks the outgoing interface); 127.0.0.1 when there is no network."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, opened before anything is printed so `--port 0` can report its port."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(BACKLOG)
    except OSError as exc:
        raise CribError(
            f"cannot listen on {host}:{port} ({exc.strerror or exc}); choose another --port",
            key="club_web.err.port",
            host=host,
            port=port,
            reason=cause(exc),
        ) from None
    sock.setblocking(False)
    return sock


def archive(db: Path) -> Path:
    """Move a finished night aside (with its journal files) instead of deleting it."""
    from datetime import datetime

    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = db.with_name(f"{db.name.removesuffix('.sqlite3')}-{stamp}.sqlite3")
    for suffix in ("", "-wal", "-shm"):
        source = Path(f"{db}{suffix}")
        if source.exists():
            source.replace(Path(f"{target}{suffix}"))
    return target


def protocol_class() -> type:
    """uvicorn's httptools protocol (llhttp, in C: parsing a request and writing its headers cost
    a fraction of h11's pure-Python validation, which was a third of the server's CPU with 300
    phones) with TCP_NODELAY set on each connection, a deadline for the request head, and a cap
    on its size: a client that connects and then sends nothing (or a byte at a time, or endless
    headers) is cut off instead of holding a socket all night."""
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    class ClubProtocol(HttpToolsProtocol):
        _head_timer: asyncio.TimerHandle | None = None
        _seen_cycle: object = None
        _head_bytes = 0  # bytes received since the last response while no request head completed
        _lingering = False  # a refused head: its 400 is sent, what follows is dropped

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            set_nodelay(transport.get_extra_info("socket"))
            self._arm()

        def _arm(self) -> None:
            self._disarm()
            self._seen_cycle = self.cycle
            self._head_bytes = 0
            self._head_timer = self.loop.call_later(HEADER_SECONDS, self._too_slow)

        def _disarm(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def _too_slow(self) -> None:
            self._head_timer = None
            if self.cycle is self._seen_cycle and not self.transport.is_closing():
                self.transport.close()

        def data_received(self, data: bytes) -> None:
            if self._lingering:
                return  # the refused head's remainder: read and dropped until the close
            super().data_received(data)
            if self.cycle is not self._seen_cycle:  # a complete request head arrived
                self._disarm()
                self._seen_cycle = self.cycle
                self._head_bytes = 0
            elif self._head_timer is not None:
                self._head_bytes += len(data)
                if self._head_bytes > MAX_HEAD and not self.transport.is_closing():
                    self._disarm()
                    self._refuse_head()

        def _refuse_head(self) -> None:
            """The 400, then a lingering close: closing at once with the client's headers still
            unread makes the kernel answer with a reset, which can destroy the 400 before the
            client reads it. Our side is shut for writing, what still arrives is dropped, and the
            socket closes when the client does or after LINGER_SECONDS."""
            msg = b"Request head too large."
            content = [b"HTTP/1.1 400 Bad Request\r\n"]
            for name, value in self.server_state.default_headers:
                content.extend([name, b": ", value, b"\r\n"])
            content.append(b"content-type: text/plain; charset=utf-8\r\n")
            content.append(b"content-length: %d\r\nconnection: close\r\n\r\n" % len(msg))
            self.transport.write(b"".join(content) + msg)
            self._lingering = True
            if self.transport.can_write_eof():
                self.transport.write_eof()
            self.loop.call_later(LINGER_SECONDS, self.transport.close)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

    return ClubProtocol


def set_nodelay(sock: socket.socket | None) -> None:
    """Small responses leave at once instead of waiting for the peer's delayed ACK."""
    if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


def run(app: ASGIApp, sock: socket.socket) -> None:
    """Serve until Ctrl+C (or SIGTERM): uvicorn on the already-bound socket, access log off."""
    import uvicorn

    config = uvicorn.Config(
        app,
        log_level="warning",
        access_log=False,
        lifespan="off",
        # no proxy in front: a client's X-Forwarded-For must not pick the join limit's address
        proxy_headers=False,
        http=protocol_class(),
        ws="none",
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        timeout_graceful_shutdown=2,  # event streams never end on their own
    )
    uvicorn.Server(config).run(sockets=[sock])
