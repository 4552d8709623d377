"""Mørkpoker's events: what happened, in the past tense.

Seats are numbers 0..n-1 in clockwise order. Amounts are chips.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from drawpoker.cards import Card
from drawpoker.engine.events import register, register_upcaster
from drawpoker.games.evening import EVENING_RULES


@register(version=2)
class SessionStarted(NamedTuple):
    """Players sat down with their stacks; ``button`` deals first.
    ``evening_rules``: the version of the rules of the evening the session is
    played by (:data:`~drawpoker.games.evening.EVENING_RULES`). Version 2
    added it; a session started before reads as version 1 of those rules,
    and is verified, replayed and resumed by them."""

    names: tuple[str, ...]
    stacks: tuple[int, ...]
    button: int
    evening_rules: int = EVENING_RULES


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
class GameChosen(NamedTuple):
    """Dealer's choice: the dealer picked the game of the next deal (its name
    in the session's ``dealers_choice``)."""

    game: str


@register
class GameKept(NamedTuple):
    """Dealer's choice: a passed-out deal's pot is redealt in its game,
    ``game``; nobody chose it (docs/rules.md 4.6). It comes before the redeal's
    ``DealStarted``, whichever dealer deals. (Histories written before it
    existed record the same game as chosen again, ``GameChosen``.)"""

    game: str


@register(version=3)
class DealStarted(NamedTuple):
    """A deal began: the button, the shuffled deck and the reshuffle seed.
    ``to_open`` is the progressive requirement to open (the rank a pair must
    reach: 11 jacks .. 14 aces); 0 when the rules fix it (no openers, or
    always jacks). ``proven``: the opener proves the openers at the end of
    the deal and a split opener's cards are kept apart (False only in deals
    recorded before version 2, which are re-decided as they were played).
    ``show_order``: the showdown's order, the rules' ``showdown.order``
    (``last_aggressor``: the last to bet or raise shows first, then
    clockwise; ``side_pots_first``: the players of the side pots first);
    deals recorded before version 3 showed side pots first, and are
    re-decided so. Version 2 added ``to_open`` and ``proven``, version 3
    ``show_order``."""

    deal: int
    button: int
    deck: tuple[Card, ...]
    reshuffle_seed: int
    to_open: int
    proven: bool
    show_order: str


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
class OpenersSplit(NamedTuple):
    """The opener threw cards of the openers (split them) in an exchange;
    they are kept apart from the discards, to be shown with the proof."""

    seat: int
    cards: tuple[Card, ...]


@register
class OpenersShown(NamedTuple):
    """At the end of the deal the opener proved the openers: ``cards`` are
    the opening cards as dealt; ``apart`` those of them thrown in an
    exchange and kept apart."""

    seat: int
    cards: tuple[Card, ...]
    apart: tuple[Card, ...]


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


@register(version=2)
class DealEnded(NamedTuple):
    """A deal ended. It carries everything the next deal starts from -- the
    stacks, the button, a carried pot, who sits out, the rebuys, the next
    deal's progressive requirement to open (``to_open``, 0 when the rules fix
    it) and whether the same dealer deals again (``same_dealer``: a passed-out
    deal under ``passed_out_button: stays``) -- so a history can be verified
    or replayed from any deal's end (a checkpoint). Version 2 added
    ``to_open`` and ``same_dealer``."""

    deal: int
    stacks: tuple[int, ...]
    button: int
    carried: int
    out: tuple[bool, ...]
    rebuys: tuple[int, ...]
    rebought: tuple[int, ...]
    to_open: int
    same_dealer: bool


@register
class PlayerDealtIn(NamedTuple):
    """A player waiting for the big blind, or owing blinds missed while away,
    is dealt in from this deal as any other: the big blind reached the seat
    (posting it), or too few others could play to wait."""

    seat: int


@register
class MissedBlindsPosted(NamedTuple):
    """A player back at the table posted what they owed before the cards:
    ``live`` (the big blind, a live bet of the first round) and ``dead`` (the
    small blind, dead money in the pot)."""

    seat: int
    live: int
    dead: int


@register
class CarriedPotReturned(NamedTuple):
    """The evening ended early with a pot still carried: it went back to those
    who paid into it, ``shares`` (seat, chips); ``odd`` the seats given an odd chip."""

    shares: tuple[tuple[int, int], ...]
    odd: tuple[int, ...]


def given_back_as_the_deal_ends(events: Iterable[Any]) -> dict[int, int] | None:
    """Whether the evening ends with this deal, its pot carried, the pot going
    back as the deal ends (docs/rules.md 6.5: a :class:`CarriedPotReturned`
    before its :class:`DealEnded`), and what each seat got back (empty: nobody
    was left at the table to take it). None: the pot is not given back as the
    deal ends (it carries on, or went back after the deal's end, the table
    ending the evening between deals). The one answer the table's log and the
    transcript both read.

    >>> given_back_as_the_deal_ends([CarriedPotReturned(((0, 2), (1, 3)), (1,))])
    {0: 2, 1: 3}
    >>> given_back_as_the_deal_ends([]) is None
    True
    """
    back: dict[int, int] | None = None
    for event in events:
        if isinstance(event, DealEnded):
            break
        if isinstance(event, CarriedPotReturned):
            back = {} if back is None else back
            for seat, chips in event.shares:
                back[seat] = back.get(seat, 0) + chips
    return back


@register
class SessionEnded(NamedTuple):
    """The session ended (``reason``: 'deals', 'one_player_left' or 'agreed':
    the table agreed to end)."""

    reason: str


def _session_started_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Before version 2 the rules of the evening had no version: version 1."""
    return {**data, "evening_rules": 1}


def _deal_started_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 recorded no requirement to open (the rules fixed it) and
    no proof of openers."""
    return {**data, "to_open": 0, "proven": False}


def _deal_started_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Before version 3 the players of the side pots showed first."""
    return {**data, "show_order": "side_pots_first"}


def _deal_ended_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 had no progressive opening and always moved the button."""
    return {**data, "to_open": 0, "same_dealer": False}


register_upcaster("SessionStarted", 1, _session_started_v1)
register_upcaster("DealStarted", 1, _deal_started_v1)
register_upcaster("DealStarted", 2, _deal_started_v2)
register_upcaster("DealEnded", 1, _deal_ended_v1)
