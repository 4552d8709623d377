"""Every five-card hand of every deck and ranking of issue 11, checked
against a second, independent method written here.

The fast side evaluates every hand of the deck (2,598,960 or 2,869,685)
with the ranking's table-driven ``strength`` and counts categories and
distinct strengths. The brute-force side knows nothing of the tables: it
groups the hands into classes (the jokers, the ranks, whether the natural
cards share a suit), counts the hands of each class by combinatorics,
builds a concrete hand for each and tries every card each wild card could
stand for, judging the result with the plain evaluator written below
(best over substitutions). Both must agree on the category counts, on the
number of distinct strengths, and on the order of every class.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb

import pytest

from drawpoker.cards import DECK, JOKER, Rank, Suit, deck_of
from drawpoker.hands import Category
from drawpoker.hands import strength as plain_strength
from drawpoker.ranking import ranking_for

CARD = {(c.rank.value, c.suit.value): c for c in DECK}

# ---------------------------------------------------------------- the judge: concrete cards


def judge(cards, order):
    """(category name, key) of five concrete (rank, suit) cards without a wild card; higher key is better."""
    return _judge(tuple(sorted(r for r, _ in cards)), len({s for _, s in cards}) == 1, order)


@cache
def _judge(ranks, flush, order):
    if order == "ace_to_five":
        low = [1 if r == 14 else r for r in ranks]
        cat, order_ranks = _by_pairs(low)
        return cat, (-_CAT.index(cat), tuple(-r for r in order_ranks))
    cat, key = _high(ranks, flush, wheel=order == "high")
    if order == "high":
        return cat, (_CAT.index(cat), key)
    return cat, (-_CAT.index(cat), tuple(-r for r in key))


_CAT = [
    "HIGH_CARD",
    "ONE_PAIR",
    "TWO_PAIR",
    "THREE_OF_A_KIND",
    "STRAIGHT",
    "FLUSH",
    "FULL_HOUSE",
    "FOUR_OF_A_KIND",
    "STRAIGHT_FLUSH",
    "FIVE_OF_A_KIND",
]


def _by_pairs(ranks):
    counts = Counter(ranks)
    ordered = sorted(ranks, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    name = {
        (5,): "FIVE_OF_A_KIND",
        (4, 1): "FOUR_OF_A_KIND",
        (3, 2): "FULL_HOUSE",
        (3, 1, 1): "THREE_OF_A_KIND",
        (2, 2, 1): "TWO_PAIR",
        (2, 1, 1, 1): "ONE_PAIR",
        (1, 1, 1, 1, 1): "HIGH_CARD",
    }[tuple(shape)]
    return name, tuple(dict.fromkeys(ordered))


def _high(ranks, flush, wheel):
    cat, groups = _by_pairs(ranks)
    desc = tuple(sorted(ranks, reverse=True))
    straight = 0
    if cat == "HIGH_CARD":
        if desc[0] - desc[4] == 4:
            straight = desc[0]
        elif wheel and desc == (14, 5, 4, 3, 2):
            straight = 5
    options = [(cat, groups)]
    if straight:
        options.append(("STRAIGHT_FLUSH" if flush else "STRAIGHT", (straight,)))
    if flush:
        options.append(("FLUSH", desc))  # card by card: a double-ace flush beats A-K-Q-J
    return max(options, key=lambda o: (_CAT.index(o[0]), o[1]))


# ---------------------------------------------------------------- classes and their hands


def hand_classes(rules, deck_jokers):
    """(jokers, ranks, suited, number of hands) for every class of the deck."""
    wild = rules["wild_ranks"]
    for j in range(deck_jokers + 1):
        for ranks in combinations_with_replacement(range(2, 15), 5 - j):
            counts = Counter(ranks)
            if max(counts.values(), default=0) > 4:
                continue
            total = comb(deck_jokers, j)
            for c in counts.values():
                total *= comb(4, c)
            naturals = [r for r in ranks if r not in wild]
            suited = 0
            if len(set(naturals)) == len(naturals):
                suited = comb(deck_jokers, j) * (4 if naturals else 1)
                for r, c in counts.items():
                    if r in wild:
                        suited *= comb(4, c)
                if not naturals:
                    suited = total
            if suited:
                yield j, ranks, True, suited
            if total - suited:
                yield j, ranks, False, total - suited


def concrete(ranks, suited, wild):
    """One real hand of the class: (rank, suit) pairs, naturals first."""
    naturals = [r for r in ranks if r not in wild]
    out = []
    if suited:
        out = [(r, 0) for r in naturals]
    else:
        used = Counter()
        for i, r in enumerate(naturals):
            distinct = len(set(naturals)) == len(naturals)
            s = (1 if i == 0 else 0) if distinct else used[r]  # distinct ranks: not all one suit
            used[r] += 1
            out.append((r, s))
    wild_cards = [r for r in ranks if r in wild]
    taken = set(out)
    for r in wild_cards:
        s = next(s for s in range(4) if (r, s) not in taken)
        taken.add((r, s))
        out.append((r, s))
    return out, len(naturals)


def brute_best(rules, jokers, ranks, suited):
    """Best over substitutions: (category, key) of the class, concretely."""
    order = rules["order"]
    wild = rules["wild_ranks"]
    cards, n_naturals = concrete(ranks, suited, wild)
    naturals = cards[:n_naturals]
    bug = rules["joker"] == "bug" and order == "high"
    n_wild = len(cards) - n_naturals + (0 if bug else jokers)
    n_bug = jokers if bug else 0
    flush_suit = naturals[0][1] if naturals and len({s for _, s in naturals}) == 1 else 0
    # A wild card stands for a rank in the naturals' suit ("in": a flush, or a
    # duplicate) or in another suit, the first free one ("off"); where the
    # naturals do not share a suit, "in" could only duplicate a card.
    choices = [(r, "off") for r in range(2, 15)]
    if suited:
        choices += [(r, "in") for r in range(2, 15)]
    best = None
    for chosen in combinations_with_replacement(choices, n_wild + n_bug):
        for bugs_at in combinations(range(len(chosen)), n_bug):
            final = list(naturals)
            duplicated = False
            for r, where in chosen:
                if where == "in":
                    card = (r, flush_suit)
                else:
                    free = [s for s in range(4) if s != flush_suit and (r, s) not in final]
                    card = (r, free[0]) if free else (r, (flush_suit + 1) % 4)
                duplicated |= card in final
                final.append(card)
            cat, key = judge(final, order)
            if duplicated and not rules["wild_may_duplicate"] and cat != "FIVE_OF_A_KIND":
                continue
            if bugs_at and not (
                all(chosen[i][0] == 14 for i in bugs_at) or cat in ("STRAIGHT", "FLUSH", "STRAIGHT_FLUSH")
            ):
                continue
            if best is None or key > best[1]:
                best = (cat, key)
    assert best is not None
    if rules["natural_beats_wild"]:
        best = (best[0], (best[1], -(n_wild + n_bug)))
    return best


def cards_of(jokers, ranks, suited, wild):
    hand, _ = concrete(ranks, suited, wild)
    return tuple(CARD[c] for c in hand) + (JOKER,) * jokers


# ---------------------------------------------------------------- the decks and rankings of the issue

CASES = {
    "one joker as the bug": dict(order="high", jokers=1, joker="bug"),
    "one joker fully wild": dict(order="high", jokers=1, joker="wild"),
    "deuces wild": dict(order="high", wild_ranks=(2,)),
    "ace-to-five": dict(order="ace_to_five"),
    "ace-to-five with the joker": dict(order="ace_to_five", jokers=1, joker="bug"),
    "deuce-to-seven": dict(order="deuce_to_seven"),
    "one wild joker, duplicates, natural beats wild": dict(
        order="high", jokers=1, joker="wild", wild_may_duplicate=True, natural_beats_wild=True
    ),
}


def _rules(case):
    rules = dict(jokers=0, joker="none", wild_ranks=(), wild_may_duplicate=False, natural_beats_wild=False)
    rules.update(case)
    return rules


@pytest.mark.exhaustive
@pytest.mark.parametrize("name", list(CASES))
def test_every_hand_agrees_with_best_over_substitutions(name):
    rules = _rules(CASES[name])
    ranking = ranking_for(**rules)
    wild = set(rules["wild_ranks"])

    # the brute-force side, class by class
    expected_categories: Counter[str] = Counter()
    keyed = []
    hands = 0
    for j, ranks, suited, count in hand_classes(rules, rules["jokers"]):
        cat, key = brute_best(rules, j, ranks, suited)
        expected_categories[cat] += count
        hands += count
        keyed.append((key, ranking.strength(cards_of(j, ranks, suited, wild)), j, ranks, suited))
    deck = deck_of(rules["jokers"])
    assert hands == comb(len(deck), 5)

    # the order of every class: equal keys, equal strengths; a better key, a higher strength
    keyed.sort(key=lambda k: k[0])
    for (k1, s1, *c1), (k2, s2, *c2) in zip(keyed, keyed[1:], strict=False):
        assert (s1 < s2) if k1 < k2 else (s1 == s2), (c1, c2)

    # the fast side, hand by hand
    strengths = Counter(map(ranking.strength, combinations(deck, 5)))
    categories: Counter[str] = Counter()
    for s, n in strengths.items():
        categories[ranking.category_of(s).name] += n
    assert categories == expected_categories
    assert len(strengths) == len({k for k, *_ in keyed})


def test_the_plain_ranking_is_the_plain_evaluator():
    high = ranking_for()
    assert high.strength is plain_strength
    built = ranking_for("high", jokers=1, joker="wild")  # tables built for wild cards rank natural hands alike
    order = sorted(combinations(DECK[::2], 5), key=plain_strength)
    values = [built.strength(h) for h in order]
    assert values == sorted(values)
    assert len(set(values)) == len({plain_strength(h) for h in order})


def test_known_counts():
    """Published figures: 7,462 high hands, 6,175 ace-to-five hands; with
    the bug only five aces is added, a wild joker adds thirteen fives."""
    assert ranking_for().strength_count == 7462
    assert ranking_for("ace_to_five").strength_count == 6175
    assert ranking_for("deuce_to_seven").strength_count == 7462
    assert ranking_for(jokers=1, joker="bug").strength_count == 7463
    assert ranking_for(jokers=1, joker="wild").strength_count == 7475
    assert Rank.ACE and Suit.SPADES  # the card model the judge mirrors
    assert Category.FIVE_OF_A_KIND > Category.STRAIGHT_FLUSH
