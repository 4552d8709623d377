"""The replay viewer's prompt_toolkit layer: one window, keys bound to the model."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from prompt_toolkit.application import Application, get_app
from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import Layout, Window
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.output import ColorDepth

from drawpoker.client.keys import PASTE, key_name, newline_is_enter, pressed
from drawpoker.client.look import build_style
from drawpoker.client.replay.viewer import ReplayModel
from drawpoker.client.small import shown
from drawpoker.errors import HistoryError

__all__ = ["replay_bindings", "build_replay_app"]

Handler = Callable[[KeyPressEvent], None]


def replay_bindings(model: ReplayModel) -> KeyBindings:
    """Arrows step, letters jump, digits pick a deal after G, Q leaves."""
    kb = KeyBindings()
    newline_is_enter(kb)
    # while the terminal is too small nothing is seen: no key but leaving acts (as at the table)
    seen = Condition(shown)
    typing = seen & Condition(lambda: model.typing is not None)
    browsing = seen & ~typing

    def call(method: Callable[[], None]) -> Handler:
        def handler(event: KeyPressEvent) -> None:
            """Do what the key says."""
            method()

        return handler

    moves: list[tuple[tuple[str, ...], Callable[[], None]]] = [
        (("right", "space", "l"), model.forward),
        (("left", "backspace", "h"), model.back),
        (("home",), model.to_start),
        (("end",), model.to_end),
        (("x", "X"), model.to_exchange),
        (("s", "S"), model.to_showdown),
        (("n", "N", "pagedown"), lambda: model.next_deal(1)),
        (("p", "P", "pageup"), lambda: model.next_deal(-1)),
        (("v", "V"), model.toggle_reveal),
        (("g", "G"), model.start_typing),
    ]
    for keys, method in moves:
        for key in keys:
            kb.add(key, filter=browsing)(call(method))

    @kb.add("q", filter=browsing | ~seen)
    @kb.add("Q", filter=browsing | ~seen)
    @kb.add("c-c")
    @kb.add("c-q")
    def _quit(event: KeyPressEvent) -> None:
        """Leave the replay."""
        event.app.exit(result="quit")

    @kb.add(Keys.Any, filter=browsing)
    def _unknown(event: KeyPressEvent) -> None:
        """A key that does nothing: say so, naming it as the table does, and where the keys are."""
        key = pressed(event)
        if key == PASTE:
            model.message = model.tr._("Pasted text does nothing here; the keys are listed below.")
        else:
            model.message = model.tr._("The key {key} does nothing here; the keys are listed below.").format(
                key=key_name(key)
            )

    @kb.add(Keys.Any, filter=~seen)
    @kb.add(Keys.BracketedPaste, filter=~seen)
    def _too_small(event: KeyPressEvent) -> None:
        """The replay cannot be seen: no key acts until the window is bigger."""

    for digit in "0123456789":
        kb.add(digit, filter=typing)(call(lambda d=digit: model.type_digit(d)))  # type: ignore[misc]

    @kb.add("enter", filter=typing)
    def _go(event: KeyPressEvent) -> None:
        """Go to the deal typed."""
        model.finish_typing(True)

    @kb.add("escape", filter=typing)
    def _cancel(event: KeyPressEvent) -> None:
        """Forget the deal number."""
        model.finish_typing(False)

    @kb.add("backspace", filter=typing)
    def _erase(event: KeyPressEvent) -> None:
        """Take back the last digit."""
        model.erase_digit()

    @kb.add(Keys.Any, filter=typing)
    @kb.add(Keys.BracketedPaste, filter=typing)
    def _other(event: KeyPressEvent) -> None:
        """Digits pasted are typed; any other key keeps the number and says what it takes."""
        text = event.data if event.key_sequence[0].key == Keys.BracketedPaste else ""
        if text and all(ch in "0123456789" for ch in text):
            for ch in text:
                model.type_digit(ch)
        else:
            model.not_a_digit()

    return kb


def build_replay_app(
    model: ReplayModel, *, color: bool = True, input: Any = None, output: Any = None
) -> Application[Any]:
    """The full-screen replay viewer."""

    def text() -> Any:
        size = get_app().output.get_size()
        return model.screen(size.columns, size.rows)

    app: Application[Any] = Application(
        layout=Layout(Window(FormattedTextControl(text, focusable=True, show_cursor=False))),
        key_bindings=replay_bindings(model),
        style=build_style(color),
        full_screen=True,
        input=input,
        output=output,
        color_depth=None if color else ColorDepth.DEPTH_1_BIT,
    )

    async def count() -> None:
        """A long history's deals are counted between keys, a few at a time,
        so the title says "deal 3 (3 of 412)" soon, not "(3 of …)" until
        the last deal has been visited. What is wrong further on in the
        file is said when the viewer reaches it, as before."""
        try:
            while not model.deals.count_on():
                await asyncio.sleep(0)
        except HistoryError:
            return
        app.invalidate()

    def start_counting() -> None:
        app.create_background_task(count())

    app.pre_run_callables.append(start_counting)
    return app
