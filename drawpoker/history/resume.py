"""Resuming an interrupted session from its history.

The history is checked as ``verify`` checks it -- the header's fingerprint
against its rules, every line's chain code, every recorded decision re-run
through the engine -- up to the last decision whose events were all
written. The session goes on in the history's own format (a format-2
history keeps a code per line, a format-3 one a 40-bit code per command, a
format-4 one a 95-bit code per command), so its chain stays valid. A
torn last line, or a decision whose events were only partly written
before the crash, was never shown to the players: it is dropped
and reported. The original file is never truncated or rewritten: when
something had to be dropped, the good part is copied (byte for byte, so
every seal stays the same) to a new file, written durably under a
temporary name first, and the session continues there. A history written
before seals existed (format 1), or with older event versions, is
continued in such a copy in the current format, sealed from there on.
"""

from __future__ import annotations

import os
from array import array
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs

from drawpoker.engine.game import Game
from drawpoker.errors import HistoryError
from drawpoker.games import game_for
from drawpoker.games.evening import DRAW_EVENING_NAMES, EVENING_EVENTS
from drawpoker.history.format import FORMAT, event_versions, header_line
from drawpoker.history.reader import HistoryReader
from drawpoker.history.verify import check_fingerprint, decision_batches, walk_decisions
from drawpoker.history.writer import HistoryWriter, encode_commands, write_new_file
from drawpoker.notes import N_, Note

__all__ = ["Resumed", "resume_session"]

#: the evening's events (docs/rules.md section 6) of both games: a history resumed must be able to hold them
_EVENING = frozenset(cls.__name__ for cls in EVENING_EVENTS)


@attrs.define
class Resumed:
    """A session brought back: the game, its state and the writer to continue."""

    game: Game
    state: Any
    header: dict[str, Any]
    writer: HistoryWriter
    path: Path
    #: what the player is told before play goes on (a crash's leftovers dropped, a copy made)
    notes: list[Note]
    events: int


def _new_name(path: Path) -> Path:
    for k in range(1, 1000):
        candidate = path.with_name(f"{path.stem}-resumed{'' if k == 1 else f'-{k}'}{path.suffix}")
        if not os.path.lexists(candidate):
            return candidate
    raise HistoryError(Note(N_("{file}: too many resumed copies next to it"), file=str(path)))


@attrs.define
class _Good:
    """How far the history holds complete decisions."""

    offset: int  # the byte just after the last complete decision
    events: int
    code: bytes
    state: Any
    #: the last line of each complete decision (or command): where a copy may end a command
    ends: Any = attrs.Factory(lambda: array("q"))


def _replay_decisions(reader: HistoryReader, game: Any) -> tuple[_Good, bool]:
    """Re-run every decision (verify's walk, :func:`walk_decisions`); the
    good part, and whether a decision was cut short."""
    state = game.new_state()
    last = (1, reader.header_code)  # the last line of a complete decision, and its code
    ends = array("q")

    def complete(line: int, code: bytes, _state: Any) -> None:
        nonlocal last
        last = (line, code)
        ends.append(line)

    try:
        part = walk_decisions(
            reader, decision_batches(reader), 2, state, None, False, None, on_complete=complete, partial_ok=True
        )
    except HistoryError as exc:
        raise HistoryError(Note(N_("{problem}; the history cannot be resumed"), problem=exc.note)) from None
    line, code = last
    if part.cut_short is not None:  # the table as it was before the dropped decision
        state = game.new_state()
        for _line, event in _events_upto(reader.path, line - 1):
            game.apply(state, event)
    return _Good(_offset_after(reader.path, line), line - 1, code, state, ends), part.cut_short is not None


def _offset_after(path: Path, line: int) -> int:
    """The byte just after line ``line`` of the file (its lines counted from 1)."""
    offset = seen = 0
    with open(path, "rb") as f:
        while seen < line:
            chunk = f.read(1 << 20)
            if not chunk:
                break
            at = -1
            while seen < line:
                at = chunk.find(b"\n", at + 1)
                if at < 0:
                    break
                seen += 1
            if seen == line:
                return offset + at + 1
            offset += len(chunk)
    return offset


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


def _events_upto(path: Path, count: int) -> Iterator[tuple[int, Any]]:
    reader = HistoryReader(path)
    for n, (line, event) in enumerate(reader.events(), start=1):
        if n > count:
            reader.close()
            return
        yield line, event


