"""The simple computer players of the draw games: the levels ``easy`` and
``sensible``, and the baselines a bot is measured against (``random``, a
calling station, a maniac, a rock). Each reads only its seat's view.
"""

from __future__ import annotations

import abc
import random

from drawpoker.bots.draw.common import (
    CHOOSING,
    coach_discards,
    drawing,
    grade,
    keeping,
    random_exchange,
    ranking_of,
    rotation,
    rule_of_thumb,
    rule_of_thumb_exchange,
    sized,
)
from drawpoker.games.draw.view import DrawView
from drawpoker.games.view import Decision, call, check, fold, show

__all__ = ["RandomBot", "Easy", "Sensible", "Coached", "CallingStation", "Maniac", "Rock"]


class _Bot(abc.ABC):
    """The shared shape: the phase picks the method; each bot says how it bets."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: DrawView) -> Decision:
        """The seat's decision."""
        if view.phase == CHOOSING:
            return rotation(view)
        if view.phase == "exchange":
            return self.exchange(view)
        if view.phase == "showdown":
            return show()
        return self.bet(view)

    def exchange(self, view: DrawView) -> Decision:
        """The cards to throw."""
        return rule_of_thumb_exchange(view)

    @abc.abstractmethod
    def bet(self, view: DrawView) -> Decision:
        """A betting decision."""


def _price(view: DrawView) -> float:
    """What calling costs against what the pot then holds."""
    return view.to_call / max(1, view.pot_total + view.to_call)


def _in_blind(view: DrawView) -> bool:
    """The seat posted a blind this deal and the first round is on."""
    return view.round == 1 and view.me.blind is not None


class RandomBot(_Bot):
    """Any legal action at random (never folding when it may check), any
    amount, and a random exchange."""

    def exchange(self, view: DrawView) -> Decision:
        return random_exchange(view, self.rng)

    def act(self, view: DrawView) -> Decision:
        if view.phase == CHOOSING:
            return Decision("choose", game=self.rng.choice(view.games) if not view.carried else view.game)
        return super().act(view)

    def bet(self, view: DrawView) -> Decision:
        rng = self.rng
        options = [o for o in view.options if not (o.act == "fold" and view.option("check"))]
        option = rng.choice(options)
        if option.act in ("bet", "raise") and not _fixed(view):
            half = view.level + (view.pot_total + view.to_call) // 2
            pot = view.level + view.pot_total + view.to_call
            to = rng.choice((option.min_to, option.max_to, half, pot, rng.randint(option.min_to, option.max_to)))
            return Decision(option.act, to=max(option.min_to, min(option.max_to, to)))
        return Decision(option.act)


class Sensible(_Bot):
    """Bets, raises, calls and draws by hand strength, with a little bluffing.

    It never folds when it may check, defends its blinds with any hand
    worth a draw at a fair price, and in pot and no limit opens for a few
    big blinds (not the pot) and calls by the price, so that it reaches the
    exchange about as often as people do.
    """

    bluffs = 0.05

    def bet(self, view: DrawView) -> Decision:
        g = grade(view)
        if self.rng.random() < self.bluffs:
            g += 1  # an occasional bluff or slow play keeps the others honest
        can = {o.act for o in view.options}
        big = view.rules.betting.structure != "fixed_limit"
        # Raise good hands, but stop re-raising at a sensible height (heads-up the cap may be gone).
        if "raise" in can and ((g >= 4 and view.raises < 4) or (g == 3 and view.raises < 2)):
            return self._size(view, g, "raise")
        if g >= 2 and "bet" in can:
            return self._size(view, g, "bet")
        if "check" in can:
            return check()
        price = _price(view)
        defending = _in_blind(view) and view.to_call <= max(view.step, 1) * (2 if big else 1)
        if defending and (g >= 1 or (price <= 0.25 and self.rng.random() < 0.5)):
            return call()  # defend the blind: a hand worth a draw at this price
        if big:
            # Pot and no limit: the price is what matters, against the pot it wins.
            if g >= 3 or (g == 2 and price <= 0.4) or (g == 1 and price <= 0.3):
                return call()
            return fold()
        if g >= 2 or (g == 1 and view.to_call <= view.step):
            return call()
        return fold()

    def _size(self, view: DrawView, g: int, act: str) -> Decision:
        """The fixed amount in fixed limit; in pot and no limit, before the
        exchange three big blinds or so (a raise: three times the bet),
        after it half the pot with a good hand, the pot with a very good one,
        and now and then all in with a monster."""
        if view.rules.betting.structure == "fixed_limit":
            return Decision(act)
        option = view.option(act)
        assert option is not None
        if g >= 4 and self.rng.random() < 0.15:
            return Decision(act, to=option.max_to)
        if drawing(view) and view.round == 1:
            to = 3 * max(view.level, view.step)
            return Decision(act, to=max(option.min_to, min(option.max_to, to)))
        return sized(view, 1.0 if g >= 3 else 0.5, act)


class Coached(Sensible):
    """The sensible player, exchanging as the draw coach advises (the
    choice worth most after the draw against the opponents still in,
    from the exact odds)."""

    def exchange(self, view: DrawView) -> Decision:
        return coach_discards(view)


class Easy(_Bot):
    """A beginner: plays too many hands, calls too much, raises only with a
    monster, never bluffs, and draws loosely (a kicker to a pair, three to
    a flush, a high card to a low). A new player can beat it."""

    def exchange(self, view: DrawView) -> Decision:
        ranking = ranking_of(view.rules)
        hand = view.hand
        throw = list(rule_of_thumb(hand, view.max_exchange, ranking))
        if throw and self.rng.random() < 0.4:
            # the beginner's keep: one card more than a good player keeps (a kicker, a high card)
            keep = max(throw, key=lambda c: -c.rank if ranking.lowball else c.rank)
            throw.remove(keep)
        return keeping(view, tuple(throw))

    def bet(self, view: DrawView) -> Decision:
        g = grade(view)
        can = {o.act for o in view.options}
        if g >= 4 and "raise" in can and view.raises < 1:
            return Decision("raise", to=None) if _fixed(view) else sized(view, 0.5, "raise")
        if g >= 3 and "bet" in can:
            return Decision("bet") if _fixed(view) else sized(view, 0.5, "bet")
        if "check" in can:
            return check()
        if g >= 1 or _price(view) <= 0.34:
            return call()
        if drawing(view) and self.rng.random() < 0.5:
            return call()  # hoping the draw brings something
        return fold()


def _fixed(view: DrawView) -> bool:
    return bool(view.rules.betting.structure == "fixed_limit")


class CallingStation(_Bot):
    """Checks and calls, never bets, raises or folds (but checks when it
    may); draws by the coach's odds."""

    def exchange(self, view: DrawView) -> Decision:
        return coach_discards(view)

    def bet(self, view: DrawView) -> Decision:
        return check() if view.option("check") else call()


class Maniac(_Bot):
    """Bets and raises whenever it may (the pot in pot and no limit), calls
    when it may not, never folds."""

    def bet(self, view: DrawView) -> Decision:
        for act in ("raise", "bet"):
            if view.option(act):
                return Decision(act) if _fixed(view) else sized(view, 1.0, act)
        return check() if view.option("check") else call()


class Rock(_Bot):
    """Plays only strong hands: raises them, and otherwise checks or folds."""

    def bet(self, view: DrawView) -> Decision:
        g = grade(view)
        can = {o.act for o in view.options}
        if g >= 3:
            for act in ("raise", "bet"):
                if act in can:
                    return Decision(act) if _fixed(view) else sized(view, 0.75, act)
            return check() if "check" in can else call()
        return check() if "check" in can else fold()
