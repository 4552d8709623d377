"""The chips in front of a seat on a phone are this betting round's, as the
laptop's table shows them: once the round is closed they are in the pot,
and the laptop shows none (an evening with phones, ph48: every phone said
"In front: 1" at every seat through the whole exchange and "In front: 2"
through the showdown, beside "Pot: 12" that already held them)."""

from __future__ import annotations

from drawpoker.client.session import Session
from drawpoker.engine.shuffle import StackedShuffler
from drawpoker.games import game_for
from drawpoker.games.draw.commands import Bet, Call, Exchange, Show
from drawpoker.games.view import phone_view
from drawpoker.rules import load_rules
from tests.phones_table import HANDS, STOCK, stacked


def in_front(session: Session) -> list[list[int]]:
    """Every seat's chips in front of it, as each seat's phone is sent them."""
    state = session.state
    return [[s["bet"] for s in phone_view(session.game, state, seat)["seats"]] for seat in range(state.seats)]


def test_no_chips_are_in_front_of_anyone_once_the_betting_round_is_closed():
    game = game_for(load_rules("morkpoker"))
    session = Session(game, game.new_state(), None, [False] * 3, StackedShuffler(stacked(HANDS, STOCK, button=0)))
    session.sit_down(["Anna", "Bjørn", "Cato"], (40, 40, 40), 0)
    session.deal()
    # Bjørn bets, Cato and Anna call: the round is closed, the exchange begins
    session.submit(Bet(1))
    assert in_front(session) == [[0, 1, 0]] * 3  # (while the round is on, as the laptop shows it)
    session.submit(Call(2))
    session.submit(Call(0))
    assert session.state.phase == "exchange"
    assert in_front(session) == [[0, 0, 0]] * 3
    for seat in (1, 2, 0):
        session.submit(Exchange(seat))
    # the last round: Bjørn bets 2, the others call; then the showdown
    session.submit(Bet(1, 2))
    assert in_front(session) == [[0, 2, 0]] * 3
    session.submit(Call(2))
    session.submit(Call(0))
    assert session.state.phase == "showdown"
    assert in_front(session) == [[0, 0, 0]] * 3
    session.submit(Show(session.state.to_act))
    assert in_front(session) == [[0, 0, 0]] * 3
