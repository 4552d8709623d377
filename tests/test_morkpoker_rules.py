"""Every rule of docs/rules.md sections 2 and 3 with a stacked deck.

Players are A, B, C... in clockwise order; A has the button unless a test
says otherwise, so B acts first.
"""

from fractions import Fraction

import pytest

from drawpoker.cards import parse_cards
from drawpoker.games.draw import events as ev
from drawpoker.games.draw.decide import DrawGame
from tests.mork_table import Table, rules

# Hands used again and again (each a valid five cards, disjoint where used together).
ACES = "As Ad 7c 7d 2s"  # aces and sevens
KINGS = "Kh Kd 9s 5c 3h"  # a pair of kings
QJ = "Qs Js Ts 4s 4d"  # a pair of fours, four to a straight flush
NOTHING = "8h 6d 5s 3c 2h"  # eight high
JUNK = "9h 6h 4c 3d 2c"  # nine high
TENS = "Th Tc 8d 6c 2d"  # a pair of tens


# ---------------------------------------------------------------- ante and deal


def test_everyone_antes_and_the_ante_is_not_a_bet_of_round_one():
    t = Table([ACES, KINGS, QJ])
    assert [(e.seat, e.amount) for e in t.of(ev.AntePosted)] == [(1, 1), (2, 1), (0, 1)]
    assert t.stacks() == {"A": 39, "B": 39, "C": 39}
    legal = t.legal
    assert t.to_act == "B" and legal.to_call == 0
    assert legal.option("check") is not None and legal.option("call") is None
    assert legal.option("bet").amount == 1  # a full bet of 1, not 0: nobody is "in" for the ante


def test_short_ante_posts_everything_and_is_all_in():
    t = Table([ACES, KINGS, QJ], stacks=[40, 1, 40], rules_=rules(betting__ante=2))
    assert [e.amount for e in t.of(ev.AntePosted)] == [1, 2, 2]
    assert t.state.all_in(1)
    assert t.to_act == "C"  # B, all-in from the ante, is skipped


def test_cards_are_dealt_one_at_a_time_from_the_left_of_the_dealer():
    t = Table([ACES, KINGS, QJ], button=0)
    deck = t.deck
    # B (left of the button) gets the 1st, 4th, 7th... cards; C the 2nd...; A, the dealer, last.
    assert t.state.hands[1] == deck[0:15:3]
    assert t.state.hands[2] == deck[1:15:3]
    assert t.state.hands[0] == deck[2:15:3]
    assert t.state.hands[1] == parse_cards(KINGS)


# ---------------------------------------------------------------- betting actions


def test_call_and_raise_amounts_follow_the_source_example():
    # small bet 1: B bets 1, C raises to 2; D, with nothing in, must put in 2; B only 1 more.
    t = Table([ACES, KINGS, QJ, NOTHING])
    t.do("B bet", "C raise")
    assert t.to_act == "D" and t.legal.to_call == 2 and t.legal.option("call").amount == 2
    assert t.legal.option("raise") == ("raise", 3, 3, False)
    t.do("D call", "A fold")
    assert t.to_act == "B" and t.legal.option("call").amount == 1


def test_after_the_exchange_every_step_is_the_big_bet():
    t = Table([ACES, KINGS, QJ], stock="9h 9c 5s")
    t.do("B bet", "C call", "A call", "B stand pat", "C stand pat", "A stand pat")
    assert t.state.round == 2 and t.state.step == 2
    assert t.to_act == "B" and t.legal.option("bet").amount == 2
    t.do("B bet")
    assert t.legal.option("raise").to == 4


def test_check_only_when_nobody_has_bet_and_refusals_name_the_reason():
    t = Table([ACES, KINGS, QJ])
    assert t.refused("C check") == "it is B's turn, not C's"
    assert t.refused("B call") == "B cannot call: there is no bet to call; check, bet or fold"
    assert t.refused("B raise") == "B cannot raise: nobody has bet yet; check, bet or fold"
    t.do("B bet")
    assert t.refused("C check") == "C cannot check: there is a bet of 1 to call; call, raise or fold"
    assert t.refused("C bet") == "C cannot bet: there is already a bet; call, raise or fold"
    assert t.refused("C exchange 4d") == "C cannot exchange during a betting round"


