"""The phone page marks the blinds beside the seats, as the laptop's table
does ("SB", "BB"; in Norwegian "LB", "SB"). The real page in Chromium at
320x568; what the phones are sent is tests/test_phones_seat_marks.py."""

from __future__ import annotations

import pytest

from tests.test_phones_browser import CHROMIUM, SMALL, run, with_browser

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="the phone page's browser tests need Debian's chromium")
pytest.importorskip("playwright.async_api", reason="playwright (pip install -e '.[test]')")

from drawpoker.phones.words import page_words  # noqa: E402
from tests.phones_table import HANDS, STOCK, PhoneTable, stacked  # noqa: E402


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_blinds_are_marked_beside_their_seats(tmp_path, language):
    words = page_words(language)

    async def play(b):
        table = PhoneTable("no-limit-draw", decks=[stacked(HANDS, STOCK)], language=language)
        await table.start()
        try:
            anna = await b.phone(table, 0, SMALL)
            await anna.my_turn()
            seats = [text.split("\n") for text in await anna.page.locator("#seats li").all_inner_texts()]
            marked = [[part.strip() for part in ", ".join(lines).split(", ")] for lines in seats]
            small, big = words["small_blind"], words["big_blind"]
            assert [(small in m, big in m) for m in marked] == [(False, False), (True, False), (False, True)]
            assert await anna.layout("blinds", tmp_path) == [] and anna.errors == []
        finally:
            await table.stop()

    run(with_browser(play))


@pytest.mark.parametrize(("language", "size"), [("en", (360, 640)), ("nb", SMALL)])
def test_a_check_is_marked_beside_its_seat(tmp_path, language, size):
    """Bjørn checks: every phone says it beside his seat ("check", "checket"), as the laptop's table
    does, and still once Cato bets; the log alone said it before (ph49)."""
    words = page_words(language)

    async def play(b):
        table = PhoneTable("morkpoker", decks=[stacked(HANDS, STOCK)], language=language)
        await table.start()
        try:
            anna = await b.phone(table, 0, size)
            bjorn = await b.phone(table, 1, size)
            await bjorn.my_turn()
            await bjorn.tap(words["check"])

            async def marked():
                await anna.page.wait_for_function(  # (Bjørn's seat: his name, his chips and now what he did)
                    "() => document.querySelectorAll('#seats li')[1].children.length > 2", timeout=15_000
                )
                seats = [text.split("\n") for text in await anna.page.locator("#seats li").all_inner_texts()]
                return [words["checked"] in [p.strip() for p in ", ".join(lines).split(", ")] for lines in seats]

            assert await marked() == [False, True, False]
            assert await anna.layout("checked", tmp_path) == [] and anna.errors == []
        finally:
            await table.stop()

    run(with_browser(play))
