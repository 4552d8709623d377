"""The history file format: a header line, then one event per line.

    {"c":"1f2e3d4c","drawpoker":"history","format":1,"game":...,"rules":{...},
     "fingerprint":"sha256:...","players":[...],"started":"...",...}
    {"c":"5a6b7c8d","n":1,"e":"SessionStarted","v":1,...}
    {"c":"9e0f1a2b","n":2,"e":"DealStarted","v":1,...}

``c`` is the CRC-32 (8 hex digits) of the line written without its ``c``
member (that is, ``{`` followed by the rest of the line after ``c``), so a
damaged byte anywhere is caught; ``n`` numbers the events from 1 so a
missing or swapped line is caught at once; ``e`` and ``v`` are the event's
type and schema version.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

from drawpoker.engine.events import event_to_json

__all__ = ["FORMAT", "MAGIC", "header", "event_line", "sealed", "unseal", "sealed_ok"]

#: The current file format version.
FORMAT = 1
MAGIC = "history"


def header(
    game: str,
    rules_data: dict[str, Any],
    fingerprint: str,
    players: list[dict[str, Any]],
    started: str,
    app_version: str,
    **extra: Any,
) -> dict[str, Any]:
    """The first line of a history file."""
    return {
        "drawpoker": MAGIC,
        "format": FORMAT,
        "app": app_version,
        "game": game,
        "started": started,
        "players": players,
        "fingerprint": fingerprint,
        "rules": rules_data,
        **extra,
    }


_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def sealed(data: dict[str, Any]) -> str:
    """``data`` as one line of the file, with its CRC first (and the newline)."""
    body = _dumps(data)
    crc = zlib.crc32(body.encode("utf-8"))
    return f'{{"c":"{crc:08x}",{body[1:]}\n'


def unseal(raw: bytes) -> bytes | None:
    """The line without its ``c`` member if the CRC matches, else None."""
    if not raw.startswith(b'{"c":"') or raw[14:16] != b'",':
        return None
    body = b"{" + raw[16:].rstrip(b"\n")
    try:
        crc = int(raw[6:14], 16)
    except ValueError:
        return None
    if b"%08x" % crc != raw[6:14]:  # only as written: int() also takes "F", " 1" and "+1"
        return None
    return body if zlib.crc32(body) == crc else None


_BRACE_CRC = zlib.crc32(b"{")


def sealed_ok(raw: bytes) -> bool:
    """Whether a line (with its newline) carries a ``c`` that matches the rest
    of it; the fast check for the reader, which parses the line as it is."""
    if raw[:6] != b'{"c":"' or raw[14:16] != b'",':
        return False
    try:
        crc = int(raw[6:14], 16)
    except ValueError:
        return False
    if b"%08x" % crc != raw[6:14]:  # only as written: int() also takes "F", " 1" and "+1"
        return False
    return zlib.crc32(memoryview(raw)[16:-1], _BRACE_CRC) == crc


def event_line(number: int, event: Any) -> str:
    """One event as a line of the file (with its newline)."""
    return sealed({"n": number, **event_to_json(event)})
