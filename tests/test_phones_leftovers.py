"""What an evening with phones left over (docs/phones.md "At the table",
docs/rules.md section 6): a seat the computer plays for its player after
``play --resume``, the broke player's question on the phone, refusals that
name cards as the table writes them, the laptop's line beside the log, the
dealer's choice after a resume, and the hand words in Norwegian. The real
controller and server on 127.0.0.1 with WebSocket phones
(tests/phones_laptop.py); each test a few seconds."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

pytest.importorskip("aiohttp", reason="the phones' server (pip install -e '.[phones]')")

from drawpoker.client import controller as c
from drawpoker.client.screens import screen_text
from tests.phones_laptop import Laptop
from tests.phones_table import stacked

HANDS = ["Ah Ad 7c 4s 2d", "Kh Kd Qs Js 9c", "5h 6h 7h 8h 2c"]
STOCK = "Ac Ks 9h 3d Qd 3c 4c 5c 6c"


def run(coro: Any, timeout: float = 60) -> Any:
    async def bounded() -> Any:
        return await asyncio.wait_for(coro, timeout)

    return asyncio.run(bounded())


def deck() -> Any:
    return stacked(HANDS, STOCK, button=0)


async def resumed_table(path: Any, language: str = "en") -> Any:
    """``play --phones --resume``: the session from its history, a fresh server and fresh codes."""
    from drawpoker.client.controller import Controller
    from drawpoker.client.launch import resume
    from drawpoker.client.look import Look
    from drawpoker.client.phones import PhoneLink
    from drawpoker.phones.server import PhoneServer
    from drawpoker.words.i18n import translator

    session, _ = resume(str(path), 7)
    link = PhoneLink(PhoneServer({}, language=language, host="127.0.0.1", port=0), "127.0.0.1")
    ctl = Controller(translator(language), Look(unicode=False), session=session)
    ctl.phones = link
    await link.start()
    return ctl, link


# ---------------------------------------------------------------- 1: a seat taken over, resumed


@pytest.mark.parametrize(("language", "computer"), [("en", "computer"), ("nb", "datamaskin")])
def test_a_seat_the_computer_plays_for_its_player_keeps_a_code_after_a_resume(tmp_path, language, computer):
    """Cato steps out, the computer plays his seat; the laptop dies and the
    table goes on with ``--resume``. Before: Cato's seat had no code on the
    resumed table ("Seat 3 has no code: only a person's seat is joined from
    a phone."), so he could not get his phone back until the seat was handed
    back. A computer player (set up so, here Dina) still gets none."""

    async def first() -> None:
        names = ("Anna", "Bjørn", "Cato", "Dina")
        async with Laptop(tmp_path, names=names, computer=(False, False, False, True), decks=[deck(), deck()]) as t:
            await t.settle()
            t.ctl.open_menu()
            for key in ("c", "3", "enter"):  # the computer plays for Cato from the next deal
                t.ctl.menu_key(key)
            await t.deal_at_the_laptop(lambda ctl: ctl.act("check"))
            assert t.session.is_computer(2) and 2 in t.link.seats() and 3 not in t.link.seats()

    run(first())

    async def again() -> None:
        ctl, link = await resumed_table(tmp_path / "phones.jsonl", language)
        try:
            assert ctl.session.is_computer(2)
            ctl.open_phones()
            assert link.seats() == (0, 1, 2)
            line = next(line for line in screen_text(ctl, 80, 24).splitlines() if "3 Cato" in line)
            assert line.rstrip().endswith(f"3 Cato  {computer}"), line
            ctl.phones_key("3")
            assert link.server.keys.secret(2) in screen_text(ctl, 80, 24).replace("\n", "").replace(" ", "")
        finally:
            await link.server.stop()
            ctl.session.close()

    run(again())