def test_each_players_bets_this_round_are_kept_apart():
    t = Table([ACES, KINGS, QJ])
    t.do("B bet", "C raise")
    assert t.state.bets == [0, 1, 2] and t.state.committed == [1, 2, 3]


# ---------------------------------------------------------------- checked through


def test_everyone_checks_round_one_the_pot_carries_to_a_redeal():
    t = Table([ACES, KINGS, QJ])
    t.do("B check", "C check", "A check")
    assert t.of(ev.ExchangeStarted) == []
    assert t.of(ev.DealCheckedThrough) == [ev.DealCheckedThrough(3)]
    assert t.state.carried == 3 and t.state.phase == "between_deals"
    # next deal: button moves left, everyone antes again into the same pot
    from drawpoker.games.draw import commands as cmd
    from drawpoker.games.draw.stacking import stacked_deck

    deck = stacked_deck({0: parse_cards(NOTHING), 1: parse_cards(ACES), 2: parse_cards(KINGS)}, 1, 3)
    t.events += t.game.handle(t.state, cmd.StartDeal(deck))
    assert t.state.button == 1 and t.to_act == "C"
    assert t.state.pot_total() == 6
    t.do("C bet", "A fold", "B fold")
    assert t.pots() == [(6, "C", {"C": 6})]  # 3 carried + 3 antes; C's unmatched bet went back
    assert t.stacks() == {"A": 38, "B": 38, "C": 44}


def test_a_redeal_does_not_end_the_session_early():
    t = Table([ACES, KINGS], rules_=rules(session__deals=1))
    t.do("B check", "A check")
    assert t.state.phase == "between_deals" and t.state.carried == 2


# ---------------------------------------------------------------- folding


def test_all_but_one_fold_the_last_wins_at_once_without_showing():
    t = Table([ACES, KINGS, QJ])
    t.do("B bet", "C fold", "A fold")
    assert t.of(ev.HandShown) == [] and t.of(ev.ExchangeStarted) == []
    assert t.of(ev.BetReturned) == [ev.BetReturned(1, 1)]
    assert t.pots() == [(3, "B", {"B": 3})]
    assert t.stacks() == {"A": 39, "B": 42, "C": 39}
    assert not t.of(ev.PotAwarded)[0].shown


def test_folded_chips_stay_in_the_pot():
    t = Table([ACES, KINGS, QJ], stock="9h 9c 5s")
    t.do("B bet", "C raise", "A call", "B fold")
    t.do("C stand pat", "A stand pat", "C check", "A check")
    t.show_all()
    assert t.pots()[0][0] == 3 + 2 + 2 + 1  # antes, C and A's 2 each, and B's folded 1


# ---------------------------------------------------------------- exchange


def test_exchange_order_counts_and_replacements_from_the_stock():
    t = Table([ACES, KINGS, QJ, NOTHING], stock="9h 9c 5h 2d 8c Jc Jh")
    t.do("B bet", "C call", "D fold", "A call")
    assert t.state.order == [1, 2, 0]  # left of the button, clockwise; folded D skips
    assert t.refused("C exchange 4d") == "it is B's turn, not C's"
    t.do("B exchange 9s 5c 3h")
    assert t.state.hands[1] == parse_cards("Kh Kd 9h 9c 5h")
    t.do("C stand pat", "A exchange 2s")
    assert t.state.hands[0] == parse_cards("As Ad 7c 7d 2d")
    assert t.state.exchanged == [1, 3, 0, None]  # public counts; D folded
    assert t.state.round == 2


def test_all_in_players_exchange_too():
    t = Table([ACES, KINGS, QJ], stacks=[40, 2, 40], stock="9h 9c")
    t.do("B bet")  # B's last chip
    assert t.state.all_in(1)
    t.do("C call", "A call")
    assert t.to_act == "B"
    t.do("B exchange 9s 5c")
    assert t.state.exchanged[1] == 2


@pytest.mark.parametrize(
    "action, reason",
    [
        ("B exchange 9s 5c 3h Kd", "B may exchange at most 3 cards, not 4"),
        ("B exchange As", "B does not hold As"),
        ("B bet", "B cannot bet during the exchange; say which cards to exchange (none to stand pat)"),
    ],
)
def test_exchange_refusals(action, reason):
    t = Table([ACES, KINGS, QJ], stock="9h 9c 5h 2d")
    t.do("B bet", "C call", "A call")
    assert t.refused(action) == reason


