"""Openers (docs/rules.md 4.1) with stacked decks: jacks or better, passed-out
deals, the progressive ladder, the proof and split openers.

Players are A, B, C in clockwise order; A has the first button, so B acts
first.
"""

import pytest

from drawpoker.cards import parse_cards
from drawpoker.games.draw import events as ev
from drawpoker.games.draw.openers import ACES, JACKS, KINGS, QUEENS, holding, proof, qualifies, requirement
from drawpoker.games.draw.reducer import apply
from drawpoker.games.draw.state import DrawState
from drawpoker.rules import load_rules
from drawpoker.session.simulate import simulate
from tests.mork_table import Table, rules

JACKS_RULES = rules(betting__opening="jacks_or_better")
LADDER = rules(betting__opening="progressive")

NINES = "9c 9s 5c 4d 2h"  # a pair of nines: no openers
KING_HIGH = "Kh Qd 8s 6c 3h"
TENS = "Tc Td 7h 4s 2c"
JJ = "Jh Jd 8c 6s 3d"  # jacks: openers
QQ = "Qh Qs 7d 5s 3c"
KK = "Kc Ks 9d 6h 4c"
AA = "Ah Ac Td 7s 2d"


def cards(text):
    return parse_cards(text)


# ---------------------------------------------------------------- the hand that opens


@pytest.mark.parametrize(
    "hand, need, opens, shown",
    [
        ("Jh Js 9c 4d 2s", JACKS, True, "Jh Js"),
        ("Th Ts 9c 4d 2s", JACKS, False, ""),
        ("Jh Js 9c 4d 2s", QUEENS, False, ""),
        ("Ah As 9c 4d 2s", ACES, True, "Ah As"),
        ("3h 3s 2c 2d 9s", ACES, True, "3h 3s 2c 2d"),  # two pair beats any pair: both pairs prove it
        ("Kh Ks 2c 2d 9s", QUEENS, True, "Kh Ks"),  # the pair that reaches the requirement is enough
        ("5h 5s 5c 2d 9s", KINGS, True, "5h 5s 5c"),
        ("9h 8s 7c 6d 5s", ACES, True, "9h 8s 7c 6d 5s"),  # a straight shows all five
        ("Ah Kh 9h 4h 2h", JACKS, True, "Ah Kh 9h 4h 2h"),
        ("Ah Kd 9h 4h 2h", JACKS, False, ""),
    ],
)
def test_which_hands_open_and_the_cards_that_prove_them(hand, need, opens, shown):
    assert qualifies(cards(hand), need) is opens
    assert proof(cards(hand), need) == cards(shown)


def test_a_hand_without_openers_in_words():
    assert holding(cards(NINES)) == "a pair of nines"
    assert holding(cards(KING_HIGH)) == "king-high"


# ---------------------------------------------------------------- refusal and passed-out deals


def test_an_opening_without_openers_is_refused_in_the_games_words():
    t = Table([NINES, KING_HIGH, TENS], rules_=JACKS_RULES)
    assert t.refused("B bet") == "B cannot open: jacks or better are needed, B has king-high"
    assert [o.action for o in t.legal.options] == ["fold", "check"]
    t.do("B check")
    assert t.refused("C bet") == "C cannot open: jacks or better are needed, C has a pair of tens"


def test_nobody_opens_the_deal_is_passed_out_and_the_pot_carries_with_a_fresh_ante():
    t = Table([NINES, KING_HIGH, TENS], rules_=JACKS_RULES)
    new = t.do("B check", "C check", "A check")
    assert [type(e) for e in new][-3:] == [ev.RoundEnded, ev.DealCheckedThrough, ev.DealEnded]
    assert not t.of(ev.ExchangeStarted) and not t.of(ev.OpenersShown)
    assert t.of(ev.DealCheckedThrough)[0].pot == 3
    assert t.state.carried == 3 and t.stacks() == {"A": 39, "B": 39, "C": 39}
    t.deal([JJ, NINES, KING_HIGH], button=1)  # the button moves to B
    assert t.state.pot_total() == 6 and t.stacks() == {"A": 38, "B": 38, "C": 38}
    assert t.to_act == "C"
    t.do("C check", "A bet", "B fold", "C fold")
    assert t.pots() == [(6, "A", {"A": 6})]  # the carried 3 and this deal's antes; A's bet 1 returned
    assert t.stacks() == {"A": 44, "B": 38, "C": 38}


