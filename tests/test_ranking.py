"""Stacked hands for each rule of docs/rules.md 4.3-4.4: the bug, wild jokers,
deuces wild, five of a kind, duplicates, natural beats wild, lowball."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drawpoker.cards import DECK, JOKER, Rank, Suit, parse_cards
from drawpoker.errors import CardError
from drawpoker.hands import Category, strength
from drawpoker.ranking import Ranking, ranking_for, ranking_for_deck
from drawpoker.rules.model import DrawDeck, DrawRules, Showdown


class _Lazy:
    """A ranking built on first use: at collection, in every xdist worker, its tables cost a quarter second each."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._args = args
        self._kwargs = kwargs

    @property
    def ranking(self) -> Ranking:
        return ranking_for(*self._args, **self._kwargs)  # built once, then shared

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):  # pytest looks for its markers on everything in the module
            raise AttributeError(name)
        return getattr(self.ranking, name)


BUG = _Lazy(jokers=1, joker="bug")
WILD = _Lazy(jokers=1, joker="wild")
DEUCES = _Lazy(wild_ranks=[2])
A5 = _Lazy("ace_to_five")
A5_JOKER = _Lazy("ace_to_five", jokers=1, joker="bug")
D27 = _Lazy("deuce_to_seven")


def h(text):
    return parse_cards(text, jokers=2)


def test_kings_and_the_bug_are_a_pair_of_kings_with_an_ace_kicker():
    hand = h("Ks Kd 7c 4h Jk")
    assert BUG.category(hand) is Category.ONE_PAIR
    assert BUG.describe(hand) == "one pair, kings, ace, seven, four kickers"
    assert BUG.parts(BUG.evaluate(hand))[:2] == (Category.ONE_PAIR, (13, 14, 7, 4))
    assert BUG.evaluate(hand) == BUG.evaluate(h("Ks Kd 7c 4h Ac"))
    # fully wild it would be three kings
    assert WILD.describe(hand) == "three of a kind, kings, seven and four kickers"


def test_the_bug_completes_straights_and_flushes_and_nothing_else():
    assert BUG.describe(h("9s Td Jc Qh Jk")) == "straight, king high"
    assert BUG.describe(h("2s 3d 4c 5h Jk")) == "straight, six high"
    assert BUG.describe(h("9h 7h 5h 3h Jk")) == "flush, ace, nine, seven, five, three"
    assert BUG.describe(h("9h Th Jh Qh Jk")) == "straight flush, king high"
    assert BUG.describe(h("9s 9d 9c 4h Jk")) == "three of a kind, nines, ace and four kickers"
    assert BUG.describe(h("9s 9d 4c 4h Jk")) == "two pair, nines and fours, ace kicker"
    assert BUG.describe(h("As Ad 4c 4h Jk")) == "full house, aces full of fours"


def test_four_aces_and_the_bug_are_five_aces_above_a_royal_flush():
    five = BUG.evaluate(h("As Ad Ac Ah Jk"))
    royal = BUG.evaluate(h("Ts Js Qs Ks As"))
    assert BUG.describe(h("As Ad Ac Ah Jk")) == "five aces"
    assert BUG.category_of(five) is Category.FIVE_OF_A_KIND
    assert five > royal and five == BUG.strength_count
    assert BUG.describe(h("Ks Kd Kc Kh Jk")) == "four of a kind, kings, ace kicker"
    # a wild joker makes any five of a kind, all above the royal flush
    assert WILD.describe(h("Ks Kd Kc Kh Jk")) == "five kings"
    assert WILD.evaluate(h("2s 2d 2c 2h Jk")) > WILD.evaluate(h("Ts Js Qs Ks As"))
    assert DEUCES.describe(h("2s 2d 2c 2h Ah")) == "five aces"
    assert DEUCES.describe(h("2s 2d Kc Kh Ks")) == "five kings"


@pytest.mark.parametrize("ranking_args", [dict(jokers=1, joker="wild"), dict(jokers=1, joker="bug")])
def test_a_double_ace_flush_only_when_wild_cards_may_duplicate(ranking_args):
    hand = h("Ah Kh Qh 7h Jk")
    plain = ranking_for(**ranking_args)
    dup = ranking_for(**ranking_args, wild_may_duplicate=True)
    assert plain.describe(hand) == "flush, ace, king, queen, jack, seven"
    assert dup.describe(hand) == "flush, ace, ace, king, queen, seven"
    assert dup.evaluate(hand) > dup.evaluate(h("Ah Kh Qh Jh 9h"))  # the best flush without a straight
    assert dup.evaluate(hand) > dup.evaluate(h("Ah Kh Qh Jh 7h"))
    assert plain.evaluate(hand) == plain.evaluate(h("Ah Kh Qh Jh 7h"))


