"""Mørkpoker: five-card draw with an ante, fixed-limit betting and one exchange."""

from drawpoker.games.draw.commands import (
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
from drawpoker.games.draw.decide import DrawGame
from drawpoker.games.draw.legal import LegalActions, Option, legal_actions
from drawpoker.games.draw.reducer import apply, replay
from drawpoker.games.draw.state import DrawState

__all__ = [
    "DrawGame",
    "DrawState",
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