def test_the_same_dealer_deals_again_when_the_house_says_so():
    t = Table(
        [NINES, KING_HIGH, TENS], rules_=rules(betting__opening="jacks_or_better", betting__passed_out_button="stays")
    )
    t.do("B check", "C check", "A check")
    assert t.of(ev.DealEnded)[-1].same_dealer is True
    t.deal([JJ, NINES, KING_HIGH], button=0)  # A deals again
    t.do("B check", "C check", "A bet", "B fold", "C fold")
    assert t.of(ev.DealEnded)[-1].same_dealer is False
    t.deal([JJ, NINES, KING_HIGH], button=1)  # an opened deal: the button moves on


def test_the_button_stays_also_for_morkpokers_all_checked_deal():
    t = Table(["As Ad 7c 7d 2s", KING_HIGH, TENS], rules_=rules(betting__passed_out_button="stays"))
    t.do("B check", "C check", "A check")
    t.deal([JJ, NINES, KING_HIGH], button=0)


def test_the_progressive_ladder_rises_after_each_passed_out_deal_and_falls_back_once_opened():
    t = Table([NINES, KING_HIGH, JJ], rules_=LADDER)
    assert t.state.to_open == JACKS
    t.do("B check", "C bet", "A fold", "B fold")  # deal 1: C opens with jacks
    t.deal([NINES, KING_HIGH, TENS], button=1)  # deal 2: still jacks (deal 1 was opened)
    assert t.state.to_open == JACKS
    t.do("C check", "A check", "B check")  # passed out
    t.deal([JJ, NINES, KING_HIGH], button=2)  # deal 3: queens
    assert t.state.to_open == QUEENS
    assert t.refused("A bet") == "A cannot open: queens or better are needed, A has a pair of jacks"
    t.do("A check", "B check", "C check")
    t.deal([QQ, NINES, KING_HIGH], button=0)  # deal 4: kings; a pair of queens does not open
    assert t.refused("B bet") == "B cannot open: kings or better are needed, B has a pair of nines"
    t.do("B check", "C check")
    assert t.refused("A bet") == "A cannot open: kings or better are needed, A has a pair of queens"
    t.do("A check")
    t.deal([NINES, KING_HIGH, KK], button=1)  # deal 5: aces; kings do not open
    assert t.state.to_open == ACES
    assert t.refused("C bet") == "C cannot open: aces or better are needed, C has a pair of kings"
    t.do("C check", "A check", "B check")
    t.deal([NINES, KING_HIGH, AA], button=2)  # deal 6: aces stay aces
    t.do("A check", "B check", "C bet", "A fold", "B fold")  # opened with aces
    t.deal([JJ, NINES, KING_HIGH], button=0)  # deal 7: back to jacks
    assert [e.to_open for e in t.of(ev.DealStarted)] == [JACKS, JACKS, QUEENS, KINGS, ACES, ACES, JACKS]
    assert [e.to_open for e in t.of(ev.DealEnded)] == [JACKS, QUEENS, KINGS, ACES, ACES, JACKS]
    assert t.pots()[-1] == (15, "C", {"C": 15})  # four passed-out deals' antes and this deal's
    assert t.replayed() == t.state


def test_jacks_or_better_records_no_ladder():
    t = Table([NINES, KING_HIGH, TENS], rules_=JACKS_RULES)
    t.do("B check", "C check", "A check")
    assert t.of(ev.DealStarted)[0].to_open == 0 and t.of(ev.DealEnded)[0].to_open == 0
    t.deal([NINES, KING_HIGH, TENS], button=1)
    assert t.refused("C bet") == "C cannot open: jacks or better are needed, C has a pair of tens"


# ---------------------------------------------------------------- the proof


def test_the_opener_shows_the_openers_when_everyone_else_folds():
    t = Table([NINES, JJ, KING_HIGH], rules_=JACKS_RULES)
    new = t.do("B bet", "C fold", "A fold")
    names = [type(e).__name__ for e in new]
    assert names.index("OpenersShown") < names.index("PotAwarded") < names.index("DealEnded")
    assert t.of(ev.OpenersShown) == [ev.OpenersShown(1, cards("Jh Jd"), ())]
    assert t.of(ev.PotAwarded)[0].shown is False  # the pot is won unseen; only the openers are shown
    assert t.state.proof == cards("Jh Jd")


