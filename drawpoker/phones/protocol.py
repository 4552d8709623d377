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
  pat). Two more fields may come with it: ``"game"``, the game a dealer
  picks (``"choose"``; dealer's choice), and ``"boxes"``, a Three Card
  Poker seat's bets for the round (``"place"``): ``[ante, pair_plus,
  prime, six_card]`` per box, none to sit the round out. The server checks
  only the message's shape; the table decides whether the rules allow it
  and answers with the engine's reason.

The server says ``welcome`` (the seat and the device key to keep),
``wait`` (another device holds the seat: the laptop is asked), ``state``
(the seat's view and the table's public news: the deal's log, the last
deal's result, the standings, the seal), ``answer`` (a decision taken, or
refused with the reason), and ``bye`` (why the connection ends: refused,
moved to another device, taken back to the laptop, the table closed).

>>> parse('{"t": "decide", "id": 3, "action": "raise", "amount": 15, "cards": null}')
Decide(id=3, action='raise', amount=15, cards=None, game=None, boxes=None)
>>> parse('{"t": "decide", "id": 4, "action": "place", "amount": null, "cards": null, "boxes": [[2, 1, 0, 0]]}').boxes
((2, 1, 0, 0),)
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
    "TCP_VIEW_KEYS",
    "DRAW_PHASES",
    "TCP_PHASES",
    "view_problems",
    "BYE_REASONS",
    "decision_of",
]

_ACTION = re.compile(r"[a-z_]{1,20}")
_CARD = re.compile(r"(?:[2-9TJQKA]|10)[shdc]|Jk")
_KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")
_MAX_CARDS = 7
_MAX_AMOUNT = 10**12
#: a game's name in dealer's choice: a shipped ruleset's name or a path beside the ruleset (no control character)
_GAME = re.compile(r"[^\x00-\x1f\x7f-\x9f]{1,200}")
#: the most boxes a phone may bet on in one message (Three Card Poker tables have at most a handful)
_MAX_BOXES = 12

#: why a connection ends (the page has words for each)
#: (moved: another device was let in; another_tab: this device opened the seat again, in another tab or window)
BYE_REASONS = ("refused", "moved", "another_tab", "taken_back", "left", "closed", "busy")


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
    #: dealer's choice: the game the dealer picks (``choose``)
    game: str | None = None
    #: Three Card Poker: ``(ante, pair_plus, prime, six_card)`` per box (``place``; none: sit out)
    boxes: tuple[tuple[int, int, int, int], ...] | None = None


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
    #: dealer's choice: the game the dealer picks (``choose``)
    game: str | None = None
    #: Three Card Poker: ``(ante, pair_plus, prime, six_card)`` per box (``place``; none: sit out)
    boxes: tuple[tuple[int, int, int, int], ...] | None = None


def _whole(value: Any, what: str, low: int, high: int) -> int:
    if type(value) is not int:  # bool is an int to isinstance
        raise BadMessage(f"{what} is not a whole number")
    if not low <= value <= high:
        raise BadMessage(f"{what} is out of range")
    return value


def _exact_keys(message: Mapping[str, Any], keys: frozenset[str], optional: frozenset[str] = frozenset()) -> None:
    if not keys <= set(message) <= keys | optional:
        more = f" (and may have {', '.join(sorted(optional))})" if optional else ""
        raise BadMessage(f"a {message['t']} has the fields {', '.join(sorted(keys))}{more}")


_HELLO_KEYS = frozenset({"t", "device"})
_DECIDE_KEYS = frozenset({"t", "id", "action", "amount", "cards"})
_DECIDE_OPTIONAL = frozenset({"game", "boxes"})


def _boxes(value: Any) -> tuple[tuple[int, int, int, int], ...]:
    if not isinstance(value, list) or len(value) > _MAX_BOXES:
        raise BadMessage("boxes is not a list of boxes")
    out = []
    for box in value:
        if not isinstance(box, list) or len(box) != 4:
            raise BadMessage("boxes is not a list of boxes")
        a, p, r, s = (_whole(x, "a bet in boxes", 0, _MAX_AMOUNT) for x in box)
        out.append((a, p, r, s))
    return tuple(out)


