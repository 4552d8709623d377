"""The prompt_toolkit layer: one full-screen window and the key bindings.

The window draws :func:`drawpoker.client.screens.screen` for the
terminal's current size (so a resize redraws cleanly); every key binding
calls one :class:`~drawpoker.client.controller.Controller` method, in
context given by filters. Computer players act after ``ctl.pause``
seconds, from a background task. The application runs in the terminal's
alternate screen, so nothing of the game stays in the scrollback.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from typing import Any

from prompt_toolkit.application import Application, get_app
from prompt_toolkit.filters import Condition, Filter
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent, merge_key_bindings
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import Layout, Window
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.output import ColorDepth

from drawpoker.client import controller as c
from drawpoker.client.controller import Controller
from drawpoker.client.draw.view import ACTION_KEYS
from drawpoker.client.keys import PASTE, newline_is_enter, pressed
from drawpoker.client.look import build_style
from drawpoker.client.screens import quit_key, screen
from drawpoker.client.small import shown

__all__ = ["build_app", "run_app"]

Handler = Callable[[KeyPressEvent], None]


def _pasted(event: KeyPressEvent) -> bool:
    """The key is a paste: the terminal's bracketed paste, the whole text at once in ``event.data``."""
    return bool(event.key_sequence[0].key == Keys.BracketedPaste)


def _finish(ctl: Controller, event: KeyPressEvent) -> None:
    """End the application when the controller says so."""
    if ctl.finished is not None and not event.app.is_done:
        event.app.exit(result=ctl.finished)


# ------------------------------------------------------------------ filters


def _filters(ctl: Controller) -> dict[str, Filter]:
    # while the terminal is too small nobody sees the table, so no key may act
    fits = Condition(shown)
    quit_open = Condition(lambda: ctl.quit_asked)  # leaving plays nothing: it works at any size
    help_open = fits & Condition(lambda: ctl.help_open and not ctl.quit_asked)
    phone_asks = fits & ~quit_open & Condition(lambda: ctl.phones is not None and ctl.asked() is not None)
    codes_open = fits & ~quit_open & ~phone_asks & Condition(lambda: ctl.phones_open)
    menu_open = fits & ~quit_open & ~help_open & ~phone_asks & ~codes_open & Condition(lambda: ctl.menu is not None)
    playing = fits & ~quit_open & ~help_open & ~menu_open & ~phone_asks & ~codes_open
    return {
        "phone_asks": phone_asks,
        "codes": codes_open,
        "phone_turn": playing & Condition(lambda: ctl.screen == c.PHONE),
        "phones": playing & ~Condition(lambda: ctl.screen == c.SETUP) & Condition(lambda: ctl.phones is not None),
        "fits": fits,
        "quit": quit_open,
        "help": help_open,
        "menu": menu_open,
        "table_menu": playing & Condition(ctl.menu_allowed),
        "ask": playing & Condition(lambda: ctl.screen == c.ASK),
        "playing": playing,
        "setup": playing & Condition(lambda: ctl.screen == c.SETUP),
        "typing": playing
        & Condition(lambda: ctl.screen == c.SETUP and ctl.setup is not None and ctl.setup.step == "names"),
        "handover": playing & Condition(lambda: ctl.screen == c.HANDOVER),
        "go_on": playing & Condition(lambda: ctl.screen in (c.PEEK, c.AGAIN, c.SESSION_OVER, c.RESUMED, c.DRAWN)),
        "deal_over": playing & Condition(lambda: ctl.screen == c.DEAL_OVER),
        "failed": playing & Condition(lambda: ctl.screen == c.FAILED),
        "mork_turn": playing
        & Condition(lambda: ctl.screen == c.TURN and ctl.game_kind == "morkpoker" and ctl.amount is None),
        "amount": playing & Condition(lambda: ctl.screen == c.TURN and ctl.amount is not None),
        "choose": playing & Condition(lambda: ctl.screen == c.CHOOSE),
        "exchange": playing & Condition(lambda: ctl.screen == c.TURN and ctl.phase == "exchange"),
        "tcp_bets": playing
        & Condition(lambda: ctl.screen == c.TURN and ctl.game_kind != "morkpoker" and ctl.phase == "betting"),
        "tcp_decide": playing
        & Condition(lambda: ctl.screen == c.TURN and ctl.game_kind != "morkpoker" and ctl.phase == "deciding"),
    }


