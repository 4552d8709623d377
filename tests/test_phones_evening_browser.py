"""An evening with phones in a real browser (Debian's chromium, headless,
loopback only): what a phone shows of a seat someone left, and of a table
that went away under it -- the laptop killed mid-deal (no goodbye), then
started again with new codes (``play --resume``). Before: an empty seat
was a nameless "Chips: 0 / out"; a phone whose table was gone still said
"Your turn" with buttons whose taps were lost without a word, and went on
"trying again" for ever against an address the new table never knew; and
a phone next to act said "Your turn", with nothing to tap, while the
laptop had its table menu open."""

from __future__ import annotations

import re

import pytest

from tests.test_phones_browser import CHROMIUM, LARGE, SMALL, WAIT, run, with_browser

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="the phone page's browser tests need Debian's chromium")
pytest.importorskip("playwright.async_api", reason="playwright (pip install -e '.[test]')")

from drawpoker.client import controller as c  # noqa: E402
from drawpoker.games.evening import Leave  # noqa: E402
from drawpoker.phones.server import PhoneServer  # noqa: E402
from drawpoker.phones.words import page_words  # noqa: E402
from tests.phones_laptop import Laptop  # noqa: E402
from tests.phones_table import HANDS, STOCK, stacked  # noqa: E402


async def joined(b, table, seat, size=LARGE):
    """``seat``'s phone, let in with a yes at the laptop (the seat has been played there), its cards shown."""
    phone = await joined_without_cards(b, table, seat, size)
    await phone.page.wait_for_selector("#cards .card", timeout=WAIT)
    return phone


@pytest.mark.parametrize("language", ["nb"])  # (the words in English: the same page, page_words("en"))
def test_an_empty_seat_and_a_table_gone_and_started_again_on_the_phone(tmp_path, language):
    words = page_words(language)

    async def play(b):
        decks = [stacked(HANDS, STOCK, button=0), stacked(HANDS[:2], STOCK, button=1)]
        async with Laptop(tmp_path, language=language, decks=decks) as table:
            ctl = table.ctl
            table.session.submit(Leave(2))  # Cato goes home after this deal
            await table.deal_at_the_laptop(lambda ctl: ctl.act("check"))  # checked through: passed out
            ctl.acknowledge()
            await table.settle()
            assert table.state.names[2] == "" and table.state.deal == 2
            seat = ctl.waiting_seat()
            phone = await joined(b, table, seat)  # both played at the laptop in deal 1: a yes there
            other = await joined(b, table, 1 - seat, SMALL)
            await phone.my_turn()
            coach = await phone.text("#coach-list")  # Norwegian decimals: "28,7 %", never "28.7"
            assert re.search(r"\d,\d %", coach) and not re.search(r"\d\.\d", coach), coach
            seats = await phone.page.locator("#seats li").all_inner_texts()
            assert len(seats) == 3 and seats[2].strip() == words["empty_seat"]
            assert await other.layout("empty-seat", tmp_path) == []
            assert await other.page.locator("#seats li").nth(2).inner_text() == words["empty_seat"]

            # the table menu opens at the laptop: this phone is next, but it is not asked now, and says why
            ctl.open_menu()
            menu_open = table.tr._("The table menu is open at the laptop.")
            await phone.page.wait_for_function(
                "(said) => document.getElementById('turn').textContent === said", arg=menu_open, timeout=WAIT
            )
            assert await phone.page.locator("#actions button").count() == 0
            ctl.menu_key("escape")
            await phone.my_turn()

            # the laptop dies mid-deal: its sockets drop without a goodbye
            server = table.link.server
            port = server.port
            runner, server._runner = server._runner, None
            await runner.cleanup()
            await phone.page.wait_for_function(
                "(said) => document.getElementById('help').textContent === said",
                arg=words["offline_turn"],
                timeout=WAIT,
            )
            assert await phone.text("#turn") == words["your_turn"]
            buttons = phone.page.locator("#actions button")
            assert await buttons.count() >= 2
            assert all(await buttons.evaluate_all("bs => bs.map(b => b.disabled)"))

            # started again (play --resume): new codes on the same port; the old address is no seat's
            fresh = PhoneServer({0: "Anna", 1: "Bjørn"}, language=language, host="127.0.0.1", port=port)
            await fresh.start()
            try:
                for p in (phone, other):
                    await p.page.wait_for_function(
                        "(said) => document.getElementById('status').textContent === said",
                        arg=words["bye_gone"],
                        timeout=WAIT,
                    )
                    assert await p.page.locator("#cards .card").count() == 0  # the dead table's cards are gone
                    assert await p.page.locator("#actions button").count() == 0
                    assert await p.layout("gone", tmp_path) == []  # the long Norwegian sentence fits a small phone
                again = await b.phone(table, 0, LARGE, url=fresh.address(0), wait_cards=False)  # the new code works
                await again.page.wait_for_function(  # welcomed: the status line is empty again
                    "() => document.getElementById('status').textContent === ''", timeout=WAIT
                )
            finally:
                await fresh.stop()
            noted = ("WebSocket handshake: Unexpected response code: 404", "status of 404", "ERR_CONNECTION_REFUSED")
            for p in (phone, other):  # the browser's own notes of the refused handshakes and the 404, nothing else
                assert [e for e in p.errors if not any(note in e for note in noted)] == []
            assert ctl.screen in (c.PHONE, c.HANDOVER)

    run(with_browser(play))


