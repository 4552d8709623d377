"""What every game offers the session driver, the history and the client.

A game object holds one set of house rules and is stateless itself; the
state is a separate record the caller owns. The same loop drives either
game:

    state = game.new_state()
    game.handle(state, game.sit_down(names, stacks, first_dealer))
    while state.phase != "session_over":
        if state.phase == "between_deals":
            deck, seed = shuffler.shuffle()
            game.handle(state, game.start_deal(deck, seed))
        else:
            game.handle(state, <the command of the player state.to_act>)

The games themselves are found by name in :mod:`drawpoker.games`; the
engine imports none of them.

Replaying a history is ``for e in events: game.apply(state, e)``; verifying
it re-runs ``game.command_of(e)`` for every event that records a decision
and compares the events the engine produces now.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from drawpoker.cards import Card

__all__ = ["Game", "Evening", "BETWEEN_DEALS", "SESSION_OVER"]

BETWEEN_DEALS = "between_deals"
SESSION_OVER = "session_over"


class Evening(Protocol):
    """What both games know of the evening around the deals (docs/rules.md section 6)."""

    def asked(self, s: Any, away: bool = False) -> list[int]:
        """``when_broke: ask``: the seats whose broke player must first say whether to buy again
        (``away``: also those sitting out, whom the table asks as the deal ends)."""

    def buy_in_range(self, s: Any = None, name: str = "") -> tuple[int, int]:
        """The least and most a newcomer may buy in for (with the table ``s`` and the newcomer's
        ``name``: a player who left it without chips sits down again with a rebuy, its amount)."""

    def back_as_rebuy(self, s: Any, name: str) -> bool:
        """``name`` left the table ``s`` without chips: sitting down again is a rebuy."""


class Game(Protocol):
    """One game under one set of house rules."""

    rules: Any
    #: the evening's rules: comings and goings, rebuys, the end
    evening: Evening
    DEAL_STARTED: type  # the event that begins a deal (round)
    DEAL_ENDED: type  # the event that ends one
    #: the events that hold a whole hand -> (the field holding it, the cards in a hand): what a
    #: history reader checks before trusting such an event (the reducer and the words trust it)
    HANDS: dict[type, tuple[str, int]]

    def new_state(self) -> Any:
        """An empty table, before anyone sits down."""

    def seat_range(self) -> tuple[int, int]:
        """How many may sit down (fewest, most); see :mod:`drawpoker.rules.seating`."""

    def sit_down(self, names: Sequence[str], stacks: Sequence[int], first_dealer: int) -> Any:
        """The command that starts a session (any sequences of names and stacks: the command holds them as tuples)."""

    def start_deal(self, deck: tuple[Card, ...], reshuffle_seed: int) -> Any:
        """The command that starts the next deal (round) with a shuffled deck."""

    def handle(self, state: Any, command: Any) -> list[Any]:
        """Check, apply and return the events of ``command`` (IllegalAction if refused)."""

    def decide(self, state: Any, command: Any) -> list[Any]:
        """The events ``command`` would cause, leaving ``state`` unchanged."""

    def legal_actions(self, state: Any) -> Any:
        """What the player to act may do."""

    def apply(self, state: Any, event: Any) -> Any:
        """Apply one event to ``state`` in place."""

    def command_of(self, event: Any) -> Any | None:
        """The command a recorded event came from, or None for an automatic event."""

    def chips_total(self, state: Any) -> int:
        """The session's chip count, constant through it: the chips at the table less every chip
        bought after sitting down, plus every chip cashed out (what a history's check compares)."""
