"""A seat someone left and a newcomer took between deals (docs/rules.md 6.2).

The last deal's facts at that seat -- what the leaver bet, exchanged,
showed or mucked, the leaver's boxes -- are the leaver's: the seat's view
(what the phones show and the bots are given) does not say them under the
newcomer's name; the deal's result and log name the leaver. And a computer
that sits down where another computer played gets a bot of its own, not
the leaver's with its memory of the deals before."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, ClassVar

from drawpoker.bots.draw import MAKERS
from drawpoker.client.launch import new_session
from drawpoker.client.session import Session
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.games import game_for
from drawpoker.games.evening import Join, Leave
from drawpoker.games.view import Decision, phone_view, seat_view
from drawpoker.rules import load_rules

# ---------------------------------------------------------------- the seat's view


def _after_a_deal(tmp_path: Path, ruleset: str, seed: int) -> Session:
    """Three computers, one deal (round) played to its end."""
    session = new_session(
        load_rules(ruleset),
        ["Anna", "Bjørn", "Cato"],
        [True, True, True],
        tmp_path / "h.jsonl",
        RandomShuffler(seed),
        random.Random(seed),
    )
    session.deal()
    while not session.between_deals:
        session.computer_move()
    return session


def test_a_newcomer_in_the_seat_of_a_player_who_showed_is_not_shown_the_leavers_hand(tmp_path):
    session = _after_a_deal(tmp_path, "morkpoker", 1)  # (seed 1: Cato shows and draws 3 at the showdown)
    cato = seat_view(session.game, session.state, 0).seats[2]
    assert cato.name == "Cato" and cato.shown and cato.drew and cato.in_deal
    session.submit(Leave(2))
    session.submit(Join(2, "Dina", 40, ""))
    for seat in (0, 1, 2):
        dina = seat_view(session.game, session.state, seat).seats[2]
        assert dina.name == "Dina" and dina.stack == 40
        assert (dina.shown, dina.drew, dina.mucked, dina.in_deal, dina.committed) == (None, (), False, False, 0)
        phone = phone_view(session.game, session.state, seat)["seats"][2]
        assert phone["name"] == "Dina" and phone["shown"] is None and phone["drew"] is None
    anna = seat_view(session.game, session.state, 1).seats[0]  # the others' facts stay theirs
    assert anna.name == "Anna" and anna.shown and anna.drew
    session.deal()  # the next deal: Dina is dealt in as any player
    assert seat_view(session.game, session.state, 2).seats[2].in_deal


def test_a_player_back_in_their_own_seat_keeps_the_deals_facts(tmp_path):
    session = _after_a_deal(tmp_path, "morkpoker", 1)
    shown = seat_view(session.game, session.state, 0).seats[2].shown
    session.submit(Leave(2))
    session.submit(Join(2, "Cato", 40, ""))  # (the same player: what he showed is his)
    assert seat_view(session.game, session.state, 0).seats[2].shown == shown


def test_a_newcomer_in_a_three_card_poker_seat_has_none_of_the_leavers_boxes(tmp_path):
    session = _after_a_deal(tmp_path, "three-card-poker", 3)
    assert any(box["seat"] == 2 for box in phone_view(session.game, session.state, 0)["boxes"])
    session.submit(Leave(2))
    session.submit(Join(2, "Dina", 40, ""))
    for seat in (0, 1, 2):
        view = phone_view(session.game, session.state, seat)
        assert view["seats"][2]["name"] == "Dina"
        assert [box for box in view["boxes"] if box["seat"] == 2] == []
    assert any(box.seat == 1 for box in seat_view(session.game, session.state, 0).boxes)


def test_the_leavers_own_view_keeps_his_facts_of_the_deal_under_his_name(tmp_path):
    # his phone's last word (drawpoker/client/phones.py) is his: his cards, what he drew and showed,
    # beside his name -- not "Dina" and her chips beside his cards
    session = _after_a_deal(tmp_path, "morkpoker", 1)
    before = phone_view(session.game, session.state, 2)
    session.submit(Leave(2))
    left = phone_view(session.game, session.state, 2, player="Cato")
    session.submit(Join(2, "Dina", 40, ""))
    cato = phone_view(session.game, session.state, 2, player="Cato")
    assert cato == left  # (the same whether or not someone sat down there since)
    assert cato["cards"] == before["cards"] != []
    mine, was = cato["seats"][2], before["seats"][2]
    assert mine["name"] == "Cato" and (mine["stack"], mine["out"]) == (0, True)  # (as he left it, chips taken)
    assert (mine["drew"], mine["shown"], mine["in_deal"]) == (was["drew"], was["shown"], was["in_deal"]) != (None,) * 3
    assert seat_view(session.game, session.state, 2, "Cato").seats[2].name == "Cato"
    for seat, player in ((0, None), (1, None), (2, None), (2, "Dina")):  # everyone else's: Dina's, none of his
        dina = phone_view(session.game, session.state, seat, player=player)["seats"][2]
        assert (dina["name"], dina["stack"], dina["shown"], dina["drew"]) == ("Dina", 40, None, None)


def test_the_leavers_own_three_card_poker_view_keeps_his_boxes_under_his_name(tmp_path):
    session = _after_a_deal(tmp_path, "three-card-poker", 3)
    before = [box for box in phone_view(session.game, session.state, 2)["boxes"] if box["seat"] == 2]
    assert before and before[0]["cards"]
    session.submit(Leave(2))
    session.submit(Join(2, "Dina", 40, ""))
    cato = phone_view(session.game, session.state, 2, player="Cato")
    assert [box for box in cato["boxes"] if box["seat"] == 2] == before
    assert cato["seats"][2] == {"name": "Cato", "stack": 0, "out": True, "away": False, "out_this_round": False}
    for seat, player in ((0, None), (1, None), (2, None), (2, "Dina")):
        view = phone_view(session.game, session.state, seat, player=player)
        assert view["seats"][2]["name"] == "Dina"
        assert [box for box in view["boxes"] if box["seat"] == 2] == []


# ---------------------------------------------------------------- a computer's own bot


class Diary:
    """Checks, calls, stands pat and shows; notes whose seat it plays at every decision and look."""

    made: ClassVar[list[Diary]] = []

    def __init__(self, rng: Any) -> None:
        self.players: set[str] = set()
        Diary.made.append(self)

    def act(self, view: Any) -> Decision:
        self.players.add(view.me.name)
        if view.phase == "exchange":
            return Decision("exchange")
        if view.phase == "showdown":
            return Decision("show")
        return Decision("check") if view.option("check") else Decision("call")

    def observe(self, view: Any) -> None:
        self.players.add(view.me.name)


def _play_a_deal(session: Session) -> None:
    session.deal()
    while not session.between_deals:
        session.computer_move()
    session.looked(session.look())


def test_a_computer_in_a_computers_seat_plays_with_a_bot_of_its_own(monkeypatch):
    Diary.made.clear()
    monkeypatch.setitem(MAKERS, "easy", Diary)  # (the easy level, keeping a diary)
    game = game_for(load_rules("morkpoker"))
    session = Session(
        game, game.new_state(), None, [True, True, True], RandomShuffler(4, 0), random.Random(4), ["easy"] * 3
    )
    session.sit_down(("Anna", "Bjørn", "Cato"), (40, 40, 40), 0)
    _play_a_deal(session)
    session.submit(Leave(2))
    session.submit(Join(2, "Dina", 40, "easy"))  # the same level, in Cato's seat
    _play_a_deal(session)
    assert sorted(sorted(diary.players) for diary in Diary.made) == [["Anna"], ["Bjørn"], ["Cato"], ["Dina"]]
    session.submit(Leave(2))
    session.submit(Join(2, "Cato", 40, "easy"))  # Cato back in his seat: not Dina's bot either
    _play_a_deal(session)
    assert [sorted(diary.players) for diary in Diary.made if "Dina" in diary.players] == [["Dina"]]
