"""Stacking the deck: the order that deals given boxes and dealer's hand.

Used to settle a round written by hand and by tests that need exact cards.

>>> from drawpoker.cards import parse_cards, format_cards
>>> deck = stacked_deck([parse_cards("7s 7d Kc")], parse_cards("Ah Jc 8s"))
>>> format_cards(deck[:6]), len(deck)
('7s 7d Kc Ah Jc 8s', 52)
"""

from __future__ import annotations

from collections.abc import Sequence

from drawpoker.cards import DECK, Card, check_distinct

__all__ = ["stacked_deck"]


def stacked_deck(boxes: Sequence[Sequence[Card]], dealer: Sequence[Card] = ()) -> tuple[Card, ...]:
    """The 52-card order that deals ``boxes`` (three cards each, in box
    order) and then ``dealer``'s three; the rest follow in deck order.
    Raises CardError if a card is used twice."""
    top: list[Card] = []
    for i, cards in enumerate(boxes):
        if len(cards) != 3:
            raise ValueError(f"box {i + 1} needs three cards, got {len(cards)}")
        top.extend(cards)
    if dealer and len(dealer) != 3:
        raise ValueError(f"the dealer needs three cards, got {len(dealer)}")
    top.extend(dealer)
    check_distinct(top)
    used = set(top)
    return tuple(top) + tuple(c for c in DECK if c not in used)
