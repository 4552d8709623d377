"""Dealer's choice on the phone page, in a real browser at a small phone's
size (360x640; Debian's chromium, loopback only), at the real table
(tests/phones_laptop.py): found by playing a dealer's choice evening with
phones (ph45).

- While the dealer picks the next deal's game, the phones said "Deal 2 ·
  Pot: 0": the deal before it (over) and a pot that is not in play. They say
  what the laptop says then, "Cato deals: dealer's choice. Which game?". A
  pot carried from a passed-out deal is real and is still shown (it is
  redealt in its game: nobody picks then).
- Then the phones still showed the deal before it: its dealer's mark on
  Bjørn ("Bjørn (dealer)"), who folded, and each player's five cards of a
  deal that is over. They show what the laptop shows: Cato marked as the
  dealer, and no cards (ev47).

Every frame each page received is checked for another seat's hidden cards."""

from __future__ import annotations

import pytest

from tests.test_phones_browser import CHROMIUM, LAYOUT, WAIT, run, with_browser

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="the phone page's browser tests need Debian's chromium")
pytest.importorskip("playwright.async_api", reason="playwright (pip install -e '.[test]')")

from drawpoker.client import controller as c  # noqa: E402
from drawpoker.client.screens import screen_text  # noqa: E402
from tests.phones_laptop import Laptop  # noqa: E402
from tests.phones_table import leaks  # noqa: E402
from tests.test_dealers_choice_redeal import NO_OPENERS, REDEAL  # noqa: E402  (the passed-out deal, its redeal)

PHONE = (360, 640)
SAID = {
    "en": ("Deal 1 · Pot: 3", "Cato deals: dealer's choice. Which game?", "(dealer)"),
    "nb": ("Utdeling 1 · Pott: 3", "Cato gir: giverens valg. Hvilket spill?", "(giver)"),
}


@pytest.mark.parametrize("language", ["en", "nb"])
def test_while_the_dealer_picks_the_phones_say_so_and_no_pot_that_is_not_there(tmp_path, language):
    carried, choosing, mark = SAID[language]

    async def play(b):
        async with Laptop(tmp_path, "dealers-choice", language=language, decks=[NO_OPENERS, REDEAL]) as table:
            ctl = table.ctl
            phones = [await b.phone(table, seat, PHONE, wait_cards=False) for seat in range(3)]
            anna, bjorn, cato = phones
            await anna.my_turn()
            await anna.page.locator("#actions button").nth(1).click(timeout=WAIT)  # Jackpots
            for phone in (bjorn, cato, anna):  # nobody can open: checked round
                await phone.my_turn()
                await phone.page.locator("#actions button:not(.danger)").first.click(timeout=WAIT)  # Check
            await table.settle()
            assert ctl.screen == c.DEAL_OVER and table.state.carried == 3
            for phone in phones:  # the pot carried is real: it is played for in the redeal
                await phone.page.wait_for_selector(f"#pot:has-text('{carried}')", timeout=WAIT)
            ctl.acknowledge()  # the redeal in jackpots under Bjørn: nobody picks
            await cato.my_turn()
            await cato.page.locator("#actions button.primary").click(timeout=WAIT)  # Cato opens
            for phone in (anna, bjorn):
                await phone.my_turn()
                await phone.page.locator("#actions button.danger").click(timeout=WAIT)  # Fold
            await table.settle()
            assert ctl.screen == c.DEAL_OVER and table.state.carried == 0 and table.state.button == 1
            for phone in phones:  # the deal just played, as the laptop shows it: Bjørn's deal, the cards kept
                await phone.page.wait_for_selector(f"#seats li:nth-child(2):has-text('{mark}')", timeout=WAIT)
            ctl.acknowledge()  # Enter: Cato deals next and picks the game, on his phone
            await cato.my_turn()
            await table.settle()
            assert ctl.screen == c.PHONE and ctl.waiting_seat() == 2
            for phone in phones:
                await phone.page.wait_for_selector(f'#pot:has-text("{choosing}")', timeout=WAIT)
                assert await phone.text("#pot") == choosing
                rows = await phone.page.locator("#seats li").all_inner_texts()
                assert [mark in row for row in rows] == [False, False, True], rows  # Cato picks: Cato deals
                assert all(len(row.split("\n")) == 2 for row in rows), rows  # a name, chips: no "folded" of before
                assert await phone.page.locator("#cards .card").count() == 0
            for seat, phone in enumerate(phones):
                assert phone.errors == []
                assert leaks(phone.frames, seat, table.session.events) == []

    run(with_browser(play))