def test_four_cards_only_with_a_kept_ace_when_the_house_allows_it():
    r = rules(draw__max_cards_with_ace=4, table__max_players=4)
    t = Table(["Ah Kd 9s 5c 3h", "Qh Qd 8s 6c 4h", QJ], stock="9h 9c 5h 2d 8c Jc Jh", rules_=r)
    t.do("B bet", "C call", "A call")
    assert (
        t.refused("B exchange Qh Qd 8s 6c")
        == "B may exchange 4 cards only when keeping an ace (the limit is 3 otherwise)"
    )
    assert t.refused("B exchange Qh Qd 8s 6c 4h") == "B may exchange at most 4 cards, not 5"
    t.do("B exchange Qh Qd 8s", "C stand pat")
    t.do("A exchange Kd 9s 5c 3h")  # A keeps the ace of hearts
    assert t.of(ev.CardsExchanged)[-1].ace_shown == parse_cards("Ah")[0]
    assert t.state.exchanged == [4, 3, 0]


def test_exchanging_four_shows_the_kept_ace():
    r = rules(draw__max_cards_with_ace=4, table__max_players=4)
    t = Table(["Kh Kd 9s 5c 3h", "Ah 8d 6s 4c 2h", QJ], stock="9h 9c 5h 2d 8c", rules_=r)
    t.do("B bet", "C call", "A call")
    t.do("B exchange 8d 6s 4c 2h")
    (exchange,) = t.of(ev.CardsExchanged)
    assert exchange.ace_shown == parse_cards("Ah")[0] and len(exchange.drawn) == 4


def test_stock_exhaustion_reshuffles_earlier_discards_not_the_current_players():
    r = rules(table__max_players=9, draw__stock_exhaustion="reshuffle_discards")
    hands = [
        "2c 3c 4c 5c 7c",
        "2d 3d 4d 5d 7d",
        "2h 3h 4h 5h 7h",
        "2s 3s 4s 5s 7s",
        "8c 9c Tc Jc Kc",
        "8d 9d Td Jd Kd",
        "8h 9h Th Jh Kh",
        "8s 9s Ts Js Ks",
        "6c 6d 6h 6s Ac",
    ]
    stock = "Ad Ah As Qc Qd Qh Qs"  # 45 dealt, 7 left
    t = Table(hands, rules_=r, stock=stock)
    t.do("B bet", *[f"{n} call" for n in "CDEFGHI"], "A call")
    t.do("B exchange 2d 3d 4d")  # 3 from the stock, 4 left
    t.do("C exchange 2h 3h 4h")  # 3 more, 1 left
    t.do("D exchange 2s 3s 4s")  # needs 3, stock has 1: reshuffle B's and C's discards
    (reshuffle,) = t.of(ev.StockReshuffled)
    assert len(reshuffle.stock) == 1 + 6
    assert set(reshuffle.stock[1:]) == set(parse_cards("2d 3d 4d 2h 3h 4h"))
    assert not set(parse_cards("2s 3s 4s")) & set(reshuffle.stock)
    everything = [c for h in t.state.hands for c in h] + t.state.stock + t.state.discards
    assert len(everything) == len(set(everything)) == 52


# ---------------------------------------------------------------- round two


def test_round_two_starts_with_round_ones_opener():
    t = Table([ACES, KINGS, QJ, NOTHING])
    t.do("B check", "C bet", "D call", "A call", "B call")
    t.do("B stand pat", "C stand pat", "D stand pat", "A stand pat")
    assert t.to_act == "C"


@pytest.mark.parametrize("starter, first", [("next_active", "D"), ("left_of_button", "B")])
def test_round_two_when_the_opener_has_folded(starter, first):
    t = Table([ACES, KINGS, QJ, NOTHING], rules_=rules(betting__round_two_starter=starter))
    t.do("B check", "C bet", "D call", "A raise", "B call", "C fold", "D call")
    t.do("B stand pat", "D stand pat", "A stand pat")
    assert t.to_act == first


