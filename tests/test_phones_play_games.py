"""``drawpoker play --phones`` for every game: the real controller and
server (tests/phones_laptop.py), phones speaking the page's protocol over
real WebSockets -- dealer's choice picked on the dealer's phone, and a
Three Card Poker round bet, played and folded from two phones. The
history verifies as without phones, and no phone got another seat's cards
before the table had seen them."""

from __future__ import annotations

import asyncio
import json

import pytest

pytest.importorskip("aiohttp", reason="the phones' server (pip install -e '.[phones]')")

from drawpoker.cli.main import main
from drawpoker.client import controller as c
from tests.phones_laptop import Laptop, WsPhone
from tests.phones_table import leaks, run, stacked, tcp_deck

HANDS = ["Ah Ad 7c 4s 2d", "Kh Kd Qs Js 9c"]


async def say(phone: WsPhone, action: str, **more) -> dict:
    """Send a decision with the fields the page sends for it, and wait for its answer."""
    assert phone.ws is not None
    phone._next += 1
    ident, before = phone._next, len(phone.frames)
    await phone.ws.send_str(
        json.dumps({"t": "decide", "id": ident, "action": action, "amount": None, "cards": None, **more})
    )

    def answered():
        return next(
            (m for m in map(json.loads, phone.frames[before:]) if m["t"] == "answer" and m["id"] == ident), None
        )

    answer = await phone.until(answered, f"the answer to {action}")
    await asyncio.sleep(0.05)
    return answer


def test_dealers_choice_the_dealer_picks_on_the_phone_at_the_real_table(tmp_path):
    async def play():
        decks = [stacked(HANDS, "Ac Ks 9h", button=0)]
        async with Laptop(tmp_path, "dealers-choice", names=("Anna", "Bjørn"), decks=decks) as table:
            anna, bjorn = await table.phone(0), await table.phone(1)
            view = await anna.my_turn()
            await table.settle()
            assert table.ctl.screen == c.PHONE and table.ctl.waiting_seat() == 0
            assert view["phase"] == "choose_game" and [g["title"] for g in view["legal"]["choose"]] == [
                "Mørkpoker",
                "Jackpots",
                "Deuce-to-seven triple draw",
            ]
            waiting = bjorn.last("state")["view"]
            assert waiting["phase"] == "choose_game" and waiting["to_act"] == 0 and waiting["legal"] is None
            refused = await say(bjorn, "choose", game="morkpoker")  # not his to pick
            assert refused["ok"] is False and table.state.deal == 0
            assert (await say(anna, "choose", game="jackpots"))["ok"] is True
            await table.settle()
            assert table.state.deal == 1 and table.state.game == "jackpots"
            assert (await bjorn.my_turn())["title"] == "Jackpots"
            assert (await say(bjorn, "bet"))["ok"] is True
            await anna.my_turn()
            assert (await say(anna, "fold"))["ok"] is True
            await table.settle()
            assert table.ctl.screen == c.DEAL_OVER
            for seat, phone in enumerate((anna, bjorn)):
                assert leaks(phone.frames, seat, table.session.events) == []
            return table.path

    path = run(play())
    assert main(["verify", str(path)]) == 0


def test_a_three_card_poker_round_from_two_phones_at_the_real_table(tmp_path):
    async def play():
        decks = [tcp_deck(["9h 9c 4d", "7s 5d 2c", "Ah Kd 3s"], "Qs 8d 4c")]
        async with Laptop(tmp_path, "three-card-poker-ru", names=("Anna", "Bjørn"), decks=decks) as table:
            anna, bjorn = await table.phone(0), await table.phone(1)
            view = await anna.my_turn()
            assert view["legal"]["actions"] == ["place", "sit_out"] and view["legal"]["limits"]["boxes"] >= 2
            too_much = await say(anna, "place", boxes=[[11, 0, 0, 0]])
            assert too_much["ok"] is False and "ante" in too_much["reason"]
            assert (await say(anna, "place", boxes=[[3, 2, 0, 0], [1, 0, 0, 0]]))["ok"] is True
            await bjorn.my_turn()
            assert (await say(bjorn, "place", boxes=[[2, 1, 0, 0]]))["ok"] is True
            view = await anna.my_turn()
            assert view["legal"]["box"] == 0 and [b["cards"] for b in view["boxes"]] == [
                ["9h", "9c", "4d"],
                ["7s", "5d", "2c"],
                [],
            ]
            assert view["hint"] == "play"
            assert (await say(anna, "play"))["ok"] is True
            view = await anna.my_turn()
            assert view["legal"]["box"] == 1 and view["hint"] == "fold"
            assert (await say(anna, "fold"))["ok"] is True
            await bjorn.my_turn()
            assert (await say(bjorn, "play"))["ok"] is True
            await table.settle()
            assert table.ctl.screen == c.DEAL_OVER
            seen = bjorn.last("state")["view"]
            assert [b["cards"] for b in seen["boxes"]] == [["9h", "9c", "4d"], [], ["Ah", "Kd", "3s"]]
            assert [sum(b["result"]) for b in seen["boxes"]] == [8, -1, 3]
            for seat, phone in enumerate((anna, bjorn)):
                assert leaks(phone.frames, seat, table.session.events, table.session.game) == []
            return table.path

    path = run(play())
    assert main(["verify", str(path)]) == 0


def test_the_phones_are_told_the_games_in_the_tables_language(tmp_path):
    async def play():
        decks = [stacked(HANDS, "Ac Ks 9h", button=0)]
        async with Laptop(tmp_path, "dealers-choice", names=("Anna", "Bjørn"), decks=decks, language="nb") as table:
            anna = await table.phone(0)
            view = await anna.my_turn()
            return [g["title"] for g in view["legal"]["choose"]]

    titles = run(play())
    assert titles == ["Mørkpoker", "Jackpots", "Trippel toer-til-syver"], titles
