"""Corners of the evening (docs/rules.md 6) a real table meets, each played
with a stacked deck through the engine's commands: a pot still carried when
the deal's leavers leave one player, a player who left without chips coming
back, the same player written in another case, a rebuy too small to bet
with. Each test failed before its fix."""

from __future__ import annotations

import pytest

from drawpoker.errors import IllegalAction
from drawpoker.games import evening as E
from drawpoker.games.draw import events as ev
from drawpoker.ledger import ledger_of
from drawpoker.payments import settle_up
from drawpoker.words.i18n import translator
from tests.evening_table import EveningTable
from tests.mork_table import rules
from tests.test_evening_rules import ACES, HANDS, JUNK, NOTHING, passed_out

# ---------------------------------------------------------------- 6.5 a pot carried when one player is left


def test_a_pot_carried_when_the_deal_s_leavers_leave_one_player_goes_back_as_the_evening_ends():
    t = EveningTable(rules())
    passed_out(t)  # each antes 1: 3 carried
    t.deal(HANDS)
    t.do("B leave", "C leave")  # both take effect when the deal ends
    t.check_round()  # passed out again: 6 carried, and only A is left
    ended = t.events[-5:]
    # the pot goes back to those who paid into it, each their 2, the leavers too (version 5), then they leave
    assert ended[0] == ev.CarriedPotReturned(((0, 2), (1, 2), (2, 2)), ())
    assert ended[1:3] == [E.PlayerLeft(1, "B", 40), E.PlayerLeft(2, "C", 40)]
    assert ended[3].carried == 0 and ended[4] == ev.SessionEnded("one_player_left")
    assert t.stacks() == {"A": 40} and t.state.carried == 0
    assert t.chips() == 120
    assert {r.name: r.net for r in ledger_of(t.events).results()} == {"A": 0, "B": 0, "C": 0}
    assert t.replayed() == t.state


def test_a_pot_carried_when_the_last_leaver_leaves_between_deals_goes_back_the_same_way():
    t = EveningTable(rules(), names=("A", "B"))
    passed_out(t)
    new = t.do("B leave")
    assert new == [
        ev.CarriedPotReturned(((0, 1), (1, 1)), ()),
        E.PlayerLeft(1, "B", 40),
        ev.SessionEnded("one_player_left"),
    ]
    assert t.stacks() == {"A": 40}


# ---------------------------------------------------------------- 6.3 coming back after leaving without chips


def bust(t: EveningTable, name: str) -> None:
    """``name`` (with 2 chips) antes, calls a bet all in and loses to aces; the others fold."""
    names = [n for n in t.state.names if n]
    others = [n for n in names if n != name]
    hands = {name: JUNK, others[0]: ACES, **{n: NOTHING for n in others[1:]}}
    t.deal(hands)
    state = t.state
    while state.phase == "betting" and state.to_act is not None:
        who = state.names[state.to_act]
        if who == others[0]:
            t.do(
                f"{who} {'bet' if state.level == 0 else 'call' if state.bets[state.to_act] < state.level else 'check'}"
            )
        elif who == name:
            t.do(f"{who} {'call' if state.bets[state.to_act] < state.level else 'check'}")
        else:
            t.do(f"{who} {'fold' if state.level else 'check'}")
    t.play_out()
    assert t.stacks()[name] == 0


def test_a_player_out_of_chips_who_leaves_does_not_come_back_where_the_house_allows_no_rebuys():
    t = EveningTable(rules(), stacks=[2, 40, 40])
    bust(t, "A")
    t.deal({"B": ACES, "C": NOTHING})  # A has no chips: out for the rest of the session
    assert t.state.out[0]
    t.play_out()
    t.do("A leave")
    said = t.refused(E.Join(0, "A", 40))
    assert said == "A left with no chips, and the house does not allow rebuys: A cannot sit down again this session"
    assert t.refused(E.Join(0, "a", 40)) == said.replace("A ", "a ")  # the same player, whatever the case
    with pytest.raises(IllegalAction) as caught:
        t.game.handle(t.state, E.Join(0, "A", 40))
    norsk = translator("nb").say(caught.value.note)
    assert (
        norsk
        == "A gikk fra bordet uten sjetonger, og huset tillater ikke nye innkjøp: A kan ikke sette seg ved bordet igjen denne økten"
    )
    assert t.join("Dag") == [E.PlayerJoined(0, "Dag", 40, "", False, 0)]  # a newcomer may


