"""Running the club night's server: the listening socket, the address phones use, the QR code.

The socket is opened before anything is printed, so `--port 0` can report the port it got and a
busy port is a one-line error, not a traceback from inside uvicorn.
"""

from __future__ import annotations

import socket
from pathlib import Path
from typing import TextIO

from starlette.applications import Starlette

from trainer.engine.errors import CribError, cause


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
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
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


def qr_terminal(url: str, out: TextIO) -> None:
    """The join address as a QR code drawn with block characters (phones scan it off the screen)."""
    import segno

    segno.make(url, error="m").terminal(out=out, compact=True, border=2)


def run(app: Starlette, sock: socket.socket) -> None:
    """Serve until Ctrl+C (or SIGTERM): uvicorn on the already-bound socket, access log off."""
    import uvicorn

    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off")
    uvicorn.Server(config).run(sockets=[sock])
