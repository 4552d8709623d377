"""The games, found by name: each a package of commands, events, state,
decide and apply, plus its computer players.

The shared engine (:mod:`drawpoker.engine`) knows no game; this registry
is the one place that maps a ruleset's ``game`` to its code, importing a
game only when it is asked for.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # not typing's: drawpoker hand reads three-card hands through this package
if TYPE_CHECKING:  # annotations only
    from collections.abc import Callable
    from typing import Any

    from drawpoker.engine.game import Game

__all__ = ["GAME_MODULES", "game_for", "bots_for"]

#: a ruleset's ``game`` -> (the module holding its game class, the class name, its bots module)
GAME_MODULES: dict[str, tuple[str, str, str]] = {
    "morkpoker": ("drawpoker.games.draw.decide", "DrawGame", "drawpoker.games.draw.bots"),
    "three-card-poker": ("drawpoker.games.three_card.game", "ThreeCardPoker", "drawpoker.games.three_card.bots"),
}


def _entry(game_name: str) -> tuple[str, str, str]:
    try:
        return GAME_MODULES[game_name]
    except KeyError:
        raise ValueError(f"unknown game {game_name!r}") from None


def game_for(rules: Any) -> Game:
    """The game object for a rules object (the draw game or Three Card Poker)."""
    module, name, _ = _entry(rules.game)
    game: Game = getattr(importlib.import_module(module), name)(rules)
    return game


def bots_for(game_name: str) -> dict[str, Callable[..., Any]]:
    """The computer players of a game, by strategy name."""
    bots: dict[str, Callable[..., Any]] = importlib.import_module(_entry(game_name)[2]).BOTS
    return bots
