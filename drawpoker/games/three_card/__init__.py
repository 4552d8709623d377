"""Three Card Poker: each player against the dealer.

Commands (:mod:`.commands`) go into :class:`ThreeCardPoker` (:mod:`.game`),
which checks them against the state (:mod:`.state`) and the rules
(:mod:`.legal`) and returns events (:mod:`.events`) that the reducer
(:mod:`.reducer`) applies. :mod:`.paytables` turns house rules into the
numbers the settlement and ``drawpoker analyze`` share; :mod:`.strategy`
finds the optimal play/fold decision; :mod:`.bots` plays computer seats;
:mod:`.settle` settles a round written in YAML.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # not typing's: drawpoker hand reads three-card hands through this package
if TYPE_CHECKING:  # annotations only
    from typing import Any

#: public name -> the module that defines it; imported on first use, so that
#: ``drawpoker hand`` can read three-card hands without loading the game
_WHERE = {
    "ThreeCardPoker": "game",
    "TcpState": "state",
    "Box": "state",
    "apply": "reducer",
    "replay": "reducer",
    "LegalActions": "legal",
    "BetLimits": "legal",
    "Standing": "standings",
    "standings": "standings",
    "SitDown": "commands",
    "StartRound": "commands",
    "BoxBet": "commands",
    "PlaceBets": "commands",
    "Play": "commands",
    "Fold": "commands",
}

__all__ = list(_WHERE)


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
