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

import sys
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable, Sequence
from enum import IntEnum
from itertools import combinations, combinations_with_replacement

from drawpoker.cards import (
    KEY_MASK,
    RANK_KEYS,
    RANK_SHIFT,
    SUIT_MASK,
    Card,
    Rank,
    RankedHand,
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
    "classified_strength",
    "lookup_tables",
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


def _build_tables() -> list[tuple[Category, tuple[int, ...], bool, int]]:
    """Every class of five cards, weakest first: (category, deciding ranks,
    is a flush, index), where the index is the rank mask of a flush and the
    key sum otherwise. Used to generate :mod:`drawpoker.hand_tables`."""
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
    return classes


_FLUSH_BIT = 1 << 31


def classes_module(classes: Iterable[tuple[int, tuple[int, ...], bool, int]], doc: str, name: str) -> str:
    """The text of a module of built tables: ``name`` holds, for each hand
    class in order of strength, two little-endian 32-bit words, (flush bit |
    index) and (category << 20 | deciding ranks, four bits each, most
    significant first); ``doc`` is its docstring."""
    data = bytearray()
    for cat, tb, is_flush, index in classes:
        packed = 0
        for r in tb:
            packed = packed << 4 | r
        packed <<= 4 * (5 - len(tb))
        data += ((_FLUSH_BIT if is_flush else 0) | index).to_bytes(4, "little")
        data += (int(cat) << 20 | packed).to_bytes(4, "little")
    text = data.hex()
    lines = [f'    "{text[i : i + 96]}"' for i in range(0, len(text), 96)]
    return f'"""{doc}"""\n\n{name} = bytes.fromhex(\n' + "\n".join(lines) + "\n)\n"


def generate_table_module() -> str:
    """The text of :mod:`drawpoker.hand_tables`: for each strength 1..7462
    its class, as :func:`classes_module` packs it."""
    return classes_module(
        _build_tables(),
        "The five-card tables, built: generated by ``python -m drawpoker.hands``\n"
        "from :func:`drawpoker.hands.generate_table_module`; do not edit (a test\n"
        "checks that regenerating gives the same text).",
        "CLASSES",
    )


def _load_parts() -> list[int]:
    """The packed parts by strength (index 0 unused), from the shipped classes."""
    from array import array

    from drawpoker.hand_tables import CLASSES

    words = array("I")
    words.frombytes(CLASSES)
    if sys.byteorder == "big":  # pragma: no cover - the data is little-endian
        words.byteswap()
    return [0, *words[1::2]]


_PARTS = _load_parts()
_CATEGORIES = tuple(Category)

#: The number of different five-card strengths.
STRENGTH_COUNT = len(_PARTS) - 1

#: The lowest strength of each category.
CATEGORY_FLOOR: dict[Category, int] = {
    c: floor for c in _CATEGORIES if (floor := bisect_left(_PARTS, c << 20, 1)) <= STRENGTH_COUNT
}

# The look-up tables of :func:`strength`, by rank mask for a flush and by key
# sum otherwise. The key-sum table has 360,919 places (2.9 MB): filling it
# takes longer than the whole of ``drawpoker hand`` otherwise needs, so both
# start empty and are filled, in place, by the first look-up
# (:func:`lookup_tables`); a one-off :func:`evaluate` classifies its hand
# without them.
_FLUSH_TABLE: list[int] = []
_UNSUITED_TABLE: list[int] = []


def lookup_tables() -> tuple[list[int], list[int]]:
    """The look-up tables of :func:`strength` (flush by rank mask, the rest
    by key sum), filled on the first call: a table is 0 where no hand is."""
    if not _UNSUITED_TABLE:
        from array import array

        from drawpoker.hand_tables import CLASSES

        words = array("I")
        words.frombytes(CLASSES)
        if sys.byteorder == "big":  # pragma: no cover - the data is little-endian
            words.byteswap()
        # Sized in place (a list repeated in place: no second 2.9 MB list made and copied), then filled.
        # Interrupted (Ctrl-C, no memory), both are emptied again: never a half-filled table.
        flush_table, unsuited_table = _FLUSH_TABLE, _UNSUITED_TABLE
        try:
            flush_table[:] = (0,)
            flush_table *= 1 << 13
            unsuited_table[:] = (0,)
            unsuited_table *= 4 * RANK_KEYS[12] + RANK_KEYS[11] + 1
            for s, code in enumerate(words[0::2], start=1):
                if code & _FLUSH_BIT:
                    flush_table[code ^ _FLUSH_BIT] = s
                else:
                    unsuited_table[code] = s
        except BaseException:
            del flush_table[:], unsuited_table[:]
            raise
    return _FLUSH_TABLE, _UNSUITED_TABLE


def parts_of(hand_strength: int) -> tuple[Category, tuple[int, ...]]:
    """The category and the deciding ranks (2..14, most significant first) of a strength."""
    p = _PARTS[hand_strength]
    cat = _CATEGORIES[p >> 20]
    ranks = tuple(r for r in ((p >> shift) & 0xF for shift in (16, 12, 8, 4, 0)) if r)
    return cat, ranks


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
    The first call fills the tables (an empty table's IndexError; a ``try``
    costs nothing until it catches).
    """
    a, b, c, d, e = cards
    try:
        if a & b & c & d & e & _sm:
            return _ft[(a | b | c | d | e) >> _rs]
        return _ut[(a + b + c + d + e) & _km]
    except IndexError:
        if _ut:  # filled already: these are not five cards of the deck
            raise
    lookup_tables()
    return strength(cards)


def classified_strength(cards: Sequence[Card]) -> int:
    """The strength of five different cards found without the look-up
    tables: their category and deciding ranks, placed in the order of all
    hands (equal to :func:`strength`, and the quicker way to one answer
    before the tables are filled)."""
    a, b, c, d, e = cards
    cat, tb = _classify([(card >> RANK_SHIFT).bit_length() + 1 for card in cards], bool(a & b & c & d & e & SUIT_MASK))
    packed = int(cat) << 20
    for i, r in enumerate(tb):
        packed |= r << (16 - 4 * i)
    found = bisect_left(_PARTS, packed, 1)
    if found > STRENGTH_COUNT or _PARTS[found] != packed:  # pragma: no cover - every class is in the table
        raise CardError("not five cards of one deck")
    return found


def category_of(hand_strength: int) -> Category:
    """The category of a strength from :func:`strength`."""
    return _CATEGORIES[_PARTS[hand_strength] >> 20]


def _rank_words(ranks: Iterable[int]) -> str:
    return ", ".join(Rank(r).word for r in ranks)


def describe_strength(hand_strength: int) -> str:
    """A strength in English words, e.g. ``"full house, kings full of sevens"``.

    Two hands with the same strength always get the same words, so the words
    name exactly what decides a comparison.
    """
    cat, tb = parts_of(hand_strength)
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
    cat, tb = parts_of(hand_strength)
    return cat, tuple(Rank(r) for r in tb)


class FiveCardHand(RankedHand):
    """Five cards with their strength; compare hands by :attr:`strength`.

    Immutable, equal when cards and strength are (a plain class: starting
    ``drawpoker hand`` does not pay for attrs or typing).
    """

    __slots__ = ()

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
    """Evaluate exactly five different cards, checking the input (a single
    hand does not fill the look-up tables, see :func:`classified_strength`)."""
    cards = tuple(cards)
    if len(cards) != 5:
        raise CardError(f"a poker hand has five cards, found {len(cards)}")
    check_distinct(cards)
    return FiveCardHand(cards, strength(cards) if _UNSUITED_TABLE else classified_strength(cards))


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


if __name__ == "__main__":  # regenerate the shipped tables
    from pathlib import Path

    Path(__file__).with_name("hand_tables.py").write_text(generate_table_module(), encoding="utf-8")
