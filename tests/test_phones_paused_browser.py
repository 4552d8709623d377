"""While the laptop is paused the phones say so, and why: the question
before leaving (Ctrl-C), the help (?), a window too small to show the table,
the table menu (T; only the phone the laptop waited for said so).
The laptop then plays nothing (its computer seats wait, no key acts but
leaving), and every phone said only "Waiting for Cato" (or whoever was to
act), as if the table went on, however long it lasted (an evening with
phones, ph48). The table's news says the pause (``paused``, its line in
``notice``) and each phone not deciding shows it; the one whose turn it is
may still decide on the phone. The real controller and server
(tests/phones_laptop.py) and the real page in Chromium at 360x640, English
and Norwegian."""

from __future__ import annotations

import pytest

from tests.test_phones_browser import CHROMIUM, WAIT, run, with_browser

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="the phone page's browser tests need Debian's chromium")
pytest.importorskip("playwright.async_api", reason="playwright (pip install -e '.[test]')")

from drawpoker.client import controller as c  # noqa: E402
from drawpoker.phones.words import page_words  # noqa: E402
from tests.phones_laptop import Laptop  # noqa: E402
from tests.phones_table import HANDS, STOCK, leaks, stacked  # noqa: E402

PHONE = (360, 640)


async def says(phone, text):
    """Wait until the phone's turn line says ``text`` (bounded)."""
    await phone.page.locator("#turn", has_text=text).wait_for(timeout=WAIT)


PAUSED = {
    "en": {
        "quit": "The laptop asks whether to leave the game; the table waits.",
        "help": "The help is open at the laptop; the table waits.",
        "small": "The laptop's window is too small to show the table; the table waits until it is made bigger.",
        "menu": "The table menu is open at the laptop.",
    },
    "nb": {
        "quit": "Den bærbare spør om spillet skal avsluttes; bordet venter.",
        "help": "Hjelpen er åpen ved den bærbare; bordet venter.",
        "small": "Vinduet på den bærbare er for lite til å vise bordet; bordet venter til det blir gjort større.",
        "menu": "Bordmenyen er åpen ved den bærbare.",
    },
}


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_phones_say_the_laptop_is_paused_and_why(tmp_path, language):
    words = page_words(language)
    said = PAUSED[language]

    async def play(b):
        deck = stacked(HANDS, STOCK, button=0)
        async with Laptop(tmp_path, names=("Anna", "Bjørn", "Cato"), decks=[deck], language=language) as table:
            ctl = table.ctl
            anna = await b.phone(table, 0, PHONE)
            bjorn = await b.phone(table, 1, PHONE)
            # Bjørn bets on his phone; Cato (at the laptop) is next
            await bjorn.my_turn()
            await bjorn.tap(words["bet"].format(n=1))
            await table.settle()
            assert ctl.screen in (c.HANDOVER, c.TURN) and ctl.to_act == 2
            waiting = words["waiting_for"].format(name="Cato")
            for phone in (anna, bjorn):
                await says(phone, waiting)
            fits = table.link.shown  # (the laptop's window: the application tells the link whether it shows the table)
            pauses = (
                ("quit", ctl.ask_quit, ctl.cancel_quit),
                ("help", ctl.open_help, ctl.close_help),
                (
                    "small",
                    lambda: setattr(table.link, "shown", lambda: False),
                    lambda: setattr(table.link, "shown", fits),
                ),
                ("menu", ctl.open_menu, lambda: ctl.menu_key("escape")),
            )
            for why, pause, go_on in pauses:
                pause()
                await table.settle()
                news = table.link.public(ctl, table.link.notice(ctl))
                assert news["paused"] is True and news["notice"] == said[why]
                for phone in (anna, bjorn):
                    await says(phone, said[why])
                assert await bjorn.layout(f"paused-{why}", tmp_path) == []
                go_on()
                await table.settle()
                assert table.link.public(ctl, table.link.notice(ctl))["paused"] is False
                for phone in (anna, bjorn):
                    await says(phone, waiting)
            # paused while Anna decides on her phone: her turn stays hers (she may decide), the others are told
            await table.laptop_turn(lambda ctl: ctl.act("call"))
            await anna.my_turn()
            await table.settle()
            ctl.ask_quit()
            await table.settle()
            await says(bjorn, said["quit"])
            assert await anna.page.locator("#turn").inner_text() == words["your_turn"]
            await anna.tap(words["call"].format(n=1))
            await table.settle()
            ctl.cancel_quit()
            assert table.state.phase == "exchange"
            for phone in (anna, bjorn):
                assert phone.errors == []
                assert leaks(phone.frames, phone.seat, table.session.events) == []

    run(with_browser(play))
