"""Keys pressed as a person presses them, on the running application.

The application asks the computers (their bots' decisions, their looks at
a deal's end) on a thread of its own and answers keys meanwhile ("please
wait": such a key does nothing). A person at ``--pause 0`` presses the next
key once the computers have acted; :func:`press` does the same: it sends a
key, waits until the application has read it, and with no pause waits for
the computers the table then waits for. With a pause the table is left as
the key made it (a test of the pause sees the computer about to act).
"""

from __future__ import annotations

import asyncio
from typing import Any

from drawpoker.client.controller import Controller
from tests.keyboard import key_presses


def busy(ctl: Controller) -> bool:
    """The table waits for a computer: one to act (or to pick the game), or a bot looking at the deal's end."""
    return ctl.computer_due() or (ctl.session is not None and bool(ctl.session.unseen))


async def settle(app: Any, ctl: Controller, tries: int = 2000) -> None:
    """With no pause: until the table no longer waits for a computer (at most ``tries`` short sleeps)."""
    for _ in range(tries):
        if ctl.pause > 0 or app.is_done or not busy(ctl):
            return
        await asyncio.sleep(0.005)


async def press(app: Any, ctl: Controller, pipe: Any, key: str) -> None:
    """Send ``key`` (one key, or one escape sequence), wait until the application
    has read it, then (with no pause) for the computers it handed the table to."""
    read = asyncio.Event()

    def done(_: object) -> None:
        read.set()

    # a key is sent whole (an escape sequence in one write): an Esc alone is read at once, not after
    # prompt_toolkit's half a second of waiting for the rest of a sequence that is not coming
    app.ttimeoutlen = 0
    app.key_processor.after_key_press += done
    try:
        pipe.send_text(key)
        if not app.is_done:
            await asyncio.wait_for(read.wait(), 5)
    finally:
        app.key_processor.after_key_press -= done
    await settle(app, ctl)


def keys_of(text: str) -> list[str]:
    """The keys in a terminal's bytes ``text``, one by one (an escape sequence is one key)."""
    return [k.data for k in key_presses(text)]


async def type_keys(app: Any, ctl: Controller, pipe: Any, text: str) -> None:
    """Every key of ``text`` pressed in turn (:func:`press`), until the application ends."""
    for key in keys_of(text):
        if app.is_done:
            return
        await press(app, ctl, pipe, key)