def test_a_player_who_declined_to_buy_again_comes_back_only_as_a_rebuy_counted_against_the_limit():
    r = rules(session__when_broke="ask", session__rebuy_limit=2, session__rebuy_amount=2, session__buy_in=(2, 40))
    t = EveningTable(r, stacks=[2, 40, 40])
    bust(t, "A")
    t.do("A decline")
    assert t.join("A", 2) == [E.PlayerJoined(0, "A", 2, "", False, 0)]
    assert t.state.rebuys[0] == 1  # coming back without having had chips is the first rebuy
    bust(t, "A")
    t.do("A rebuy")  # the second
    assert t.state.rebuys[0] == 2
    bust(t, "A")
    t.do("A leave")  # out of chips and of rebuys: leaves instead of sitting out
    said = t.refused(E.Join(0, "A", 2))
    assert (
        said
        == "A left with no chips and has used every rebuy the house allows (2): A cannot sit down again this session"
    )
    ledger = {r.name: (r.bought, r.net) for r in ledger_of(t.events).results()}
    assert ledger["A"] == (6, -6)  # three stacks of 2 bought, all lost
    assert t.replayed() == t.state


def test_a_player_who_left_with_chips_keeps_their_rebuys_and_add_ons_counted_on_coming_back():
    r = rules(session__when_broke="ask", session__rebuy_limit=1, session__rebuy_amount=2, session__add_on_limit=5)
    t = EveningTable(r, stacks=[2, 40, 40])
    bust(t, "A")
    t.do("A rebuy", "A add on 5")
    t.do("A leave")  # with 7 chips
    assert t.join("A", 40) == [E.PlayerJoined(0, "A", 40, "", False, 0)]  # a buy-in, not a rebuy: A had chips
    assert (t.state.rebuys[0], t.state.added[0]) == (1, 5)
    assert t.refused(E.AddOn(0, 1)) == "A has added on 5 chips, the most the house allows"
    assert t.replayed() == t.state


def test_coming_back_after_leaving_without_chips_is_a_rebuy_in_three_card_poker_too():
    from drawpoker.cards import parse_cards
    from drawpoker.games.three_card import commands as tc
    from drawpoker.games.three_card.stacking import stacked_deck
    from tests.changed_rules import changed_rules

    r = changed_rules("three-card-poker", dealer__mode="house_bank", dealer__bank=None, session__deals=10)
    t = EveningTable(r, names=("A", "B"), stacks=[2, 40])
    t.handle(tc.StartRound(stacked_deck([parse_cards("2c 3d 5h"), parse_cards("2d 3c 5s")], parse_cards("As Ks Qs"))))
    while t.state.phase == "betting":
        t.handle(tc.PlaceBets(t.state.to_act, (tc.BoxBet(1),)))
    while t.state.phase == "deciding":
        t.handle(tc.Play(t.state.to_act, t.state.box_to_act))
    assert t.stacks()["A"] == 0 and t.state.out[0]  # stood up for the rest of the session
    t.do("A leave")
    said = t.refused(E.Join(0, "A", 40))
    assert said == "A left with no chips, and the house does not allow rebuys: A cannot sit down again this session"


# ---------------------------------------------------------------- 6.4 one player, one party


def test_a_player_who_comes_back_in_another_case_is_one_player_in_the_results_and_the_settle_up():
    t = EveningTable(rules(table__max_players=6), names=("Anna", "Bjørn", "Cato"))
    hands = {"Anna": ACES, "Bjørn": JUNK, "Cato": NOTHING}
    t.deal(hands)
    t.do("Bjørn fold", "Cato fold")  # (Anna deals: Bjørn, Cato, Anna) Anna bets, both fold
    t.play_out()
    t.do("Bjørn leave")
    assert t.join("bjørn") == [E.PlayerJoined(1, "bjørn", 40, "", False, 0)]  # the table takes him back
    results = {r.name: (r.bought, r.cashed, r.net) for r in ledger_of(t.events).results()}
    assert results == {"Anna": (40, 42, 2), "Bjørn": (80, 79, -1), "Cato": (40, 39, -1)}
    assert len(settle_up(ledger_of(t.events).parties())) == 2


