"""An evening with phones as a home group plays it (docs/phones.md "At the
table", docs/rules.md section 6): the table menu while a player decides on
their phone, the laptop's message line after a phone's decision, what a
phone shows of a player who left and of an empty seat, a phone whose table
went away, the seats' numbers on the join codes; and the season it ends
in (``drawpoker standings``). The real controller and server on 127.0.0.1
with WebSocket phones (tests/phones_laptop.py); each test a few seconds."""

from __future__ import annotations

import asyncio
import re

import pytest

pytest.importorskip("aiohttp", reason="the phones' server (pip install -e '.[phones]')")

from drawpoker.client import controller as c
from drawpoker.client.screens import screen_text
from tests.phones_laptop import Laptop
from tests.phones_table import HANDS, STOCK, run, stacked


def deck():
    return stacked(HANDS, STOCK, button=0)


async def bjorn_to_act(table):
    """Every seat's phone joined, and the laptop waiting for Bjørn's decision on his (the phones, by seat)."""
    phones = [await table.phone(seat) for seat in range(3)]
    await phones[1].my_turn()
    await table.settle()
    return phones


async def bjorn_wins_a_showdown(table, anna, bjorn, cato) -> None:
    """Deal 1 of ``deck()`` from the phones: Bjørn bets, Cato calls, Anna
    folds; both stand pat and check; Bjørn's kings win the showdown."""
    ctl = table.ctl
    for phone, act in ((bjorn, "bet"), (cato, "call"), (anna, "fold")):
        await phone.my_turn()
        assert (await phone.decide(act))["ok"]
    for _ in range(3):  # the exchange, the last round, the showdown
        for phone in (bjorn, cato):
            view = await phone.my_turn()
            act = {"exchange": "exchange", "showdown": "show"}.get(view["phase"], "check")
            assert (await phone.decide(act, cards=[] if act == "exchange" else None))["ok"]
            if ctl.screen == c.DEAL_OVER:
                return
    await table.settle()
    assert ctl.screen == c.DEAL_OVER


@pytest.mark.parametrize(
    ("language", "open_said"),
    [("en", "The table menu is open at the laptop."), ("nb", "Bordmenyen er åpen ved den bærbare.")],
)
def test_the_table_menu_opens_while_a_phone_decides_and_a_leaving_waits_for_the_deals_end(
    tmp_path, language, open_said
):
    """Everyone on a phone: the laptop never shows a hand-over, so T has to
    open while it waits for a phone, or nobody can say "I leave after this
    deal" until the deal is over. Before: "The table menu (T) opens at the
    end of a deal or at a hand-over." and nothing opened."""

    async def play():
        async with Laptop(tmp_path, language=language, decks=[deck(), deck()]) as table:
            ctl = table.ctl
            anna, bjorn, cato = await bjorn_to_act(table)
            assert ctl.screen == c.PHONE
            ctl.open_menu()
            assert ctl.menu is not None
            await table.settle()
            said = bjorn.last("state")
            assert said["view"]["legal"] is None and said["notice"] == open_said  # nothing to tap under the menu
            ctl.menu_key("l")
            ctl.menu_key("3")  # Cato leaves at the end of this deal
            assert ctl.menu is None and ctl.screen == c.PHONE
            assert table.state.names[2] == "Cato"  # not yet: the deal goes on
            for phone in (bjorn, cato, anna):  # everyone checks: the deal ends, passed out
                await phone.my_turn()
                assert (await phone.decide("check"))["ok"]
            await asyncio.wait_for(cato.closed.wait(), 10)
            assert cato.last("bye") == {"t": "bye", "reason": "left"}
            assert table.state.names[2] == "" and table.link.seats() == (0, 1)

    run(play())


