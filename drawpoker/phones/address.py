"""Where the table listens, and each seat's join address as a QR code.

:func:`lan_address` is the laptop's address on the local network: the one
its system would send from to reach outside. It is learnt by *connecting* a
UDP socket, which only picks a route and sends no packet; with no network
at all it is the loopback address (``--listen`` chooses another).

:func:`qr_lines` draws a join address as a QR code in text, two rows of
modules per line with the half blocks ``▀ ▄ █``, ``█`` dark, with the quiet
zone around it: shown dark on light (a style such as
``fg:#000000 bg:#ffffff``) any phone's camera reads it, whatever the
terminal's own colours.

>>> lines = qr_lines("http://192.168.1.20:8765/s/abcdefghijklmnopqrstuv")
>>> len(lines[0]) == len(lines[-1]) and len(lines[0]) < 40 and len(lines) < 21
True
"""

from __future__ import annotations

import socket

__all__ = ["lan_address", "qr_lines", "QUIET"]

#: modules of light border the QR standard asks for (2 reads well from a screen)
QUIET = 2

#: a documentation address (TEST-NET-1, RFC 5737): only the route to it is looked up, nothing is sent
_SOMEWHERE = ("192.0.2.1", 9)


def lan_address() -> str:
    """The laptop's address on its local network (``127.0.0.1`` when it has none)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(_SOMEWHERE)  # UDP: chooses a route and source address, sends nothing
            address: str = probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"
    return "127.0.0.1" if address.startswith("0.") else address


_HALVES = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}


def qr_lines(address: str) -> list[str]:
    """``address`` as a QR code in text: ``█`` dark, two rows of modules a line."""
    import segno

    code = segno.make(address, error="m", micro=False)
    rows = [[bool(module) for module in row] for row in code.matrix_iter(scale=1, border=QUIET)]
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    return [
        "".join(_HALVES[top, bottom] for top, bottom in zip(rows[i], rows[i + 1], strict=True))
        for i in range(0, len(rows), 2)
    ]