def test_the_ledger_names_a_player_back_in_another_case_as_first_met():
    # seen: "anna" typed at the table menu after Anna left sat down as "anna" (her seat, the log, the deal
    # rows) while the standings said "Anna": the ledger gives the edge the spelling the evening knows
    t = EveningTable(rules(table__max_players=6), names=("Anna", "Bjørn", "Cato"))
    t.do("Anna leave")
    ledger = ledger_of(t.events)
    assert ledger.named("anna") == "Anna" and ledger.named("ANNA") == "Anna"
    assert ledger.named("Dag") == "Dag"  # a newcomer is named as typed
    assert ledger.named("bjørn") == "Bjørn"  # (seated: the table refuses him by the name it knows)


# ---------------------------------------------------------------- rules check: a rebuy the player could not bet with


def test_rules_check_refuses_a_rebuy_too_small_to_bet_with_the_table_s_sentence(tmp_path, capsys):
    # a rebuy of 1 chip where the smallest ante and its Play bet come to 2 left the broke player unable
    # to bet: bought again round after round (rebuy), or asked again before every round (ask)
    from drawpoker.cli.main import main

    path = tmp_path / "ours.yaml"
    said = "every player needs a stack of at least 2 chips (the smallest ante and its Play bet)"
    for policy in ("rebuy", "ask"):
        path.write_text(
            f"extends: three-card-poker-sv\nsession:\n  when_broke: {policy}\n  rebuy_amount: 1\n", encoding="utf-8"
        )
        assert main(["rules", "check", str(path)]) == 1
        assert capsys.readouterr().err == f"{path}:4: session.rebuy_amount: {said}\n"
    path.write_text("extends: three-card-poker-sv\nsession:\n  rebuy_amount: 1\n", encoding="utf-8")
    assert main(["rules", "check", str(path)]) == 0  # nobody rebuys (sit_out): the amount is never bought


# ---------------------------------------------------------------- the season: one player, whatever the case


def test_the_season_counts_a_name_written_in_another_case_as_the_same_player():
    # the table takes no two names that differ only in case, so they are one person; the standings
    # split Bjørn and bjørn into two players, and a group given as "anna,bjørn" counted no evening
    from drawpoker.ledger import Result
    from drawpoker.season import Season

    season = Season()
    season.add("2026-01-08", [Result("Anna", 40, 0, 52), Result("Bjørn", 40, 0, 28)], None)
    season.add("2026-01-15", [Result("anna", 40, 0, 30), Result("bjørn", 80, 40, 90)], None)
    season.add("2026-01-22", [Result("Cato", 40, 0, 40), Result("ANNA", 40, 0, 40)], None)
    standings = {p.name: (p.evenings, p.net, p.running) for p in season.standings()}
    assert standings == {"Anna": (3, 2, [12, 2, 2]), "Bjørn": (2, -2, [-12, -2, -2]), "Cato": (1, 0, [0, 0, 0])}
    assert season.played(group=["anna", "BJØRN"]) == 2
    assert {p.name for p in season.standings(group=["anna", "BJØRN"])} == {"Anna", "Bjørn"}


# ---------------------------------------------------------------- 6.2 blinds when only two play as usual

BLINDS = {"betting__ante": 0, "betting__small_bet": 2, "betting__big_bet": 4, "betting__blinds": (1, 2)}


def blinds_of(t: EveningTable, new: list) -> list[tuple[str, str]]:
    posted = [(t.state.names[e.seat], e.blind) for e in new if isinstance(e, ev.BlindPosted)]
    return posted + [
        (t.state.names[e.seat], f"owed {e.live}+{e.dead}") for e in new if isinstance(e, ev.MissedBlindsPosted)
    ]


def blinds_by_deal(t: EveningTable, deals: int) -> list[tuple[str, list]]:
    """The button and the blinds of the next ``deals`` deals (each won by the first to act)."""
    from tests.test_evening_rules import won_by_first

    out = []
    for _ in range(deals):
        new = t.deal({"A": ACES, "B": JUNK, "C": NOTHING, "D": "Ks Qd 8c 5d 3s"})
        out.append((t.state.names[t.state.button], blinds_of(t, new)))
        won_by_first(t)
    return out


