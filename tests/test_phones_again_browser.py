"""A player whose call closes the betting and who then exchanges first
(heads-up, the one without the button) sees "Your turn again" on the phone
first, with one button, Go on, as the laptop shows "your turn again" with
Enter: a second tap meant for the Call (a double tap, or a tap again when
the answer seemed slow) lands on that, not on the exchange. Seen at an
evening with phones (ph48): the exchange's "Stand pat" came up at once where
the Call had been (its lower half: the help line above pushes it down only
so far), so a second tap stood pat with cards the player meant to throw. A
turn that is not the same player's again (Anna's exchange after Bjørn's)
shows the exchange at once; Anna, who bet, acts first after the exchange
she ended: her turn again. The real page in Chromium at 360x640 and
320x568, English and Norwegian."""

from __future__ import annotations

import pytest

from tests.test_phones_browser import CHROMIUM, SMALL, WAIT, run, with_browser

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="the phone page's browser tests need Debian's chromium")
pytest.importorskip("playwright.async_api", reason="playwright (pip install -e '.[test]')")

from drawpoker.phones.words import page_words  # noqa: E402
from tests.phones_table import HANDS, STOCK, PhoneTable, leaks, stacked  # noqa: E402

PHONE = (360, 640)


async def buttons(phone) -> list[str]:
    return [text.strip() for text in await phone.page.locator("#actions button").all_inner_texts()]


@pytest.mark.parametrize(("language", "size"), [("en", PHONE), ("nb", SMALL)])
def test_the_same_player_again_in_the_next_part_of_the_deal_goes_on_by_a_tap_of_its_own(tmp_path, language, size):
    words = page_words(language)

    async def play(b):
        # heads-up, Anna has the button: Bjørn acts first, and exchanges first
        table = PhoneTable(players=2, decks=[stacked(HANDS[:2], STOCK)], language=language)
        await table.start()
        try:
            anna = await b.phone(table, 0, size)
            bjorn = await b.phone(table, 1, size)
            await bjorn.my_turn()
            await bjorn.tap(words["check"])
            await anna.my_turn()
            await anna.tap(words["bet"].format(n=1))
            await bjorn.my_turn()
            await bjorn.tap(words["call"].format(n=1))  # the betting closes: the exchange, Bjørn first
            await bjorn.page.locator("#turn", has_text=words["your_turn_again"]).wait_for(timeout=WAIT)
            assert await buttons(bjorn) == [words["go_on"]]
            assert await bjorn.text("#help") == words["again_help"]
            assert await bjorn.page.locator("#cards button").count() == 0  # no card to tap yet
            assert await bjorn.layout("again", tmp_path) == []
            assert table.state.phase == "exchange" and table.state.to_act == 1
            await bjorn.tap(words["go_on"])  # (a second tap meant for Call lands here, and only shows the exchange)
            assert await buttons(bjorn) == [words["stand_pat"]]
            assert await bjorn.text("#turn") == words["your_turn"]
            assert len(table.taken) == 3  # nothing was sent
            await bjorn.page.locator("#cards button").nth(2).click(timeout=WAIT)  # the queen of spades
            await bjorn.tap(words["exchange"].format(n=1))
            # Anna exchanges next: not her turn again (Bjørn acted between), the exchange at once
            await anna.my_turn()
            assert await buttons(anna) == [words["stand_pat"]]
            await anna.tap(words["stand_pat"])
            # Anna, who bet, bets first after the exchange: her turn again, as the laptop would say it
            await anna.page.locator("#turn", has_text=words["your_turn_again"]).wait_for(timeout=WAIT)
            assert table.state.phase == "betting" and table.state.to_act == 0
            await anna.tap(words["go_on"])
            assert words["check"] in await buttons(anna)
            assert [d.action for d in table.taken] == ["check", "bet", "call", "exchange", "exchange"]
            for phone in (anna, bjorn):
                assert phone.errors == []
                assert leaks(phone.frames, phone.seat, table.events_all) == []
        finally:
            await table.stop()

    run(with_browser(play))