def test_a_phones_decision_clears_the_laptops_line_and_a_new_request_is_asked_alone(tmp_path):
    """The laptop's message line is the answer to what was last done there;
    with phones the next thing done is often on a phone. Before: "The key x
    does nothing here. Press ? for help." stayed on the laptop through every
    phone's decision to the end of the deal, and "The new phone was not let
    in." stood under the next phone's "Let it in?"."""

    async def play():
        async with Laptop(tmp_path, decks=[deck()]) as table:
            ctl = table.ctl
            anna, bjorn, cato = await bjorn_to_act(table)
            ctl.refuse_key("x")
            assert "does nothing here" in screen_text(ctl)
            assert (await bjorn.decide("check"))["ok"]
            await table.settle()
            assert ctl.message is None and "does nothing here" not in screen_text(ctl)
            second = await table.phone(2)
            await table.settle()
            ctl.answer_approval(False)
            assert ctl.message == "The new phone was not let in."
            await asyncio.wait_for(second.closed.wait(), 10)
            third = await table.phone(2)
            await table.settle()
            assert ctl.asked() is not None and third.last("wait") is not None
            shown = screen_text(ctl, 80, 24)
            assert "Another phone asks for Cato's seat. Let it in?" in shown
            assert "not let in" not in shown

    run(play())


@pytest.mark.parametrize(("language", "left"), [("en", "Cato (left)"), ("nb", "Cato (gått)")])
def test_the_phones_standings_show_one_who_left_with_the_chips_they_took(tmp_path, language, left):
    """Before: the phones' standings said "Cato 0 -2" for Cato who had left
    with 38 chips, where the laptop says "Cato (left) 38 -2"."""
    from drawpoker.games.evening import Leave

    async def play():
        async with Laptop(tmp_path, language=language, decks=[deck(), deck()]) as table:
            anna, bjorn, cato = [await table.phone(seat) for seat in range(3)]
            await bjorn_wins_a_showdown(table, anna, bjorn, cato)
            took = table.state.stacks[2]
            table.session.submit(Leave(2))
            await table.settle()
            rows = {row["name"]: row for row in anna.last("state")["standings"]}
            assert rows[left] == {"name": left, "chips": took, "bought": 0, "net": took - 40}
            assert "Cato" not in rows

    run(play())


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_join_codes_number_the_seats_as_the_table_does(tmp_path, language):
    """Cato (the computer) in seat 2: Dina, in seat 3 at the table and in
    "Dina sits down in seat 3", was "2 Dina" on the codes and 2 showed her
    code, though docs/phones.md says the seat's number shows it."""

    async def play():
        names = ("Anna", "Cato", "Dina")
        async with Laptop(tmp_path, names=names, computer=(False, True, False), language=language) as table:
            ctl = table.ctl
            ctl.open_phones()
            text = screen_text(ctl, 80, 24)
            assert "3 Dina" in text and "2 Dina" not in text and "1 Anna" in text
            ctl.phones_key("3")
            assert table.link.seats()[ctl.phones_at] == 2
            assert table.link.server.keys.secret(2) in screen_text(ctl, 80, 24).replace("\n", "").replace(" ", "")
            ctl.phones_key("2")  # the computer's seat: no code, and said so
            assert table.link.seats()[ctl.phones_at] == 2
            said = {
                "en": "Seat 2 has no code: only a person's seat is joined from a phone.",
                "nb": "Plass 2 har ingen kode: bare en person kan spille en plass fra telefonen.",
            }
            assert ctl.message == said[language]
            ctl.phones_key("1")
            assert ctl.phones_at == 0

    run(play())


# ---------------------------------------------------------------- the season


@pytest.mark.parametrize(
    ("language", "note"),
    [
        ("en", "Money counts only the evening played with a chip value (1 of 2); the result counts every one."),
        (
            "nb",
            "Pengene teller bare kvelden som ble spilt med en verdi på sjetongene (1 av 2); resultatet teller alle.",
        ),
    ],
)
def test_the_standings_say_when_money_counts_fewer_evenings_than_the_result(
    tmp_path, monkeypatch, capsys, language, note
):
    """Two evenings, one played for 0.50 NOK a chip: the table said Dina
    "+13" in chips beside "-0.50 NOK", two results that disagree with no
    word of why."""
    from drawpoker.cli.main import main
    from tests.test_evening_commands import evening_rules, write_evening

    folder = tmp_path / "histories"
    folder.mkdir()
    write_evening(
        folder / "1.jsonl", evening_rules(value=None), 1, started="2026-01-08T19:00:00Z", monkeypatch=monkeypatch
    )
    write_evening(folder / "2.jsonl", evening_rules(), 2, started="2026-01-15T19:00:00Z", monkeypatch=monkeypatch)
    assert main(["standings", "--histories", str(folder), "--lang", language]) == 0
    out = capsys.readouterr().out
    assert " ".join(out.split("\n\n")[-1].split()) == note and all(len(line) <= 80 for line in out.splitlines())
    write_evening(
        folder / "3.jsonl", evening_rules(value=None), 3, started="2026-01-22T19:00:00Z", monkeypatch=monkeypatch
    )
    (folder / "2.jsonl").unlink()  # no evening for money: no money column to explain, no note
    assert main(["standings", "--histories", str(folder), "--lang", language]) == 0
    assert note.split("(")[0] not in capsys.readouterr().out


