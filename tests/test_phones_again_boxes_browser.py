"""Three Card Poker: a player with two boxes who taps Play on the first and
taps again (a double tap, or a tap again when the answer seemed slow)
played the second box too: its Play came up at once where the first's had
been (ph49). Now the phone says "Your turn again" first, with one button,
Go on, as the laptop's "your turn again: box 2" takes an Enter
(tests/test_three_card_again.py): the second tap lands there and plays
nothing. The real page in Chromium at 360x640 and 320x568, English and
Norwegian."""

from __future__ import annotations

import pytest

from tests.test_phones_browser import CHROMIUM, SMALL, WAIT, run, with_browser

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="the phone page's browser tests need Debian's chromium")
pytest.importorskip("playwright.async_api", reason="playwright (pip install -e '.[test]')")

from drawpoker.phones.words import page_words  # noqa: E402
from tests.phones_table import PhoneTable, leaks, tcp_deck  # noqa: E402
from tests.test_phones_again_browser import buttons  # noqa: E402
from tests.test_phones_browser_games import ANNA_JUNK, ANNA_PAIR, BJORN_ACE, DEALER, press  # noqa: E402

PHONE = (360, 640)


@pytest.mark.parametrize(("language", "size"), [("en", PHONE), ("nb", SMALL)])
def test_a_second_tap_on_play_does_not_play_the_next_box(tmp_path, language, size):
    words = page_words(language)

    async def play(b):
        deck = tcp_deck([ANNA_PAIR, ANNA_JUNK, BJORN_ACE], DEALER)
        table = PhoneTable("three-card-poker-ru", 2, decks=[deck], hold=True, language=language)
        await table.start()
        try:
            anna = await b.phone(table, 0, size, wait_cards=False)
            bjorn = await b.phone(table, 1, size, wait_cards=False)
            await anna.my_turn()
            await press(anna, words["add_box"])
            await anna.tap(words["place"].format(n=2))
            await bjorn.my_turn()
            await bjorn.tap(words["place"].format(n=1))
            await anna.my_turn()
            play_1 = words["play"].format(n=1)
            assert play_1 in await buttons(anna)
            tapped = anna.page.locator("#actions button", has_text=play_1).first
            box = await tapped.bounding_box()
            await tapped.click(timeout=WAIT)
            await anna.page.locator("#turn", has_text=words["your_turn_again"]).wait_for(timeout=WAIT)
            assert await buttons(anna) == [words["go_on"]]
            assert await anna.text("#help") == words["again_box_help"]
            assert await anna.layout("again-box", tmp_path) == []
            # the second tap, where Play was: it lands on Go on (or nothing), and plays nothing
            await anna.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            await anna.page.wait_for_timeout(300)
            assert [d.action for d in table.taken] == ["place", "place", "play"]
            assert table.state.boxes[1].play == 0 and not table.state.boxes[1].folded
            if await buttons(anna) == [words["go_on"]]:
                await anna.tap(words["go_on"])
            assert (await buttons(anna))[:2] == [play_1, words["fold_box"]]
            assert await anna.text("#turn") == words["your_turn"]
            await anna.tap(words["fold_box"])
            # Bjørn's box: not his turn again (Anna acted between), his Play at once
            await bjorn.my_turn()
            assert words["play"].format(n=1) in await buttons(bjorn)
            assert [d.action for d in table.taken] == ["place", "place", "play", "fold"]
            for phone in (anna, bjorn):
                assert phone.errors == []
                assert leaks(phone.frames, phone.seat, table.events_all, table.game) == []
        finally:
            await table.stop()

    run(with_browser(play))
