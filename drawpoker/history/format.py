"""The history file format: a header line, then one event per line, chained.

Format 4 (written since issue 25) is format 3 below with a longer code and
one way of writing each line: a chain code is 95 bits of SHA-256, written
as 19 characters of Crockford's base 32 (digits and capital letters
without I, L, O and U), the header's computed from :data:`CHAIN_START_4`;
the **seal** the table shows is that code with a check character after
it, in five groups of four (``4KQ8-ZT0M-1B3C-9XYZ-ABC6``: :func:`seal_text`),
so a mistyped character is caught as a typing slip, not taken for a
different history. ``verify`` accepts a format-4 line only as the writer
writes it (its fields in order, no spaces, no needless escapes, the
header's keys and rules in their order): the same events written any other
way are refused, so a forger has no free variation to search over, and
the code is long enough that no search reaches a seal anyway (2^95 tries).

Format 3 (written from issue 15 to issue 25)::

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
from collections.abc import Callable
from typing import Any

__all__ = [
    "FORMAT",
    "MAGIC",
    "CHAIN_START",
    "CHAIN_START_4",
    "MAX_LINE",
    "CODE_LENGTH",
    "CONTENT_AT",
    "CODE_LENGTH_4",
    "CONTENT_AT_4",
    "Chain",
    "chain_for",
    "chain_code4",
    "code_of_digest",
    "check_character",
    "seal_bits",
    "seal_problem",
    "CODED",
    "MAX_COMMAND",
    "header",
    "chain_code",
    "command_lines",
    "chained_line",
    "header_line",
    "header_text",
    "seal_text",
    "parse_seal",
    "event_versions",
    "sealed",
    "unseal",
    "sealed_ok",
    "event_line_v1",
]

#: The current file format version (what new histories are written in).
FORMAT = 4
MAGIC = "history"
#: The "previous code" the header's chain code is computed from (formats 2 and 3).
CHAIN_START = b"drawpoker-history-2"
#: The same for format 4.
CHAIN_START_4 = b"drawpoker-history-4"
#: The longest line a reader accepts (the header of a big ruleset is a few KiB).
MAX_LINE = 64 * 1024
#: How long a chain code is in formats 2 and 3 (hexadecimal digits: 40 bits).
CODE_LENGTH = 10
#: Where a format-2 line's content starts: after ``{"h":"..........",``.
CONTENT_AT = 6 + CODE_LENGTH + 2
#: How long a chain code is in format 4 (Crockford's base 32: 95 bits).
CODE_LENGTH_4 = 19
#: Where a format-4 coded line's content starts: after ``{"h":"...................",``.
CONTENT_AT_4 = 6 + CODE_LENGTH_4 + 2
#: How a line with a chain code begins.
CODED = b'{"h":"'
#: Format 3: the most bytes a command's lines may run to before its code (a
#: real one is a few KiB; more is not a history drawpoker writes)
MAX_COMMAND = 1 << 20

_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32: no I, L, O, U
_sha256 = hashlib.sha256
#: ten bits -> their two characters of base 32 (format 4's codes are made ten bits at a time)
_PAIRS = tuple((_ALPHABET[k >> 5] + _ALPHABET[k & 31]).encode("ascii") for k in range(1024))


def chain_code(previous: bytes, content: bytes) -> bytes:
    """Formats 2 and 3: the code of a line (a command): 40 bits of
    SHA-256(previous code + content), in hexadecimal."""
    return _sha256(previous + content).hexdigest()[:CODE_LENGTH].encode("ascii")


def code_of_digest(digest: bytes, _int: Any = int.from_bytes, p: tuple[bytes, ...] = _PAIRS) -> bytes:
    """Format 4: a code from a SHA-256 digest, its first 95 bits as 19
    characters of Crockford's base 32 (ten bits at a time: one Python call)."""
    n: int = _int(digest[:12], "big") >> 1
    return (
        p[n >> 85]
        + p[n >> 75 & 1023]
        + p[n >> 65 & 1023]
        + p[n >> 55 & 1023]
        + p[n >> 45 & 1023]
        + p[n >> 35 & 1023]
        + p[n >> 25 & 1023]
        + p[n >> 15 & 1023]
        + p[n >> 5 & 1023]
        + p[n & 31][1:]
    )


