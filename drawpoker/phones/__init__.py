"""Each player's cards on their own phone: the laptop becomes the table.

A small web server in the table's own asyncio loop (the one prompt_toolkit's
``Application`` runs in) serves one page and one WebSocket per human seat.
A phone that opens its seat's address (a QR code on the laptop's screen)
is sent that seat's view -- the seat's cards, the public table, the legal
actions with amounts -- and sends back decisions; the table checks them
with the engine, exactly as it checks a key press. The server decides no
rule itself.

- :mod:`.keys`: the seats' secrets (a fresh one of 128 bits per seat and
  session), the device each seat admits, the second device's wait for a yes
  at the laptop.
- :mod:`.protocol`: the messages both ways, checked strictly (shape, types,
  sizes), and the seat-view shape (``docs/phones.md``).
- :mod:`.limits`: request sizes and rates.
- :mod:`.server`: the routes (the page, its two static files, a WebSocket
  per seat; nothing else), TLS when given a certificate, stopping with the
  table.
- :mod:`.address`: where to listen (the laptop's address on the local
  network), the join addresses and their QR codes for the terminal.
- :mod:`.words`: the page's words, in the project's catalogue.

What a phone is sent about its seat is the core's seat view in the
phones' shape (:func:`drawpoker.games.view.phone_view`), and what it says
back becomes the game's command through
:func:`drawpoker.phones.protocol.decision_of` and
:func:`drawpoker.games.view.command_for`: the same door a computer seat's
bot goes through.

The server's two dependencies (aiohttp, segno) are the optional extra
``phones``: :func:`missing` says how to install them, and nothing here
imports them until a server or a QR code is made.
"""

from __future__ import annotations

import importlib.util

from drawpoker.notes import N_, Note

__all__ = ["INSTALL", "missing", "missing_note"]

#: the one command that installs what ``drawpoker play --phones`` needs (from a checkout's venv)
INSTALL = ".venv/bin/pip install -e '.[phones]'"

#: the modules the phones' server needs, and the packages that bring them
_NEEDED = {"aiohttp": "aiohttp", "segno": "segno"}


def missing() -> list[str]:
    """The packages the phones' server needs that are not installed (none: it can run).

    >>> isinstance(missing(), list)
    True
    """
    return [package for module, package in _NEEDED.items() if importlib.util.find_spec(module) is None]


def missing_note() -> Note | None:
    """What ``drawpoker play --phones`` says when the server cannot run (None when it can).

    >>> note = missing_note()
    >>> note is None or "pip install" in str(note)
    True
    """
    packages = missing()
    if not packages:
        return None
    return Note(
        N_("Playing with phones needs {packages}; install them with: {command}"),
        packages=" and ".join(packages),
        command=INSTALL,
    )
