"""Keys pressed one at a time on the real application, without running it.

The application is the one ``drawpoker play`` runs (:func:`build_app`:
the same key bindings, the same filters); a key is parsed from the bytes a
terminal sends (prompt_toolkit's own VT100 parser) and handed to the
application's key processor, so each key's effect can be checked before
the next is pressed. The terminal is 80×24 unless a test chooses another
size, or resizes it between keys.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterable
from typing import Any

from prompt_toolkit.application.current import set_app
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.input.vt100_parser import Vt100Parser
from prompt_toolkit.key_binding import KeyPress
from prompt_toolkit.keys import Keys
from prompt_toolkit.output import DummyOutput

ENTER = "\r"
ESC = "\x1b"
BACKSPACE = "\x7f"
UP, DOWN, RIGHT, LEFT = "\x1b[A", "\x1b[B", "\x1b[C", "\x1b[D"
QUIT = "\x03y"

#: every key a player might press: the printable ASCII, a few letters of
#: other alphabets, and the terminal's special keys, as the bytes it sends
SPECIAL_KEYS = {
    "Enter": "\r",
    "Esc": "\x1b",
    "Tab": "\t",
    "Shift-Tab": "\x1b[Z",
    "Backspace": "\x7f",
    "Delete": "\x1b[3~",
    "Insert": "\x1b[2~",
    "Up": UP,
    "Down": DOWN,
    "Right": RIGHT,
    "Left": LEFT,
    "Home": "\x1b[H",
    "End": "\x1b[F",
    "PageUp": "\x1b[5~",
    "PageDown": "\x1b[6~",
    "F1": "\x1bOP",
    "F2": "\x1bOQ",
    "F5": "\x1b[15~",
    "F12": "\x1b[24~",
    "Ctrl-A": "\x01",
    "Ctrl-D": "\x04",
    "Ctrl-L": "\x0c",
    "Ctrl-Z": "\x1a",
}
EVERY_KEY: dict[str, str] = {
    **{chr(c): chr(c) for c in range(32, 127)},
    **{ch: ch for ch in "øÆå€é😀"},
    **SPECIAL_KEYS,
}


def key_presses(text: str) -> list[KeyPress]:
    """The key presses a terminal's bytes ``text`` make (an Escape alone is Escape)."""
    presses: list[KeyPress] = []
    parser = Vt100Parser(presses.append)
    parser.feed(text)
    parser.flush()
    return presses


class SizedOutput(DummyOutput):
    """An output that writes nothing, of a size a test chooses and changes (a terminal resized)."""

    def __init__(self, columns: int = 80, rows: int = 24) -> None:
        super().__init__()
        self.size = Size(rows=rows, columns=columns)

    def get_size(self) -> Size:
        return self.size

    def resize(self, columns: int, rows: int) -> None:
        self.size = Size(rows=rows, columns=columns)


class Keyboard:
    """The application of ``app_for(input, output)``, pressed key by key, in
    a terminal of ``columns`` × ``rows`` (:meth:`resize` changes it)."""

    def __init__(self, build: Any, columns: int = 80, rows: int = 24) -> None:
        self._stack = contextlib.ExitStack()
        self._pipe = self._stack.enter_context(create_pipe_input())
        self.output = SizedOutput(columns, rows)
        self.app = build(input=self._pipe, output=self.output)
        # the application is not running: a handler that ends it sets this future
        self._loop = asyncio.new_event_loop()
        self.app.future = self._loop.create_future()
        self.app.timeoutlen = None  # no key binding is a prefix of another: nothing to wait for

    @property
    def ended(self) -> bool:
        """A key ended the application (leaving, the session over)."""
        return bool(self.app.future.done())

    def press(self, keys: str | Iterable[KeyPress]) -> None:
        """Press ``keys`` (a terminal's bytes, or key presses) one after the other."""
        presses = key_presses(keys) if isinstance(keys, str) else list(keys)
        with set_app(self.app):
            for press in presses:
                if self.ended:
                    return
                self.app.key_processor.feed(press)
                self.app.key_processor.process_keys()

    @property
    def size(self) -> tuple[int, int]:
        """The terminal's (columns, rows)."""
        return self.output.size.columns, self.output.size.rows

    def resize(self, columns: int, rows: int) -> None:
        """The terminal resized: the keys that follow see the new size (the screen is drawn at it)."""
        self.output.resize(columns, rows)

    def reopen(self) -> None:
        """After a key ended the application: as if it had not."""
        if self.app.future.done():
            self.app.future = self._loop.create_future()

    def close(self) -> None:
        self._stack.close()
        self._loop.close()


def bracketed(key: str) -> KeyPress:
    """One special key by its prompt_toolkit name (for keys no byte string makes)."""
    return KeyPress(Keys(key), "")


def controller(
    rules: Any, language: str = "en", *, seed: int = 1, path: Any = None, decks: tuple[Any, ...] = ()
) -> Any:
    """A controller at the setup of ``rules``, as ``drawpoker play`` starts
    one: the cards shuffled by ``seed`` (or the stacked ``decks``), the
    history written to ``path`` (none when None)."""
    import random

    from drawpoker.client.controller import Controller
    from drawpoker.client.look import Look
    from drawpoker.client.session import Session
    from drawpoker.client.setup import SetupModel
    from drawpoker.engine.shuffle import RandomShuffler, StackedShuffler
    from drawpoker.games import game_for
    from drawpoker.history.writer import HistoryWriter
    from drawpoker.words.i18n import translator

    tr = translator(language)

    def start(setup: SetupModel) -> Session:
        game = game_for(rules)
        writer = None if path is None else HistoryWriter.create(path, rules, setup.names, computer=setup.computer)
        shuffler = StackedShuffler(*decks) if decks else RandomShuffler(seed)
        session = Session(game, game.new_state(), writer, setup.computer, shuffler, random.Random(seed))
        session.sit_down(setup.names, (rules.session.starting_stack,) * len(setup.names), setup.dealer)
        return session

    return Controller(tr, Look(), setup=SetupModel(rules, tr), start=start)


def keyboard(ctl: Any, columns: int = 80, rows: int = 24) -> Keyboard:
    """The real application of ``ctl``, to press keys on (in a terminal of ``columns`` × ``rows``)."""
    from drawpoker.client.app import build_app

    return Keyboard(lambda **io: build_app(ctl, **io), columns, rows)


def setup_keys(names: Iterable[str], computer: Iterable[int] = (), dealer: bool = True) -> str:
    """The setup's keys: how many, the names, the computer seats (from 1), the
    first player named deals first (where the setup asks: ``dealer``), agree."""
    names = list(names)
    keys = str(len(names)) + ENTER + "".join(name + ENTER for name in names)
    return keys + "".join(str(seat) for seat in computer) + ENTER + (ENTER if dealer else "") + ENTER
