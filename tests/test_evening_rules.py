"""Every rule of docs/rules.md section 6 (the evening) with a stacked deck: seats
and the first dealer drawn, players arriving and leaving, sitting out and
coming back, blinds waited for, posted and missed, rebuys asked, add-ons,
a computer taking over, and the table ending early with a carried pot given
back. Each refusal is one sentence and changes nothing (``EveningTable.refused``)."""

from __future__ import annotations

import pytest

from drawpoker.cards import DECK, parse_cards
from drawpoker.games import evening as E
from drawpoker.games.draw import commands as cmd
from drawpoker.games.draw import events as ev
from tests.evening_table import EveningTable
from tests.mork_table import rules

ACES = "As Ad 7c 7d 2s"  # aces and sevens
KINGS = "Kh Kd 9s 5c 3h"  # a pair of kings
QJ = "Qs Js Ts 4s 4d"  # a pair of fours
NOTHING = "8h 6d 5s 3c 2h"  # eight high
JUNK = "9h 6h 4c 3d 2c"  # nine high
TENS = "Th Tc 8d 6c 2d"  # a pair of tens
HANDS = {"A": ACES, "B": KINGS, "C": QJ, "D": NOTHING, "E": JUNK}

#: fixed limit with blinds of 1 and 2 and no ante
BLINDS = {"betting__ante": 0, "betting__small_bet": 2, "betting__big_bet": 4, "betting__blinds": (1, 2)}


def deck_from(top: str) -> tuple:
    """A whole deck whose first cards are ``top``."""
    first = parse_cards(top)
    return tuple(first) + tuple(c for c in DECK if c not in first)


def won_by_first(t: EveningTable) -> None:
    """The first to act bets and everyone else folds."""
    first = t.state.names[t.state.to_act]
    t.do(f"{first} {'raise' if t.state.level else 'bet'}")
    while t.state.phase == "betting" and t.state.to_act is not None:
        t.do(f"{t.state.names[t.state.to_act]} fold")


# ---------------------------------------------------------------- 6.1 seats and the first dealer


def test_seats_are_drawn_highest_card_first_and_the_table_sits_as_drawn():
    t = EveningTable(rules(session__seats="drawn"), names=())
    new = t.handle(E.DrawSeats(("Anna", "Bjørn", "Cato"), deck_from("7h As 7s")))
    assert new == [E.SeatsDrawn(("Anna", "Bjørn", "Cato"), parse_cards("7h As 7s"))]
    assert t.state.names == ("Bjørn", "Cato", "Anna")  # the ace; the seven of spades above the seven of hearts
    said = t.refused(cmd.SitDown(("Anna", "Bjørn", "Cato"), (40, 40, 40), 0))
    assert said == "the seats were drawn: Bjørn, Cato, Anna, in that order"
    t.handle(cmd.SitDown(("Bjørn", "Cato", "Anna"), (40, 40, 40), 0))
    assert t.state.phase == "between_deals"
    assert t.replayed() == t.state


def test_seats_are_not_drawn_where_the_house_seats_players_as_given():
    t = EveningTable(rules(), names=())
    said = t.refused(E.DrawSeats(("Anna", "Bjørn"), DECK))
    assert said == "the players take their seats in the order given; the house does not draw for seats"
    drawn = EveningTable(rules(session__seats="drawn"), names=())
    assert drawn.refused(cmd.SitDown(("Anna", "Bjørn"), (40, 40), 0)) == (
        "the house draws for seats: draw for them before sitting down"
    )


def test_the_first_dealer_is_drawn_highest_card_deals_suits_break_a_tie():
    t = EveningTable(rules(session__first_dealer="drawn"))
    assert t.refused(cmd.StartDeal(DECK)) == "the first dealer is drawn before the first deal"
    new = t.handle(E.DrawDealer(deck_from("Kh Ks 2c")))
    assert new == [E.DealerDrawn((0, 1, 2), parse_cards("Kh Ks 2c"), 1)]  # spades above hearts
    assert t.refused(E.DrawDealer(DECK)) == "the first dealer is drawn once, before the first deal"
    started = t.deal({"A": ACES, "B": KINGS, "C": QJ})
    assert started[0] == ev.DealStarted(1, 1, started[0].deck, 0, 0, True, "last_aggressor")


