"""Mørkpoker's commands: what a player (or the table) asks to do.

A command may be refused with :class:`~drawpoker.errors.IllegalAction`
naming the reason; a refused command changes nothing.
"""

from __future__ import annotations

from typing import NamedTuple

from drawpoker.cards import Card


class SitDown(NamedTuple):
    """Start a session: the players clockwise, their stacks, the first button.
    ``evening_rules`` is given only to re-decide a recorded session (None:
    this drawpoker's rules of the evening; see ``SessionStarted``)."""

    names: tuple[str, ...]
    stacks: tuple[int, ...]
    button: int = 0
    evening_rules: int | None = None


class ChooseGame(NamedTuple):
    """Dealer's choice: the dealer picks the game of the next deal."""

    game: str


class StartDeal(NamedTuple):
    """Deal the next hand from this deck (the shuffler's order).
    ``proven`` is False only to re-decide a deal recorded before openers
    were proven; ``show_order`` is given only to re-decide a recorded deal
    (None: the rules' ``showdown.order``; see ``DealStarted``)."""

    deck: tuple[Card, ...]
    reshuffle_seed: int = 0
    proven: bool = True
    show_order: str | None = None


class Check(NamedTuple):
    """Stay in without betting (only when nobody has bet this round)."""

    seat: int


class Bet(NamedTuple):
    """Open the betting: ``to`` chips in front of the player (pot and no limit
    need it; in fixed limit None means the round's fixed amount, and any
    other amount is refused). Also completes a short all-in bet."""

    seat: int
    to: int | None = None


class Call(NamedTuple):
    """Match the highest bet this round (all-in if short)."""

    seat: int


class Raise(NamedTuple):
    """Call and raise, making the player's total this round ``to`` (in fixed
    limit None means one fixed step, and any other amount is refused)."""

    seat: int
    to: int | None = None


class Fold(NamedTuple):
    """Give up the deal; chips already in stay in."""

    seat: int


class Exchange(NamedTuple):
    """Discard these cards (none to stand pat) and draw as many from the stock."""

    seat: int
    discards: tuple[Card, ...] = ()


class Show(NamedTuple):
    """Show all five cards at the showdown to claim the pot."""

    seat: int


class Muck(NamedTuple):
    """Give up unseen at the showdown."""

    seat: int


Command = SitDown | ChooseGame | StartDeal | Check | Bet | Call | Raise | Fold | Exchange | Show | Muck

#: the name of each player command in messages and in ``settle`` files
ACTION_WORDS = {
    Check: "check",
    Bet: "bet",
    Call: "call",
    Raise: "raise",
    Fold: "fold",
    Exchange: "exchange",
    Show: "show",
    Muck: "muck",
}
