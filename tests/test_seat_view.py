"""A seat's view is the one door to private information: nothing reachable
from it -- by attributes, slots, ``__dict__``, closures, the garbage
collector's referents, or, for a bot of one's own, the frames of the
thread it is asked on -- holds another seat's cards, the stock, or the
state itself."""

from __future__ import annotations

import contextlib
import gc
import json
import random
import sys
import types
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drawpoker.bots.seat import SeatBot, strategy
from drawpoker.cards import Card
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.errors import IllegalAction
from drawpoker.games import game_for
from drawpoker.games.draw.in_play import deck_jokers
from drawpoker.games.draw.state import DrawState
from drawpoker.games.evening import Join, Leave, Rebuy
from drawpoker.games.three_card.state import TcpState
from drawpoker.games.view import Decision, seat_view, to_json
from drawpoker.rules import load_rules
from drawpoker.session.simulate import simulate

DRAW = [
    "morkpoker",
    "jackpots",
    "california-draw",
    "deuces-wild",
    "ace-to-five-lowball",
    "deuce-to-seven-triple-draw",
    "no-limit-draw",
    "dealers-choice",
]
TCP = ["three-card-poker", "three-card-poker-ro", "three-card-poker-ru"]

_STOP = (
    type,
    types.ModuleType,
    types.FunctionType,
    types.BuiltinFunctionType,
    types.MethodType,
    types.CodeType,
    types.MethodWrapperType,
    types.WrapperDescriptorType,
)


def reachable(*roots: Any, frames: bool = False) -> list[Any]:
    """Every object reachable from ``roots`` by attributes, slots, items,
    ``__dict__``, closures and the garbage collector's referents -- code,
    classes and modules are not followed (they hold no table). With
    ``frames``, a frame's locals and the frames it was called from too."""
    seen: dict[int, Any] = {}
    todo = list(roots)
    while todo:
        obj = todo.pop()
        if id(obj) in seen:
            continue
        seen[id(obj)] = obj
        if isinstance(obj, types.FrameType):
            if frames:
                todo += list(obj.f_locals.values())
                if obj.f_back is not None:
                    todo.append(obj.f_back)
            continue
        if isinstance(obj, types.FunctionType):  # a closure or default holds data
            todo += [c.cell_contents for c in obj.__closure__ or () if _filled(c)]
            todo += list(obj.__defaults__ or ())
            continue
        if isinstance(obj, types.MethodType):
            todo.append(obj.__self__)
            continue
        if isinstance(obj, _STOP) or obj is None:
            continue
        todo += gc.get_referents(obj)
        for name in getattr(type(obj), "__slots__", ()):
            if hasattr(obj, name):
                todo.append(getattr(obj, name))
        if hasattr(obj, "__dict__") and not isinstance(obj, type):
            todo.append(vars(obj))
    return list(seen.values())


def _filled(cell: Any) -> bool:
    try:
        _ = cell.cell_contents
    except ValueError:
        return False
    return True


def dealt_them(state: Any, seat: int, dealt_to: tuple[str, ...] | None) -> bool:
    """Whether the player in ``seat`` now was dealt the seat's cards of this deal
    (``dealt_to``: the seats' names as the deal began, kept by the caller; None: nobody came or went)."""
    return dealt_to is None or (seat < len(dealt_to) and dealt_to[seat] == state.names[seat])


def draw_allowed(state: DrawState, seat: int, dealt_to: tuple[str, ...] | None = None) -> set[Card]:
    """The cards ``seat`` may know of: its own (now, as dealt, thrown, kept apart) if its player now
    was dealt them, the hands shown, the proof."""
    mine: set[Card] = set()
    if dealt_them(state, seat, dealt_to):
        mine.update(state.hands[seat], state.dealt[seat], state.thrown[seat])
        if seat == state.opener:
            mine.update(state.apart)
    for shown in state.shown:
        mine.update(shown or ())
    mine.update(state.proof)
    return mine


def tcp_allowed(state: TcpState, seat: int, rules: Any, dealt_to: tuple[str, ...] | None = None) -> set[Card]:
    from drawpoker.games.three_card.state import box_shown

    mine = set(state.dealer_cards)
    for box in state.boxes:
        if (box.seat == seat and dealt_them(state, seat, dealt_to)) or box_shown(box, rules):
            mine.update(box.cards)
    return mine


