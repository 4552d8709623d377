"""A seat's view: the one door to private information.

What a computer seat's bot is given, what a phone is sent and what a
hand-over screen may show are the same object: that seat's own cards and
the public table, with the legal actions and their amounts when it is the
seat's turn. Each game builds it (:func:`seat_view`):
:class:`drawpoker.games.draw.view.DrawView` for the draw games,
:class:`drawpoker.games.three_card.view.TcpView` for Three Card Poker.

A view is plain, immutable data: attrs classes with slots, tuples, named
tuples, numbers, strings, cards and the (public) house rules. Nothing
reachable from it refers to the state, the deck, the stock or another
seat's hand; ``tests/test_seat_view.py`` walks every reference from it to
make sure. :func:`to_json` gives its JSON form (cards as ``"As"``, the
rules as the history header writes them).

A seat answers with a :class:`Decision` (the same plain data, and the
same JSON form a phone sends back); :func:`command_for` turns it into the
game's command for that seat, which the engine then accepts or refuses
like any other.

>>> Decision("raise", to=12)
Decision(act='raise', to=12, cards=(), game=None, boxes=())
>>> to_json(Decision("exchange", cards=()))
{'act': 'exchange', 'to': None, 'cards': [], 'game': None, 'boxes': []}
"""

from __future__ import annotations

import importlib
from typing import Any, NamedTuple

import attrs

from drawpoker.cards import Card

__all__ = [
    "Decision",
    "DECISION_ACTS",
    "fold",
    "check",
    "call",
    "bet",
    "raise_to",
    "exchange",
    "show",
    "muck",
    "choose",
    "play",
    "place",
    "sit_out",
    "seat_view",
    "command_for",
    "to_json",
    "phone_view",
    "sat_down_since_the_deal",
    "dealt_to_viewer",
    "the_leavers_own",
]


def sat_down_since_the_deal(state: Any, seat: int) -> bool:
    """Whether ``seat``'s player sat down there after the last deal (or
    round) was dealt: its facts at that seat -- bets, exchanges, a hand
    shown or mucked, boxes -- are those of a player who has left since, and
    are not said under the newcomer's name (docs/rules.md 6.2; the deal's
    log and result name the leaver)."""
    dealt = state.dealt_to
    return seat < len(dealt) and bool(state.names[seat]) and dealt[seat] != state.names[seat]


def dealt_to_viewer(state: Any, seat: int, player: str | None) -> bool:
    """Whether the deal's (round's) cards at ``seat`` are those of the view's
    player (``player``; None: the seat's player now): not a newcomer's who
    sat down there since it was dealt."""
    dealt = state.dealt_to
    return seat < len(dealt) and dealt[seat] == (state.names[seat] if player is None else player)


def the_leavers_own(state: Any, seat: int, player: str | None) -> bool:
    """Whether a view of ``seat`` for ``player`` is that of the player dealt
    there who has left the seat since (their phone's last word): the deal's
    facts at the seat are theirs, and the seat is named theirs, as they
    left it -- whoever sat down there since."""
    dealt = state.dealt_to
    return player is not None and seat < len(dealt) and dealt[seat] == player and state.names[seat] != player


class Decision(NamedTuple):
    """What a seat does: ``act`` and what it needs.

    * ``fold``, ``check``, ``call``, ``show``, ``muck``: nothing more;
    * ``bet``, ``raise``: ``to``, the seat's total bet this round after it
      (None in fixed limit: the round's fixed amount);
    * ``exchange``: ``cards``, the cards thrown (none: stand pat);
    * ``choose`` (dealer's choice, the dealer between deals): ``game``;
    * Three Card Poker: ``place`` with ``boxes`` (each ``(ante, pair_plus,
      prime, six_card)``; none: sit the round out), then ``play`` or
      ``fold`` for the box shown in the view.
    """

    act: str
    to: int | None = None
    cards: tuple[Card, ...] = ()
    game: str | None = None
    boxes: tuple[tuple[int, int, int, int], ...] = ()


#: every act a decision may name
DECISION_ACTS = frozenset(
    {"fold", "check", "call", "bet", "raise", "exchange", "show", "muck", "choose", "play", "place"}
)


def fold() -> Decision:
    """Give up (the deal, or a Three Card Poker box)."""
    return Decision("fold")


