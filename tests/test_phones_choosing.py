"""Dealer's choice with phones (ph45): the real controller and link
(tests/phones_laptop.py), phones speaking the page's protocol over real
WebSockets, while the dealer picks the next deal's game.

- T while the dealer picks on the phone is refused as while the dealer
  picks at the laptop, in the same words: the menu opened, and the phones
  were told "The table menu is open at the laptop." instead;
- a newcomer who sits down in a dealer's choice of ante and blind games is
  told what the engine does for the game the dealer then picks: they wait
  for the big blind only in a game with blinds (in an ante game they are
  dealt in at once, as docs/rules.md 6.2 says), not "waits for the big
  blind" before an ante game."""

from __future__ import annotations

import pytest

pytest.importorskip("aiohttp", reason="the phones' server (pip install -e '.[phones]')")

from drawpoker.client import controller as c
from drawpoker.client.screens import screen_text
from tests.phones_laptop import Laptop
from tests.phones_table import leaks, run, stacked
from tests.test_phones_play_games import say

MENU_CLOSED = {
    "en": "The dealer is choosing the next deal's game; the table menu (T) opens again at a hand-over or at the "
    "end of that deal.",
    "nb": "Giveren velger spillet for neste utdeling; bordmenyen (T) åpnes igjen når maskinen gis videre, eller "
    "når den utdelingen er ferdig.",
}


@pytest.mark.parametrize("language", ["en", "nb"])
def test_t_while_the_dealer_picks_on_the_phone_is_refused_as_at_the_laptop(tmp_path, language):
    async def play():
        async with Laptop(tmp_path, "dealers-choice", language=language) as table:
            ctl = table.ctl
            dealer = ctl.waiting_seat()
            assert ctl.screen == c.CHOOSE and dealer is not None
            ctl.open_menu()  # the dealer picks at the laptop: refused
            at_the_laptop = ctl.message
            assert ctl.menu is None and at_the_laptop == MENU_CLOSED[language]
            ctl.message = None
            phone = await table.phone(dealer)
            await phone.my_turn()
            await table.settle()
            assert ctl.screen == c.PHONE and ctl.waiting_seat() == dealer
            assert not ctl.menu_allowed()  # (the key's filter: T is not bound now)
            ctl.open_menu()  # the dealer picks on the phone: the same refusal, in the same words
            assert ctl.menu is None and ctl.message == at_the_laptop
            shown = " ".join(screen_text(ctl, 80, 24).split())  # (said on the laptop's screen, wrapped)
            assert at_the_laptop in shown and ("Dealer's choice" if language == "en" else "Giverens valg") in shown
            ctl.message = None
            ctl.refuse_key("t")  # (the key when the binding's filter lets it through to "does nothing")
            assert ctl.message == at_the_laptop
            await table.settle()
            view = phone.last("state")
            assert view["view"]["legal"] is not None and view["view"]["legal"]["choose"]  # still the dealer's to pick
            assert "menu" not in (view["notice"] or "") and "meny" not in (view["notice"] or "")
            for seat, each in ((dealer, phone),):
                assert leaks(each.frames, seat, table.session.events) == []

    run(play())


def _turn(ctl):
    """At the laptop: Bjørn folds, Anna wins (a deal won: the next one is chosen, not redealt)."""
    ctl.act("bet" if ctl.to_act == 0 else "fold")