def check_view(view: Any, state: Any, allowed: set[Card]) -> None:
    found = reachable(view)
    cards = {obj for obj in found if isinstance(obj, Card)}
    assert cards <= allowed, f"the view reaches {sorted(map(str, cards - allowed))}"
    for obj in found:
        assert obj is not state and not isinstance(obj, (DrawState, TcpState)), "the view reaches a state"
        assert not (getattr(state, "stock", None) and obj is state.stock), "the view reaches the stock"
        assert not (state.deck and obj is state.deck), "the view reaches the deck"
        assert not isinstance(obj, list), "the view holds a list (something mutable, maybe the state's)"
    json.dumps(to_json(view))  # plain data, all of it


def play_and_check(ruleset: str, players: int, seed: int, decisions: int = 120) -> int:
    """Random play; at every step every seat's view is checked. Returns the views checked."""
    rules = load_rules(ruleset)
    game = game_for(rules)
    state = game.new_state()
    names = tuple(f"P{i}" for i in range(players))
    game.handle(state, game.sit_down(names, (rules.session.starting_stack,) * players, 0))
    shuffler = RandomShuffler(seed, 0)
    bots = [SeatBot(strategy("random", rules), seed + i, None, rules) for i in range(players)]
    checked = 0
    for _ in range(decisions):
        if state.phase == "session_over":
            break
        for seat in range(players):
            view = seat_view(game, state, seat)
            allowed = draw_allowed(state, seat) if isinstance(state, DrawState) else tcp_allowed(state, seat, rules)
            check_view(view, state, allowed)
            checked += 1
        if state.phase == "between_deals":
            if getattr(game, "rotation", None) and game.rotation(state) is not None:
                dealer = game.next_dealer(state)
                game.handle(state, bots[dealer].command(game, state, dealer))
            game.handle(state, game.start_deal(*shuffler.shuffle(deck_jokers(game, state))))
        else:
            game.handle(state, bots[state.to_act].command(game, state))
    return checked


@pytest.mark.parametrize("ruleset", DRAW + TCP)
def test_no_view_reaches_what_its_seat_may_not_see(ruleset):
    assert play_and_check(ruleset, 3, 7) > 30


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(DRAW + TCP), st.integers(2, 5), st.integers(0, 10**6))
def test_no_view_leaks_over_random_play(ruleset, players, seed):
    lo, hi = game_for(load_rules(ruleset)).seat_range()
    play_and_check(ruleset, max(lo, min(hi, players)), seed, decisions=60)


#: who comes and goes in an evening: the first players (coming back) and newcomers
EVENING_NAMES = ("P0", "P1", "P2", "Dina", "Eva", "Finn")


def evening_and_check(ruleset: str, players: int, seed: int, steps: int = 160) -> tuple[int, int]:
    """An evening of random play in which players leave (between deals, or asking
    during one) and others sit down in their seats or new ones -- a player who
    left among them -- a computer now and then; at every step every seat's view
    is checked against what the seat's player now may know: no card of a deal
    it was not dealt (the test keeps the seats' names as each deal began), unless
    shown. Returns the views checked, and how many were of a seat whose player
    came since the deal began holding cards of it (each must show none of them)."""
    rules = load_rules(ruleset)
    game = game_for(rules)
    tcp = not isinstance(game.new_state(), DrawState)
    rng = random.Random(seed)
    state = game.new_state()
    names = tuple(f"P{i}" for i in range(players))
    game.handle(state, game.sit_down(names, (rules.session.starting_stack,) * players, 0))
    shuffler = RandomShuffler(seed, 0)
    bot = strategy("random", rules)
    bots: dict[int, SeatBot] = {}
    dealt_to: tuple[str, ...] = ()
    checked = newcomers = 0
    least, most = game.evening.buy_in_range()

    def allowed(seat: int) -> set[Card]:
        if tcp:
            return tcp_allowed(state, seat, rules, dealt_to)
        return draw_allowed(state, seat, dealt_to)

    def evening() -> None:
        seated = [seat for seat, name in enumerate(state.names) if name]
        empty = [seat for seat, name in enumerate(state.names) if not name] + [len(state.names)]
        here = {name.casefold() for name in state.names if name}
        coming = [name for name in EVENING_NAMES if name.casefold() not in here]
        leaving = sum(1 for r in state.requests if r.what == "leave")
        if rng.random() < 0.5 and len(seated) - leaving > 2:  # (two stay: the evening goes on)
            command: Any = Leave(rng.choice(seated))
        elif state.phase == "between_deals" and coming:
            seat = rng.choice(empty[:-1] or empty) if rng.random() < 0.8 else len(state.names)
            command = Join(seat, rng.choice(coming), rng.randint(least, most), rng.choice(("", "random")))
        else:
            return
        with contextlib.suppress(IllegalAction):
            game.handle(state, command)

    for _ in range(steps):
        if state.phase == "session_over":
            break
        for seat in range(len(state.names)):
            view = seat_view(game, state, seat)
            check_view(view, state, allowed(seat))
            checked += 1
            own = state.boxes if tcp else [state.hands[seat]]
            if not dealt_them(state, seat, dealt_to) and any(
                (box.cards and box.seat == seat) if tcp else box for box in own
            ):
                newcomers += 1
        if rng.random() < (0.4 if state.phase == "between_deals" else 0.1):
            evening()
            continue
        if state.phase == "between_deals":
            asked = game.evening.asked(state)
            if asked:
                with contextlib.suppress(IllegalAction):
                    game.handle(state, Rebuy(asked[0]))
                continue
            try:
                if getattr(game, "rotation", None) and game.rotation(state) is not None:
                    dealer = game.next_dealer(state)
                    game.handle(
                        state, bots.setdefault(dealer, SeatBot(bot, seed + dealer)).command(game, state, dealer)
                    )
                game.handle(state, game.start_deal(*shuffler.shuffle(deck_jokers(game, state))))
            except IllegalAction:  # too few at the table: somebody sits down
                evening()
                continue
            dealt_to = tuple(state.names)
        elif state.to_act is not None:
            game.handle(state, bots.setdefault(state.to_act, SeatBot(bot, seed + state.to_act)).command(game, state))
    return checked, newcomers


