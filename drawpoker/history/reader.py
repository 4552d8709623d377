"""Reading a history, streaming: the header, then (line, event) pairs.

Every problem is a :class:`HistoryError` naming the file and line. A torn
last line (no newline: the crash came mid-write) is not an error: it is
dropped and reported in :attr:`HistoryReader.torn`, everything before it
kept. Nothing is ever written here.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import islice
from pathlib import Path
from typing import Any

import attrs

from drawpoker.boundary import open_regular
from drawpoker.engine.events import event_from_json
from drawpoker.errors import HistoryError, RulesError
from drawpoker.games import game_for
from drawpoker.history.format import FORMAT, MAGIC, sealed_ok, unseal
from drawpoker.rules import rules_from_data

__all__ = ["HistoryReader", "TornLine", "open_history"]

_loads = json.loads
_BATCH = 2048  # lines parsed in one go


@attrs.frozen
class TornLine:
    """The unfinished last line of a history."""

    line: int
    text: str


class HistoryReader:
    """One history file: ``header``, ``rules``, ``game`` and :meth:`events`."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.shown = str(path)
        self.torn: TornLine | None = None
        self.events_read = 0
        self._file = open_regular(self.path, self.shown, error=HistoryError)
        first = self._file.readline()
        self._body_offset = len(first)
        if not first:
            self._file.close()
            raise HistoryError(f"{self.shown}: the file is empty; not a drawpoker history")
        self.header = self._parse_header(first)
        try:
            self.rules = rules_from_data(self.header.get("rules"), f"{self.shown}:1: the header's rules")
        except RulesError as exc:
            self._file.close()
            raise HistoryError("; ".join(exc.problems)) from None
        self.game = self.rules.game
        self.names = tuple(p["name"] for p in self.header["players"])
        game_for(self.rules)  # makes the game's events known to the codec

    def _parse_header(self, raw: bytes) -> dict[str, Any]:
        where = f"{self.shown}:1"
        try:
            head = _loads(raw)
        except ValueError:
            self._file.close()
            raise HistoryError(f"{where}: not a drawpoker history (the first line is not its JSON header)") from None
        if not isinstance(head, dict) or head.get("drawpoker") != MAGIC:
            self._file.close()
            raise HistoryError(f"{where}: not a drawpoker history (the first line is not its header)")
        if unseal(raw if raw.endswith(b"\n") else raw + b"\n") is None:
            self._file.close()
            raise HistoryError(f"{where}: the header is damaged or was edited by hand (its checksum does not match)")
        del head["c"]
        version = head.get("format")
        if not isinstance(version, int) or version < 1:
            self._file.close()
            raise HistoryError(f"{where}: the header has no valid format number")
        if version > FORMAT:
            self._file.close()
            raise HistoryError(
                f"{where}: written by a newer drawpoker (format {version}; this one reads up to {FORMAT}); upgrade "
                "drawpoker"
            )
        players = head.get("players")
        if (
            not isinstance(players, list)
            or not players
            or not all(isinstance(p, dict) and isinstance(p.get("name"), str) for p in players)
        ):
            self._file.close()
            raise HistoryError(f"{where}: the header's players are missing or malformed")
        return head

    @property
    def body_offset(self) -> int:
        """Where the first event line starts, in bytes."""
        return self._body_offset

    def events(
        self, start: int | None = None, stop: int | None = None, first_line: int = 2, first_number: int = 1
    ) -> Iterator[tuple[int, Any]]:
        """(line number, event) for every event, in order, streaming.

        With ``start``/``stop`` (byte offsets at line starts) only that part
        of the file is read; ``first_line`` and ``first_number`` say which
        line and event number it begins with.
        """
        line = first_line - 1
        expected = first_number
        shown = self.shown
        with self._file as f:
            lines: Iterator[bytes] = f if start is None else _lines_between(f, start, stop)
            while True:
                batch = list(islice(lines, _BATCH))
                if not batch:
                    return
                if not batch[-1].endswith(b"\n"):
                    last = batch.pop()
                    self.torn = TornLine(line + len(batch) + 1, last.decode("utf-8", "replace"))
                parsed = self._parse_batch(batch, line)
                for data in parsed:
                    line += 1
                    try:
                        event = event_from_json(data)
                    except HistoryError as exc:
                        raise HistoryError(f"{shown}:{line}: {exc}") from None
                    number = data.get("n")
                    if number != expected:
                        raise HistoryError(
                            f"{shown}:{line}: event number {expected} expected, found {number!r} "
                            f"({_why(number, expected)})"
                        )
                    expected += 1
                    yield line, event
                self.events_read = expected - 1
                if self.torn is not None:
                    return

    def _parse_batch(self, batch: list[bytes], line: int) -> list[Any]:
        """Check every line's CRC, then the JSON of many lines at once (fast);
        line by line to name a bad one."""
        if all(map(sealed_ok, batch)):
            try:
                parsed = _loads(b"[" + b",".join(batch) + b"]")
            except ValueError:
                parsed = None
            if parsed is not None and len(parsed) == len(batch) and all(d.__class__ is dict for d in parsed):
                for data in parsed:
                    del data["c"]  # checked above; not part of the event
                events: list[Any] = parsed
                return events
        bodies = [unseal(raw) for raw in batch]
        parsed = []
        for raw, body in zip(batch, bodies, strict=False):
            line += 1
            if body is None and raw.strip():
                try:
                    _loads(raw)
                except ValueError:
                    raise HistoryError(
                        f"{self.shown}:{line}: not JSON: {raw[:60].decode('utf-8', 'replace').strip()!r}"
                    ) from None
                raise HistoryError(
                    f"{self.shown}:{line}: the line is damaged or was edited by hand (its checksum does not match)"
                )
            try:
                data = _loads(body if body is not None else raw)
            except ValueError:
                if not raw.strip():
                    raise HistoryError(
                        f"{self.shown}:{line}: an empty line; every line after the header is one event"
                    ) from None
                raise HistoryError(
                    f"{self.shown}:{line}: not JSON: {raw[:60].decode('utf-8', 'replace').strip()!r}"
                ) from None
            if not isinstance(data, dict):
                raise HistoryError(f"{self.shown}:{line}: an event must be a JSON object")
            parsed.append(data)
        return parsed


def _lines_between(f: Any, start: int, stop: int | None) -> Iterator[bytes]:
    """The lines of a binary file from byte ``start`` to ``stop`` (line starts)."""
    f.seek(start)
    left = None if stop is None else stop - start
    while left is None or left > 0:
        raw = f.readline() if left is None else f.readline(left)
        if not raw:
            return
        if left is not None:
            left -= len(raw)
        yield raw


def _why(number: Any, expected: int) -> str:
    if isinstance(number, int) and not isinstance(number, bool) and number > expected:
        return f"event {expected} is missing"
    if isinstance(number, int) and not isinstance(number, bool):
        return "the events are out of order or repeated"
    return "the event has no number"


def open_history(path: str | Path) -> HistoryReader:
    """Open a history file for reading (header checked, events streamed)."""
    return HistoryReader(path)
