"""Request sizes and rates: what the phones' server accepts from anyone.

Every number a client could push on is bounded here: the size of a request
line, of a header, their count; the size of a WebSocket message; requests a
second from one address; messages a second on one connection; how many
connections at once; how long a new connection has to say who it is.

A rate is a token bucket: ``capacity`` requests at once, refilled at
``rate`` a second.

>>> now = [0.0]
>>> bucket = Bucket(capacity=2, rate=1.0, clock=lambda: now[0])
>>> bucket.take(), bucket.take(), bucket.take()
(True, True, False)
>>> now[0] = 1.0
>>> bucket.take(), bucket.take()
(True, False)
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from typing import NamedTuple

__all__ = ["Limits", "Bucket", "Buckets"]


class Limits(NamedTuple):
    """The bounds of one server (the defaults suit a table of ten)."""

    #: a request line (the address with its secret is under 100 bytes)
    max_line: int = 1024
    #: one header line (a phone's cookies, user agent and the like)
    max_field: int = 4096
    #: headers in one request
    max_headers: int = 48
    #: one WebSocket message from a phone (a decision is under 200 bytes)
    max_message: int = 2048
    #: requests at once, and a second, from one address (a page is 3 requests and a socket)
    http_burst: int = 40
    http_rate: float = 10.0
    #: messages at once, and a second, on one WebSocket
    message_burst: int = 12
    message_rate: float = 4.0
    #: WebSockets open at once (all seats, including those waiting for a yes)
    max_sockets: int = 32
    #: seconds a new WebSocket has to say hello
    hello_timeout: float = 10.0
    #: seconds between pings; a phone that does not answer is gone
    heartbeat: float = 15.0
    #: frames waiting to be sent to one phone before it counts as gone
    max_outbox: int = 64
    #: decisions waiting for the table
    max_decisions: int = 64
    #: addresses whose rates are remembered (the oldest forgotten first)
    max_clients: int = 1024


class Bucket:
    """A token bucket: ``capacity`` at once, ``rate`` more a second."""

    __slots__ = ("capacity", "rate", "tokens", "stamp", "clock")

    def __init__(self, capacity: int, rate: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.capacity = capacity
        self.rate = rate
        self.clock = clock
        self.tokens = float(capacity)
        self.stamp = clock()

    def take(self) -> bool:
        """Spend one token if there is one."""
        now = self.clock()
        self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Buckets:
    """A bucket per client address, at most ``size`` remembered (the least
    recently seen forgotten first, so memory stays bounded)."""

    def __init__(self, capacity: int, rate: float, size: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.capacity = capacity
        self.rate = rate
        self.size = size
        self.clock = clock
        self._buckets: OrderedDict[str, Bucket] = OrderedDict()

    def take(self, client: str) -> bool:
        """Spend one of ``client``'s tokens if it has one."""
        bucket = self._buckets.get(client)
        if bucket is None:
            bucket = self._buckets[client] = Bucket(self.capacity, self.rate, self.clock)
            if len(self._buckets) > self.size:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(client)
        return bucket.take()