@pytest.mark.parametrize(
    ("ruleset", "seed"), [("morkpoker", 1), ("jackpots", 4), ("dealers-choice", 1), ("three-card-poker-ro", 1)]
)
def test_no_view_shows_a_newcomer_the_cards_of_the_one_who_left_the_seat(ruleset, seed):
    """Cato folds (his cards never shown) and leaves; Dina sits down in his seat
    between deals: the seat's view held his cards of the last deal (a phone was
    sent them, a computer's bot choosing the next game saw them). Played over
    random evenings of comings and goings, every view is checked, and the
    newcomers' views of seats still holding the leaver's cards are many."""
    checked, newcomers = evening_and_check(ruleset, 3, seed, steps=300)
    assert checked > 300 and newcomers >= 5


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(DRAW + TCP), st.integers(2, 5), st.integers(0, 10**6))
def test_no_view_leaks_over_evenings_of_comings_and_goings(ruleset, players, seed):
    lo, hi = game_for(load_rules(ruleset)).seat_range()
    evening_and_check(ruleset, max(lo, min(hi, players)), seed, steps=120)


def test_the_walk_finds_a_leak_where_there_is_one():
    """The check can fail: a view that held the stock would be caught."""
    rules = load_rules("morkpoker")
    game = game_for(rules)
    state = game.new_state()
    game.handle(state, game.sit_down(("A", "B"), (40, 40), 0))
    game.handle(state, game.start_deal(*RandomShuffler(1, 0).shuffle()))
    view = seat_view(game, state, 0)
    leaky = (view, tuple(state.stock))
    with pytest.raises(AssertionError, match="reaches"):
        check_view(leaky, state, draw_allowed(state, 0))  # type: ignore[arg-type]
    closure_leak = lambda: state.hands  # noqa: E731
    assert any(obj is state for obj in reachable(closure_leak))


def test_a_view_is_immutable_plain_data():
    rules = load_rules("no-limit-draw")
    game = game_for(rules)
    state = game.new_state()
    game.handle(state, game.sit_down(("A", "B", "C"), (100, 100, 100), 0))
    game.handle(state, game.start_deal(*RandomShuffler(2, 0).shuffle()))
    view = seat_view(game, state, state.to_act)
    with pytest.raises(AttributeError):
        view.hand = ()  # type: ignore[misc]
    assert not hasattr(view, "__dict__")
    data = to_json(view)
    assert data["hand"] == [str(c) for c in state.hands[state.to_act]]
    assert [o["act"] for o in data["options"]] == ["fold", "call", "raise"]
    assert data["rules"]["betting"]["structure"] == "no_limit"
    assert to_json(Decision("exchange", cards=tuple(state.hands[0][:2])))["cards"] == [
        str(c) for c in state.hands[0][:2]
    ]


class Spy:
    """A bot of one's own that looks everywhere it can reach from what it is given."""

    found: list[set[Card]] = []
    states: list[bool] = []

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: Any) -> Decision:
        objects = reachable(view, self, sys._getframe(), frames=True)
        Spy.found.append({obj for obj in objects if isinstance(obj, Card)})
        Spy.states.append(any(isinstance(obj, (DrawState, TcpState)) for obj in objects))
        if view.phase == "exchange":
            return Decision("exchange")
        if view.phase == "showdown":
            return Decision("show")
        if view.phase == "choose_game":
            return Decision("choose", game=view.game if view.carried else view.games[0])
        if hasattr(view, "limits"):
            return Decision("place") if view.phase == "betting" else Decision("fold")
        return Decision("check") if view.option("check") else Decision("call")

    def observe(self, view: Any) -> None:
        self.act(view)


