"""Dealer's choice between deals, on the phones, in a real browser at a
small phone's size (360x640; Debian's chromium, loopback only), at the real
table (tests/phones_laptop.py) (ev47).

While the next dealer picks the game, the laptop shows only "Cato deals:
dealer's choice. Which game?"; the phones still showed the deal before it:
its dealer's mark on Bjørn ("Bjørn (dealer)"), who folded, and each
player's five cards of a deal that is over. They show what the laptop shows:
Cato marked as the dealer, and no cards ("No cards now")."""

from __future__ import annotations

import pytest

from tests.test_phones_browser import CHROMIUM, WAIT, run, with_browser

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="the phone page's browser tests need Debian's chromium")
pytest.importorskip("playwright.async_api", reason="playwright (pip install -e '.[test]')")

from drawpoker.client import controller as c  # noqa: E402
from tests.phones_laptop import Laptop  # noqa: E402
from tests.phones_table import leaks  # noqa: E402
from tests.test_dealers_choice_redeal import NO_OPENERS, REDEAL  # noqa: E402  (the passed-out deal, its redeal)

PHONE = (360, 640)
SAID = {
    "en": ("Cato deals: dealer's choice. Which game?", "(dealer)"),
    "nb": ("Cato gir: giverens valg. Hvilket spill?", "(giver)"),
}


@pytest.mark.parametrize("language", ["en", "nb"])
def test_while_the_next_dealer_picks_the_phones_mark_him_and_show_no_cards(tmp_path, language):
    choosing, mark = SAID[language]

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
            ctl.acknowledge()  # the redeal in jackpots under Bjørn: nobody picks
            await cato.my_turn()
            await cato.page.locator("#actions button.primary").click(timeout=WAIT)  # Cato opens
            for phone in (anna, bjorn):
                await phone.my_turn()
                await phone.page.locator("#actions button.danger").click(timeout=WAIT)  # Fold
            await table.settle()
            assert ctl.screen == c.DEAL_OVER and table.state.button == 1  # Bjørn dealt it
            for phone in phones:  # the deal just played, as the laptop shows it: Bjørn's deal, the cards kept
                await phone.page.wait_for_selector(f"#seats li:nth-child(2):has-text('{mark}')", timeout=WAIT)
            ctl.acknowledge()  # Enter: Cato deals next and picks the game, on his phone
            await cato.my_turn()
            await table.settle()
            assert ctl.screen == c.PHONE and ctl.waiting_seat() == 2
            for phone in phones:
                await phone.page.wait_for_selector(f'#pot:has-text("{choosing}")', timeout=WAIT)
                rows = await phone.page.locator("#seats li").all_inner_texts()
                assert [mark in row for row in rows] == [False, False, True], rows
                assert all(len(row.split("\n")) == 2 for row in rows), rows  # a name, chips: no "folded" of before
                assert await phone.page.locator("#cards .card").count() == 0
            for seat, phone in enumerate(phones):
                assert phone.errors == []
                assert leaks(phone.frames, seat, table.session.events) == []

    run(with_browser(play))
