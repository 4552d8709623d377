"""Three Card Poker: each player against the dealer.

Commands (:mod:`.commands`) go into :class:`ThreeCardPoker` (:mod:`.game`),
which checks them against the state (:mod:`.state`) and the rules
(:mod:`.legal`) and returns events (:mod:`.events`) that the reducer
(:mod:`.reducer`) applies. :mod:`.paytables` turns house rules into the
numbers the settlement and ``drawpoker analyze`` share; :mod:`.strategy`
finds the optimal play/fold decision; :mod:`.bots` plays computer seats;
:mod:`.settle` settles a round written in YAML.
"""

from drawpoker.games.three_card.commands import BoxBet, Fold, PlaceBets, Play, SitDown, StartRound
from drawpoker.games.three_card.game import ThreeCardPoker
from drawpoker.games.three_card.legal import BetLimits, LegalActions
from drawpoker.games.three_card.reducer import apply, replay
from drawpoker.games.three_card.standings import Standing, standings
from drawpoker.games.three_card.state import Box, TcpState

__all__ = [
    "ThreeCardPoker",
    "TcpState",
    "Box",
    "apply",
    "replay",
    "LegalActions",
    "BetLimits",
    "Standing",
    "standings",
    "SitDown",
    "StartRound",
    "BoxBet",
    "PlaceBets",
    "Play",
    "Fold",
]
