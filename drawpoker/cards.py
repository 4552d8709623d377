"""Ranks, suits, cards and the 52-card deck.

A :class:`Card` is an ``int`` whose bits the hand evaluator reads directly
(rank bit, suit bit and an additive rank key), so the same object is used
everywhere from the YAML edge to the evaluator's inner loop.

>>> parse_cards("As Kd 10c")
(Card('As'), Card('Kd'), Card('Tc'))
>>> format_cards(parse_cards("A♠ K♦ 7♣"))
'As Kd 7c'
>>> format_cards(parse_cards("AsKd7c"), unicode=True)
'A♠ K♦ 7♣'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from enum import IntEnum

from drawpoker.errors import CardError

__all__ = [
    "Rank",
    "Suit",
    "Card",
    "DECK",
    "parse_card",
    "parse_cards",
    "format_cards",
]


class Rank(IntEnum):
    """A card's rank; the value is its pip value with the ace high (14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        """The one-letter symbol: ``2``..``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return "23456789TJQKA"[self - 2]

    @property
    def word(self) -> str:
        """The English name in the singular: ``"king"``."""
        return _RANK_WORDS[self - 2]

    @property
    def plural(self) -> str:
        """The English name in the plural: ``"sixes"``."""
        return _RANK_PLURALS[self - 2]


_RANK_WORDS = (
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
)
_RANK_PLURALS = (
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
    "aces",
)


