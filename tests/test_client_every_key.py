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
back before the next key; that putting back is checked (the walk goes on
as a walk that probes nothing does). Each walk must reach what
:data:`REACHES` says it reaches.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable, Iterator
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

#: each key's presses, parsed once
_PRESSES = {name: key_presses(data) for name, data in EVERY_KEY.items()}

#: values a key cannot change in place (kept, not copied)
_ATOMIC = (type(None), bool, int, float, str, bytes)


class _Dice(NamedTuple):
    """A Random's state, read once when it is saved (reading it is dear)."""

    state: Any


def _dice(rng: Any) -> Any:
    """A Random at the same point as ``rng`` (a saved state or a live Random):
    made without seeding (seeding it first would read the system's entropy)."""
    if isinstance(rng, _Dice):
        twin = random.Random.__new__(random.Random)
        twin.setstate(rng.state)
        return twin
    return _Dice(rng.getstate())


def _copy_ledger(ledger: Any) -> Any:
    """The evening's chips in and out: its lists, sets and dicts new, each
    player's result copied (the items of the lists are numbers and names)."""
    twin = copy.copy(ledger)
    for name, value in vars(ledger).items():
        if isinstance(value, _ATOMIC):
            continue
        if type(value) in (list, set):
            setattr(twin, name, type(value)(value))
        elif type(value) is dict:
            setattr(twin, name, {k: v if isinstance(v, (*_ATOMIC, tuple)) else copy.copy(v) for k, v in value.items()})
        else:
            setattr(twin, name, copy.deepcopy(value))
    return twin


def _copy_session(session: Any) -> Any:
    """A session to go back to: the state copied (the states of the deal's
    log are never changed, only replaced), the lists, the ledger and the
    dice (in a snapshot, the dice's state; put back as dice)."""
    twin = copy.copy(session)
    twin.state = session.state.copy()
    for name, value in vars(session).items():  # lists of what happened: new lists of the same facts
        if isinstance(value, list):
            setattr(twin, name, list(value))
    if hasattr(session, "ledger"):  # the evening's chips in and out
        twin.ledger = _copy_ledger(session.ledger)
    twin.rng = _dice(session.rng)
    twin.shuffler = copy.copy(session.shuffler)
    if hasattr(twin.shuffler, "_random"):
        twin.shuffler._random = _dice(session.shuffler._random)
    if hasattr(twin.shuffler, "_decks"):
        twin.shuffler._decks = list(session.shuffler._decks)
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
        if isinstance(value, _ATOMIC):
            out[name] = value
        elif name == "session":
            out[name] = _copy_session(value)
        elif name == "setup":
            out[name] = _copy_setup(value)
        elif callable(value) or name in ("tr", "look", "_coach_cache"):
            out[name] = value
        elif name == "menu":  # the table menu's answers (its game and table are read only)
            out[name] = copy.copy(value)
        elif type(value) in (list, set) and all(isinstance(item, _ATOMIC) for item in value):
            out[name] = type(value)(value)  # cards chosen, seats: numbers
        else:
            out[name] = copy.deepcopy(value, dict(shared))
    return out


def _snapshot(ctl: Any) -> dict[str, Any]:
    """The controller as it is now, to go back to (its dice as their state)."""
    return _copied(ctl.__dict__)


def _restore(ctl: Any, saved: dict[str, Any]) -> None:
    """The controller as it was at ``saved`` (which stays as it is, to go back to again)."""
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
    """Press every key on the screen shown now, its message cleared; the keys
    that did nothing silently. The screen is put back after each key that
    changed it, and as it was (its message too) at the end."""
    silent: list[str] = []
    shown, was = screen_text(ctl, 80, 24), _snapshot(ctl)
    _clear_messages(ctl)
    saved = _snapshot(ctl)
    before = screen_text(ctl, 80, 24)
    for name, presses in _PRESSES.items():
        kb.press(presses)
        after = screen_text(ctl, 80, 24)
        if after == before and not kb.ended:
            silent.append(SEEN_BEFORE.format(key=repr(name), where=label))
        else:
            kb.reopen()
            _restore(ctl, saved)
    kb.reopen()
    _restore(ctl, was)
    assert screen_text(ctl, 80, 24) == shown, f"{label}: not put back as it was after its keys"
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


class Walk(NamedTuple):
    """What a walk found."""

    silent: list[str]  # the keys that did nothing silently, and where
    seen: set[Kind]  # the kinds of screen it reached (each probed once)
    #: at each move made just after the screen was put back (after a probe or
    #: a detour): the screen before and after the move; and what happened
    trail: dict[int, tuple[str, str]]
    events: list[Any]


