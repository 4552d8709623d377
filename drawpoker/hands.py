"""Five-card poker hands: a total order, categories, and hands in words.

Every five-card hand gets a *strength* from 1 (7-5-4-3-2 of mixed suits) to
7462 (a royal flush); a higher strength wins, equal strengths split. There
are exactly 7,462 different strengths because suits never rank.

>>> from drawpoker.cards import parse_cards
>>> hand = evaluate(parse_cards("Kh Kd 7s 7c As"))
>>> hand.category.name, hand.describe()
('TWO_PAIR', 'two pair, kings and sevens, ace kicker')
>>> strength(parse_cards("Ah 2d 3s 4c 5h")) < strength(parse_cards("2h 3d 4s 5c 6h"))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from enum import IntEnum
from itertools import combinations, combinations_with_replacement

import attrs

from drawpoker.cards import (
    KEY_MASK,
    RANK_KEYS,
    RANK_SHIFT,
    SUIT_MASK,
    Card,
    Rank,
    check_distinct,
)
from drawpoker.errors import CardError

__all__ = [
    "Category",
    "FiveCardHand",
    "strength",
    "evaluate",
    "best_five",
    "describe_strength",
    "describe_parts",
    "category_of",
    "STRENGTH_COUNT",
]


class Category(IntEnum):
    """The five-card categories, low to high (royal flush is a named
    straight flush; five of a kind needs a wild card, see
    :mod:`drawpoker.ranking`)."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9

    @property
    def words(self) -> str:
        """The category in English words: ``"two pair"``."""
        return self.name.lower().replace("_", " ")


def _straight_top(ranks: Sequence[int]) -> int:
    """Top card of five distinct ranks that form a straight, else 0.

    Ace is high, or low only in A-2-3-4-5 (a five-high straight); there is
    no wrap-around (Q-K-A-2-3 is not a straight).
    """
    r = sorted(ranks, reverse=True)
    if r[0] - r[4] == 4:
        return r[0]
    if r == [14, 5, 4, 3, 2]:
        return 5
    return 0


def _classify(ranks: Sequence[int], flush: bool) -> tuple[Category, tuple[int, ...]]:
    """Category and tie-break ranks (most significant first) of five ranks."""
    counts = Counter(ranks)
    # Groups ordered by size, then rank: e.g. K K 7 7 A -> (13, 7, 14).
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    order = tuple(r for r, _ in groups)
    shape = tuple(n for _, n in groups)
    if len(counts) == 5:
        top = _straight_top(ranks)
        if top and flush:
            return Category.STRAIGHT_FLUSH, (top,)
        if flush:
            return Category.FLUSH, order
        if top:
            return Category.STRAIGHT, (top,)
        return Category.HIGH_CARD, order
    if shape == (4, 1):
        return Category.FOUR_OF_A_KIND, order
    if shape == (3, 2):
        return Category.FULL_HOUSE, order
    if shape == (3, 1, 1):
        return Category.THREE_OF_A_KIND, order
    if shape == (2, 2, 1):
        return Category.TWO_PAIR, order
    return Category.ONE_PAIR, order


def _build_tables() -> tuple[list[int], list[int], list[tuple[Category, tuple[int, ...]]]]:
    """The lookup tables: by rank mask for flushes, by key sum otherwise."""
    classes: list[tuple[Category, tuple[int, ...], bool, int]] = []
    ranks_all = range(2, 15)
    for combo in combinations_with_replacement(ranks_all, 5):
        if max(Counter(combo).values()) > 4:
            continue
        key = sum(RANK_KEYS[r - 2] for r in combo)
        cat, tb = _classify(combo, flush=False)
        classes.append((cat, tb, False, key))
        if len(set(combo)) == 5:
            mask = sum(1 << (r - 2) for r in combo)
            cat, tb = _classify(combo, flush=True)
            classes.append((cat, tb, True, mask))
    classes.sort(key=lambda c: (c[0], c[1]))
    flush_table = [0] * (1 << 13)
    unsuited_table = [0] * (4 * RANK_KEYS[12] + RANK_KEYS[11] + 1)
    by_strength: list[tuple[Category, tuple[int, ...]]] = [(Category.HIGH_CARD, ())]
    for s, (cat, tb, is_flush, index) in enumerate(classes, start=1):
        (flush_table if is_flush else unsuited_table)[index] = s
        by_strength.append((cat, tb))
    return flush_table, unsuited_table, by_strength


_FLUSH_TABLE, _UNSUITED_TABLE, _BY_STRENGTH = _build_tables()

#: The number of different five-card strengths.
STRENGTH_COUNT = len(_BY_STRENGTH) - 1

