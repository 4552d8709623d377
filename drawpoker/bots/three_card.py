"""Three Card Poker's computer players, by strategy name.

Each reads only its seat's view: its boxes' cards, the limits, the hint
(the optimal decision under these rules). ``sensible`` and ``strong``
play the optimal strategy; ``strong`` also sizes its bets by the exact
edges (the smallest ante where the house has the edge, the largest where
the player has it; a side bet only where it favours the player). ``easy``
plays the simple Q-6-4 rule and now and then a side bet; the baselines
play always (``calling-station``), bet everything and always play
(``maniac``), or play only pairs and better (``rock``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from drawpoker.bots.memo import per_rules
from drawpoker.games.three_card.hands import Category3, category3_of, strength3
from drawpoker.games.three_card.strategy import q64_advice
from drawpoker.games.three_card.view import Limits, TcpView
from drawpoker.games.view import Decision

__all__ = ["MAKERS", "bets_within"]


def _worst(rules: Any, box: tuple[int, int, int, int]) -> int:
    from drawpoker.games.three_card.paytables import worst_case

    return worst_case(_spec(rules), *box)


@per_rules
def _spec(rules: Any) -> Any:
    from drawpoker.games.three_card.paytables import paytable_spec

    return paytable_spec(rules)


def _fits(rules: Any, limits: Limits, boxes: list[tuple[int, int, int, int]]) -> bool:
    need = sum(b[0] * (1 + limits.play_multiple) + b[1] + b[2] + b[3] for b in boxes)
    if need > limits.stack:
        return False
    if limits.bank_can_cover is not None:
        return sum(_worst(rules, b) for b in boxes) <= limits.bank_can_cover
    return True


def bets_within(
    view: TcpView, ante: int, pair_plus: int = 0, prime: int = 0, six_card: int = 0, boxes: int = 1
) -> Decision:
    """These bets on ``boxes`` boxes, made smaller until they fit the limits
    (none at all -- sitting out -- when even the smallest does not)."""
    limits = view.limits
    if limits is None or "bet" not in view.options:
        return Decision("place")
    ante = min(max(ante, limits.ante_min), limits.ante_max)
    one = (ante, min(pair_plus, limits.pair_plus_max), min(prime, limits.prime_max), min(six_card, limits.six_card_max))
    for count in range(min(boxes, limits.boxes), 0, -1):
        for box in (one, (one[0], one[1], 0, 0), (limits.ante_min, 0, 0, 0)):
            if _fits(view.rules, limits, [box] * count):
                return Decision("place", boxes=(box,) * count)
    return Decision("place")


class _Bot:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: TcpView) -> Decision:
        """Bets in the betting phase, play or fold for a box."""
        if view.phase == "betting":
            return self.bets(view)
        return Decision("play" if self.plays(view) else "fold")

    def bets(self, view: TcpView) -> Decision:
        """The smallest ante on one box."""
        return bets_within(view, 1)

    def plays(self, view: TcpView) -> bool:
        """The optimal decision (the view's hint)."""
        return view.hint == "play"


class Sensible(_Bot):
    """The smallest ante on one box, no side bets, the optimal decision."""


@per_rules
def _edges(rules: Any) -> tuple[Fraction, Fraction | None, Fraction | None, Fraction | None]:
    """The player's expected result per chip: the ante game played
    optimally, Pair Plus, Prime and the Six Card Bonus (None: not offered)."""
    from drawpoker.games.three_card.analysis import pair_plus_edge, prime_edge, six_card_edge
    from drawpoker.games.three_card.strategy import strategy_for

    strategy = strategy_for(rules)
    total = sum(c.hands for c in strategy.classes)
    ante = Fraction(sum(c.hands * max(c.ev_play, Fraction(-1)) for c in strategy.classes), total)
    spec = _spec(rules)
    pp = -pair_plus_edge(spec.pair_plus) if spec.pair_plus is not None else None
    prime = -prime_edge(*spec.prime) if spec.prime is not None else None
    six = -six_card_edge(spec.six_card) if spec.six_card is not None else None
    return ante, pp, prime, six


class Strong(_Bot):
    """The optimal decision, and bets sized by the exact edges: the
    smallest ante unless the game favours the player, a side bet only
    where it favours the player."""

    def bets(self, view: TcpView) -> Decision:
        limits = view.limits
        if limits is None:
            return Decision("place")
        ante, pp, prime, six = _edges(view.rules)
        big = ante > 0
        return bets_within(
            view,
            limits.ante_max if big else limits.ante_min,
            limits.pair_plus_max if pp is not None and pp > 0 else 0,
            limits.prime_max if prime is not None and prime > 0 else 0,
            limits.six_card_max if six is not None and six > 0 else 0,
            limits.boxes if big else 1,
        )


class Easy(_Bot):
    """A beginner: plays Q-6-4 or better, and now and then a Pair Plus bet."""

    def bets(self, view: TcpView) -> Decision:
        pair_plus = 1 if self.rng.random() < 0.3 else 0
        return bets_within(view, 1, pair_plus)

    def plays(self, view: TcpView) -> bool:
        return q64_advice(view.cards) == "play"


class RandomBot(_Bot):
    """Random bets within the limits (now and then none) and a random decision."""

    def bets(self, view: TcpView) -> Decision:
        limits = view.limits
        rng = self.rng
        if limits is None or "bet" not in view.options or rng.random() < 0.1:
            return Decision("place")
        return bets_within(
            view,
            rng.randint(limits.ante_min, limits.ante_max),
            rng.randint(0, limits.pair_plus_max),
            rng.randint(0, limits.prime_max),
            rng.randint(0, limits.six_card_max),
            rng.randint(1, max(1, limits.boxes)),
        )

    def plays(self, view: TcpView) -> bool:
        return self.rng.random() < 0.5


class CallingStation(_Bot):
    """The smallest ante, and plays every hand."""

    def plays(self, view: TcpView) -> bool:
        return True


class Maniac(_Bot):
    """The largest ante and every side bet on every box it may take, and plays every hand."""

    def bets(self, view: TcpView) -> Decision:
        limits = view.limits
        if limits is None:
            return Decision("place")
        return bets_within(
            view, limits.ante_max, limits.pair_plus_max, limits.prime_max, limits.six_card_max, limits.boxes
        )

    def plays(self, view: TcpView) -> bool:
        return True


class Rock(_Bot):
    """The smallest ante, and plays only a pair or better."""

    def plays(self, view: TcpView) -> bool:
        return category3_of(strength3(view.cards)) is not Category3.HIGH_CARD


#: strategy name -> what makes the bot (called with a random.Random)
MAKERS: dict[str, Callable[..., Any]] = {
    "easy": Easy,
    "sensible": Sensible,
    "strong": Strong,
    "random": RandomBot,
    "calling-station": CallingStation,
    "maniac": Maniac,
    "rock": Rock,
}
