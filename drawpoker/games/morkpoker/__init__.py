"""Mørkpoker: five-card draw with an ante, fixed-limit betting and one exchange."""

from drawpoker.games.morkpoker.commands import (
    Bet,
    Call,
    Check,
    Exchange,
    Fold,
    Muck,
    Raise,
    Show,
    SitDown,
    StartDeal,
)
from drawpoker.games.morkpoker.decide import Morkpoker
from drawpoker.games.morkpoker.legal import LegalActions, Option, legal_actions
from drawpoker.games.morkpoker.reducer import apply, replay
from drawpoker.games.morkpoker.state import MorkState

__all__ = [
    "Morkpoker",
    "MorkState",
    "apply",
    "replay",
    "legal_actions",
    "LegalActions",
    "Option",
    "SitDown",
    "StartDeal",
    "Check",
    "Bet",
    "Call",
    "Raise",
    "Fold",
    "Exchange",
    "Show",
    "Muck",
]