def test_a_newcomer_posting_at_a_heads_up_table_does_not_put_the_big_blind_on_the_button():
    # B had the big blind heads-up; C joined posting a big blind at once in the seat after the button:
    # the small blind went to A (the seat after C) and the big blind to B, the button -- B paid the big
    # blind three deals running and A the small
    t = EveningTable(rules(**BLINDS, session__newcomer_blind="post"), names=("A", "B"), button=0)
    assert blinds_by_deal(t, 1) == [("A", [("A", "small"), ("B", "big")])]  # heads-up: the button posts the small
    t.join("C")
    assert blinds_by_deal(t, 4) == [
        ("B", [("B", "small"), ("A", "big"), ("C", "owed 2+0")]),  # the two who play as usual: as heads-up
        ("C", [("A", "small"), ("B", "big")]),
        ("A", [("B", "small"), ("C", "big")]),
        ("B", [("C", "small"), ("A", "big")]),
    ]


def test_a_player_back_owing_blinds_beside_the_button_does_not_put_the_big_blind_on_the_button():
    t = EveningTable(rules(**BLINDS), names=("A", "B", "C"), button=0)
    blinds_by_deal(t, 1)
    t.do("C sit out")
    assert blinds_by_deal(t, 2) == [("B", [("B", "small"), ("A", "big")]), ("A", [("A", "small"), ("B", "big")])]
    assert t.do("C come back") == [E.PlayerBack(2, False, 2)]
    assert blinds_by_deal(t, 3) == [
        ("B", [("B", "small"), ("A", "big"), ("C", "owed 2+1")]),
        ("C", [("A", "small"), ("B", "big")]),
        ("A", [("B", "small"), ("C", "big")]),
    ]
    assert t.chips() == 120
    assert t.replayed() == t.state


# ---------------------------------------------------------------- 6.5 who paid into a pot carried over several deals


def test_a_pot_carried_over_comings_and_goings_goes_back_to_exactly_those_who_paid_into_it():
    # (found right: kept as the corner's record) A, B, C pass out; D joins; B sits out while A, C, D
    # pass out; C leaves; B is back and A, B, D pass out; the table stops: each gets back what they
    # paid, C's two chips are shared among them, the odd ones from the button's left
    t = EveningTable(rules(table__max_players=6))
    hands = {**HANDS, "D": "Ks Qd 8c 5d 3s"}
    passed_out(t)  # A, B, C: 3
    t.join("D")
    t.do("B sit out")
    t.deal(hands)
    t.check_round()  # A, C, D: 6
    t.do("C leave", "B come back")
    t.deal(hands)
    t.check_round()  # A, B, D: 9
    assert t.state.carried == 9 and t.state.button == 3  # D dealt the third deal
    so_far = {r.name: r.net for r in ledger_of(t.events).results()}
    new = t.handle(E.end_after(t.state))
    # paid: A 3, B 2, D 2 (C's 2 shared: none each, the 2 odd to A and B, the first left of D)
    assert new[1] == ev.CarriedPotReturned(((0, 4), (1, 3), (3, 2)), (0, 1))
    ended = {r.name: r.net for r in ledger_of(t.events).results()}
    assert so_far == ended == {"A": 1, "B": 1, "C": -2, "D": 0}
    assert t.chips() == 120 and t.replayed() == t.state


# ---------------------------------------------------------------- 6.2 a newcomer who steps away before being dealt in


@pytest.mark.parametrize(
    ("newcomer", "joined", "back"), [("wait", (True, 0), (True, 0)), ("post", (False, 1), (False, 1))]
)
def test_a_newcomer_away_before_being_dealt_in_comes_back_a_newcomer_owing_no_missed_blinds(newcomer, joined, back):
    # D joined and sat out before the next deal; coming back, D owed the big blind live and the small
    # dead as one who had missed them, though D had never been dealt in (nor owed more than a newcomer)
    t = EveningTable(rules(**BLINDS, session__newcomer_blind=newcomer), names=("A", "B", "C"), button=0)
    blinds_by_deal(t, 1)
    assert t.join("D") == [E.PlayerJoined(3, "D", 40, "", *joined)]
    t.do("D sit out")
    blinds_by_deal(t, 3)  # the blinds pass D's seat while D is away
    assert t.state.missed[3]
    assert t.do("D come back") == [E.PlayerBack(3, *back)]
    assert t.replayed() == t.state


def test_a_player_back_owing_who_steps_away_again_still_owes_what_they_owed():
    t = EveningTable(rules(**BLINDS), names=("A", "B", "C", "D"), button=0)
    blinds_by_deal(t, 1)
    t.do("D sit out")
    blinds_by_deal(t, 3)
    assert t.do("D come back") == [E.PlayerBack(3, False, 2)]
    t.do("D sit out")
    assert t.do("D come back") == [E.PlayerBack(3, False, 2)]