#: what Dina is told when she sits down in a dealer's choice of ante and blind games, then what the deal says
JOINED = {
    "en": (
        "Dina sits down in seat 3 with 100 chips. Dina waits for the big blind if the next deal is played with "
        "blinds; otherwise Dina is dealt in.",
        "Dina is dealt in from this deal.",
    ),
    "nb": (
        "Dina setter seg på plass 3 med 100 sjetonger. Dina venter på den store blinden hvis neste utdeling spilles "
        "med blinds; ellers får Dina kort i den.",
        "Dina får kort fra denne utdelingen.",
    ),
}


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_newcomer_is_told_what_the_dealers_choice_of_game_does_with_them(tmp_path, language):
    joined, dealt_in = JOINED[language]

    async def play():
        async with Laptop(tmp_path, "dealers-choice", names=("Anna", "Bjørn"), language=language) as table:
            ctl = table.ctl
            ctl.choose_game(0)  # Mørkpoker, at the laptop
            await table.deal_at_the_laptop(_turn)
            ctl.open_menu()
            for key in ("a", "D", "i", "n", "a", "enter", "enter", "p"):  # Dina arrives, a person
                ctl.menu_key(key)
            assert table.state.names[2] == "Dina" and table.state.waiting[2]  # (the game is not chosen yet)
            assert ctl.message is not None and ctl.message.startswith(joined), ctl.message
            await table.settle()
            dina = await table.phone(2)
            await dina.until(lambda: joined in (dina.last("state") or {}).get("log", []), "the join in the log")
            ctl.acknowledge()
            assert ctl.screen == c.CHOOSE and ctl.waiting_seat() == 1  # Bjørn deals next and picks, at the laptop
            ctl.choose_game(0)  # Mørkpoker, an ante game
            await dina.until(lambda: (dina.last("state") or {}).get("view", {}).get("cards"), "Dina's cards")
            state = dina.last("state")
            assert state["view"]["deal"] == 2 and state["view"]["seats"][2]["in_deal"]  # dealt in: she antes
            assert dealt_in in state["log"]
            assert leaks(dina.frames, 2, table.session.events) == []

    run(play())


@pytest.mark.parametrize(("language", "choice"), [("en", "Dealer's choice"), ("nb", "Giverens valg")])
def test_every_phone_names_the_game_as_the_laptops_title_does(tmp_path, language, choice):
    # seen: at the end of a jackpots deal the next dealer's phone was headed "Dealer's choice" (the laptop and
    # the other phones: "Jackpots", the deal just over, its result below); while he picked, the other phones
    # were headed "Jackpots" (the laptop: "Dealer's choice")
    async def play():
        decks = [stacked(["Ah Ad 7c 4s 2d", "Kh Kd Qs Js 9c"], "Ac Ks 9h", button=0)]
        async with Laptop(tmp_path, "dealers-choice", names=("Anna", "Bjørn"), decks=decks, language=language) as table:
            ctl = table.ctl
            anna, bjorn = await table.phone(0), await table.phone(1)
            await anna.my_turn()
            assert (await say(anna, "choose", game="jackpots"))["ok"] is True
            await bjorn.my_turn()
            assert (await say(bjorn, "bet"))["ok"] is True  # his kings open
            await anna.my_turn()
            assert (await say(anna, "fold"))["ok"] is True
            await table.settle()
            assert ctl.screen == c.DEAL_OVER and screen_text(ctl, 80, 24).startswith(" Jackpots")
            views = [phone.last("state")["view"] for phone in (anna, bjorn)]
            assert views[1]["phase"] == "choose_game"  # (Bjørn deals next: his view has the games)
            assert [view["title"] for view in views] == ["Jackpots", "Jackpots"]
            ctl.acknowledge()  # Bjørn picks, on his phone
            await bjorn.my_turn()
            await table.settle()
            shown = screen_text(ctl, 80, 24)
            assert ctl.screen == c.PHONE and shown.startswith(f" {choice} ")
            # as while a dealer picks at the laptop (and as the phones say it): who deals, and that they pick
            picks = "Bjørn deals: dealer's choice. Which game?" if language == "en" else "Bjørn gir: giverens valg."
            assert picks in shown and ("Bjørn decides on the phone" if language == "en" else "Bjørn") in shown
            assert [phone.last("state")["view"]["title"] for phone in (anna, bjorn)] == [choice, choice]
            assert table.link.refresh(ctl, force=True) is True  # (sent: the laptop redraws on it)
            for seat, phone in enumerate((anna, bjorn)):
                assert leaks(phone.frames, seat, table.session.events) == []

    run(play())
