"""Mørkpoker's events: what happened, in the past tense.

Seats are numbers 0..n-1 in clockwise order. Amounts are chips.
"""

from __future__ import annotations

from typing import NamedTuple

from drawpoker.cards import Card
from drawpoker.engine.events import register


@register
class SessionStarted(NamedTuple):
    """Players sat down with their stacks; ``button`` deals first."""

    names: tuple[str, ...]
    stacks: tuple[int, ...]
    button: int


@register
class PlayerRebought(NamedTuple):
    """A broke player took a new stack between deals."""

    seat: int
    amount: int


@register
class PlayerSatOut(NamedTuple):
    """A broke player sits out the rest of the session."""

    seat: int


@register
class DealStarted(NamedTuple):
    """A deal began: the button, the shuffled deck and the reshuffle seed."""

    deal: int
    button: int
    deck: tuple[Card, ...]
    reshuffle_seed: int


@register
class AntePosted(NamedTuple):
    """A player paid the ante (all of their chips if short: all-in)."""

    seat: int
    amount: int


@register
class BlindPosted(NamedTuple):
    """A player posted a blind before the cards: ``blind`` is 'small' or
    'big', ``amount`` what went in (all the player had when short: all-in).
    The blind is a live bet of the first round, which it sets at ``level``:
    the big blind's full amount even when posted short."""

    seat: int
    blind: str
    amount: int
    level: int


@register
class CardsDealt(NamedTuple):
    """A player was dealt five cards, one at a time from the button's left."""

    seat: int
    cards: tuple[Card, ...]


@register
class RoundStarted(NamedTuple):
    """A betting round began with bets of ``step``; ``first`` acts first
    (None when no betting is possible)."""

    round: int
    step: int
    first: int | None


@register
class Checked(NamedTuple):
    """A player checked."""

    seat: int


@register
class BetPlaced(NamedTuple):
    """The first bet of a round: ``amount`` chips. ``full`` when it counts
    as a full bet (a whole step, or an all-in of at least the reopen share)."""

    seat: int
    amount: int
    full: bool


@register
class Called(NamedTuple):
    """A player matched the highest bet (or went all-in trying)."""

    seat: int
    amount: int


@register
class Raised(NamedTuple):
    """A player raised to ``to`` this round, putting in ``amount``.
    ``full`` when it reopens the betting and counts toward the cap."""

    seat: int
    amount: int
    to: int
    full: bool


@register
class Folded(NamedTuple):
    """A player folded; their chips stay in the pot."""

    seat: int


@register
class BetReturned(NamedTuple):
    """The part of a bet nobody matched went back to the player."""

    seat: int
    amount: int


@register
class RoundEnded(NamedTuple):
    """A betting round ended."""

    round: int


@register
class DealCheckedThrough(NamedTuple):
    """Everyone checked round 1: no exchange, the pot carries to a new deal."""

    pot: int


@register
class ExchangeStarted(NamedTuple):
    """The exchange began; players exchange in ``order``."""

    order: tuple[int, ...]


@register
class CardsExchanged(NamedTuple):
    """A player discarded and drew as many (the count is public).
    ``ace_shown`` is the ace shown to change more than the usual maximum."""

    seat: int
    discarded: tuple[Card, ...]
    drawn: tuple[Card, ...]
    ace_shown: Card | None


@register
class StockReshuffled(NamedTuple):
    """The stock ran out: earlier players' discards became the new stock."""

    stock: tuple[Card, ...]


@register
class ShowdownStarted(NamedTuple):
    """The showdown began; players show or muck in ``order``."""

    order: tuple[int, ...]


@register
class HandShown(NamedTuple):
    """A player showed five cards."""

    seat: int
    cards: tuple[Card, ...]


@register
class HandMucked(NamedTuple):
    """A player gave up unseen at the showdown."""

    seat: int


@register
class PotAwarded(NamedTuple):
    """A pot (0 is the main pot) was won. ``shares`` lists (seat, chips);
    ``odd`` the seats that got an odd chip; ``shown`` whether it went to a
    showdown (False when everybody else folded or mucked)."""

    pot: int
    amount: int
    eligible: tuple[int, ...]
    shares: tuple[tuple[int, int], ...]
    odd: tuple[int, ...]
    shown: bool


@register
class DealEnded(NamedTuple):
    """A deal ended. It carries everything the next deal starts from -- the
    stacks, the button, a carried pot, who sits out, the rebuys -- so a
    history can be verified or replayed from any deal's end (a checkpoint)."""

    deal: int
    stacks: tuple[int, ...]
    button: int
    carried: int
    out: tuple[bool, ...]
    rebuys: tuple[int, ...]
    rebought: tuple[int, ...]


@register
class SessionEnded(NamedTuple):
    """The session ended (``reason``: 'deals' or 'one_player_left')."""

    reason: str
