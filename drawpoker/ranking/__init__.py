"""Five-card hands under every ranking a house agrees (docs/rules.md 4.3-4.4).

A :class:`Ranking` gives every five-card hand a *strength*, an ``int`` that
is higher for the better hand whatever the ranking (high, ace-to-five or
deuce-to-seven lowball), with jokers (the bug or wild), wild ranks (deuces
wild), five of a kind above a straight flush, wild cards that may or may
not duplicate a card in the hand, and natural-beats-wild.

Evaluation is table-driven: the tables are built once per ranking, on first
use, from every choice the wild cards have; a hand then costs one or two
look-ups, as fast as the plain evaluator of :mod:`drawpoker.hands` (which
the plain high ranking uses as it is).

>>> from drawpoker.cards import parse_cards
>>> bug = ranking_for(jokers=1, joker="bug")
>>> bug.describe(parse_cards("Ks Kd 7c 4h Jk", jokers=1))
'one pair, kings, ace, seven, four kickers'
>>> low = ranking_for("ace_to_five")
>>> low.describe(parse_cards("7s 5d 4c 2h Ah"))
'seven-five low, four, two, ace'
>>> low.strength(parse_cards("5s 4d 3c 2h Ah")) == low.strength_count
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Protocol

from drawpoker.cards import (
    KEY_MASK,
    RANK_SHIFT,
    SUIT_MASK,
    Card,
    check_distinct,
    deck_of,
)
from drawpoker.errors import CardError
from drawpoker.hands import Category
from drawpoker.ranking.tables import Rules5, Tables, build_tables, key_of
from drawpoker.ranking.values import ORDERS, Parts
from drawpoker.ranking.words import describe

__all__ = ["Ranking", "Rules5", "Deck", "ranking_for", "ranking_for_deck", "Category", "ORDERS"]

Strength = Callable[[Sequence[Card]], int]


def _lookup(suited_by_mask: list[int], by_key: list[int]) -> Strength:
    """The evaluator of a ranking without wild ranks: one look-up."""

    def strength(
        cards: Sequence[Card],
        _sm: int = SUIT_MASK,
        _rs: int = RANK_SHIFT,
        _km: int = KEY_MASK,
        _fm: list[int] = suited_by_mask,
        _bk: list[int] = by_key,
    ) -> int:
        a, b, c, d, e = cards
        if a & b & c & d & e & _sm:
            return _fm[(a | b | c | d | e) >> _rs]
        return _bk[(a + b + c + d + e) & _km]

    return strength


def _lookup_wild(tables: Tables, fill: dict[int, int]) -> Strength:
    """The evaluator of a ranking with wild ranks: where the natural cards
    might share a suit (the entry is negative), their suits are looked at."""

    def strength(
        cards: Sequence[Card],
        _sm: int = SUIT_MASK,
        _rs: int = RANK_SHIFT,
        _km: int = KEY_MASK,
        _fm: list[int] = tables.suited_by_mask,
        _bk: list[int] = tables.by_key,
        _sk: dict[int, int] = tables.suited_by_key,
        _f: dict[int, int] = fill,
    ) -> int:
        a, b, c, d, e = cards
        if a & b & c & d & e & _sm:
            return _fm[(a | b | c | d | e) >> _rs]
        k = (a + b + c + d + e) & _km
        v = _bk[k]
        if v >= 0:
            return v
        if _f[a] & _f[b] & _f[c] & _f[d] & _f[e] & _sm:
            return _sk[k]
        return ~v

    return strength


class Ranking:
    """How five-card hands compare under one set of house rules.

    :attr:`strength` is the fast path (no checks: five cards of this deck);
    :meth:`evaluate` checks its input first.
    """

    def __init__(self, rules: Rules5) -> None:
        self.rules = rules
        self._plain = rules == Rules5()
        if self._plain:
            from drawpoker import hands

            self.strength: Strength = hands.strength
            self.strength_count = hands.STRENGTH_COUNT
            self._tables: Tables | None = None
        else:
            tables = build_tables(rules)
            self._tables = tables
            if rules.wild_ranks:
                fill: dict[int, int] = {
                    c: (c | SUIT_MASK if c.is_joker or c.rank in rules.wild_ranks else c) for c in deck_of(2)
                }
                self.strength = _lookup_wild(tables, fill)
            else:
                self.strength = _lookup(tables.suited_by_mask, tables.by_key)
            self.strength_count = len(tables.by_strength) - 1

    def __repr__(self) -> str:
        return f"Ranking({self.rules!r})"

    # ------------------------------------------------------------ facts

    @property
    def order(self) -> str:
        """``high``, ``ace_to_five`` or ``deuce_to_seven``."""
        return self.rules.order

    @property
    def lowball(self) -> bool:
        """Whether the lowest hand wins."""
        return self.rules.order != "high"

    @property
    def jokers(self) -> int:
        """The jokers in the deck."""
        return self.rules.jokers

    def deck(self) -> tuple[Card, ...]:
        """The deck these hands are dealt from."""
        return deck_of(self.rules.jokers)

    def is_wild(self, card: Card) -> bool:
        """Whether ``card`` is a wild card (or the bug) here."""
        if card.is_joker:
            return self.rules.joker != "none"
        return card.rank in self.rules.wild_ranks

    # ------------------------------------------------------------ hands

    def evaluate(self, cards: Sequence[Card]) -> int:
        """The strength of exactly five cards of this deck, checking them."""
        cards = tuple(cards)
        if len(cards) != 5:
            raise CardError(f"a poker hand has five cards, found {len(cards)}")
        check_distinct(cards, jokers=self.rules.jokers)
        return self.strength(cards)

    def parts(self, strength: int) -> tuple[Category, tuple[int, ...], int]:
        """(category, deciding ranks most significant first, wild cards or -1).

        The ranks are 2..14, or 1 for an ace played low in ace-to-five; the
        wild-card count is said only when natural beats wild (else -1).
        """
        (cat, ranks), wild = self._by_strength(strength)
        return cat, ranks, wild

    def category_of(self, strength: int) -> Category:
        """The category of a strength (lowball hands without a pair are HIGH_CARD)."""
        return self._by_strength(strength)[0][0]

    def describe_strength(self, strength: int) -> str:
        """A strength in the players' words."""
        if self._plain:
            from drawpoker.hands import describe_strength

            return describe_strength(strength)
        parts, wild = self._by_strength(strength)
        return describe(parts, wild, self.rules.order)

    def category(self, cards: Sequence[Card]) -> Category:
        """The category of five cards (checked)."""
        return self.category_of(self.evaluate(cards))

    def describe(self, cards: Sequence[Card]) -> str:
        """Five cards (checked) in the players' words: ``"seven-five low, ..."``, ``"five aces"``."""
        return self.describe_strength(self.evaluate(cards))

    def best(self, hands: Iterable[Sequence[Card]]) -> int:
        """The highest strength among ``hands``."""
        return max(map(self.strength, hands))

    # ------------------------------------------------------------ classes (for odds)

    def tables(self) -> Tables:
        """The ranking's tables (built for the plain ranking on first call)."""
        if self._tables is None:
            self._tables = _plain_tables()
        return self._tables

    def class_strength(self, jokers: int, ranks: tuple[int, ...], suited: bool) -> int:
        """The strength of a hand named by its class: its jokers, its other
        ranks (2..14, ascending) and whether its natural cards share a suit."""
        t = self.tables()
        key = key_of(jokers, ranks)
        if suited:
            s = t.suited_by_key.get(key)
            if s is not None:
                return s
        v = t.by_key[key]
        return ~v if v < 0 else v

    def class_lookup(self) -> tuple[list[int], Callable[[int, int], int]]:
        """(``by_key``, ``suited(key, mask)``): the strength of a class by its key
        sum (an entry below 0 is ``~strength``), and of a class whose natural
        cards share a suit by its key and rank mask (jokers' bit included)."""
        if self._plain:
            from drawpoker import hands

            flush, unsuited = hands.lookup_tables()
            return unsuited, lambda key, mask: flush[mask]
        t = self.tables()
        suited_by_key, by_key = t.suited_by_key, t.by_key

        def suited(key: int, mask: int) -> int:
            s = suited_by_key.get(key)
            if s is None:
                v = by_key[key]
                return ~v if v < 0 else v
            return s

        return by_key, suited

    def _by_strength(self, strength: int) -> tuple[Parts, int]:
        if not 1 <= strength <= self.strength_count:
            raise ValueError(f"no hand has strength {strength} here")
        if self._plain:
            from drawpoker.hands import parts_of

            return parts_of(strength), -1
        return self.tables().by_strength[strength]


