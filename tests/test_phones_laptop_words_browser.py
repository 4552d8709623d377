"""The phones say what the laptop says (ph46), on the real page in a real
browser at a small phone's size (360x640; Debian's chromium, loopback
only), at the real table (tests/phones_laptop.py): a Three Card Poker
round with several boxes a player (the Russian rules, the house's bank).

- Bjørn sits the round out: while it is played the laptop's table says
  "out this round" under his name, and now so do the phones (they said
  nothing).
- Anna loses her last chips (``when_broke: sit_out``): the laptop says
  "sitting out", the phones said "out".
- Cato asks to sit out a while: the laptop says "away", the phones said
  nothing in Three Card Poker.
- The next round is agreed to be the last: at its end the phones say so,
  as the laptop does, not that the laptop goes on.

Every frame each page received is checked for another seat's hidden cards."""

from __future__ import annotations

import pytest

from tests.test_phones_browser import CHROMIUM, WAIT, run, with_browser

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="the phone page's browser tests need Debian's chromium")
pytest.importorskip("playwright.async_api", reason="playwright (pip install -e '.[test]')")

from drawpoker.client import controller as c  # noqa: E402
from drawpoker.client.screens import screen_text  # noqa: E402
from drawpoker.games import game_for  # noqa: E402
from drawpoker.rules import load_rules  # noqa: E402
from tests.phones_laptop import Laptop  # noqa: E402
from tests.phones_table import leaks, tcp_deck  # noqa: E402

PHONE = (360, 640)
SAID = {
    "en": {
        "out_round": "out this round",
        "out": "sitting out",
        "away": "away",
        "last": "That was the last round: Enter at the laptop shows the final standings.",
    },
    "nb": {
        "out_round": "står over",
        "out": "står over",
        "away": "borte",
        "last": "Det var siste runde: Enter ved den bærbare viser sluttstillingen.",
    },
}


async def seat_line(phone, name):
    """The seat's row on the phone's table, by the player's name."""
    for text in await phone.page.locator("#seats li").all_inner_texts():
        if text.split("\n")[0].startswith(name):
            return text
    raise AssertionError(f"no seat {name}: {await phone.page.locator('#seats li').all_inner_texts()}")


@pytest.mark.parametrize("language", ["en", "nb"])
def test_three_card_poker_phones_say_each_seat_as_the_laptops_table_does(tmp_path, language):
    said = SAID[language]
    rules = tmp_path / "ru-small.yaml"
    rules.write_text(
        "extends: three-card-poker-ru\nsession:\n  starting_stack: 4\n  when_broke: sit_out\n", encoding="utf-8"
    )
    # Anna's two boxes lose to the dealer's ace-king (it qualifies); Cato's box ties it
    deck = tcp_deck(["2c 3d 5h", "2d 4d 6h", "Ac Kh 9d"], "Ah Kd 9s")

    async def play(b):
        async with Laptop(tmp_path, str(rules), decks=[deck, deck], language=language) as table:
            ctl = table.ctl
            anna, bjorn, cato = [await b.phone(table, seat, PHONE, wait_cards=False) for seat in range(3)]
            await anna.my_turn()
            await table.settle()
            ctl.open_menu()  # (the laptop waits for Anna's phone: T opens)
            ctl.menu_key("s")
            ctl.menu_key("3")  # Cato sits out a while once the round ends
            await table.settle()
            assert ctl.menu is None, ctl.message
            await anna.page.locator("#box-add").click(timeout=WAIT)  # two boxes, ante 1 each
            await anna.page.locator("#actions button.primary").first.click(timeout=WAIT)
            await bjorn.my_turn()
            await bjorn.page.locator("#actions button").last.click(timeout=WAIT)  # sits the round out
            await cato.my_turn()
            assert said["out_round"] in screen_text(ctl)  # the laptop's table says it...
            assert said["out_round"] in await seat_line(cato, "Bjørn")  # ...and the phones too
            await cato.page.locator("#actions button.primary").first.click(timeout=WAIT)
            for box in range(2):  # Anna plays both boxes and loses her last chips
                await anna.my_turn()
                if box:  # her next box: "Your turn again" first, Go on
                    await anna.page.locator("#actions button.primary").first.click(timeout=WAIT)
                    await anna.page.wait_for_function(  # (its Play, Fold and Hint)
                        "() => document.querySelectorAll('#actions button').length > 1", timeout=WAIT
                    )
                await anna.page.locator("#actions button.primary").first.click(timeout=WAIT)
            await cato.my_turn()
            await cato.page.locator("#actions button.primary").first.click(timeout=WAIT)
            await table.settle()
            assert ctl.screen == c.DEAL_OVER and not table.session.over
            ctl.acknowledge()  # round 2: Bjørn alone plays
            await bjorn.my_turn()
            await table.settle()
            state = table.state
            assert (state.stacks[0], bool(state.out[0]), bool(state.away[2])) == (0, True, True)
            laptop = screen_text(ctl)
            assert said["out"] in laptop and said["away"] in laptop
            for phone in (anna, bjorn, cato):
                await phone.page.wait_for_selector(f"#seats li:has-text('{said['away']}')", timeout=WAIT)
                assert said["out"] in await seat_line(phone, "Anna")
                assert said["away"] in await seat_line(phone, "Cato")
                assert said["out_round"] not in await seat_line(phone, "Bjørn")
            ctl.open_menu()
            ctl.menu_key("e")  # this round is the evening's last
            await table.settle()
            await bjorn.page.locator("#actions button.primary").first.click(timeout=WAIT)
            await bjorn.my_turn()
            await bjorn.page.locator("#actions button.primary").first.click(timeout=WAIT)
            await table.settle()
            assert ctl.screen == c.DEAL_OVER and table.session.over
            for phone in (bjorn, cato):  # (Anna's phone too: she is out, not gone)
                await phone.page.wait_for_selector(f"#turn:has-text('{said['last']}')", timeout=WAIT)
            await anna.page.wait_for_selector(f"#turn:has-text('{said['last']}')", timeout=WAIT)
            game = game_for(load_rules(str(rules)))
            for seat, phone in enumerate((anna, bjorn, cato)):
                assert phone.errors == []
                assert leaks(phone.frames, seat, table.session.events, game) == []

    run(with_browser(play))
