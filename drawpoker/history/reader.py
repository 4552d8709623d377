"""Reading a history, streaming: the header, then (line, event) pairs.

Every chain code is checked as it is read (format 3: each command's, over
all of its lines; format 2: each line's), so a damaged or hand-edited line
is refused where it is, with "not verified"; a format-1
history (per-line CRC, no chain) still reads and is marked *unsealed*
(:attr:`HistoryReader.sealed` is False). Every problem is a
:class:`HistoryError` naming the file and line. A torn last line (no
newline: the crash came mid-write) is not an error: it is dropped and
reported in :attr:`HistoryReader.torn`, everything before it kept; so
are, in format 3, the lines of a command whose coded last line was never
written (:attr:`HistoryReader.unfinished`). Lines
longer than :data:`~drawpoker.history.format.MAX_LINE` and JSON nested
too deeply are refused. Nothing is ever written here.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, BinaryIO

import attrs

from drawpoker.boundary import name_note, open_regular
from drawpoker.engine.events import (
    EVENT_TYPES,
    event_from_json,
    json_decoder,
    undecoded,
    version_of,
)
from drawpoker.errors import HistoryError, RulesError
from drawpoker.games import game_for
from drawpoker.history.decode import event_of, line_parsers
from drawpoker.history.format import (
    CODE_LENGTH,
    CODED,
    CONTENT_AT,
    FORMAT,
    MAGIC,
    MAX_COMMAND,
    MAX_LINE,
    chain_for,
    header_text,
    sealed_ok,
    unseal,
)
from drawpoker.notes import N_, Note
from drawpoker.notes import at as placed
from drawpoker.rules import rules_from_data

__all__ = ["HistoryReader", "TornLine", "open_history", "NOT_VERIFIED", "NOT_AS_WRITTEN", "does_not_fit"]

_loads = json.loads
_scan = json.JSONDecoder().scan_once  # type: ignore[attr-defined]
_BATCH = 2048  # lines parsed in one go
_CHUNK = 1 << 18  # format 3: bytes read in one go
#: what a reader says of a line whose chain code does not match
NOT_VERIFIED = N_("the chain of seals breaks here (the line was damaged or edited by hand): not verified")
_BROKEN = Note(NOT_VERIFIED)
#: what a reader says of a format-4 line that holds what drawpoker writes, written another way
NOT_AS_WRITTEN = N_(
    "the line is not written as drawpoker writes it (spaces, keys in another order, an escape where none is "
    "needed): a format-4 history accepts one way of writing each line; not verified"
)
#: the header's own keys, in the order the writer writes them
_HEADER_KEYS = ("drawpoker", "format", "app", "game", "started", "players", "fingerprint", "rules", "events")


def _canonical_header(head: dict[str, Any], content: bytes) -> bool:
    """Format 4: whether the header's content is the writer's text of what it
    holds (its own keys first and in order, the event versions sorted; the
    rules are checked against their own canonical text once they are read)."""
    keys = tuple(head)
    events = head.get("events")
    try:
        return (
            keys[: len(_HEADER_KEYS)] == _HEADER_KEYS
            and isinstance(events, dict)
            and list(events) == sorted(events)
            and header_text(head) == content
        )
    except UnicodeEncodeError:  # a lone surrogate (written as an escape): the writer cannot write it
        return False


@attrs.frozen
class TornLine:
    """The unfinished last line of a history."""

    line: int
    text: str


def _decoder(cls: type[Any]) -> Callable[[dict[str, Any]], Any]:
    """A fast decoder of one event class as formats 2 and 3 write it (``e``,
    ``h`` where the line has its code, and the fields; the version is the
    header's): every field, ``e`` and ``h`` (format 3: ``h`` only on a
    command's last line); a field missing and an unknown one in its place
    fails on the missing one."""
    return json_decoder(cls, frozenset({"e", "h"}), "len(d) != {size} - ('h' not in d)")


_DECODERS: dict[type, Callable[[dict[str, Any]], Any]] = {}


class _Decoders(dict[str, Callable[[dict[str, Any]], Any]]):
    """Event name -> decoder of the version a header lists: an upcasting one
    for an older version, else the class's fast decoder, generated when the
    event is first read (generating all of them cost a short history more
    than reading it). A name the header does not list (or this drawpoker
    does not know) is a KeyError, as in a plain dict."""

    def __init__(self, current: dict[str, type[Any]], older: dict[str, Callable[[dict[str, Any]], Any]]) -> None:
        super().__init__(older)
        #: the events whose version is the current one: name -> class
        self.current = current

    def __contains__(self, name: object) -> bool:
        return name in self.current or super().__contains__(name)

    def __missing__(self, name: str) -> Callable[[dict[str, Any]], Any]:
        cls = self.current[name]
        decode = _DECODERS.get(cls)
        if decode is None:
            decode = _DECODERS[cls] = _decoder(cls)
        self[name] = decode
        return decode


class HistoryReader:
    """One history file: ``header``, ``rules``, ``game`` and :meth:`events`."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.shown = str(path)
        self.torn: TornLine | None = None
        #: format 3: (first, last) line of a command cut short by a crash (its
        #: coded last line never written): dropped, like a torn line
        self.unfinished: tuple[int, int] | None = None
        #: format 3: the lines of :attr:`unfinished` as written (verify checks them)
        self.unfinished_lines: list[bytes] = []
        self.events_read = 0
        self._file: BinaryIO = open_regular(self.path, self.shown, error=HistoryError)
        try:
            first = self._file.readline(MAX_LINE + 1)
            self._body_offset = len(first)
            if not first:
                raise HistoryError(Note(N_("{file}: the file is empty; not a drawpoker history"), file=self.shown))
            if len(first) > MAX_LINE:
                raise HistoryError(
                    Note(
                        N_("{file}:1: the first line is longer than {size} KiB; not a drawpoker history"),
                        file=self.shown,
                        size=MAX_LINE // 1024,
                    )
                )
            self.header = self._parse_header(first)
            try:
                self.rules = rules_from_data(self.header.get("rules"), f"{self.shown}:1: the header's rules")
            except RulesError as exc:
                raise HistoryError(Note.joined(exc.notes, "; ")) from None
            if self.format >= 4:
                self._check_rules_text()
            self.game = self.rules.game
            self.names = tuple(p["name"] for p in self.header["players"])
            game_for(self.rules)  # makes the game's events known to the codec
            self._decode = self._decoders()
            #: format 2 and 3: event name -> parser of its writer's text, for the current versions
            self.line_parsers = line_parsers(self._decode.current)
        except BaseException:
            self._file.close()
            raise

    # ------------------------------------------------------------ the header

    def _parse_header(self, raw: bytes) -> dict[str, Any]:
        where = f"{self.shown}:1"
        try:
            head = _loads(raw)
        except RecursionError:
            raise HistoryError(
                Note(N_("{where}: not a drawpoker history (the first line is nested too deeply)"), where=where)
            ) from None
        except ValueError:
            raise HistoryError(
                Note(N_("{where}: not a drawpoker history (the first line is not its JSON header)"), where=where)
            ) from None
        if not isinstance(head, dict) or head.get("drawpoker") != MAGIC:
            raise HistoryError(
                Note(N_("{where}: not a drawpoker history (the first line is not its header)"), where=where)
            )
        version = head.get("format")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise HistoryError(placed(f"{where}", Note(N_("the header has no valid format number"))))
        if version > FORMAT:
            raise HistoryError(
                placed(
                    where,
                    Note(
                        N_(
                            "written by a newer drawpoker (format {version}; this one reads up to {most}); upgrade "
                            "drawpoker"
                        ),
                        version=version,
                        most=FORMAT,
                    ),
                )
            )
        self.format = version
        self.sealed = version >= 2
        self.per_command = version >= 3
        #: how this format chains its lines (formats 2 to 4)
        self.chain = chain = chain_for(version)
        #: where a coded line's content begins (after ``{"h":"<code>",``)
        self.content_at = chain.content_at
        line = raw if raw.endswith(b"\n") else raw + b"\n"
        if version == 1:
            if unseal(line) is None:
                raise HistoryError(placed(where, Note(_EDITED_HEADER)))
            del head["c"]
            self.code = b""
        else:
            at = chain.content_at
            if (
                line[:6] != b'{"h":"'
                or line[at - 2 : at] != b'",'
                or chain.code(chain.start + line[at:-1]) != line[6 : at - 2]
            ):
                raise HistoryError(Note(N_("{where}: the header: {problem}"), where=where, problem=_BROKEN))
            del head["h"]
            self.code = line[6 : at - 2]
            if version >= 4 and not _canonical_header(head, line[at:-1]):
                raise HistoryError(placed(where, Note(NOT_AS_WRITTEN)))
            versions = head.get("events")
            if not isinstance(versions, dict) or not all(
                isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) and v >= 1
                for k, v in versions.items()
            ):
                raise HistoryError(
                    placed(f"{where}", Note(N_("the header's event versions ('events') are missing or malformed")))
                )
        #: the chain code of the header (format 2 and 3), where the events' chain starts
        self.header_code = self.code
        players = head.get("players")
        if (
            not isinstance(players, list)
            or not players
            or not all(isinstance(p, dict) and isinstance(p.get("name"), str) for p in players)
        ):
            raise HistoryError(placed(f"{where}", Note(N_("the header's players are missing or malformed"))))
        for seat, player in enumerate(players):
            wrong = name_note(player["name"])
            if wrong is not None:  # checked where it enters: no reader shows it raw after this
                raise HistoryError(
                    placed(where, Note(N_("the header's player {n}: {problem}"), n=seat + 1, problem=wrong))
                )
        return head

    def _check_rules_text(self) -> None:
        """Format 4: the header's rules as the writer writes them (every
        setting, each section's keys in the model's order)."""
        from drawpoker.rules import rules_to_data

        try:
            same = header_text({"rules": rules_to_data(self.rules)}) == header_text({"rules": self.header["rules"]})
        except UnicodeEncodeError:
            same = False
        if not same:
            raise HistoryError(placed(f"{self.shown}:1", Note(NOT_AS_WRITTEN)))

    def _decoders(self) -> _Decoders:
        """Format 2 and 3: event name -> decoder, for the versions the header
        lists (each made when first used: a short history uses a few)."""
        if self.format == 1:
            return _Decoders({}, {})
        current: dict[str, type[Any]] = {}
        older: dict[str, Callable[[dict[str, Any]], Any]] = {}
        for name, version in self.header["events"].items():
            cls = EVENT_TYPES.get(name)
            if cls is None:
                continue  # an event this drawpoker does not know: refused if it is used
            now = version_of(cls)
            if version == now:
                current[name] = cls
            elif version < now:
                older[name] = _upcasting(name, version)
            else:
                raise HistoryError(
                    placed(
                        f"{self.shown}:1",
                        Note(
                            N_(
                                "written by a newer drawpoker (its event {name} is version {version}; this one reads "
                                "up to {now}); upgrade drawpoker"
                            ),
                            name=name,
                            version=version,
                            now=now,
                        ),
                    )
                )
        return _Decoders(current, older)

    @property
    def body_offset(self) -> int:
        """Where the first event line starts, in bytes."""
        return self._body_offset

    # ------------------------------------------------------------ lines

    def lines(
        self, start: int | None = None, stop: int | None = None, first_line: int = 2, code: bytes | None = None
    ) -> Iterator[list[bytes]]:
        """The event lines in batches, each checked (its chain code, or its
        CRC in format 1), streaming; a torn last line is left out and noted.

        With ``start``/``stop`` (byte offsets at line starts) only that part
        of the file is read; ``first_line`` is the line it begins with and
        ``code`` the chain code of the line before it. Format 3 gives whole
        commands only (a batch ends where a command ends).
        """
        if self.per_command:
            for commands in self.commands(start, stop, first_line, code):
                whole: list[bytes] = []
                for _first, written, _lines, _code in commands:
                    pieces = written.split(b"\n")
                    pieces.pop()
                    whole += [piece + b"\n" for piece in pieces]
                yield whole
            return
        line = first_line - 1
        shown = self.shown
        chained = self.format >= 2
        current = self.code if code is None else code
        f = self._file
        left = self._seek(start, stop)
        readline = f.readline
        sha256 = hashlib.sha256
        size = CODE_LENGTH
        at = CONTENT_AT
        end = at - 2
        try:
            while left is None or left > 0:
                batch: list[bytes] = []
                for _ in range(_BATCH):
                    raw = readline(MAX_LINE + 1 if left is None else min(MAX_LINE + 1, left))
                    if not raw:
                        break
                    if left is not None:
                        left -= len(raw)
                    if raw[-1:] != b"\n":
                        if len(raw) > MAX_LINE:
                            raise HistoryError(placed(f"{shown}:{line + len(batch) + 1}", _too_long()))
                        if readline(1):  # more follows: not the end of the file
                            raise HistoryError(
                                placed(f"{shown}:{line + len(batch) + 1}", Note(N_("the line has no end")))
                            )
                        self.torn = TornLine(line + len(batch) + 1, raw.decode("utf-8", "replace"))
                        break
                    batch.append(raw)
                if not batch:
                    return
                if chained:
                    for raw in batch:
                        line += 1
                        current = sha256(current + raw[at:-1]).hexdigest()[:size].encode("ascii")
                        if raw[6:end] != current or raw[:6] != b'{"h":"' or raw[end:at] != b'",':
                            if raw[:6] != b'{"h":"' or raw[end:at] != b'",':
                                self._bad_line(raw, line)
                            raise HistoryError(placed(f"{shown}:{line}", _BROKEN))
                    self.code = current
                elif not all(map(sealed_ok, batch)):
                    for k, raw in enumerate(batch):
                        if not sealed_ok(raw):
                            self._bad_line(raw, line + k + 1)
                else:
                    line += len(batch)
                yield batch
                if self.torn is not None:
                    return
        finally:
            f.close()

    def _seek(self, start: int | None, stop: int | None) -> int | None:
        """Go to byte ``start`` (None: where reading stands); how many bytes
        are left to read before ``stop`` (None: to the end)."""
        if start is not None:
            self._file.seek(start)
        return None if stop is None else stop - (start if start is not None else self._body_offset)

    def commands(
        self, start: int | None = None, stop: int | None = None, first_line: int = 2, code: bytes | None = None
    ) -> Iterator[list[tuple[int, bytes, list[bytes], bytes]]]:
        """Format 3: the complete commands in batches, streaming, each one's
        chain code checked: (its first line, its lines as written, its lines
        as chained -- each without its newline, the last without its code --,
        its code). Lines after the last coded line (a command cut
        short) are dropped and noted in :attr:`unfinished`, a torn last line
        in :attr:`torn`. ``start``, ``stop``, ``first_line`` and ``code`` as
        for :meth:`lines` (``start`` and ``stop`` at commands' ends).
        """
        shown = self.shown
        current = self.code if code is None else code
        f = self._file
        left = self._seek(start, stop)
        read = f.read
        chain_code = self.chain.code
        size = self.chain.length
        at = self.content_at
        end_code = at - 2
        coded_after = b"\n" + CODED
        join = b"".join
        line = first_line  # the first line not yet given
        buf = b""
        pos = 0
        try:
            while True:
                want = _CHUNK if left is None else min(_CHUNK, left)
                data = read(want) if want > 0 else b""
                if left is not None:
                    left -= len(data)
                if not data:
                    break
                buf = buf[pos:] + data if pos < len(buf) else data
                view = memoryview(buf)
                pos = 0
                batch: list[tuple[int, bytes, list[bytes], bytes]] = []
                while True:
                    if buf.startswith(CODED, pos):
                        k = pos
                    else:
                        k = buf.find(coded_after, pos) + 1
                        if not k:
                            break
                    end = buf.find(b"\n", k) + 1
                    if not end:
                        break
                    # the previous code, then the command's bytes: one copy, hashed, then split
                    chained = join((current, view[pos:k], b"{", view[k + at : end]))
                    current = chain_code(chained)
                    if buf[k + 6 : k + end_code] != current or buf[k + end_code : k + at] != b'",':
                        self._broken(buf[pos:end], line)
                    if end - pos > MAX_LINE:
                        self._long_lines(buf[pos:end], line)
                    lines = chained.split(b"\n")
                    lines[0] = lines[0][size:]
                    lines.pop()
                    batch.append((line, buf[pos:end], lines, current))
                    line += len(lines)
                    pos = end
                if len(buf) - pos > MAX_COMMAND:
                    self._long_lines(buf[pos:], line)
                    raise HistoryError(
                        placed(
                            f"{shown}:{line}",
                            Note(
                                N_("more than {size} KiB of lines with no chain code; not a history drawpoker writes"),
                                size=MAX_COMMAND // 1024,
                            ),
                        )
                    )
                if batch:
                    self.code = current
                    yield batch
            self._tail(buf[pos:], line)
        finally:
            f.close()

    def _broken(self, written: bytes, first: int) -> None:
        """Format 3: why a command's chain code does not match (always raises)."""
        pieces = written.split(b"\n")[:-1]
        for k, piece in enumerate(pieces[:-1]):
            if not piece.startswith(b'{"e":"'):
                self._bad_line(piece + b"\n", first + k)
        last = first + len(pieces) - 1
        raw = pieces[-1] + b"\n"
        if raw[:6] != CODED or raw[self.content_at - 2 : self.content_at] != b'",':
            self._bad_line(raw, last)
        if last == first:
            raise HistoryError(placed(f"{self.shown}:{last}", _BROKEN))
        raise HistoryError(
            placed(
                f"{self.shown}:{first}",
                Note(
                    N_(
                        "the chain of seals breaks in lines {first}-{last} (one of them was damaged, edited by hand, "
                        "added, moved or removed): not verified"
                    ),
                    first=first,
                    last=last,
                ),
            )
        )

    def _long_lines(self, written: bytes, first: int) -> None:
        for k, piece in enumerate(written.split(b"\n")):
            if len(piece) >= MAX_LINE:
                raise HistoryError(placed(f"{self.shown}:{first + k}", _too_long()))

    def leftovers(self) -> list[Note]:
        """What reading left out at the end, a note each: a decision only
        partly written, a last line cut off (both what a crash leaves)."""
        notes = []
        if self.unfinished:
            first, last = self.unfinished
            lines = f"{first}" if first == last else f"{first}-{last}"
            notes.append(
                Note(
                    N_("{file}:{lines}: the last decision was only partly written (a crash mid-write) and is ignored"),
                    file=self.shown,
                    lines=lines,
                )
            )
        if self.torn:
            notes.append(
                Note(
                    N_("{file}:{line}: the last line was cut off (a crash mid-write) and is ignored"),
                    file=self.shown,
                    line=self.torn.line,
                )
            )
        return notes

    def _tail(self, tail: bytes, line: int) -> None:
        """Format 3: what follows the last coded line. A command cut short by a
        crash is dropped and noted; its lines must still be events as written
        (else the last command was damaged, not cut short)."""
        if not tail:
            return
        self._long_lines(tail, line)
        pieces = tail.split(b"\n")
        torn = pieces.pop()
        for k, piece in enumerate(pieces):
            raw = piece + b"\n"
            try:
                data = _loads(raw)
            except (ValueError, RecursionError):
                data = None
            if data.__class__ is not dict:
                self._bad_line(raw, line + k)
            name = raw[6 : raw.find(b'"', 6)].decode("utf-8", "replace")
            if not raw.startswith(b'{"e":"') or name not in self._decode:
                raise HistoryError(placed(f"{self.shown}:{line + k}", _BROKEN))
        if pieces:
            self.unfinished = (line, line + len(pieces) - 1)
            self.unfinished_lines = [piece + b"\n" for piece in pieces]
        if torn:
            self.torn = TornLine(line + len(pieces), torn.decode("utf-8", "replace"))

    def _bad_line(self, raw: bytes, line: int) -> None:
        """Why a line is not a line of this history (always raises)."""
        if not raw.strip():
            raise HistoryError(
                placed(f"{self.shown}:{line}", Note(N_("an empty line; every line after the header is one event")))
            )
        try:
            _loads(raw)
        except (ValueError, RecursionError):
            raise HistoryError(placed(f"{self.shown}:{line}", _not_json(raw))) from None
        if self.format >= 3 and not raw.startswith(CODED):
            raise HistoryError(
                placed(
                    f"{self.shown}:{line}",
                    Note(
                        N_("the line begins neither with its chain code nor with its event: {problem}"), problem=_BROKEN
                    ),
                )
            )
        if self.format >= 2:
            raise HistoryError(
                placed(
                    f"{self.shown}:{line}",
                    Note(N_("the line does not begin with its chain code: {problem}"), problem=_BROKEN),
                )
            )
        raise HistoryError(placed(f"{self.shown}:{line}", Note(_EDITED_LINE)))

    # ------------------------------------------------------------ events

    def parse(self, batch: list[bytes], line: int) -> list[Any]:
        """The JSON objects of a batch of checked lines (fast: all at once;
        line by line to name a bad one). ``line`` is the batch's first line."""
        try:
            parsed = _loads(b"[" + b",".join(batch) + b"]")
        except (ValueError, RecursionError):
            parsed = None
        if parsed is not None and len(parsed) == len(batch) and all(d.__class__ is dict for d in parsed):
            out: list[Any] = parsed
            return out
        out = []
        for k, raw in enumerate(batch):
            try:
                data = _loads(raw)
            except RecursionError:
                raise HistoryError(
                    placed(f"{self.shown}:{line + k}", Note(N_("the line is nested too deeply")))
                ) from None
            except ValueError:
                raise HistoryError(placed(f"{self.shown}:{line + k}", _not_json(raw))) from None
            if not isinstance(data, dict):
                raise HistoryError(placed(f"{self.shown}:{line + k}", Note(N_("an event must be a JSON object"))))
            out.append(data)
        return out

    def decode(self, data: Any, line: int) -> Any:
        """One event from its JSON object (format 2); HistoryError names the line."""
        try:
            decode = self._decode[data["e"]]
        except (KeyError, TypeError):
            name = data.get("e")
            if isinstance(name, str) and name in EVENT_TYPES:
                raise HistoryError(
                    placed(
                        f"{self.shown}:{line}", Note(N_("event {name} is not listed in the header's events"), name=name)
                    )
                ) from None
            raise HistoryError(
                placed(f"{self.shown}:{line}", Note(N_("unknown event {name}"), name=repr(name)))
            ) from None
        try:
            return decode(data)
        except HistoryError as exc:
            raise HistoryError(placed(f"{self.shown}:{line}", exc.note)) from None
        except Exception as exc:  # a field lacking or malformed: say which, in words
            raise HistoryError(placed(f"{self.shown}:{line}", undecoded(data, exc, ("h",)))) from None

    def decode_line(self, raw: bytes, line: int) -> Any:
        """One checked line as its event."""
        event = event_of(self.line_parsers, raw)
        if event is not None:
            return event
        try:
            text = raw.decode("utf-8")
            data, end = _scan(text, 0)
            if end != len(text) - 1 or data.__class__ is not dict:
                raise ValueError
        except (ValueError, RecursionError, StopIteration):
            (data,) = self.parse([raw], line)
        if self.format == 1:
            return self._decode_v1(data, line)
        return self.decode(data, line)

    def _decode_v1(self, data: dict[str, Any], line: int) -> Any:
        data.pop("c", None)
        try:
            return event_from_json(data)
        except HistoryError as exc:
            raise HistoryError(placed(f"{self.shown}:{line}", exc.note)) from None

    def events(
        self,
        start: int | None = None,
        stop: int | None = None,
        first_line: int = 2,
        first_number: int = 1,
        code: bytes | None = None,
    ) -> Iterator[tuple[int, Any]]:
        """(line number, event) for every event, in order, streaming.

        With ``start``/``stop`` (byte offsets at line starts) only that part
        of the file is read; ``first_line`` and ``first_number`` say which
        line and event number it begins with, ``code`` the chain code of the
        line before it. While iterating, :attr:`code` is the chain code of
        the last line read.
        """
        line = first_line - 1
        expected = first_number
        shown = self.shown
        v1 = self.format == 1
        decode = self.decode
        for batch in self.lines(start, stop, first_line, code):
            parsed = self.parse(batch, line + 1)
            if v1:
                for data in parsed:
                    line += 1
                    number = data.get("n")
                    if number != expected:
                        raise HistoryError(placed(f"{shown}:{line}", _misnumbered(number, expected)))
                    expected += 1
                    yield line, self._decode_v1(data, line)
            else:
                for data in parsed:
                    line += 1
                    expected += 1
                    yield line, decode(data, line)
            self.events_read = expected - 1

    def events_with_codes(
        self, start: int | None = None, first_line: int = 2, code: bytes | None = None
    ) -> Iterator[tuple[int, Any, bytes]]:
        """(line, event, chain code) for every event (format 2; in format 3
        the code of the event's command, which its last line carries; an
        empty code in format 1), from the start or from byte ``start`` (line
        ``first_line``, after a line whose code is ``code``)."""
        line = first_line - 1
        v1 = self.format == 1
        if self.per_command:
            for commands in self.commands(start, None, first_line, code):
                for first, written, _lines, command_code in commands:
                    pieces = written.split(b"\n")
                    pieces.pop()
                    parsed = self.parse([piece + b"\n" for piece in pieces], first)
                    for k, data in enumerate(parsed):
                        yield first + k, self.decode(data, first + k), command_code
                    line = first + len(pieces) - 1
                self.events_read = line - 1
            return
        for batch in self.lines(start, None, first_line, code):
            parsed = self.parse(batch, line + 1)
            for raw, data in zip(batch, parsed, strict=True):
                line += 1
                if v1:
                    if data.get("n") != line - 1:
                        raise HistoryError(placed(f"{self.shown}:{line}", _misnumbered(data.get("n"), line - 1)))
                    yield line, self._decode_v1(data, line), b""
                else:
                    yield line, self.decode(data, line), raw[6 : CONTENT_AT - 2]
            self.events_read = line - 1

    def close(self) -> None:
        """Close the file (reading all events closes it too)."""
        self._file.close()


