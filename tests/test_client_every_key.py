"""Issue 24: every key that does nothing says why, on every screen.

A property of the whole client: a walk goes through every screen of every
game (the setup's steps, a hand-over, each betting structure's turn, the
amount entry, openers, the exchange, the peek, "your turn again", the
showdown, the end of a deal and of the session, the dealer's choice menu,
Three Card Poker's slip, decision and result, a computer's turn, the help,
the question before leaving, a resumed session, the replay viewer) and on
each presses every key a player might press: the printable ASCII, letters
of other alphabets and the terminal's special keys. Each key must either
act (the screen changes: another screen, a card chosen, an amount typed,
a move made) or show a reason on the screen. The key is pressed on the real
application (its bindings and filters), and the screen it leaves is put
back before the next key.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

import attrs
import pytest

from drawpoker.client import controller as c
from drawpoker.client.screens import screen_text
from drawpoker.rules import load_rules
from tests.keyboard import (
    DOWN,
    ENTER,
    ESC,
    EVERY_KEY,
    LEFT,
    RIGHT,
    Keyboard,
    controller,
    key_presses,
    keyboard,
    setup_keys,
)

SEEN_BEFORE = "{key} on {where}: nothing changed on the screen and no reason was shown"


def _copy_session(session: Any) -> Any:
    """A session to go back to: the state copied (the states of the deal's
    log are never changed, only replaced), the lists and the dice."""
    twin = copy.copy(session)
    twin.state = session.state.copy()
    for name, value in vars(session).items():  # lists of what happened: new lists of the same facts
        if isinstance(value, list):
            setattr(twin, name, list(value))
    if hasattr(session, "ledger"):  # the evening's chips in and out
        twin.ledger = copy.deepcopy(session.ledger)
    twin.rng = _dice(session.rng)
    twin.shuffler = copy.copy(session.shuffler)
    if hasattr(twin.shuffler, "_random"):
        twin.shuffler._random = _dice(session.shuffler._random)
    if hasattr(twin.shuffler, "_decks"):
        twin.shuffler._decks = list(session.shuffler._decks)
    return twin


def _dice(rng: random.Random) -> random.Random:
    twin = random.Random()
    twin.setstate(rng.getstate())
    return twin


def _copy_setup(setup: Any) -> Any:
    twin = copy.copy(setup)
    twin.names, twin.computer, twin.usual_names = list(setup.names), list(setup.computer), list(setup.usual_names)
    return twin


def _copied(fields: dict[str, Any]) -> dict[str, Any]:
    """The controller's fields, copied so that pressing keys on one copy leaves the other as it was."""
    shared = {id(fields["tr"]): fields["tr"], id(fields["look"]): fields["look"]}
    out: dict[str, Any] = {}
    for name, value in fields.items():
        if name == "session" and value is not None:
            out[name] = _copy_session(value)
        elif name == "setup" and value is not None:
            out[name] = _copy_setup(value)
        elif callable(value) or name in ("tr", "look", "_coach_cache"):
            out[name] = value
        elif name == "menu" and value is not None:  # the table menu's answers (its game and table are read only)
            out[name] = copy.copy(value)
        else:
            out[name] = copy.deepcopy(value, dict(shared))
    return out


def _snapshot(ctl: Any) -> dict[str, Any]:
    return _copied(ctl.__dict__)


def _restore(ctl: Any, saved: dict[str, Any]) -> None:
    odds = ctl.__dict__.get("_coach_cache")  # the draw coach's odds, kept by the hand they are for
    ctl.__dict__.clear()
    ctl.__dict__.update(_copied(saved))
    ctl._coach_cache = odds or ctl._coach_cache


class Kind(NamedTuple):
    """What kind of screen the table shows, for visiting each kind once."""

    screen: str
    step: str | None = None  # the setup's question
    phase: str | None = None
    amount: tuple[bool, bool] | None = None  # the amount entry: (chosen by a key, all in)
    selected: int = 0  # cards chosen to throw
    pat: bool = False  # 0 chose no card
    help: bool = False
    quit: bool = False
    coach: bool = False
    hint: bool = False
    question: str | None = None  # fold? stand pat?
    menu: tuple[str, str | None] | None = None  # the table menu: its step and action


def where(ctl: Any) -> Kind:
    """What kind of screen this is (the help and the question before leaving
    are the same over any screen)."""
    if ctl.quit_asked or ctl.help_open:
        return Kind("quit" if ctl.quit_asked else "help", help=ctl.help_open, quit=ctl.quit_asked)
    menu = ctl.menu
    if menu is not None:  # the table menu is the same over a hand-over and a deal's end
        return Kind("menu", menu=(menu.step, menu.action))
    entry = ctl.amount
    return Kind(
        ctl.screen,
        ctl.setup.step if ctl.screen == c.SETUP and ctl.setup is not None else None,
        ctl.phase if ctl.session is not None else None,
        None if entry is None else (entry.typed is None, entry.all_in),
        len(ctl.selected),
        ctl.pat_chosen,
        coach=ctl.coach_shown,
        hint=ctl.hint_shown,
        question=ctl.question,
    )


