"""Ranks, suits, cards, the joker and the deck.

A :class:`Card` is an ``int`` whose bits the hand evaluator reads directly
(rank bit, suit bit and an additive rank key), so the same object is used
everywhere from the YAML edge to the evaluator's inner loop.

The joker is written ``Jk`` (``🃏`` is read too). It has no rank and no
suit: asking for either raises :class:`CardError`. A deck holds 0, 1 or 2
jokers (:func:`deck_of`); two jokers are the same card written twice.

>>> parse_cards("Jk As", jokers=1)
(Card('Jk'), Card('As'))
>>> len(deck_of(jokers=2))
54

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
from drawpoker.notes import N_, Note

__all__ = [
    "Rank",
    "Suit",
    "Card",
    "DECK",
    "JOKER",
    "deck_of",
    "parse_card",
    "parse_cards",
    "format_cards",
    "card_text",
    "RankedHand",
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
#: The joker's key: above every five-card sum (4 * 79415 + 43258 = 360918),
#: so the key sum of a hand also says how many jokers it holds (0, 1 or 2).
JOKER_KEY = 4 * RANK_KEYS[12] + RANK_KEYS[11] + 1
KEY_BITS = 20  # 2 * 360919 + 3 * 79415 = 960083 < 2 ** 20
KEY_MASK = (1 << KEY_BITS) - 1
SUIT_SHIFT = KEY_BITS
SUIT_MASK = 0xF << SUIT_SHIFT
RANK_SHIFT = KEY_BITS + 4
#: The joker's bit above the 13 rank bits (after shifting by RANK_SHIFT).
JOKER_BIT = 1 << 13


class Card(int):
    """One playing card.

    The integer value is ``rank bit << 24 | suit bit << 20 | rank key``; use
    :attr:`rank` and :attr:`suit` rather than the number. The joker has a
    bit of its own above the ranks, every suit bit (so it never spoils a
    flush test) and :data:`JOKER_KEY`.
    """

    __slots__ = ()

    def __new__(cls, text: str) -> Card:
        return parse_card(text)

    @property
    def rank(self) -> Rank:
        """The card's rank; a joker has none (:class:`CardError`)."""
        try:
            return _RANK_OF[self]
        except KeyError:
            raise CardError("the joker has no rank") from None

    @property
    def suit(self) -> Suit:
        """The card's suit; a joker has none (:class:`CardError`)."""
        try:
            return _SUIT_OF[self]
        except KeyError:
            raise CardError("the joker has no suit") from None

    @property
    def is_joker(self) -> bool:
        """True for the joker."""
        return int(self) == _JOKER_CODE

    @property
    def index(self) -> int:
        """A dense number 0..51 (rank-major), the joker 52, for tables and bitsets."""
        return _INDEX_OF[self]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds (the joker is neither)."""
        suit = _SUIT_OF.get(self)
        return suit is not None and suit.is_red

    def __str__(self) -> str:
        return _TEXT_OF[self]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __reduce__(self) -> tuple[Callable[[str], Card], tuple[str]]:  # pickling and copying keep the canonical object
        return (parse_card, (str(self),))

    def to_unicode(self) -> str:
        """The card with its Unicode suit symbol, e.g. ``A♠``; the joker ``🃏``."""
        if self.is_joker:
            return JOKER_SYMBOL
        return self.rank.char + self.suit.symbol


def _make(rank: Rank, suit: Suit) -> Card:
    code = (1 << (RANK_SHIFT + rank - 2)) | (1 << (SUIT_SHIFT + suit)) | RANK_KEYS[rank - 2]
    return int.__new__(Card, code)


#: The 52 cards in rank-major order (2c 2d 2h 2s 3c ... As).
DECK: tuple[Card, ...] = tuple(_make(r, s) for r in Rank for s in Suit)

_JOKER_CODE = (JOKER_BIT << RANK_SHIFT) | SUIT_MASK | JOKER_KEY
#: The joker, written ``Jk``.
JOKER: Card = int.__new__(Card, _JOKER_CODE)
JOKER_TEXT = "Jk"
JOKER_SYMBOL = "🃏"

_RANK_OF: dict[int, Rank] = {c: Rank((int(c) >> RANK_SHIFT).bit_length() + 1) for c in DECK}
_SUIT_OF: dict[int, Suit] = {c: Suit(((int(c) & SUIT_MASK) >> SUIT_SHIFT).bit_length() - 1) for c in DECK}
_INDEX_OF: dict[int, int] = {c: i for i, c in enumerate(DECK)}
_INDEX_OF[JOKER] = 52
_TEXT_OF: dict[int, str] = {c: "23456789TJQKA"[_RANK_OF[c] - 2] + "cdhs"[_SUIT_OF[c]] for c in DECK}
_TEXT_OF[JOKER] = JOKER_TEXT
_BY_TEXT: dict[str, Card] = {_TEXT_OF[c]: c for c in DECK}
_BY_TEXT[JOKER_TEXT] = JOKER

#: Every card by its text, the joker (``Jk``) included.
CARD_BY_TEXT: dict[str, Card] = dict(_BY_TEXT)


def deck_of(jokers: int = 0) -> tuple[Card, ...]:
    """The deck with ``jokers`` jokers (0, 1 or 2) after the 52 cards.

    >>> len(deck_of()), len(deck_of(1)), format_cards(deck_of(2)[-3:])
    (52, 53, 'As Jk Jk')
    """
    if jokers not in (0, 1, 2):
        raise CardError(f"a deck holds 0, 1 or 2 jokers, not {jokers}")
    return DECK + (JOKER,) * jokers


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
# One card: the joker (Jk or its symbol), or a rank (10 or one character)
# followed by one suit character.
_CARD_RE = re.compile(r"(?P<joker>[Jj][Kk]|\U0001F0CF)|(?P<rank>10|[^\s,])(?P<suit>[^\s,]?)")


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
            raise CardError(Note(N_("'' is not a card: it is empty")))
        raise CardError(
            Note(N_("'{token}' is not a card: expected a rank and a suit, like 'As' or '10h'"), token=token)
        )
    return _card_of_match(token, m)


def _card_of_match(token: str, m: re.Match[str]) -> Card:
    if m.group("joker"):
        return JOKER
    return _card_from_parts(token, m.group("rank"), m.group("suit"))


def _card_from_parts(token: str, rank_text: str, suit_text: str) -> Card:
    rank = _RANK_TOKENS.get(rank_text.upper())
    if rank is None:
        raise CardError(Note(N_("'{token}' is not a card: unknown rank '{rank}'"), token=token, rank=rank_text))
    if not suit_text:
        raise CardError(Note(N_("'{token}' is not a card: missing suit"), token=token))
    suit = _SUIT_TOKENS.get(suit_text.lower()) or _SUIT_TOKENS.get(suit_text)
    if suit is None:
        raise CardError(Note(N_("'{token}' is not a card: unknown suit '{suit}'"), token=token, suit=suit_text))
    return _BY_TEXT[rank + suit]


def parse_cards(text: str, *, distinct: bool = True, jokers: int = 0) -> tuple[Card, ...]:
    """Parse cards written with or without spaces or commas between them.

    ``"As Kd 7c"``, ``"AsKd7c"``, ``"A♠ K♦ 7♣"`` and ``"As,Kd,10c"`` all work.
    With ``distinct`` (the default) a card given twice is an error, and so
    is a joker (``Jk`` or ``🃏``) beyond the ``jokers`` the deck holds.

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
            cards.append(_card_of_match(token, m))
            pos = m.end()
    if distinct:
        check_distinct(cards, jokers=jokers)
    return tuple(cards)


