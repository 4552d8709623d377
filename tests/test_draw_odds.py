"""Exact drawing odds: each choice's counts equal a draw-by-draw enumeration
over the unseen cards, under every ranking and deck; known figures; labels."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drawpoker.cards import DECK, JOKER, parse_cards
from drawpoker.errors import CardError
from drawpoker.games.draw.odds import draw_odds, draw_odds_for, field_strength, unseen_cards
from drawpoker.ranking import ranking_for
from drawpoker.rules.model import Draw, DrawDeck, DrawRules, Showdown

RULES = {
    "morkpoker": DrawRules(),
    "bug": DrawRules(deck=DrawDeck(jokers=1, joker="bug")),
    "two wild jokers": DrawRules(deck=DrawDeck(jokers=2, joker="wild")),
    "deuces wild": DrawRules(deck=DrawDeck(wild_ranks=(2,))),
    "ace-to-five with the joker": DrawRules(
        deck=DrawDeck(jokers=1, joker="bug"), showdown=Showdown(ranking="ace_to_five"), draw=Draw(max_cards=5)
    ),
    "deuce-to-seven": DrawRules(showdown=Showdown(ranking="deuce_to_seven"), draw=Draw(max_cards=5)),
}


def brute(ranking, hand, keep, unseen):
    """{strength: draws} by drawing every combination of the unseen cards."""
    need = 5 - len(keep)
    return Counter(ranking.strength(tuple(keep) + drawn) for drawn in combinations(unseen, need))


def h(text):
    return parse_cards(text, jokers=2)


@pytest.mark.parametrize(
    "name, hand",
    [
        ("morkpoker", "Ks Kd 7c 4h 2s"),
        ("morkpoker", "9h Th Jh Qh 2s"),
        ("bug", "Jk Kd 7c 4h 2s"),
        ("bug", "Jk Ah Qh 4h 2h"),
        ("two wild jokers", "Jk Jk 7c 4h 2s"),
        ("deuces wild", "2c Kd 7c 4h 2s"),
        ("deuces wild", "2c Ah Kh Qh 9s"),
        ("ace-to-five with the joker", "As 2d 3c Kh Ks"),
        ("ace-to-five with the joker", "Jk 2d 3c 4h 9s"),
        ("deuce-to-seven", "7s 5d 4c 3h 3s"),
        ("deuce-to-seven", "2s 3s 4s 5s 9s"),
    ],
)
def test_every_choice_counts_every_draw(name, hand):
    rules = RULES[name]
    odds = draw_odds(h(hand), rules)
    ranking = ranking_for(rules.showdown.ranking, rules.deck.jokers, rules.deck.joker, rules.deck.wild_ranks)
    unseen = unseen_cards(odds.hand, rules.deck.jokers)
    assert len(odds.choices) >= 3
    for choice in odds.choices:
        if len(choice.discard) > 3:
            continue  # counted below, once
        expected = brute(ranking, odds.hand, choice.keep, unseen)
        assert choice.histogram == dict(expected), choice.label
        assert choice.draws == comb(len(unseen), len(choice.discard))
        assert sorted(choice.keep + choice.discard) == sorted(odds.hand)
        assert abs(sum(p for _, p in choice.outcomes) - 1) < 1e-9


def test_drawing_five_counts_every_hand_of_the_rest_of_the_deck():
    rules = RULES["deuce-to-seven"]
    odds = draw_odds(h("Ks Kd Kc Kh Qs"), rules)
    five = next(c for c in odds.choices if not c.keep)
    assert five.label == "draw five" and five.draws == comb(47, 5)
    ranking = ranking_for("deuce_to_seven")
    rest = [c for c in DECK if c not in odds.hand]
    assert five.histogram == dict(Counter(map(ranking.strength, combinations(rest, 5))))


@settings(max_examples=25, deadline=None)
@given(
    name=st.sampled_from(sorted(RULES)),
    cards=st.lists(st.sampled_from(DECK + (JOKER, JOKER)), min_size=5, max_size=5),
    seen=st.lists(st.sampled_from(DECK), max_size=6),
)
def test_any_hand_any_rules_agrees_with_the_enumeration(name, cards, seen):
    rules = RULES[name]
    if cards.count(JOKER) > rules.deck.jokers or len({c for c in cards if not c.is_joker}) < 5 - cards.count(JOKER):
        return
    seen = [c for c in dict.fromkeys(seen) if c not in cards]
    ranking = ranking_for(rules.showdown.ranking, rules.deck.jokers, rules.deck.joker, rules.deck.wild_ranks)
    odds = draw_odds(tuple(cards), rules, seen=seen)
    unseen = unseen_cards(odds.hand, rules.deck.jokers, seen)
    assert len(unseen) == 52 + rules.deck.jokers - 5 - len(seen)
    for choice in odds.choices:
        if len(choice.discard) <= 2:
            assert choice.histogram == dict(brute(ranking, odds.hand, choice.keep, unseen)), choice.label
    best = odds.best
    assert all(c.worth <= best.worth for c in odds.choices)
    field = field_strength(ranking, rules.draw.max_cards)
    for choice in odds.choices:  # the worth is the histogram's, weighed by the field
        total = sum(choice.histogram.values())
        assert choice.worth == pytest.approx(sum(n * field[s] for s, n in choice.histogram.items()) / total)


def test_known_figures_for_a_pair():
    """A pair drawing three improves 28.71% of the time (two pair 15.99%, trips 11.43%)."""
    odds = draw_odds(h("Ks Kd 7c 4h 2s"), DrawRules())
    three = next(c for c in odds.choices if c.label == "keep the pair of kings, draw three")
    assert three.draws == 16215
    assert round(three.p_better, 4) == 0.2871
    outcomes = dict(three.outcomes)
    assert round(outcomes["two pair"], 4) == 0.1599 and round(outcomes["three of a kind"], 4) == 0.1143
    assert odds.best is three
    kicker = next(c for c in odds.choices if c.label == "keep the pair of kings and the seven, draw two")
    assert kicker.p_better < three.p_better


def test_a_four_flush_draws_one():
    odds = draw_odds(h("9h Th Jh Qh 2s"), DrawRules())
    assert odds.best.label == "keep four hearts to the flush, draw one"
    assert odds.best.discard == h("2s") and odds.best.draws == 47
    # 9 flushes (2 of them straight flushes) and 6 more straights in 47
    assert odds.best.chance_at_least(ranking_for().evaluate(h("9h Th Jh Qh 2h"))) == pytest.approx(9 / 47)
    assert dict(odds.best.outcomes)["straight flush"] == pytest.approx(2 / 47)


def test_the_ace_rule_allows_a_four_card_draw_only_keeping_an_ace():
    hand = h("As Kd 7c 4h 2s")
    labels = [c.label for c in draw_odds(hand, DrawRules()).choices]
    assert "keep the ace, draw four" not in labels
    with_ace = draw_odds(hand, DrawRules(draw=Draw(max_cards=3, max_cards_with_ace=4)))
    assert "keep the ace, draw four" in [c.label for c in with_ace.choices]
    assert "draw five" not in [c.label for c in with_ace.choices]


def test_wild_cards_are_always_kept_and_named():
    odds = draw_odds(h("2c Kd 7c 4h 2s"), RULES["deuces wild"])
    assert odds.words.startswith("three of a kind, kings")
    for choice in odds.choices:
        assert choice.keep.count(h("2c")[0]) == 1 and choice.keep.count(h("2s")[0]) == 1
    assert "keep the king and the two twos, draw two" in [c.label for c in odds.choices]
    bug = draw_odds(h("Jk Kd 7c 4h 2s"), RULES["bug"])
    assert all(JOKER in c.keep for c in bug.choices)


def test_lowball_draws_to_the_low_cards():
    odds = draw_odds(h("7s 5d 4c 3h 3s"), RULES["deuce-to-seven"])
    labels = [c.label for c in odds.choices]
    assert labels[:3] == ["stand pat", "keep 7-5-4-3, draw one", "keep 5-4-3, draw two"]
    one = odds.choices[1]
    # 2, 6 and 8..K each make no pair; 6 makes a straight (bad), so ...
    assert dict(one.outcomes)["seven low"] == pytest.approx(4 / 47)  # a deuce: 7-5-4-3-2
    a5 = draw_odds(h("As 2d 3c Kh Ks"), RULES["ace-to-five with the joker"])
    wheel = dict(next(c for c in a5.choices if c.label == "keep 3-2-A, draw two").outcomes)["the wheel"]
    # 4 and 5 (or the joker as either): (4 fours + 4 fives + joker) pairs making both
    assert wheel == pytest.approx((4 * 4 + 4 + 4) / comb(48, 2))


def test_seen_cards_are_not_drawn_and_bad_input_is_refused():
    hand = h("Ks Kd 7c 4h 2s")
    assert len(unseen_cards(hand, 0, h("Kh Kc"))) == 45
    odds = draw_odds(hand, DrawRules(), seen=h("Kh Kc"))
    three = next(c for c in odds.choices if c.label == "keep the pair of kings, draw three")
    assert dict(three.outcomes).get("three of a kind", 0) == 0 and three.draws == comb(45, 3)
    with pytest.raises(CardError, match="'Ks' is not in the deck, or is given twice"):
        unseen_cards(hand, 0, h("Ks"))
    with pytest.raises(CardError, match="a hand has five cards"):
        draw_odds(hand[:4], DrawRules())
    with pytest.raises(CardError, match="'Jk' is a joker, and this deck has none"):
        draw_odds_for(h("Jk Kd 7c 4h 2s"), ranking_for(), 3)