def _clear_messages(ctl: Any) -> None:
    ctl.message = None
    if ctl.setup is not None:
        ctl.setup.message = None


def probe(kb: Keyboard, ctl: Any, label: str) -> list[str]:
    """Press every key on the screen shown now; the keys that did nothing silently."""
    silent: list[str] = []
    _clear_messages(ctl)
    saved = _snapshot(ctl)
    before = screen_text(ctl, 80, 24)
    for name, data in EVERY_KEY.items():
        kb.press(key_presses(data))
        after = screen_text(ctl, 80, 24)
        if after == before and not kb.ended:
            silent.append(SEEN_BEFORE.format(key=repr(name), where=label))
        if after != before or kb.ended:
            kb.reopen()
            _restore(ctl, saved)
    return silent


def progress(ctl: Any, step: int) -> str:
    """A key that moves the game on from the screen shown (a table that plays on)."""
    if ctl.quit_asked:
        return "n"
    if ctl.help_open:
        return ESC
    if ctl.screen == c.SETUP:
        return ENTER
    if ctl.screen == c.WATCH:
        ctl.computer_step()  # the pause is over
        return ""
    if ctl.screen == c.CHOOSE:
        return str(1 + step % len(ctl.games()))
    if ctl.screen == c.ASK:
        return "y"  # the broke player buys again
    if ctl.screen != c.TURN:
        return ENTER
    if ctl.amount is not None:
        return ENTER
    if ctl.game_kind != "morkpoker" and ctl.phase == "betting" and step % 3 == 1:
        return LEFT + DOWN + RIGHT + ENTER  # no ante and a side bet (Pair Plus alone, where the rules allow it)
    if ctl.game_kind != "morkpoker":
        return ENTER if ctl.phase == "betting" else "p"
    if ctl.phase == "exchange":
        return "1" + ENTER if not ctl.selected else ENTER
    actions = [o.action for o in ctl.session.legal().options]
    for action, key in (("show", "s"), ("call", "c"), ("check", "k"), ("bet", "b"), ("fold", "f")):
        if action in actions:
            return key
    return "f"


def walk(
    ctl: Any,
    setup: str,
    *,
    steps: int = 400,
    detours: Callable[[Any], Iterator[str]] | None = None,
    probing: bool = True,
) -> tuple[list[str], set[tuple[Any, ...]]]:
    """Walk the session key by key from its setup; probe each kind of screen
    once, and the screens each of ``detours`` keys leads to (then back to
    where the walk was). Returns the silent keys found and the kinds of
    screen probed."""
    kb = keyboard(ctl)
    silent: list[str] = []
    seen: set[tuple[Any, ...]] = set()

    def visit() -> None:
        kind = where(ctl)
        if kind in seen:
            return
        seen.add(kind)
        if probing:
            silent.extend(probe(kb, ctl, f"{kind}"))

    try:
        pending = list(key_presses(setup))
        for press in pending:
            visit()
            kb.press([press])
        for step in range(steps):
            if kb.ended or ctl.screen == c.SESSION_OVER:
                break
            visit()
            for into in list(detours(ctl)) if detours else ():
                saved = _snapshot(ctl)
                kb.press(into)
                visit()
                kb.reopen()
                _restore(ctl, saved)
            key = progress(ctl, step)
            if key:
                kb.press(key)
        visit()
    finally:
        kb.close()
    return silent, seen


def turn_detours(ctl: Any) -> Iterator[str]:
    """Keys worth a probe of the screen they lead to: the help, the question
    before leaving, the odds, the amount, the questions before a fold and a
    stand pat, cards chosen."""
    if ctl.screen in (c.TURN, c.HANDOVER, c.DEAL_OVER, c.AGAIN, c.CHOOSE, c.PEEK, c.WATCH, c.RESUMED):
        yield "?"
        yield "\x03"
    if ctl.screen == c.SETUP and ctl.setup.step != "names":
        yield "?"
        yield "\x03"
    if ctl.screen == c.SETUP and ctl.setup.step == "names":
        yield "Dorotea-Kristine"  # longer than a name may be: said, and asked before it is taken
        yield "Dorotea-Kristine" + ENTER
    if ctl.menu_allowed():  # the table menu and each of its questions
        yield from ("t", "ta", "taDag" + ENTER, "taDag" + ENTER + ENTER, "tl", "ts", "tn", "td", "td1")
    if ctl.screen != c.TURN:
        return
    if ctl.game_kind == "morkpoker" and ctl.coach_allowed():
        yield "h"
    if ctl.game_kind == "morkpoker" and ctl.phase == "betting":
        actions = [o.action for o in ctl.session.legal().options]
        for key, action in (("r", "raise"), ("b", "bet")):
            if action in actions:
                yield key
                yield key + "a"  # all in
                yield key + "12"  # typing
        if "check" in actions:
            yield "f"  # "Fold? You could check for free."
    if ctl.phase == "exchange":
        yield "12"
        yield "123"  # as many as the exchange allows: a fourth is refused
        yield "0"  # none chosen: Enter stands pat
        yield ENTER  # "Stand pat and keep all five cards?"
    if ctl.phase == "deciding":
        yield "h"


