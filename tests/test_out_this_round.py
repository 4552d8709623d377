"""Three Card Poker's "out this round" (a seat that placed no bet in the
round's betting) is one answer in the core
(:meth:`~drawpoker.games.three_card.state.TcpState.out_this_round`): the
laptop's seat box and the seat's view (``TcpView.out_this_round``, what bots
and phones get) say it of the same seats, at every step of whole evenings
with players coming and going."""

from __future__ import annotations

import attrs
import pytest

from drawpoker.client.lines import plain
from drawpoker.client.look import Look
from drawpoker.client.three_card.view import seat_box
from drawpoker.games import game_for
from drawpoker.games.three_card.view import seat_view
from drawpoker.rules import load_rules
from drawpoker.session.evenings import play_evening
from drawpoker.words.i18n import translator


@pytest.mark.parametrize("seed", range(4))
def test_the_laptop_and_the_seat_view_say_out_this_round_of_the_same_seats(seed):
    rules = load_rules("three-card-poker")
    rules = attrs.evolve(rules, session=attrs.evolve(rules.session, deals=12))
    commands: list[list] = []
    play_evening(rules, ("Anna", "Bjørn", "Cato", "Dina"), 12, seed, sink=commands.append, changes=0.3)
    game = game_for(rules)
    state = game.new_state()
    tr, look = translator("en"), Look()
    said_out = 0
    for events in commands:
        for event in events:
            game.apply(state, event)
        view = seat_view(game, state, 0)
        for seat, name in enumerate(state.names):
            box_says = plain(seat_box(state, seat, tr, look)[2]).strip() == "out this round"
            # the box says it where nothing weighs more: an empty seat, sitting out, away
            shown = view.out_this_round[seat] and bool(name) and not state.out[seat] and not state.away[seat]
            assert box_says == shown, (seat, state.phase, events)
            assert view.out_this_round[seat] == state.out_this_round(seat)
            said_out += box_says
    assert said_out  # (the evenings do sit rounds out)