def test_a_tie_for_the_first_dealer_is_drawn_again_by_the_tied_players_when_the_house_says_so():
    t = EveningTable(rules(session__first_dealer="drawn", session__dealer_draw_ties="redraw"))
    new = t.handle(E.DrawDealer(deck_from("Kh Ks 2c 5d 5s 3c Ah")))
    # A and B tie on kings, draw again and tie on fives, and again: B's ace beats A's three
    assert new == [E.DealerDrawn((0, 1, 2, 0, 1, 0, 1), parse_cards("Kh Ks 2c 5d 5s 3c Ah"), 1)]
    assert t.state.button == 1


def test_the_first_dealer_is_not_drawn_where_the_table_chooses_it():
    t = EveningTable(rules())
    said = t.refused(E.DrawDealer(DECK))
    assert said == "the first dealer is chosen by the table; the house does not draw for it"


# ---------------------------------------------------------------- 6.2 arriving and leaving


def test_a_newcomer_takes_an_empty_seat_with_the_buy_in_and_antes_in_the_next_deal():
    t = EveningTable(rules(table__max_players=4))
    t.deal(HANDS)
    won_by_first(t)
    assert t.stacks() == {"A": 39, "B": 42, "C": 39}
    assert t.join("D") == [E.PlayerJoined(3, "D", 40, "", False, 0)]
    assert t.chips() == 120  # chips on the table less what newcomers brought
    new = t.deal(HANDS)
    assert ev.AntePosted(3, 1) in new and ev.CardsDealt(3, parse_cards(NOTHING)) in new
    assert t.refused(E.Join(4, "E", 40)) == "the table is full: these rules seat at most 4 players; E cannot join"
    assert t.replayed() == t.state


def test_a_buy_in_the_rules_do_not_allow_is_refused():
    t = EveningTable(rules())
    assert t.refused(E.Join(3, "D", 30)) == "a buy-in is 40 chips here, not 30"
    ranged = EveningTable(rules(session__buy_in=(20, 60)))
    assert ranged.refused(E.Join(3, "D", 70)) == "a buy-in is 20 to 60 chips here, not 70"
    assert ranged.join("D", 25) == [E.PlayerJoined(3, "D", 25, "", False, 0)]
    assert ranged.refused(E.Join(4, "d", 40)) == "D is already at the table"  # (named as seated)
    assert ranged.refused(E.Join(1, "E", 40)) == "seat 1 is not an empty seat"


def test_a_join_made_during_a_deal_takes_effect_when_it_ends():
    t = EveningTable(rules())
    t.deal(HANDS)
    assert t.join("D") == [E.RequestMade(3, "join", "D", 40, "")]
    assert t.state.names == ("A", "B", "C")
    ended = won_and_ended(t)
    assert [type(e) for e in ended[-2:]] == [E.PlayerJoined, ev.DealEnded]
    assert t.state.names == ("A", "B", "C", "D") and t.state.requests == []
    assert t.replayed() == t.state


def test_two_newcomers_during_a_deal_are_promised_the_next_new_seats_and_sit_down_in_order():
    t = EveningTable(rules(table__max_players=6))
    t.deal(HANDS)
    assert t.join("D", seat=3) == [E.RequestMade(3, "join", "D", 40, "")]
    assert t.refused(E.Join(3, "E", 40)) == "seat 3 is already promised to a newcomer"
    assert t.refused(E.Join(5, "E", 40)) == "seat 5 is not an empty seat"  # not the next new seat
    assert t.join("E", seat=4) == [E.RequestMade(4, "join", "E", 40, "")]
    ended = won_and_ended(t)
    assert [type(e) for e in ended[-3:]] == [E.PlayerJoined, E.PlayerJoined, ev.DealEnded]
    assert t.state.names == ("A", "B", "C", "D", "E") and t.state.requests == []
    assert t.replayed() == t.state