#: The lowest strength of each category.
CATEGORY_FLOOR: dict[Category, int] = {}
for _s in range(STRENGTH_COUNT, 0, -1):
    CATEGORY_FLOOR[_BY_STRENGTH[_s][0]] = _s
del _s


def strength(
    cards: Sequence[Card],
    _sm: int = SUIT_MASK,
    _rs: int = RANK_SHIFT,
    _km: int = KEY_MASK,
    _ft: list[int] = _FLUSH_TABLE,
    _ut: list[int] = _UNSUITED_TABLE,
) -> int:
    """The strength of five different cards: 1..7462, higher is better.

    The hot path: no validation (use :func:`evaluate` for checked input).
    """
    a, b, c, d, e = cards
    if a & b & c & d & e & _sm:
        return _ft[(a | b | c | d | e) >> _rs]
    return _ut[(a + b + c + d + e) & _km]


def category_of(hand_strength: int) -> Category:
    """The category of a strength from :func:`strength`."""
    return _BY_STRENGTH[hand_strength][0]


def _rank_words(ranks: Iterable[int]) -> str:
    return ", ".join(Rank(r).word for r in ranks)


def describe_strength(hand_strength: int) -> str:
    """A strength in English words, e.g. ``"full house, kings full of sevens"``.

    Two hands with the same strength always get the same words, so the words
    name exactly what decides a comparison.
    """
    cat, tb = _BY_STRENGTH[hand_strength]
    return describe_parts(cat, tuple(Rank(r) for r in tb))


def describe_parts(cat: Category, R: tuple[Rank, ...]) -> str:
    """A hand's category and deciding ranks (most significant first) in words."""
    if cat is Category.FIVE_OF_A_KIND:
        return f"five {R[0].plural}"
    if cat is Category.STRAIGHT_FLUSH:
        return "royal flush" if R[0] is Rank.ACE else f"straight flush, {R[0].word} high"
    if cat is Category.FOUR_OF_A_KIND:
        return f"four of a kind, {R[0].plural}, {R[1].word} kicker"
    if cat is Category.FULL_HOUSE:
        return f"full house, {R[0].plural} full of {R[1].plural}"
    if cat is Category.FLUSH:
        return f"flush, {_rank_words(R)}"
    if cat is Category.STRAIGHT:
        return f"straight, {R[0].word} high"
    if cat is Category.THREE_OF_A_KIND:
        return f"three of a kind, {R[0].plural}, {R[1].word} and {R[2].word} kickers"
    if cat is Category.TWO_PAIR:
        return f"two pair, {R[0].plural} and {R[1].plural}, {R[2].word} kicker"
    if cat is Category.ONE_PAIR:
        return f"one pair, {R[0].plural}, {_rank_words(R[1:])} kickers"
    return f"high card, {_rank_words(R)}"


def hand_parts(hand_strength: int) -> tuple[Category, tuple[Rank, ...]]:
    """The category and the deciding ranks, most significant first, for
    rendering a hand in another language."""
    cat, tb = _BY_STRENGTH[hand_strength]
    return cat, tuple(Rank(r) for r in tb)


@attrs.frozen(order=False)
class FiveCardHand:
    """Five cards with their strength; compare hands by :attr:`strength`."""

    cards: tuple[Card, ...]
    strength: int

    @property
    def category(self) -> Category:
        """The hand's category."""
        return category_of(self.strength)

    @property
    def is_royal_flush(self) -> bool:
        """True for A-K-Q-J-10 suited, the highest straight flush."""
        return self.strength == STRENGTH_COUNT

    @property
    def category_name(self) -> str:
        """The category in words, naming a royal flush as such."""
        return "royal flush" if self.is_royal_flush else self.category.words

    def describe(self) -> str:
        """The hand in English words, e.g. ``"two pair, kings and sevens, ace kicker"``."""
        return describe_strength(self.strength)


def evaluate(cards: Sequence[Card]) -> FiveCardHand:
    """Evaluate exactly five different cards, checking the input."""
    cards = tuple(cards)
    if len(cards) != 5:
        raise CardError(f"a poker hand has five cards, found {len(cards)}")
    check_distinct(cards)
    return FiveCardHand(cards, strength(cards))


def best_five(cards: Sequence[Card]) -> FiveCardHand:
    """The best five-card hand from five or more different cards.

    Used by the Six Card Bonus (the player's three and the dealer's three).
    Among equally strong choices the first in card order is returned.
    """
    cards = tuple(cards)
    if len(cards) < 5:
        raise CardError(f"need at least five cards for a poker hand, found {len(cards)}")
    check_distinct(cards)
    best = max(combinations(cards, 5), key=strength)
    return FiveCardHand(best, strength(best))
