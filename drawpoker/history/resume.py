"""Resuming an interrupted session from its history.

The history is checked as ``verify`` checks it -- the header's fingerprint
against its rules, every line's chain code, every recorded decision re-run
through the engine -- up to the last decision whose events were all
written. A torn last line, or a decision whose events were only partly
written before the crash, was never shown to the players: it is dropped
and reported. The original file is never truncated or rewritten: when
something had to be dropped, the good part is copied (byte for byte, so
every seal stays the same) to a new file, written durably under a
temporary name first, and the session continues there. A history written
before seals existed (format 1), or with older event versions, is
continued in such a copy in the current format, sealed from there on.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs

from drawpoker.engine.game import Game
from drawpoker.errors import HistoryError, IllegalAction
from drawpoker.games import game_for
from drawpoker.history.format import CONTENT_AT, event_versions, header_line
from drawpoker.history.reader import HistoryReader
from drawpoker.history.verify import check_fingerprint
from drawpoker.history.verify import events_differ as _differ
from drawpoker.history.writer import HistoryWriter, encode_events, write_new_file

__all__ = ["Resumed", "resume_session"]


@attrs.define
class Resumed:
    """A session brought back: the game, its state and the writer to continue."""

    game: Game
    state: Any
    header: dict[str, Any]
    writer: HistoryWriter
    path: Path
    notes: list[str]
    events: int


def _new_name(path: Path) -> Path:
    for k in range(1, 1000):
        candidate = path.with_name(f"{path.stem}-resumed{'' if k == 1 else f'-{k}'}{path.suffix}")
        if not os.path.lexists(candidate):
            return candidate
    raise HistoryError(f"{path}: too many resumed copies next to it")


@attrs.define
class _Good:
    """How far the history holds complete decisions."""

    offset: int  # the byte just after the last complete decision
    events: int
    code: bytes
    state: Any


def _replay_decisions(reader: HistoryReader, game: Any) -> tuple[_Good, bool]:
    """Re-run every decision; the good part, and whether a decision was cut short."""
    state = game.new_state()
    offset = reader.body_offset
    good = _Good(offset, 0, reader.header_code, state.copy())
    waiting: list[tuple[int, Any]] = []
    produced: list[Any] = []  # what the current decision produced, not yet all seen
    matched = 0
    count = 0
    line = 1
    shown = reader.shown
    for batch in reader.lines():
        for raw in batch:
            line += 1
            count += 1
            offset += len(raw)
            event = reader.decode_line(raw, line)
            if produced:
                if _differ(event, produced[matched]):
                    raise HistoryError(
                        f"{shown}:{line}: recorded {event!r}, but the engine produces {produced[matched]!r}; the "
                        "history cannot be resumed"
                    )
                matched += 1
                if matched == len(produced):
                    produced, matched = [], 0
                    good = _Good(offset, count, raw[6 : CONTENT_AT - 2], state.copy())
                continue
            waiting.append((line, event))
            command = game.command_of(event)
            if command is None:
                continue
            try:
                new = game.handle(state, command)
            except IllegalAction as exc:
                raise HistoryError(
                    f"{shown}:{line}: the engine refuses this decision ({exc}); the history cannot be resumed"
                ) from None
            if tuple(state.names) != reader.names:
                raise HistoryError(
                    f"{shown}:{line}: the players {list(state.names)} are not the header's {list(reader.names)}; the "
                    "history cannot be resumed"
                )
            for (at, seen), made in zip(waiting, new, strict=False):
                if _differ(seen, made):
                    raise HistoryError(
                        f"{shown}:{at}: recorded {seen!r}, but the engine produces {made!r}; the history cannot be "
                        "resumed"
                    )
            if len(new) < len(waiting):
                at, seen = waiting[len(new)]
                raise HistoryError(
                    f"{shown}:{at}: {type(seen).__name__} was not caused by any decision; the history cannot be resumed"
                )
            if len(new) > len(waiting):
                produced, matched = new, len(waiting)
            else:
                good = _Good(offset, count, raw[6 : CONTENT_AT - 2], state.copy())
            waiting = []
    return good, bool(produced or waiting)


def _copy_bytes(path: Path, start: int, stop: int) -> Iterator[bytes]:
    with open(path, "rb") as f:
        f.seek(start)
        left = stop - start
        while left > 0:
            chunk = f.read(min(1 << 20, left))
            if not chunk:
                return
            left -= len(chunk)
            yield chunk


def _events_upto(path: Path, count: int) -> Iterator[Any]:
    reader = HistoryReader(path)
    for n, (_line, event) in enumerate(reader.events(), start=1):
        if n > count:
            reader.close()
            return
        yield event


def resume_session(path: str | Path, durable: bool = True) -> Resumed:
    """Rebuild the state of the session in ``path`` and open its history for appending."""
    path = Path(path)
    reader = HistoryReader(path)
    check_fingerprint(reader)
    game = game_for(reader.rules)
    good, cut_short = _replay_decisions(reader, game)
    notes: list[str] = []
    if cut_short:
        # The crash came while this decision's events were being written: it was never shown.
        notes.append(f"{reader.shown}: the last decision was only partly written when the game stopped; it is dropped")
    if reader.torn is not None:
        notes.append(f"{reader.shown}:{reader.torn.line}: the last line was cut off mid-write; it is dropped")
    current = event_versions()
    versions = reader.header.get("events", {}) if reader.format >= 2 else {}
    same_format = reader.format >= 2 and all(
        current.get(name, version) == version for name, version in versions.items()
    )
    if same_format and not notes:
        writer = HistoryWriter(path, code=good.code, versions=versions, durable=durable)
        return Resumed(game, good.state, reader.header, writer, path, notes, good.events)
    target = _new_name(path)
    if same_format:
        write_new_file(target, _copy_bytes(path, 0, good.offset))
        code = good.code
    else:
        head = {key: value for key, value in reader.header.items() if key not in ("format", "events")}
        head = {"drawpoker": head.pop("drawpoker"), "format": 2, **head, "events": current}
        first, code = header_line(head)
        versions = current
        lines, code = encode_events(_events_upto(path, good.events), code, versions)
        write_new_file(target, [first, *lines])
        why = "before seals existed" if reader.format == 1 else "with older event versions"
        notes.append(f"{reader.shown} was written by an older drawpoker ({why}); the copy is sealed from here on")
    notes.append(f"continuing in {target} ({path} is left as it was)")
    writer = HistoryWriter(target, code=code, versions=versions, durable=durable)
    return Resumed(game, good.state, reader.header, writer, target, notes, good.events)