def test_newcomers_during_a_deal_are_never_promised_more_seats_than_the_table_has():
    t = EveningTable(rules(table__max_players=5))
    t.deal(HANDS)
    t.join("D", seat=3)
    t.join("E", seat=4)
    assert t.refused(E.Join(5, "F", 40)) == "the table is full: these rules seat at most 5 players; F cannot join"


def won_and_ended(t: EveningTable) -> list:
    before = len(t.events)
    won_by_first(t)
    return t.events[before:]


def test_a_player_leaves_with_the_stack_and_the_seat_is_skipped():
    t = EveningTable(rules())
    t.deal(HANDS)
    won_by_first(t)
    assert t.do("A leave") == [E.PlayerLeft(0, "A", 39)]
    assert t.state.names == ("", "B", "C") and t.state.taken == 39
    assert t.chips() == 120
    new = t.deal(HANDS)
    assert [e.seat for e in new if isinstance(e, ev.CardsDealt)] == [2, 1]  # the button moved to B; A's seat is empty
    assert t.refused(E.Leave(0)) == "nobody sits in seat 0"


def test_leaving_during_a_deal_takes_the_stack_the_deal_left():
    t = EveningTable(rules())
    t.deal(HANDS)
    assert t.do("C leave") == [E.RequestMade(2, "leave", "", 0, "")]
    assert t.refused(E.SitOut(2)) == "C has already asked for a change; it takes effect when this deal ends"
    ended = won_and_ended(t)
    assert ended[-2] == E.PlayerLeft(2, "C", 39) and ended[-1].out == (False, False, True)
    assert t.chips() == 120


def test_a_player_sits_out_two_deals_keeping_the_stack_and_comes_back():
    t = EveningTable(rules())
    t.deal(HANDS)
    won_by_first(t)
    assert t.do("C sit out") == [E.PlayerAway(2)]
    for _ in range(2):
        new = t.deal(HANDS)
        assert not any(getattr(e, "seat", None) == 2 for e in new)
        assert not t.state.in_deal[2]
        won_by_first(t)
    assert t.stacks()["C"] == 39
    assert t.refused(E.SitOut(2)) == "C is already sitting out"
    assert t.do("C come back") == [E.PlayerBack(2, False, 0)]
    t.deal(HANDS)
    assert t.state.in_deal == [True, True, True]
    assert t.refused(E.ComeBack(2)) == "C is not sitting out"
    assert t.replayed() == t.state


def test_fewer_than_two_at_the_table_cannot_be_dealt():
    t = EveningTable(rules(), names=("A", "B"))
    t.do("B sit out")
    said = t.refused(cmd.StartDeal(DECK))
    assert said == "fewer than two players are at the table to be dealt in; someone must come back or join"


def test_a_computer_takes_over_a_seat_the_chips_stay_the_players_and_hands_it_back():
    t = EveningTable(rules())
    t.deal(HANDS)
    won_by_first(t)
    assert t.do("B take over") == [E.SeatTakenOver(1, "random", False, 0)]
    assert t.state.bot == ["", "random", ""] and t.stacks()["B"] == 42
    assert t.refused(E.TakeOver(1, "random")) == "a computer already plays for B"
    t.deal(HANDS)
    assert t.state.in_deal[1]
    assert t.do("B hand back") == [E.RequestMade(1, "hand_back", "", 0, "")]
    ended = won_and_ended(t)
    assert E.SeatHandedBack(1) in ended and t.state.bot == ["", "", ""]
    assert t.refused(E.HandBack(1)) == "no computer plays for B"


# ---------------------------------------------------------------- 6.2 with blinds