# ------------------------------------------------------------------ bindings


def global_bindings(ctl: Controller, f: dict[str, Filter]) -> KeyBindings:
    """Help, leaving, and the answer to a key that does nothing."""
    kb = KeyBindings()
    newline_is_enter(kb)

    @kb.add(Keys.Any, filter=f["playing"] & ~f["setup"])
    def _unknown(event: KeyPressEvent) -> None:
        """A key with no meaning here: say so."""
        ctl.refuse_key(pressed(event))

    @kb.add("?", filter=f["playing"] & ~f["typing"])
    @kb.add("f1", filter=f["playing"])
    def _help(event: KeyPressEvent) -> None:
        """Open the help."""
        ctl.open_help()

    @kb.add(Keys.Any, filter=f["help"])
    def _close_help(event: KeyPressEvent) -> None:
        """Any key but the arrows closes the help."""
        ctl.close_help()

    def scroll(delta: int) -> Handler:
        def handler(event: KeyPressEvent) -> None:
            """Scroll the help."""
            ctl.scroll_help(delta)

        return handler

    for key, delta in (("up", -1), ("down", 1), ("pageup", -10), ("pagedown", 10)):
        kb.add(key, filter=f["help"])(scroll(delta))

    @kb.add("c-c", filter=~f["quit"])
    @kb.add("c-q", filter=~f["quit"])
    def _ask_quit(event: KeyPressEvent) -> None:
        """Ctrl-C: ask whether to leave."""
        ctl.ask_quit()

    @kb.add("c-c", filter=f["quit"])
    def _quit(event: KeyPressEvent) -> None:
        """Leave (the history is complete and can be resumed)."""
        ctl.confirm_quit()
        _finish(ctl, event)

    # Y, and the language's own yes (J in Norwegian, the key the dialog shows)
    for key in dict.fromkeys(("y", quit_key(ctl.tr).lower())):
        kb.add(key, filter=f["quit"])(_quit)
        kb.add(key.upper(), filter=f["quit"])(_quit)

    @kb.add(Keys.Any, filter=~f["fits"] & ~f["quit"])
    def _too_small(event: KeyPressEvent) -> None:
        """The table cannot be seen: no key acts until the window is bigger."""

    @kb.add(Keys.Any, filter=f["quit"])
    def _stay(event: KeyPressEvent) -> None:
        """Any other key: stay."""
        ctl.cancel_quit()

    return kb


def setup_bindings(ctl: Controller, f: dict[str, Filter]) -> KeyBindings:
    """Typing names and answering the setup's questions."""
    kb = KeyBindings()
    setup = f["setup"]

    @kb.add(Keys.Any, filter=setup)
    def _type(event: KeyPressEvent) -> None:
        """A letter or digit for the current question; any other key is told what the question takes."""
        assert ctl.setup is not None
        if _pasted(event):  # letter by letter, so that a pasted name is held to a name's length too
            typed = [ch for ch in event.data if ch.isprintable()]
            for ch in typed:
                ctl.setup.type(ch)
            if len(typed) < len(event.data) and not ctl.setup.message:
                ctl.setup.refuse("")
        elif event.data and event.data.isprintable():
            ctl.setup.type(event.data)
        else:
            ctl.setup.refuse(event.data)

    @kb.add("enter", filter=setup)
    def _enter(event: KeyPressEvent) -> None:
        """Take the answer and go on."""
        ctl.setup_enter()

    @kb.add("backspace", filter=setup)
    def _back(event: KeyPressEvent) -> None:
        """Delete a letter, or go back a step."""
        assert ctl.setup is not None
        ctl.setup.backspace()

    def change(delta: int) -> Handler:
        def handler(event: KeyPressEvent) -> None:
            """Change the count, or scroll the rules."""
            assert ctl.setup is not None
            ctl.setup.change(delta)

        return handler

    for key, delta in (("right", 1), ("left", -1), ("pagedown", 10), ("pageup", -10)):
        kb.add(key, filter=setup)(change(delta))

    def step_is(name: str) -> Filter:
        """True while the setup shows the step ``name``."""
        return Condition(lambda: ctl.setup is not None and ctl.setup.step == name)

    kb.add("up", filter=setup & step_is("count"))(change(1))
    kb.add("down", filter=setup & step_is("count"))(change(-1))
    kb.add("up", filter=setup & step_is("rules"))(change(-1))
    kb.add("down", filter=setup & step_is("rules"))(change(1))
    kb.add("up", filter=setup & step_is("dealer"))(change(-1))
    kb.add("down", filter=setup & step_is("dealer"))(change(1))
    return kb


