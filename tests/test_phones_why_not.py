"""A phone's view says why an action its player might look for is not
there, in the words the laptop answers the key for it with (ph44): the
seat's ``legal.why_not`` (and ``legal.to_open`` while the first round is
not open), over the real server, every frame checked for another seat's
hidden cards and against the protocol's strict shape.

- a player who can only call all in: no raise, "no chips are left beyond
  the call";
- a house that forbids check-raising: no raise after a check;
- split openers not allowed: the opener is told which cards stay.

(Openers, the raise cap, the coach and dealer's choice before the first
deal are seen in a browser: tests/test_phones_why_browser.py.)"""

from __future__ import annotations

import json

import aiohttp
import attrs
import pytest

from drawpoker.client.controller import PHONE_LOOK
from drawpoker.client.session import Session
from drawpoker.engine.shuffle import StackedShuffler
from drawpoker.errors import IllegalAction
from drawpoker.games import game_for
from drawpoker.games.draw import commands as mc
from drawpoker.games.view import phone_view
from drawpoker.phones.protocol import view_problems
from drawpoker.rules import load_rules
from drawpoker.words.i18n import translator
from drawpoker.words.refusals import as_sentence
from tests.phones_laptop import WsPhone
from tests.phones_table import HANDS, STOCK, PhoneTable, leaks, run, stacked


def _laptop_answer(table, command, language="en"):
    """What the laptop says to the key for ``command``: the engine's refusal, as a phone is told it."""
    try:
        table.game.decide(table.state, command)
    except IllegalAction as exc:
        return as_sentence(exc.note, translator(language), PHONE_LOOK.written)
    raise AssertionError(f"{command} was allowed")


def _said(game, state, command, tr):
    """The engine's refusal of ``command`` in the language of ``tr``, as the laptop says it to a phone."""
    try:
        game.decide(state, command)
    except IllegalAction as exc:
        return as_sentence(exc.note, tr, PHONE_LOOK.written)
    raise AssertionError(f"{command} was allowed")


def _checked(phones, table):
    for seat, phone in enumerate(phones):
        assert leaks(phone.frames, seat, table.events_all) == []
        for frame in phone.frames:
            message = json.loads(frame)
            if message["t"] == "state":
                assert view_problems(message["view"]) == []


async def _phones(table, http, seats):
    phones = [await WsPhone(http, table.url(seat)).open() for seat in seats]
    for phone in phones:
        await phone.until(lambda phone=phone: phone.last("state"), "the first state")
    return phones


async def _turn(phone):
    """The view once it is this phone's turn (the latest state)."""
    await phone.my_turn()
    return phone.last("state")["view"]


def test_a_player_who_can_only_call_all_in_is_told_why_there_is_no_raise():
    async def play():
        table = PhoneTable(decks=[stacked(HANDS, STOCK, button=0)], stacks=[3, 40, 40])
        await table.start()
        try:
            async with aiohttp.ClientSession() as http:
                anna, bjorn, cato = await _phones(table, http, range(3))
                await _turn(bjorn)
                await bjorn.decide("bet")
                await _turn(cato)
                await cato.decide("raise")
                view = await _turn(anna)  # 2 chips left after the ante: a call of 2 is all of them
                assert [o["action"] for o in view["legal"]["actions"]] == ["fold", "call"]
                said = "Anna cannot raise: no chips are left beyond the call; call or fold."
                assert view["legal"]["why_not"] == [said] == [_laptop_answer(table, mc.Raise(0))]
                assert view["legal"]["to_open"] is None
                # the others' views say nothing of it
                assert bjorn.last("state")["view"]["legal"] is None
                await anna.decide("call")
                view = await _turn(bjorn)
                assert view["legal"]["why_not"] == []  # Bjørn may raise Cato
                _checked((anna, bjorn, cato), table)
        finally:
            await table.stop()

    run(play())


@pytest.mark.parametrize("language", ["en", "nb"])
def test_no_check_raise_and_split_openers_not_allowed_are_said_in_the_tables_language(language):
    # the house rules a phone view is built under: no check-raise; jackpots whose opener keeps the openers
    rules = load_rules("jackpots")
    betting = attrs.evolve(rules.betting, check_raise="not_allowed", split_openers="not_allowed")
    rules = attrs.evolve(rules, betting=betting)
    game = game_for(rules)
    deck = stacked(["Ah Ad 7c 4s 2d", "Kh Kd Qs Js 9c", "5h 6h 7h 8h 2c"], STOCK, button=0)
    session = Session(game, game.new_state(), None, [False] * 3, StackedShuffler(deck))
    session.sit_down(["Anna", "Bjørn", "Cato"], (40, 40, 40), 0)
    session.deal()
    tr = translator(language)
    session.submit(mc.Check(1))  # Bjørn checks (his kings could open)
    view = phone_view(game, session.state, 2, words=tr)
    assert view_problems(view) == []
    assert view["legal"]["to_open"] == (
        "Jacks or better to open" if language == "en" else "Knekter eller bedre for å åpne"
    )
    session.submit(mc.Check(2))  # Cato has no openers
    session.submit(mc.Bet(0, None))  # Anna's aces open
    view = phone_view(game, session.state, 1, words=tr)  # Bjørn checked: he may call or fold, not raise
    assert [o["action"] for o in view["legal"]["actions"]] == ["fold", "call"]
    said = _said(game, session.state, mc.Raise(1), tr)  # the engine's answer to the raise, as the laptop says it
    assert view["legal"]["why_not"] == [said]
    assert said == (
        "Bjørn checked this round and may not raise: call or fold."
        if language == "en"
        else _said(game, session.state, mc.Raise(1), tr)
    )
    assert view["legal"]["to_open"] is None  # the round is open
    session.submit(mc.Call(1))
    session.submit(mc.Fold(2))
    session.submit(mc.Exchange(1, ()))  # Bjørn exchanges first (left of the dealer)
    # the exchange: Anna opened with her aces and may not throw them
    view = phone_view(game, session.state, 0, words=tr)
    assert view["legal"]["exchange"] is not None and view_problems(view) == []
    thrown = _said(game, session.state, mc.Exchange(0, tuple(session.state.hands[0][:2])), tr)
    assert view["legal"]["why_not"] == [thrown]
    if language == "en":
        assert thrown == "Anna cannot throw A♥ A♦: the house does not allow splitting openers."
    else:
        assert thrown == "Anna kan ikke kaste A♥ A♦: husreglene tillater ikke å splitte åpningskortene."
