"""The phone page in a real browser (Debian's chromium, headless, loopback
only):

- An address the table no longer knows, reloaded: the server's bare
  English "Not found." whatever the table's language. Now the sentence the
  live page says when its table is gone ("scan your seat's code at the
  laptop"), in the table's language, the same bytes for every unknown path.
- A second tab or window of the same phone (its stored device key): the
  first tab was told "Your seat moved to another phone.", which is untrue;
  now it says the seat is open in another tab or window of this phone, and
  a reload there takes it back."""

from __future__ import annotations

import pytest

from tests.test_phones_browser import CHROMIUM, SMALL, WAIT, with_browser

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="the phone page's browser tests need Debian's chromium")
pytest.importorskip("playwright.async_api", reason="playwright (pip install -e '.[test]')")

from drawpoker.phones.words import page_words  # noqa: E402
from tests.phones_laptop import Laptop  # noqa: E402
from tests.phones_table import run  # noqa: E402
from tests.test_phones_evening import deck  # noqa: E402


async def said(page, selector, text):
    """Wait until ``selector`` says ``text``."""
    await page.wait_for_function(
        "([selector, said]) => document.querySelector(selector).textContent === said",
        arg=[selector, text],
        timeout=WAIT,
    )


@pytest.mark.parametrize("language", ["nb"])
def test_an_address_the_table_no_longer_knows_reloaded_says_so_in_the_tables_language(tmp_path, language):
    words = page_words(language)

    async def play(b):
        async with Laptop(tmp_path, language=language, decks=[deck()]) as table:
            phone = await b.phone(table, 0, SMALL)
            old = table.url(0)
            table.link.take_back(0)  # L at the laptop: the seat gets a new code
            await said(phone.page, "#status", words["bye_taken_back"])
            answer = await phone.page.reload(timeout=WAIT)
            assert answer is not None and answer.status == 404
            assert (await phone.page.inner_text("body")).split("\n")[-1] == words["bye_gone"]
            assert await phone.page.evaluate("document.documentElement.lang") == language
            assert await phone.layout("gone", tmp_path) == []
            gone = await answer.body()
            base = old.split("/s/")[0]
            for path in ("/nothing", "/s/", "/static/other.js", "/ws/" + old.rsplit("/", 1)[1], "/"):
                other = await phone.page.goto(base + path, timeout=WAIT)
                assert other is not None and other.status == 404 and await other.body() == gone, path
            assert table.url(0) != old
            assert [e for e in phone.errors if "404" not in e] == []

    run(with_browser(play))


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_second_tab_of_the_same_phone_is_said_as_a_tab_not_another_phone(tmp_path, language):
    words = page_words(language)

    async def play(b):
        async with Laptop(tmp_path, language=language, decks=[deck()]) as table:
            ctl = table.ctl
            first = await b.phone(table, 1, SMALL)
            second = await first.context.new_page()  # the same phone: its storage, its device key
            await second.goto(table.url(1), timeout=WAIT)
            await second.wait_for_selector("#cards .card", timeout=WAIT)
            await said(first.page, "#status", words["bye_another_tab"])
            assert words["bye_another_tab"] != words["bye_moved"]
            await table.settle()
            assert ctl.asked() is None  # the same phone: nobody was asked at the laptop
            assert await first.layout("another-tab", tmp_path) == []
            # what it says is true: a reload there plays there, and the other tab is told the same
            await first.page.reload(timeout=WAIT)
            await first.page.wait_for_selector("#cards .card", timeout=WAIT)
            await said(second, "#status", words["bye_another_tab"])
            assert first.errors == []

    run(with_browser(play))
