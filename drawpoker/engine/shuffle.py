"""Randomness enters the engine only here, at the edge.

A shuffler returns a deck order and a seed for any later reshuffle in the
deal; both are recorded in the deal's first event, so replaying the events
reproduces every card.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from drawpoker.cards import Card, deck_of

__all__ = ["Shuffler", "RandomShuffler", "StackedShuffler"]


class Shuffler(Protocol):
    """Anything that can shuffle a deck for the next deal."""

    def shuffle(self, jokers: int | None = None) -> tuple[tuple[Card, ...], int]:
        """A deck order (52 cards and the rules' jokers, or ``jokers`` jokers
        when given: the deal's own game's in dealer's choice) and a reshuffle seed."""
        ...


class RandomShuffler:
    """Shuffles with its own ``random.Random`` (a seed gives repeatable sessions)."""

    def __init__(self, seed: int | None = None, jokers: int = 0) -> None:
        self._random = random.Random(seed) if seed is not None else random.SystemRandom()
        self._jokers = jokers
        self._deck, self._draws = self._plan(jokers)  # 52 cards and the rules' jokers
        self._plans = {jokers: (self._deck, self._draws)}

    @staticmethod
    def _plan(jokers: int) -> tuple[tuple[Card, ...], tuple[tuple[int, int], ...]]:
        """The deck with ``jokers`` jokers and the draws that shuffle it: Fisher-Yates
        as ``random.shuffle`` draws it, for each position from the last down a
        uniform index no higher, by rejection from ``getrandbits`` of the bit
        length of the count (``Random._randbelow``)."""
        deck = deck_of(jokers)
        return deck, tuple((i, (i + 1).bit_length()) for i in reversed(range(1, len(deck))))

    def shuffle(self, jokers: int | None = None) -> tuple[tuple[Card, ...], int]:
        """The deck in the order ``random.shuffle`` would leave it from the same
        generator (the same draws, inlined: twice as fast), and a reshuffle seed.
        ``jokers``: the deal's deck has that many jokers, not the rules' (dealer's
        choice of a game played with the joker)."""
        if jokers is None or jokers == self._jokers:
            deck, draws = list(self._deck), self._draws
        else:
            plan = self._plans.get(jokers)
            if plan is None:
                plan = self._plans[jokers] = self._plan(jokers)
            deck, draws = list(plan[0]), plan[1]
        bits = self._random.getrandbits
        for i, k in draws:
            j = bits(k)
            while j > i:
                j = bits(k)
            deck[i], deck[j] = deck[j], deck[i]
        made = tuple(deck)
        LAST_MADE[0], LAST_MADE[1] = made, len(made) - 52
        return made, bits(32)


#: the deck a :class:`RandomShuffler` made last, and its jokers: a permutation of the canonical
#: cards by construction, in an immutable tuple (held here, so no other object can take its place).
#: A game given that very tuple to deal from knows it whole without looking at each card
#: (``DrawGame``'s deck check; any other deck is checked card by card).
LAST_MADE: list[Any] = [None, -1]


class StackedShuffler:
    """Deals the given decks in turn: for tests and for settling a written deal."""

    def __init__(self, *decks: tuple[Card, ...], seed: int = 0) -> None:
        self._decks = list(decks)
        self._seed = seed

    def shuffle(self, jokers: int | None = None) -> tuple[tuple[Card, ...], int]:
        if not self._decks:
            raise IndexError("the stacked shuffler has no deck left")
        return tuple(self._decks.pop(0)), self._seed