@pytest.mark.parametrize("ruleset", ["jackpots", "deuce-to-seven-triple-draw", "three-card-poker"])
def test_a_bot_of_ones_own_reaches_only_its_view(ruleset, monkeypatch):
    """Through the bot API: the spy, asked on its own thread, follows every
    reference from the view, itself and its thread's frames, and finds no
    card its seat may not know of (its own hand and the shown ones, at most)."""
    Spy.found, Spy.states = [], []
    rules = load_rules(ruleset)
    seen: list[tuple[Any, set[Card]]] = []
    from drawpoker.bots import seat as seat_module

    real = seat_module.seat_view

    def recording(game: Any, state: Any, seat: int) -> Any:
        view = real(game, state, seat)
        allowed = draw_allowed(state, seat) if isinstance(state, DrawState) else tcp_allowed(state, seat, rules)
        seen.append((view, allowed))
        return view

    monkeypatch.setattr(seat_module, "seat_view", recording)
    simulate(rules, 3, 15, 5, [f"{__name__}:Spy", "sensible", "sensible"])
    spied = [(view, allowed) for view, allowed in seen if view.seat == 0]
    assert len(Spy.found) == len(spied) > 10
    assert not any(Spy.states)
    for found, (_view, allowed) in zip(Spy.found, spied, strict=True):
        assert found <= allowed, sorted(map(str, found - allowed))


@pytest.mark.parametrize(
    "ruleset", ["morkpoker", "jackpots", "no-limit-draw", "deuce-to-seven-triple-draw", "dealers-choice"]
)
def test_the_phone_form_is_the_documented_view_and_says_what_the_state_holds(ruleset):
    """``phone_form`` gives the shape docs/phones.md documents (the phones'
    own check finds no problem), and the facts read straight from the
    state agree: the seat's own cards, the stacks and bets, who acts, the
    engine's legal actions on the seat's turn (and the games to choose from
    for the dealer in dealer's choice), nothing for any other seat."""
    from drawpoker.games.draw.in_play import game_in_play
    from drawpoker.games.view import phone_view
    from drawpoker.phones.protocol import view_problems

    rules = load_rules(ruleset)
    game = game_for(rules)
    state = game.new_state()
    players = 4
    game.handle(
        state, game.sit_down(tuple(f"P{i}" for i in range(players)), (rules.session.starting_stack,) * players, 0)
    )
    shuffler = RandomShuffler(5, 0)
    bots = [SeatBot(strategy("sensible", rules), i, None, rules) for i in range(players)]
    compared = choices = 0
    for _ in range(200):
        if state.phase == "session_over":
            break
        chooser = None
        if state.phase == "between_deals" and game.rotation(state) is not None:
            chooser = game.next_dealer(state)
        for seat in range(players):
            mine = phone_view(game, state, seat)
            assert view_problems(mine) == []
            assert mine["cards"] == [str(c) for c in state.hands[seat]] if state.in_deal[seat] else mine["cards"] == []
            assert [s_["stack"] for s_ in mine["seats"]] == list(state.stacks)
            # (this round's bets, as the laptop shows them: none once the round is closed)
            bets = list(state.bets) if state.phase == "betting" else [0] * players
            assert [s_["bet"] for s_ in mine["seats"]] == bets
            assert mine["to_act"] == (chooser if chooser is not None else state.to_act)
            assert mine["phase"] == ("choose_game" if chooser is not None else state.phase)
            if mine["legal"] is None:
                assert mine["to_act"] != seat
            elif chooser is not None:
                assert seat == chooser and [g["name"] for g in mine["legal"]["choose"]] == list(game.games())
                assert [g["title"] for g in mine["legal"]["choose"]] == [
                    "Mørkpoker",
                    "Jackpots",
                    "Deuce-to-seven triple draw",
                ]
                choices += 1
            else:
                legal = game_in_play(game, state).legal_actions(state)
                assert [a["action"] for a in mine["legal"]["actions"]] == [o.action for o in legal.options]
            compared += 1
        if state.phase == "between_deals":
            if game.rotation(state) is not None:
                dealer = game.next_dealer(state)
                game.handle(state, bots[dealer].command(game, state, dealer))
            game.handle(state, game.start_deal(*shuffler.shuffle(deck_jokers(game, state))))
        else:
            game.handle(state, bots[state.to_act].command(game, state))
    assert compared > 300
    assert choices > 0 or ruleset != "dealers-choice"