def _upcasting(name: str, version: int) -> Callable[[dict[str, Any]], Any]:
    def decode(data: dict[str, Any]) -> Any:
        older = {k: v for k, v in data.items() if k != "h"}
        older["v"] = version
        return event_from_json(older)

    return decode


#: a format-1 file's checksums: what a line or the header that does not match its own says
_EDITED_HEADER = N_("the header is damaged or was edited by hand (its checksum does not match)")
_EDITED_LINE = N_("the line is damaged or was edited by hand (its checksum does not match)")


def _too_long() -> Note:
    return Note(N_("the line is longer than {size} KiB; not a line drawpoker writes"), size=MAX_LINE // 1024)


def _not_json(raw: bytes) -> Note:
    """``not JSON: '<the line's beginning>'``."""
    return Note(N_("not JSON: {start}"), start=repr(raw[:60].decode("utf-8", "replace").strip()))


def _misnumbered(number: Any, expected: int) -> Note:
    """A format-1 event whose number is not the next one, and what that means."""
    if isinstance(number, int) and not isinstance(number, bool) and number > expected:
        why = Note(N_("event {n} is missing"), n=expected)
    elif isinstance(number, int) and not isinstance(number, bool):
        why = Note(N_("the events are out of order or repeated"))
    else:
        why = Note(N_("the event has no number"))
    return Note(
        N_("event number {expected} expected, found {found} ({why})"), expected=expected, found=repr(number), why=why
    )


def does_not_fit(where: str, event: Any) -> HistoryError:
    """``WHERE: Event does not fit the game at this point``: an event the
    table could not have recorded where it stands (a reader applying it
    failed), said in words; ``drawpoker verify`` names the decision."""
    return HistoryError(
        placed(
            where,
            Note(
                N_(
                    "{event} does not fit the game at this point: the table could not have recorded it here "
                    "('drawpoker verify' names the first line that differs from what the engine produces)"
                ),
                event=type(event).__name__,
            ),
        )
    )


def open_history(path: str | Path) -> HistoryReader:
    """Open a history file for reading (header checked, events streamed)."""
    return HistoryReader(path)
