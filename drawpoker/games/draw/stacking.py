"""Stacking the deck: the deck order that deals given hands and stock.

Used to settle a deal written by hand and by tests that need exact cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from drawpoker.cards import Card, check_distinct, deck_of
from drawpoker.engine.pots import clockwise_from
from drawpoker.games.draw.deck import without

__all__ = ["stacked_deck"]


def stacked_deck(
    hands: Mapping[int, Sequence[Card]],
    button: int,
    seats: int,
    stock: Sequence[Card] = (),
    jokers: int = 0,
) -> tuple[Card, ...]:
    """The deck order (52 cards and ``jokers`` jokers) that deals ``hands``
    (seat -> five cards) one card at a time from the button's left, followed
    by ``stock`` and then the remaining cards. Raises CardError if a card is
    used twice, or more jokers than the deck holds."""
    order = [seat for seat in clockwise_from(button, seats) if seat in hands]
    k = len(order)
    top: list[Card | None] = [None] * (5 * k)
    for j, seat in enumerate(order):
        cards = tuple(hands[seat])
        if len(cards) != 5:
            raise ValueError(f"seat {seat} needs five cards, got {len(cards)}")
        for i, card in enumerate(cards):
            top[j + k * i] = card
    used = [c for c in top if c is not None] + list(stock)
    check_distinct(used, jokers=jokers)
    return tuple(used) + without(deck_of(jokers), used)
