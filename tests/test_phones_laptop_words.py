"""The phones say what the laptop says (ph46): a seat's state in the
laptop's words, and the truth about the session's last deal.

- A player out of chips who does not buy again is "sitting out" on the
  laptop's table; the phones said "out". In Three Card Poker a player
  sitting out a while by choice is "away" and one who placed no bet this
  round "out this round" on the laptop; the phones said nothing of either.
- At the session's last deal (its number reached, or an end agreed at the
  table) the laptop says "That was the last deal. Press Enter for the final
  standings."; the phones said "The deal is over: Enter at the laptop goes
  on.", as if another deal came.

The real controller and server on 127.0.0.1 (tests/phones_laptop.py)."""

from __future__ import annotations

import pytest

pytest.importorskip("aiohttp", reason="the phones' server (pip install -e '.[phones]')")

from drawpoker.client import controller as c
from drawpoker.games.view import phone_view
from drawpoker.phones.protocol import view_problems
from drawpoker.phones.words import page_words
from drawpoker.words.i18n import translator
from tests.phones_laptop import Laptop
from tests.phones_table import run

LAST = {
    ("morkpoker", "en"): "That was the last deal: Enter at the laptop shows the final standings.",
    ("morkpoker", "nb"): "Det var siste utdeling: Enter ved den bærbare viser sluttstillingen.",
    ("three-card-poker", "en"): "That was the last round: Enter at the laptop shows the final standings.",
    ("three-card-poker", "nb"): "Det var siste runde: Enter ved den bærbare viser sluttstillingen.",
}


async def to_the_deals_end(table, agree_end: bool = False) -> None:
    """Everyone at the laptop plays one deal (round) to its end: Mørkpoker folds to the
    last player, Three Card Poker places the slip and plays; ``agree_end``: at the first
    hand-over the table agrees to end the evening after this deal."""
    ctl = table.ctl
    for _ in range(60):
        await table.settle()
        if ctl.screen == c.DEAL_OVER:
            return
        if ctl.screen == c.HANDOVER:
            if agree_end:
                ctl.open_menu()
                ctl.menu_key("e")
                agree_end = False
                continue
            ctl.reveal()
        elif ctl.screen in (c.AGAIN, c.PEEK):
            ctl.acknowledge()
        elif ctl.screen == c.TURN:
            if table.session.kind == "morkpoker":
                ctl.act("fold")
                if ctl.screen == c.TURN:  # (checking was free: fold asked once)
                    ctl.act("fold")
            elif table.state.phase == "betting":
                ctl.place_bets()
            else:
                ctl.decide(True)
    raise AssertionError(f"the deal did not end: {table.screens[-8:]}")


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_phones_say_the_last_deal_was_the_last_as_the_laptop_does(tmp_path, language):
    rules = tmp_path / "one-deal.yaml"
    rules.write_text("extends: morkpoker\nsession:\n  deals: 1\n", encoding="utf-8")

    async def play():
        async with Laptop(tmp_path, str(rules), language=language) as table:
            await to_the_deals_end(table)
            assert table.session.over
            assert table.link.notice(table.ctl) == LAST["morkpoker", language]

    run(play())


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_phones_say_an_agreed_end_was_the_last_round_as_the_laptop_does(tmp_path, language):
    async def play():
        async with Laptop(tmp_path, "three-card-poker", language=language) as table:
            await to_the_deals_end(table, agree_end=True)
            assert table.session.over and table.state.round == 1
            assert table.link.notice(table.ctl) == LAST["three-card-poker", language]

    run(play())


def test_a_round_not_the_last_says_the_laptop_goes_on(tmp_path):
    async def play():
        async with Laptop(tmp_path, "three-card-poker") as table:
            await to_the_deals_end(table)
            assert not table.session.over
            assert table.link.notice(table.ctl) == "The round is over: Enter at the laptop goes on."

    run(play())


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_pages_word_for_a_seat_out_of_chips_is_the_laptops(language):
    tr = translator(language)
    words = page_words(language)
    assert words["out"] == tr._("sitting out")  # the laptop's table: a broke player who does not buy again
    assert words["away"] == tr._("away")
    assert words["out_round"] == tr._("out this round")


def test_three_card_poker_phones_are_told_who_is_away_and_who_sat_the_round_out(tmp_path):
    async def play():
        async with Laptop(tmp_path, "three-card-poker", names=("Anna", "Bjørn", "Cato", "Dina")) as table:
            ctl, session = table.ctl, table.session
            asked = False
            for _ in range(60):  # the round: the first bettor sits it out, the others place and play
                await table.settle()
                if ctl.screen == c.DEAL_OVER:
                    break
                if ctl.screen == c.HANDOVER and not asked:
                    ctl.open_menu()
                    ctl.menu_key("s")
                    ctl.menu_key("4")  # Dina sits out a while (from this round's end)
                    assert "Dina" in (ctl.message or ""), ctl.message
                    asked = True
                elif ctl.screen == c.HANDOVER:
                    ctl.reveal()
                elif ctl.screen in (c.AGAIN, c.PEEK):
                    ctl.acknowledge()
                elif ctl.screen == c.TURN and table.state.phase == "betting":
                    first = table.state.to_act if not table.state.boxes and not sat else None
                    if first is not None:
                        sat.append(first)
                        ctl.place_bets(sit_out=True)
                        seen = phone_view(session.game, session.state, (first + 1) % 4)
                        assert seen["seats"][first]["out_this_round"] is True
                        assert view_problems(seen) == []
                    else:
                        ctl.place_bets()
                elif ctl.screen == c.TURN:
                    ctl.decide(True)
            assert ctl.screen == c.DEAL_OVER
            view = phone_view(session.game, session.state, 0)
            assert view_problems(view) == []
            dina = next(s for s in view["seats"] if s["name"] == "Dina")
            assert dina["away"] is True and dina["out"] is False
            # between rounds nobody is "out this round" (the laptop says it only while a round is on)
            assert not any(s["out_this_round"] for s in view["seats"])

    sat: list[int] = []
    run(play())
