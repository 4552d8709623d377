"""The table menu's add-on offers the seats the engine lets add on: a player
with chips but too few to play (1 chip where the smallest stake is 2, under
the Swedish Three Card Poker) is broke to the engine (a rebuy, not an
add-on), and the menu offered the add-on to have it refused."""

from __future__ import annotations

import attrs

from drawpoker.client.evening import EveningMenu
from drawpoker.errors import IllegalAction
from drawpoker.games import evening, game_for
from drawpoker.rules import load_rules
from drawpoker.session.evenings import play_evening
from drawpoker.words.i18n import translator


def test_the_menu_offers_an_add_on_to_the_seats_the_engine_lets_add_on():
    rules = load_rules("three-card-poker-sv")  # (a player needs 2 chips to play a round)
    rules = attrs.evolve(
        rules, session=attrs.evolve(rules.session, when_broke="ask", add_on_limit=20, starting_stack=6)
    )
    commands: list[list] = []
    play_evening(rules, ("Anna", "Bjørn", "Cato"), 12, 0, sink=commands.append, changes=0.0, end_early=False)
    game = game_for(rules)
    state = game.new_state()
    short = 0
    for events in commands:
        for event in events:
            game.apply(state, event)
        if state.phase != "between_deals":
            continue
        offered = EveningMenu(game, state, translator("en")).seats_for("add_on")
        for seat, name in enumerate(state.names):
            if not name:
                continue
            try:
                game.decide(state.copy(), evening.AddOn(seat, 1))
                allowed = True
            except IllegalAction:
                allowed = False
            assert (seat in offered) == allowed, (seat, state.stacks)
            short += 0 < state.stacks[seat] < game.evening.least
    assert short  # (the case that differed: chips, but too few to play)