def test_no_more_betting_once_at_most_one_player_has_chips():
    t = Table([ACES, KINGS, QJ], stacks=[40, 2, 3], stock="9h 9c 5h")
    t.do("B bet", "C raise")  # B all-in with 1, C raises to 2 leaving 0
    assert t.state.all_in(2)
    legal = t.legal  # A, the only one with chips, must call or fold
    assert t.to_act == "A" and {o.action for o in legal.options} == {"fold", "call"}
    t.do("A call")
    t.do("B stand pat", "C stand pat", "A stand pat")
    assert t.of(ev.RoundStarted)[-1] == ev.RoundStarted(2, 2, None)
    assert t.state.phase == "showdown"  # no round-2 betting: straight to the showdown


def test_nobody_can_raise_when_everyone_else_is_all_in():
    t = Table([ACES, KINGS], stacks=[40, 2])
    t.do("B bet")  # all-in with his last chip
    assert t.refused("A raise") == "A cannot raise: nobody else has chips left to bet against; call or fold"


# ---------------------------------------------------------------- raise cap


def _raise_war(t, players, raises):
    for k in range(raises):
        t.do(f"{players[k % len(players)]} raise")


def test_at_most_four_raises_after_the_first_bet():
    t = Table([ACES, KINGS, QJ])
    t.do("B bet")
    _raise_war(t, "CAB", 4)
    assert t.legal.raises_left == 0
    assert (
        t.refused("A raise")
        == "A cannot raise: the betting is capped: 4 raises have been made this round; call or fold"
    )
    assert t.legal.option("call") is not None


def test_cap_lifted_heads_up():
    t = Table([ACES, KINGS])  # two players: heads-up from the start
    t.do("B bet")
    _raise_war(t, "AB", 7)
    assert t.legal.raises_left is None and t.legal.option("raise") is not None


def test_cap_kept_heads_up_by_house_rule():
    t = Table([ACES, KINGS], rules_=rules(betting__cap_lifted_heads_up=False))
    t.do("B bet")
    _raise_war(t, "AB", 4)
    assert "capped" in t.refused("A raise")


def test_heads_up_before_the_cap_lifts_it():
    t = Table([ACES, KINGS, QJ])
    t.do("B bet", "C raise", "A fold")  # heads-up after one raise
    _raise_war(t, "BC", 6)
    assert t.legal.option("raise") is not None


def test_a_capped_round_is_not_uncapped_by_a_later_fold():
    t = Table([ACES, KINGS, QJ, NOTHING])
    t.do("B bet")
    _raise_war(t, "CDA", 3)
    t.do("B raise")  # the fourth raise caps the round, four players in
    t.do("C fold", "D fold")  # now heads-up: A and B
    assert "capped" in t.refused("A raise")


# ---------------------------------------------------------------- incomplete all-in


def big_steps(**more):
    return rules(betting__small_bet=5, betting__big_bet=10, betting__ante=0, **more)


def test_a_small_all_in_raise_does_not_reopen_and_others_may_complete():
    # Pagat/Robert's: bets of 5; A checks, B bets 5, C calls, D all-in for 6;
    # E may fold, call 6, or complete to 10. (Here seats B..F play A..E's parts.)
    t = Table([ACES, KINGS, QJ, NOTHING, JUNK, TENS], stacks=[40, 40, 40, 40, 6, 40], button=5, rules_=big_steps())
    t.do("A check", "B bet", "C call", "D fold", "E raise")
    (short,) = [e for e in t.of(ev.Raised)]
    assert short == ev.Raised(4, 6, 6, False)
    legal = t.legal
    assert t.to_act == "F" and legal.option("call").amount == 6 and legal.option("raise").to == 10
    t.do("F call")
    assert t.to_act == "A"  # A checked before the bet: it may still raise
    assert t.legal.option("raise").to == 10
    t.do("A call")
    assert t.to_act == "B" and t.refused("B raise") == (
        "B cannot raise: the last all-in raise was too small to reopen the betting; call or fold"
    )
    assert t.state.raises == 0  # it did not count toward the cap


def test_a_half_step_all_in_reopens_and_counts_toward_the_cap():
    t = Table([ACES, KINGS, QJ, NOTHING], stacks=[40, 40, 40, 8], rules_=big_steps())
    t.do("B bet", "C call", "D raise")  # D all-in to 8: 3 over 5 is at least half a step
    assert t.of(ev.Raised)[-1] == ev.Raised(3, 8, 8, True)
    assert t.state.raises == 1
    t.do("A call", "B raise")  # B may re-raise: to 8 + 5
    assert t.of(ev.Raised)[-1].to == 13


