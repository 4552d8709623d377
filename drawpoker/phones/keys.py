"""The seats' secrets and the one device each admits.

Each human seat gets a fresh secret for this session: 16 bytes (128 bits)
from :mod:`secrets`, written URL-safe (22 characters) into the seat's join
address. Secrets live in memory only; a resumed session makes new ones, and
none is ever written to the history.

A seat admits one device. The first device to open the seat's address is
given a device key (another 128 bits, kept by the page in the phone's
storage); a reload or a phone that wakes from sleep shows that key and is
the same device again. Any other device for the same seat needs a yes at
the laptop (:mod:`.server` asks the table through a queue).

Looking a secret up compares it with every seat's secret in constant time
and never stops at the first match, so neither the answer's time nor its
words say which seats exist: an unknown secret is simply no seat.

>>> made = iter(["a" * 22, "b" * 22, "d" * 22])
>>> keys = SeatKeys([0, 2], token=lambda nbytes: next(made))
>>> keys.seat_of("b" * 22), keys.seat_of("c" * 22), keys.seat_of("")
(2, None, None)
>>> keys.admit(2, None)
('new', 'dddddddddddddddddddddd')
>>> keys.admit(2, "d" * 22), keys.admit(2, "x")
(('same', 'dddddddddddddddddddddd'), ('other', None))
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable, Iterable

__all__ = ["SECRET_BYTES", "SeatKeys", "NEW", "SAME", "OTHER"]

#: bytes of randomness in a seat's secret and in a device key (128 bits)
SECRET_BYTES = 16

#: what :meth:`SeatKeys.admit` says about a device
NEW = "new"  # the seat had no device: this one is now it
SAME = "same"  # the seat's own device again (a reload, a phone back from sleep)
OTHER = "other"  # another device: it needs a yes at the laptop


def _bytes(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


class SeatKeys:
    """The secrets of a table's human seats and the device each seat admits."""

    def __init__(self, seats: Iterable[int], token: Callable[[int], str] | None = None) -> None:
        self._token = token if token is not None else secrets.token_urlsafe
        self._secrets: dict[int, bytes] = {seat: _bytes(self._new()) for seat in seats}
        self._devices: dict[int, bytes] = {}

    def _new(self) -> str:
        return self._token(SECRET_BYTES)

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats that can be joined from a phone."""
        return tuple(self._secrets)

    def secret(self, seat: int) -> str:
        """The secret in ``seat``'s join address (only the table shows it)."""
        return self._secrets[seat].decode()

    def seat_of(self, given: str) -> int | None:
        """The seat whose secret is ``given``, or None: every secret is
        compared, each in constant time, whatever matches."""
        candidate = _bytes(given)
        found = None
        for seat, secret in self._secrets.items():
            if hmac.compare_digest(candidate, secret):
                found = seat
        return found

    def admit(self, seat: int, device: str | None) -> tuple[str, str | None]:
        """Whether ``device`` (its key, or None for a device that has none)
        may hold ``seat``: (:data:`NEW`, the key it is given), (:data:`SAME`,
        its key) or (:data:`OTHER`, None) -- then only :meth:`bind` after a
        yes at the laptop lets it in."""
        bound = self._devices.get(seat)
        if bound is None:
            return NEW, self.bind(seat)
        if device is not None and hmac.compare_digest(_bytes(device), bound):
            return SAME, device
        return OTHER, None

    def bind(self, seat: int) -> str:
        """Make a new device the one ``seat`` admits; the key it keeps."""
        key = self._new()
        self._devices[seat] = _bytes(key)
        return key

    def release(self, seat: int) -> None:
        """Forget ``seat``'s device: the next device to open the address is admitted."""
        self._devices.pop(seat, None)

    def add(self, seat: int) -> str:
        """A fresh secret for ``seat`` (a newcomer's seat, or a seat whose
        player changed): any address given before for it no longer works."""
        self._secrets[seat] = _bytes(self._new())
        self._devices.pop(seat, None)
        return self.secret(seat)

    def remove(self, seat: int) -> None:
        """``seat`` can no longer be joined (its player left): its secret and device are forgotten."""
        self._secrets.pop(seat, None)
        self._devices.pop(seat, None)

    def has_device(self, seat: int) -> bool:
        """Whether a device holds ``seat``."""
        return seat in self._devices
