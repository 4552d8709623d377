"""The history file format: a header line, then one event per line, chained.

Format 3 (written since the chain is kept per command)::

    {"h":"2b7e1516a8","drawpoker":"history","format":3,"game":...,"events":{"Called":1,...},...}
    {"h":"9f04c1d2e3","e":"SessionStarted","names":["Ann","Bo"],"stacks":[40,40],"button":0}
    {"e":"PlayerRebought","seat":1,"amount":40}
    {"e":"DealStarted","deal":1,"button":0,"deck":"9s 2s ...","reshuffle_seed":17}
    {"e":"AntePosted","seat":1,"amount":1}
    {"h":"04d1a37bc5","e":"AntePosted","seat":0,"amount":1}

Every event is one line, a JSON object. The events of one **command** (a
decision and everything it caused, written together) are consecutive
lines, and only the command's *last* line carries a chain code, as its
first member ``h``; the lines before it begin with ``{"e":``. The
command's **bytes** are all of its lines as written, each with its
newline, with the last line's ``"h":"..........",`` (the 17 bytes after
its opening brace) left out: every line of a command then reads
``{"e":...}`` followed by a newline. The command's **chain code** is the
first 40 bits of SHA-256 over the previous command's code and the
command's bytes, as 10 hexadecimal digits. The header is chained as in
format 2 (its code is computed from :data:`CHAIN_START` and its content)
and starts the chain. Editing, adding, removing or reordering any line,
or moving one across a command's end, changes that command's code and
every later one, so the code of a command's last line stands for
everything up to it: that is the **seal**, shown at the table as the same
40 bits in 8 characters of Crockford's base 32 (``4KQ8-ZT0M``), easy to
read aloud and to note. Lines after the last coded line are a command
whose writing was cut short by a crash: readers drop them and say so.
Event versions are in the header's ``events`` map, not on every line.

Format 2 (still read, and still appended to when such a history is
resumed): every line carries its own code, ``h`` as above, computed over
the previous line's code and this line's *content* (the bytes after
``"h":"..........",`` up to the newline).

Format 1 (the first histories, still read): the first member ``c`` is a
CRC-32 of the line without it, events carry ``n`` (their number) and
``v`` (their version). Such a history is read and verified as before but
has no seal: it is reported as *unsealed*.
"""

from __future__ import annotations

import hashlib
import json
import zlib
from typing import Any

from drawpoker.engine.events import EVENT_TYPES, event_to_json, version_of

__all__ = [
    "FORMAT",
    "MAGIC",
    "CHAIN_START",
    "MAX_LINE",
    "CODE_LENGTH",
    "CONTENT_AT",
    "CODED",
    "MAX_COMMAND",
    "header",
    "chain_code",
    "command_lines",
    "chained_line",
    "header_line",
    "seal_text",
    "parse_seal",
    "event_versions",
    "sealed",
    "unseal",
    "sealed_ok",
    "event_line_v1",
]

#: The current file format version (what new histories are written in).
FORMAT = 3
MAGIC = "history"
#: The "previous code" the header's chain code is computed from.
CHAIN_START = b"drawpoker-history-2"
#: The longest line a reader accepts (the header of a big ruleset is a few KiB).
MAX_LINE = 64 * 1024
#: How long a chain code is (hexadecimal digits: 40 bits).
CODE_LENGTH = 10
#: Where a format-2 line's content starts: after ``{"h":"..........",``.
CONTENT_AT = 6 + CODE_LENGTH + 2
#: How a line with a chain code begins.
CODED = b'{"h":"'
#: Format 3: the most bytes a command's lines may run to before its code (a
#: real one is a few KiB; more is not a history drawpoker writes)
MAX_COMMAND = 1 << 20

_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32: no I, L, O, U
_sha256 = hashlib.sha256


def chain_code(previous: bytes, content: bytes) -> bytes:
    """The code of a line: 40 bits of SHA-256(previous code + content), in hexadecimal."""
    return _sha256(previous + content).hexdigest()[:CODE_LENGTH].encode("ascii")