def _header_now(old: dict[str, Any], versions: dict[str, int]) -> dict[str, Any]:
    """An older history's header as this drawpoker writes one: its own keys
    in the writer's order, in the current format, with today's event versions."""
    from drawpoker.rules import rules_from_data, rules_to_data

    head = dict(old)
    rules = rules_to_data(rules_from_data(head.get("rules"), "the header's rules"))
    fields = {key: head.pop(key, None) for key in ("app", "game", "started", "players", "fingerprint")}
    for key in ("drawpoker", "format", "rules", "events"):
        head.pop(key, None)
    return {"drawpoker": "history", "format": FORMAT, **fields, "rules": rules, "events": versions, **head}


def _by_deal(game: Any, events: Iterator[tuple[int, Any]], ends: Any) -> Iterator[list[Any]]:
    """Events as commands to chain, a deal's at a time (as ``simulate --log``
    chains them): a command ends with the decision whose events end a deal,
    so every deal's end carries its seal. ``ends``: the last line of each
    decision (or command) of the history, in order; what a decision caused
    after a deal's end (a Three Card Poker player broke standing up, the
    table closing) stays in its command."""
    ended = game.DEAL_ENDED
    command: list[Any] = []
    deal_over = False
    at = 0
    for line, event in events:
        command.append(event)
        deal_over = deal_over or event.__class__ is ended
        while at < len(ends) and ends[at] < line:
            at += 1
        if deal_over and at < len(ends) and ends[at] == line:  # the decision that ended the deal is whole
            yield command
            command, deal_over = [], False
    if command:
        yield command


def resume_session(path: str | Path, durable: bool = True) -> Resumed:
    """Rebuild the state of the session in ``path`` and open its history for appending."""
    path = Path(path)
    reader = HistoryReader(path)
    check_fingerprint(reader)
    game = game_for(reader.rules)
    good, cut_short = _replay_decisions(reader, game)
    notes: list[Note] = []
    if cut_short:
        # The crash came while this decision's events were being written: it was never shown.
        notes.append(
            Note(
                N_("{file}: the last decision was only partly written when the game stopped; it is dropped"),
                file=reader.shown,
            )
        )
    if reader.torn is not None:
        notes.append(
            Note(
                N_("{file}:{line}: the last line was cut off mid-write; it is dropped"),
                file=reader.shown,
                line=reader.torn.line,
            )
        )
    current = event_versions()
    versions = reader.header.get("events", {}) if reader.format >= 2 else {}
    same_format = (
        reader.format >= 2
        and all(current.get(name, version) == version for name, version in versions.items())
        # (an event of the evening the header does not list could not be written there: a join, a leave...)
        and _EVENING | (DRAW_EVENING_NAMES if reader.game == "morkpoker" else frozenset()) <= set(versions)
    )
    version = reader.format if same_format else FORMAT  # the chain goes on as it began
    if same_format and not notes:
        writer = HistoryWriter(path, code=good.code, versions=versions, durable=durable, version=version)
        return Resumed(game, good.state, reader.header, writer, path, notes, good.events)
    target = _new_name(path)
    if same_format:
        write_new_file(target, _copy_bytes(path, 0, good.offset))
        code = good.code
    else:
        head = {key: value for key, value in reader.header.items() if key not in ("format", "events")}
        head = _header_now(head, current)
        first, code = header_line(head)
        versions = current
        lines, code = encode_commands(_by_deal(game, _events_upto(path, good.events), good.ends), code, versions)
        write_new_file(target, [first, *lines])
        if reader.format == 1:
            older = N_(
                "{file} was written by an older drawpoker (before seals existed); the copy is sealed from here on"
            )
        elif all(current.get(name, version) == version for name, version in versions.items()):
            older = N_(
                "{file} was written by an older drawpoker, which did not know every event of an evening (players "
                "arriving and leaving, rebuys asked at the table...); the copy is sealed from here on"
            )
        else:
            older = N_(
                "{file} was written by an older drawpoker (with older event versions); the copy is sealed from here on"
            )
        notes.append(Note(older, file=reader.shown))
    notes.append(Note(N_("continuing in {copy} ({file} is left as it was)"), copy=str(target), file=str(path)))
    writer = HistoryWriter(target, code=code, versions=versions, durable=durable, version=version)
    return Resumed(game, good.state, reader.header, writer, target, notes, good.events)