def check() -> Decision:
    """Stay in without betting."""
    return Decision("check")


def call() -> Decision:
    """Match the highest bet."""
    return Decision("call")


def bet(to: int | None = None) -> Decision:
    """Bet, making the seat's total this round ``to`` (None: the fixed amount)."""
    return Decision("bet", to=to)


def raise_to(to: int | None = None) -> Decision:
    """Raise, making the seat's total this round ``to`` (None: one fixed step)."""
    return Decision("raise", to=to)


def exchange(cards: tuple[Card, ...] = ()) -> Decision:
    """Throw ``cards`` and draw as many (none: stand pat)."""
    return Decision("exchange", cards=tuple(cards))


def show() -> Decision:
    """Show the hand at the showdown."""
    return Decision("show")


def muck() -> Decision:
    """Give up unseen at the showdown."""
    return Decision("muck")


def choose(game: str) -> Decision:
    """Dealer's choice: the next deal's game."""
    return Decision("choose", game=game)


def play() -> Decision:
    """Three Card Poker: make the Play bet on the box in view."""
    return Decision("play")


def place(boxes: tuple[tuple[int, int, int, int], ...]) -> Decision:
    """Three Card Poker: the round's bets, ``(ante, pair_plus, prime, six_card)`` per box."""
    return Decision("place", boxes=tuple(tuple(b) for b in boxes))  # type: ignore[misc]


def sit_out() -> Decision:
    """Three Card Poker: no bets this round."""
    return Decision("place", boxes=())


#: a game's name in the rules -> the module that builds its view
_VIEW_MODULES = {
    "morkpoker": "drawpoker.games.draw.view",
    "three-card-poker": "drawpoker.games.three_card.view",
}


_LOADED: dict[str, Any] = {}


def _module(game: Any) -> Any:
    kind = game.rules.game
    module = _LOADED.get(kind)
    if module is None:
        module = _LOADED[kind] = importlib.import_module(_VIEW_MODULES[kind])
    return module


def seat_view(game: Any, state: Any, seat: int, player: str | None = None) -> Any:
    """What ``seat`` may know of the table in ``state``, and may do now.
    ``player``: whose view it is (None: the seat's player now; the seat's cards
    of the deal are in it only for the player they were dealt to)."""
    return _module(game).seat_view(game, state, seat, player)


def command_for(game: Any, view: Any, decision: Decision) -> Any:
    """The game's command for ``decision`` by the seat of ``view``.
    Raises ``ValueError`` with the reason if it names no command (the
    engine then judges the command itself)."""
    return _module(game).command_for(view, decision)


def phone_view(
    game: Any, state: Any, seat: int, *, coach: bool = True, words: Any = None, player: str | None = None
) -> dict[str, Any]:
    """``seat``'s view in the JSON shape a phone is sent (``docs/phones.md``):
    built from :func:`seat_view` only, so a phone learns nothing a
    computer seat's bot may not. ``coach``: the draw coach's odds, or Three
    Card Poker's strategy hint, on the seat's turn (the house may switch
    them off); ``words``: the table's translator, for the games' titles
    (English when None); ``player``: whose view it is (None: the seat's
    player now; one who left the seat, for their phone's last word)."""
    module = _module(game)
    return module.phone_form(module.seat_view(game, state, seat, player), coach, words)  # type: ignore[no-any-return]


def to_json(value: Any) -> Any:
    """``value`` (a view, a decision, or any part of one) as JSON data:
    cards as their text, tuples as lists, records as objects, the house
    rules as the history header writes them."""
    if isinstance(value, Card):
        return str(value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {name: to_json(item) for name, item in zip(value._fields, value, strict=True)}
    if isinstance(value, (tuple, list)):
        return [to_json(item) for item in value]
    if getattr(type(value), "__name__", "") in ("DrawRules", "ThreeCardRules"):
        from drawpoker.rules import rules_to_data

        return rules_to_data(value)
    if attrs.has(type(value)):
        return {field.name: to_json(getattr(value, field.name)) for field in attrs.fields(type(value))}
    if isinstance(value, dict):
        return {str(key): to_json(item) for key, item in value.items()}
    raise TypeError(f"{type(value).__name__} has no JSON form")
