"""Resuming an interrupted session from its history.

Every recorded decision is re-run through the engine (so a resumed game is
also a verified one) up to the last decision whose events were all
written. A torn last line, or a decision whose events were only partly
written before the crash, was never shown to the players: it is dropped
and reported. The original file is never truncated or rewritten: when
something had to be dropped, the good part is copied to a new file and
the session continues there.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs

from drawpoker.engine.game import Game
from drawpoker.errors import HistoryError, IllegalAction
from drawpoker.games import game_for
from drawpoker.history.format import event_line, sealed
from drawpoker.history.reader import HistoryReader
from drawpoker.history.writer import HistoryWriter

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
        if not candidate.exists():
            return candidate
    raise HistoryError(f"{path}: too many resumed copies next to it")


def resume_session(path: str | Path, durable: bool = True) -> Resumed:
    """Rebuild the state of the session in ``path`` and open its history for appending."""
    path = Path(path)
    reader = HistoryReader(path)
    game = game_for(reader.rules)
    state = game.new_state()
    good: list[Any] = []  # events of complete decisions
    waiting: list[tuple[int, Any]] = []
    produced: list[Any] = []  # what the current decision produced, not yet all seen
    matched = 0
    notes: list[str] = []
    for line, event in reader.events():
        if produced:
            if event != produced[matched]:
                raise HistoryError(
                    f"{reader.shown}:{line}: recorded {event!r}, but the engine produces {produced[matched]!r}; the "
                    "history cannot be resumed"
                )
            matched += 1
            if matched == len(produced):
                good.extend(produced)
                produced, matched = [], 0
            continue
        waiting.append((line, event))
        command = game.command_of(event)
        if command is None:
            continue
        try:
            new = game.handle(state, command)
        except IllegalAction as exc:
            raise HistoryError(
                f"{reader.shown}:{line}: the engine refuses this decision ({exc}); the history cannot be resumed"
            ) from None
        for (at, seen), made in zip(waiting, new, strict=False):
            if seen != made:
                raise HistoryError(
                    f"{reader.shown}:{at}: recorded {seen!r}, but the engine produces {made!r}; the history cannot be "
                    "resumed"
                )
        if len(new) > len(waiting):
            produced, matched = new, len(waiting)
        else:
            good.extend(new)
        waiting = []
    if produced or waiting:
        # The crash came while this decision's events were being written: it was never shown.
        state = game.new_state()
        for event in good:
            game.apply(state, event)
        notes.append(f"{reader.shown}: the last decision was only partly written when the game stopped; it is dropped")
    if reader.torn is not None:
        notes.append(f"{reader.shown}:{reader.torn.line}: the last line was cut off mid-write; it is dropped")
    if notes:
        target = _new_name(path)
        with open(target, "x", encoding="utf-8", newline="\n") as out:
            out.write(sealed(reader.header))
            out.write("".join(event_line(n, e) for n, e in enumerate(good, start=1)))
        notes.append(f"continuing in {target} ({path} is left as it was)")
        writer = HistoryWriter(target, durable=durable, next_number=len(good) + 1)
        where = target
    else:
        writer = HistoryWriter(path, durable=durable, next_number=len(good) + 1)
        where = path
    return Resumed(game, state, reader.header, writer, where, notes, len(good))
