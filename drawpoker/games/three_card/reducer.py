"""Applying Three Card Poker events to the state: the only code that changes it.

Applying needs no rules (every rule-dependent choice is in the event), so a
history replays as a fold of :func:`apply` over its events.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from drawpoker.engine.pots import clockwise_from
from drawpoker.engine.record import fold
from drawpoker.games import evening
from drawpoker.games.three_card import events as ev
from drawpoker.games.three_card.state import (
    BETTING,
    BETWEEN_DEALS,
    DECIDING,
    SESSION_OVER,
    SETTLING,
    Box,
    TcpState,
)

__all__ = ["apply", "replay", "betting_order"]


def betting_order(s: TcpState, dealer: int | None) -> list[int]:
    """Who bets this round, in order: clockwise from the dealer's left (seat 0
    first with a house dealer), leaving out the dealer and players sitting out."""
    n = len(s.names)
    seats = range(n) if dealer is None else clockwise_from(dealer, n)
    return [seat for seat in seats if seat != dealer and not s.out[seat] and not s.away[seat]]


def _to_bank(s: TcpState, chips: int) -> None:
    """Chips into (or, negative, out of) the bank."""
    if s.rotating:
        assert s.dealer is not None
        s.stacks[s.dealer] += chips
    elif s.house_bank is not None:
        s.house_bank += chips
    s.bank_net += chips
    s.round_bank_net += chips


def _next_box(s: TcpState) -> None:
    for i, box in enumerate(s.boxes):
        if box.needs_decision:
            s.box_to_act = i
            s.to_act = box.seat
            return
    s.box_to_act = None
    s.to_act = None


def _table_opened(s: TcpState, e: ev.TableOpened) -> None:
    s.names = tuple(e.names)
    n = len(s.names)
    s.stacks = list(e.stacks)
    s.starting = tuple(e.stacks)
    s.rebuys = [0] * n
    s.rebought = [0] * n
    s.out = [False] * n
    s.rotating = e.rotating
    s.dealer = e.dealer
    s.house_bank = e.bank
    s.bank_net = 0
    s.round = 0
    s.dealt = [0] * n
    s.streak = 0
    s.session_end = None
    evening.reset_evening(s, n)
    s.evening_rules = e.evening_rules
    s.reset_round()
    s.phase = BETWEEN_DEALS


def _dealer_drawn(s: TcpState, e: evening.DealerDrawn) -> None:
    s.dealer = e.dealer
    s.dealer_drawn = True


def _round_opened(s: TcpState, e: ev.RoundOpened) -> None:
    s.reset_round()
    s.round = e.round
    s.dealt_to = s.names
    if e.dealer is not None:
        s.streak = s.streak + 1 if e.dealer == s.dealer else 1
        s.dealer = e.dealer
        s.dealt[e.dealer] += 1
    s.deck = e.deck
    s.reshuffle_seed = e.reshuffle_seed
    s.bettors = betting_order(s, e.dealer)
    s.to_act = s.bettors[0] if s.bettors else None
    s.phase = BETTING


def _bets_placed(s: TcpState, e: ev.BetsPlaced) -> None:
    for ante, pair_plus, prime, six_card in e.boxes:
        s.stacks[e.seat] -= ante + pair_plus + prime + six_card
        s.boxes.append(Box(e.seat, ante, pair_plus, prime, six_card))
    s.bet_pos += 1
    s.to_act = s.bettors[s.bet_pos] if s.bet_pos < len(s.bettors) else None


def _box_dealt(s: TcpState, e: ev.BoxDealt) -> None:
    s.boxes[e.box] = s.boxes[e.box]._replace(cards=e.cards)
    s.phase = DECIDING
    _next_box(s)


def _play_bet_placed(s: TcpState, e: ev.PlayBetPlaced) -> None:
    s.stacks[e.seat] -= e.amount
    s.boxes[e.box] = s.boxes[e.box]._replace(play=e.amount)
    _next_box(s)


def _box_folded(s: TcpState, e: ev.BoxFolded) -> None:
    s.boxes[e.box] = s.boxes[e.box]._replace(folded=True)
    _next_box(s)


def _dealer_revealed(s: TcpState, e: ev.DealerRevealed) -> None:
    s.dealer_cards = e.cards
    s.qualifies = e.qualifies
    s.phase = SETTLING
    s.to_act = None
    s.box_to_act = None


def _box_settled(s: TcpState, e: ev.BoxSettled) -> None:
    box = s.boxes[e.box]
    result = e.results
    returned = lost = 0
    for stake, net in (
        (box.ante, e.ante),
        (box.play, e.play),
        (box.pair_plus, e.pair_plus),
        (box.prime, e.prime),
        (box.six_card, e.six_card),
    ):
        if net < 0:
            lost += stake
        else:
            returned += stake
    s.boxes[e.box] = box._replace(result=result)
    s.stacks[e.seat] += returned
    _to_bank(s, lost)


def _winnings_paid(s: TcpState, e: ev.WinningsPaid) -> None:
    s.boxes[e.box] = s.boxes[e.box]._replace(paid=e.amount, unpaid=e.unpaid)
    s.stacks[e.seat] += e.amount
    _to_bank(s, -e.amount)


def _round_closed(s: TcpState, e: ev.RoundClosed) -> None:
    if s.requests:  # a request the round made impossible (the others took effect)
        s.requests = []
    s.phase = BETWEEN_DEALS
    s.to_act = None
    s.box_to_act = None


def _rebuy_taken(s: TcpState, e: ev.RebuyTaken) -> None:
    s.stacks[e.seat] += e.amount
    s.rebuys[e.seat] += 1
    s.rebought[e.seat] += e.amount


def _stood_up(s: TcpState, e: ev.PlayerStoodUp) -> None:
    s.out[e.seat] = True


def _table_closed(s: TcpState, e: ev.TableClosed) -> None:
    s.phase = SESSION_OVER
    s.session_end = e.reason
    s.to_act = None


HANDLERS: dict[type, Callable[[TcpState, Any], None]] = {
    **evening.SHARED_HANDLERS,
    evening.DealerDrawn: _dealer_drawn,
    ev.TableOpened: _table_opened,
    ev.RoundOpened: _round_opened,
    ev.BetsPlaced: _bets_placed,
    ev.BoxDealt: _box_dealt,
    ev.PlayBetPlaced: _play_bet_placed,
    ev.BoxFolded: _box_folded,
    ev.DealerRevealed: _dealer_revealed,
    ev.BoxSettled: _box_settled,
    ev.WinningsPaid: _winnings_paid,
    ev.RoundClosed: _round_closed,
    ev.RebuyTaken: _rebuy_taken,
    ev.PlayerStoodUp: _stood_up,
    ev.TableClosed: _table_closed,
}


def apply(state: TcpState, event: Any) -> TcpState:
    """Apply one event to ``state`` (in place) and return it."""
    HANDLERS[type(event)](state, event)
    return state


def replay(events: Iterable[Any], state: TcpState | None = None) -> TcpState:
    """The state after applying ``events`` in order to a new (or given) state."""
    return fold(HANDLERS, events, state if state is not None else TcpState())
