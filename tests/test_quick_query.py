"""The cheap betting queries beside the menu (``DrawGame.to_call`` and
``DrawGame.betting_choices``) give the menu's answers, a command is
decided the same whether or not a menu or the choices were asked first, and
the inlined shuffle deals what ``random.shuffle`` deals."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.errors import IllegalAction
from drawpoker.games.draw import commands as cmd
from drawpoker.games.draw.decide import DrawGame
from drawpoker.games.draw.state import BETTING, EXCHANGE, SHOWDOWN, DrawState
from drawpoker.rules import load_rules


def _rules(name: str) -> Any:
    base = load_rules("morkpoker")
    b = base.betting
    if name == "no_limit_blinds":
        return attrs.evolve(
            base, betting=attrs.evolve(b, structure="no_limit", ante=0, blinds=(1, 2), small_bet=2, big_bet=2)
        )
    if name == "pot_limit":
        return attrs.evolve(base, betting=attrs.evolve(b, structure="pot_limit"))
    if name == "no_limit_no_check_raise":
        return attrs.evolve(
            base,
            betting=attrs.evolve(
                b, structure="no_limit", ante=0, blinds=(1, 2), small_bet=2, big_bet=2, check_raise="not_allowed"
            ),
        )
    if name == "pot_limit_jackpots":
        jackpots = load_rules("jackpots")
        return attrs.evolve(jackpots, betting=attrs.evolve(jackpots.betting, structure="pot_limit"))
    if name == "no_check_raise":
        return attrs.evolve(base, betting=attrs.evolve(b, check_raise="not_allowed"))
    return load_rules(name)


RULESETS = [
    "morkpoker",
    "morkpoker-headsup-cap",
    "jackpots",
    "no_limit_blinds",
    "pot_limit",
    "no_check_raise",
    "no_limit_no_check_raise",
    "pot_limit_jackpots",
    "deuce-to-seven-single-draw",
]


def _play(rules: Any, seed: int, ask: str) -> list[str]:
    """A seeded session; ``ask`` says what is asked before each betting
    command: "menu" (legal_actions), "quick" (to_call and betting_choices),
    "to_call" (to_call only; betting_choices before a bet or raise, as the
    bench's bots ask), or "nothing" (the policy reads a menu of a copy)."""
    game = DrawGame(rules)
    rng = random.Random(seed)
    shuffler = RandomShuffler(seed)
    players = rng.choice((2, 3, 6))
    state = DrawState()
    seen: list[str] = []

    def feed(command: Any) -> None:
        try:
            seen.extend(repr(e) for e in game.handle(state, command))
        except IllegalAction as refused:
            seen.append(f"refused: {refused}")

    feed(cmd.SitDown(tuple(f"P{i}" for i in range(players)), tuple(rng.choice((5, 20, 40)) for _ in range(players))))
    for _ in range(12):
        if state.phase != "between_deals":
            break
        feed(cmd.StartDeal(*shuffler.shuffle()))
        while state.to_act is not None:
            seat = state.to_act
            if state.phase == EXCHANGE:
                feed(cmd.Exchange(seat, tuple(rng.sample(state.hands[seat], rng.randint(0, 3)))))
                continue
            if state.phase == SHOWDOWN:
                feed(cmd.Show(seat) if rng.random() < 0.7 else cmd.Muck(seat))
                continue
            assert state.phase == BETTING
            menu = game.legal_actions(state.copy())  # never cached for ``state`` itself
            word = next((o.action for o in menu.options if o.action in ("bet", "raise")), None)
            if ask == "menu":
                assert game.legal_actions(state) == menu
            elif ask == "quick":
                assert game.to_call(state) == (menu.to_call, word)
                if menu.amounts is not None:
                    assert game.betting_choices(state) == menu.amounts
            elif ask == "to_call":
                assert game.to_call(state) == (menu.to_call, word)
            action = rng.choice(("check", "call", "fold", "bet", "raise", word or "call", word or "check"))
            if ask == "to_call" and action in ("bet", "raise") and menu.amounts is not None and len(seen) % 2:
                assert game.betting_choices(state) == menu.amounts
            to = None
            if menu.amounts is not None and menu.amounts.bet_word is not None and menu.structure != "fixed_limit":
                to = rng.choice((menu.amounts.min_to, menu.amounts.max_to, menu.amounts.max_to + 1))
            if action in ("bet", "raise"):
                feed((cmd.Bet if action == "bet" else cmd.Raise)(seat, to))
            else:
                feed({"check": cmd.Check, "call": cmd.Call, "fold": cmd.Fold}[action](seat))
    return seen


@pytest.mark.parametrize("name", RULESETS)
def test_quick_queries_agree_with_the_menu_and_change_nothing(name: str) -> None:
    rules = _rules(name)
    for seed in range(6):
        plain = _play(rules, seed, "nothing")
        assert _play(rules, seed, "menu") == plain
        assert _play(rules, seed, "quick") == plain
        assert _play(rules, seed, "to_call") == plain


def test_to_call_when_nobody_bets() -> None:
    game = DrawGame(load_rules("morkpoker"))
    state = DrawState()
    assert game.to_call(state) == (0, None)
    with pytest.raises(IllegalAction):
        game.betting_choices(state)


def test_the_shuffle_is_random_shuffle_inlined() -> None:
    """RandomShuffler draws as ``random.shuffle`` does: seeded sessions keep their decks."""
    from drawpoker.cards import deck_of

    for seed in range(60):
        jokers = seed % 3
        shuffler, rng = RandomShuffler(seed, jokers), random.Random(seed)
        for _ in range(20):
            deck = list(deck_of(jokers))
            rng.shuffle(deck)
            assert shuffler.shuffle() == (tuple(deck), rng.getrandbits(32))
