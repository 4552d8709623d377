"""A phone whose table closed in the middle of its player's decision (the
laptop left with Ctrl-C, Y) says so and offers nothing more: no "Your
turn", no action buttons, no cards to tap, no coach. Seen at an evening
with phones (ph48): under "The table has closed." the page still said
"Your turn", "Tap the cards to throw (up to 3), then exchange.", showed the
draw coach and a "Stand pat" button that looked live and did nothing. The
last table and the player's own cards stay in view. The real page in
Chromium at 320x568, English and Norwegian."""

from __future__ import annotations

import pytest

from tests.test_phones_browser import CHROMIUM, SMALL, WAIT, run, with_browser

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="the phone page's browser tests need Debian's chromium")
pytest.importorskip("playwright.async_api", reason="playwright (pip install -e '.[test]')")

from drawpoker.phones.words import page_words  # noqa: E402
from tests.phones_table import HANDS, STOCK, PhoneTable, leaks, stacked  # noqa: E402

#: Bjørn's first exchange button, in each language (the page's own words)
STAND_PAT = {language: page_words(language)["stand_pat"] for language in ("en", "nb")}


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_phone_says_nothing_of_a_turn_once_its_table_has_closed(tmp_path, language):
    words = page_words(language)

    async def play(b):
        table = PhoneTable(decks=[stacked(HANDS, STOCK)], language=language)
        await table.start()
        stopped = False
        try:
            anna = await b.phone(table, 0, SMALL)
            bjorn = await b.phone(table, 1, SMALL)
            cato = await b.phone(table, 2, SMALL)
            await bjorn.my_turn()
            await bjorn.tap(words["bet"].format(n=1))
            await cato.my_turn()
            await cato.tap(words["call"].format(n=1))
            await anna.my_turn()
            await anna.tap(words["fold"])
            # the exchange: Bjørn's turn, his cards to tap, the coach beside them
            await bjorn.my_turn()
            await bjorn.page.wait_for_selector("#cards button.card", timeout=WAIT)
            assert await bjorn.text("#actions") == STAND_PAT[language]
            await table.stop()  # the laptop leaves
            stopped = True
            await bjorn.page.wait_for_selector(f"#status:has-text('{words['bye_closed']}')", timeout=WAIT)
            await bjorn.page.wait_for_function("() => !document.querySelector('#actions button')", timeout=WAIT)
            assert await bjorn.page.locator("#turn").inner_text() == ""
            assert await bjorn.page.locator("#help").inner_text() == ""
            assert await bjorn.page.locator("#cards button").count() == 0
            assert await bjorn.page.locator("#cards .card").count() == 5  # his cards stay in view
            assert await bjorn.page.locator("#coach").is_hidden()
            assert await bjorn.page.locator("#seats li").count() == 3  # and the last table
            for phone in (anna, cato):
                await phone.page.wait_for_selector(f"#status:has-text('{words['bye_closed']}')", timeout=WAIT)
                assert await phone.page.locator("#turn").inner_text() == ""
            assert await bjorn.layout("closed", tmp_path) == []
            for phone in (anna, bjorn, cato):
                assert phone.errors == []
                assert leaks(phone.frames, phone.seat, table.events_all) == []
        finally:
            if not stopped:
                await table.stop()

    run(with_browser(play))
