"""Asking a bot from outside, within a time limit.

:func:`ask` runs one call of a bot on a thread of its own and waits at
most ``limit`` seconds. The thread holds only the bot and what it was
given (the seat's view): following the frames up from inside the bot
reaches nothing else. A bot that does not answer in time is left to
finish on its own (a daemon thread: it cannot hold the program open) and
the caller is told it was too slow; an exception it raises is handed back
to the caller as it was raised.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

__all__ = ["TooSlow", "ask"]


class TooSlow(Exception):
    """The bot did not answer within the limit."""


def ask(call: Callable[..., Any], argument: Any, limit: float | None) -> Any:
    """``call(argument)`` on a thread of its own; its result, or what it
    raised, or :class:`TooSlow` after ``limit`` seconds (None: no limit)."""
    box: list[Any] = []

    def run(call: Callable[..., Any] = call, argument: Any = argument, box: list[Any] = box) -> None:
        try:
            box.append((True, call(argument)))
        except BaseException as exc:
            box.append((False, exc))

    thread = threading.Thread(target=run, name="drawpoker-bot", daemon=True)
    del call, argument  # this frame keeps nothing the bot could reach through it
    thread.start()
    thread.join(limit)
    if not box:
        raise TooSlow()
    ok, value = box[0]
    if ok:
        return value
    raise value