class Suit(IntEnum):
    """A suit. Suits never rank; the order is only for sorting and display."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        """The ASCII letter: ``c``, ``d``, ``h``, ``s``."""
        return "cdhs"[self]

    @property
    def symbol(self) -> str:
        """The Unicode symbol: ``♣``, ``♦``, ``♥``, ``♠``."""
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red; clubs and spades black."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)


#: Additive rank keys: the sums of any five of them (at most four alike) are
#: all different, so the sum of five cards' keys identifies their ranks.
RANK_KEYS = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
KEY_BITS = 19  # 4 * 79415 + 43258 = 360918 < 2 ** 19
KEY_MASK = (1 << KEY_BITS) - 1
SUIT_SHIFT = KEY_BITS
SUIT_MASK = 0xF << SUIT_SHIFT
RANK_SHIFT = KEY_BITS + 4


class Card(int):
    """One playing card.

    The integer value is ``rank bit << 23 | suit bit << 19 | rank key``; use
    :attr:`rank` and :attr:`suit` rather than the number.
    """

    __slots__ = ()

    def __new__(cls, text: str) -> Card:
        return parse_card(text)

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return _RANK_OF[self]

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return _SUIT_OF[self]

    @property
    def index(self) -> int:
        """A dense number 0..51 (rank-major), for tables and bitsets."""
        return _INDEX_OF[self]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self.suit.is_red

    def __str__(self) -> str:
        return self.rank.char + self.suit.char

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __reduce__(self) -> tuple[Callable[[str], Card], tuple[str]]:  # pickling and copying keep the canonical object
        return (parse_card, (str(self),))

    def to_unicode(self) -> str:
        """The card with its Unicode suit symbol, e.g. ``A♠``."""
        return self.rank.char + self.suit.symbol


def _make(rank: Rank, suit: Suit) -> Card:
    code = (1 << (RANK_SHIFT + rank - 2)) | (1 << (SUIT_SHIFT + suit)) | RANK_KEYS[rank - 2]
    return int.__new__(Card, code)


#: The 52 cards in rank-major order (2c 2d 2h 2s 3c ... As).
DECK: tuple[Card, ...] = tuple(_make(r, s) for r in Rank for s in Suit)

_RANK_OF: dict[int, Rank] = {c: Rank((int(c) >> RANK_SHIFT).bit_length() + 1) for c in DECK}
_SUIT_OF: dict[int, Suit] = {c: Suit(((int(c) & SUIT_MASK) >> SUIT_SHIFT).bit_length() - 1) for c in DECK}
_INDEX_OF: dict[int, int] = {c: i for i, c in enumerate(DECK)}
_BY_TEXT: dict[str, Card] = {str(c): c for c in DECK}

_RANK_TOKENS = {
    **{ch: ch for ch in "23456789"},
    "T": "T",
    "10": "T",
    "J": "J",
    "Q": "Q",
    "K": "K",
    "A": "A",
}
_SUIT_TOKENS = {
    "c": "c",
    "d": "d",
    "h": "h",
    "s": "s",
    "♣": "c",
    "♦": "d",
    "♥": "h",
    "♠": "s",
    "♧": "c",
    "♢": "d",
    "♡": "h",
    "♤": "s",
}
# One card: a rank (10 or one character) followed by one suit character.
_CARD_RE = re.compile(r"(10|[^\s,])([^\s,]?)")


def parse_card(text: str) -> Card:
    """Parse one card such as ``"As"``, ``"10h"``, ``"Th"`` or ``"A♠"``.

    >>> parse_card("10h")
    Card('Th')
    >>> parse_card("Kx")
    Traceback (most recent call last):
    ...
    drawpoker.errors.CardError: 'Kx' is not a card: unknown suit 'x'
    """
    token = text.strip()
    m = _CARD_RE.fullmatch(token)
    if not m:
        if not token:
            raise CardError("'' is not a card: it is empty")
        raise CardError(f"'{token}' is not a card: expected a rank and a suit, like 'As' or '10h'")
    return _card_from_parts(token, m.group(1), m.group(2))


def _card_from_parts(token: str, rank_text: str, suit_text: str) -> Card:
    rank = _RANK_TOKENS.get(rank_text.upper())
    if rank is None:
        raise CardError(f"'{token}' is not a card: unknown rank '{rank_text}'")
    if not suit_text:
        raise CardError(f"'{token}' is not a card: missing suit")
    suit = _SUIT_TOKENS.get(suit_text.lower()) or _SUIT_TOKENS.get(suit_text)
    if suit is None:
        raise CardError(f"'{token}' is not a card: unknown suit '{suit_text}'")
    return _BY_TEXT[rank + suit]


def parse_cards(text: str, *, distinct: bool = True) -> tuple[Card, ...]:
    """Parse cards written with or without spaces or commas between them.

    ``"As Kd 7c"``, ``"AsKd7c"``, ``"A♠ K♦ 7♣"`` and ``"As,Kd,10c"`` all work.
    With ``distinct`` (the default) a card given twice is an error.

    >>> parse_cards("As As")
    Traceback (most recent call last):
    ...
    drawpoker.errors.CardError: duplicate card 'As'
    """
    if not isinstance(text, str):
        raise CardError(f"expected cards as text like 'As Kd 7c', found {type(text).__name__} {text!r}")
    cards: list[Card] = []
    for chunk in re.split(r"[\s,]+", text.strip()):
        pos = 0
        while pos < len(chunk):
            m = _CARD_RE.match(chunk, pos)
            assert m is not None  # the pattern matches any non-empty rest
            token = m.group(0)
            cards.append(_card_from_parts(token, m.group(1), m.group(2)))
            pos = m.end()
    if distinct:
        check_distinct(cards)
    return tuple(cards)


def check_distinct(cards: Iterable[Card]) -> None:
    """Raise :class:`CardError` naming the first card that appears twice."""
    seen: set[int] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"duplicate card '{card}'")
        seen.add(card)


def format_cards(cards: Sequence[Card] | Iterable[Card], *, unicode: bool = False) -> str:
    """Cards separated by spaces, in ASCII (``As Kd``) or Unicode (``A♠ K♦``)."""
    if unicode:
        return " ".join(c.to_unicode() for c in cards)
    return " ".join(str(c) for c in cards)


def card_from_index(index: int) -> Card:
    """The card with dense number ``index`` (0..51), see :attr:`Card.index`."""
    return DECK[index]