def test_the_opener_proves_the_openers_even_after_folding():
    t = Table([NINES, JJ, KK], rules_=JACKS_RULES, stock="2s 3s 4s 5s 7s 8s")
    t.do("B bet", "C raise", "A fold", "B call")
    t.do("B stand pat", "C stand pat", "B check", "C bet", "B fold")
    assert t.of(ev.OpenersShown) == [ev.OpenersShown(1, cards("Jh Jd"), ())]
    assert t.pots() == [(7, "C", {"C": 7})]


def test_no_proof_without_openers_rules():
    t = Table([NINES, JJ, KING_HIGH])
    t.do("B bet", "C fold", "A fold")
    assert not t.of(ev.OpenersShown)


SPLIT_HAND = "Jh Js Th 9h 8h"  # jacks, and four to a straight flush


def test_split_openers_are_kept_apart_and_shown_with_the_proof():
    t = Table([NINES, SPLIT_HAND, KK], rules_=JACKS_RULES, stock="7h 2s 3s")
    t.do("B bet", "C call", "A fold")
    new = t.do("B exchange Js")  # B throws a jack to draw to the straight flush
    assert [type(e) for e in new] == [ev.CardsExchanged, ev.OpenersSplit]
    assert new[1] == ev.OpenersSplit(1, cards("Js"))
    assert t.state.apart == list(cards("Js")) and cards("Js")[0] not in t.state.discards
    assert t.state.hands[1] == cards("Jh Th 9h 8h 7h")
    t.do("C exchange 9d 6h 4c", "B bet", "C call")
    t.show_all()
    assert t.of(ev.OpenersShown) == [ev.OpenersShown(1, cards("Jh Js"), cards("Js"))]
    assert t.pots() == [(9, "BC", {"B": 9})]
    assert t.replayed() == t.state


def test_throwing_cards_that_are_not_the_openers_is_no_split():
    t = Table([NINES, SPLIT_HAND, KK], rules_=JACKS_RULES, stock="7h 2s 3s")
    t.do("B bet", "C call", "A fold", "B exchange 8h 9h")
    assert not t.of(ev.OpenersSplit) and t.state.apart == []


def test_a_house_that_forbids_splitting_refuses_it_and_nothing_changes():
    r = rules(betting__opening="jacks_or_better", betting__split_openers="not_allowed")
    t = Table([NINES, SPLIT_HAND, KK], rules_=r, stock="7h 2s 3s")
    t.do("B bet", "C call", "A fold")
    assert t.refused("B exchange Js") == "B cannot throw Js: the house does not allow splitting openers"
    assert t.refused("B exchange 8h Jh Js") == "B cannot throw Jh Js: the house does not allow splitting openers"
    t.do("B exchange 8h")  # any other card may go
    assert t.state.hands[1] == cards("Jh Js Th 9h 7h")
    t.do("C exchange Kc")  # only the opener's openers are protected


# ---------------------------------------------------------------- computer players


@pytest.mark.parametrize("name", ["jackpots", "jackpots-progressive"])
def test_sensible_bots_open_only_with_openers_and_keep_them(name):
    r = load_rules(name)
    state = DrawState()
    seen = {"opened": 0, "passed out": 0, "proofs": 0}

    def watch(events):
        for e in events:
            if isinstance(e, ev.BetPlaced) and state.round == 1 and state.opener is None:
                assert qualifies(state.hands[e.seat], requirement(state.to_open, r))
                seen["opened"] += 1
            assert not isinstance(e, ev.OpenersSplit), "a sensible bot threw its openers"
            seen["passed out"] += isinstance(e, ev.DealCheckedThrough)
            seen["proofs"] += isinstance(e, ev.OpenersShown)
            apply(state, e)

    simulate(r, 5, 150, seed=11, strategies=("sensible",), sink=watch)
    assert seen["opened"] > 20 and seen["passed out"] > 5 and seen["proofs"] == seen["opened"]
