"""``drawpoker play --resume`` shows the last deal's result as the table
showed it before the laptop stopped, read back from the history (ph49:
resumed between deals the laptop showed the standings and the log but not
the hands shown, the pots won or the seal; resumed mid-deal the phones'
"The last deal" was empty and their seal gone)."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest

from drawpoker.client.controller import DEAL_OVER, RESUMED, Controller
from drawpoker.client.launch import resume
from drawpoker.client.look import Look
from drawpoker.client.screens import screen_text
from drawpoker.words.i18n import translator
from tests.test_client_flows import (
    EXCHANGE,
    QUIT,
    ROUND_1,
    ROUND_2,
    SETUP_3,
    SHOWDOWN,
    _mork_controller,
    drive,
)


def _block(text: str, first: str, last: str) -> str:
    """The lines of ``text`` from the one starting ``first`` to the one starting ``last``."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(first))
    end = next(i for i, line in enumerate(lines) if i >= start and line.startswith(last))
    return "\n".join(lines[start : end + 1])


@pytest.mark.parametrize("language", ["en", "nb"])
def test_resumed_between_deals_the_laptop_shows_the_last_deals_end_and_its_seal(tmp_path, language):
    ctl = _mork_controller(tmp_path)
    drive(ctl, SETUP_3 + ROUND_1 + EXCHANGE + ROUND_2 + SHOWDOWN + QUIT)
    assert ctl.screen == DEAL_OVER
    tr = translator(language)
    ctl.tr = tr
    shown = screen_text(ctl, 80, 24)
    seal = ctl.session.seal
    ctl.session.close()
    session, _ = resume(str(tmp_path / "mork.jsonl"), seed=None)
    try:
        assert session.seal == seal
        again = Controller(tr, Look(), session=session)
        assert again.screen == RESUMED
        text = screen_text(again, 80, 24)
        # the hands shown, the pots won, the standings and the seal, as the deal's end showed them
        said = _block(shown, "Bo: 9", "    " + seal)
        assert said in text, text
        assert tr._("The session goes on where it stopped.") in text
    finally:
        session.close()


def test_resumed_between_rounds_the_laptop_shows_the_last_rounds_settlement(tmp_path):
    from drawpoker.rules import load_rules
    from tests.keyboard import DOWN, ENTER, RIGHT, controller, keyboard, setup_keys

    path = tmp_path / "tcp.jsonl"
    ctl = controller(load_rules("three-card-poker-ru"), seed=3, path=path)
    kb = keyboard(ctl)
    try:
        kb.press(setup_keys(["Anna", "Bjorn"], dealer=False) + DOWN + DOWN + RIGHT + ENTER + ENTER + ENTER)
        kb.press("P" + ENTER + "F" + ENTER + "P")
        assert ctl.screen == DEAL_OVER
        shown = screen_text(ctl, 80, 24)
        kb.press("\x03y")
    finally:
        kb.close()
    ctl.session.close()
    session, _ = resume(str(path), seed=None)
    try:
        text = screen_text(Controller(translator("en"), Look(), session=session), 80, 24)
        said = _block(shown, "Dealer: ", "The house bank")  # the dealer's cards, every box, the bank's result
        assert said.splitlines()[0].startswith("Dealer: ") and said in text, text
    finally:
        session.close()


def test_resumed_mid_deal_the_phones_keep_the_last_deals_result_and_seal(tmp_path):
    pytest.importorskip("aiohttp", reason="the phones' server (pip install -e '.[phones]')")
    from drawpoker.client.phones import PhoneLink
    from drawpoker.phones.server import PhoneServer
    from tests.phones_laptop import Laptop, WsPhone
    from tests.phones_table import HANDS, STOCK, run, stacked

    def deck():
        return stacked(HANDS, STOCK, button=0)

    async def play():
        async with Laptop(tmp_path, decks=[deck(), deck()]) as table:
            anna, bjorn, cato = [await table.phone(seat) for seat in range(3)]
            for phone, act in ((bjorn, "bet"), (cato, "fold"), (anna, "fold")):
                await phone.my_turn()
                assert (await phone.decide(act))["ok"]
            await table.settle()
            table.ctl.acknowledge()  # deal 2: Cato checks, and the laptop stops
            await cato.my_turn()
            assert (await cato.decide("check"))["ok"]
            await table.settle()
            before = bjorn.last("state")
            assert before["view"]["deal"] == 2 and before["result"] and before["seal"]
        session, _ = resume(str(table.path), seed=1)
        ctl = Controller(translator("en"), Look(unicode=False), session=session)
        link = PhoneLink(PhoneServer({}, language="en", host="127.0.0.1", port=0), "127.0.0.1")
        ctl.phones = link
        await link.start()
        done = False
        serve = asyncio.create_task(link.serve(ctl, lambda: None, lambda: done))
        link.refresh(ctl)  # (the seats' codes, as the resumed table shows them)
        try:
            async with aiohttp.ClientSession() as http:
                phone = await WsPhone(http, link.address(1)).open(None)
                await phone.until(lambda: phone.last("state"), "the resumed table")
                after = phone.last("state")
                assert after["view"]["deal"] == 2
                assert (after["result"], after["seal"]) == (before["result"], before["seal"])
                await phone.close()
        finally:
            done = True
            await serve
            await link.server.stop()
            session.close()

    run(play())
