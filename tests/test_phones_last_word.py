"""What the phones and the codes say at the ends of things (eve40), through
the real controller and server on 127.0.0.1 with WebSocket phones
(tests/phones_laptop.py).

A player who says "I leave after this deal" and decides on the phone: the
deal ends, the phone is told "You have left the table", and the standings
under it were the ones from before the deal (Cato 40, +0), not what Cato
took home. The phone now gets the table's news as the laptop shows it (Cato
(left) with the chips taken) before it is let go. The end of a Three Card
Poker round is a round on the phones, as on the laptop. And Q after "Q shows
the code for Dina's phone." shows Dina's code."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("aiohttp", reason="the phones' server (pip install -e '.[phones]')")

from tests.phones_laptop import Laptop
from tests.phones_table import HANDS, STOCK, leaks, run, stacked


@pytest.mark.parametrize(("language", "left"), [("en", "Cato (left)"), ("nb", "Cato (gått)")])
def test_a_leavers_phone_is_told_what_they_took_home_before_it_is_let_go(tmp_path, language, left):
    async def play():
        decks = [stacked(HANDS, STOCK, button=0) for _ in range(2)]
        async with Laptop(tmp_path, language=language, decks=decks) as table:
            ctl = table.ctl
            anna, bjorn, cato = [await table.phone(seat) for seat in range(3)]
            await bjorn.my_turn()
            await table.settle()
            ctl.open_menu()
            ctl.menu_key("l")
            ctl.menu_key("3")  # Cato leaves at the end of this deal
            for phone, act in ((bjorn, "bet"), (cato, "fold"), (anna, "fold")):
                await phone.my_turn()
                assert (await phone.decide(act))["ok"]
            await asyncio.wait_for(cato.closed.wait(), 10)
            assert cato.last("bye") == {"t": "bye", "reason": "left"}
            rows = {row["name"]: row for row in cato.last("state")["standings"]}
            took = 39  # the ante lost, the rest taken home
            assert rows.get(left) == {"name": left, "chips": took, "bought": 0, "net": took - 40}, rows
            # the view beside that news is the table's now, not the last one sent (Cato still to act in
            # the deal, his fold to choose): a deal under way under its own end would show the deal's
            # secrets as not yet out, and offer a decision to a phone let go
            last = cato.last("state")["view"]
            assert last["phase"] == "between_deals" and last["legal"] is None, last
            assert leaks(cato.frames, 2, table.ctl.session.events) == []

    run(play())


@pytest.mark.parametrize(
    ("language", "over"),
    [
        ("en", "The round is over: Enter at the laptop goes on."),
        ("nb", "Runden er over: Enter ved den bærbare går videre."),
    ],
)
def test_the_end_of_a_three_card_poker_round_is_a_round_on_the_phones(tmp_path, language, over):
    """Three Card Poker plays rounds, as the laptop says ("Press Enter for the next round.");
    before, the phones were told "The deal is over" ("Utdelingen er over")."""
    from drawpoker.client import controller as c
    from tests.phones_table import tcp_deck
    from tests.test_phones_play_games import say

    async def play():
        decks = [tcp_deck(["9h 9c 4d", "7s 5d 2c"], "Qs 8d 4c")]
        async with Laptop(
            tmp_path, "three-card-poker-ru", names=("Anna", "Bjørn"), decks=decks, language=language
        ) as table:
            anna, bjorn = await table.phone(0), await table.phone(1)
            await anna.my_turn()
            assert (await say(anna, "place", boxes=[[1, 0, 0, 0]]))["ok"]
            await bjorn.my_turn()
            assert (await say(bjorn, "place", boxes=[]))["ok"]
            await anna.my_turn()
            assert (await say(anna, "play"))["ok"]
            await table.settle()
            assert table.ctl.screen == c.DEAL_OVER
            for phone in (anna, bjorn):
                assert phone.last("state")["notice"] == over

    run(play())


@pytest.mark.parametrize("during", [False, True])
def test_q_after_a_newcomer_sat_down_shows_the_newcomers_code(tmp_path, during):
    """The line says "Q shows the code for Dina's phone."; Q showed the seat
    the codes' screen showed last (Anna's, at the start of the evening), and
    Dina's was two arrows away."""
    from drawpoker.client.screens import screen_text
    from tests.test_phones_evening import bjorn_to_act, bjorn_wins_a_showdown, deck

    async def play():
        async with Laptop(tmp_path, decks=[deck(), deck()]) as table:
            ctl = table.ctl
            anna, bjorn, cato = await bjorn_to_act(table)
            if not during:
                await bjorn_wins_a_showdown(table, anna, bjorn, cato)
            ctl.open_menu()
            for key in ("a", "D", "i", "n", "a", "enter", "enter", "p"):
                ctl.menu_key(key)
            if during:
                await bjorn_wins_a_showdown(table, anna, bjorn, cato)
            assert table.state.names[3] == "Dina" and "Q shows the code for Dina's phone." in ctl.message
            ctl.open_phones()
            shown = screen_text(ctl, 80, 24)
            assert table.link.server.keys.secret(3) in shown.replace("\n", "").replace(" ", "")
            assert "Dina: scan the code" in shown
            ctl.phones_key("enter")
            ctl.open_phones()  # once shown, Q shows the codes as it left them
            ctl.phones_key("1")
            ctl.phones_key("enter")
            ctl.open_phones()
            assert "Anna: scan the code" in screen_text(ctl, 80, 24)

    run(play())
