"""The game's menu, made the short way (issue 29), is the menu
:func:`drawpoker.games.draw.legal.legal_actions` makes: the same actions,
amounts and fields, for random states of every ruleset bench/event_digest.py
covers, asked of a game that has answered many menus before and of a fresh
one. So are its cheap queries (``to_call``, ``betting_choices``) and the
betting arithmetic's answer. The sit-down's glance allows exactly what the
full checks allow, and a deck the engine's shuffler did not just make is
still checked card by card."""

from __future__ import annotations

import contextlib
import importlib.util
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drawpoker.cards import DECK, JOKER
from drawpoker.engine import betting
from drawpoker.engine.shuffle import LAST_MADE, RandomShuffler
from drawpoker.errors import IllegalAction
from drawpoker.games.draw import commands as cmd
from drawpoker.games.draw import legal
from drawpoker.games.draw.decide import DrawGame
from drawpoker.games.draw.state import BETTING, BETWEEN_DEALS, EXCHANGE, NO_SESSION, SESSION_OVER, SHOWDOWN
from drawpoker.rules import load_rules
from drawpoker.rules.seating import names_refusal, seating_refusal


def _digest_rulesets() -> dict[str, Any]:
    path = Path(__file__).resolve().parent.parent / "bench" / "event_digest.py"
    spec = importlib.util.spec_from_file_location("_event_digest_rulesets", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return {name: make() for name, make in module.RULESETS.items()}


def _more_rulesets() -> dict[str, Any]:
    """Structures the digest's list leaves out: pot and no limit without check-raise, pot limit with openers."""
    import attrs

    base = load_rules("morkpoker")
    jackpots = load_rules("jackpots")
    big = {"ante": 0, "blinds": (1, 2), "small_bet": 2, "big_bet": 2}
    return {
        "no-limit-no-check-raise": attrs.evolve(
            base, betting=attrs.evolve(base.betting, structure="no_limit", check_raise="not_allowed", **big)
        ),
        "pot-limit-no-check-raise": attrs.evolve(
            base, betting=attrs.evolve(base.betting, structure="pot_limit", check_raise="not_allowed")
        ),
        "pot-limit-jackpots": attrs.evolve(jackpots, betting=attrs.evolve(jackpots.betting, structure="pot_limit")),
        "no-limit-jackpots-no-check-raise": attrs.evolve(
            jackpots, betting=attrs.evolve(jackpots.betting, structure="no_limit", check_raise="not_allowed")
        ),
    }


RULES = {**_digest_rulesets(), **_more_rulesets()}


@cache
def _game(name: str) -> DrawGame:
    """The game of a ruleset, long-lived: its menus kept between examples (built on first use, not at collection)."""
    return DrawGame(RULES[name])


def _deal_game(game: DrawGame, state: Any) -> DrawGame:
    """The game whose rules make the menu now (dealer's choice: the deal's)."""
    if game.games() and state.phase not in (BETWEEN_DEALS, NO_SESSION, SESSION_OVER) and state.game in game.games():
        return game.game_of(state.game)
    return game


def _reference(game: DrawGame, state: Any) -> legal.LegalActions:
    return legal.legal_actions(state, _deal_game(game, state).rules)


def _check_menu(name: str, game: DrawGame, state: Any) -> legal.LegalActions:
    want = _reference(game, state)
    got = game.legal_actions(state)
    assert type(got) is legal.LegalActions
    assert got == want and repr(got) == repr(want), (name, got, want)
    assert tuple(map(type, got.options)) == (legal.Option,) * len(got.options)
    fresh = DrawGame(RULES[name]).legal_actions(state)
    assert fresh == want and repr(fresh) == repr(want)
    assert game.legal_actions(state) is got  # kept until the next event
    if state.phase == BETTING and state.to_act is not None:
        rules = _deal_game(game, state).rules
        seat = state.to_act
        reference = betting.choices(state, legal.limits_of(rules), seat, legal.opening_refused(state, rules, seat))
        assert game.betting_choices(state) == reference
        word = next((o.action for o in want.options if o.action in ("bet", "raise")), None)
        assert game.to_call(state) == (want.to_call, word)
        if want.amounts is not None:
            assert want.amounts == reference
        for action in ("fold", "check", "call", "bet", "raise"):
            assert got.option(action) == want.option(action)
        assert got.structure == want.structure
    return got


def _play(name: str, seed: int, deals: int) -> int:
    """A seeded session under ``name`` with random (and now and then
    refused) commands, every menu on the way compared; the menus checked."""
    game = _game(name)
    rng = random.Random(seed)
    shuffler = RandomShuffler(seed, RULES[name].deck.jokers)
    players = rng.choice((2, 3, 4, 6))
    state = game.new_state()
    checked = 0

    def feed(command: Any) -> None:
        with contextlib.suppress(IllegalAction):  # refused: nothing changes
            game.handle(state, command)

    _check_menu(name, game, state)
    feed(game.sit_down([f"P{i}" for i in range(players)], [rng.choice((3, 8, 20, 40, 100)) for _ in range(players)]))
    for _ in range(deals):
        if state.phase != BETWEEN_DEALS:
            break
        _check_menu(name, game, state)
        chosen = game.rotation(state)
        if chosen is not None:
            feed(game.choose_game(chosen))
        feed(game.start_deal(*shuffler.shuffle(getattr(_deal_game(game, state).rules.deck, "jokers", 0))))
        steps = 0
        while state.to_act is not None and steps < 400:
            steps += 1
            menu = _check_menu(name, game, state)
            checked += 1
            seat = state.to_act
            if rng.random() < 0.03:  # out of turn: refused, changes nothing
                feed(cmd.Check((seat + 1) % players))
            if state.phase == EXCHANGE:
                hand = state.hands[seat]
                k = rng.randint(0, min(len(hand), 5 if rng.random() < 0.2 else 3))
                feed(cmd.Exchange(seat, tuple(rng.sample(hand, k))))
            elif state.phase == SHOWDOWN:
                feed(cmd.Show(seat) if rng.random() < 0.7 else cmd.Muck(seat))
            else:
                word = rng.choice([o.action for o in menu.options] + ["check", "bet", "raise"])
                to = None
                ch = menu.amounts
                if word in ("bet", "raise") and ch is not None and ch.bet_word is not None:
                    to = rng.choice((ch.min_to, ch.max_to, rng.randint(ch.min_to, ch.max_to), ch.max_to + 1))
                kinds = {"check": cmd.Check, "call": cmd.Call, "fold": cmd.Fold}
                feed(kinds[word](seat) if word in kinds else (cmd.Bet if word == "bet" else cmd.Raise)(seat, to))
        _check_menu(name, game, state)
    return checked


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(RULES)), st.integers(0, 10**6))
def test_the_menu_is_the_reference_menu(name: str, seed: int) -> None:
    assert _play(name, seed, 6) > 0