def test_a_15_all_in_bet_in_a_20_game_is_raised_to_35():
    r = rules(betting__small_bet=20, betting__big_bet=40, betting__ante=0)
    t = Table([ACES, KINGS, QJ], stacks=[100, 15, 100], rules_=r)
    t.do("B bet")  # all-in 15: at least half of 20, a full bet
    assert t.of(ev.BetPlaced) == [ev.BetPlaced(1, 15, True)]
    assert t.legal.option("raise").to == 35


def test_an_all_in_bet_below_half_a_step_may_be_completed():
    r = rules(betting__small_bet=20, betting__big_bet=40, betting__ante=0)
    t = Table([ACES, KINGS, QJ], stacks=[100, 5, 100], rules_=r)
    t.do("B bet")  # all-in 5 of a 20 bet: not a full bet
    assert t.of(ev.BetPlaced) == [ev.BetPlaced(1, 5, False)]
    legal = t.legal
    assert legal.option("call").amount == 5 and legal.option("bet").to == 20
    t.do("C bet")  # completing is the first full bet
    assert t.legal.option("raise").to == 40


def test_the_reopen_share_is_a_house_setting():
    t = Table(
        [ACES, KINGS, QJ, NOTHING],
        stacks=[40, 40, 40, 8],
        rules_=big_steps(betting__incomplete_raise_reopens=Fraction(3, 4)),
    )
    t.do("B bet", "C call", "D raise")  # 3 of 5 is less than three quarters
    assert t.of(ev.Raised)[-1].full is False


def test_all_in_does_not_exceed_the_fixed_limit():
    t = Table([ACES, KINGS, QJ])
    t.do("B bet", "C raise")
    assert t.of(ev.Raised)[-1] == ev.Raised(2, 2, 2, True)  # a raise is one step, whatever the stack


# ---------------------------------------------------------------- showdown


def _to_showdown(t, *extra):
    t.do("B bet", "C call", "A call", "B stand pat", "C stand pat", "A stand pat", *extra)


def test_showdown_last_aggressor_of_round_two_shows_first():
    t = Table([ACES, KINGS, QJ])
    _to_showdown(t, "B check", "C bet", "A call", "B call")
    assert t.of(ev.ShowdownStarted) == [ev.ShowdownStarted((2, 0, 1))]


def test_showdown_when_round_two_is_checked_the_opener_shows_first():
    t = Table([ACES, KINGS, QJ])
    t.do("B check", "C bet", "A call", "B call", "B stand pat", "C stand pat", "A stand pat")
    t.do("C check", "A check", "B check")
    assert t.of(ev.ShowdownStarted) == [ev.ShowdownStarted((2, 0, 1))]


def test_side_pot_contenders_show_before_a_player_all_in_only_for_the_main_pot():
    t = Table([ACES, KINGS, QJ], stacks=[40, 2, 40], stock="")
    t.do("B bet", "C raise", "A call")  # B all-in for 2 (ante + 1)
    t.do("B stand pat", "C stand pat", "A stand pat", "C bet", "A call")
    assert t.of(ev.ShowdownStarted) == [ev.ShowdownStarted((2, 0, 1))]


def test_cards_speak_and_the_best_hand_wins():
    t = Table([ACES, KINGS, QJ])
    _to_showdown(t, "B check", "C check", "A check")
    t.show_all()
    assert t.pots() == [(6, "ABC", {"A": 6})]
    assert {e.seat for e in t.of(ev.HandShown)} == {0, 1, 2}


def test_show_or_muck_in_order_and_the_last_hand_wins_unseen():
    t = Table([ACES, KINGS, QJ])
    t.do("B bet", "C call", "A call", "B stand pat", "C stand pat", "A stand pat", "B check", "C check", "A check")
    assert t.state.phase == "showdown" and t.to_act == "B"
    t.do("B show", "C muck")
    assert t.to_act == "A"
    t.do("A muck")  # A, the best hand, gives up
    assert t.pots() == [(6, "ABC", {"B": 6})]
    assert t.state.mucked == [True, False, True]


def test_muck_refused_to_the_last_hand_in_a_pot():
    t = Table([ACES, KINGS, QJ])
    t.do("B bet", "C call", "A call", "B stand pat", "C stand pat", "A stand pat", "B check", "C check", "A check")
    t.do("B muck")
    t.do("C muck")
    assert t.state.phase == "between_deals"  # A, the last hand, won unseen
    assert t.pots() == [(6, "ABC", {"A": 6})] and not t.of(ev.PotAwarded)[0].shown


