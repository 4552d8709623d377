"""What a phone is told last (eve40), through the real controller and server
on 127.0.0.1 with WebSocket phones (tests/phones_laptop.py).

A player who says "I leave after this deal" and decides on the phone: the
deal ends, the phone is told "You have left the table", and the standings
under it were the ones from before the deal (Cato 40, +0), not what Cato
took home. The phone now gets the table's news as the laptop shows it (Cato
(left) with the chips taken) before it is let go."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("aiohttp", reason="the phones' server (pip install -e '.[phones]')")

from tests.phones_laptop import Laptop
from tests.phones_table import HANDS, STOCK, run, stacked


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
            assert rows.get(left) == {"name": left, "chips": took, "net": took - 40}, rows

    run(play())
