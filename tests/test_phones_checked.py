"""A phone marks a seat that checked this betting round, as the laptop's
table does ("check"; in Norwegian "checket"), until the round ends (ph49:
only the phone's log said it). The seat view and play are unchanged."""

from __future__ import annotations

import pytest

from drawpoker.client.draw.view import seat_box
from drawpoker.client.lines import plain
from drawpoker.client.look import Look
from drawpoker.games.draw.commands import Bet, Call, Check, Exchange
from drawpoker.phones.words import page_words
from drawpoker.words.i18n import translator
from tests.test_phones_seat_marks import marks, table


def laptop_checks(session) -> list[bool]:
    """Which seats the laptop's table marks "check"."""
    tr = translator("en")
    return [
        "check" in plain(seat_box(session.state, seat, tr, Look(unicode=False))[2]).split()
        for seat in range(session.state.seats)
    ]


def test_a_check_is_marked_at_its_seat_on_every_phone_until_the_round_ends():
    session = table("morkpoker", (40, 40, 40))
    assert marks(session, "checked") == [[False, False, False]] * 3
    session.submit(Check(1))  # Bjørn checks
    assert marks(session, "checked") == [[False, True, False]] * 3 and laptop_checks(session) == [False, True, False]
    session.submit(Bet(2))  # Cato bets: Bjørn's check stays said, as at the laptop
    assert marks(session, "checked") == [[False, True, False]] * 3 and laptop_checks(session) == [False, True, False]
    session.submit(Call(0))
    session.submit(Call(1))  # Bjørn calls: his bet is said now, not his check
    assert session.state.phase == "exchange"
    assert marks(session, "checked") == [[False, False, False]] * 3 and laptop_checks(session) == [False] * 3
    for seat in (1, 2, 0):
        session.submit(Exchange(seat))
    session.submit(Check(2))  # round 2 starts with round 1's opener
    session.submit(Check(0))
    assert marks(session, "checked") == [[True, False, True]] * 3 and laptop_checks(session) == [True, False, True]


@pytest.mark.parametrize(("language", "said"), [("en", "check"), ("nb", "checket")])
def test_the_check_is_said_in_the_tables_words(language, said):
    assert page_words(language)["checked"] == said