#: the keys of the screen at the end of a deal -> the controller's method (Enter: the next deal)
DEAL_OVER_KEYS: dict[str, Callable[[Controller], None]] = {"enter": Controller.acknowledge}


def _deal_over_key(ctl: Controller, method: Callable[[Controller], None]) -> Handler:
    def handler(event: KeyPressEvent) -> None:
        """A key at the end of a deal."""
        method(ctl)
        _finish(ctl, event)

    return handler


def flow_bindings(ctl: Controller, f: dict[str, Filter]) -> KeyBindings:
    """Enter at a hand-over, after a peek, at the end of a deal."""
    kb = KeyBindings()

    @kb.add("enter", filter=f["handover"])
    def _reveal(event: KeyPressEvent) -> None:
        """Only the named player is looking: show their cards."""
        ctl.reveal()

    @kb.add("enter", filter=f["go_on"])
    def _go_on(event: KeyPressEvent) -> None:
        """Hide the cards, or go on to the next deal."""
        ctl.acknowledge()
        _finish(ctl, event)

    for key, method in DEAL_OVER_KEYS.items():
        kb.add(key, filter=f["deal_over"])(_deal_over_key(ctl, method))

    @kb.add("enter", filter=f["failed"])
    def _leave(event: KeyPressEvent) -> None:
        """The history failed: leave."""
        ctl.finished = "failed"
        _finish(ctl, event)

    return kb


def evening_bindings(ctl: Controller, f: dict[str, Filter]) -> KeyBindings:
    """The table menu (T), and the question to a broke player (Y or N)."""
    kb = KeyBindings()

    @kb.add("t", filter=f["table_menu"])
    @kb.add("T", filter=f["table_menu"])
    def _menu(event: KeyPressEvent) -> None:
        """Open the table menu: arrivals, leaving, sitting out, the computer, the end."""
        ctl.open_menu()

    @kb.add(Keys.Any, filter=f["menu"])
    def _menu_key(event: KeyPressEvent) -> None:
        """A key in the table menu."""
        key = event.key_sequence[0].key
        name = str(getattr(key, "value", key))
        if _pasted(event):  # letter by letter (a pasted "enter" is five letters, not the Enter key)
            for ch in event.data:
                if ctl.menu is not None and ch.isprintable():
                    ctl.menu_key(ch)
        else:
            ctl.menu_key(event.data if event.data and event.data.isprintable() else name)
        _finish(ctl, event)

    for key, name in (("enter", "enter"), ("escape", "escape"), ("backspace", "backspace")):

        def special(event: KeyPressEvent, name: str = name) -> None:
            """Enter, Esc or Backspace in the table menu."""
            ctl.menu_key(name)

        kb.add(key, filter=f["menu"])(special)

    def answer(yes: bool) -> Handler:
        def handler(event: KeyPressEvent) -> None:
            """Buy again, or leave with nothing."""
            ctl.answer_rebuy(yes)

        return handler

    for key in dict.fromkeys(("y", quit_key(ctl.tr).lower())):
        kb.add(key, filter=f["ask"])(answer(True))
        kb.add(key.upper(), filter=f["ask"])(answer(True))
    for key in ("n", "N"):
        kb.add(key, filter=f["ask"])(answer(False))
    return kb


#: the amount entry's keys (pot and no limit) -> what :class:`AmountEntry` calls them
AMOUNT_KEYS = {
    "up": "up",
    "down": "down",
    "+": "up",
    "-": "down",
    "h": "half",
    "H": "half",
    "p": "pot",
    "P": "pot",
    "a": "all_in",
    "A": "all_in",
    "backspace": "backspace",
    "enter": "enter",
    "escape": "escape",
    **{str(d): str(d) for d in range(10)},
}