def test_a_newcomer_waits_for_the_big_blind_to_reach_the_seat():
    t = EveningTable(rules(**BLINDS), button=2)
    t.deal(HANDS)  # C deals: A the small blind, B the big
    won_by_first(t)
    assert t.join("D") == [E.PlayerJoined(3, "D", 40, "", True, 0)]
    new = t.deal(HANDS)  # A deals: B small, C big; the big blind has not reached D
    assert [(e.seat, e.blind) for e in new if isinstance(e, ev.BlindPosted)] == [(1, "small"), (2, "big")]
    assert not t.state.in_deal[3] and not any(getattr(e, "seat", None) == 3 for e in new)
    won_by_first(t)
    new = t.deal(HANDS)  # B deals: C small, and the big blind reaches D
    assert new[0] == ev.PlayerDealtIn(3)
    assert [(e.seat, e.blind, e.amount) for e in new if isinstance(e, ev.BlindPosted)] == [
        (2, "small", 1),
        (3, "big", 2),
    ]
    assert t.state.in_deal == [True, True, True, True] and t.state.to_act == 0  # left of the big blind
    assert t.replayed() == t.state


def test_a_newcomer_posts_a_big_blind_at_once_when_the_house_says_so():
    t = EveningTable(rules(**BLINDS, session__newcomer_blind="post"), button=2)
    t.deal(HANDS)
    won_by_first(t)
    assert t.join("D") == [E.PlayerJoined(3, "D", 40, "", False, 1)]
    new = t.deal(HANDS)  # A deals: B small, C big, and D posts a big blind of its own
    assert [(e.seat, e.blind) for e in new if isinstance(e, ev.BlindPosted)] == [(1, "small"), (2, "big")]
    assert ev.MissedBlindsPosted(3, 2, 0) in new
    assert t.state.in_deal[3] and t.state.bets[3] == 2 and t.state.committed[3] == 2
    assert t.state.to_act == 3  # left of the big blind; the live blind may be checked
    assert t.game.legal_actions(t.state).option("check") is not None


def test_blinds_missed_while_away_are_posted_on_return_big_live_small_dead():
    t = EveningTable(rules(**BLINDS), names=("A", "B", "C", "D"), button=3)
    t.deal(HANDS)  # D deals: A small, B big
    won_by_first(t)
    t.do("C sit out")
    new = t.deal(HANDS)  # A deals: B small; C is away, so the big blind passes C to D
    assert [(e.seat, e.blind) for e in new if isinstance(e, ev.BlindPosted)] == [(1, "small"), (3, "big")]
    assert t.state.missed == [False, False, True, False]
    won_by_first(t)
    assert t.do("C come back") == [E.PlayerBack(2, False, 2)]
    new = t.deal(HANDS)  # B deals: D small, A big, and C posts the big blind live and the small dead
    assert [(e.seat, e.blind) for e in new if isinstance(e, ev.BlindPosted)] == [(3, "small"), (0, "big")]
    assert ev.MissedBlindsPosted(2, 2, 1) in new
    assert t.state.bets[2] == 2 and t.state.committed[2] == 3
    assert t.chips() == 160
    assert t.replayed() == t.state


def test_blinds_missed_while_away_are_waited_for_when_the_house_says_so():
    t = EveningTable(rules(**BLINDS, session__missed_blinds="wait"), names=("A", "B", "C", "D"), button=3)
    t.deal(HANDS)
    won_by_first(t)
    t.do("C sit out")
    t.deal(HANDS)  # A deals; the blinds pass C
    won_by_first(t)
    assert t.do("C come back") == [E.PlayerBack(2, True, 0)]
    t.deal(HANDS)  # B deals: D small, A big; C waits
    assert not t.state.in_deal[2]
    won_by_first(t)
    t.deal(HANDS)  # D deals (C waits, so the button passes C): A small, B big
    assert not t.state.in_deal[2] and t.state.button == 3
    won_by_first(t)
    new = t.deal(HANDS)  # A deals: B small, and the big blind reaches C
    assert ev.PlayerDealtIn(2) in new
    assert [(e.seat, e.blind) for e in new if isinstance(e, ev.BlindPosted)] == [(1, "small"), (2, "big")]


# ---------------------------------------------------------------- 6.3 rebuys and add-ons