def chain_code4(previous: bytes, content: bytes) -> bytes:
    """Format 4: the code of a command: 95 bits of SHA-256(previous code + its bytes)."""
    return code_of_digest(_sha256(previous + content).digest())


class Chain:
    """How one format chains its lines: where the chain starts, how long a
    code is, where a coded line's content begins, and the code of some bytes
    (``code(previous + content)``)."""

    __slots__ = ("version", "start", "length", "content_at", "code", "bits")
    code: Callable[[bytes], bytes]

    def __init__(self, version: int) -> None:
        self.version = version
        if version >= 4:
            self.start, self.length, self.bits = CHAIN_START_4, CODE_LENGTH_4, 95
            self.code = _code4
        else:
            self.start, self.length, self.bits = CHAIN_START, CODE_LENGTH, 40
            self.code = _code3
        self.content_at = 6 + self.length + 2


def _code3(data: bytes, _hash: Any = _sha256) -> bytes:
    code: bytes = _hash(data).hexdigest()[:CODE_LENGTH].encode("ascii")
    return code


def _code4(data: bytes, _hash: Any = _sha256, _code: Any = code_of_digest) -> bytes:
    code: bytes = _code(_hash(data).digest())
    return code


_CHAINS = {version: Chain(version) for version in (2, 3, 4)}


def chain_for(version: int) -> Chain:
    """The chain of a format (2, 3 or 4)."""
    return _CHAINS[min(max(version, 2), 4)]


def chained_line(code: bytes, content: bytes) -> bytes:
    """A whole line: the code in front of the content, then the newline."""
    return b'{"h":"%s",%s\n' % (code, content)


def command_lines(code: bytes, plain: bytes) -> bytes:
    """Format 3 and 4: a command's lines as written, from its bytes (see above) and
    its chain code, which goes in front of the last line's content."""
    last = plain.rfind(b"\n{") + 1  # where the last line begins (0: the only one)
    return b'%s{"h":"%s",%s' % (plain[:last], code, plain[last + 1 :])


# ---------------------------------------------------------------- the seal

#: GF(32) (x^5 + x^2 + 1): the weights of a format-4 seal's characters, the
#: powers of x from x^1 (the first) to x^19 (the last before the check,
#: whose weight is 1): all different, none zero, so the weighted sum of a
#: seal changes when any one character is changed or two neighbours swap
_POLY = 0b100101


def _times(a: int, b: int) -> int:
    """a * b in GF(32)."""
    out = 0
    while b:
        if b & 1:
            out ^= a
        b >>= 1
        a <<= 1
        if a & 32:
            a ^= _POLY
    return out


_WEIGHTS = [1]
for _ in range(CODE_LENGTH_4):
    _WEIGHTS.append(_times(_WEIGHTS[-1], 2))
del _WEIGHTS[0]
#: character's value -> its products with each weight (the check is a sum of look-ups)
_PRODUCTS = [[_times(v, w) for v in range(32)] for w in _WEIGHTS]


def check_character(code: str) -> str:
    """The check character of a format-4 code (19 characters of base 32):
    the sum over GF(32) of each character's value times its weight. It
    catches every mistyped character and every swap of two neighbours
    (the check character included).

    >>> check_character("0000000000000000000")
    '0'
    >>> check_character("1000000000000000000") != check_character("0100000000000000000")
    True
    """
    total = 0
    for products, ch in zip(_PRODUCTS, code, strict=True):
        total ^= products[_ALPHABET.index(ch)]
    return _ALPHABET[total]