def _nl(structure: str) -> Any:
    rules = load_rules("no-limit-draw")
    return attrs.evolve(
        rules,
        betting=attrs.evolve(rules.betting, structure=structure),
        session=attrs.evolve(rules.session, deals=2),
    )


def _deals(name: str, deals: int = 2) -> Any:
    rules = load_rules(name)
    return attrs.evolve(rules, session=attrs.evolve(rules.session, deals=deals))


SCENARIOS = {
    "morkpoker, three people": (lambda: _deals("morkpoker"), ["Ada", "Bo", "Cy"], ()),
    "no limit heads-up": (lambda: _nl("no_limit"), ["Ada", "Bo"], ()),
    "pot limit, a computer": (lambda: _nl("pot_limit"), ["Ada", "Bo", "Cy"], (3,)),
    "jackpots": (lambda: _deals("jackpots", 3), ["Ada", "Bo", "Cy"], ()),
    "dealer's choice": (lambda: _deals("dealers-choice", 3), ["Ada", "Bo"], ()),
    "three card poker": (lambda: _deals("three-card-poker", 3), ["Ada", "Bo", "Cy"], ()),
    "three card poker, boxes": (lambda: _deals("three-card-poker-ru"), ["Ada", "Bo"], ()),
    "three card poker, a computer": (lambda: _deals("three-card-poker-no"), ["Ada", "Bo"], (2,)),
    "the evening: draws, add-ons, a broke player asked": (lambda: _evening(), ["Ada", "Bo"], ()),
}


def _evening(deals: int = 4) -> Any:
    """The first dealer drawn, add-ons, and a broke player asked whether to buy again (small stacks go broke)."""
    rules = load_rules("morkpoker")
    session = attrs.evolve(
        rules.session,
        deals=deals,
        starting_stack=3,
        when_broke="ask",
        rebuy_amount=3,
        first_dealer="drawn",
        add_on_limit=10,
    )
    return attrs.evolve(rules, session=session)


#: the walks in Norwegian too (its own yes key, J, and longer words; the keys are the same)
IN_NORWEGIAN = ("morkpoker, three people", "no limit heads-up", "three card poker")


@pytest.mark.parametrize("scenario, language", [(s, "en") for s in SCENARIOS] + [(s, "nb") for s in IN_NORWEGIAN])
def test_every_key_on_every_screen_acts_or_says_why(scenario, language):
    rules, names, computer = SCENARIOS[scenario]
    ctl = controller(rules(), language, seed=7)
    ctl.pause = 1.0 if computer else 0.0  # a computer's turn waits on the screen for its pause
    silent, seen = walk(ctl, setup_keys(names, computer, ctl.setup.asks_dealer), detours=turn_detours)
    assert not silent, f"{len(silent)} silent keys:\n" + "\n".join(silent)