def walk(
    ctl: Any,
    setup: str,
    *,
    steps: int = 400,
    detours: Callable[[Any], Iterator[str]] | None = None,
    probing: bool = True,
    trail: Iterable[int] = (),
) -> Walk:
    """Walk the session key by key from its setup; probe each kind of screen
    once, and the screens each of ``detours`` keys leads to (then back to
    where the walk was), from each kind of screen once (for each set of
    detours it offers). The moves after the screen was put back are kept in
    the trail, with the moves ``trail`` names (for a walk to compare with)."""
    kb = keyboard(ctl)
    found = Walk([], set(), {}, [])
    toured: set[tuple[Kind, tuple[str, ...]]] = set()
    marked = set(trail)

    def visit() -> bool:
        """Probe the screen if it is of a new kind; whether it was probed."""
        kind = where(ctl)
        if kind in found.seen:
            return False
        found.seen.add(kind)
        if probing:
            found.silent.extend(probe(kb, ctl, f"{kind}"))
        return probing

    def tour() -> bool:
        """Take each detour and come back; whether any was taken."""
        ways = list(detours(ctl)) if detours else []
        if not ways or (where(ctl), tuple(ways)) in toured:
            return False
        toured.add((where(ctl), tuple(ways)))
        saved = _snapshot(ctl)
        for into in ways:
            kb.press(into)
            visit()
            kb.reopen()
            _restore(ctl, saved)
        return True

    def move(index: int, put_back: bool, presses: list[Any] | None = None, step: int = 0) -> None:
        """The walk's next move: ``presses``, or (None) the move :func:`progress` makes at ``step``."""
        kept = put_back or index in marked
        before = screen_text(ctl, 80, 24) if kept else ""
        kb.press(progress(ctl, step) if presses is None else presses)  # (progress may move a computer)
        if kept:
            found.trail[index] = (before, screen_text(ctl, 80, 24))

    try:
        pending = list(key_presses(setup))
        for index, press in enumerate(pending):
            move(index, visit(), [press])
        for step in range(steps):
            if kb.ended or ctl.screen == c.SESSION_OVER:
                break
            put_back = visit()
            put_back = tour() or put_back
            move(len(pending) + step, put_back, step=step)
        visit()
    finally:
        kb.close()
    found.events.extend(ctl.session.events if ctl.session is not None else ())
    return found


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


#: what every walk reaches: the setup's questions, a turn, the end of a deal, the help, the question before leaving, the table menu
_EVERY_WALK = (
    "setup step/count step/names step/computers step/rules turn turn/betting deal_over help quit"
    " menu menu/pick menu/count menu/name menu/seat"
)
_TO_THE_END = "session_over"
_WHO_DEALS = "step/dealer"  # the setup asks who deals first
_BUYING_IN = "menu/buy_in menu/who"  # someone sits down: the buy-in, and who
#: a draw game's screens: hand-overs, the exchange and the showdown, cards chosen (two, three, none), the questions, the odds
_A_DRAW = (
    "handover handover/betting handover/exchange handover/showdown turn/exchange turn/showdown peek peek/exchange"
    " chosen/2 chosen/3 pat asked/fold asked/stand_pat coach"
)
_THREE_CARD = "turn/deciding hint"  # Three Card Poker's decision, its hint
_COMPUTER = "watch watch/betting"  # a computer's turn

#: what each walk reaches (today's walks, seed 7): a walk that stops
#: reaching one of these fails; the turn's phases are these exactly
REACHES = {
    "morkpoker, three people": f"{_A_DRAW} {_TO_THE_END} {_WHO_DEALS} {_BUYING_IN} peek/showdown",
    "no limit heads-up": (
        f"{_A_DRAW} {_TO_THE_END} {_WHO_DEALS} {_BUYING_IN} peek/betting"
        " again again/exchange amount/key amount/all-in amount/typed"
    ),
    "pot limit, a computer": (
        f"{_A_DRAW} {_TO_THE_END} {_WHO_DEALS} {_BUYING_IN} peek/betting"
        f" {_COMPUTER} watch/exchange watch/showdown amount/key amount/typed"
    ),
    "jackpots": f"{_A_DRAW} {_TO_THE_END} {_WHO_DEALS} {_BUYING_IN} peek/showdown",
    "dealer's choice": f"{_WHO_DEALS} {_BUYING_IN} choose handover handover/betting asked/fold coach",
    "three card poker": f"{_THREE_CARD} {_TO_THE_END} {_WHO_DEALS} handover handover/deciding peek peek/deciding",
    "three card poker, boxes": f"{_THREE_CARD} {_TO_THE_END} {_BUYING_IN} handover handover/deciding",
    "three card poker, a computer": f"{_THREE_CARD} {_TO_THE_END} {_WHO_DEALS} {_COMPUTER} watch/deciding",
    "the evening: draws, add-ons, a broke player asked": (
        f"{_A_DRAW} {_TO_THE_END} {_BUYING_IN} peek/showdown drawn ask menu/amount"
    ),
}

_AMOUNTS = {(True, False): "key", (True, True): "all-in", (False, False): "typed", (False, True): "typed-all-in"}


def expected(scenario: str) -> set[str]:
    """What the walk of ``scenario`` must reach, in :func:`reached`'s words."""
    return set(_EVERY_WALK.split()) | set(REACHES[scenario].split())