def test_deuces_wild_flush_and_duplicates():
    assert DEUCES.describe(h("2c Ah Kh Qh 7h")) == "flush, ace, king, queen, jack, seven"
    assert ranking_for(wild_ranks=[2], wild_may_duplicate=True).describe(h("2c Ah Kh Qh 7h")) == (
        "flush, ace, ace, king, queen, seven"
    )
    assert DEUCES.describe(h("2c Ah Kh Qh Jh")) == "royal flush"
    assert DEUCES.describe(h("2c Ah Kd Qh 7h")) == "one pair, aces, king, queen, seven kickers"
    # a deuce is never a natural two: 2 3 4 5 6 is a six-high straight... made with a wild card, so seven-high
    assert DEUCES.describe(h("2c 3d 4h 5s 6c")) == "straight, seven high"


def test_natural_beats_wild_only_when_the_house_says_so():
    natural, wild = h("As Ad Ac Ks Kh"), h("As Ad Jk Ks Kh")
    assert WILD.evaluate(natural) == WILD.evaluate(wild)
    nbw = ranking_for(jokers=1, joker="wild", natural_beats_wild=True)
    assert nbw.evaluate(natural) > nbw.evaluate(wild)
    assert nbw.describe(natural) == "full house, aces full of kings, natural"
    assert nbw.describe(wild) == "full house, aces full of kings, with 1 wild card"
    # and only on equal hands: a wild five of a kind still beats a natural royal flush
    assert nbw.evaluate(h("Ks Kd Kc Kh Jk")) > nbw.evaluate(h("Ts Js Qs Ks As"))
    deuces = ranking_for(wild_ranks=[2], natural_beats_wild=True)
    assert deuces.evaluate(h("2s 2d Kc Kh Ks")) < deuces.evaluate(h("2s Ad Ac Ah As"))
    assert (
        deuces.evaluate(h("2s Kd Kc Kh Qs"))
        < deuces.evaluate(h("Ks Kd Kc Kh Qs"))
        < deuces.evaluate(h("2s Kd Kc Kh As"))
    )


def test_ace_to_five_the_wheel_is_best_and_straights_and_flushes_do_not_count():
    wheel = A5.evaluate(h("As 2d 3c 4s 5h"))
    assert wheel == A5.strength_count and A5.describe(h("As 2d 3c 4s 5h")) == "the wheel"
    assert A5.evaluate(h("As 2s 3s 4s 5s")) == wheel  # a flush does not count
    assert A5.describe(h("7s 5d 4c 2h Ah")) == "seven-five low, four, two, ace"
    assert A5.evaluate(h("7s 5d 4c 2h Ah")) > A5.evaluate(h("7s 6d 4c 2h Ah")) > A5.evaluate(h("8s 5d 4c 2h Ah"))
    assert A5.evaluate(h("Ks Qd Jc 9h 8h")) > A5.evaluate(h("As Ad 2c 3h 4h"))  # any pair is worse
    assert A5.evaluate(h("As Ad 2c 3h 4h")) > A5.evaluate(h("2s 2d 3c 4h 5h"))  # aces are the lowest pair
    assert A5.category(h("As Ad 2c 3h 4h")) is Category.ONE_PAIR


def test_deuce_to_seven_a_wheel_is_ace_high_and_a_straight_loses():
    assert D27.category(h("As 2d 3c 4s 5h")) is Category.HIGH_CARD
    assert D27.describe(h("As 2d 3c 4s 5h")) == "ace high, five, four, three, two"
    assert D27.evaluate(h("As 2d 3c 4s 5h")) < D27.evaluate(h("Ks Qd Jc 9s 8h"))
    best = D27.evaluate(h("7s 5d 4c 3s 2h"))
    assert best == D27.strength_count and D27.describe(h("7s 5d 4c 3s 2h")).startswith("seven-five low")
    assert D27.evaluate(h("7s 5s 4s 3s 2s")) < D27.evaluate(h("As Ad Kc Ks Qh"))  # a flush counts against
    straight = D27.evaluate(h("2s 3d 4c 5s 6h"))
    assert D27.category_of(straight) is Category.STRAIGHT
    assert straight < D27.evaluate(h("As Ad Ac Kh Qh")) and straight < D27.evaluate(h("Ks Qd Jc 9s 8h"))


def test_in_ace_to_five_the_joker_is_the_lowest_rank_not_in_the_hand():
    low_first = [Rank.ACE, *[r for r in Rank if r is not Rank.ACE]]
    for four in combinations(DECK[::3], 4):  # 18 cards: 3,060 hands
        held = {c.rank for c in four}
        lowest = next(r for r in low_first if r not in held)
        card = next(c for c in DECK if c.rank is lowest)
        assert A5_JOKER.evaluate((*four, JOKER)) == A5_JOKER.evaluate((*four, card)), four


