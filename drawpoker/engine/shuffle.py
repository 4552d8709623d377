"""Randomness enters the engine only here, at the edge.

A shuffler returns a deck order and a seed for any later reshuffle in the
deal; both are recorded in the deal's first event, so replaying the events
reproduces every card.
"""

from __future__ import annotations

import random
from typing import Protocol

from drawpoker.cards import Card, deck_of

__all__ = ["Shuffler", "RandomShuffler", "StackedShuffler"]


class Shuffler(Protocol):
    """Anything that can shuffle a deck for the next deal."""

    def shuffle(self) -> tuple[tuple[Card, ...], int]:
        """A deck order (52 cards and the rules' jokers) and a reshuffle seed."""
        ...


class RandomShuffler:
    """Shuffles with its own ``random.Random`` (a seed gives repeatable sessions)."""

    def __init__(self, seed: int | None = None, jokers: int = 0) -> None:
        self._random = random.Random(seed) if seed is not None else random.SystemRandom()
        self._deck = deck_of(jokers)  # 52 cards and the rules' jokers
        # Fisher-Yates as ``random.shuffle`` draws it: for each position from the
        # last down, a uniform index no higher, by rejection from ``getrandbits``
        # of the bit length of the count (``Random._randbelow``).
        self._draws = tuple((i, (i + 1).bit_length()) for i in reversed(range(1, len(self._deck))))

    def shuffle(self) -> tuple[tuple[Card, ...], int]:
        """The deck in the order ``random.shuffle`` would leave it from the same
        generator (the same draws, inlined: twice as fast), and a reshuffle seed."""
        deck = list(self._deck)
        bits = self._random.getrandbits
        for i, k in self._draws:
            j = bits(k)
            while j > i:
                j = bits(k)
            deck[i], deck[j] = deck[j], deck[i]
        return tuple(deck), bits(32)


class StackedShuffler:
    """Deals the given decks in turn: for tests and for settling a written deal."""

    def __init__(self, *decks: tuple[Card, ...], seed: int = 0) -> None:
        self._decks = list(decks)
        self._seed = seed

    def shuffle(self) -> tuple[tuple[Card, ...], int]:
        if not self._decks:
            raise IndexError("the stacked shuffler has no deck left")
        return tuple(self._decks.pop(0)), self._seed
