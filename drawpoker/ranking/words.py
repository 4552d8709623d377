"""A hand in the players' words, in each ranking.

High hands read as :func:`drawpoker.hands.describe_parts` says them, with
five of a kind ("five aces"). Lowball speaks lowball: a hand without a pair
is named by its top two cards and then the rest ("seven-six low, four,
three, two"), 5-4-3-2-A in ace-to-five is "the wheel", a deuce-to-seven
hand topped by its ace is "ace high"; a pair is "a pair of sevens" and the
cards that decide between equal pairs follow, highest first (no
"kickers": a lower one is better). An ace in ace-to-five is low but keeps
its name. Equal strengths always get the same words, and different ones
different words, so the words name what decides a comparison.

>>> from drawpoker.hands import Category
>>> describe((Category.ONE_PAIR, (7, 14, 13, 12)), -1, "deuce_to_seven")
'a pair of sevens, ace, king, queen'
>>> describe((Category.HIGH_CARD, (7, 6, 4, 3, 2)), -1, "ace_to_five")
'seven-six low, four, three, two'
"""

from __future__ import annotations

from drawpoker.cards import Rank
from drawpoker.hands import Category, describe_parts
from drawpoker.ranking.values import Parts

__all__ = ["describe", "rank_word"]


def rank_word(rank: int) -> str:
    """A rank's name; 1 is the ace played low."""
    return Rank(14 if rank == 1 else rank).word


def _plural(rank: int) -> str:
    return Rank(14 if rank == 1 else rank).plural


def _words(ranks: tuple[int, ...]) -> str:
    return ", ".join(rank_word(r) for r in ranks)


def _low(cat: Category, ranks: tuple[int, ...], order: str) -> str:
    """A lowball hand in lowball's words (straights and flushes, which count
    only in deuce-to-seven, read as in high poker)."""
    if cat is Category.HIGH_CARD:
        if order == "ace_to_five" and ranks == (5, 4, 3, 2, 1):
            return "the wheel"
        if ranks[0] == 14:  # deuce-to-seven: the ace is only high
            return "ace high, " + _words(ranks[1:])
        return f"{rank_word(ranks[0])}-{rank_word(ranks[1])} low, " + _words(ranks[2:])
    if cat is Category.ONE_PAIR:
        return f"a pair of {_plural(ranks[0])}, " + _words(ranks[1:])
    if cat is Category.TWO_PAIR:
        return f"two pair, {_plural(ranks[0])} and {_plural(ranks[1])}, {rank_word(ranks[2])}"
    if cat is Category.THREE_OF_A_KIND:
        return f"three {_plural(ranks[0])}, " + _words(ranks[1:])
    if cat is Category.FOUR_OF_A_KIND:
        return f"four {_plural(ranks[0])}, {rank_word(ranks[1])}"
    return describe_parts(cat, tuple(Rank(14 if r == 1 else r) for r in ranks))


def describe(parts: Parts, wild_cards: int, order: str) -> str:
    """The hand's words: ``parts`` from the tables, ``wild_cards`` >= 0 when
    natural beats wild (the count then decides ties and is said)."""
    cat, ranks = parts
    if cat is Category.FIVE_OF_A_KIND:
        text = f"five {_plural(ranks[0])}"
    elif order != "high":
        text = _low(cat, ranks, order)
    else:
        text = describe_parts(cat, tuple(Rank(r) for r in ranks))
    if wild_cards == 0:
        text += ", natural"
    elif wild_cards > 0:
        text += f", with {wild_cards} wild card{'s' if wild_cards != 1 else ''}"
    return text