def chained_line(code: bytes, content: bytes) -> bytes:
    """A whole line: the code in front of the content, then the newline."""
    return b'{"h":"%s",%s\n' % (code, content)


def command_lines(code: bytes, plain: bytes) -> bytes:
    """Format 3: a command's lines as written, from its bytes (see above) and
    its chain code, which goes in front of the last line's content."""
    last = plain.rfind(b"\n{") + 1  # where the last line begins (0: the only one)
    return b'%s{"h":"%s",%s' % (plain[:last], code, plain[last + 1 :])


def seal_text(code: bytes | str) -> str:
    """A chain code as the table shows it, 8 characters of Crockford's base
    32 with a dash in the middle: ``4KQ8-ZT0M``."""
    text = code.decode("ascii") if isinstance(code, bytes) else code
    n = int(text, 16)
    chars = "".join(_ALPHABET[n >> shift & 31] for shift in range(35, -1, -5))
    return f"{chars[:4]}-{chars[4:]}"


_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})


def parse_seal(text: str) -> bytes | None:
    """A seal as a player may type it back (any case, with or without the
    dash or spaces, O for 0, I or L for 1) as its chain code, or None. The
    line's code itself (10 hexadecimal digits) is accepted too."""
    cleaned = "".join(text.split()).replace("-", "")
    if len(cleaned) == CODE_LENGTH and all(ch in "0123456789abcdefABCDEF" for ch in cleaned):
        return cleaned.lower().encode("ascii")
    cleaned = cleaned.upper().translate(_READ_AS)
    if len(cleaned) != 8 or any(ch not in _ALPHABET for ch in cleaned):
        return None
    n = 0
    for ch in cleaned:
        n = n << 5 | _ALPHABET.index(ch)
    return f"{n:010x}".encode("ascii")


_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def event_versions() -> dict[str, int]:
    """Every known event type and its schema version (the header's ``events``)."""
    return {name: version_of(cls) for name, cls in sorted(EVENT_TYPES.items())}


def header(
    game: str,
    rules_data: dict[str, Any],
    fingerprint: str,
    players: list[dict[str, Any]],
    started: str,
    app_version: str,
    *,
    version: int = FORMAT,
    **extra: Any,
) -> dict[str, Any]:
    """The first line of a history file (format 3, or ``version``)."""
    return {
        "drawpoker": MAGIC,
        "format": version,
        "app": app_version,
        "game": game,
        "started": started,
        "players": players,
        "fingerprint": fingerprint,
        "rules": rules_data,
        "events": event_versions(),
        **extra,
    }


def header_line(data: dict[str, Any]) -> tuple[bytes, bytes]:
    """The header as a line of the file and its chain code."""
    content = _dumps(data)[1:].encode("utf-8")
    code = chain_code(CHAIN_START, content)
    return chained_line(code, content), code


# ---------------------------------------------------------------- format 1


def sealed(data: dict[str, Any]) -> str:
    """Format 1: ``data`` as one line, with its CRC first (and the newline)."""
    body = _dumps(data)
    crc = zlib.crc32(body.encode("utf-8"))
    return f'{{"c":"{crc:08x}",{body[1:]}\n'


def unseal(raw: bytes) -> bytes | None:
    """Format 1: the line without its ``c`` member if the CRC matches, else None."""
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
    """Format 1: whether a line (with its newline) carries a ``c`` that
    matches the rest of it; the fast check for the reader."""
    if raw[:6] != b'{"c":"' or raw[14:16] != b'",':
        return False
    try:
        crc = int(raw[6:14], 16)
    except ValueError:
        return False
    if b"%08x" % crc != raw[6:14]:  # only as written: int() also takes "F", " 1" and "+1"
        return False
    return zlib.crc32(memoryview(raw)[16:-1], _BRACE_CRC) == crc


def event_line_v1(number: int, event: Any) -> str:
    """Format 1: one event as a line of the file (with its newline)."""
    return sealed({"n": number, **event_to_json(event)})
