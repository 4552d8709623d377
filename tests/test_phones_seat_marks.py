"""A phone marks the seats as the laptop's table does: "SB" and "BB" by the
blinds posted while their deal is played, and "mucked" by a hand given up
unshown at the showdown (ph48: the phones said neither; the laptop's seats
say both)."""

from __future__ import annotations

from drawpoker.client.session import Session
from drawpoker.engine.shuffle import StackedShuffler
from drawpoker.games import game_for
from drawpoker.games.draw.commands import Bet, Call, Check, Exchange, Muck, Show
from drawpoker.games.view import phone_view
from drawpoker.phones.protocol import view_problems
from drawpoker.phones.words import page_words
from drawpoker.rules import load_rules
from tests.phones_table import HANDS, STOCK, stacked


def marks(session: Session, key: str) -> list[list[object]]:
    """Every seat's ``key`` as each seat's phone is sent it."""
    views = [phone_view(session.game, session.state, seat) for seat in range(session.state.seats)]
    for view in views:
        assert view_problems(view) == []
    return [[s[key] for s in view["seats"]] for view in views]


def table(ruleset: str, stacks: tuple[int, ...]) -> Session:
    game = game_for(load_rules(ruleset))
    session = Session(game, game.new_state(), None, [False] * 3, StackedShuffler(stacked(HANDS, STOCK, button=0)))
    session.sit_down(["Anna", "Bjørn", "Cato"], stacks, 0)
    session.deal()
    return session


def test_the_blinds_are_marked_while_their_deal_is_played():
    session = table("no-limit-draw", (100, 100, 100))
    assert marks(session, "blind") == [[None, "small", "big"]] * 3
    session.submit(Call(0))
    session.submit(Call(1))
    session.submit(Check(2))
    assert session.state.phase == "exchange"
    assert marks(session, "blind") == [[None, "small", "big"]] * 3
    for seat in (1, 2, 0):
        session.submit(Exchange(seat))
    for seat in (1, 2, 0):
        session.submit(Check(seat))
    while session.state.phase == "showdown":
        session.submit(Show(session.state.to_act))
    assert session.state.phase == "between_deals"
    assert marks(session, "blind") == [[None, None, None]] * 3


def test_a_hand_given_up_at_the_showdown_is_marked_mucked_on_every_phone():
    session = table("morkpoker", (40, 40, 40))
    assert marks(session, "blind") == [[None, None, None]] * 3  # antes: nobody posts a blind
    session.submit(Bet(1))  # Bjørn opens, the others call
    session.submit(Call(2))
    session.submit(Call(0))
    assert session.state.phase == "exchange"
    for seat in (1, 2, 0):
        session.submit(Exchange(seat))
    for seat in (1, 2, 0):
        session.submit(Check(seat))
    assert marks(session, "mucked") == [[False, False, False]] * 3
    first = session.state.to_act
    session.submit(Show(first))
    second = session.state.to_act
    session.submit(Muck(second))
    assert marks(session, "mucked") == [[seat == second for seat in range(3)]] * 3


def test_the_marks_are_said_in_the_tables_words():
    assert [page_words("en")[k] for k in ("small_blind", "big_blind", "mucked")] == ["SB", "BB", "mucked"]
    assert [page_words("nb")[k] for k in ("small_blind", "big_blind", "mucked")] == ["LB", "SB", "la bort"]
