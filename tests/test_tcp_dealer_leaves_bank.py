"""A Three Card Poker dealer who leaves as the round ends takes the bank with
them: the round's end says what the bank held then, not the empty seat's 0
(seen at 80x24: "The bank loses 1 this round · Dealer Anna · bank 0" while
Anna left with 39 chips)."""

from __future__ import annotations

import pytest

from drawpoker.client.controller import DEAL_OVER
from drawpoker.client.screens import screen_text
from drawpoker.games import evening as E
from tests.test_client_table_menu import started, table


@pytest.mark.parametrize(("language", "said"), [("en", "Dealer Anna · bank {n}"), ("nb", "Giver Anna · bank {n}")])
def test_the_round_over_screen_shows_the_bank_the_leaving_dealer_took(tmp_path, language, said):
    ctl = started(table(tmp_path, language, ruleset="three-card-poker"))
    session = ctl.session
    dealer = session.state.dealer
    assert session.state.names[dealer] == "Anna"
    session.submit(E.Leave(dealer))
    while session.state.phase not in ("between_deals", "session_over"):
        session.submit(session.computer_command())
    ctl._advance()
    assert ctl.screen == DEAL_OVER
    left = [e for e in session.events if isinstance(e, E.PlayerLeft)]
    assert [e.name for e in left] == ["Anna"] and left[0].stack > 0
    screen = screen_text(ctl, 80, 24)
    assert said.format(n=left[0].stack) in screen, screen