@pytest.mark.parametrize(
    ("language", "away", "not_dealt"), [("en", "away", "not in this deal"), ("nb", "borte", "ikke med nå")]
)
def test_the_phones_say_who_sits_out_and_who_waits_as_the_laptop_does(tmp_path, language, away, not_dealt):
    # seen (a dealer's choice evening, ph45): Bjørn sat out; the laptop's table said "away" under his name, but
    # every phone, his own too, showed him as one more player with chips (his own: "No cards now.", nothing
    # else); a newcomer waiting for the big blind was shown the same way ("not in this deal" at the laptop)
    from tests.test_phones_evening_browser import joined_without_cards

    async def play(b):
        names = ("Anna", "Bjørn", "Cato", "Emil", "Frida")
        async with Laptop(tmp_path, "deuce-to-seven-triple-draw", names=names, language=language) as table:
            ctl = table.ctl
            await table.deal_at_the_laptop(lambda ctl: ctl.act("fold"))  # everyone folds to the big blind
            ctl.open_menu()
            for key in ("s", "2"):  # Bjørn sits out
                ctl.menu_key(key)
            ctl.open_menu()
            for key in ("a", "D", "i", "n", "a", "enter", "enter", "p"):  # Dina sits down, in seat 6
                ctl.menu_key(key)
            assert table.state.away[1] and table.state.waiting[5]
            ctl.acknowledge()
            await table.settle()
            assert table.state.deal == 2 and not table.state.in_deal[1] and not table.state.in_deal[5]
            if ctl.screen == c.HANDOVER:
                ctl.reveal()  # (the table under the player's cards: the laptop's words for the two seats)
            laptop = screen_text(ctl, 80, 24)
            assert f" {away}" in laptop and not_dealt in laptop, laptop
            bjorn = await joined_without_cards(b, table, 1)
            dina = await b.phone(table, 5, PHONE, wait_cards=False)
            anna = await joined_without_cards(b, table, 0)
            for phone in (anna, bjorn, dina):
                await phone.page.wait_for_selector("#seats li:nth-child(6)", timeout=WAIT)
                rows = await phone.page.locator("#seats li").all_inner_texts()
                assert rows[1].rstrip().endswith(away), rows
                assert rows[5].rstrip().endswith(not_dealt), rows
                assert not any(away in row or not_dealt in row for row in (rows[0], *rows[2:5])), rows
                assert phone.errors == []
            assert await bjorn.page.evaluate(LAYOUT) == []
            for seat, phone in ((0, anna), (1, bjorn), (5, dina)):
                assert leaks(phone.frames, seat, table.session.events) == []

    run(with_browser(play))


def test_a_player_who_stood_pat_is_said_so_on_the_phones_as_at_the_laptop(tmp_path):
    # seen: the page's log said "Bjørn stands pat." and his seat "drew 0" (the laptop's table: "stood pat")
    from tests.phones_table import HANDS, STOCK, stacked

    async def play(b):
        deck = stacked(HANDS[:2], STOCK, button=0)
        async with Laptop(tmp_path, names=("Anna", "Bjørn"), decks=[deck]) as table:
            anna, bjorn = [await b.phone(table, seat, PHONE) for seat in (0, 1)]
            await bjorn.my_turn()
            await bjorn.tap("Bet 1")
            await anna.my_turn()
            await anna.tap("Call 1")
            await bjorn.my_turn()
            await bjorn.tap("Stand pat")
            await anna.my_turn()
            for card in (2, 3, 4):
                await anna.page.locator("#cards .card").nth(card).click(timeout=WAIT)
            await anna.tap("Throw 3 and draw")
            await bjorn.my_turn()
            for phone in (anna, bjorn):
                await phone.page.wait_for_selector("#seats li:nth-child(1):has-text('drew 3')", timeout=WAIT)
                rows = await phone.page.locator("#seats li").all_inner_texts()
                assert rows[1].rstrip().endswith("stood pat") and "drew 0" not in rows[1], rows
                assert phone.errors == []
            for seat, phone in enumerate((anna, bjorn)):
                assert leaks(phone.frames, seat, table.session.events) == []

    run(with_browser(play))