@pytest.mark.parametrize(
    ("language", "money", "pays"),
    [("en", "In money: ", "Anna pays Bjørn 1.00 NOK"), ("nb", "I penger: ", "Anna betaler Bjørn 1,00 NOK")],
)
def test_the_phones_get_the_settle_up_in_money_when_the_evening_ends(tmp_path, language, money, pays):
    """The laptop's last screen says who pays whom; the phones, told "The
    session is over.", showed only the last deal and the chips."""
    rules = tmp_path / "money.yaml"
    rules.write_text("extends: morkpoker\nsession:\n  chip_value: 1 NOK\n", encoding="utf-8")

    async def play():
        async with Laptop(tmp_path, str(rules), language=language, decks=[deck(), deck()]) as table:
            ctl = table.ctl
            anna, bjorn, cato = [await table.phone(seat) for seat in range(3)]
            await bjorn_wins_a_showdown(table, anna, bjorn, cato)
            ctl.open_menu()
            ctl.menu_key("e")  # the table agrees: that was the last deal
            ctl.menu_key("y")  # (asked first)
            ctl.acknowledge()
            await table.settle()
            assert ctl.screen == c.SESSION_OVER and pays in screen_text(ctl)
            for phone in (anna, bjorn, cato):
                result = phone.last("state")["result"]
                # (an amount and its currency joined by a no-break space: the page wraps its own lines)
                assert any(line.startswith(money) for line in result) and pays.replace(" NOK", "\u00a0NOK") in result
                assert result[0].startswith(("— Deal 1", "— Utdeling 1"))  # after the last deal's lines

    run(play())


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Dina sits down in seat 4 with 40 chips. Q shows the code for Dina's phone."),
        ("nb", "Dina setter seg på plass 4 med 40 sjetonger. Q viser koden til telefonen til Dina."),
    ],
)
def test_a_newcomer_at_a_table_with_phones_is_told_how_to_join_on_a_phone(tmp_path, language, said):
    """Dina arrives late: the laptop said only "Dina sits down in seat 4
    with 40 chips."; her code is behind Q, which nothing on that screen
    names. A computer newcomer gets no such line."""

    async def play():
        async with Laptop(tmp_path, language=language, decks=[deck(), deck()]) as table:
            ctl = table.ctl
            anna, bjorn, cato = [await table.phone(seat) for seat in range(3)]
            await bjorn_wins_a_showdown(table, anna, bjorn, cato)
            ctl.open_menu()
            for key in ("a", "D", "i", "n", "a", "enter", "enter", "p"):
                ctl.menu_key(key)
            assert ctl.menu is None and ctl.message == said
            assert said in screen_text(ctl, 80, 24).replace("\n", " ")
            ctl.open_phones()
            assert 3 in table.link.seats()
            ctl.phones_key("4")
            assert table.link.server.keys.secret(3) in screen_text(ctl, 80, 24).replace("\n", "").replace(" ", "")
            ctl.phones_key("enter")
            ctl.open_menu()
            for key in ("a", "E", "m", "i", "l", "enter", "enter", "c", "enter"):
                ctl.menu_key(key)
            assert ctl.menu is None and ctl.message is not None and "Q" not in ctl.message

    run(play())