def seal_bits(code: bytes | str) -> int:
    """How many bits a chain code or a seal holds: 95 in format 4, 40 before.

    >>> seal_bits("4KQ8-ZT0M"), seal_bits("4KQ8-ZT0M-1B3C-9XYZ-ABC6"), seal_bits(b"2b7e1516a8")
    (40, 95, 40)
    """
    text = code.decode("ascii", "replace") if isinstance(code, bytes) else code
    return 95 if len(_cleaned(text)) >= CODE_LENGTH_4 else 40


def seal_text(code: bytes | str) -> str:
    """A chain code as the table shows it. Format 4: its 19 characters and
    the check character, in five groups of four (``4KQ8-ZT0M-1B3C-9XYZ-ABC6``).
    Formats 2 and 3 (a 10-digit hexadecimal code, 40 bits): 8 characters of
    Crockford's base 32 with a dash in the middle, ``4KQ8-ZT0M``."""
    text = code.decode("ascii") if isinstance(code, bytes) else code
    if len(text) == CODE_LENGTH_4:
        whole = text + check_character(text)
        return "-".join(whole[k : k + 4] for k in range(0, len(whole), 4))
    n = int(text, 16)
    chars = "".join(_ALPHABET[n >> shift & 31] for shift in range(35, -1, -5))
    return f"{chars[:4]}-{chars[4:]}"


_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})


def _cleaned(text: str) -> str:
    return "".join(text.split()).replace("-", "")


def seal_problem(text: str) -> str | None:
    """Why ``text`` is not a seal as a player may type it back, or None: a
    marked sentence (see :func:`parse_seal`)."""
    from drawpoker.notes import N_

    cleaned = _cleaned(text)
    if len(cleaned) == CODE_LENGTH and all(ch in "0123456789abcdefABCDEF" for ch in cleaned):
        return None
    letters = cleaned.upper().translate(_READ_AS)
    if len(letters) in (8, CODE_LENGTH_4, CODE_LENGTH_4 + 1) and all(ch in _ALPHABET for ch in letters):
        if len(letters) == CODE_LENGTH_4 + 1 and check_character(letters[:-1]) != letters[-1]:
            return N_(
                "its check character does not match: a character was mistyped or two were swapped; compare it with "
                "the seal noted"
            )
        return None
    return N_(
        "a seal is 20 letters and digits in groups of four like 4KQ8-ZT0M-1B3C-9XYZ-ABC6 (8 like 4KQ8-ZT0M in "
        "histories written before format 4)"
    )


def parse_seal(text: str) -> bytes | None:
    """A seal as a player may type it back (any case, with or without the
    dashes or spaces, O for 0, I or L for 1) as its chain code, or None
    (:func:`seal_problem` says why). A format-4 seal's check character must
    match; its 19-character code as the file holds it is accepted too, and
    so are a 8-character seal and a line's 10-digit code of formats 2 and 3."""
    if seal_problem(text) is not None:
        return None
    cleaned = _cleaned(text)
    if len(cleaned) == CODE_LENGTH and all(ch in "0123456789abcdefABCDEF" for ch in cleaned):
        return cleaned.lower().encode("ascii")
    cleaned = cleaned.upper().translate(_READ_AS)
    if len(cleaned) >= CODE_LENGTH_4:
        return cleaned[:CODE_LENGTH_4].encode("ascii")
    n = 0
    for ch in cleaned:
        n = n << 5 | _ALPHABET.index(ch)
    return f"{n:010x}".encode("ascii")


_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def event_versions() -> dict[str, int]:
    """Every known event type and its schema version (the header's ``events``)."""
    from drawpoker.engine.events import EVENT_TYPES, version_of  # (the list of sessions reads no event)

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
    """The header as a line of the file and its chain code (in its format's chain)."""
    content = _dumps(data)[1:].encode("utf-8")
    chain = chain_for(int(data.get("format", FORMAT)))
    code = chain.code(chain.start + content)
    return chained_line(code, content), code


def header_text(data: dict[str, Any]) -> bytes:
    """The header's content as the writer writes it (after the code)."""
    return _dumps(data)[1:].encode("utf-8")


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
    from drawpoker.engine.events import event_to_json

    return sealed({"n": number, **event_to_json(event)})
