"""PHASE 2 REPLACES THIS MODULE: a draw table's state as one seat's view.

The design says a seat's view is the one door to private information, built
once in the core and given to bots and phones alike (issue 27 builds it).
Until it is on main, :func:`draw_view` reads today's
:class:`~drawpoker.games.draw.state.DrawState` into the documented shape
(``docs/phones.md``, checked by
:func:`drawpoker.phones.protocol.view_problems`) so the server, the page and
their tests can run on real deals. It copies the asking seat's own hand and
nothing else that is face down: other seats appear with public facts only
(stack, bet, folded, how many cards they drew, a hand shown at the
showdown). Phase 2 makes the core's view JSON-able in this shape and
deletes this module.

:func:`command_of` (the table's side: a phone's decision as the engine's
command) stays in phase 2; it moves wherever the table's controller wants it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from drawpoker.cards import Card, parse_card
from drawpoker.errors import CardError
from drawpoker.games.draw import commands as cmd
from drawpoker.games.draw.in_play import game_in_play
from drawpoker.games.draw.odds import draw_odds
from drawpoker.games.draw.state import BETTING, EXCHANGE, DrawState
from drawpoker.notes import N_, Note
from drawpoker.phones.protocol import Decision

__all__ = ["draw_view", "command_of", "own_discards"]


def _text(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


def own_discards(events: Iterable[Any], seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` threw this deal and has not seen go back into a
    reshuffled stock (the coach counts them as seen)."""
    own: list[Card] = []
    for event in events:
        name = type(event).__name__
        if name == "CardsExchanged" and event.seat == seat:
            own.extend(event.discarded)
        elif name in ("StockReshuffled", "DealStarted"):
            own = []
    return tuple(own)


def _legal(game: Any, state: DrawState, seat: int) -> dict[str, Any] | None:
    if state.to_act != seat:
        return None
    menu = game.legal_actions(state)
    rules = game_in_play(game, state).rules
    actions = [{"action": o.action, "amount": o.amount, "to": o.to, "all_in": o.all_in} for o in menu.options]
    amounts = menu.amounts
    span = None
    if amounts is not None and amounts.bet_word is not None and amounts.structure != "fixed_limit":
        span = {
            "min_to": amounts.min_to,
            "max_to": amounts.max_to,
            "all_in_to": amounts.all_in_to,
            "pot_to": amounts.pot_to,
            "half_pot_to": amounts.half_pot_to,
            "step": amounts.step,
            "bet_here": state.bets[seat],
        }
    exchange = None
    if menu.phase == EXCHANGE:
        ace = rules.draw.max_cards_with_ace
        exchange = {"max": max(menu.max_exchange, ace or 0), "which": menu.exchange, "of": menu.exchanges}
    return {
        "actions": actions,
        "to_call": menu.to_call,
        "structure": menu.structure,
        "range": span,
        "exchange": exchange,
    }


def _coach(game: Any, state: DrawState, seat: int, events: Iterable[Any]) -> dict[str, Any] | None:
    """The draw coach's odds for the seat to act, before its last exchange."""
    rules = game_in_play(game, state).rules
    if state.to_act != seat or state.phase not in (BETTING, EXCHANGE) or state.passed_out:
        return None
    if state.round > rules.draw.exchanges or not state.hands[seat]:
        return None
    public = {card for cards in state.shown if cards for card in cards}
    hand = set(state.hands[seat])
    seen = tuple(dict.fromkeys(c for c in (*public, *own_discards(events, seat)) if c not in hand))
    odds = draw_odds(state.hands[seat], rules, seen=seen)
    best = odds.best
    return {
        "choices": [
            {"keep": _text(c.keep), "discard": _text(c.discard), "better": round(c.p_better, 4)} for c in odds.choices
        ],
        "best": odds.choices.index(best),
    }


def draw_view(
    game: Any, state: DrawState, seat: int, events: Iterable[Any] = (), *, coach: bool = True
) -> dict[str, Any]:
    """What ``seat`` may see of the draw table in ``state``: its own cards,
    the public table and, on its turn, the legal actions (and the coach).
    ``events`` are the deal's events so far (for the coach's seen cards)."""
    n = state.seats
    dealt = state.in_deal if len(state.in_deal) == n else [False] * n
    seats = []
    for other in range(n):
        in_deal = bool(dealt[other])
        shown = state.shown[other] if len(state.shown) == n else None
        drew = state.exchanged[other] if len(state.exchanged) == n else None
        seats.append(
            {
                "name": state.names[other],
                "stack": state.stacks[other],
                "bet": state.bets[other] if len(state.bets) == n else 0,
                "in_deal": in_deal,
                "folded": in_deal and bool(state.folded[other]),
                "all_in": in_deal and state.all_in(other),
                "out": bool(state.out[other]),
                "drew": drew,
                "shown": None if shown is None else _text(shown),
            }
        )
    own = state.hands[seat] if len(state.hands) == n and dealt[seat] else ()
    rules = game_in_play(game, state).rules
    return {
        "seat": seat,
        "game": rules.game,
        "title": state.game or str(rules.description),
        "phase": state.phase,
        "deal": state.deal,
        "button": state.button,
        "to_act": state.to_act,
        "pot": state.pot_total(),
        "cards": _text(own),
        "seats": seats,
        "legal": _legal(game, state, seat),
        "coach": _coach(game, state, seat, events) if coach else None,
    }


#: a phone's action word -> the draw game's command
_COMMANDS: dict[str, Any] = {
    "check": cmd.Check,
    "call": cmd.Call,
    "fold": cmd.Fold,
    "show": cmd.Show,
    "muck": cmd.Muck,
}


def command_of(game: Any, state: DrawState, decision: Decision) -> Any | Note:
    """The draw game's command for a phone's decision, or a note saying
    why the decision names none (the engine judges the command itself)."""
    seat, action = decision.seat, decision.action
    if action in _COMMANDS:
        return _COMMANDS[action](seat)
    if action in ("bet", "raise"):
        kind = cmd.Bet if action == "bet" else cmd.Raise
        return kind(seat, decision.amount)
    if action == "exchange":
        try:
            discards = tuple(parse_card(text) for text in decision.cards or ())
        except CardError:
            return Note(N_("those are not cards"))
        return cmd.Exchange(seat, discards)
    return Note(N_("{action} is not something a player does in this game"), action=action)