def test_the_join_codes_show_a_phone_joining_and_leaving_as_it_happens(tmp_path):
    """The group watches the codes while each player scans theirs: the
    laptop went on saying "1 Anna  plays at the laptop" after Anna's phone
    had joined, until someone pressed a key."""
    drawn: list[str] = []

    class Watched(Laptop):
        def _seen(self) -> None:  # the terminal's redraw: what the screen says each time it is drawn
            super()._seen()
            drawn.append(screen_text(self.ctl, 80, 24))

    async def play():
        async with Watched(tmp_path, decks=[deck()]) as table:
            ctl = table.ctl
            ctl.open_phones()
            await table.settle()
            drawn.clear()
            anna = await table.phone(0)
            for _ in range(40):
                await asyncio.sleep(0.05)
                if drawn and "1 Anna  phone connected" in drawn[-1]:
                    break
            assert drawn and "1 Anna  phone connected" in drawn[-1]
            drawn.clear()
            await anna.close()
            for _ in range(40):
                await asyncio.sleep(0.05)
                if drawn and "1 Anna  phone asleep" in drawn[-1]:
                    break
            assert drawn and "1 Anna  phone asleep" in drawn[-1]

    run(play())


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "Q shows the code for Dina's phone."), ("nb", "Q viser koden til telefonen til Dina.")],
)
def test_a_newcomer_asked_for_during_a_deal_is_told_how_to_join_when_it_ends(tmp_path, language, said):
    """Dina arrives while Bjørn decides on his phone: she sits down when the
    deal ends, and the laptop then says where her code is."""

    async def play():
        async with Laptop(tmp_path, language=language, decks=[deck(), deck()]) as table:
            ctl = table.ctl
            anna, bjorn, cato = await bjorn_to_act(table)
            ctl.open_menu()
            for key in ("a", "D", "i", "n", "a", "enter", "enter", "p"):
                ctl.menu_key(key)
            assert tuple(table.state.names) == ("Anna", "Bjørn", "Cato")  # not yet: when the deal ends
            await bjorn_wins_a_showdown(table, anna, bjorn, cato)
            assert table.state.names[3] == "Dina" and ctl.message == said
            assert said in screen_text(ctl, 80, 24)

    run(play())


def test_a_newcomer_in_a_seat_once_played_at_the_laptop_joins_on_her_phone_without_a_question(tmp_path):
    """Cato played at the laptop and went home; Dina sits down in his seat
    and scans her code: the laptop asked "A phone asks for Dina's seat,
    played at the laptop until now. Let it in?" -- of a seat she had never
    played -- and her phone waited for a yes."""
    from drawpoker.games.evening import Leave

    async def play():
        async with Laptop(tmp_path, decks=[deck(), deck()]) as table:
            ctl = table.ctl
            table.session.submit(Leave(2))  # Cato goes home after this deal, played at the laptop
            await table.deal_at_the_laptop(lambda ctl: ctl.act("check"))
            ctl.open_menu()
            for key in ("a", "D", "i", "n", "a", "enter", "enter", "p"):
                ctl.menu_key(key)
            assert table.state.names[2] == "Dina"
            await table.settle()  # (her seat's new code)
            dina = await table.phone(2)
            await table.settle()
            assert ctl.asked() is None and dina.last("wait") is None
            assert dina.last("welcome") is not None and table.link.holds(2)
            assert "played at the laptop until now" not in screen_text(ctl, 80, 24)

    run(play())


@pytest.mark.parametrize(("language", "computer"), [("en", "computer"), ("nb", "datamaskin")])
def test_the_join_codes_say_the_computer_plays_a_seat_taken_over(tmp_path, language, computer):
    """Cato steps out and the computer plays his seat (it keeps his code):
    the codes said "3 Cato  plays at the laptop"."""

    async def play():
        async with Laptop(tmp_path, language=language, decks=[deck(), deck()]) as table:
            ctl = table.ctl
            await table.settle()
            ctl.open_menu()
            for key in ("c", "3", "enter"):  # the computer plays for Cato from the next deal
                ctl.menu_key(key)
            await table.deal_at_the_laptop(lambda ctl: ctl.act("check"))
            assert table.session.is_computer(2) and 2 in table.link.seats()
            ctl.open_phones()
            line = next(line for line in screen_text(ctl, 80, 24).splitlines() if "3 Cato" in line)
            assert line.rstrip().endswith(f"3 Cato  {computer}"), line
            cato = await table.phone(2)
            await table.settle()
            ctl.answer_approval(True)  # (his seat was played at the laptop: his phone needs a yes)
            await table.settle()
            line = next(line for line in screen_text(ctl, 80, 24).splitlines() if "3 Cato" in line)
            assert f"3 Cato  {computer}, " in line and cato.last("state") is not None, line

    run(play())