@cache
def _plain_tables() -> Tables:
    return build_tables(Rules5())


@cache
def _ranking(rules: Rules5) -> Ranking:
    return Ranking(rules)


def ranking_for(
    order: str = "high",
    jokers: int = 0,
    joker: str = "none",
    wild_ranks: Iterable[int] = (),
    wild_may_duplicate: bool = False,
    natural_beats_wild: bool = False,
) -> Ranking:
    """The ranking of these settings (built once, then shared)."""
    if order not in ORDERS:
        raise ValueError(f"unknown ranking {order!r}")
    if jokers not in (0, 1, 2):
        raise ValueError(f"a deck holds 0, 1 or 2 jokers, not {jokers}")
    if joker not in ("none", "bug", "wild"):
        raise ValueError(f"unknown joker {joker!r}")
    rules = Rules5(order, jokers, joker if jokers else "none", frozenset(wild_ranks))
    if rules.has_wild:
        rules = Rules5(order, jokers, rules.joker, rules.wild_ranks, wild_may_duplicate, natural_beats_wild)
    return _ranking(rules)


class Deck(Protocol):
    """What a ranking is told of the deck: its jokers and what they do, the
    wild ranks, and how wild cards rank (a ruleset's ``deck`` section is one)."""

    @property
    def jokers(self) -> int: ...
    @property
    def joker(self) -> str: ...
    @property
    def wild_ranks(self) -> Iterable[int]: ...
    @property
    def wild_may_duplicate(self) -> bool: ...
    @property
    def natural_beats_wild(self) -> bool: ...


def ranking_for_deck(deck: Deck, order: str) -> Ranking:
    """The ranking of hands dealt from ``deck`` and compared in ``order``
    (``high``, ``ace_to_five``, ``deuce_to_seven``): a draw ruleset's
    ``ranking_for_deck(rules.deck, rules.showdown.ranking)``."""
    return ranking_for(
        order, deck.jokers, deck.joker, deck.wild_ranks, deck.wild_may_duplicate, deck.natural_beats_wild
    )
