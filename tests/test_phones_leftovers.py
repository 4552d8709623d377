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
from tests.phones_table import HANDS, STOCK, run, stacked


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


# ---------------------------------------------------------------- 2: out of chips, asked on the phone


def _broke_anna(table: Any) -> None:
    """At the end of deal 1, Anna out of chips (as a lost all-in would leave
    her; Bjørn holds them): going on, the house asks her whether to buy again."""
    state = table.state
    state.stacks[1] += state.stacks[0]
    state.stacks[0] = 0
    table.ctl.acknowledge()


@pytest.mark.parametrize(
    ("language", "asked", "told", "other"),
    [
        (
            "en",
            "Anna is out of chips: buy 20 more? Anna answers on the phone.",
            "Anna may answer on the phone instead.",
            "It is not your turn.",
        ),
        (
            "nb",
            "Anna er tom for sjetonger: kjøpe 20 til? Anna svarer på telefonen.",
            "Anna kan svare på telefonen i stedet.",
            "Det er ikke din tur.",
        ),
    ],
)
def test_a_broke_player_answers_buy_again_on_the_phone(tmp_path, language, asked, told, other):
    """``when_broke: ask``: Anna, out of chips, had to come to the laptop to
    answer "buy 20 more?" (her phone said only "Anna is out of chips: the
    laptop asks."). Now her phone has the two answers, the laptop says she
    may answer there, and nobody else's phone can answer for her."""
    from tests.test_phones_evening import bjorn_wins_a_showdown

    rules = tmp_path / "ask.yaml"
    rules.write_text("extends: morkpoker\nsession:\n  when_broke: ask\n  rebuy_amount: 20\n", encoding="utf-8")

    async def play() -> None:
        async with Laptop(tmp_path, str(rules), language=language, decks=[deck(), deck(), deck()]) as table:
            ctl = table.ctl
            anna, bjorn, cato = [await table.phone(seat) for seat in range(3)]
            await bjorn_wins_a_showdown(table, anna, bjorn, cato)
            _broke_anna(table)
            await table.settle()
            assert ctl.screen == c.ASK and ctl.asking == 0
            assert told in screen_text(ctl, 80, 24)
            said = anna.last("state")
            assert said["asking"] == {"seat": 0, "amount": 20} and said["notice"] == asked
            assert cato.last("state")["asking"] == {"seat": 0, "amount": 20}
            refused = await cato.decide("rebuy")  # not Cato's to answer
            assert refused["ok"] is False and refused["reason"] == other
            assert ctl.screen == c.ASK and table.state.stacks[0] == 0
            assert (await anna.decide("rebuy"))["ok"]
            await table.settle()
            assert table.state.rebuys[0] == 1 and ctl.screen != c.ASK  # (and the next deal dealt: her ante in)
            assert anna.last("state")["asking"] is None
            again = await anna.decide("rebuy")  # a second tap: the question is over
            assert again["ok"] is False and table.state.rebuys[0] == 1

    run(play())


def test_a_broke_player_leaves_from_the_phone_and_a_refusal_keeps_the_question(tmp_path):
    """No on the phone: Anna leaves the table with nothing (her phone is told
    so); a rebuy the house no longer allows is refused with its reason and
    the question stays."""
    from tests.test_phones_evening import bjorn_wins_a_showdown

    rules = tmp_path / "ask.yaml"
    rules.write_text("extends: morkpoker\nsession:\n  when_broke: ask\n  rebuy_amount: 20\n", encoding="utf-8")

    async def play() -> None:
        async with Laptop(tmp_path, str(rules), decks=[deck(), deck(), deck()]) as table:
            ctl = table.ctl
            anna, bjorn, cato = [await table.phone(seat) for seat in range(3)]
            await bjorn_wins_a_showdown(table, anna, bjorn, cato)
            _broke_anna(table)
            await table.settle()
            assert ctl.screen == c.ASK
            assert (await anna.decide("decline"))["ok"]
            await asyncio.wait_for(anna.closed.wait(), 10)
            assert anna.last("bye") == {"t": "bye", "reason": "left"}
            assert table.state.names[0] == "" and ctl.screen != c.ASK

    run(play())


# ---------------------------------------------------------------- 3: cards in refusals as the table writes them


@pytest.mark.parametrize(("language", "said"), [("en", "Bjørn does not hold 10♣."), ("nb", "Bjørn har ikke 10♣.")])
def test_a_refusal_to_a_phone_names_the_card_as_the_table_writes_it(tmp_path, language, said):
    """A crafted exchange of a card Bjørn does not hold was refused as
    "Bjørn does not hold Tc." where the table and the page write 10♣."""

    async def play() -> None:
        async with Laptop(tmp_path, language=language, decks=[deck()]) as table:
            anna, bjorn, cato = [await table.phone(seat) for seat in range(3)]
            for phone, act in ((bjorn, "bet"), (cato, "call"), (anna, "fold")):
                await phone.my_turn()
                assert (await phone.decide(act))["ok"]
            view = await bjorn.my_turn()
            assert view["phase"] == "exchange" and "Tc" not in view["cards"]
            answer = await bjorn.decide("exchange", cards=["Tc"])
            assert answer["ok"] is False and answer["reason"] == said

    run(play())


@pytest.mark.parametrize(("language", "said"), [("en", "Bjørn does not hold 10c."), ("nb", "Bjørn har ikke 10c.")])
def test_a_refusal_at_the_laptop_names_the_card_in_the_laptops_look(tmp_path, language, said):
    """The laptop in ASCII (``--ascii``) writes 10c, never the engine's Tc."""
    from drawpoker.cards import parse_card
    from drawpoker.games.draw.commands import Exchange

    async def play() -> None:
        async with Laptop(tmp_path, language=language, decks=[deck()]) as table:
            ctl = table.ctl
            for act in ("bet", "call", "fold"):
                await table.laptop_turn(lambda ctl, act=act: ctl.act(act))
            await table.settle()
            if ctl.screen == c.HANDOVER:
                ctl.reveal()
            assert ctl.session.state.to_act == 1
            assert not ctl._submit(Exchange(1, (parse_card("Tc"),)))  # what no key can send: a card not held
            assert ctl.message == said and said in screen_text(ctl, 80, 24)

    run(play())
