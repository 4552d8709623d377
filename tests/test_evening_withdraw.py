"""A request made during a deal may be taken back before the deal ends
(docs/rules.md 6.2): a slip forgiven -- the wrong seat asked to leave, a
newcomer who changes their mind, "I'll stay after all". Each with a stacked
deck; each refusal is one sentence and changes nothing (``EveningTable.refused``)."""

from __future__ import annotations

import pytest

from drawpoker.games import evening as E
from drawpoker.games.draw import events as ev
from tests.evening_table import EveningTable
from tests.mork_table import rules
from tests.test_evening_rules import HANDS, won_and_ended, won_by_first


def dealing(**changes) -> EveningTable:
    t = EveningTable(rules(**changes))
    t.deal(HANDS)
    return t


@pytest.mark.parametrize(
    ("asked", "what", "after"),
    [
        ("C leave", "leave", lambda s: s.names == ("A", "B", "C")),
        ("C sit out", "sit_out", lambda s: not s.away[2]),
        ("C take over", "take_over", lambda s: s.bot == ["", "", ""]),
    ],
)
def test_a_request_withdrawn_does_not_take_effect_when_the_deal_ends(asked, what, after):
    t = dealing()
    t.do(asked)
    assert t.handle(E.Withdraw(2)) == [E.RequestWithdrawn(2, what, "C")]
    assert t.state.requests == []
    ended = won_and_ended(t)
    assert [type(e) for e in ended][-1] is ev.DealEnded
    assert not any(isinstance(e, (E.PlayerLeft, E.PlayerAway, E.SeatTakenOver)) for e in ended)
    assert after(t.state)
    t.deal(HANDS)
    assert t.state.in_deal[2]  # C is dealt in the next deal
    assert t.chips() == 120
    assert t.replayed() == t.state


def test_come_back_and_hand_back_withdrawn_keep_the_seat_as_it_was():
    t = dealing()
    won_by_first(t)
    t.do("B sit out", "C take over")
    t.deal(HANDS)
    t.do("B come back", "C hand back")
    assert t.handle(E.Withdraw(1)) == [E.RequestWithdrawn(1, "come_back", "B")]
    assert t.handle(E.Withdraw(2)) == [E.RequestWithdrawn(2, "hand_back", "C")]
    won_and_ended(t)
    assert t.state.away[1] and t.state.bot[2] == "random"
    assert t.replayed() == t.state


def test_withdrawing_then_asking_for_another_change_takes_the_new_one():
    t = dealing()
    t.do("C leave")
    assert t.refused(E.SitOut(2)) == "C has already asked for a change; it takes effect when this deal ends"
    t.handle(E.Withdraw(2))
    assert t.do("C sit out") == [E.RequestMade(2, "sit_out", "", 0, "")]
    ended = won_and_ended(t)
    assert E.PlayerAway(2) in ended and E.PlayerLeft(2, "C", 39) not in ended
    assert t.state.names == ("A", "B", "C") and t.state.away[2]
    assert t.replayed() == t.state


def test_a_newcomer_withdrawn_the_next_newcomer_takes_the_seat_given_up():
    t = dealing(table__max_players=6)
    t.join("D", seat=3)
    t.join("E", seat=4)
    assert t.handle(E.Withdraw(3)) == [E.RequestWithdrawn(3, "join", "D")]
    assert [(r.seat, r.name) for r in t.state.requests] == [(3, "E")]  # seat 4 promised before, 3 now
    ended = won_and_ended(t)
    assert [e for e in ended if isinstance(e, E.PlayerJoined)] == [E.PlayerJoined(3, "E", 40, "", False, 0)]
    assert t.state.names == ("A", "B", "C", "E")
    assert t.chips() == 120
    assert t.replayed() == t.state


def test_after_a_newcomer_withdrew_the_next_newcomer_is_promised_the_seat_given_up():
    t = dealing(table__max_players=6)
    t.join("D", seat=3)
    t.join("E", seat=4)
    t.handle(E.Withdraw(3))
    assert t.refused(E.Join(5, "F", 40)) == "seat 5 is not an empty seat"
    assert t.refused(E.Join(3, "F", 40)) == "seat 3 is already promised to a newcomer"
    assert t.join("F", seat=4) == [E.RequestMade(4, "join", "F", 40, "")]
    assert t.join("D", seat=5) == [E.RequestMade(5, "join", "D", 40, "")]  # D changed their mind again
    won_and_ended(t)
    assert t.state.names == ("A", "B", "C", "E", "F", "D")
    assert t.replayed() == t.state