def check_distinct(cards: Iterable[Card], *, jokers: int = 0) -> None:
    """Raise :class:`CardError` naming the first card that appears twice, or
    a joker beyond the ``jokers`` the deck holds (two jokers are the same card)."""
    seen: set[int] = set()
    jokers_seen = 0
    for card in cards:
        if card == _JOKER_CODE:
            jokers_seen += 1
            if jokers_seen > jokers:
                if jokers == 0:
                    raise CardError(Note(N_("'Jk' is a joker, and this deck has none")))
                raise CardError(Note(N_("too many jokers: this deck has {n}"), n=jokers))
            continue
        if card in seen:
            raise CardError(Note(N_("duplicate card '{card}'"), card=str(card)))
        seen.add(card)


def format_cards(cards: Sequence[Card] | Iterable[Card], *, unicode: bool = False) -> str:
    """Cards separated by spaces, in ASCII (``As Kd``) or Unicode (``A♠ K♦``)."""
    if unicode:
        return " ".join(c.to_unicode() for c in cards)
    return " ".join(str(c) for c in cards)


def card_text(card: Card, unicode: bool) -> str:
    """One card as a player reads it: ``A♠`` or ``As``; tens as ``10``; the joker ``🃏`` or ``Jk``."""
    if card.is_joker:
        return card.to_unicode() if unicode else str(card)
    rank = "10" if card.rank.char == "T" else card.rank.char
    return rank + (card.suit.symbol if unicode else card.suit.char)


def card_from_index(index: int) -> Card:
    """The card with dense number ``index`` (0..51, the joker 52), see :attr:`Card.index`."""
    return JOKER if index == 52 else DECK[index]


class RankedHand:
    """Cards with their strength under a game's ranking (the base of
    :class:`drawpoker.hands.FiveCardHand` and Three Card Poker's hand).

    Immutable, equal when the class, cards and strength are; copied and
    pickled by its two fields. A plain class, not attrs: starting
    ``drawpoker hand`` does not pay for importing attrs or typing.
    """

    __slots__ = ("cards", "strength")
    cards: tuple[Card, ...]
    strength: int

    def __init__(self, cards: tuple[Card, ...], strength: int) -> None:
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "strength", strength)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a {type(self).__name__} cannot be changed ({name})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a {type(self).__name__} cannot be changed ({name})")

    def __reduce__(self) -> tuple[type[RankedHand], tuple[tuple[Card, ...], int]]:
        return type(self), (self.cards, self.strength)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, RankedHand)
        return (self.cards, self.strength) == (other.cards, other.strength)

    def __hash__(self) -> int:
        return hash((self.cards, self.strength))

    def __repr__(self) -> str:
        return f"{type(self).__name__}(cards={self.cards!r}, strength={self.strength!r})"
