"""The messages between the table's server and a phone, both ways.

Every message is one JSON object in one WebSocket text frame, with its kind
in ``"t"``. ``docs/phones.md`` describes them for people; this module is
where they are made and checked.

A phone says two things (anything else closes its connection, and changes
nothing):

- ``{"t": "hello", "device": KEY | null}`` first: the device key it was
  given before (a reload, a phone back from sleep), or null;
- ``{"t": "decide", "id": N, "action": "raise", "amount": 15 | null,
  "cards": ["7c", "2d"] | null}``: a decision. ``amount`` is the player's
  total in front of them this round after a bet or raise (what the engine's
  ``to`` is); ``cards`` are the cards thrown in an exchange (none: stand
  pat). The server checks only the message's shape; the table decides
  whether the rules allow it and answers with the engine's reason.

The server says ``welcome`` (the seat and the device key to keep),
``wait`` (another device holds the seat: the laptop is asked), ``state``
(the seat's view and the table's public news: the deal's log, the last
deal's result, the standings, the seal), ``answer`` (a decision taken, or
refused with the reason), and ``bye`` (why the connection ends: refused,
moved to another device, taken back to the laptop, the table closed).

>>> parse('{"t": "decide", "id": 3, "action": "raise", "amount": 15, "cards": null}')
Decide(id=3, action='raise', amount=15, cards=None)
>>> parse('{"t": "decide", "id": 3, "action": "raise", "amount": true, "cards": null}')
Traceback (most recent call last):
...
drawpoker.phones.protocol.BadMessage: amount is not a whole number
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

__all__ = [
    "Hello",
    "Decide",
    "Decision",
    "BadMessage",
    "parse",
    "welcome",
    "wait",
    "state",
    "answer",
    "bye",
    "VIEW_KEYS",
    "view_problems",
    "BYE_REASONS",
    "decision_of",
]

_ACTION = re.compile(r"[a-z_]{1,20}")
_CARD = re.compile(r"(?:[2-9TJQKA]|10)[shdc]|Jk")
_KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")
_MAX_CARDS = 7
_MAX_AMOUNT = 10**12

#: why a connection ends (the page has words for each)
BYE_REASONS = ("refused", "moved", "taken_back", "closed", "busy")


class BadMessage(ValueError):
    """A phone's message that is not one of the two it may send."""


class Hello(NamedTuple):
    """A phone says who it is: the device key it keeps, or None."""

    device: str | None


class Decide(NamedTuple):
    """A phone's decision, as it came (the seat is the connection's)."""

    id: int
    action: str
    amount: int | None
    cards: tuple[str, ...] | None


class Decision(NamedTuple):
    """A decision for the table: the seat it comes from and what it asks.
    The table answers every one (:meth:`~drawpoker.phones.server.PhoneServer.answer`)."""

    seat: int
    id: int
    action: str
    amount: int | None
    cards: tuple[str, ...] | None
    #: which connection sent it (the answer goes there only)
    connection: int = 0


def _whole(value: Any, what: str, low: int, high: int) -> int:
    if type(value) is not int:  # bool is an int to isinstance
        raise BadMessage(f"{what} is not a whole number")
    if not low <= value <= high:
        raise BadMessage(f"{what} is out of range")
    return value


def _exact_keys(message: Mapping[str, Any], keys: frozenset[str]) -> None:
    if set(message) != keys:
        raise BadMessage(f"a {message['t']} has the fields {', '.join(sorted(keys))}")


_HELLO_KEYS = frozenset({"t", "device"})
_DECIDE_KEYS = frozenset({"t", "id", "action", "amount", "cards"})


def parse(text: str) -> Hello | Decide:
    """The message in ``text``, checked (:class:`BadMessage` if it is none)."""
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise BadMessage("not JSON") from None
    if not isinstance(message, dict) or message.get("t") not in ("hello", "decide"):
        raise BadMessage("not a hello or a decision")
    if message["t"] == "hello":
        _exact_keys(message, _HELLO_KEYS)
        device = message["device"]
        if device is not None and not (isinstance(device, str) and _KEY.fullmatch(device)):
            raise BadMessage("device is not a device key")
        return Hello(device)
    _exact_keys(message, _DECIDE_KEYS)
    ident = _whole(message["id"], "id", 0, 2**31)
    action = message["action"]
    if not isinstance(action, str) or not _ACTION.fullmatch(action):
        raise BadMessage("action is not a word")
    amount = message["amount"]
    if amount is not None:
        amount = _whole(amount, "amount", 0, _MAX_AMOUNT)
    cards = message["cards"]
    if cards is not None:
        if not isinstance(cards, list) or len(cards) > _MAX_CARDS:
            raise BadMessage("cards is not a list of cards")
        if not all(isinstance(card, str) and _CARD.fullmatch(card) for card in cards):
            raise BadMessage("cards is not a list of cards")
        cards = tuple(cards)
    return Decide(ident, action, amount, cards)