def test_the_plain_ranking_is_unchanged():
    high = ranking_for()
    for hand in [h("Kh Kd 7s 7c As"), h("Ah 2d 3s 4c 5h"), h("Ts Js Qs Ks As")]:
        assert high.evaluate(hand) == strength(hand)
        assert high.describe(hand) == BUG.describe(hand)  # no joker, no difference


def test_bad_hands_are_refused_in_one_sentence():
    with pytest.raises(CardError, match="'Jk' is a joker, and this deck has none"):
        A5.evaluate(h("Jk 2d 3c 4s 5h"))
    with pytest.raises(CardError, match="too many jokers: this deck has 1"):
        BUG.evaluate(h("Jk Jk 3c 4s 5h"))
    with pytest.raises(CardError, match="five cards, found 4"):
        BUG.evaluate(h("Jk 3c 4s 5h"))
    with pytest.raises(CardError, match="duplicate card '3c'"):
        BUG.evaluate(h("3c 3c 4s 5h 6h"))


def test_two_jokers():
    two = ranking_for(jokers=2, joker="wild")
    assert two.describe(h("Jk Jk As Ad Ac")) == "five aces"
    assert two.describe(h("Jk Jk 9h Th Jh")) == "straight flush, king high"
    bugs = ranking_for(jokers=2, joker="bug")
    assert bugs.describe(h("Jk Jk Ks Kd 7c")) == "two pair, aces and kings, seven kicker"
    assert bugs.describe(h("Jk Jk As Ad 7c")) == "four of a kind, aces, seven kicker"


def test_the_ranking_of_a_ruleset():
    rules = DrawRules(deck=DrawDeck(jokers=1, joker="bug"), showdown=Showdown(ranking="ace_to_five"))
    assert ranking_for_deck(rules.deck, rules.showdown.ranking) is A5_JOKER.ranking
    assert ranking_for_deck(DrawRules().deck, DrawRules().showdown.ranking) is ranking_for()
    assert ranking_for("high", 0, "bug") is ranking_for()  # a joker that is not in the deck changes nothing


_SUBSTITUTED = {
    "wild joker": WILD,
    "wild joker, duplicates": _Lazy(jokers=1, joker="wild", wild_may_duplicate=True),
    "deuces wild": DEUCES,
    "ace-to-five with the joker": A5_JOKER,
    "deuce-to-seven with a wild joker": _Lazy("deuce_to_seven", jokers=1, joker="wild"),
}


@settings(max_examples=300, deadline=None)
@given(
    name=st.sampled_from(sorted(_SUBSTITUTED)),
    cards=st.lists(st.sampled_from(DECK + (JOKER,)), min_size=5, max_size=5, unique=True),
    stand_in=st.sampled_from(DECK),
)
def test_a_wild_card_is_never_worse_than_a_card_it_could_stand_for(name, cards, stand_in):
    ranking = _SUBSTITUTED[name]
    wild = [i for i, c in enumerate(cards) if ranking.is_wild(c)]
    if not wild or stand_in in cards or (JOKER in cards and ranking.jokers == 0):
        return
    replaced = list(cards)
    replaced[wild[0]] = stand_in
    assert ranking.evaluate(cards) >= ranking.evaluate(replaced)


@settings(max_examples=200, deadline=None)
@given(
    name=st.sampled_from(["bug", "wild", "deuces", "a5", "d27"]),
    cards=st.lists(st.sampled_from(DECK + (JOKER,)), min_size=5, max_size=5, unique=True),
    order=st.permutations(list(Suit)),
)
def test_suits_never_rank(name, cards, order):
    ranking = {"bug": BUG, "wild": WILD, "deuces": DEUCES, "a5": A5_JOKER, "d27": D27}[name]
    if JOKER in cards and ranking.jokers == 0:
        return
    swapped = [
        c if c.is_joker else next(d for d in DECK if d.rank is c.rank and d.suit is order[c.suit]) for c in cards
    ]
    assert ranking.evaluate(cards) == ranking.evaluate(swapped)


@settings(max_examples=200, deadline=None)
@given(cards=st.lists(st.sampled_from(DECK), min_size=4, max_size=4, unique=True))
def test_the_bug_is_at_least_an_ace(cards):
    for ace in (c for c in DECK if c.rank is Rank.ACE and c not in cards):
        assert BUG.evaluate((*cards, JOKER)) >= BUG.evaluate((*cards, ace))
