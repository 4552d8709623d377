"""The engine's short ways give the general way's answers, command by command.

:class:`DrawGame` takes a short way for the commonest commands (an exchange
in a deck without jokers, a pot one seat can win, ...). Here two games play
the same session side by side, one made with ``short_ways=False``, so every
command goes the general way: each command must
give the same events (or the same refusal, in the same words) and leave
equal states. The commands are drawn to hit the short ways' edges: cards not
held, a card named twice, a list instead of a tuple, more cards than allowed,
decisions out of turn, short stacks that go all-in. (Speed is measured in
bench/replay_floor.py, never here.)
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from drawpoker.cards import DECK
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.errors import IllegalAction
from drawpoker.games import evening as E
from drawpoker.games.draw import commands as cmd
from drawpoker.games.draw import events as ev
from drawpoker.games.draw.decide import DrawGame
from drawpoker.games.draw.state import BETTING, EXCHANGE, SHOWDOWN, DrawState
from drawpoker.rules import load_rules


def _rules(name: str, **betting: Any) -> Any:
    rules = load_rules(name)
    return attrs.evolve(rules, betting=attrs.evolve(rules.betting, **betting)) if betting else rules


RULES = {
    "morkpoker": _rules("morkpoker"),
    "jackpots": _rules("jackpots"),
    "deuces-wild": _rules("deuces-wild"),
    "blinds": _rules("morkpoker", ante=0, blinds=(1, 2), small_bet=2, big_bet=4),
    "no-limit": _rules("morkpoker", structure="no_limit"),
    # blinds alone, as shipped: the deal's start's short way for blinds (issue 29)
    "triple-draw": _rules("deuce-to-seven-triple-draw"),
    "single-draw": _rules("deuce-to-seven-single-draw"),
}


def _discards(rng: random.Random, hand: tuple[Any, ...]) -> Any:
    """What a player names to exchange: mostly cards held, sometimes not."""
    k = rng.randint(0, 5 if rng.random() < 0.2 else 3)
    cards = list(rng.sample(hand, min(k, len(hand))))
    odd = rng.random()
    if odd < 0.05 and cards:
        cards.append(cards[0])  # a card named twice
    elif odd < 0.10:
        cards.append(rng.choice(DECK))  # a card perhaps not held
    elif odd < 0.13:
        return cards  # a list, not a tuple
    return tuple(cards)


def _command(rng: random.Random, game: DrawGame, state: DrawState, players: int) -> Any:
    seat = state.to_act
    assert seat is not None
    if rng.random() < 0.03:
        seat = (seat + 1) % players  # out of turn
    if state.phase == EXCHANGE:
        return cmd.Exchange(seat, _discards(rng, state.hands[state.to_act]))  # type: ignore[index]
    if state.phase == SHOWDOWN:
        return cmd.Show(seat) if rng.random() < 0.7 else cmd.Muck(seat)
    assert state.phase == BETTING
    options = [o.action for o in game.legal_actions(state.copy()).options]
    word = rng.choice(options) if rng.random() < 0.95 else rng.choice(("check", "call", "bet", "raise", "fold"))
    to = None
    if word in ("bet", "raise") and game.rules.betting.structure != "fixed_limit":
        to = game.betting_choices(state.copy()).min_to if word in options else rng.randint(1, 40)
    return {
        "check": lambda: cmd.Check(seat),
        "call": lambda: cmd.Call(seat),
        "fold": lambda: cmd.Fold(seat),
        "bet": lambda: cmd.Bet(seat, to),
        "raise": lambda: cmd.Raise(seat, to),
    }[word]()


def _both(fast: DrawGame, general: DrawGame, a: DrawState, b: DrawState, command: Any) -> list[Any]:
    """The command on both tables: the same events or the same refusal, and
    equal tables after. The events (none if refused)."""
    expected: list[Any] = []
    try:
        expected = general.handle(b, command)
    except IllegalAction as refused:
        try:
            fast.handle(a, command)
        except IllegalAction as also:
            assert str(also) == str(refused), command
        else:
            raise AssertionError(f"{command!r}: the short way allows what the general way refuses ({refused})")
    else:
        assert fast.handle(a, command) == expected, command
    assert a == b, command
    return expected


@settings(max_examples=40, deadline=None)
@example(name="morkpoker", seed=5, players=6)  # Mørkpoker's six at the table, every time
@example(name="blinds", seed=7, players=3)
@given(name=st.sampled_from(sorted(RULES)), seed=st.integers(0, 2**32 - 1), players=st.sampled_from((2, 3, 6)))
def test_short_ways_give_the_general_ways_answers(name: str, seed: int, players: int) -> None:
    rules = RULES[name]
    fast, general = DrawGame(rules), DrawGame(rules, short_ways=False)
    a, b = DrawState(), DrawState()
    rng = random.Random(seed)
    shuffler = RandomShuffler(seed, getattr(getattr(rules, "deck", None), "jokers", 0))
    stacks = tuple(rng.choice((2, 5, 12, 40)) for _ in range(players))  # short stacks go all-in
    version = (None, 1, 2)[seed % 3]  # the rules of the evening: this drawpoker's, or recorded ones
    _both(fast, general, a, b, cmd.SitDown(tuple(f"P{i}" for i in range(players)), stacks, seed % players, version))
    for _ in range(12):
        if a.phase != "between_deals":
            break
        _both(fast, general, a, b, cmd.StartDeal(*shuffler.shuffle()))
        steps = 0
        while a.to_act is not None and steps < 300:
            steps += 1
            _both(fast, general, a, b, _command(rng, fast, a, players))


def test_a_side_pot_one_seat_can_win_is_theirs_seen_only_if_shown() -> None:
    """A stacked deal that reaches the short way's pot at a showdown: A is
    all-in in round 1; in round 2 C raises B and folds, leaving a side pot
    of 8 only B can win. B mucks (the pot is won unseen) or shows."""
    for ending in ((cmd.Muck(1),), (cmd.Show(1), cmd.Show(0))):
        fast, general = DrawGame(RULES["morkpoker"]), DrawGame(RULES["morkpoker"], short_ways=False)
        a, b = DrawState(), DrawState()
        events: list[Any] = []
        for command in (
            cmd.SitDown(("A", "B", "C"), (5, 40, 40), 2),
            cmd.StartDeal(tuple(DECK), 0),
            *(cmd.Bet(0), cmd.Raise(1), cmd.Raise(2), cmd.Raise(0), cmd.Call(1), cmd.Call(2)),  # A all-in
            *(cmd.Exchange(0, ()), cmd.Exchange(1, ()), cmd.Exchange(2, ())),
            *(cmd.Bet(1), cmd.Raise(2), cmd.Raise(1), cmd.Fold(2)),
            *ending,
        ):
            events += _both(fast, general, a, b, command)
        side = [e for e in events if isinstance(e, ev.PotAwarded) and e.pot == 1]
        assert side == [ev.PotAwarded(1, 8, (1,), ((1, 8),), (), shown=len(ending) == 2)]


@settings(max_examples=25, deadline=None)
@example(name="morkpoker", seed=5, players=6)
@given(name=st.sampled_from(sorted(RULES)), seed=st.integers(0, 2**32 - 1), players=st.sampled_from((2, 3, 6)))
def test_handler_is_what_handle_does(name: str, seed: int, players: int) -> None:
    """Verify calls ``handler(type(c))(state, c)`` in place of ``handle(state, c)``:
    the same events, the same refusals in the same words, equal tables after
    (the general way's game checks both)."""
    rules = RULES[name]
    fast, general = DrawGame(rules), DrawGame(rules, short_ways=False)
    a, b = DrawState(), DrawState()
    rng = random.Random(seed)
    shuffler = RandomShuffler(seed, getattr(getattr(rules, "deck", None), "jokers", 0))
    stacks = tuple(rng.choice((2, 5, 12, 40)) for _ in range(players))

    def both(command: Any) -> None:
        try:
            expected = general.handle(b, command)
        except IllegalAction as refused:
            try:
                fast.handler(type(command))(a, command)
            except IllegalAction as also:
                assert str(also) == str(refused), command
            else:
                raise AssertionError(f"{command!r}: handler allows what handle refuses ({refused})") from None
        else:
            assert fast.handler(type(command))(a, command) == expected, command
        assert a == b, command

    both(cmd.SitDown(tuple(f"P{i}" for i in range(players)), stacks, seed % players))
    for _ in range(8):
        if a.phase != "between_deals":
            break
        both(cmd.StartDeal(*shuffler.shuffle()))
        steps = 0
        while a.to_act is not None and steps < 300:
            steps += 1
            both(_command(rng, fast, a, players))
    both(cmd.Muck(0))  # (not the expected decision: the long way's refusal)


def test_handler_gives_a_replaced_handle_as_it_is() -> None:
    """A dealer's choice game (its handle is the dispatcher) and a handle
    replaced on the class (as a bench does) are given back, not bypassed."""
    choice = DrawGame(load_rules("dealers-choice"))
    assert choice.handler(cmd.Check) == choice.handle
    game = DrawGame(RULES["morkpoker"])
    assert game.handler(cmd.Check) == game._check
    real = DrawGame.handle

    def replaced(self: DrawGame, state: DrawState, command: Any) -> list[Any]:
        return []

    DrawGame.handle = replaced  # type: ignore[method-assign]
    try:
        assert game.handler(cmd.Check) == game.handle
        assert game.handler(cmd.Check)(DrawState(), cmd.Check(0)) == []
    finally:
        DrawGame.handle = real  # type: ignore[method-assign]


@pytest.mark.parametrize("name", ["morkpoker", "no-limit"])
def test_command_of_makes_what_the_commands_own_constructors_make(name: str) -> None:
    """command_of builds each command with tuple.__new__: the same class and
    fields as the NamedTuple's constructor (defaults included)."""
    game = DrawGame(RULES[name])
    big = name == "no-limit"
    cards = tuple(DECK[:5])
    cases = [
        (ev.SessionStarted(("A", "B"), (40, 40), 1, 1), cmd.SitDown(("A", "B"), (40, 40), 1, 1)),
        (ev.SessionStarted(("A", "B"), (40, 40), 1), cmd.SitDown(("A", "B"), (40, 40), 1, E.EVENING_RULES)),
        (
            ev.DealStarted(1, 0, tuple(DECK), 7, 0, False, "side_pots_first"),
            cmd.StartDeal(tuple(DECK), 7, False, "side_pots_first"),
        ),
        (ev.Checked(1), cmd.Check(1)),
        (ev.BetPlaced(2, 3, True), cmd.Bet(2, 3) if big else cmd.Bet(2)),
        (ev.Called(3, 2), cmd.Call(3)),
        (ev.Raised(4, 2, 6, True), cmd.Raise(4, 6) if big else cmd.Raise(4)),
        (ev.Folded(5), cmd.Fold(5)),
        (ev.CardsExchanged(1, cards[:2], cards[2:4], None), cmd.Exchange(1, cards[:2])),
        (ev.HandShown(0, cards), cmd.Show(0)),
        (ev.HandMucked(2), cmd.Muck(2)),
    ]
    for event, expected in cases:
        made = game.command_of(event)
        assert type(made) is type(expected) and made == expected and made._asdict() == expected._asdict(), event
    # the game's own command makers too (made by tuple.__new__, the defaults read from the class)
    for made, expected in (
        (game.sit_down(["A", "B"], [40, 40], 1), cmd.SitDown(("A", "B"), (40, 40), 1)),
        (game.sit_down(("A", "B"), (40, 40)), cmd.SitDown(("A", "B"), (40, 40))),
        (game.start_deal(list(DECK), 7), cmd.StartDeal(tuple(DECK), 7)),
        (game.start_deal(tuple(DECK)), cmd.StartDeal(tuple(DECK))),
    ):
        assert type(made) is type(expected) and made._asdict() == expected._asdict()
    assert game.command_of(ev.AntePosted(0, 1)) is None