def test_the_walk_sees_every_screen():
    """The walks above are only as good as the screens they reach: they reach each one."""
    reached: dict[str, set[Any]] = {}
    for scenario, (rules, names, computer) in SCENARIOS.items():
        ctl = controller(rules(), "en", seed=7)
        ctl.pause = 1.0 if computer else 0.0
        keys = setup_keys(names, computer, ctl.setup.asks_dealer)
        _, seen = walk(ctl, keys, steps=400, detours=turn_detours, probing=False)
        reached[scenario] = seen
    screens = {kind.screen for seen in reached.values() for kind in seen}
    assert screens >= {c.SETUP, c.HANDOVER, c.TURN, c.AGAIN, c.WATCH, c.PEEK, c.DEAL_OVER, c.CHOOSE, c.SESSION_OVER}
    steps = {kind.step for seen in reached.values() for kind in seen}
    assert steps >= {"count", "names", "computers", "dealer", "rules"}
    phases = {kind.phase for kind in reached["no limit heads-up"] if kind.screen == c.TURN}
    assert phases == {"betting", "exchange", "showdown"}
    amounts = {kind.amount for seen in reached.values() for kind in seen if kind.amount is not None}
    assert amounts >= {(True, False), (True, True), (False, False)}  # chosen by a key, all in, typed
    asked = {kind.question for seen in reached.values() for kind in seen}
    assert asked >= {"fold", "stand_pat"}
    assert {kind.phase for kind in reached["three card poker"] if kind.screen == c.TURN} == {"betting", "deciding"}
    assert any(kind.screen == c.PEEK for kind in reached["three card poker"])  # Pair Plus alone: a look at the cards
    assert any(k.screen == c.HANDOVER and k.phase == "exchange" for k in reached["morkpoker, three people"])
    assert any(kind.help for seen in reached.values() for kind in seen)
    assert any(kind.quit for seen in reached.values() for kind in seen)
    # the evening: the table menu's questions, the draws for the first dealer, a broke player asked
    menus = {kind.menu for seen in reached.values() for kind in seen if kind.menu is not None}
    assert {step for step, _ in menus} >= {"pick", "seat", "name", "buy_in", "who", "count", "amount"}
    assert c.DRAWN in screens and c.ASK in screens


class _Broken:
    """A history that cannot be written (a full disk)."""

    path = "broken.jsonl"

    def append(self, events: Any) -> None:
        from drawpoker.errors import HistoryError

        raise HistoryError("broken.jsonl: cannot write the history (No space left on device)")

    def close(self) -> None:
        pass


@pytest.mark.parametrize("language", ["en", "nb"])
def test_every_key_on_a_resumed_session_a_stopped_game_and_the_replay(language, tmp_path):
    from drawpoker.client.controller import Controller
    from drawpoker.client.launch import resume
    from drawpoker.client.look import Look
    from drawpoker.client.replay.app import replay_bindings
    from drawpoker.client.replay.viewer import ReplayModel
    from drawpoker.words.i18n import translator

    tr = translator(language)
    path = tmp_path / "session.jsonl"
    ctl = controller(_deals("morkpoker", 3), language, seed=7, path=path)
    walk(ctl, setup_keys(["Ada", "Bo", "Cy"]), steps=70, probing=False)
    ctl.session.close()
    # the session goes on where it stopped: its notes, then the table
    session, notes = resume(str(path), 7)
    session.writer.close()
    session.writer = None  # the probe's keys write nothing
    resumed = Controller(tr, Look(), session=session, notes=notes)
    assert resumed.screen == c.RESUMED
    silent, seen = walk(resumed, "", steps=40, detours=turn_detours)
    assert not silent, "\n".join(silent)
    assert c.RESUMED in {kind.screen for kind in seen}
    # a history that cannot be written stops the game, and its keys say so
    broken = controller(_deals("morkpoker"), language, seed=7)
    kb = keyboard(broken)
    kb.press(setup_keys(["Ada", "Bo"]))
    broken.session.writer = _Broken()
    kb.press(ENTER + "k")
    assert broken.screen == c.FAILED
    silent = probe(kb, broken, "the game has stopped")
    assert not silent, "\n".join(silent)
    kb.press("z")
    assert "No space left" in screen_text(broken) and broken.message  # the reason stays, the key is answered
    # the replay of the session: at its start, in the middle, at its end, every hand shown, a deal number typed
    model = ReplayModel(path, tr, Look())
    replay = Keyboard(lambda **io: _replay_app(model, replay_bindings, **io))
    try:
        for keys in ("", "\x1b[C" * 6, "\x1b[F", "N" * 5 + "\x1b[F", "v", "g", "g12"):
            model.index, model.step, model.revealed, model.typing, model.message = 0, 1, False, None, None
            replay.press(keys)
            silent = probe_replay(replay, model, repr(keys))
            assert not silent, "\n".join(silent)
    finally:
        replay.close()


def _replay_app(model: Any, bindings: Any, **io: Any) -> Any:
    from drawpoker.client.replay.app import build_replay_app

    return build_replay_app(model, color=False, **io)


def probe_replay(kb: Keyboard, model: Any, label: str) -> list[str]:
    """Every key on the replay viewer as it is now: each acts or says why."""
    from drawpoker.client.lines import plain

    def text() -> str:
        return "\n".join(plain(line) for line in model.lines(80, 24))

    silent = []
    model.message = None
    saved = dict(model.__dict__)
    text()  # the deals are found as they are needed: the count in the title may change once
    for name, data in EVERY_KEY.items():
        before = text()
        kb.press(key_presses(data))
        if text() == before and not kb.ended:
            silent.append(SEEN_BEFORE.format(key=repr(name), where=f"the replay after {label}"))
        kb.reopen()
        model.__dict__.clear()
        model.__dict__.update(saved)
    return silent
