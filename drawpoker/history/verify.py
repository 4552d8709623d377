"""Replaying and verifying a history, streaming.

Replay is a fold of ``apply`` over the events. Verify goes further: it
re-runs every recorded decision (``command_of``) through the engine under
the recorded rules and checks that the engine produces exactly the
recorded events, that chips are conserved and that the header's
fingerprint matches its rules. The first disagreement is reported with its
line number.

A long Mørkpoker history is verified in parts, one process per core: every
``DealEnded`` event is a checkpoint that holds everything the next deal
starts from, so each part starts from the checkpoint before it, and the
checkpoint itself is checked by the part that produces it.
"""

from __future__ import annotations

import json
import os
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs

from drawpoker.engine.events import event_from_json
from drawpoker.errors import HistoryError, IllegalAction
from drawpoker.games import game_for
from drawpoker.history.format import unseal
from drawpoker.history.reader import HistoryReader, TornLine
from drawpoker.rules import fingerprint

__all__ = ["replay_history", "verify_history", "VerifyReport", "describe_event", "PARALLEL_BYTES"]

#: Histories at least this long are verified in parallel parts.
PARALLEL_BYTES = 8_000_000


def describe_event(event: Any) -> str:
    """An event as compact text for messages: ``Called(seat=1, amount=2)``."""
    text = repr(event)
    return text if len(text) <= 160 else text[:157] + "..."


def replay_history(reader: HistoryReader, on_event: Callable[[int, Any, Any], None] | None = None) -> Any:
    """The state after every event of the history (streaming).

    ``on_event(line, event, state)`` is called after each event is applied.
    An event that does not fit the game where it stands is a HistoryError
    with its line.
    """
    game = game_for(reader.rules)
    state = game.new_state()
    apply = game.apply
    for line, event in reader.events():
        try:
            apply(state, event)
        except Exception as exc:  # a hand-edited or damaged file
            raise HistoryError(
                f"{reader.shown}:{line}: {type(event).__name__} does not fit the game at this point "
                f"({type(exc).__name__}: {exc})"
            ) from None
        if on_event is not None:
            on_event(line, event, state)
    return state


@attrs.frozen
class VerifyReport:
    """The outcome of verifying a history."""

    events: int
    commands: int
    deals: int
    torn: TornLine | None
    parts: int = 1


def _check_fingerprint(reader: HistoryReader) -> None:
    if reader.header.get("fingerprint") != fingerprint(reader.rules):
        raise HistoryError(
            f"{reader.shown}:1: the header's fingerprint {reader.header.get('fingerprint')!r} does not match its rules "
            f"({fingerprint(reader.rules)}): the rules were edited after the session was recorded"
        )


def _verify_events(
    reader: HistoryReader, events: Iterator[tuple[int, Any]], state: Any, total: int | None, seated: bool
) -> tuple[int, int, int]:
    """Re-run the decisions among ``events`` from ``state``; (events, commands, deals)."""
    shown = reader.shown
    game = game_for(reader.rules)
    command_of, handle = game.command_of, game.handle
    chips = getattr(game, "chips_total", None)
    deal_started = game.DEAL_STARTED
    waiting: list[tuple[int, Any]] = []  # recorded automatic events before the next decision
    expected: deque[Any] = deque()  # what the engine produced, not yet matched
    popleft = expected.popleft
    commands = deals = count = 0
    line = 1
    for line, recorded in events:
        count += 1
        if expected:
            produced = popleft()
            if recorded != produced:
                raise HistoryError(
                    f"{shown}:{line}: recorded {describe_event(recorded)}, but the engine produces "
                    f"{describe_event(produced)}"
                )
            continue
        waiting.append((line, recorded))
        command = command_of(recorded)
        if command is None:
            continue
        try:
            new = handle(state, command)
        except IllegalAction as exc:
            raise HistoryError(f"{shown}:{line}: the engine refuses this decision: {exc}") from None
        commands += 1
        if not seated:
            seated = True
            if tuple(state.names) != reader.names:
                raise HistoryError(
                    f"{shown}:{line}: the players {list(state.names)} are not the header's {list(reader.names)}"
                )
            if chips is not None:
                total = chips(state)
        if type(recorded) is deal_started:
            deals += 1
            if chips is not None:  # between deals every chip is in a stack or a carried pot
                now = chips(state)
                if total is not None and now != total:
                    raise HistoryError(
                        f"{shown}:{line}: chips are not conserved: {now} on the table before this deal, {total} "
                        "expected"
                    )
        for (at, seen), made in zip(waiting, new, strict=False):
            if seen != made:
                raise HistoryError(
                    f"{shown}:{at}: recorded {describe_event(seen)}, but the engine produces {describe_event(made)}"
                )
        if len(new) < len(waiting):
            at, seen = waiting[len(new)]
            raise HistoryError(f"{shown}:{at}: {type(seen).__name__} was not caused by any decision")
        expected.extend(new[len(waiting) :])
        waiting.clear()
    if waiting:
        at, seen = waiting[0]
        raise HistoryError(f"{shown}:{at}: {type(seen).__name__} was not caused by any decision that follows it")
    if expected:
        raise HistoryError(
            f"{shown}: the history ends early after line {line}: the engine also produces {describe_event(expected[0])}"
        )
    return count, commands, deals


