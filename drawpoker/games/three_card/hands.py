"""Three-card hands for Three Card Poker.

Ranking, high to low: straight flush, three of a kind, straight, flush,
pair, high card (a straight beats a flush here). A-K-Q is the highest
straight and A-2-3 the lowest; K-A-2 is not a straight. Suits never rank.

>>> from drawpoker.cards import parse_cards
>>> h = evaluate3(parse_cards("7s 7d Kc"))
>>> h.category.name, h.describe()
('PAIR', 'pair of sevens, king kicker')
>>> dealer_qualifies(strength3(parse_cards("Qh 3d 2s")))
True
>>> dealer_qualifies(strength3(parse_cards("Jh 9d 8s")))
False
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import IntEnum
from itertools import combinations_with_replacement

from drawpoker.cards import KEY_MASK, RANK_KEYS, RANK_SHIFT, SUIT_MASK, Card, Rank, check_distinct
from drawpoker.errors import CardError

__all__ = [
    "Category3",
    "ThreeCardHand",
    "strength3",
    "evaluate3",
    "dealer_qualifies",
    "qualifier_strength",
    "describe_strength3",
    "category3_of",
    "STRENGTH3_COUNT",
]


class Category3(IntEnum):
    """The six Three Card Poker categories, low to high."""

    HIGH_CARD = 0
    PAIR = 1
    FLUSH = 2
    STRAIGHT = 3
    THREE_OF_A_KIND = 4
    STRAIGHT_FLUSH = 5

    @property
    def words(self) -> str:
        """The category in English words: ``"three of a kind"``."""
        return self.name.lower().replace("_", " ")


def _straight_top3(ranks: Sequence[int]) -> int:
    r = sorted(ranks, reverse=True)
    if len(set(r)) != 3:
        return 0
    if r[0] - r[2] == 2:
        return r[0]
    if r == [14, 3, 2]:
        return 3  # A-2-3, the lowest straight
    return 0


def _classify3(ranks: Sequence[int], flush: bool) -> tuple[Category3, tuple[int, ...]]:
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    order = tuple(r for r, _ in groups)
    if len(counts) == 1:
        return Category3.THREE_OF_A_KIND, order
    if len(counts) == 2:
        return Category3.PAIR, order
    top = _straight_top3(ranks)
    if top and flush:
        return Category3.STRAIGHT_FLUSH, (top,)
    if top:
        return Category3.STRAIGHT, (top,)
    if flush:
        return Category3.FLUSH, order
    return Category3.HIGH_CARD, order


def _build_tables() -> tuple[list[int], dict[int, int], list[tuple[Category3, tuple[int, ...]]]]:
    classes: list[tuple[Category3, tuple[int, ...], bool, int]] = []
    for combo in combinations_with_replacement(range(2, 15), 3):
        key = sum(RANK_KEYS[r - 2] for r in combo)
        cat, tb = _classify3(combo, flush=False)
        classes.append((cat, tb, False, key))
        if len(set(combo)) == 3:
            mask = sum(1 << (r - 2) for r in combo)
            cat, tb = _classify3(combo, flush=True)
            classes.append((cat, tb, True, mask))
    classes.sort(key=lambda c: (c[0], c[1]))
    flush_table = [0] * (1 << 13)
    unsuited: dict[int, int] = {}
    by_strength: list[tuple[Category3, tuple[int, ...]]] = [(Category3.HIGH_CARD, ())]
    for s, (cat, tb, is_flush, index) in enumerate(classes, start=1):
        if is_flush:
            flush_table[index] = s
        else:
            unsuited[index] = s
        by_strength.append((cat, tb))
    return flush_table, unsuited, by_strength


_FLUSH3, _UNSUITED3, _BY_STRENGTH3 = _build_tables()

#: The number of different three-card strengths (741).
STRENGTH3_COUNT = len(_BY_STRENGTH3) - 1


def strength3(
    cards: Sequence[Card],
    _sm: int = SUIT_MASK,
    _rs: int = RANK_SHIFT,
    _km: int = KEY_MASK,
    _ft: list[int] = _FLUSH3,
    _ut: dict[int, int] = _UNSUITED3,
) -> int:
    """The strength of three different cards, 1..741, higher is better (unchecked)."""
    a, b, c = cards
    if a & b & c & _sm:
        return _ft[(a | b | c) >> _rs]
    return _ut[(a + b + c) & _km]


def category3_of(hand_strength: int) -> Category3:
    """The category of a strength from :func:`strength3`."""
    return _BY_STRENGTH3[hand_strength][0]


def ranks3_of(hand_strength: int) -> tuple[Rank, ...]:
    """The deciding ranks of a strength, most significant first."""
    return tuple(Rank(r) for r in _BY_STRENGTH3[hand_strength][1])


def qualifier_strength(high_rank: Rank) -> int:
    """The weakest hand that is '``high_rank``-high or better'.

    Queen-high or better is the weakest queen-high hand, Q-3-2 of mixed
    suits: every pair qualifies, jack-high never does.
    """
    if high_rank <= Rank.FOUR:  # 4-3-2 is a straight: every hand is "four-high or better"
        return 1
    for middle in range(3, int(high_rank)):
        ranks = (int(high_rank), middle, 2)
        if not _straight_top3(ranks):  # A-3-2 is a straight: the weakest ace-high is A-4-2
            return _UNSUITED3[sum(RANK_KEYS[r - 2] for r in ranks)]
    return 1  # pragma: no cover - every rank above four has a non-straight hand


#: Queen-high or better: the default dealer qualifier.
QUEEN_HIGH = qualifier_strength(Rank.QUEEN)


def dealer_qualifies(hand_strength: int, minimum: int = QUEEN_HIGH) -> bool:
    """True when the dealer's hand is at least the qualifying hand."""
    return hand_strength >= minimum


