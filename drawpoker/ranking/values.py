"""What a five-card hand with no wild card left is worth, in each ranking.

These are the definitions the ranking tables are built from (once per
ranking, never per hand at play): ``goodness`` is a tuple that compares
the way the ranking does, higher is better, and ``parts`` is the category
with the deciding ranks, most significant first, for the words.

Ranks are numbers 2..14 (the ace 14). Ace-to-five counts the ace as 1.
A rank may appear five times (five of a kind, made with wild cards) and,
in a flush, twice (a "double-ace flush", where a wild card may duplicate a
card).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

from drawpoker.hands import Category

__all__ = ["Parts", "Goodness", "plain_parts", "flush_parts", "goodness", "ORDERS"]

#: the category and the deciding ranks, most significant first
Parts = tuple[Category, tuple[int, ...]]
#: compares the way the ranking does: higher is better
Goodness = tuple[int, tuple[int, ...]]

ORDERS = ("high", "ace_to_five", "deuce_to_seven")


def _groups(ranks: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(ranks ordered by count then rank, the counts), e.g. K K 7 7 A -> (13, 7, 14), (2, 2, 1)."""
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    return tuple(r for r, _ in groups), tuple(n for _, n in groups)


_SHAPES = {
    (5,): Category.FIVE_OF_A_KIND,
    (4, 1): Category.FOUR_OF_A_KIND,
    (3, 2): Category.FULL_HOUSE,
    (3, 1, 1): Category.THREE_OF_A_KIND,
    (2, 2, 1): Category.TWO_PAIR,
    (2, 1, 1, 1): Category.ONE_PAIR,
    (1, 1, 1, 1, 1): Category.HIGH_CARD,
}


def _straight_top(order: tuple[int, ...], wheel: bool) -> int:
    """The top card of five different ranks that make a straight, else 0."""
    if order[0] - order[4] == 4:
        return order[0]
    if wheel and order == (14, 5, 4, 3, 2):
        return 5
    return 0


@cache
def plain_parts(ranks: tuple[int, ...], order: str) -> Parts:
    """The hand as not a flush: pairs and straights (where the ranking counts them)."""
    if order == "ace_to_five":
        low = tuple(1 if r == 14 else r for r in ranks)
        grouped, shape = _groups(low)
        return _SHAPES[shape], grouped
    grouped, shape = _groups(ranks)
    if shape == (1, 1, 1, 1, 1):
        top = _straight_top(grouped, wheel=order == "high")
        if top:
            return Category.STRAIGHT, (top,)
    return _SHAPES[shape], grouped


@cache
def flush_parts(ranks: tuple[int, ...], order: str) -> Parts:
    """The hand as a flush (its pairs left aside): a flush or a straight flush.

    Ace-to-five does not count flushes: the hand is what it is without one.
    """
    if order == "ace_to_five":
        return plain_parts(ranks, order)
    grouped, shape = _groups(ranks)
    if shape == (1, 1, 1, 1, 1):
        top = _straight_top(grouped, wheel=order == "high")
        if top:
            return Category.STRAIGHT_FLUSH, (top,)
    return Category.FLUSH, tuple(sorted(ranks, reverse=True))


def goodness(parts: Parts, order: str) -> Goodness:
    """How good the hand is in the ranking: higher is better."""
    cat, ranks = parts
    if order == "high":
        return int(cat), ranks
    return -int(cat), tuple(-r for r in ranks)