def test_a_newcomer_promised_an_empty_seat_withdrawn_leaves_the_new_seats_as_promised():
    t = EveningTable(rules(table__max_players=6))
    t.deal(HANDS)
    won_by_first(t)
    t.do("B leave")
    t.deal(HANDS)
    t.join("D", seat=1)  # B's empty seat
    t.join("E", seat=3)  # a new seat
    assert t.handle(E.Withdraw(1)) == [E.RequestWithdrawn(1, "join", "D")]
    assert [(r.seat, r.name) for r in t.state.requests] == [(3, "E")]
    won_and_ended(t)
    assert t.state.names == ("A", "", "C", "E")
    assert t.replayed() == t.state


def test_the_newcomer_withdrawn_may_be_a_later_one():
    t = dealing(table__max_players=6)
    t.join("D", seat=3)
    t.join("E", seat=4)
    t.join("F", seat=5)
    t.handle(E.Withdraw(4))
    assert [(r.seat, r.name) for r in t.state.requests] == [(3, "D"), (4, "F")]
    won_and_ended(t)
    assert t.state.names == ("A", "B", "C", "D", "F")
    assert t.replayed() == t.state


def test_nothing_to_withdraw_is_refused_in_one_sentence():
    t = dealing()
    assert t.refused(E.Withdraw(1)) == "B has not asked for a change this deal; there is nothing to withdraw"
    assert t.refused(E.Withdraw(3)) == "nobody has asked for seat 3; there is nothing to withdraw"
    assert t.refused(E.Withdraw(-1)) == "nobody has asked for seat -1; there is nothing to withdraw"
    assert t.refused(E.Withdraw(True)) == "nobody has asked for seat True; there is nothing to withdraw"
    assert t.refused(E.Withdraw("2")) == "nobody has asked for seat 2; there is nothing to withdraw"
    t.do("C leave")
    t.handle(E.Withdraw(2))
    assert t.refused(E.Withdraw(2)) == "C has not asked for a change this deal; there is nothing to withdraw"


def test_between_deals_and_outside_the_session_there_is_nothing_to_withdraw():
    t = EveningTable(rules())
    said = "changes between deals are made at once; there is no request to withdraw"
    assert t.refused(E.Withdraw(0)) == said
    t.deal(HANDS)
    won_by_first(t)
    assert t.refused(E.Withdraw(0)) == said
    t.handle(E.end_after(t.state))
    assert t.refused(E.Withdraw(0)) == "the session is over"
    assert EveningTable(rules(), names=()).refused(E.Withdraw(0)) == "nobody has sat down yet"


def test_three_card_poker_withdraws_in_rounds():
    from drawpoker.games.three_card import commands as tc
    from drawpoker.games.three_card.stacking import stacked_deck
    from tests.changed_rules import changed_rules

    r = changed_rules("three-card-poker", dealer__mode="house_bank", dealer__bank=None, session__deals=10)
    t = EveningTable(r, names=("A", "B"))
    said = "changes between rounds are made at once; there is no request to withdraw"
    assert t.refused(E.Withdraw(0)) == said
    t.handle(tc.StartRound(stacked_deck([])))
    assert t.refused(E.Withdraw(0)) == "A has not asked for a change this round; there is nothing to withdraw"
    t.do("B leave")
    t.join("C")
    t.join("D", seat=3)
    assert t.handle(E.Withdraw(2)) == [E.RequestWithdrawn(2, "join", "C")]
    assert t.handle(E.Withdraw(1)) == [E.RequestWithdrawn(1, "leave", "B")]
    while t.state.phase == "betting":
        t.handle(tc.PlaceBets(t.state.to_act, (tc.BoxBet(1),)))
    while t.state.phase == "deciding":
        t.handle(tc.Play(t.state.to_act, t.state.box_to_act))
    assert t.state.names == ("A", "B", "D")
    assert t.chips() == 80
    assert t.replayed() == t.state
