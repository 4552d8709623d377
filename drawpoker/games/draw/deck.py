"""The draw game's deck: 52 cards and the rules' jokers (docs/rules.md 4.3).

Two jokers are the same card written twice (``Jk``), so a hand, a stock or
a discard pile is a multiset: removing one joker leaves the other.

>>> from drawpoker.cards import parse_cards
>>> [str(c) for c in without(parse_cards("Jk Jk 7c 4h 2s", jokers=2), parse_cards("Jk 2s", jokers=1))]
['Jk', '7c', '4h']
>>> holds(parse_cards("Jk 7c 4h 2s 3s", jokers=1), parse_cards("Jk Jk", jokers=2))
False
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import filterfalse
from typing import Any

from drawpoker.cards import Card, deck_of

__all__ = ["deck_for", "jokers_of", "without", "holds", "is_whole_deck", "is_ace"]


def jokers_of(rules: Any) -> int:
    """The jokers a ruleset's deck holds (0 for rules without a deck section)."""
    deck = getattr(rules, "deck", None)
    return int(getattr(deck, "jokers", 0))


def deck_for(rules: Any) -> tuple[Card, ...]:
    """The whole deck of ``rules``: 52 cards, then its jokers."""
    return deck_of(jokers_of(rules))


def without(cards: Sequence[Card], gone: Sequence[Card]) -> tuple[Card, ...]:
    """``cards`` less ``gone``, one for one (a joker removes one joker)."""
    if not gone:
        return tuple(cards)
    if len(set(cards)) == len(cards):  # no card twice (no two jokers): each card gone takes its one
        return tuple(filterfalse(gone.__contains__, cards))
    left = list(cards)
    for card in gone:  # each removes the first of its kind still there (a hand holds five: list scans are cheap)
        if card in left:
            left.remove(card)
    return tuple(left)


def holds(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    """Does ``hand`` hold every one of ``cards`` (jokers counted)?"""
    if len(set(cards)) == len(cards):  # each named once: holding it is enough (the hot path)
        return all(c in hand for c in cards)
    have = Counter(hand)
    return all(have[c] >= n for c, n in Counter(cards).items())


def is_whole_deck(cards: Sequence[Card], jokers: int) -> bool:
    """Are ``cards`` exactly the deck with ``jokers`` jokers, each card once?"""
    return len(cards) == 52 + jokers and Counter(cards) == Counter(deck_of(jokers))


def is_ace(card: Card) -> bool:
    """A natural ace (a joker is no ace, even when it plays as one)."""
    return not card.is_joker and card.rank == 14
