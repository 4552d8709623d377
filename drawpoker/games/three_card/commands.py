"""Three Card Poker's commands: what a player (or the table) asks to do.

A command may be refused with :class:`~drawpoker.errors.IllegalAction`
naming the player, the bet and the reason; a refused command changes
nothing.
"""

from __future__ import annotations

from typing import NamedTuple

from drawpoker.cards import Card

__all__ = ["SitDown", "StartRound", "BoxBet", "PlaceBets", "Play", "Fold", "Command"]


class SitDown(NamedTuple):
    """Start a session: the participants clockwise, their stacks, the first
    dealer (a seat; it matters only when the dealer role rotates).
    ``evening_rules`` is given only to re-decide a recorded session (None:
    this drawpoker's rules of the evening; see ``TableOpened``)."""

    names: tuple[str, ...]
    stacks: tuple[int, ...]
    dealer: int = 0
    evening_rules: int | None = None


class StartRound(NamedTuple):
    """Start the next round with this deck (the shuffler's order)."""

    deck: tuple[Card, ...]
    reshuffle_seed: int = 0


class BoxBet(NamedTuple):
    """The bets on one box: an ante (0 for Pair Plus alone) and side bets."""

    ante: int = 0
    pair_plus: int = 0
    prime: int = 0
    six_card: int = 0


class PlaceBets(NamedTuple):
    """A player's bets for the round, one :class:`BoxBet` per box; none to
    sit the round out."""

    seat: int
    boxes: tuple[BoxBet, ...] = ()


class Play(NamedTuple):
    """Play a box: add the Play bet (the ante times the rules' multiple)."""

    seat: int
    box: int


class Fold(NamedTuple):
    """Fold a box: give up its ante."""

    seat: int
    box: int


Command = SitDown | StartRound | PlaceBets | Play | Fold