def broke_a(rules_) -> EveningTable:
    """A, with 2 chips, goes all in and loses: out of chips between deals."""
    t = EveningTable(rules_, stacks=[2, 40, 40])
    t.deal({"A": JUNK, "B": ACES, "C": NOTHING})
    t.do("B bet", "C fold", "A call")  # A all in
    t.play_out()
    assert t.stacks()["A"] == 0
    return t


def test_a_broke_player_is_asked_at_the_table_and_buys_again():
    t = broke_a(rules(session__when_broke="ask", session__rebuy_limit=1))
    said = t.refused(cmd.StartDeal(DECK))
    assert said == "A is out of chips and must first say whether to buy 40 more or leave"
    assert t.do("A rebuy") == [ev.PlayerRebought(0, 40)]
    assert t.refused(E.Rebuy(1)) == "B still has chips; a rebuy is for a player who has none"
    t.deal(HANDS)
    assert t.state.in_deal == [True, True, True]


def test_a_rebuy_over_the_limit_is_refused_and_the_player_sits_out():
    t = broke_a(rules(session__when_broke="ask", session__rebuy_limit=1))
    t.do("A rebuy")
    t.state.stacks[0] = 0  # (broke again, as a later deal would leave A)
    t.state.stacks[1] += 40
    assert t.refused(E.Rebuy(0)) == "A has used every rebuy the house allows (1)"
    new = t.deal({"B": KINGS, "C": QJ})
    assert new[0] == ev.PlayerSatOut(0)


def test_a_broke_player_who_declines_leaves_with_nothing():
    t = broke_a(rules(session__when_broke="ask"))
    assert t.do("A decline") == [E.RebuyDeclined(0), E.PlayerLeft(0, "A", 0)]
    assert t.state.names == ("", "B", "C")
    t.deal(HANDS)
    assert t.state.in_deal == [False, True, True]
    assert t.chips() == 82


def test_rebuys_are_not_asked_where_the_house_does_not_ask():
    t = broke_a(rules())
    assert t.refused(E.Rebuy(0)) == "the house does not allow rebuys: a player with no chips sits out"
    assert t.refused(E.Decline(0)) == "nobody is asked to buy again here"


def test_an_add_on_between_deals_up_to_the_limit():
    t = EveningTable(rules(session__add_on_limit=20))
    assert t.do("A add on 15") == [E.AddOnBought(0, 15)]
    assert t.stacks()["A"] == 55 and t.state.rebought[0] == 15
    assert t.refused(E.AddOn(0, 10)) == "A may add on 1 to 5 chips (the house allows 20 in all), not 10"
    t.do("A add on 5")
    assert t.refused(E.AddOn(0, 1)) == "A has added on 20 chips, the most the house allows"
    t.deal(HANDS)
    assert t.refused(E.AddOn(1, 5)) == "an add-on is bought between deals; this deal is not over yet"
    assert t.chips() == 120


def test_add_ons_are_refused_by_default():
    t = EveningTable(rules())
    assert t.refused(E.AddOn(0, 5)) == "the house does not allow add-ons"
    broke = broke_a(rules(session__add_on_limit=20))
    assert broke.refused(E.AddOn(0, 5)) == "A has no chips: that is a rebuy, not an add-on"


# ---------------------------------------------------------------- 6.5 ending the evening


def passed_out(t: EveningTable) -> None:
    """Everybody checks the first round: the pot carries."""
    t.deal(HANDS)
    t.check_round()
    assert t.state.phase == "between_deals" and t.state.carried > 0


def test_ending_early_gives_a_carried_pot_back_to_those_who_paid_into_it():
    t = EveningTable(rules())
    passed_out(t)
    new = t.handle(E.end_after(t.state))
    assert new == [E.EndAgreed(1), ev.CarriedPotReturned(((0, 1), (1, 1), (2, 1)), ()), ev.SessionEnded("agreed")]
    assert t.stacks() == {"A": 40, "B": 40, "C": 40}
    assert t.replayed() == t.state