def test_a_phone_whose_seat_the_computer_plays_says_so(tmp_path):
    """Cato steps out and the computer takes his seat over: his phone still
    shows his cards, and said only "Waiting for Anna" -- nothing of the
    computer playing them (the laptop marks the seat "computer")."""
    words = page_words("en")

    async def play(b):
        async with Laptop(tmp_path, decks=[stacked(HANDS, STOCK, button=0), stacked(HANDS, STOCK, button=1)]) as table:
            ctl = table.ctl
            await table.settle()
            ctl.open_menu()
            for key in ("c", "3", "enter"):  # the computer plays for Cato from the next deal, at its first level
                ctl.menu_key(key)
            await table.deal_at_the_laptop(lambda ctl: ctl.act("check"))  # checked through: passed out
            ctl.acknowledge()
            await table.settle()
            assert table.session.is_computer(2) and table.state.deal == 2
            cato = await joined(b, table, 2, SMALL)
            anna = await joined(b, table, 0)
            await cato.page.wait_for_function(
                "(said) => document.getElementById('turn').textContent === said",
                arg=words["computer_plays"],
                timeout=WAIT,
            )
            assert await cato.page.locator("#cards .card").count() == 5  # his cards, as ever
            assert await cato.layout("computer", tmp_path) == []
            assert words["computer"] in await anna.page.locator("#seats li").nth(2).inner_text()
            assert words["computer"] not in await anna.page.locator("#seats li").nth(1).inner_text()
            assert cato.errors == [] and anna.errors == []

    run(with_browser(play))


def test_a_broke_player_buys_again_by_a_tap_on_the_phone(tmp_path):
    """``when_broke: ask``: Anna's phone said "Anna is out of chips: the
    laptop asks." and she had to come to the laptop to answer; now the phone
    asks her, with the two answers as buttons, and a tap answers."""
    from tests.test_phones_evening import bjorn_wins_a_showdown

    words = page_words("en")
    rules = tmp_path / "ask.yaml"
    rules.write_text("extends: morkpoker\nsession:\n  when_broke: ask\n  rebuy_amount: 20\n", encoding="utf-8")
    decks = [stacked(HANDS, STOCK, button=0) for _ in range(3)]

    async def play(b):
        async with Laptop(tmp_path, str(rules), decks=decks) as table:
            ctl = table.ctl
            anna, bjorn, cato = [await table.phone(seat) for seat in range(3)]
            await bjorn_wins_a_showdown(table, anna, bjorn, cato)
            state = table.state
            state.stacks[1] += state.stacks[0]  # (as a lost all-in would leave her)
            state.stacks[0] = 0
            ctl.acknowledge()
            await table.settle()
            assert ctl.screen == c.ASK and ctl.asking == 0
            await anna.close()  # she picks up her phone again: the page, let in with a yes at the laptop
            phone = await joined_without_cards(b, table, 0)
            asked = words["broke_ask"].replace("{n}", "20")
            await phone.page.wait_for_function(
                "(said) => document.getElementById('turn').textContent === said", arg=asked, timeout=WAIT
            )
            assert await phone.page.locator("#actions button").all_inner_texts() == [
                words["rebuy"].replace("{n}", "20"),
                words["decline"],
            ]
            assert await phone.layout("broke", tmp_path) == []
            await phone.tap(words["rebuy"].replace("{n}", "20"))
            for _ in range(40):
                await table.settle()
                if state is not table.state and table.state.rebuys[0] == 1:
                    break
            assert table.state.rebuys[0] == 1 and ctl.screen != c.ASK
            assert phone.errors == []

    run(with_browser(play))


async def joined_without_cards(b, table, seat, size=SMALL):
    """``seat``'s page, let in with a yes at the laptop (the seat was played there, or another device held it)."""
    phone = await b.phone(table, seat, size, wait_cards=False)
    for _ in range(20):
        await table.settle()
        if table.ctl.asked() is not None:
            break
    table.ctl.answer_approval(True)
    return phone