def phone_bindings(ctl: Controller, f: dict[str, Filter]) -> KeyBindings:
    """The phones: their codes (Q), a seat taken back to the laptop (L), a second phone's request (Y or N)."""
    kb = KeyBindings()

    @kb.add("q", filter=f["phones"])
    @kb.add("Q", filter=f["phones"])
    def _codes(event: KeyPressEvent) -> None:
        """Show the seats' join codes."""
        ctl.open_phones()

    @kb.add("l", filter=f["phone_turn"])
    @kb.add("L", filter=f["phone_turn"])
    def _take_back(event: KeyPressEvent) -> None:
        """The player waited for plays at the laptop instead."""
        ctl.take_back()

    @kb.add(Keys.Any, filter=f["codes"])
    def _code_key(event: KeyPressEvent) -> None:
        """A key while the codes are shown."""
        key = event.key_sequence[0].key
        name = str(getattr(key, "value", key))
        if _pasted(event):
            name = PASTE
        elif event.data and event.data.isprintable() and event.data.strip():
            name = event.data
        ctl.phones_key(name)

    for key in ("enter", "escape", "left", "right", "up", "down", "tab"):

        def special(event: KeyPressEvent, name: str = key) -> None:
            """Enter, Esc, Tab or an arrow while the codes are shown."""
            ctl.phones_key(name)

        kb.add(key, filter=f["codes"])(special)

    def answer(yes: bool) -> Handler:
        def handler(event: KeyPressEvent) -> None:
            """Let the second phone in, or not."""
            ctl.answer_approval(yes)

        return handler

    for key in dict.fromkeys(("y", quit_key(ctl.tr).lower())):
        kb.add(key, filter=f["phone_asks"])(answer(True))
        kb.add(key.upper(), filter=f["phone_asks"])(answer(True))
    for key in ("n", "N"):
        kb.add(key, filter=f["phone_asks"])(answer(False))

    @kb.add(Keys.Any, filter=f["phone_asks"])
    def _other(event: KeyPressEvent) -> None:
        """Any other key while a phone asks: the question stays."""
        ctl.message = ctl.tr._(
            "A phone is waiting for an answer: {yes} lets it in, N keeps the phone that has it."
        ).format(yes=quit_key(ctl.tr))

    return kb


def mork_bindings(ctl: Controller, f: dict[str, Filter]) -> KeyBindings:
    """Mørkpoker: betting and showdown letters, the exchange's digits."""
    kb = KeyBindings()

    def action(name: str) -> Handler:
        def handler(event: KeyPressEvent) -> None:
            """Do the action (the engine says why if it is not allowed)."""
            ctl.act(name)

        return handler

    for key, name in ACTION_KEYS.items():
        kb.add(key, filter=f["mork_turn"])(action(name))
        kb.add(key.upper(), filter=f["mork_turn"])(action(name))

    def toggle(index: int) -> Handler:
        def handler(event: KeyPressEvent) -> None:
            """Choose or un-choose a card to throw."""
            ctl.toggle_card(index)

        return handler

    for i in range(5):
        kb.add(str(i + 1), filter=f["exchange"])(toggle(i))

    @kb.add("h", filter=f["mork_turn"])
    @kb.add("H", filter=f["mork_turn"])
    def _coach(event: KeyPressEvent) -> None:
        """Show or hide the odds of each exchange (the player to act only)."""
        ctl.toggle_coach()

    @kb.add("0", filter=f["exchange"])
    def _none(event: KeyPressEvent) -> None:
        """Throw no cards."""
        ctl.clear_exchange()

    @kb.add("enter", filter=f["exchange"])
    def _exchange(event: KeyPressEvent) -> None:
        """Exchange the chosen cards."""
        ctl.confirm_exchange()

    def amount(key: str) -> Handler:
        def handler(event: KeyPressEvent) -> None:
            """Choose the amount to bet or raise to."""
            ctl.amount_key(key)

        return handler

    for key, name in AMOUNT_KEYS.items():
        kb.add(key, filter=f["amount"])(amount(name))

    def choose(index: int) -> Handler:
        def handler(event: KeyPressEvent) -> None:
            """Dealer's choice: deal this game next."""
            ctl.choose_game(index)

        return handler

    for i in range(9):
        kb.add(str(i + 1), filter=f["choose"])(choose(i))

    return kb