def _frame(message: Mapping[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def welcome(seat: int, device: str) -> str:
    """The phone holds ``seat``; it keeps ``device`` to come back as the same device."""
    return _frame({"t": "welcome", "seat": seat, "device": device})


def wait() -> str:
    """Another device holds the seat; the laptop is asked to let this one in."""
    return _frame({"t": "wait"})


def state(view: Mapping[str, Any], public: Mapping[str, Any]) -> str:
    """The seat's view and the table's public news (the same for every seat)."""
    return _frame({"t": "state", "view": view, **{key: public.get(key) for key in PUBLIC_KEYS}})


def answer(ident: int, reason: str | None) -> str:
    """The table took decision ``ident`` (``reason`` None), or refused it, saying why."""
    return _frame({"t": "answer", "id": ident, "ok": reason is None, "reason": reason})


def bye(reason: str) -> str:
    """Why the connection ends (one of :data:`BYE_REASONS`)."""
    if reason not in BYE_REASONS:
        raise ValueError(f"no such reason: {reason}")
    return _frame({"t": "bye", "reason": reason})


# ---------------------------------------------------------------- the seat view

#: the table's public news in a state message: the deal's log lines, the last
#: deal's result (lines), the standings (rows), the seal of the history so far,
#: and the table's own line (whose turn, a hand-over), all already in the
#: table's language
PUBLIC_KEYS = ("log", "result", "standings", "seal", "notice")

#: the keys of a seat's view (``docs/phones.md``), and the type of each value
VIEW_KEYS: dict[str, tuple[type, ...]] = {
    "seat": (int,),
    "game": (str,),
    "title": (str,),
    "phase": (str,),
    "deal": (int,),
    "button": (int,),
    "to_act": (int, type(None)),
    "pot": (int,),
    "cards": (list,),
    "seats": (list,),
    "legal": (dict, type(None)),
    "coach": (dict, type(None)),
}

_SEAT_KEYS: dict[str, tuple[type, ...]] = {
    "name": (str,),
    "stack": (int,),
    "bet": (int,),
    "in_deal": (bool,),
    "folded": (bool,),
    "all_in": (bool,),
    "out": (bool,),
    "drew": (int, type(None)),
    "shown": (list, type(None)),
}

_LEGAL_KEYS: dict[str, tuple[type, ...]] = {
    "actions": (list,),
    "to_call": (int,),
    "structure": (str,),
    "range": (dict, type(None)),
    "exchange": (dict, type(None)),
}

_ACTION_KEYS: dict[str, tuple[type, ...]] = {"action": (str,), "amount": (int,), "to": (int,), "all_in": (bool,)}
_RANGE_KEYS = ("min_to", "max_to", "all_in_to", "pot_to", "half_pot_to", "step", "bet_here")
_EXCHANGE_KEYS = ("max", "which", "of")


def _typed(where: str, value: Any, keys: Mapping[str, tuple[type, ...]]) -> list[str]:
    if not isinstance(value, dict):
        return [f"{where} is not an object"]
    problems = []
    if set(value) != set(keys):
        problems.append(f"{where} has the keys {sorted(value)}, not {sorted(keys)}")
    for key, types in keys.items():
        if key in value and (type(value[key]) not in types):
            problems.append(f"{where}.{key} is a {type(value[key]).__name__}")
    return problems


def _cards(where: str, cards: Any) -> list[str]:
    if not isinstance(cards, list) or not all(isinstance(c, str) and _CARD.fullmatch(c) for c in cards):
        return [f"{where} is not a list of cards"]
    return []


def view_problems(view: Any) -> list[str]:
    """What keeps ``view`` from being a seat view of the documented shape
    (nothing: it is one). The contract phase 2's core view is checked against."""
    problems = _typed("view", view, VIEW_KEYS)
    if problems:
        return problems
    problems += _cards("view.cards", view["cards"])
    seats: Sequence[Any] = view["seats"]
    for i, seat in enumerate(seats):
        problems += _typed(f"view.seats[{i}]", seat, _SEAT_KEYS)
        if isinstance(seat, dict) and seat.get("shown") is not None:
            problems += _cards(f"view.seats[{i}].shown", seat["shown"])
    if not 0 <= view["seat"] < len(seats):
        problems.append("view.seat is not one of view.seats")
    legal = view["legal"]
    if legal is not None:
        problems += _typed("view.legal", legal, _LEGAL_KEYS)
        for i, option in enumerate(legal.get("actions", ())):
            problems += _typed(f"view.legal.actions[{i}]", option, _ACTION_KEYS)
        for name, keys in (("range", _RANGE_KEYS), ("exchange", _EXCHANGE_KEYS)):
            part = legal.get(name)
            if part is not None:
                problems += _typed(f"view.legal.{name}", part, dict.fromkeys(keys, (int,)))
    coach = view["coach"]
    if coach is not None:
        problems += _typed("view.coach", coach, {"choices": (list,), "best": (int,)})
        for i, choice in enumerate(coach.get("choices", ())):
            problems += _typed(
                f"view.coach.choices[{i}]", choice, {"keep": (list,), "discard": (list,), "better": (float, int)}
            )
    return problems


def decision_of(decision: Decision) -> Any:
    """The table's :class:`drawpoker.games.view.Decision` for a phone's
    decision (the same words: the engine's act, the amount as ``to``, the
    cards thrown), for :func:`drawpoker.games.view.command_for`.

    >>> decision_of(Decision(1, 7, "raise", 15, None))
    Decision(act='raise', to=15, cards=(), game=None, boxes=())
    """
    from drawpoker.games.view import Decision as SeatDecision

    # the cards stay text: command_for reads them under the game's own deck (jokers), and says
    # which one is no card
    cards: Any = tuple(decision.cards or ())
    return SeatDecision(decision.action, to=decision.amount, cards=cards)
