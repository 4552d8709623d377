"""What a phone says agrees with the laptop and with what is true.

- The standings: the laptop's last screen counts a player who left and
  came back with both buy-ins ("Cato  82  40  +2" and "Cato: 40 at the
  table and 42 taken away on leaving."); the phones said "Cato 40 +2", no
  Bought, no line. And while a deal was played the phones' standings said
  "Anna 40" under a table that said "Chips: 39" (the laptop shows 39 then,
  and standings only between deals): they are the standings as the deal
  began, and now the heading says so.
- An address the table no longer knows, reloaded: the server's bare
  English "Not found." whatever the table's language. Now the sentence the
  live page says when its table is gone ("scan your seat's code at the
  laptop"), in the table's language, the same bytes for every unknown path.
- A second tab or window of the same phone (its stored device key): the
  first was told "Your seat moved to another phone.", which is untrue. Now
  it says the seat is open in another tab or window of this phone.

The real controller and server on 127.0.0.1: WebSocket phones
(tests/phones_laptop.py) and the real page in Debian's chromium.
"""

from __future__ import annotations

import pytest

pytest.importorskip("aiohttp", reason="the phones' server (pip install -e '.[phones]')")

from drawpoker.client import controller as c
from drawpoker.client.screens import screen_text, standing_notes, standing_rows
from drawpoker.games.evening import Join, Leave
from tests.phones_laptop import Laptop
from tests.phones_table import run
from tests.test_phones_evening import bjorn_wins_a_showdown, deck

CAME_BACK = {
    "en": "Cato: 40 at the table and {took} taken away on leaving.",
    "nb": "Cato: 40 ved bordet og {took} tatt med da hen gikk.",
}


async def cato_comes_back(table):
    """Deal 1 (Bjørn wins; Cato leaves as it ends, with what he has), Cato sits down
    again with 40 at once: the table between deals. The phones, by seat; Cato's chips taken."""
    anna, bjorn, cato = [await table.phone(seat) for seat in range(3)]
    table.session.submit(Leave(2))  # after this deal
    await bjorn_wins_a_showdown(table, anna, bjorn, cato)
    took = table.session.ledger.results()[2].cashed
    assert table.state.names[2] == "" and took
    table.session.submit(Join(2, "Cato", 40))
    await table.settle()
    assert table.ctl.screen == c.DEAL_OVER
    return anna, bjorn, took


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_phones_standings_are_the_laptops_for_one_who_came_back_and_say_when_a_deal_is_played(tmp_path, language):
    async def play():
        async with Laptop(tmp_path, language=language, decks=[deck(), deck()]) as table:
            ctl = table.ctl
            anna, _, took = await cato_comes_back(table)
            said = anna.last("state")
            laptop = screen_text(ctl, 80, 24)
            rows = [[row["name"], row["chips"], row["bought"], row["net"]] for row in said["standings"]]
            assert rows == [list(row) for row in standing_rows(ctl)]  # the laptop's rows, in its order
            cato = next(row for row in said["standings"] if row["name"] == "Cato")
            assert (cato["chips"], cato["bought"]) == (took + 40, 40)
            assert cato["chips"] - 40 - cato["bought"] == cato["net"]  # the row adds up, as on the laptop
            note = CAME_BACK[language].format(took=took)
            assert said["standings_notes"] == [note] == standing_notes(ctl)
            assert note in " ".join(laptop.split())
            assert said["standings_before"] is False
            # the next deal: its antes are in, the standings stay those of the deals that ended, said so
            between = said["standings"]
            ctl.acknowledge()
            await table.settle()
            said = anna.last("state")
            assert said["view"]["phase"] == "betting" and said["standings_before"] is True
            assert said["standings"] == between
            anna_row = next(row for row in said["standings"] if row["name"] == "Anna")
            assert said["view"]["seats"][0]["stack"] == anna_row["chips"] - 1  # (the table: after the ante)

    run(play())