def tcp_bindings(ctl: Controller, f: dict[str, Filter]) -> KeyBindings:
    """Three Card Poker: the bet slip, and play or fold."""
    kb = KeyBindings()
    bets, decide = f["tcp_bets"], f["tcp_decide"]

    def move(delta: int) -> Handler:
        def handler(event: KeyPressEvent) -> None:
            """Choose another bet on the slip."""
            ctl.bet_move(delta)

        return handler

    def change(delta: int) -> Handler:
        def handler(event: KeyPressEvent) -> None:
            """Change the chosen bet."""
            ctl.bet_change(delta)

        return handler

    kb.add("up", filter=bets)(move(-1))
    kb.add("down", filter=bets)(move(1))
    for key, delta in (("right", 1), ("+", 1), ("left", -1), ("-", -1)):
        kb.add(key, filter=bets)(change(delta))

    @kb.add("enter", filter=bets)
    def _place(event: KeyPressEvent) -> None:
        """Place the bets on the slip."""
        ctl.place_bets()

    @kb.add("s", filter=bets)
    @kb.add("S", filter=bets)
    def _sit_out(event: KeyPressEvent) -> None:
        """Sit this round out."""
        ctl.place_bets(sit_out=True)

    @kb.add("p", filter=decide)
    @kb.add("P", filter=decide)
    def _play(event: KeyPressEvent) -> None:
        """Play: add the Play bet."""
        ctl.decide(True)

    @kb.add("f", filter=decide)
    @kb.add("F", filter=decide)
    def _fold(event: KeyPressEvent) -> None:
        """Fold: give up the ante."""
        ctl.decide(False)

    @kb.add("h", filter=decide)
    @kb.add("H", filter=decide)
    def _hint(event: KeyPressEvent) -> None:
        """Show or hide the strategy hint."""
        ctl.toggle_hint()

    return kb


# ------------------------------------------------------------------ the application


async def _computers(app: Application[Any], ctl: Controller) -> None:
    """The computers at the table, every call to a bot asked on a thread of
    its own (:func:`_on_a_thread`), so that the table goes on answering keys
    ("please wait") while a bot of one's own thinks, up to its time limit,
    instead of keeping them for the next player's turn: first the bots owed
    a look at a deal's end, then the computer the table waits for (to act,
    or dealing, to pick the game) after the pause, while the table can be
    seen: not behind the help, the table menu or the question before
    leaving, nor in a window too small to show it (a move made there would
    go by unseen; the pause starts again when it grows). It looks again
    after every key and every redraw (a key, a phone's decision may have
    handed the table to a computer), else every 50 ms."""
    wake = asyncio.Event()

    def woken(_: object) -> None:
        wake.set()

    app.key_processor.after_key_press += woken
    app.on_invalidate += woken
    kept: list[_Kept] = []  # an answer the table could not take yet (the help opened meanwhile): not asked twice
    try:
        while not app.is_done:
            try:
                session = ctl.session
                if session is not None and session.unseen:
                    ctl.computer_looked(await _on_a_thread(session.look))
                    app.invalidate()
                elif ctl.computer_due() and shown(app):
                    if ctl.pause > 0:
                        await asyncio.sleep(ctl.pause)
                    if shown(app) and ctl.computer_due():  # the window may have shrunk during the pause
                        command = await _asked(ctl, kept)
                        if command is not None and shown(app):
                            kept.clear()
                            ctl.computer_step(command)
                        app.invalidate()
                else:
                    wake.clear()
                    with contextlib.suppress(asyncio.TimeoutError):
                        await asyncio.wait_for(wake.wait(), 0.05)
            except Exception as exc:  # a bug: the game stops and says so, never a table waiting for ever
                ctl.computers_broke(exc)
                app.invalidate()
                return  # (the game has stopped: nothing is left for the computers to do)
    finally:
        ctl.aside = False
        app.key_processor.after_key_press -= woken
        app.on_invalidate -= woken


