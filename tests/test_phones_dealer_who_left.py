"""Between deals a phone marks the dealer as the laptop names the one who
dealt: a newcomer who sat down in the seat of a dealer who left was marked
"(dealer)" for the deal the leaver dealt (ph49: "Dina (dealer)" on every
phone, "Dealer Dina · bank 40" in Three Card Poker, where the laptop says
"Deal 1: Anna deals" and "Dealer Anna · bank 39"). The real controller and
server with WebSocket phones (tests/phones_laptop.py)."""

from __future__ import annotations

import pytest

pytest.importorskip("aiohttp", reason="the phones' server (pip install -e '.[phones]')")

from drawpoker.client import controller as c
from drawpoker.client.screens import screen_text
from drawpoker.games.evening import Join, Leave
from drawpoker.phones.protocol import view_problems
from tests.phones_laptop import Laptop
from tests.phones_table import HANDS, STOCK, run, stacked, tcp_deck
from tests.test_phones_play_games import say


def deck():
    return stacked(HANDS, STOCK, button=0)


@pytest.mark.parametrize("newcomer", [True, False])
def test_a_newcomer_in_the_seat_of_the_dealer_who_left_is_not_marked_the_dealer(tmp_path, newcomer):
    async def play():
        async with Laptop(tmp_path, decks=[deck(), deck()]) as table:
            anna, bjorn, cato = [await table.phone(seat) for seat in range(3)]
            assert table.state.button == 0
            table.session.submit(Leave(0))  # Anna deals, and goes home after this deal
            for phone, act in ((bjorn, "bet"), (cato, "fold"), (anna, "fold")):
                await phone.my_turn()
                assert (await phone.decide(act))["ok"]
            await table.settle()
            assert table.ctl.screen == c.DEAL_OVER
            if newcomer:
                table.session.submit(Join(0, "Dina", 40))
            await table.settle()
            phones = [bjorn, cato] + ([await table.phone(0)] if newcomer else [])
            await table.settle()
            assert "Deal 1: Anna deals" in screen_text(table.ctl, 80, 40)
            for phone in phones:
                view = phone.last("state")["view"]
                assert view_problems(view) == []
                assert view["phase"] == "between_deals" and view["button"] is None
            # the next deal: Bjørn deals it, and is marked so
            table.ctl.acknowledge()
            await table.settle()
            view = bjorn.last("state")["view"]
            assert view["phase"] == "betting" and view["button"] == 1

    run(play())


@pytest.mark.parametrize("newcomer", [True, False])
def test_the_dealer_who_left_holds_the_bank_of_the_round_they_dealt_on_the_phones(tmp_path, newcomer):
    async def play():
        decks = [tcp_deck(["9h 9c 4d", "7s 5d 2c"], "Qs 8d 4c")] * 2
        async with Laptop(tmp_path, "three-card-poker-no", decks=decks) as table:
            phones = [await table.phone(seat) for seat in range(3)]
            assert table.state.dealer == 0
            table.session.submit(Leave(0))  # Anna deals, and goes home after this round
            for seat, act in ((1, "place"), (2, "place"), (1, "play"), (2, "fold")):
                await phones[seat].my_turn()
                more = {"boxes": [[1, 0, 0, 0]]} if act == "place" else {}
                assert (await say(phones[seat], act, **more))["ok"]
            await table.settle()
            assert table.ctl.screen == c.DEAL_OVER
            if newcomer:
                table.session.submit(Join(0, "Dina", 40))
            await table.settle()
            said = phones[1:] + ([await table.phone(0)] if newcomer else [])
            await table.settle()
            assert "Dealer Anna - bank 39" in screen_text(table.ctl, 80, 40)
            for phone in said:
                view = phone.last("state")["view"]
                assert view_problems(view) == []
                assert (view["dealer"], view["dealer_left"], view["bank"]) == (0, "Anna", 39)

    run(play())


@pytest.mark.parametrize(("language", "size"), [("en", (360, 640)), ("nb", (320, 568))])
def test_the_newcomers_phone_names_the_dealer_who_left_as_the_laptop_does(tmp_path, language, size):
    """The real page in Chromium: Dina's phone heads the table with the bank Anna took ("Dealer
    Anna · bank 39"), and marks no seat the dealer; the draw game's phones mark none either."""
    from tests.test_phones_browser import CHROMIUM, with_browser
    from tests.test_phones_browser import run as run_browser

    if CHROMIUM is None:
        pytest.skip("the phone page's browser tests need Debian's chromium")
    pytest.importorskip("playwright.async_api", reason="playwright (pip install -e '.[test]')")
    from drawpoker.phones.words import page_words

    words = page_words(language)
    dealer = " (" + words["button"] + ")"

    async def play(b):
        decks = [tcp_deck(["9h 9c 4d", "7s 5d 2c"], "Qs 8d 4c")] * 2
        async with Laptop(tmp_path / "tcp", "three-card-poker-no", decks=decks, language=language) as table:
            phones = [await table.phone(seat) for seat in range(3)]
            table.session.submit(Leave(0))
            for seat, act in ((1, "place"), (2, "place"), (1, "play"), (2, "fold")):
                await phones[seat].my_turn()
                more = {"boxes": [[1, 0, 0, 0]]} if act == "place" else {}
                assert (await say(phones[seat], act, **more))["ok"]
            await table.settle()
            table.session.submit(Join(0, "Dina", 40))
            await table.settle()
            dina = await b.phone(table, 0, size, wait_cards=False)
            await dina.page.wait_for_selector("#seats li", timeout=15_000)
            assert words["bank_dealer"].format(name="Anna", amount=39) in await dina.text("#pot")
            seats = await dina.page.locator("#seats li .name").all_inner_texts()
            assert seats[0] == "Dina" and not any(dealer in name for name in seats), seats
            assert await dina.layout("tcp-dealer-left", tmp_path) == [] and dina.errors == []
        (tmp_path / "draw").mkdir()
        async with Laptop(tmp_path / "draw", decks=[deck(), deck()], language=language) as table:
            anna, bjorn, cato = [await table.phone(seat) for seat in range(3)]
            table.session.submit(Leave(0))
            for phone, act in ((bjorn, "bet"), (cato, "fold"), (anna, "fold")):
                await phone.my_turn()
                assert (await phone.decide(act))["ok"]
            await table.settle()
            table.session.submit(Join(0, "Dina", 40))
            await table.settle()
            dina = await b.phone(table, 0, size, wait_cards=False)
            await dina.page.wait_for_selector("#seats li", timeout=15_000)
            seats = await dina.page.locator("#seats li .name").all_inner_texts()
            assert seats[0] == "Dina" and not any(dealer in name for name in seats), seats
            assert await dina.layout("draw-dealer-left", tmp_path) == [] and dina.errors == []

    (tmp_path / "tcp").mkdir()
    run_browser(with_browser(play))
