"""More exchanges (docs/rules.md 4.2) with stacked decks: a betting round after
each exchange, the bet size of each round, who starts the later rounds,
and the stock rebuilt from earlier discards in triple draw.

Players are A, B, C... in clockwise order; A has the button, so B acts first.
"""

import pytest

from drawpoker.cards import DECK, parse_cards
from drawpoker.errors import RulesError
from drawpoker.games.draw import events as ev
from drawpoker.rules import load_rules
from tests.mork_table import Table, rules

ACES = "As Ad 7c 7d 2s"
KINGS = "Kh Kd 9s 5c 3h"
QJ = "Qs Js Ts 4s 4d"


def rounds(t):
    return [(e.round, e.step) for e in t.of(ev.RoundStarted)]


def test_two_exchanges_make_three_betting_rounds_with_the_big_bet_from_round_two():
    t = Table([ACES, KINGS, QJ], stock="2c 3c 4c 5d 6d 8d", rules_=rules(draw__exchanges=2))
    t.do("B bet", "C call", "A call")
    t.do("B exchange 3h", "C stand pat", "A exchange 2s")  # the first exchange
    assert t.state.round == 2 and t.state.step == 2 and t.to_act == "B"  # round 2 starts with the opener
    t.do("B bet", "C call", "A call")
    assert t.state.phase == "exchange" and len(t.of(ev.ExchangeStarted)) == 2  # the second exchange
    assert t.state.exchanged == [None, None, None]  # this exchange's counts start afresh
    t.do("B stand pat", "C exchange 4d", "A stand pat")
    assert t.state.exchanged == [0, 0, 1]
    assert t.state.round == 3 and t.state.step == 2 and t.to_act == "B"
    t.do("B check", "C bet", "A raise", "B fold", "C call")
    assert rounds(t) == [(1, 1), (2, 2), (3, 2)]
    assert t.of(ev.Raised)[-1].to == 4  # the big bet's step
    assert t.state.phase == "showdown"
    t.show_all()
    assert t.pots() == [(20, "AC", {"A": 20})]  # antes 3, then 3, 6 and 8 in the three rounds
    assert t.replayed() == t.state


def test_triple_draw_uses_the_small_bet_in_the_first_two_rounds_when_the_house_says_so():
    r = rules(draw__exchanges=3, betting__big_bet_from_round=3)
    t = Table([ACES, KINGS, QJ], stock="2c 3c 4c 5d 6d 8d 9d Tc", rules_=r)
    for _ in range(3):
        t.do("B bet", "C call", "A call", "B stand pat", "C stand pat", "A stand pat")
    assert rounds(t) == [(1, 1), (2, 1), (3, 2), (4, 2)]
    assert [e.amount for e in t.of(ev.BetPlaced)] == [1, 1, 2]
    t.do("B check", "C check", "A check")
    assert t.state.phase == "showdown"  # a checked last round goes to the showdown


def test_the_big_bet_from_the_first_round():
    t = Table([ACES, KINGS, QJ], rules_=rules(betting__big_bet_from_round=1))
    assert rounds(t) == [(1, 2)] and t.legal.option("bet").amount == 2


def test_a_later_round_starts_with_the_opener_or_the_next_player_still_in():
    t = Table([ACES, KINGS, QJ, "8h 6d 5s 3c 2h"], stock="2c 9c Jc 5d Tc 8d", rules_=rules(draw__exchanges=2))
    t.do("B check", "C bet", "D call", "A call", "B call")  # C opens
    t.do("B stand pat", "C stand pat", "D stand pat", "A stand pat")
    assert t.to_act == "C"
    t.do("C bet", "D fold", "A call", "B call")
    t.do("B stand pat", "C stand pat", "A stand pat")
    assert t.to_act == "C"  # the third round starts with the opener too
    t2 = Table([ACES, KINGS, QJ, "8h 6d 5s 3c 2h"], stock="2c 9c Jc 5d Tc 8d", rules_=rules(draw__exchanges=2))
    t2.do("B check", "C bet", "D call", "A call", "B call", "B stand pat", "C stand pat", "D stand pat", "A stand pat")
    t2.do("C check", "D bet", "A call", "B call", "C fold", "B stand pat", "D stand pat", "A stand pat")
    assert t2.to_act == "D"  # the opener folded: the next player still in, clockwise from the opener


