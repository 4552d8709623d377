"""A bet or raise that puts every chip in says so on the phone, as the
laptop's menu ("Raise to 3 (+2) (all-in)") and amount entry do, and as the
phone's own Call did ("Call 1 (all-in)"). Seen at an evening with phones
(ph48): with 3 chips left, Bjørn's phone offered "Høyn til 3" for a raise
that put him all in, and the no-limit entry's "All in" made its button
"Raise to 100", all-in unsaid. The real page in Chromium at 320x568,
English and Norwegian."""

from __future__ import annotations

import pytest

from tests.test_phones_browser import CHROMIUM, SMALL, WAIT, run, with_browser

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="the phone page's browser tests need Debian's chromium")
pytest.importorskip("playwright.async_api", reason="playwright (pip install -e '.[test]')")

from drawpoker.phones.words import page_words  # noqa: E402
from tests.phones_table import HANDS, STOCK, PhoneTable, leaks, stacked  # noqa: E402

ALL_IN = {"en": "(all-in)", "nb": "(all-in)"}


async def buttons(phone) -> list[str]:
    return [text.strip() for text in await phone.page.locator("#actions button").all_inner_texts()]


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_fixed_limit_bet_that_puts_every_chip_in_says_so(tmp_path, language):
    words = page_words(language)

    async def play(b):
        # Bjørn has 2 chips: after his ante the bet of 1 is all he has
        table = PhoneTable(decks=[stacked(HANDS, STOCK)], stacks=[40, 2, 40], language=language)
        await table.start()
        try:
            bjorn = await b.phone(table, 1, SMALL)
            await bjorn.my_turn()
            bet = words["bet_all_in"].format(n=1)
            assert bet.endswith(ALL_IN[language])
            assert await buttons(bjorn) == [words["fold"], words["check"], bet]
            assert await bjorn.layout("bet-all-in", tmp_path) == []
            await bjorn.tap(bet)
            await bjorn.page.wait_for_function("() => !document.querySelector('#turn.mine')", timeout=WAIT)
            assert [d.action for d in table.taken] == ["bet"] and table.state.stacks[1] == 0
            assert bjorn.errors == [] and leaks(bjorn.frames, 1, table.events_all) == []
        finally:
            await table.stop()

    run(with_browser(play))


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_no_limit_entry_says_all_in_for_the_whole_stack(tmp_path, language):
    words = page_words(language)

    async def play(b):
        table = PhoneTable("no-limit-draw", decks=[stacked(HANDS, STOCK)], language=language)
        await table.start()
        try:
            anna = await b.phone(table, 0, SMALL)
            await anna.my_turn()
            await anna.tap(words["raise_choose"])
            confirm = anna.page.locator("#amount-confirm")
            await anna.page.get_by_role("button", name=words["all_in_button"], exact=True).click(timeout=WAIT)
            assert await confirm.inner_text() == words["raise_all_in"].format(n=100)
            await anna.page.get_by_role("button", name=words["less"], exact=True).click(timeout=WAIT)
            assert await confirm.inner_text() == words["confirm_raise"].format(n=98)
            await anna.page.fill("#amount-value", "100")  # typed: the whole stack again
            assert await confirm.inner_text() == words["raise_all_in"].format(n=100)
            assert await anna.layout("raise-all-in", tmp_path) == []
            await confirm.click(timeout=WAIT)
            await anna.page.wait_for_function("() => !document.querySelector('#turn.mine')", timeout=WAIT)
            assert table.state.stacks[0] == 0
            assert anna.errors == [] and leaks(anna.frames, 0, table.events_all) == []
        finally:
            await table.stop()

    run(with_browser(play))


def test_an_emptied_amount_is_the_smallest_as_at_the_laptop(tmp_path):
    """The laptop's entry takes an empty field as the smallest amount; the
    phone's said "Raise to 0" and sent 0, which the table refused (ph48)."""
    words = page_words("en")

    async def play(b):
        table = PhoneTable("no-limit-draw", decks=[stacked(HANDS, STOCK)])
        await table.start()
        try:
            anna = await b.phone(table, 0, SMALL)
            await anna.my_turn()
            await anna.tap(words["raise_choose"])
            confirm = anna.page.locator("#amount-confirm")
            smallest = await confirm.inner_text()
            await anna.page.get_by_role("button", name=words["more"], exact=True).click(timeout=WAIT)
            assert await confirm.inner_text() != smallest
            await anna.page.fill("#amount-value", "")
            assert await confirm.inner_text() == smallest
            await confirm.click(timeout=WAIT)
            await anna.page.wait_for_function("() => !document.querySelector('#turn.mine')", timeout=WAIT)
            assert [d.action for d in table.taken] == ["raise"]
            assert words["confirm_raise"].format(n=table.taken[0].amount) == smallest
            assert anna.errors == []
        finally:
            await table.stop()

    run(with_browser(play))
