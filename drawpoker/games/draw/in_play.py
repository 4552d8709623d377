"""Dealer's choice: the game of the deal being played.

A dealer's-choice session is one :class:`~drawpoker.games.draw.decide.DrawGame`
holding a game for each listed ruleset; the deal's own game decides the
ranking, the exchanges and what a computer seat or the coach should do, and
its name is what the table shows. Everywhere else the session's game is the
deal's game.
"""

from __future__ import annotations

from typing import Any

from drawpoker.games.draw.decide import DrawGame

__all__ = ["game_in_play", "deck_jokers"]


def game_in_play(game: Any, state: Any) -> Any:
    """The game of the deal in ``state``: the chosen one in dealer's choice, else ``game``."""
    chosen = getattr(state, "game", "")
    if chosen and isinstance(game, DrawGame) and chosen in game.games():
        return game.game_of(chosen)
    return game


def deck_jokers(game: Any, state: Any) -> int:
    """The jokers of the deck the deal in ``state`` is dealt from: its own
    game's (dealer's choice of a game played with the joker), once chosen."""
    from drawpoker.games.draw.deck import jokers_of

    return jokers_of(game_in_play(game, state).rules)