def test_nobody_draws_after_the_last_round():
    t = Table([ACES, KINGS], stock="2c 3c 4c 5d", rules_=rules(draw__exchanges=2))
    t.do("B bet", "A call", "B stand pat", "A stand pat", "B bet", "A call", "B stand pat", "A stand pat")
    t.do("B bet", "A call")
    assert t.state.phase == "showdown" and len(t.of(ev.ExchangeStarted)) == 2


# ---------------------------------------------------------------- the stock rebuilt

SIX = ["As Ad Ac 7d 2s", "Kh Kd 9s 5c 3h", "Qs Js Ts 4s 4d", "8h 6d 5s 3c 2h", "9h 6h 4c 3d 2c", "Th Tc 8d 6c 2d"]


def test_triple_draw_with_six_players_rebuilds_the_stock_from_earlier_discards():
    r = rules(draw__exchanges=3, draw__max_cards=5, draw__stock_exhaustion="reshuffle_discards")
    t = Table(SIX, rules_=r)
    assert len(t.state.stock) == 22  # 52 - 6 x 5
    t.do("B bet", "C call", "D call", "E call", "F call", "A call")
    # the first exchange: B, C, D and E throw 5 each (20 cards), leaving 2 in the stock
    for who in "BCDE":
        t.do(f"{who} exchange " + " ".join(str(c) for c in t.state.hands[t.seat(who)]))
    assert len(t.state.stock) == 2
    earlier = list(t.state.discards)
    left = list(t.state.stock)
    own = t.state.hands[t.seat("F")][:4]
    new = t.do("F exchange " + " ".join(str(c) for c in own))  # F needs 4: 2 from the stock, 2 from the new one
    rebuilt = next(e for e in new if isinstance(e, ev.StockReshuffled)).stock
    assert list(rebuilt[:2]) == left  # the last cards of the stock are dealt first
    assert sorted(rebuilt[2:]) == sorted(earlier)  # then the earlier players' discards, shuffled
    assert not set(own) & set(rebuilt)  # never F's own discards
    assert t.state.hands[t.seat("F")][1:] == tuple(rebuilt[:4])
    assert t.state.discards == list(own) and len(t.state.stock) == 18
    t.do("A exchange " + " ".join(str(c) for c in t.state.hands[0]))  # A takes 5 of the 18
    assert len(t.state.stock) == 13
    # rounds 2 and 3 with their exchanges: everyone throws five each time
    for _ in range(2):
        t.do("B check", "C check", "D check", "E check", "F check", "A check")
        for who in "BCDEFA":
            t.do(f"{who} exchange " + " ".join(str(c) for c in t.state.hands[t.seat(who)]))
            cards = [c for h in t.state.hands for c in h] + t.state.stock + t.state.discards
            assert sorted(cards) == sorted(DECK)  # every card once, wherever it is
    assert len(t.of(ev.StockReshuffled)) >= 3
    t.do("B check", "C check", "D check", "E check", "F check", "A check")
    assert t.state.phase == "showdown"
    assert t.replayed() == t.state


