"""The engine's fast paths give the plain definitions' answers: removing
cards one for one, the blind seats, the pots (one pot when everyone still in
put in the same) and the clockwise order. (The speed itself is measured in
bench/simulate.py, never here; bench/event_digest.py checks that seeded
sessions under every shipped ruleset decide exactly as before.)"""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from drawpoker.cards import DECK, JOKER
from drawpoker.engine.betting import blind_seats
from drawpoker.engine.pots import Pot, build_pots, clockwise_from
from drawpoker.games.draw.deck import without

CARDS = st.sampled_from(list(DECK[:6]) + [JOKER])


def _without_by_count(cards: tuple, gone: tuple) -> tuple:
    """Each card named removes one of its kind, the first still there."""
    left = Counter(gone)
    out = []
    for card in cards:
        if left[card]:
            left[card] -= 1
        else:
            out.append(card)
    return tuple(out)


@given(st.lists(CARDS, max_size=7), st.lists(CARDS, max_size=6))
def test_without_removes_one_for_one_in_order(cards: list, gone: list) -> None:
    assert without(tuple(cards), tuple(gone)) == _without_by_count(tuple(cards), tuple(gone))


def test_blind_seats_are_the_first_two_dealt_in_left_of_the_button() -> None:
    for seats in range(1, 9):
        for in_deal in itertools.product((False, True), repeat=seats):
            for button in range(seats):
                order = [(button + k) % seats for k in range(1, seats + 1) if in_deal[(button + k) % seats]]
                if len(order) < 2:
                    try:
                        blind_seats(button, in_deal)
                    except ValueError:
                        continue
                    raise AssertionError(f"blinds posted with {len(order)} player(s) dealt in")
                expected = (order[1], order[0]) if len(order) == 2 else (order[0], order[1])
                assert blind_seats(button, in_deal) == expected


def _pots_by_levels(committed: list[int], folded: list[bool], extra: int) -> list[Pot]:
    """The main pot and side pots, level by level (build_pots's definition)."""
    levels = sorted({c for c, f in zip(committed, folded, strict=True) if not f and c > 0})
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in committed)
        eligible = tuple(i for i, (c, f) in enumerate(zip(committed, folded, strict=True)) if not f and c >= level)
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        else:
            pots.append(Pot(amount, eligible))
        previous = level
    leftover = sum(c - min(c, previous) for c in committed)
    if not pots:
        live = tuple(i for i, f in enumerate(folded) if not f)
        return [Pot(extra + leftover, live)] if extra + leftover else []
    if leftover:
        pots[-1] = Pot(pots[-1].amount + leftover, pots[-1].eligible)
    if extra:
        pots[0] = Pot(pots[0].amount + extra, pots[0].eligible)
    return pots


@given(
    st.lists(st.tuples(st.sampled_from((0, 1, 3, 5, 5, 5, 8)), st.booleans()), min_size=2, max_size=6),
    st.sampled_from((0, 0, 4)),
)
def test_build_pots_single_pot_fast_path_agrees(seats: list[tuple[int, bool]], extra: int) -> None:
    committed = [c for c, _ in seats]
    folded = [f for _, f in seats]
    assert build_pots(committed, folded, extra) == _pots_by_levels(committed, folded, extra)


def test_clockwise_from_starts_left_of_the_button() -> None:
    for seats in range(1, 10):
        for button in range(seats):
            assert clockwise_from(button, seats) == tuple((button + k) % seats for k in range(1, seats + 1))


def _slots(state: object) -> dict[str, object]:
    return {name: getattr(state, name) for name in type(state).__slots__}


def test_a_new_state_is_what_the_resets_leave_at_a_table_of_no_seats() -> None:
    """DrawState() writes its deal's and evening's facts out (issue 29); they
    are what reset_deal and reset_evening give a table of no seats, every
    slot (the bookkeeping too), and no two slots share a list."""
    from drawpoker.games import evening
    from drawpoker.games.draw.state import DrawState
    from drawpoker.games.three_card.state import TcpState

    for kind in (DrawState, TcpState):
        new, reset = kind(), kind()
        evening.reset_evening(reset, 0)
        if isinstance(reset, DrawState):
            reset.reset_deal()
        assert _slots(new) == _slots(reset)
        assert {type(v) for v in _slots(new).values()} == {type(v) for v in _slots(reset).values()}
        lists = [v for v in _slots(new).values() if isinstance(v, list)]
        assert len({id(v) for v in lists}) == len(lists)


def test_a_first_deal_after_the_seating_is_dealt_as_any_other() -> None:
    """The first deal after the seating skips resetting the deal's facts (the
    seating left them blank); a table seated and dealt equals one whose deal's
    facts were reset before dealing, and equals the reducer's replay."""
    from drawpoker.engine.shuffle import StackedShuffler
    from drawpoker.games.draw.decide import DrawGame
    from drawpoker.games.draw.reducer import replay
    from drawpoker.rules import load_rules

    for ruleset in ("morkpoker", "deuce-to-seven-triple-draw", "deuce-to-seven-single-draw"):
        game = DrawGame(load_rules(ruleset))
        deck = tuple(DECK[::-1])
        plain, reset = game.new_state(), game.new_state()
        log = game.handle(plain, game.sit_down(("A", "B", "C"), (100, 100, 100), 1))
        game.handle(reset, game.sit_down(("A", "B", "C"), (100, 100, 100), 1))
        reset.reset_deal()
        shuffler = StackedShuffler(deck, deck)
        log += game.handle(plain, game.start_deal(*shuffler.shuffle()))
        game.handle(reset, game.start_deal(*shuffler.shuffle()))
        assert plain == reset
        assert replay(log) == plain


def test_a_new_table_seated_the_short_way_is_what_the_reducer_seats() -> None:
    """A table no event has touched is seated by writing only what differs
    from a new state (issue 29); every slot (the bookkeeping too) is what the
    reducer's SessionStarted gives, of the same types, no two slots share a
    list, and the reducer's replay of the seating gives the same."""
    from drawpoker.games.draw.decide import DrawGame
    from drawpoker.games.draw.reducer import replay
    from drawpoker.rules import load_rules

    for ruleset in ("morkpoker", "deuce-to-seven-triple-draw", "deuce-to-seven-single-draw"):
        fast, general = DrawGame(load_rules(ruleset)), DrawGame(load_rules(ruleset), short_ways=False)
        for players in range(2, 7):
            names = tuple(f"P{i}" for i in range(players))
            stacks = tuple(100 + i for i in range(players))
            a, b = fast.new_state(), general.new_state()
            log = fast.handle(a, fast.sit_down(names, stacks, players - 1))
            assert general.handle(b, general.sit_down(names, stacks, players - 1)) == log
            assert _slots(a) == _slots(b)
            assert [type(v) for v in _slots(a).values()] == [type(v) for v in _slots(b).values()]
            lists = [v for v in _slots(a).values() if isinstance(v, list)]
            assert len({id(v) for v in lists}) == len(lists)
            assert _slots(replay(log)) == _slots(a)
