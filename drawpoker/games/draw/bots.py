"""The draw games' computer players as ``bot(game, state, rng) -> command``
(the shape tests and benches drive a table with): each builds the seat's
view (:mod:`drawpoker.games.draw.view`) and asks the player of
:mod:`drawpoker.bots.draw`, which sees nothing else.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from drawpoker.bots.draw import MAKERS
from drawpoker.bots.draw.common import rule_of_thumb
from drawpoker.cards import Card
from drawpoker.games.draw.view import command_for, seat_view

__all__ = ["random_bot", "sensible_bot", "coached_bot", "choose_discards", "BOTS", "as_function"]

Bot = Callable[[Any, Any, random.Random], Any]


def as_function(maker: Callable[[random.Random], Any]) -> Bot:
    """A player of :mod:`drawpoker.bots` as ``bot(game, state, rng) -> command``
    for the seat to act (a new player each call, drawing on ``rng``)."""

    def bot(game: Any, state: Any, rng: random.Random) -> Any:
        view = seat_view(game, state, state.to_act)
        return command_for(view, maker(rng).act(view))

    bot.__doc__ = maker.__doc__
    return bot


def choose_discards(hand: tuple[Card, ...], most: int, openers: tuple[Card, ...] = ()) -> tuple[Card, ...]:
    """The cards a sensible player throws in plain high draw (keeping ``openers``)."""
    throw = rule_of_thumb(hand, most)
    if openers:
        throw = tuple(c for c in throw if c not in openers)
    return throw


random_bot = as_function(MAKERS["random"])
sensible_bot = as_function(MAKERS["sensible"])
coached_bot = as_function(MAKERS["coached"])

#: every strategy by name
BOTS: dict[str, Bot] = {name: as_function(maker) for name, maker in MAKERS.items()}