# ---------------------------------------------------------------- side pots


def test_several_side_pots_and_unmatched_chips_returned():
    # B has 2, C has 4, A and D have 40. Everybody goes in as far as they can.
    t = Table([NOTHING, ACES, KINGS, QJ], stacks=[40, 2, 4, 40], stock="")
    t.do("B bet", "C raise", "D raise", "A raise")
    # B: ante 1 + bet 1, all in at 2. C: ante 1 + raise to 2, 1 chip left. D: to 3. A: to 4.
    t.do("C call")  # C calls with his last chip: all-in at 4 in all
    t.do("D call")
    assert t.state.all_in(1) and t.state.all_in(2)
    t.do("B stand pat", "C stand pat", "D stand pat", "A stand pat")
    t.do("D bet", "A raise", "D call")
    t.show_all()
    pots = t.pots()
    assert pots == [
        (8, "ABCD", {"B": 8}),  # main pot: 2 from each; B's aces and sevens win
        (6, "ACD", {"C": 6}),  # side pot 1: 2 more from A, C, D; C's kings
        (10, "AD", {"D": 10}),  # side pot 2: A and D's 5 more each; D's fours beat eight high
    ]
    assert sum(p[0] for p in pots) == 9 + 2 + 4 + 9  # every chip put in, nothing else


def test_unmatched_part_of_a_bet_is_returned():
    t = Table([ACES, KINGS], stacks=[40, 2])
    t.do("B check", "A bet", "B call")  # B all-in for 1
    assert t.state.committed == [2, 2]
    t = Table([ACES, KINGS], stacks=[40, 3], stock="")
    t.do("B bet", "A raise", "B call")  # B had 2 after the ante: calls all-in; A's raise is 2, matched
    assert t.state.committed == [3, 3]


def test_a_short_stack_wins_only_what_it_matched():
    t = Table([KINGS, ACES, QJ], stacks=[40, 2, 40], stock="")
    t.do("B bet", "C raise", "A call")
    t.do("B stand pat", "C stand pat", "A stand pat", "C bet", "A call")
    t.show_all()
    main, side = t.pots()
    assert main == (6, "ABC", {"B": 6}) and side == (6, "AC", {"A": 6})


# ---------------------------------------------------------------- split pots, odd chips


S1 = "6h 7h 8d 9d Tc"  # three ten-high straights, equal in rank
S2 = "6s 7s 8c 9c Th"
S3 = "6c 7c 8s 9s Td"


def test_equal_hands_split_and_the_odd_chip_goes_first_clockwise_from_the_button():
    # Button B: C and A tie; B folds after the ante. Pot 3 antes + 1 + 1 = 5 -> C 3, A 2.
    t = Table([S1, KINGS, S2], button=1, stock="")
    t.do("C bet", "A call", "B fold", "C stand pat", "A stand pat", "C check", "A check")
    t.show_all()
    (pot,) = t.of(ev.PotAwarded)
    assert pot.amount == 5 and pot.shares == ((2, 3), (0, 2)) and pot.odd == (2,)


def test_odd_chip_to_the_first_tied_winner_left_of_the_button():
    # Button D: A is first left of it. Pot 4 antes + 3 = 7 -> A 4, C 3.
    t = Table([S1, KINGS, S2, NOTHING], button=3, stock="")
    t.do("A bet", "B call", "C call", "D fold")
    t.do("A stand pat", "B stand pat", "C stand pat", "A check", "B fold", "C check")
    t.show_all()
    (pot,) = t.of(ev.PotAwarded)
    assert pot.amount == 7 and pot.shares == ((0, 4), (2, 3)) and pot.odd == (0,)
    # Button B: now C is first left of it.
    t = Table([S1, KINGS, S2, NOTHING], button=1, stock="")
    t.do("C bet", "D call", "A call", "B fold")
    t.do("C stand pat", "D stand pat", "A stand pat", "C check", "D fold", "A check")
    t.show_all()
    (pot,) = t.of(ev.PotAwarded)
    assert pot.shares == ((2, 4), (0, 3)) and pot.odd == (2,)


