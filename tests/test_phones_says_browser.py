"""What the phone page says, in a real browser at a small phone's size
(360x640; Debian's chromium, loopback only), at the real table
(``drawpoker play --phones``' controller and link, tests/phones_laptop.py):
found by playing evenings with phones beside computer seats (ph43).

- the draw coach's choice that throws every card (lowball) keeps "nothing",
  as the laptop says it: the page said "Keep , draw 5";
- a player who left keeps their name at the top of the page ("You: Cato";
  it said "You:", the seat being empty now) and no empty table is headed;
- dealer's choice, the deal over: the phones say what the laptop waits for
  (Enter), not "Waiting for Bjørn to choose the game" before anyone is asked;
- Three Card Poker's bet slip: a − or + that changes nothing (the bet at its
  limit) says the bet's range, as the laptop's arrow key does (it did nothing,
  silently);
- a phone asking for a seat played at the laptop is told that, not "Another
  phone holds this seat".

Every frame each page received is checked for another seat's hidden cards."""

from __future__ import annotations

import asyncio

import pytest

from tests.test_phones_browser import CHROMIUM, LAYOUT, WAIT, run, with_browser

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="the phone page's browser tests need Debian's chromium")
pytest.importorskip("playwright.async_api", reason="playwright (pip install -e '.[test]')")

from drawpoker.client import controller as c  # noqa: E402
from drawpoker.games import game_for  # noqa: E402
from drawpoker.rules import load_rules  # noqa: E402
from tests.phones_laptop import Laptop  # noqa: E402
from tests.phones_table import HANDS, STOCK, leaks, stacked  # noqa: E402

PHONE = (360, 640)


async def page_phone(b, table, seat, wait_cards=True):
    return await b.phone(table, seat, PHONE, wait_cards=wait_cards)


def test_the_coach_says_nothing_is_kept_when_every_card_is_thrown(tmp_path):
    # deuce-to-seven: a pair of aces is no low; throwing all five is one of the coach's choices
    async def play(b):
        deck = stacked(["4d Ad Ac 9c 5h", "Kh Kd Qs Js 8c"], "2s 3s 5s 6s 7s 8s", button=0)
        async with Laptop(tmp_path, "deuce-to-seven-triple-draw", names=("Anna", "Bjørn"), decks=[deck]) as table:
            phones = [await page_phone(b, table, seat) for seat in (0, 1)]
            await table.settle()
            seat = table.ctl.waiting_seat()
            phone = phones[seat]
            await phone.my_turn()
            await phone.page.wait_for_selector("#coach:not([hidden]) li", timeout=WAIT)
            lines = await phone.page.locator("#coach-list li").all_inner_texts()
            assert not any("Keep ," in line for line in lines), lines
            # (its odds on the line below)
            assert any(line.startswith("Keep nothing, draw 5\n") for line in lines), lines
            assert await phone.layout("coach-nothing", tmp_path) == []
            for other, each in enumerate(phones):
                assert each.errors == []
                assert leaks(each.frames, other, table.session.events) == []

    run(with_browser(play))


def test_a_leaver_keeps_their_name_on_the_page_and_no_empty_table(tmp_path):
    async def play(b):
        decks = [stacked(HANDS, STOCK, button=0) for _ in range(2)]
        async with Laptop(tmp_path, decks=decks) as table:
            ctl = table.ctl
            phones = [await page_phone(b, table, seat) for seat in range(3)]
            anna, bjorn, cato = phones
            await bjorn.my_turn()
            await table.settle()
            ctl.open_menu()
            ctl.menu_key("l")
            ctl.menu_key("3")  # Cato leaves when this deal ends
            await table.settle()
            await bjorn.tap("Bet 1")
            await cato.my_turn()
            await cato.tap("Fold")
            await anna.my_turn()
            await anna.tap("Fold")
            await cato.page.wait_for_selector("#status:has-text('You have left the table')", timeout=WAIT)
            await asyncio.sleep(0.2)
            assert await cato.text("#me") == "You: Cato"
            assert await cato.page.locator("#table").is_hidden()
            assert "Cato (left)" in await cato.text("#standings-rows")
            assert await cato.layout("left", tmp_path) == []
            for seat, phone in enumerate(phones):
                assert phone.errors == []
                assert leaks(phone.frames, seat, table.session.events) == []

    run(with_browser(play))