def test_the_standings_say_an_unfinished_evening_within_80_columns(tmp_path, monkeypatch, capsys):
    """'2026-12-07_014135_morkpoker.jsonl: uferdig i utdeling 1 av 12; regnet
    med slik den stod (så langt).' ran to 97 columns under the 80 of the
    table and the chart."""
    from drawpoker.cli.main import main
    from tests.history_tools import file_lines, write_lines
    from tests.test_evening_commands import evening_rules, write_evening

    folder = tmp_path / "histories"
    folder.mkdir()
    write_evening(folder / "1.jsonl", evening_rules(), 1, started="2026-01-08T19:00:00Z", monkeypatch=monkeypatch)
    write_evening(folder / "2.jsonl", evening_rules(), 2, started="2026-01-15T19:00:00Z", monkeypatch=monkeypatch)
    lines = file_lines(folder / "2.jsonl")
    cut = max(i for i, line in enumerate(lines) if '"e":"DealStarted"' in line)  # the last deal never ends
    (folder / "2.jsonl").unlink()
    write_lines(folder, lines[:cut], name="2026-12-07_014135_morkpoker.jsonl")
    for language, said in (("en", "counted as it stood (so far)."), ("nb", "regnet med slik den stod (så langt).")):
        assert main(["standings", "--histories", str(folder), "--lang", language]) == 0
        out = capsys.readouterr().out
        assert all(len(line) <= 80 for line in out.splitlines()), out
        assert said in " ".join(out.split()) and "2026-12-07_014135_morkpoker.jsonl:" in out


def test_a_newcomer_in_the_seat_of_one_who_folded_and_left_is_not_sent_his_cards(tmp_path):
    """Cato folds (his cards never shown) and leaves at the deal's end; Dina
    sits down in his seat between deals and scans her code: her phone was
    sent Cato's hole cards ('5h 6h 7h 8h 2c', phase between_deals), the
    seat's cards of the last deal. Now it holds none, and neither does the
    laptop's screen; Cato's own phone heard the table's news once more with
    his own cards, as it saw them before."""
    from drawpoker.games.evening import Join, Leave

    cato_cards = HANDS[2].split()

    async def play():
        async with Laptop(tmp_path, decks=[deck(), deck()]) as table:
            anna, bjorn, cato = [await table.phone(seat) for seat in range(3)]
            table.session.submit(Leave(2))  # Cato goes home after this deal
            for phone, act in ((bjorn, "bet"), (cato, "fold"), (anna, "fold")):
                await phone.my_turn()
                assert (await phone.decide(act))["ok"]
            await table.settle()
            assert table.state.names[2] == "" and list(map(str, table.state.hands[2])) == cato_cards
            await cato.until(lambda: cato.last("bye"), "Cato's phone let go")
            assert cato.last("state")["view"]["cards"] == cato_cards  # his own, as he saw them
            table.session.submit(Join(2, "Dina", 40))
            await table.settle()
            dina = await table.phone(2)
            await table.settle()
            views = [m["view"] for m in dina.messages if m["t"] == "state"]
            assert views and views[-1]["phase"] == "between_deals"
            assert all(view["cards"] == [] for view in views)
            # a card as a word of its own: a phone's key (letters, digits, - and _) may hold '2c' by chance
            alone = [re.compile(rf"(?<![\w-]){card}(?![\w-])") for card in cato_cards]
            assert not any(card.search(frame) for frame in dina.frames for card in alone)
            shown = screen_text(table.ctl, 80, 24)
            assert not any(card in shown for card in cato_cards)

    run(play())