def _once_each(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose every key comes once: ``{"id": 1, "id": 2}`` says
    two things, and which one a reader keeps is up to the reader."""
    out = dict(pairs)
    if len(out) != len(pairs):
        raise BadMessage("a key comes twice")
    return out


def parse(text: str) -> Hello | Decide:
    """The message in ``text``, checked (:class:`BadMessage` if it is none)."""
    try:
        message = json.loads(text, object_pairs_hook=_once_each)
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
    _exact_keys(message, _DECIDE_KEYS, _DECIDE_OPTIONAL)
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
    game = message.get("game")
    if game is not None and not (isinstance(game, str) and _GAME.fullmatch(game)):
        raise BadMessage("game is not a game's name")
    boxes = message.get("boxes")
    if boxes is not None:
        boxes = _boxes(boxes)
    if action == "choose" and game is None:
        raise BadMessage("a choose names its game")
    if action == "place" and boxes is None:
        raise BadMessage("a place names its boxes (none: sit out)")
    return Decide(ident, action, amount, cards, game, boxes)


def _frame(message: Mapping[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def welcome(seat: int, device: str) -> str:
    """The phone holds ``seat``; it keeps ``device`` to come back as the same device."""
    return _frame({"t": "welcome", "seat": seat, "device": device})


def wait(laptop: bool = False) -> str:
    """Another device holds the seat (``laptop``: the seat is played at the
    laptop, no phone holds it); the laptop is asked to let this one in."""
    return _frame({"t": "wait", "laptop": True} if laptop else {"t": "wait"})


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
#: deal's result (lines), the standings (rows: name, chips, bought, net, as the
#: laptop's) and the lines under them, whether they are as this deal began (a deal
#: is being played), the seal of the history so far,
#: and the table's own line (whose turn, a hand-over), all already in the
#: table's language; whether the laptop is paused (its line says why); the
#: seats the computer plays (as the laptop shows them); and the broke player
#: the table asks whether to buy again (``when_broke: ask``):
#: ``{"seat": N, "amount": N}``, or null (that seat's phone may answer
#: ``rebuy`` or ``decline``); and in dealer's choice the seat the table waits
#: for to pick the next deal's game now (null: nobody picks now, also at the
#: end of the deal before it, until the laptop goes on)
PUBLIC_KEYS = (
    "log",
    "result",
    "standings",
    "standings_notes",
    "standings_before",
    "seal",
    "notice",
    "paused",
    "computers",
    "asking",
    "choosing",
)

_INT = (int,)
_INT_OR_NONE = (int, type(None))

#: the keys of a draw game's seat view (``docs/phones.md``), and the type of each value
VIEW_KEYS: dict[str, tuple[type, ...]] = {
    "seat": _INT,
    "game": (str,),
    "title": (str,),
    "phase": (str,),
    "deal": _INT,
    "button": _INT_OR_NONE,  # (none between deals: the one who dealt the deal just played has left)
    "to_act": _INT_OR_NONE,
    "pot": _INT,
    "cards": (list,),
    "seats": (list,),
    "legal": (dict, type(None)),
    "coach": (dict, type(None)),
}

#: the keys of a Three Card Poker seat's view (``docs/phones.md``)
TCP_VIEW_KEYS: dict[str, tuple[type, ...]] = {
    "seat": _INT,
    "game": (str,),
    "title": (str,),
    "phase": (str,),
    "deal": _INT,
    "to_act": _INT_OR_NONE,
    "dealer": _INT_OR_NONE,
    "dealer_left": (str, type(None)),
    "bank": _INT_OR_NONE,
    "seats": (list,),
    "boxes": (list,),
    "dealer_cards": (list,),
    "qualifies": (bool, type(None)),
    "legal": (dict, type(None)),
    "hint": (str, type(None)),
}

#: each game's phases, as a view names them
DRAW_PHASES = ("no_session", "between_deals", "choose_game", "betting", "exchange", "showdown", "session_over")
TCP_PHASES = ("no_session", "between_deals", "betting", "deciding", "settling", "session_over")

_SEAT_KEYS: dict[str, tuple[type, ...]] = {
    "name": (str,),
    "stack": _INT,
    "bet": _INT,
    "in_deal": (bool,),
    "folded": (bool,),
    "all_in": (bool,),
    "out": (bool,),
    "away": (bool,),
    "drew": _INT_OR_NONE,
    "shown": (list, type(None)),
    "blind": (str, type(None)),
    "mucked": (bool,),
    "checked": (bool,),
}

_LEGAL_KEYS: dict[str, tuple[type, ...]] = {
    "actions": (list,),
    "to_call": _INT,
    "structure": (str,),
    "range": (dict, type(None)),
    "exchange": (dict, type(None)),
    "choose": (list, type(None)),
    "to_open": (str, type(None)),
    "why_not": (list,),
}

_ACTION_KEYS: dict[str, tuple[type, ...]] = {"action": (str,), "amount": _INT, "to": _INT, "all_in": (bool,)}
_RANGE_KEYS = ("min_to", "max_to", "all_in_to", "pot_to", "half_pot_to", "step", "bet_here")
_EXCHANGE_KEYS = ("max", "plain", "which", "of")
_DRAW_ACTIONS = ("fold", "check", "call", "bet", "raise", "exchange", "show", "muck", "choose")
_STRUCTURES = ("fixed_limit", "pot_limit", "no_limit")

_TCP_SEAT_KEYS: dict[str, tuple[type, ...]] = {
    "name": (str,),
    "stack": _INT,
    "out": (bool,),
    "away": (bool,),
    "out_this_round": (bool,),
}
_BOX_KEYS: dict[str, tuple[type, ...]] = {
    "seat": _INT,
    "ante": _INT,
    "pair_plus": _INT,
    "prime": _INT,
    "six_card": _INT,
    "play": _INT,
    "folded": (bool,),
    "cards": (list,),
    "result": (list, type(None)),
}
_TCP_LEGAL_KEYS: dict[str, tuple[type, ...]] = {
    "actions": (list,),
    "limits": (dict, type(None)),
    "box": _INT_OR_NONE,
    "play_amount": _INT,
}
_LIMIT_KEYS: dict[str, tuple[type, ...]] = {
    "ante_min": _INT,
    "ante_max": _INT,
    "play_multiple": _INT,
    "pair_plus_max": _INT,
    "pair_plus_alone": (bool,),
    "prime_max": _INT,
    "six_card_max": _INT,
    "boxes": _INT,
    "stack": _INT,
    "bank_can_cover": _INT_OR_NONE,
}
#: the Three Card Poker decisions a view may offer: the round's bets (or none), then play or fold a box
_TCP_ACTIONS = (("place", "sit_out"), ("sit_out",), ("play", "fold"))


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


def _cards(where: str, cards: Any, most: int = _MAX_CARDS) -> list[str]:
    if not isinstance(cards, list) or not all(isinstance(c, str) and _CARD.fullmatch(c) for c in cards):
        return [f"{where} is not a list of cards"]
    if len(cards) > most:
        return [f"{where} holds {len(cards)} cards"]
    if len({c for c in cards if c != "Jk"}) != len([c for c in cards if c != "Jk"]):
        return [f"{where} holds a card twice"]
    return []


def _seat_number(where: str, value: Any, seats: int) -> list[str]:
    if value is not None and not 0 <= value < seats:
        return [f"{where} is not one of view.seats"]
    return []


def _not_negative(where: str, record: Mapping[str, Any], keys: Sequence[str]) -> list[str]:
    return [f"{where}.{key} is below 0" for key in keys if type(record.get(key)) is int and record[key] < 0]


def view_problems(view: Any) -> list[str]:
    """What keeps ``view`` from being a seat view of a shape ``docs/phones.md``
    documents -- a draw game's, or Three Card Poker's (``"game"`` tells
    which) -- (nothing: it is one). The contract the core's view is checked
    against: every key there and no other, each value of its type, cards
    written as cards, seats and boxes that exist."""
    if isinstance(view, dict) and view.get("game") == "three-card-poker":
        return _tcp_problems(view)
    problems = _typed("view", view, VIEW_KEYS)
    if problems:
        return problems
    if view["game"] != "morkpoker":
        problems.append(f"view.game is {view['game']!r}, not a game a phone plays")
    if view["phase"] not in DRAW_PHASES:
        problems.append(f"view.phase is {view['phase']!r}")
    problems += _cards("view.cards", view["cards"])
    problems += _not_negative("view", view, ("deal", "button", "pot"))
    seats: Sequence[Any] = view["seats"]
    for i, seat in enumerate(seats):
        problems += _typed(f"view.seats[{i}]", seat, _SEAT_KEYS)
        if isinstance(seat, dict):
            problems += _not_negative(f"view.seats[{i}]", seat, ("stack", "bet", "drew"))
            if seat.get("shown") is not None:
                problems += _cards(f"view.seats[{i}].shown", seat["shown"])
    if not 0 <= view["seat"] < len(seats):
        problems.append("view.seat is not one of view.seats")
    problems += _seat_number("view.to_act", view["to_act"], len(seats))
    legal = view["legal"]
    if legal is not None:
        problems += _typed("view.legal", legal, _LEGAL_KEYS)
        if view["to_act"] != view["seat"]:
            problems.append("view.legal is given to a seat that is not to act")
        for i, option in enumerate(legal.get("actions", ())):
            problems += _typed(f"view.legal.actions[{i}]", option, _ACTION_KEYS)
            if isinstance(option, dict) and option.get("action") not in _DRAW_ACTIONS:
                problems.append(f"view.legal.actions[{i}].action is {option.get('action')!r}")
        if legal.get("structure") not in _STRUCTURES:
            problems.append(f"view.legal.structure is {legal.get('structure')!r}")
        for name, keys in (("range", _RANGE_KEYS), ("exchange", _EXCHANGE_KEYS)):
            part = legal.get(name)
            if part is not None:
                problems += _typed(f"view.legal.{name}", part, dict.fromkeys(keys, _INT))
        choose = legal.get("choose")
        if choose is not None:
            if not choose:
                problems.append("view.legal.choose offers no game")
            for i, game in enumerate(choose):
                problems += _typed(f"view.legal.choose[{i}]", game, {"name": (str,), "title": (str,)})
        if (choose is not None) != (view["phase"] == "choose_game"):
            problems.append("view.legal.choose is given outside the choice of a game, or missing in it")
        why_not = legal.get("why_not")
        if isinstance(why_not, list) and not all(isinstance(why, str) and why for why in why_not):
            problems.append("view.legal.why_not is not a list of sentences")
        if legal.get("to_open") is not None and view["phase"] != "betting":
            problems.append("view.legal.to_open is given outside a betting round")
    coach = view["coach"]
    if coach is not None:
        problems += _typed("view.coach", coach, {"choices": (list,), "best": _INT, "opponents": _INT})
        for i, choice in enumerate(coach.get("choices", ())):
            problems += _typed(
                f"view.coach.choices[{i}]",
                choice,
                {"keep": (list,), "discard": (list,), "better": (float, int), "wins": (float, int)},
            )
            if isinstance(choice, dict):
                problems += _cards(f"view.coach.choices[{i}].keep", choice.get("keep"))
                problems += _cards(f"view.coach.choices[{i}].discard", choice.get("discard"))
        if type(coach.get("best")) is int and not 0 <= coach["best"] < len(coach.get("choices") or ()):
            problems.append("view.coach.best is not one of view.coach.choices")
    return problems


def _tcp_problems(view: dict[str, Any]) -> list[str]:
    problems = _typed("view", view, TCP_VIEW_KEYS)
    if problems:
        return problems
    if view["phase"] not in TCP_PHASES:
        problems.append(f"view.phase is {view['phase']!r}")
    problems += _not_negative("view", view, ("deal", "bank"))
    seats: Sequence[Any] = view["seats"]
    for i, seat in enumerate(seats):
        problems += _typed(f"view.seats[{i}]", seat, _TCP_SEAT_KEYS)
        if isinstance(seat, dict):
            problems += _not_negative(f"view.seats[{i}]", seat, ("stack",))
    if not 0 <= view["seat"] < len(seats):
        problems.append("view.seat is not one of view.seats")
    for where in ("to_act", "dealer"):
        problems += _seat_number(f"view.{where}", view[where], len(seats))
    boxes: Sequence[Any] = view["boxes"]
    for i, box in enumerate(boxes):
        where = f"view.boxes[{i}]"
        problems += _typed(where, box, _BOX_KEYS)
        if not isinstance(box, dict):
            continue
        problems += _not_negative(where, box, ("ante", "pair_plus", "prime", "six_card", "play"))
        if type(box.get("seat")) is int:
            problems += _seat_number(f"{where}.seat", box["seat"], len(seats))
        if "cards" in box:
            problems += _cards(f"{where}.cards", box["cards"], 3)
            if box["cards"] and len(box["cards"]) != 3:
                problems.append(f"{where}.cards is not three cards")
        result = box.get("result")
        if result is not None and (len(result) != 6 or any(type(r) is not int for r in result)):
            problems.append(f"{where}.result is not six numbers of chips")
    problems += _cards("view.dealer_cards", view["dealer_cards"], 3)
    if (view["qualifies"] is None) != (not view["dealer_cards"]):
        problems.append("view.qualifies is said without the dealer's cards, or missing with them")
    legal = view["legal"]
    if legal is not None:
        problems += _typed("view.legal", legal, _TCP_LEGAL_KEYS)
        if view["to_act"] != view["seat"]:
            problems.append("view.legal is given to a seat that is not to act")
        actions = legal.get("actions")
        if not isinstance(actions, list) or tuple(actions) not in _TCP_ACTIONS:
            problems.append(f"view.legal.actions is {actions!r}")
        betting = view["phase"] == "betting"
        limits = legal.get("limits")
        if (limits is not None) != betting:
            problems.append("view.legal.limits is given outside the bets, or missing in them")
        if limits is not None:
            problems += _typed("view.legal.limits", limits, _LIMIT_KEYS)
            problems += _not_negative("view.legal.limits", limits, tuple(_LIMIT_KEYS))
        box = legal.get("box")
        if (box is not None) != (view["phase"] == "deciding"):
            problems.append("view.legal.box is given outside a decision, or missing in one")
        if type(box) is int and not (
            0 <= box < len(boxes) and isinstance(boxes[box], dict) and boxes[box].get("seat") == view["seat"]
        ):
            problems.append("view.legal.box is not one of this seat's boxes")
    if view["hint"] not in (None, "play", "fold"):
        problems.append(f"view.hint is {view['hint']!r}")
    if view["hint"] is not None and (legal is None or legal.get("box") is None):
        problems.append("view.hint is given without a box to decide")
    return problems


def decision_of(decision: Decision) -> Any:
    """The table's :class:`drawpoker.games.view.Decision` for a phone's
    decision (the same words: the engine's act, the amount as ``to``, the
    cards thrown, the game a dealer picks, a Three Card Poker seat's boxes),
    for :func:`drawpoker.games.view.command_for`.

    >>> decision_of(Decision(1, 7, "raise", 15, None))
    Decision(act='raise', to=15, cards=(), game=None, boxes=())
    >>> decision_of(Decision(1, 8, "place", None, None, boxes=((2, 1, 0, 0),)))
    Decision(act='place', to=None, cards=(), game=None, boxes=((2, 1, 0, 0),))
    """
    from drawpoker.games.view import Decision as SeatDecision

    # the cards stay text: command_for reads them under the game's own deck (jokers), and says
    # which one is no card
    cards: Any = tuple(decision.cards or ())
    return SeatDecision(
        decision.action, to=decision.amount, cards=cards, game=decision.game, boxes=tuple(decision.boxes or ())
    )