@pytest.mark.parametrize("name", sorted(RULES))
def test_every_ruleset_menus_agree_over_whole_sessions(name: str) -> None:
    assert sum(_play(name, seed, 20) for seed in range(8)) > 100


def test_menus_kept_are_values() -> None:
    """The same menu for the same situation is given again (a value: equal,
    hashable, immutable), and a menu kept does not follow the state."""
    game = DrawGame(load_rules("morkpoker"))
    menus = []
    for _ in range(2):
        state = game.new_state()
        game.handle(state, game.sit_down(["A", "B"], [40, 40], 0))
        game.handle(state, game.start_deal(*RandomShuffler(5).shuffle()))
        menus.append(game.legal_actions(state))
        game.handle(state, cmd.Bet(state.to_act))
        after = game.legal_actions(state)
        assert after != menus[-1] and menus[-1].option("check") is not None
    assert menus[0] == menus[1] and hash(menus[0]) == hash(menus[1])
    with pytest.raises(AttributeError):
        menus[0].seat = 3  # type: ignore[misc]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.one_of(st.sampled_from(("Ada", "ada ", " Bo", "", "  ", "Cy", "\tDee")), st.integers(0, 3)), max_size=8
    ),
    st.lists(st.one_of(st.integers(-2, 50), st.booleans(), st.just(2.0), st.just("40")), max_size=8),
)
def test_the_sit_down_glance_allows_what_the_checks_allow(names: list[Any], stacks: list[Any]) -> None:
    rules = load_rules("morkpoker")
    game = DrawGame(rules)
    want = seating_refusal(rules, len(names), tuple(stacks))
    why = want[1] if want is not None else names_refusal(tuple(names))
    if game._plainly_seated(tuple(names), tuple(stacks)):
        assert why is None
    state = game.new_state()
    try:
        game.handle(state, cmd.SitDown(tuple(names), tuple(stacks), 0))
    except IllegalAction as refused:
        assert str(refused) == str(why)
        assert state.phase == NO_SESSION
    else:
        assert why is None
        assert state.names == tuple(names) and state.stacks == list(stacks)


def test_only_the_shufflers_own_last_deck_skips_the_card_by_card_check() -> None:
    game = DrawGame(load_rules("morkpoker"))

    def deal(deck: Any) -> Any:
        state = game.new_state()
        game.handle(state, game.sit_down(["A", "B"], [40, 40], 0))
        game.handle(state, game.start_deal(deck, 7))
        return state

    shuffler = RandomShuffler(3)
    deck, _ = shuffler.shuffle()
    assert LAST_MADE[0] is deck and LAST_MADE[1] == 0
    assert deal(deck).deck is deck  # whole by construction, taken as it is
    for wrong in (
        deck[:-1] + deck[:1],  # a card twice
        deck[:-1],  # 51 cards
        deck[:-1] + (JOKER,),  # the joker, which this deck lacks
    ):
        with pytest.raises(IllegalAction, match="whole 52-card deck"):
            deal(wrong)
    equal = tuple(reversed(tuple(reversed(deck))))  # equal, but not the shuffler's own tuple
    assert equal == deck and equal is not deck
    assert deal(equal).deck == deck  # checked card by card, then dealt
    numbers = deal(tuple(int(card) for card in deck)).deck  # plain numbers: the cards they stand for, as before
    assert numbers == deck and all(a is b for a, b in zip(numbers, deck, strict=True))
    joker_game = DrawGame(load_rules("california-draw"))  # 53 cards: the bug
    state = joker_game.new_state()
    joker_game.handle(state, joker_game.sit_down(["A", "B"], [40, 40], 0))
    with pytest.raises(IllegalAction, match="53-card deck"):
        joker_game.handle(state, joker_game.start_deal(deck, 7))  # the shuffler's last deck, but no joker in it
    assert set(DECK) == set(deck)
