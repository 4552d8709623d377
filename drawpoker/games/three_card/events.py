"""Three Card Poker's events: what happened at the table, in the past tense.

Seats are numbers 0..n-1 in clockwise order; boxes are numbered 0..b-1 in
the round's dealing order (clockwise from the dealer's left, each player's
boxes in the order the player placed them). Amounts are chips.

The names differ from Mørkpoker's because one codec reads both games'
histories.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from drawpoker.cards import Card
from drawpoker.engine.events import register, register_upcaster
from drawpoker.games.evening import EVENING_RULES

__all__ = [
    "TableOpened",
    "RoundOpened",
    "BetsPlaced",
    "BoxDealt",
    "PlayBetPlaced",
    "BoxFolded",
    "DealerRevealed",
    "BoxSettled",
    "WinningsPaid",
    "RoundClosed",
    "RebuyTaken",
    "PlayerStoodUp",
    "TableClosed",
]


@register(version=2)
class TableOpened(NamedTuple):
    """Participants sat down with their stacks.

    ``rotating``: the dealer role rotates and the dealer's own stack is the
    bank; ``dealer`` is the first dealer then (None with a house bank).
    ``bank`` is the house bank's chips (None: unlimited, or a rotating bank).
    ``evening_rules``: the version of the rules of the evening the session is
    played by (:data:`~drawpoker.games.evening.EVENING_RULES`). Version 2
    added it; a table opened before reads as version 1 of those rules.
    """

    names: tuple[str, ...]
    stacks: tuple[int, ...]
    rotating: bool
    dealer: int | None
    bank: int | None
    evening_rules: int = EVENING_RULES


def _table_opened_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Before version 2 the rules of the evening had no version: version 1."""
    return {**data, "evening_rules": 1}


register_upcaster("TableOpened", 1, _table_opened_v1)


@register
class RoundOpened(NamedTuple):
    """A round began: its number, the dealer (None: the house), the shuffled
    deck and the reshuffle seed. The deck decides every card of the round."""

    round: int
    dealer: int | None
    deck: tuple[Card, ...]
    reshuffle_seed: int


@register
class BetsPlaced(NamedTuple):
    """A player placed the bets of their boxes, each ``(ante, pair_plus,
    prime, six_card)``; no boxes: the player sits this round out."""

    seat: int
    boxes: tuple[tuple[int, int, int, int], ...]


@register
class BoxDealt(NamedTuple):
    """A box was dealt its three cards."""

    box: int
    seat: int
    cards: tuple[Card, ...]


@register
class PlayBetPlaced(NamedTuple):
    """The box's owner played: a Play bet of ``amount`` chips."""

    box: int
    seat: int
    amount: int


@register
class BoxFolded(NamedTuple):
    """The box's owner folded: the ante is lost."""

    box: int
    seat: int


@register
class DealerRevealed(NamedTuple):
    """The dealer turned over three cards; ``qualifies`` against the rules' qualifier."""

    cards: tuple[Card, ...]
    qualifies: bool


@register
class BoxSettled(NamedTuple):
    """A box's bets were settled: each the net result of that bet (won
    positive, lost negative, 0 for a push or a bet not made). Stakes not
    lost went back to the player, lost ones to the bank; winnings follow
    in :class:`WinningsPaid`."""

    box: int
    seat: int
    ante: int
    play: int
    ante_bonus: int
    pair_plus: int
    prime: int
    six_card: int

    @property
    def results(self) -> tuple[int, int, int, int, int, int]:
        """Each bet's net, in the order of :data:`~drawpoker.games.three_card.state.BET_NAMES`."""
        return (self.ante, self.play, self.ante_bonus, self.pair_plus, self.prime, self.six_card)

    @property
    def net(self) -> int:
        """What the box netted over all its bets (before anything the bank could not pay)."""
        return self.ante + self.play + self.ante_bonus + self.pair_plus + self.prime + self.six_card


@register
class WinningsPaid(NamedTuple):
    """The bank paid a box's winnings: ``amount`` chips, and ``unpaid``
    what it could not pay (only when the bank ran short)."""

    box: int
    seat: int
    amount: int
    unpaid: int


@register
class RoundClosed(NamedTuple):
    """A round ended: the stacks after it and what the bank won (negative: lost)."""

    round: int
    stacks: tuple[int, ...]
    bank_net: int


@register
class RebuyTaken(NamedTuple):
    """A player short of the smallest stake took a new stack between rounds."""

    seat: int
    amount: int


@register
class PlayerStoodUp(NamedTuple):
    """A player short of the smallest stake sits out the rest of the session."""

    seat: int


@register
class TableClosed(NamedTuple):
    """The session ended. ``reason``: 'rounds' (the number agreed was
    played), 'rotation' (every participant dealt their rounds),
    'too_few_players' (not enough can play on) or 'bank_broke' (the house
    bank is empty)."""

    reason: str
