"""What a phone shows agrees with the laptop and with what is true, on the
real page in a real browser (Debian's chromium, headless, loopback only):
the standings with the laptop's columns and lines, and their heading while
a deal is played; an address the table no longer knows, reloaded; a second
tab of the same phone. tests/test_phones_agree.py says what was seen."""

from __future__ import annotations

import pytest

from tests.test_phones_browser import CHROMIUM, SMALL, WAIT, run, with_browser

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="the phone page's browser tests need Debian's chromium")
pytest.importorskip("playwright.async_api", reason="playwright (pip install -e '.[test]')")

from drawpoker.client.screens import standing_rows  # noqa: E402
from drawpoker.phones.words import page_words  # noqa: E402
from tests.phones_laptop import Laptop  # noqa: E402
from tests.test_phones_agree import CAME_BACK, cato_comes_back  # noqa: E402
from tests.test_phones_evening import deck  # noqa: E402


async def said(page, selector, text):
    """Wait until ``selector`` says ``text``."""
    await page.wait_for_function(
        "([selector, said]) => document.querySelector(selector).textContent === said",
        arg=[selector, text],
        timeout=WAIT,
    )


def test_the_standings_on_the_page_have_the_laptops_bought_column_its_line_and_say_when_a_deal_is_played(tmp_path):
    words = page_words("nb")

    async def play(b):
        async with Laptop(tmp_path, language="nb", decks=[deck(), deck()]) as table:
            ctl = table.ctl
            _, _, took = await cato_comes_back(table)
            from tests.test_phones_evening_browser import joined_without_cards

            phone = await joined_without_cards(b, table, 0)  # Anna's page (her first phone lets it in: a yes)
            await said(phone.page, "#standings-notes", CAME_BACK["nb"].format(took=took))
            assert await phone.page.locator("#standings-title").text_content() == words["standings"]
            heads = await phone.page.locator("#standings thead th").all_text_contents()
            assert heads == ["Spiller", "Sjetonger", "Innkjøp", "Resultat"]  # the laptop's columns
            rows = [
                [cell.strip() for cell in await row.locator("td").all_text_contents()]
                for row in await phone.page.locator("#standings-rows tr").all()
            ]
            laptop = [
                [name, str(chips), str(bought) if bought else "-", f"{net:+d}"]
                for name, chips, bought, net in standing_rows(ctl)
            ]
            assert rows == laptop and ["Cato", str(took + 40), "40", f"{took - 40:+d}"] in rows
            assert await phone.layout("standings", tmp_path) == []
            ctl.acknowledge()  # the next deal
            await said(phone.page, "#standings-title", words["standings_before"])
            assert words["standings_before"] == "Stillingen da denne utdelingen begynte"
            assert await phone.layout("standings-in-a-deal", tmp_path) == []
            assert phone.errors == []

    run(with_browser(play))


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