def test_odd_chip_by_high_suit_house_rule():
    # As above (button B), but A holds the ten of hearts and C the ten of clubs.
    for odd_chip, expected in (("left_of_button", (2,)), ("high_suit", (0,))):
        t = Table([S2, KINGS, S1, NOTHING], button=1, stock="", rules_=rules(showdown__odd_chip=odd_chip))
        t.do("C bet", "D call", "A call", "B fold")
        t.do("C stand pat", "D stand pat", "A stand pat", "C check", "D fold", "A check")
        t.show_all()
        assert t.of(ev.PotAwarded)[0].odd == expected, odd_chip


def test_each_pot_is_split_on_its_own_one_odd_chip_per_pot():
    # A (button), B short, C and D. A, B, C hold equal straights; D folds in round 2.
    t = Table([S1, S2, S3, NOTHING], stacks=[40, 2, 40, 40], stock="")
    t.do("B bet", "C raise", "D call", "A call")  # B all-in at 2; C, D, A in for 3
    t.do("B stand pat", "C stand pat", "D stand pat", "A stand pat")
    t.do("C bet", "D fold", "A call")  # B's opener is all-in: C starts round 2
    t.show_all()
    main, side = t.of(ev.PotAwarded)
    assert (main.amount, main.eligible) == (8, (0, 1, 2))
    assert main.shares == ((1, 3), (2, 3), (0, 2)) and main.odd == (1, 2)
    assert (side.amount, side.eligible) == (7, (0, 2))  # D's folded chip stays in
    assert side.shares == ((2, 4), (0, 3)) and side.odd == (2,)


# ---------------------------------------------------------------- heads-up


def test_heads_up_the_non_dealer_acts_and_exchanges_first():
    t = Table([ACES, KINGS], button=0, stock="9h")
    assert [e.seat for e in t.of(ev.AntePosted)] == [1, 0]
    assert t.to_act == "B"
    t.do("B check", "A bet", "B call")
    assert t.to_act == "B"  # exchanges first
    t.do("B stand pat", "A stand pat")
    assert t.to_act == "A"  # round 2 starts with round 1's opener, the dealer


# ---------------------------------------------------------------- openers


def test_jacks_or_better_to_open():
    r = rules(betting__opening="jacks_or_better")
    t = Table([ACES, TENS, QJ], rules_=r)
    assert t.refused("B bet") == "B cannot open: jacks or better are needed, B has a pair of tens"
    t.do("B check")
    assert t.refused("C bet") == "C cannot open: jacks or better are needed, C has a pair of fours"
    t.do("C check", "A bet", "B call", "C call")  # once open, anyone may call or raise
    assert t.state.phase == "exchange"


# ---------------------------------------------------------------- legal actions


def test_legal_actions_give_amounts_to_call_bet_size_and_raises_left():
    t = Table([ACES, KINGS, QJ])
    legal = t.legal
    assert legal.seat == 1 and legal.step == 1 and legal.raises_left == 4
    assert [o.action for o in legal.options] == ["fold", "check", "bet"]
    t.do("B bet", "C raise")
    legal = t.legal
    assert legal.to_call == 2 and legal.raises_left == 3
    assert legal.option("raise") == ("raise", 3, 3, False)


def test_illegal_after_the_deal_is_over():
    t = Table([ACES, KINGS])
    t.do("B fold")
    assert t.refused("A bet") == "nobody is to act between deals; the deal is over"


def test_replaying_the_events_gives_the_same_state():
    t = Table([ACES, KINGS, QJ], stacks=[40, 2, 40], stock="9h 9c 5h")
    t.do("B bet", "C raise", "A call", "B exchange 9s", "C exchange 4d 4s", "A stand pat", "C bet", "A call")
    assert t.replayed() == t.state


# ---------------------------------------------------------------- review findings


def test_a_fold_that_leaves_one_player_with_chips_is_not_a_redeal():
    # A is all-in from the ante; B folds; C alone has chips: no more betting, go on.
    t = Table([ACES, KINGS, QJ], stacks=[1, 40, 40], button=2, stock="")
    t.do("B fold")
    assert t.of(ev.DealCheckedThrough) == [] and t.state.phase == "exchange"
    t.do("A stand pat", "C stand pat")
    t.show_all()
    assert t.pots() == [(3, "AC", {"A": 3})]  # B's folded ante stays in