@pytest.mark.parametrize(
    ("language", "over"),
    [("en", "The deal is over: Enter at the laptop goes on."), ("nb", "Utdelingen er over: Enter ved den bærbare")],
)
def test_dealers_choice_between_deals_the_phones_say_the_laptop_waits_for_enter(tmp_path, language, over):
    async def play(b):
        decks = [stacked(["Ah Ad 7c 4s 2d", "Kh Kd Qs Js 9c"], "Ac Ks 9h", button=0)]
        async with Laptop(tmp_path, "dealers-choice", names=("Anna", "Bjørn"), decks=decks, language=language) as table:
            ctl = table.ctl
            anna = await page_phone(b, table, 0, wait_cards=False)
            bjorn = await page_phone(b, table, 1, wait_cards=False)
            await anna.my_turn()
            await anna.page.locator("#actions button").nth(1).click(timeout=WAIT)  # Jackpots
            await bjorn.my_turn()
            await bjorn.page.locator("#actions button.primary").click(timeout=WAIT)  # Bet 1: Bjørn's kings open
            await anna.my_turn()
            await anna.page.locator("#actions button.danger").click(timeout=WAIT)  # Fold
            await table.settle()
            assert ctl.screen == c.DEAL_OVER
            # Bjørn deals next and picks the game once the laptop goes on: nobody is asked yet
            for phone in (anna, bjorn):
                await phone.page.wait_for_selector(f"#turn:has-text('{over}')", timeout=WAIT)
                assert await phone.page.locator("#actions button").count() == 0
            assert await anna.layout("choice-deal-over", tmp_path) == []
            ctl.acknowledge()  # Enter: now Bjørn picks, on his phone
            await bjorn.my_turn()
            choosing = "Bjørn decides on the phone." if language == "en" else "Bjørn bestemmer seg på telefonen."
            await anna.page.wait_for_selector(f"#turn:has-text('{choosing}')", timeout=WAIT)
            for seat, phone in enumerate((anna, bjorn)):
                assert phone.errors == []
                assert leaks(phone.frames, seat, table.session.events) == []

    run(with_browser(play))


@pytest.mark.parametrize(("language", "said"), [("en", "Pair Plus: from 0 to 10."), ("nb", "Pair Plus: fra 0 til 10.")])
def test_a_bet_slip_tap_that_changes_nothing_says_the_bets_range(tmp_path, language, said):
    async def play(b):
        async with Laptop(tmp_path, "three-card-poker", names=("Anna", "Bjørn"), language=language) as table:
            phones = [await page_phone(b, table, seat, wait_cards=False) for seat in (0, 1)]
            await table.settle()
            seat = table.ctl.waiting_seat()
            phone = phones[seat]
            await phone.my_turn()
            before = len(table.session.events)
            await phone.page.locator("#bet-0-pair_plus-less").click(timeout=WAIT)  # at 0 already
            await phone.page.wait_for_selector(f"#message:has-text('{said}')", timeout=WAIT)
            assert await phone.text("#bet-0-pair_plus") == "0"
            assert await phone.layout("slip-limit", tmp_path) == []
            await phone.page.locator("#bet-0-pair_plus-more").click(timeout=WAIT)  # a change: the sentence goes
            await phone.page.wait_for_selector("#message:empty", state="attached", timeout=WAIT)
            assert await phone.text("#bet-0-pair_plus") == "1"
            assert len(table.session.events) == before  # nothing sent
            game = game_for(load_rules("three-card-poker"))
            for other, each in enumerate(phones):
                assert each.errors == []
                assert leaks(each.frames, other, table.session.events, game) == []

    run(with_browser(play))


def test_a_phone_asking_for_a_seat_played_at_the_laptop_is_told_so(tmp_path):
    async def play(b):
        async with Laptop(tmp_path, names=("Anna", "Bjørn"), decks=[stacked(HANDS[:2], STOCK, button=0)]) as table:
            ctl = table.ctl
            bjorn = await page_phone(b, table, 1)
            await bjorn.my_turn()
            await table.settle()
            ctl.take_back()  # Bjørn plays at the laptop now; his phone is let go
            await table.settle()
            again = await page_phone(b, table, 1, wait_cards=False)  # the new code, scanned
            await again.page.wait_for_selector("#status:has-text('played at the laptop')", timeout=WAIT)
            status = await again.text("#status")
            assert "Another phone" not in status, status
            assert status == (
                "This seat is played at the laptop. The table has been asked to let this phone in; "
                "wait for a yes at the laptop."
            )
            assert await again.page.evaluate(LAYOUT) == []
            await table.settle()
            assert ctl.asked().first
            ctl.answer_approval(True)
            await again.my_turn()
            assert leaks(again.frames, 1, table.session.events) == []

    run(with_browser(play))


def test_the_exchange_help_says_both_limits_where_a_kept_ace_changes_more(tmp_path):
    """A house that lets a kept ace, shown, change 4: the page said "up to 4"
    (the laptop "up to 3"); it says both now, and lets a fourth card be chosen."""
    house = tmp_path / "ace.yaml"
    house.write_text("extends: morkpoker\ntable:\n  max_players: 4\ndraw:\n  max_cards_with_ace: 4\n", encoding="utf-8")

    async def play(b):
        deck = stacked(["Ah 9d 7c 4s 2d", "Kh Kd Qs Js 9c"], "2c 3c 5c 6c 7h 8h 9h Th", button=0)
        async with Laptop(tmp_path, str(house), names=("Anna", "Bjørn"), decks=[deck]) as table:
            phones = [await page_phone(b, table, seat) for seat in (0, 1)]
            anna, bjorn = phones
            await bjorn.my_turn()
            await bjorn.tap("Bet 1")
            await anna.my_turn()
            await anna.tap("Call 1")
            await bjorn.my_turn()
            await bjorn.page.wait_for_selector("#help", timeout=WAIT)
            said = "Tap the cards to throw (up to 3, 4 keeping an ace), then exchange."
            assert said in await bjorn.text("#help")
            assert await bjorn.layout("ace-limit", tmp_path) == []
            for seat, phone in enumerate(phones):
                assert phone.errors == []
                assert leaks(phone.frames, seat, table.session.events) == []

    run(with_browser(play))