#: an answer worked out for a table (its session and state, what was asked) and not taken yet
_Kept = tuple[Any, Any, Any, Any]


async def _asked(ctl: Controller, kept: list[_Kept]) -> Any:
    """What the computer the table waits for does (:meth:`Controller.computer_work`),
    its bot asked on a thread of its own. None when the table cannot take
    it now: it is asked again if anything happened at the table meanwhile,
    else (the help, the question before leaving or a phone's screen opened,
    the window shrank) the answer is kept for when the table can (``kept``),
    so that a bot is never asked the same decision twice."""
    session = ctl.session
    work = ctl.computer_work()
    assert session is not None and work is not None
    state = session.state
    for was_session, was_state, was_work, command in kept:
        if was_session is session and was_state is state and was_work == work:
            return command
    kept.clear()
    command = await _on_a_thread(work)
    if ctl.session is not session or session.state is not state:
        return None
    if ctl.computer_work() != work:
        kept.append((session, state, work, command))
        return None
    return command


def _on_a_thread(work: Callable[[], Any]) -> asyncio.Future[Any]:
    """``work()`` on a daemon thread of its own, its result as a future of
    the running loop. Not the loop's executor: leaving while a bot thinks
    must not wait for the bot (the executor's threads are waited for when
    the program ends, up to the bot's time limit, on a blank screen)."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[Any] = loop.create_future()

    def settle(ok: bool, value: Any) -> None:
        if not future.done():
            if ok:
                future.set_result(value)
            else:
                future.set_exception(value)

    def run() -> None:
        try:
            outcome = (True, work())
        except Exception as exc:
            outcome = (False, exc)
        except BaseException as exc:  # (a bot of one's own raising SystemExit): the future is settled all the same
            outcome = (False, RuntimeError(f"{type(exc).__name__} raised on the computers' thread"))
        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
            loop.call_soon_threadsafe(settle, *outcome)

    threading.Thread(target=run, name="drawpoker-computer", daemon=True).start()
    return future


def build_app(ctl: Controller, *, color: bool = True, input: Any = None, output: Any = None) -> Application[Any]:
    """The full-screen application for ``ctl``."""

    def text() -> Any:
        size = get_app().output.get_size()
        return screen(ctl, size.columns, size.rows)

    f = _filters(ctl)
    bindings = merge_key_bindings(
        [
            global_bindings(ctl, f),
            setup_bindings(ctl, f),
            flow_bindings(ctl, f),
            evening_bindings(ctl, f),
            phone_bindings(ctl, f),
            mork_bindings(ctl, f),
            tcp_bindings(ctl, f),
        ]
    )
    app: Application[Any] = Application(
        layout=Layout(Window(FormattedTextControl(text, focusable=True, show_cursor=False))),
        key_bindings=bindings,
        style=build_style(color),
        full_screen=True,
        mouse_support=False,
        input=input,
        output=output,
        color_depth=None if color else ColorDepth.DEPTH_1_BIT,
    )

    def start_computers() -> None:
        ctl.aside = True  # from the first key on, the controller leaves the computers to this task
        app.create_background_task(_computers(app, ctl))

    app.pre_run_callables.append(start_computers)
    link = ctl.phones
    if link is not None:

        def start_phones() -> None:
            app.create_background_task(link.serve(ctl, app.invalidate, lambda: app.is_done, lambda: shown(app)))

        app.pre_run_callables.append(start_phones)
    return app


def run_app(ctl: Controller, *, color: bool = True, input: Any = None, output: Any = None) -> str | None:
    """Run the game until the players leave or the session ends; returns why it ended.
    With phones, their server runs in the same loop: it listens before the
    table is drawn (an address it cannot listen on is said before anything
    starts) and stops with the table."""
    app = build_app(ctl, color=color, input=input, output=output)
    link = ctl.phones
    if link is None:
        why: str | None = app.run()
        return why

    async def with_phones() -> str | None:
        assert link is not None
        await link.start()
        try:
            if ctl.session is not None:  # a resumed session: the codes first (new ones: new secrets)
                ctl.open_phones()
            result: str | None = await app.run_async()
            return result
        finally:
            await link.server.stop()

    return asyncio.run(with_phones())