def verify_history(reader: HistoryReader, parts: int | None = None) -> VerifyReport:
    """Check every recorded event against the engine; HistoryError at the first disagreement.

    ``parts``: how many processes share a long Mørkpoker history (default:
    one per core for histories of :data:`PARALLEL_BYTES` or more).
    """
    _check_fingerprint(reader)
    if parts is None:
        size = reader.path.stat().st_size
        parts = (os.cpu_count() or 1) if size >= PARALLEL_BYTES else 1
    if parts > 1 and reader.game == "morkpoker":
        cuts = _checkpoints(reader, parts)
        if cuts:
            return _verify_in_parts(reader, cuts)
    game = game_for(reader.rules)
    count, commands, deals = _verify_events(reader, reader.events(), game.new_state(), None, False)
    return VerifyReport(count, commands, deals, reader.torn)


# ---------------------------------------------------------------- in parts


@attrs.frozen
class _Cut:
    """Where a part begins: its byte offset, line, event number and the checkpoint before it."""

    offset: int
    line: int
    number: int
    checkpoint: bytes


def _checkpoints(reader: HistoryReader, parts: int) -> list[_Cut]:
    """Cut points near equal shares of the file, each just after a deal's end
    (a ``DealEnded`` line not followed by the session's end)."""
    path = reader.path
    size = path.stat().st_size
    start = reader.body_offset
    cuts: list[_Cut] = []
    with open(path, "rb") as f:
        for k in range(1, parts):
            target = start + (size - start) * k // parts
            if cuts and target <= cuts[-1].offset:
                continue
            f.seek(target)
            f.readline()  # to the next line start
            previous: bytes | None = None
            while True:
                raw = f.readline()
                if not raw or not raw.endswith(b"\n"):
                    break
                if previous is not None and b'"e":"SessionEnded"' not in raw:
                    cuts.append(_Cut(f.tell() - len(raw), 0, 0, previous))
                    break
                previous = raw if b'"e":"DealEnded"' in raw else None
        if not cuts:
            return []
        # line numbers of the cuts: count the newlines before each
        f.seek(0)
        lines = 0
        done = 0
        numbered: list[_Cut] = []
        for cut in cuts:
            while done < cut.offset:
                chunk = f.read(min(1 << 22, cut.offset - done))
                lines += chunk.count(b"\n")
                done += len(chunk)
            body = unseal(cut.checkpoint)
            if body is None:
                return []  # a damaged checkpoint: verify in one part and report it there
            number = int(json.loads(body)["n"])
            numbered.append(attrs.evolve(cut, line=lines + 1, number=number + 1))
    return numbered


def _verify_part(
    path: str, start: int | None, stop: int | None, line: int, number: int, checkpoint: bytes | None
) -> tuple[int, int, int, TornLine | None]:
    """Verify one part of a history (run in a worker process)."""
    from drawpoker.games.draw.reducer import from_checkpoint

    reader = HistoryReader(path)
    game = game_for(reader.rules)
    if checkpoint is None:
        count, commands, deals = _verify_events(
            reader, reader.events(stop=stop, start=reader.body_offset if stop else None), game.new_state(), None, False
        )
        return count, commands, deals, reader.torn
    body = unseal(checkpoint)
    assert body is not None
    ended = event_from_json(json.loads(body))
    names = _session_names(reader)
    state = from_checkpoint(names, ended)
    total = sum(_session_stacks(reader))
    if game.chips_total(state) != total:  # type: ignore[attr-defined]
        raise HistoryError(f"{reader.shown}:{line - 1}: chips are not conserved at this deal's end")
    count, commands, deals = _verify_events(reader, reader.events(start, stop, line, number), state, total, True)
    return count, commands, deals, reader.torn


def _session_start(reader: HistoryReader) -> Any:
    second = HistoryReader(reader.path)
    for _line, event in second.events():
        return event
    raise HistoryError(f"{reader.shown}: the history has no events")


def _session_names(reader: HistoryReader) -> tuple[str, ...]:
    return tuple(_session_start(reader).names)


def _session_stacks(reader: HistoryReader) -> tuple[int, ...]:
    return tuple(_session_start(reader).stacks)


def _verify_in_parts(reader: HistoryReader, cuts: list[_Cut]) -> VerifyReport:
    path = str(reader.path)
    jobs: list[tuple[str, int | None, int | None, int, int, bytes | None]] = [(path, None, cuts[0].offset, 2, 1, None)]
    for i, cut in enumerate(cuts):
        stop = cuts[i + 1].offset if i + 1 < len(cuts) else None
        jobs.append((path, cut.offset, stop, cut.line, cut.number, cut.checkpoint))
    results: list[Any] = []
    with ProcessPoolExecutor(max_workers=len(jobs)) as pool:
        futures = [pool.submit(_verify_part, *job) for job in jobs]
        for future in futures:
            try:
                results.append(future.result())
            except HistoryError as exc:
                results.append(exc)
    errors = [r for r in results if isinstance(r, HistoryError)]
    if errors:
        raise errors[0]  # parts are in file order: the first is the earliest disagreement
    count = sum(r[0] for r in results)
    commands = sum(r[1] for r in results)
    deals = sum(r[2] for r in results)
    return VerifyReport(count, commands, deals, results[-1][3], parts=len(jobs))
