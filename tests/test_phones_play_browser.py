"""``drawpoker play --phones`` with the real page in a real browser
(Debian's chromium, headless, loopback only): the laptop's controller and
phones' link, one player on a phone page and one at the laptop. The phone's
player bets and exchanges by tapping; then the phone is dropped in the
middle of a decision, the laptop takes the seat back (L), and the deal
finishes at the laptop with a hand-over. Every frame the page received is
checked for the other seat's cards."""

from __future__ import annotations

import pytest

from tests.test_phones_browser import CHROMIUM, LARGE, SMALL, WAIT, run, with_browser

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="the phone page's browser tests need Debian's chromium")
pytest.importorskip("playwright.async_api", reason="playwright (pip install -e '.[test]')")

from drawpoker.client import controller as c  # noqa: E402
from drawpoker.client.screens import screen_text  # noqa: E402
from tests.phones_laptop import Laptop  # noqa: E402
from tests.phones_table import leaks, stacked  # noqa: E402

HANDS = ["Ah Ad 7c 4s 2d", "Kh Kd Qs Js 9c"]
STOCK = "Ac Ks 9h 3d Qd 3c 4c 5c 6c"


@pytest.mark.parametrize("size", [SMALL, LARGE])
def test_a_phone_dropped_mid_decision_is_taken_back_and_the_deal_finishes(tmp_path, size):
    async def play(b):
        async with Laptop(tmp_path, names=("Anna", "Bjørn"), decks=[stacked(HANDS, STOCK, button=0)]) as table:
            ctl = table.ctl
            bjorn = await b.phone(table, 1, size)
            await bjorn.my_turn()
            await table.settle()
            assert ctl.screen == c.PHONE and "Bjørn decides on the phone" in screen_text(ctl)
            assert "Pass to Bjørn" not in screen_text(ctl)
            assert await bjorn.layout("phone-turn", tmp_path) == []
            await bjorn.tap("Bet 1")
            await table.laptop_turn(lambda ctl: ctl.act("call"))  # Anna, at the laptop
            await bjorn.my_turn()  # the exchange: Bjørn first
            for name in ("queen of spades", "jack of spades", "nine of clubs"):
                await bjorn.page.get_by_role("button", name=name, exact=True).click(timeout=WAIT)
            await bjorn.tap("Throw 3 and draw")
            await table.laptop_turn(lambda ctl: (ctl.clear_exchange(), ctl.confirm_exchange()))
            await table.settle()
            if ctl.screen == c.PEEK:
                ctl.acknowledge()
            await bjorn.my_turn()  # the last betting round: Bjørn to act
            await table.settle()
            assert ctl.screen == c.PHONE
            await bjorn.context.close()  # the phone is gone, mid-decision
            await table.until(lambda ctl: "Bjørn's phone is not connected" in screen_text(ctl), "the phone gone")
            ctl.take_back()
            await table.settle()
            assert ctl.screen == c.HANDOVER and ctl.handover_seat == 1
            ctl.reveal()
            assert ctl.screen == c.TURN and "Bjørn's cards:" in screen_text(ctl)
            ctl.act("check")
            await table.laptop_turn(lambda ctl: ctl.act("check"))
            for _ in range(10):
                await table.settle()
                if ctl.screen == c.DEAL_OVER:
                    break
                if ctl.screen == c.HANDOVER:
                    ctl.reveal()
                elif ctl.screen == c.TURN:
                    ctl.act("show")
            assert ctl.screen == c.DEAL_OVER
            assert bjorn.errors == []
            assert leaks(bjorn.frames, 1, table.session.events) == []
            assert sum('"t":"state"' in f for f in bjorn.frames) >= 4
            return table.path

    path = run(with_browser(play))
    from drawpoker.cli.main import main

    assert main(["verify", str(path)]) == 0


def test_a_fold_tapped_when_checking_is_free_is_asked_once_on_the_phone(tmp_path):
    async def play(b):
        async with Laptop(tmp_path, names=("Anna", "Bjørn"), decks=[stacked(HANDS, STOCK, button=0)]) as table:
            bjorn = await b.phone(table, 1, SMALL)
            await bjorn.my_turn()
            await table.settle()
            before = len(table.session.events)
            await bjorn.tap("Fold")
            await bjorn.page.wait_for_selector("#message:has-text('You could check for free')", timeout=WAIT)
            assert len(table.session.events) == before  # nothing sent yet
            assert await bjorn.layout("fold-asked", tmp_path) == []
            await bjorn.tap("Fold anyway")
            await table.settle()
            assert table.ctl.screen == c.DEAL_OVER and bjorn.errors == []

    run(with_browser(play))
