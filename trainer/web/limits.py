"""Join rate limits per network address: one script on one laptop cannot fill the room.

A token bucket per address: `burst` joins at once (a student who mistypes the code, or two
siblings on one phone), then one more every `every` seconds. Refused joins cost nothing, so a
flood never delays the real student's join beyond the refill time; the table forgets addresses
that have been quiet long enough to be full again, so it stays small.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

JOIN_BURST = 5
JOIN_EVERY = 6.0
_MAX_TRACKED = 10_000


@dataclass
class RateLimit:
    """`allow(address)` says whether this address may join now, and spends one token if so."""

    burst: int = JOIN_BURST
    every: float = JOIN_EVERY
    now: Callable[[], float] = time.monotonic
    _buckets: dict[str, tuple[float, float]] = field(default_factory=dict)  # address -> (tokens, when)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def allow(self, address: str) -> bool:
        with self._lock:
            now = self.now()
            tokens, when = self._buckets.get(address, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - when) / self.every)
            if tokens < 1.0:
                self._buckets[address] = (tokens, now)
                return False
            self._buckets[address] = (tokens - 1.0, now)
            if len(self._buckets) > _MAX_TRACKED:
                self._forget(now)
            return True

    def retry_after(self, address: str) -> int:
        """Whole seconds until `address` may join again (for the Retry-After header)."""
        with self._lock:
            tokens, _ = self._buckets.get(address, (float(self.burst), 0.0))
        return max(1, round((1.0 - tokens) * self.every + 0.5))

    def _forget(self, now: float) -> None:
        full = self.burst * self.every
        for address, (_, when) in list(self._buckets.items()):
            if now - when >= full:
                del self._buckets[address]
