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

    def shuffle(self) -> tuple[tuple[Card, ...], int]:
        deck = list(self._deck)
        self._random.shuffle(deck)
        return tuple(deck), self._random.getrandbits(32)


class StackedShuffler:
    """Deals the given decks in turn: for tests and for settling a written deal."""

    def __init__(self, *decks: tuple[Card, ...], seed: int = 0) -> None:
        self._decks = list(decks)
        self._seed = seed

    def shuffle(self) -> tuple[tuple[Card, ...], int]:
        if not self._decks:
            raise IndexError("the stacked shuffler has no deck left")
        return tuple(self._decks.pop(0)), self._seed
