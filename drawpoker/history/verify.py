"""Replaying and verifying a history, streaming.

Replay is a fold of ``apply`` over the events. Verify goes further: it
re-runs every recorded decision (``command_of``) through the engine under
the recorded rules and checks that the engine produces exactly the
recorded events, that chips are conserved and that the header's
fingerprint matches its rules. The first disagreement is reported with its
line number.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Callable, Iterator

import attrs

from drawpoker.engine.game import game_for
from drawpoker.errors import HistoryError, IllegalAction
from drawpoker.history.reader import HistoryReader, TornLine
from drawpoker.rules import fingerprint

__all__ = ["replay_history", "verify_history", "VerifyReport", "describe_event"]


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
            raise HistoryError(f"{reader.shown}:{line}: {type(event).__name__} does not fit the game at this point ({type(exc).__name__}: {exc})") from None
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


def verify_history(reader: HistoryReader) -> VerifyReport:
    """Check every recorded event against the engine; HistoryError at the first disagreement."""
    shown = reader.shown
    rules = reader.rules
    if reader.header.get("fingerprint") != fingerprint(rules):
        raise HistoryError(
            f"{shown}:1: the header's fingerprint {reader.header.get('fingerprint')!r} does not match its rules "
            f"({fingerprint(rules)}): the rules were edited after the session was recorded"
        )
    game = game_for(rules)
    state = game.new_state()
    command_of, handle = game.command_of, game.handle
    seated = False
    chips = getattr(game, "chips_total", None)
    start_deal_type = type(game.start_deal((), 0))
    waiting: list[tuple[int, Any]] = []   # recorded automatic events before the next decision
    expected: deque[Any] = deque()        # what the engine produced, not yet matched
    commands = deals = events = 0
    total: int | None = None
    line = 1
    popleft = expected.popleft
    for line, recorded in reader.events():
        events += 1
        if expected:
            produced = popleft()
            if recorded != produced:
                raise HistoryError(f"{shown}:{line}: recorded {describe_event(recorded)}, but the engine produces {describe_event(produced)}")
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
                raise HistoryError(f"{shown}:{line}: the players {list(state.names)} are not the header's {list(reader.names)}")
        if type(command) is start_deal_type:
            deals += 1
            if chips is not None:  # between deals every chip is in a stack or a carried pot
                now = chips(state)
                if total is None:
                    total = now
                elif now != total:
                    raise HistoryError(f"{shown}:{line}: chips are not conserved: {now} on the table before this deal, {total} expected")
        for (at, seen), produced in zip(waiting, new):
            if seen != produced:
                raise HistoryError(f"{shown}:{at}: recorded {describe_event(seen)}, but the engine produces {describe_event(produced)}")
        if len(new) < len(waiting):
            at, seen = waiting[len(new)]
            raise HistoryError(f"{shown}:{at}: {type(seen).__name__} was not caused by any decision")
        expected.extend(new[len(waiting):])
        waiting.clear()
    if waiting:
        at, seen = waiting[0]
        raise HistoryError(f"{shown}:{at}: {type(seen).__name__} was not caused by any decision that follows it")
    if expected:
        raise HistoryError(f"{shown}: the history ends early after line {line}: the engine also produces {describe_event(expected[0])}")
    return VerifyReport(events, commands, deals, reader.torn)
