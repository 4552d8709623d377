"""The play/fold advice: the optimal strategy for the rules in force.

The strategy is found by the exact analysis
(:func:`drawpoker.games.three_card.analysis.analyze`), not assumed: with the usual
rules it is "play Q-6-4 or better", but a different qualifier, Play
multiple or ante bonus moves the line. It is computed once per distinct
main-game paytable and cached.

>>> from drawpoker.cards import parse_cards
>>> from drawpoker.rules import load_rules
>>> advice(load_rules("three-card-poker"), parse_cards("Qh 6d 4c"))
'play'
>>> advice(load_rules("three-card-poker"), parse_cards("Qh 6d 3c"))
'fold'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from drawpoker.cards import Card, parse_cards
from drawpoker.games.three_card.analysis import PaytableSpec, Strategy, analyze
from drawpoker.games.three_card.hands import strength3
from drawpoker.games.three_card.paytables import main_game_spec, paytable_spec
from drawpoker.rules.model import ThreeCardRules

__all__ = ["optimal_strategy", "strategy_for", "advice", "q64_advice", "Q64"]

#: The weakest hand the usual simple rule plays: Q-6-4.
Q64 = strength3(parse_cards("Qh 6d 4c"))


@lru_cache(maxsize=32)
def optimal_strategy(spec: PaytableSpec) -> Strategy:
    """The optimal strategy for a paytable (only its main game matters)."""
    return analyze(main_game_spec(spec)).strategy


def strategy_for(rules: ThreeCardRules) -> Strategy:
    """The optimal strategy under these rules."""
    return optimal_strategy(main_game_spec(paytable_spec(rules)))


def advice(rules: ThreeCardRules, cards: Sequence[Card]) -> str:
    """``"play"`` or ``"fold"``: the optimal decision for these three cards."""
    return "play" if strategy_for(rules).plays(cards) else "fold"


def q64_advice(cards: Sequence[Card]) -> str:
    """``"play"`` or ``"fold"`` by the simple rule: Q-6-4 or better plays."""
    return "play" if strength3(cards) >= Q64 else "fold"
