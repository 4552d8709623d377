"""Computer players: a betting habit and a play/fold decision.

:func:`bot_command` plays a :class:`BotPolicy` (fixed bets, the optimal or
the Q-6-4 decision). :data:`BOTS` holds the computer players by strategy
name for ``drawpoker simulate``: ``sensible`` (the smallest ante, no side
bets, the optimal decision) and ``random`` (random bets within the limits,
random decisions).

>>> import random
>>> from drawpoker.rules import load_rules
>>> from drawpoker.engine.shuffle import RandomShuffler
>>> from drawpoker.games.three_card.game import ThreeCardPoker
>>> game = ThreeCardPoker(load_rules("three-card-poker-sv"))
>>> state = game.new_state()
>>> _ = game.handle(state, game.sit_down(("Ada", "Bo"), (40, 40)))
>>> _ = game.handle(state, game.start_deal(*RandomShuffler(1).shuffle()))
>>> bot_command(game, state, random.Random(1))
PlaceBets(seat=0, boxes=(BoxBet(ante=1, pair_plus=0, prime=0, six_card=0),))
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs

from drawpoker.games.three_card import commands as cmd
from drawpoker.games.three_card.legal import BetLimits
from drawpoker.games.three_card.paytables import worst_case
from drawpoker.games.three_card.state import BETTING, DECIDING, TcpState
from drawpoker.games.three_card.strategy import q64_advice

__all__ = ["BotPolicy", "bot_command", "bot_bets", "random_bot", "sensible_bot", "BOTS"]


@attrs.frozen
class BotPolicy:
    """How a computer player bets and decides.

    ``ante`` chips on each of ``boxes`` boxes (None: a random ante within
    the limits each round); side bets of the given sizes when the rules
    offer them; ``strategy`` ``"optimal"`` (the exact optimal decision for
    these rules) or ``"q64"`` (play Q-6-4 or better). Bets the limits, the
    player's stack or the bank cannot take are scaled down, or dropped.
    """

    ante: int | None = 1
    pair_plus: int = 0
    prime: int = 0
    six_card: int = 0
    boxes: int = 1
    strategy: str = attrs.field(default="optimal", validator=attrs.validators.in_(("optimal", "q64")))


def _fits(game: Any, limits: BetLimits, boxes: list[cmd.BoxBet]) -> bool:
    need = sum(b.ante * (1 + limits.play_multiple) + b.pair_plus + b.prime + b.six_card for b in boxes)
    if need > limits.stack:
        return False
    if limits.bank_can_cover is not None:
        worst = sum(worst_case(game.spec, *b) for b in boxes)
        return worst <= limits.bank_can_cover
    return True


def bot_bets(game: Any, limits: BetLimits, rng: random.Random, policy: BotPolicy) -> tuple[cmd.BoxBet, ...]:
    """The boxes a bot bets within ``limits``: the policy's bets, smaller if
    they do not fit, none (sitting out) if even the smallest does not."""
    ante = policy.ante if policy.ante is not None else rng.randint(limits.ante_min, limits.ante_max)
    ante = min(max(ante, limits.ante_min), limits.ante_max)
    one = cmd.BoxBet(
        ante=ante,
        pair_plus=min(policy.pair_plus, limits.pair_plus_max),
        prime=min(policy.prime, limits.prime_max),
        six_card=min(policy.six_card, limits.six_card_max),
    )
    for count in range(min(policy.boxes, limits.boxes), 0, -1):
        for box in (one, one._replace(prime=0, six_card=0), cmd.BoxBet(ante=limits.ante_min)):
            if _fits(game, limits, [box] * count):
                return (box,) * count
    return ()


def bot_command(game: Any, state: TcpState, rng: random.Random, policy: BotPolicy = BotPolicy()) -> Any:
    """The command of the player to act (``state.to_act``) under ``policy``."""
    legal = game.legal_actions(state)
    if legal.seat is None:
        raise ValueError("nobody is to act")
    if state.phase == BETTING:
        assert legal.limits is not None
        return cmd.PlaceBets(legal.seat, bot_bets(game, legal.limits, rng, policy))
    assert state.phase == DECIDING and legal.box is not None
    choice = legal.hint if policy.strategy == "optimal" else q64_advice(legal.cards)
    return (cmd.Play if choice == "play" else cmd.Fold)(legal.seat, legal.box)


def _as_function(maker: Callable[[random.Random], Any]) -> Callable[[Any, TcpState, random.Random], Any]:
    """A player of :mod:`drawpoker.bots.three_card` as ``bot(game, state, rng) -> command``."""
    from drawpoker.games.three_card.view import command_for, seat_view

    def bot(game: Any, state: TcpState, rng: random.Random) -> Any:
        assert state.to_act is not None
        view = seat_view(game, state, state.to_act)
        return command_for(view, maker(rng).act(view))

    bot.__doc__ = maker.__doc__
    return bot


def _makers() -> dict[str, Callable[..., Any]]:
    from drawpoker.bots.three_card import MAKERS

    return MAKERS


sensible_bot = _as_function(_makers()["sensible"])
random_bot = _as_function(_makers()["random"])

#: The computer players by strategy name: ``bot(game, state, rng) -> command``.
BOTS: dict[str, Callable[[Any, TcpState, random.Random], Any]] = {
    name: _as_function(maker) for name, maker in _makers().items()
}