def describe_strength3(hand_strength: int) -> str:
    """A three-card strength in English words, e.g. ``"queen high, six, four"``."""
    cat, tb = _BY_STRENGTH3[hand_strength]
    R = [Rank(r) for r in tb]
    if cat is Category3.STRAIGHT_FLUSH:
        return f"straight flush, {R[0].word} high"
    if cat is Category3.THREE_OF_A_KIND:
        return f"three of a kind, {R[0].plural}"
    if cat is Category3.STRAIGHT:
        return f"straight, {R[0].word} high"
    if cat is Category3.FLUSH:
        return f"flush, {R[0].word} high, {R[1].word}, {R[2].word}"
    if cat is Category3.PAIR:
        return f"pair of {R[0].plural}, {R[1].word} kicker"
    return f"{R[0].word} high, {R[1].word}, {R[2].word}"


class ThreeCardHand:
    """Three cards with their Three Card Poker strength.

    Immutable, equal when cards and strength are (a plain class, as
    :class:`drawpoker.hands.FiveCardHand`: ``drawpoker hand`` with three
    cards does not pay for importing attrs).
    """

    __slots__ = ("cards", "strength")
    cards: tuple[Card, ...]
    strength: int

    def __init__(self, cards: tuple[Card, ...], strength: int) -> None:
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "strength", strength)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a ThreeCardHand cannot be changed ({name})")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ThreeCardHand):
            return NotImplemented
        return (self.cards, self.strength) == (other.cards, other.strength)

    def __hash__(self) -> int:
        return hash((self.cards, self.strength))

    def __repr__(self) -> str:
        return f"ThreeCardHand(cards={self.cards!r}, strength={self.strength!r})"

    @property
    def category(self) -> Category3:
        """The hand's category."""
        return category3_of(self.strength)

    def describe(self) -> str:
        """The hand in English words."""
        return describe_strength3(self.strength)


def evaluate3(cards: Sequence[Card]) -> ThreeCardHand:
    """Evaluate exactly three different cards, checking the input."""
    cards = tuple(cards)
    if len(cards) != 3:
        raise CardError(f"a Three Card Poker hand has three cards, found {len(cards)}")
    check_distinct(cards)
    return ThreeCardHand(cards, strength3(cards))