def reached(seen: Iterable[Kind]) -> set[str]:
    """What a walk reached, in words: each screen, and the part of the deal
    it shows ("turn/exchange"), the setup's questions ("step/names"), the
    amount entry ("amount/typed"), the questions ("asked/fold"), the table
    menu's questions ("menu/who"), cards chosen ("chosen/2", "pat"), the
    draw coach's odds ("coach") and Three Card Poker's hint ("hint")."""
    facts: set[str] = set()
    for kind in seen:
        facts.add(kind.screen)
        if kind.phase not in (None, "between_deals", "session_over"):
            facts.add(f"{kind.screen}/{kind.phase}")
        facts.update(
            fact
            for fact, there in (
                (f"step/{kind.step}", kind.step),
                (f"amount/{_AMOUNTS.get(kind.amount or (), '')}", kind.amount),
                (f"asked/{kind.question}", kind.question),
                (f"menu/{kind.menu[0] if kind.menu else ''}", kind.menu),
                (f"chosen/{kind.selected}", kind.selected),
                ("pat", kind.pat),
                ("coach", kind.coach),
                ("hint", kind.hint),
            )
            if there
        )
    return facts


def _turns(facts: set[str]) -> set[str]:
    return {fact for fact in facts if fact.startswith(c.TURN + "/")}


@pytest.mark.parametrize("scenario, language", [(s, "en") for s in SCENARIOS] + [(s, "nb") for s in IN_NORWEGIAN])
def test_every_key_on_every_screen_acts_or_says_why(scenario, language):
    """Every key on every kind of screen the walk reaches; the walk reaches
    what it must (:data:`REACHES`); and putting the screens back after the
    probes and detours left the walk as a walk without them: the same screen
    before and after each move made after one, the same things happened."""
    rules, names, computer = SCENARIOS[scenario]

    def start() -> Any:
        ctl = controller(rules(), language, seed=7)
        ctl.pause = 1.0 if computer else 0.0  # a computer's turn waits on the screen for its pause
        return ctl

    ctl = start()
    keys = setup_keys(names, computer, ctl.setup.asks_dealer)
    found = walk(ctl, keys, detours=turn_detours)
    assert not found.silent, f"{len(found.silent)} silent keys:\n" + "\n".join(found.silent)
    facts, must = reached(found.seen), expected(scenario)
    assert not must - facts, f"the walk no longer reaches {sorted(must - facts)}"
    assert _turns(facts) == _turns(must)
    plain = walk(start(), keys, probing=False, trail=found.trail)
    assert plain.trail.keys() == found.trail.keys() and found.trail
    for index, (before, after) in found.trail.items():
        assert (before, after) == plain.trail[index], f"move {index}: not as in the walk without probes"
    assert found.events == plain.events


def test_the_walks_together_reach_every_screen():
    """The walks above are only as good as the screens they reach: together they reach each one."""
    everything = set().union(*(expected(scenario) for scenario in SCENARIOS))
    screens = {c.SETUP, c.HANDOVER, c.TURN, c.AGAIN, c.WATCH, c.PEEK, c.DEAL_OVER, c.CHOOSE, c.SESSION_OVER}
    assert screens | {c.DRAWN, c.ASK, "help", "quit", "menu"} <= everything
    assert {f"step/{step}" for step in ("count", "names", "computers", "dealer", "rules")} <= everything
    assert {"amount/key", "amount/all-in", "amount/typed"} <= everything  # chosen by a key, all in, typed
    assert {"asked/fold", "asked/stand_pat"} <= everything
    assert _turns(expected("no limit heads-up")) == {"turn/betting", "turn/exchange", "turn/showdown"}
    assert _turns(expected("three card poker")) == {"turn/betting", "turn/deciding"}
    assert c.PEEK in expected("three card poker")  # Pair Plus alone: a look at the cards
    assert "handover/exchange" in expected("morkpoker, three people")
    # the evening: the table menu's questions, the draws for the first dealer, a broke player asked
    menus = {"pick", "seat", "name", "buy_in", "who", "count", "amount"}
    assert {f"menu/{step}" for step in menus} <= everything
    assert set(REACHES) == set(SCENARIOS)


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
    found = walk(resumed, "", steps=40, detours=turn_detours)
    assert not found.silent, "\n".join(found.silent)
    assert c.RESUMED in {kind.screen for kind in found.seen}
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

    def keys(before: str | None) -> list[str]:
        """Each key, then the model put back; compared with ``before`` (None: the text before each key)."""
        silent = []
        for name, presses in _PRESSES.items():
            shown = text() if before is None else before
            kb.press(presses)
            if text() == shown and not kb.ended:
                silent.append(SEEN_BEFORE.format(key=repr(name), where=f"the replay after {label}"))
            kb.reopen()
            model.__dict__.clear()
            model.__dict__.update(saved)
        return silent

    model.message = None
    saved = dict(model.__dict__)
    text()  # the deals are found as they are needed: the count in the title may change once
    before = text()
    silent = keys(before)
    if text() != before:  # more deals were found during the keys (they are found, never lost): again, as they go
        silent = keys(None)
    return silent