def test_checks_around_an_all_in_player_go_on_to_the_showdown():
    t = Table([ACES, KINGS, QJ], stacks=[1, 40, 40], button=2, stock="")
    t.do("B check", "C check")
    assert t.of(ev.DealCheckedThrough) == [] and t.state.phase == "exchange"


def test_short_all_in_raises_add_up_for_those_who_face_them_all():
    # steps of 10: B bets 10, C all-in to 14 (short), D calls 14, E all-in to 17 (short).
    r = rules(betting__small_bet=10, betting__big_bet=20, betting__ante=0)
    t = Table([ACES, KINGS, QJ, NOTHING, JUNK], stacks=[100, 100, 14, 100, 17], rules_=r)
    t.do("B bet", "C raise", "D call", "E raise")
    assert t.of(ev.Raised)[-1] == ev.Raised(4, 17, 17, False)  # 3 over 14: not a full raise
    assert t.state.raises == 0
    assert t.legal.option("raise").to == 20  # A has not acted: may complete
    t.do("A call")
    assert t.legal.option("raise").to == 20  # B faces 7 more since its bet: reopened
    t.do("B call")
    assert t.refused("D raise").endswith("the last all-in raise was too small to reopen the betting; call or fold")


def test_players_who_acted_may_not_complete_a_short_first_bet():
    r = rules(betting__small_bet=20, betting__big_bet=40, betting__ante=0)
    t = Table([ACES, KINGS, QJ, NOTHING], stacks=[100, 5, 100, 8], rules_=r)
    t.do("B bet", "C call", "D bet")  # 5 (short), C calls, D all-in to 8 (short again)
    assert t.of(ev.BetPlaced) == [ev.BetPlaced(1, 5, False), ev.BetPlaced(3, 8, False)]
    assert t.legal.option("bet").to == 20  # A has not acted: may complete to a full bet
    t.do("A call")
    assert t.to_act == "C" and {o.action for o in t.legal.options} == {"fold", "call"}


def test_refusals_facing_a_short_bet_say_how_to_complete_it():
    r = rules(betting__small_bet=20, betting__big_bet=40, betting__ante=0)
    t = Table([ACES, KINGS, QJ], stacks=[100, 5, 100], rules_=r)
    t.do("B bet")
    assert (
        t.refused("C raise") == "C cannot raise: the bet is short of a full bet: complete it with bet, or call or fold"
    )
    assert (
        t.refused("C check")
        == "C cannot check: there is a bet of 5 to call; call, complete the short bet (bet) or fold"
    )


def test_the_only_contender_of_a_side_pot_may_still_muck_the_main_pot():
    t = Table([ACES, KINGS, QJ], stacks=[2, 40, 40], stock="")
    t.do("B bet", "C raise", "A call", "B call", "B stand pat", "C stand pat", "A stand pat", "B bet", "C fold")
    t.do("B muck")  # B concedes the main pot to A's aces...
    main, side = t.pots()
    assert main == (6, "AB", {"A": 6}) and side == (2, "B", {"B": 2})  # ...but the side pot is B's alone


def test_the_menu_follows_events_applied_one_by_one():
    from drawpoker.games.draw.state import DrawState

    t = Table([ACES, KINGS, QJ])
    t.do("B check", "C bet", "A call")
    s = DrawState()
    for e in t.events:
        t.game.apply(s, e)
        if s.phase == "betting" and s.to_act is not None:
            fresh = s.copy()
            assert t.game.legal_actions(s) == DrawGame(t.rules).legal_actions(fresh)
    assert [o.action for o in t.game.legal_actions(s).options] == ["fold", "call", "raise"]


def test_a_bad_reshuffle_seed_is_refused_without_a_change():
    from drawpoker.cards import DECK
    from drawpoker.errors import IllegalAction
    from drawpoker.games.draw import commands as cmd

    t = Table([ACES, KINGS], stacks=[40, 1], rules_=rules(session__when_broke="rebuy"), stock="")
    t.do("B stand pat", "A stand pat")  # B is all-in from the ante: no betting
    t.show_all()
    assert t.state.stacks[1] == 0  # a rebuy is due before the next deal
    before = t.state.copy()
    with pytest.raises(IllegalAction, match="the reshuffle seed must be a whole number"):
        t.game.handle(t.state, cmd.StartDeal(DECK, None))
    assert t.state == before