def test_split_openers_stay_out_of_the_rebuilt_stock():
    r = rules(
        betting__opening="jacks_or_better",
        table__max_players=8,
        draw__max_cards=5,
        draw__exchanges=2,
        draw__stock_exhaustion="reshuffle_discards",
    )
    hands = ["8d 6d 5s 3c 2h", "Jh Js Th 9h 8h", "Kh Kd 9s 5c 3h", "Qs 2s Ts 4s 4d", "9d 6h 4c 3d 2c"]
    hands += ["Tc 8c 7d 6c 2d", "Ah Ac Ad 7h 5h", "Qh Qd 7s 5d 3s"]
    t = Table(hands, rules_=r)  # 8 players: 40 cards dealt, 12 in the stock
    t.do("B bet", "C call", "D call", "E call", "F call", "G call", "H call", "A call")
    t.do("B exchange Js Th 9h 8h")  # B splits: the jack of spades goes apart
    assert t.of(ev.OpenersSplit)[-1].cards == parse_cards("Js")
    for who in "CDEFGHA":
        t.do(f"{who} exchange " + " ".join(str(c) for c in t.state.hands[t.seat(who)][:3]))
    rebuilt = [c for e in t.of(ev.StockReshuffled) for c in e.stock]
    assert rebuilt and parse_cards("Th")[0] in rebuilt  # B's other discards are reused
    assert parse_cards("Js")[0] not in rebuilt and t.state.apart == list(parse_cards("Js"))
    t.do("B check", "C check", "D check", "E check", "F check", "G check", "H check", "A check")
    for who in "BCDEFGHA":  # the second exchange, everyone throwing five
        t.do(f"{who} exchange " + " ".join(str(c) for c in t.state.hands[t.seat(who)]))
    assert t.of(ev.OpenersSplit)[-1].cards == parse_cards("Jh")  # the other jack goes apart too
    rebuilt = [c for e in t.of(ev.StockReshuffled) for c in e.stock]
    assert not set(parse_cards("Jh Js")) & set(rebuilt)
    t.do("B check", "C check", "D check", "E check", "F check", "G check", "H check", "A check")
    t.show_all()
    assert t.of(ev.OpenersShown) == [ev.OpenersShown(1, parse_cards("Jh Js"), parse_cards("Jh Js"))]
    assert t.replayed() == t.state


# ---------------------------------------------------------------- rules check


def _problems(tmp_path, text):
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesError) as err:
        load_rules(path)
    return [p.replace(str(tmp_path) + "/", "") for p in err.value.problems]


def test_a_triple_draw_that_could_run_out_is_refused_with_the_arithmetic(tmp_path):
    assert _problems(tmp_path, "extends: morkpoker\ndraw:\n  exchanges: 3\n") == [
        "house.yaml:3: draw.exchanges: 6 players changing up to 3 cards in each of 3 exchanges could need "
        "6 x (5 + 3 x 3) = 84 cards, more than the 52 in the deck: set stock_exhaustion to 'reshuffle_discards' "
        "or seat fewer players"
    ]


def test_two_exchanges_fit_a_small_table(tmp_path):
    (tmp_path / "house.yaml").write_text(
        "extends: morkpoker\ntable:\n  max_players: 4\ndraw:\n  exchanges: 2\n", encoding="utf-8"
    )
    assert load_rules(tmp_path / "house.yaml").draw.exchanges == 2  # 4 x (5 + 2 x 3) = 44


def test_a_split_opener_keeping_cards_apart_counts_against_the_rebuilt_stock(tmp_path):
    text = (
        "extends: morkpoker\ntable:\n  max_players: 9\nbetting:\n  opening: jacks_or_better\n"
        "draw:\n  max_cards: 5\n  stock_exhaustion: reshuffle_discards\n"
    )
    assert _problems(tmp_path, text) == [
        "house.yaml:3: table.max_players: 9 players hold 45 cards and a split opener keeps up to 5 apart, "
        "which leaves 2 for a player who changes 5: 9 x 5 + 5 + 5 = 55 > 52"
    ]
    fine = text.replace("opening: jacks_or_better", "opening: any")
    (tmp_path / "fine.yaml").write_text(fine, encoding="utf-8")
    assert load_rules(tmp_path / "fine.yaml").table.max_players == 9


def test_the_big_bet_from_a_round_that_never_comes_is_refused(tmp_path):
    assert _problems(tmp_path, "extends: morkpoker\nbetting:\n  big_bet_from_round: 3\n") == [
        "house.yaml:3: betting.big_bet_from_round: big_bet_from_round (3) names a betting round that never "
        "comes: 1 exchange makes 2 betting rounds"
    ]
