"""The draw games' computer players, by strategy name (levels first, then the baselines)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drawpoker.bots.draw.basic import CallingStation, Coached, Easy, Maniac, RandomBot, Rock, Sensible
from drawpoker.bots.draw.strong import Strong

__all__ = ["MAKERS"]

#: strategy name -> what makes the bot (called with a random.Random)
MAKERS: dict[str, Callable[..., Any]] = {
    "easy": Easy,
    "sensible": Sensible,
    "strong": Strong,
    "random": RandomBot,
    "calling-station": CallingStation,
    "maniac": Maniac,
    "rock": Rock,
    "coached": Coached,
}
