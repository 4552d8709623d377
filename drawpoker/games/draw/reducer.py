"""Applying Mørkpoker events to the state: the only code that changes it.

Applying needs no rules (every rule-dependent choice is in the event), so a
history replays as a fold of :func:`apply` over its events.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from itertools import compress
from typing import Any

import attrs

from drawpoker.engine.events import maker
from drawpoker.engine.pots import clockwise_among
from drawpoker.engine.record import fold
from drawpoker.games import evening
from drawpoker.games.draw import events as ev
from drawpoker.games.draw.deck import without
from drawpoker.games.draw.state import (
    BETTING,
    BETWEEN_DEALS,
    EXCHANGE,
    SESSION_OVER,
    SHOWDOWN,
    Act,
    DrawState,
    blanks,
)
from drawpoker.rules.model import DrawTable

__all__ = [
    "apply",
    "replay",
    "next_to_act",
    "HANDLERS",
    "CLOCKWISE",
    "clockwise_orders",
    "cannot_bet",
    "active_without",
]


def next_to_act(s: DrawState, after: int) -> int | None:
    """The next seat clockwise after ``after`` that must act in this round.

    A seat acts if it can still bet (:attr:`DrawState.active`), and either
    faces a bet or has not acted yet while someone else can still bet against it.
    """
    bets, level = s.bets, s.level
    orders = CLOCKWISE.get(s.active) or clockwise_orders(s.active)
    order = orders[after]  # ``after`` itself last
    if len(order) > 1:  # someone to bet against: a seat that has not acted acts too
        acted = s.acted
        for seat in order:
            if acted[seat] is None or bets[seat] < level:
                return seat
    elif order and bets[order[0]] < level:
        return order[0]
    return None


#: every seat a draw table can have
SEATS = range(attrs.fields(DrawTable).max_players.metadata["kind"].maximum)
#: seats that can bet -> their order after each seat (:func:`clockwise_orders` fills it)
CLOCKWISE: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}


def clockwise_orders(active: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """``active`` clockwise from the left of each seat in turn (kept: a
    plain lookup is the hot path's cheapest way to the next seat)."""
    orders = CLOCKWISE[active] = tuple([clockwise_among(active, after) for after in SEATS])
    return orders


def cannot_bet(s: DrawState, seat: int) -> None:
    """``seat`` folded or is all-in: it can bet no more this deal."""
    s.active = active_without(s.active, seat)


@functools.cache  # the same few sets of seats deal after deal: found again in C
def active_without(active: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """The seats that can bet, ``active``, less ``seat``."""
    return tuple([other for other in active if other != seat])


# Heads-up: at most two players still in (only players dealt in can fold).
# Three who can still bet are more than two in: the players are not counted.
# (Written out where it is asked: _round_started, _folded.)


def _put_in(s: DrawState, seat: int, amount: int) -> None:
    s.stacks[seat] -= amount
    if not s.stacks[seat]:
        cannot_bet(s, seat)
    s.bets[seat] += amount
    s.committed[seat] += amount


def _session_started(s: DrawState, e: ev.SessionStarted) -> None:
    s.names = tuple(e.names)
    n = len(s.names)
    _, falses, zeros, _, _ = blanks(n)
    s.stacks = list(e.stacks)
    s.rebuys = zeros.copy()
    s.rebought = zeros.copy()
    s.out = falses.copy()
    s.button = e.button
    s.deal = 0
    s.carried = 0
    s.session_end = None
    s.to_open = 0
    s.same_dealer = False
    evening.reset_evening(s, n)
    s.evening_rules = e.evening_rules
    s.carried_by = zeros.copy()
    s.reset_deal()
    s.phase = BETWEEN_DEALS


def _dealer_drawn(s: DrawState, e: evening.DealerDrawn) -> None:
    s.button = e.dealer
    s.dealer_drawn = True


def _dealt_in(s: DrawState, e: ev.PlayerDealtIn) -> None:
    s.waiting[e.seat] = False
    s.owes[e.seat] = 0
    s.missed[e.seat] = False


def _missed_blinds(s: DrawState, e: ev.MissedBlindsPosted) -> None:
    seat = e.seat
    s.stacks[seat] -= e.live + e.dead
    if not s.stacks[seat]:
        cannot_bet(s, seat)
    s.bets[seat] += e.live
    s.committed[seat] += e.live + e.dead
    if e.dead and s.evening_rules >= 3:  # (version 3: dead money goes to the main pot, not the poster's own)
        s.dead[seat] += e.dead
    if s.bets[seat] > s.level:
        s.level = s.bets[seat]
    s.owes[seat] = 0
    s.missed[seat] = False


def _carried_returned(s: DrawState, e: ev.CarriedPotReturned) -> None:
    for seat, chips in e.shares:
        s.stacks[seat] += chips
    s.carried = 0
    s.carried_by = [0] * len(s.names)


def _rebought(s: DrawState, e: ev.PlayerRebought) -> None:
    s.stacks[e.seat] += e.amount
    s.rebuys[e.seat] += 1
    s.rebought[e.seat] += e.amount


def _sat_out(s: DrawState, e: ev.PlayerSatOut) -> None:
    s.out[e.seat] = True


def _game_chosen(s: DrawState, e: ev.GameChosen) -> None:
    s.game = e.game
    s.game_chosen = True


def _game_kept(s: DrawState, e: ev.GameKept) -> None:
    s.game = e.game
    s.game_chosen = True


def _deal_started(s: DrawState, e: ev.DealStarted) -> None:
    s.reset_deal()
    s.deal, s.button, s.deck, s.reshuffle_seed, s.to_open, s.proven, s.show_order = e
    s.dealt_to = s.names
    s.same_dealer = False
    if s.seat_changes:  # players away, seats empty, newcomers waiting for the big blind
        away, waiting = s.away, s.waiting
        s.in_deal = [
            not o and st > 0 and not away[seat] and not waiting[seat]
            for seat, (o, st) in enumerate(zip(s.out, s.stacks, strict=False))
        ]
    elif s.stacks and min(s.stacks) > 0 and True not in s.out:  # everyone is dealt in (the common case)
        s.in_deal = blanks(len(s.stacks))[4].copy()
    else:
        s.in_deal = [not o and st > 0 for o, st in zip(s.out, s.stacks, strict=False)]
    s.active = tuple(compress(range(len(s.in_deal)), s.in_deal))  # the seats dealt in
    s.stock = list(s.deck[5 * len(s.active) :])

    s.phase = BETTING


def _ante(s: DrawState, e: ev.AntePosted) -> None:
    s.stacks[e.seat] -= e.amount
    if not s.stacks[e.seat]:
        cannot_bet(s, e.seat)
    s.committed[e.seat] += e.amount


_BLIND_ACTS = {"small": "small_blind", "big": "big_blind"}
#: ``_ACT((round, seat, act, chips))`` is ``Act(round, seat, act, chips)``, made in C (see ``maker``)
_ACT = maker(Act)


def _blind(s: DrawState, e: ev.BlindPosted) -> None:
    _put_in(s, e.seat, e.amount)
    s.blind[e.seat] = e.blind
    s.actions.append(_ACT((1, e.seat, _BLIND_ACTS.get(e.blind, e.blind), e.amount)))
    s.level = max(s.level, e.level)
    if e.blind == "big":  # the first round's first full bet
        s.full_level = e.level
        s.raise_size = e.level
        if s.seat_changes and True in s.away:  # the blinds passed these players while they were away
            for seat in evening.passed_seats(s.button, e.seat, len(s.names)):
                if s.away[seat]:
                    s.missed[seat] = True


def _dealt(s: DrawState, e: ev.CardsDealt) -> None:
    s.hands[e.seat] = e.cards
    s.dealt[e.seat] = e.cards


def _round_started(s: DrawState, e: ev.RoundStarted) -> None:
    s.phase = BETTING
    s.round, s.step, first = e
    if s.round != 1:  # round 1 keeps the blinds (the deal's start cleared everything else)
        nones, falses, zeros, _, _ = blanks(len(s.names))
        s.bets = zeros.copy()
        s.level = 0
        s.full_level = 0
        s.raise_size = 0
        s.acted = nones.copy()
        s.checked = falses.copy()
    s.raises = 0
    s.aggressor = None
    s.last_actor = None
    s.headsup_at = 0 if len(s.active) <= 2 and s.in_deal.count(True) - s.folded.count(True) <= 2 else None
    s.to_act = first


def _checked(s: DrawState, e: ev.Checked) -> None:
    seat = e.seat
    s.checked[seat] = True
    s.acted[seat] = s.level
    s.last_actor = seat
    s.actions.append(_ACT((s.round, seat, "check", 0)))
    s.to_act = next_to_act(s, seat)


def _bet(s: DrawState, e: ev.BetPlaced) -> None:
    seat, amount, full = e
    s.stacks[seat] -= amount
    if not s.stacks[seat]:
        cannot_bet(s, seat)
    s.bets[seat] += amount
    s.committed[seat] += amount
    rise = s.bets[seat] - s.level
    s.level = s.bets[seat]
    if full:
        s.full_level = s.level
        if rise > s.raise_size:
            s.raise_size = rise
    if s.round == 1 and s.opener is None:
        s.opener = seat
    s.aggressor = seat
    s.acted[seat] = s.level
    s.last_actor = seat
    s.actions.append(_ACT((s.round, seat, "bet", s.level)))
    s.to_act = next_to_act(s, seat)


def _called(s: DrawState, e: ev.Called) -> None:
    seat, amount = e
    s.stacks[seat] -= amount
    if not s.stacks[seat]:
        cannot_bet(s, seat)
    s.bets[seat] += amount
    s.committed[seat] += amount
    s.acted[seat] = s.level
    s.last_actor = seat
    s.actions.append(_ACT((s.round, seat, "call", amount)))
    s.to_act = next_to_act(s, seat)


def _raised(s: DrawState, e: ev.Raised) -> None:
    seat, amount, to, full = e
    s.stacks[seat] -= amount
    if not s.stacks[seat]:
        cannot_bet(s, seat)
    s.bets[seat] += amount
    s.committed[seat] += amount
    if full:
        s.full_level = to
        s.raises += 1
        if to - s.level > s.raise_size:
            s.raise_size = to - s.level

    s.level = to
    s.aggressor = seat
    s.acted[seat] = to
    s.last_actor = seat
    s.actions.append(_ACT((s.round, seat, "raise", to)))
    s.to_act = next_to_act(s, seat)


def _folded(s: DrawState, e: ev.Folded) -> None:
    seat = e.seat
    s.folded[seat] = True
    s.active = active_without(s.active, seat)  # it can bet no more this deal
    if s.headsup_at is None and len(s.active) <= 2 and s.in_deal.count(True) - s.folded.count(True) <= 2:
        s.headsup_at = s.raises
    s.actions.append(_ACT((s.round, seat, "fold", 0)))
    if s.phase == BETTING:
        s.acted[seat] = s.level
        s.last_actor = seat
        s.to_act = next_to_act(s, seat)


def _returned(s: DrawState, e: ev.BetReturned) -> None:
    seat = e.seat
    s.stacks[seat] += e.amount
    s.bets[seat] -= e.amount
    s.committed[seat] -= e.amount
    s.level = max(s.bets)
    if seat not in s.active and s.in_deal[seat] and not s.folded[seat] and s.stacks[seat]:  # chips behind again
        s.active = tuple(sorted((*s.active, seat)))


def _round_ended(s: DrawState, e: ev.RoundEnded) -> None:
    s.to_act = None


def _checked_through(s: DrawState, e: ev.DealCheckedThrough) -> None:
    s.carried = e.pot
    s.carried_by = [paid + now for paid, now in zip(s.carried_by, s.committed, strict=False)]
    s.committed = [0] * len(s.names)
    if any(s.dead):  # (in the carried pot now, with the rest)
        s.dead = [0] * len(s.names)
    s.bets = [0] * len(s.names)
    s.to_act = None
    s.deal_over = True
    s.passed_out = True


def _exchange_started(s: DrawState, e: ev.ExchangeStarted) -> None:
    s.phase = EXCHANGE
    s.exchanged = blanks(len(s.names))[0].copy()  # the counts of this exchange are public until the next
    s.order = list(e.order)
    s.order_pos = 0
    s.to_act = s.order[0] if s.order else None


def _advance_order(s: DrawState) -> None:
    position = s.order_pos + 1
    s.order_pos = position
    s.to_act = s.order[position] if position < len(s.order) else None


def _exchanged(s: DrawState, e: ev.CardsExchanged) -> None:
    seat, discarded, drawn, _ = e
    s.hands[seat] = without(s.hands[seat], discarded) + tuple(drawn)
    del s.stock[: len(drawn)]
    s.discards.extend(discarded)
    s.exchanged[seat] = len(discarded)
    s.thrown[seat] += tuple(discarded)
    s.actions.append(_ACT((s.round, seat, "draw", len(discarded))))
    _advance_order(s)


def _openers_split(s: DrawState, e: ev.OpenersSplit) -> None:
    s.discards = list(without(s.discards, e.cards))
    s.apart.extend(e.cards)


def _openers_shown(s: DrawState, e: ev.OpenersShown) -> None:
    s.proof = e.cards


def _reshuffled(s: DrawState, e: ev.StockReshuffled) -> None:
    s.stock = list(e.stock)
    s.discards = []
    s.thrown = blanks(len(s.names))[3].copy()  # the cards thrown may be dealt again: seen no more


def _showdown_started(s: DrawState, e: ev.ShowdownStarted) -> None:
    s.phase = SHOWDOWN
    s.order = list(e.order)
    s.order_pos = 0
    s.to_act = s.order[0] if s.order else None


def _shown(s: DrawState, e: ev.HandShown) -> None:
    s.shown[e.seat] = e.cards
    if s.to_act == e.seat:
        _advance_order(s)


def _mucked(s: DrawState, e: ev.HandMucked) -> None:
    s.mucked[e.seat] = True
    _advance_order(s)


def _pot_awarded(s: DrawState, e: ev.PotAwarded) -> None:
    for seat, chips in e.shares:
        s.stacks[seat] += chips
    s.paid_out += e.amount
    s.to_act = None
    s.active = ()


def _deal_ended(s: DrawState, e: ev.DealEnded) -> None:
    zeros = blanks(len(s.names))[2]
    if s.paid_out:  # the pots were won; a carried pot was part of the main pot
        s.carried = 0
        s.paid_out = 0
        if any(s.carried_by):
            s.carried_by = zeros.copy()
    if s.requests:  # a request the deal made impossible (the others took effect)
        s.requests = []
    s.committed = zeros.copy()
    if any(s.dead):
        s.dead = zeros.copy()
    s.bets = zeros.copy()
    s.to_act = None
    s.active = ()
    s.deal_over = True
    s.phase = BETWEEN_DEALS
    s.game_chosen = False
    s.to_open = e.to_open
    s.same_dealer = e.same_dealer


def from_checkpoint(names: tuple[str, ...], e: ev.DealEnded, evening_rules: int) -> DrawState:
    """The table between deals, rebuilt from a deal's end: what a later part
    of a history is verified or replayed from (``evening_rules``: the version
    of the rules of the evening its ``SessionStarted`` says)."""
    s = DrawState()
    s.names = tuple(names)
    s.stacks = list(e.stacks)
    s.out = list(e.out)
    s.rebuys = list(e.rebuys)
    s.rebought = list(e.rebought)
    s.button = e.button
    s.deal = e.deal
    s.carried = e.carried
    s.to_open = e.to_open
    s.same_dealer = e.same_dealer
    evening.reset_evening(s, len(s.names))
    s.evening_rules = evening_rules
    s.carried_by = [0] * len(s.names)
    s.reset_deal()
    s.deal_over = True
    s.phase = BETWEEN_DEALS
    return s


def _session_ended(s: DrawState, e: ev.SessionEnded) -> None:
    s.phase = SESSION_OVER
    s.session_end = e.reason
    s.to_act = None


#: event class -> how it changes the table: the one way an event is applied (the decider's short ways
#: apply the events they make through these same functions)
HANDLERS: dict[type, Callable[[DrawState, Any], None]] = {
    **evening.SHARED_HANDLERS,
    evening.DealerDrawn: _dealer_drawn,
    ev.PlayerDealtIn: _dealt_in,
    ev.MissedBlindsPosted: _missed_blinds,
    ev.CarriedPotReturned: _carried_returned,
    ev.SessionStarted: _session_started,
    ev.PlayerRebought: _rebought,
    ev.PlayerSatOut: _sat_out,
    ev.GameChosen: _game_chosen,
    ev.GameKept: _game_kept,
    ev.DealStarted: _deal_started,
    ev.AntePosted: _ante,
    ev.BlindPosted: _blind,
    ev.CardsDealt: _dealt,
    ev.RoundStarted: _round_started,
    ev.Checked: _checked,
    ev.BetPlaced: _bet,
    ev.Called: _called,
    ev.Raised: _raised,
    ev.Folded: _folded,
    ev.BetReturned: _returned,
    ev.RoundEnded: _round_ended,
    ev.DealCheckedThrough: _checked_through,
    ev.ExchangeStarted: _exchange_started,
    ev.CardsExchanged: _exchanged,
    ev.StockReshuffled: _reshuffled,
    ev.OpenersSplit: _openers_split,
    ev.OpenersShown: _openers_shown,
    ev.ShowdownStarted: _showdown_started,
    ev.HandShown: _shown,
    ev.HandMucked: _mucked,
    ev.PotAwarded: _pot_awarded,
    ev.DealEnded: _deal_ended,
    ev.SessionEnded: _session_ended,
}


def apply(state: DrawState, event: Any) -> DrawState:
    """Apply one event to ``state`` (in place) and return it."""
    HANDLERS[type(event)](state, event)
    state.version += 1
    return state


def replay(events: Iterable[Any], state: DrawState | None = None) -> DrawState:
    """The state after applying ``events`` in order to a new (or given) state."""
    s = fold(HANDLERS, events, state if state is not None else DrawState())
    s.version += 1
    return s