def test_the_odd_chips_of_a_carried_pot_given_back_go_clockwise_from_the_button():
    t = EveningTable(rules())
    passed_out(t)  # A deals; each antes 1: a pot of 3 carries
    t.do("C leave")  # C's chip stays in the pot
    new = t.handle(E.end_after(t.state))
    # A and B get their chip back; C's one chip is the odd chip: to B, first clockwise from the button (A)
    assert new[1] == ev.CarriedPotReturned(((0, 1), (1, 2)), (1,))
    assert t.stacks() == {"A": 40, "B": 41}
    assert t.chips() == 120


def test_end_after_this_deal_plays_the_deal_to_its_end_first():
    t = EveningTable(rules())
    passed_out(t)
    t.deal(HANDS)
    assert t.handle(E.end_after(t.state)) == [E.EndAgreed(2)]
    t.check_round()  # passed out again: 6 chips carried, given back at the end
    assert [type(e) for e in t.events[-3:]] == [ev.CarriedPotReturned, ev.DealEnded, ev.SessionEnded]
    assert t.events[-3] == ev.CarriedPotReturned(((0, 2), (1, 2), (2, 2)), ())
    assert t.events[-2].carried == 0 and t.state.session_end == "agreed"


def test_n_more_deals_end_the_evening_after_that_many():
    t = EveningTable(rules(session__deals=12))
    t.deal(HANDS)
    won_by_first(t)
    t.handle(E.end_after(t.state, 2))
    for _ in range(2):
        assert t.state.phase == "between_deals"
        t.deal(HANDS)
        won_by_first(t)
    assert t.state.phase == "session_over" and t.state.session_end == "agreed" and t.state.deal == 3
    assert t.refused(E.EndEvening(3)) == "the session is over"


def test_an_end_already_past_is_refused():
    t = EveningTable(rules())
    t.deal(HANDS)
    won_by_first(t)
    t.deal(HANDS)
    said = t.refused(E.EndEvening(1))
    assert said == "deal 2 is being played; the evening can end after it at the earliest"


@pytest.mark.parametrize("ruleset", ["three-card-poker", "three-card-poker-home"])
def test_three_card_poker_players_join_leave_sit_out_and_the_table_ends_early(ruleset):
    from drawpoker.games.three_card import commands as tc
    from drawpoker.games.three_card import events as tev
    from drawpoker.games.three_card.stacking import stacked_deck
    from tests.changed_rules import changed_rules

    r = changed_rules(ruleset, dealer__mode="house_bank", dealer__bank=None, session__deals=10)
    t = EveningTable(r, names=("A", "B"))

    def round_(plays):
        t.handle(tc.StartRound(stacked_deck([])))
        while t.state.phase == "betting":
            t.handle(tc.PlaceBets(t.state.to_act, (tc.BoxBet(1),)))
        while t.state.phase == "deciding":
            t.handle(tc.Play(t.state.to_act, t.state.box_to_act))

    round_(None)
    assert t.join("C") == [E.PlayerJoined(2, "C", 40, "", False, 0)]
    t.do("A sit out")
    round_(None)
    assert [b.seat for b in t.state.boxes] == [1, 2]
    t.do("B leave")
    assert t.chips() == 80
    t.handle(E.end_after(t.state))
    assert t.state.session_end == "agreed"
    assert t.of(tev.TableClosed) == [tev.TableClosed("agreed")]
    assert t.replayed() == t.state


def test_rules_check_refuses_a_buy_in_the_table_would_refuse_in_the_same_sentence(tmp_path, capsys):
    from drawpoker.cli.main import main
    from tests.changed_rules import changed_rules

    path = tmp_path / "ours.yaml"
    path.write_text("extends: three-card-poker-sv\nsession:\n  buy_in: [1, 40]\n", encoding="utf-8")
    assert main(["rules", "check", str(path)]) == 1
    said = "every player needs a stack of at least 2 chips (the smallest ante and its Play bet)"
    assert capsys.readouterr().err == f"{path}:3: session.buy_in: {said}\n"
    t = EveningTable(changed_rules("three-card-poker-sv", session__buy_in=(1, 40)), names=("A", "B"))
    assert t.refused(E.Join(2, "C", 1)) == said
