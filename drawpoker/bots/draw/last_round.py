"""Jackpots heads-up, fixed limit: the betting round after the exchange
played out as a tree against the other's answers as learned at this table.

The other's answers in each spot of that round (not facing a bet: first
to speak, or checked to; facing one: not having acted yet, after its
check, after its bet, after its raise) are read as lines through its hand
(the table model's buckets of strength): it bets, goes on, or raises with
the hands at or above a line, and against its line now and then (a leak).
Where each line lies and how much it leaks is a posterior over a grid
(:class:`Line`), from a flat prior that knows nothing of the player, and
every answer it gave in that spot: its hand shown where it lay, mucked at
the showdown below the hand that beat it, or never seen (folded, or its
bet folded to) as the range it was read with then. The other's hand is
its range as the strong player reads it at the round's start, and each
act of the round so far weighs it by how likely the learned lines make
that act. Each legal act is then worth what it wins on average when the
rest of the round is played out: the other answering by its lines, this
seat's later acts chosen without seeing its hand (one act for every hand
that reaches the turn, the best on average over them) (:class:`Round`).

:func:`plays_out` says where (openers required, fixed limit, heads-up, after
the last exchange), :func:`play_out` decides there and :func:`learn` learns
from a deal's end, each given the answers, the other's hand as read at the
round's start and this seat's share of the pot against each bucket: the
strong player's own (:mod:`.strong`), or a bench's in their place.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from drawpoker.bots.draw.model import BUCKETS, TableModel
from drawpoker.games.draw.view import DrawView
from drawpoker.games.view import Decision

__all__ = ["Answers", "Round", "history", "learn", "masses_of", "play_out", "plays_out", "round_acts", "shares"]

#: where a line may lie: a hand at or above the bucket goes that way (BUCKETS: no hand does)
LINES = tuple(range(0, BUCKETS + 1))
#: how often a hand goes against the line (a leak), each with its prior weight
LEAKS = ((0.02, 0.4), (0.07, 0.35), (0.2, 0.25))
#: the raises the tree looks at beyond those already made this round
MOST_RAISES = 4
#: the spots where the other may check or bet (it has no bet to face)
FREE = ("first", "checked")


class Line:
    """One yes-or-no answer of the other's by its hand's bucket: yes at or
    above the line and no below it, against the line with a chance
    ``leak``. A posterior over (line, leak), kept as log-likelihoods."""

    __slots__ = ("loglik", "n", "_chances")

    def __init__(self) -> None:
        self.loglik = [math.log(weight) for _ in LINES for _, weight in LEAKS]
        self.n = 0
        self._chances: list[float] | None = None

    def add(self, yes: bool, exact: int | None, most: int | None, masses: Sequence[float]) -> None:
        """One answer: the hand in bucket ``exact``, or in ``most`` or below,
        or unknown; ``masses`` its chances by bucket as read before this answer."""
        self.n += 1
        self._chances = None
        if exact is not None:
            right = [math.log(1.0 - leak) for leak, _ in LEAKS]
            wrong = [math.log(leak) for leak, _ in LEAKS]
            i = 0
            for line in LINES:
                agrees = (exact >= line) == yes
                for k in range(len(LEAKS)):
                    self.loglik[i] += right[k] if agrees else wrong[k]
                    i += 1
            return
        top = BUCKETS - 1 if most is None else most
        below = [0.0]
        for b in range(top + 1):
            below.append(below[-1] + masses[b])
        total = below[-1]
        if total <= 1e-12:
            return
        i = 0
        for line in LINES:
            under = below[min(line, top + 1)] / total
            for leak, _ in LEAKS:
                p_yes = leak * under + (1.0 - leak) * (1.0 - under)
                self.loglik[i] += math.log(max(1e-12, p_yes if yes else 1.0 - p_yes))
                i += 1

    def chances(self) -> list[float]:
        """The chance of yes for each bucket, over the posterior."""
        if self._chances is None:
            top = max(self.loglik)
            weights = [math.exp(x - top) for x in self.loglik]
            total = sum(weights)
            base = 0.0
            step = [0.0] * (BUCKETS + 1)
            i = 0
            for line in LINES:
                for leak, _ in LEAKS:
                    p = weights[i] / total
                    base += p * leak
                    step[line] += p * (1.0 - 2.0 * leak)
                    i += 1
            out = []
            running = base
            for b in range(BUCKETS):
                running += step[b]
                out.append(running)
            self._chances = out
        return self._chances


def spot_of(its_acts: Sequence[str], facing: bool, mine_before: bool) -> str:
    """The other's spot: not facing a bet, ``first`` to speak or ``checked``
    to; facing one, ``fresh`` (it has not acted), after its ``check``, after
    its ``bet``, or after its raise (``reraised``)."""
    if not facing:
        return "checked" if mine_before else "first"
    if not its_acts:
        return "fresh"
    return {"check": "check-raised", "bet": "bet-raised"}.get(its_acts[-1], "reraised")


class Answers:
    """One opponent's answers after the exchange, as lines by spot."""

    __slots__ = ("lines",)

    def __init__(self) -> None:
        self.lines: dict[tuple[str, str], Line] = {}

    def line(self, spot: str, which: str) -> Line:
        """The line of ``which`` answer (``bet``, ``go`` on, ``raise``) in ``spot``."""
        found = self.lines.get((spot, which))
        if found is None:
            found = self.lines[(spot, which)] = Line()
        return found

    def chances(self, spot: str, can_raise: bool) -> dict[str, list[float]]:
        """Each act's chance by bucket in ``spot``."""
        if spot in FREE:
            bet = self.line(spot, "bet").chances()
            return {"bet": bet, "check": [1.0 - p for p in bet]}
        go = self.line(spot, "go").chances()
        if not can_raise:
            return {"call": go, "fold": [1.0 - p for p in go]}
        up = self.line(spot, "raise").chances()
        return {
            "fold": [1.0 - p for p in go],
            "call": [g * (1.0 - r) for g, r in zip(go, up, strict=True)],
            "raise": [g * r for g, r in zip(go, up, strict=True)],
        }

    def weigh(self, masses: Sequence[float], acts: Sequence[tuple[str, str, bool]]) -> list[float]:
        """``masses`` weighed by how likely the lines make each of ``acts`` ((spot, act, could raise))."""
        out = list(masses)
        for spot, act, can_raise in acts:
            p = self.chances(spot, can_raise).get(act)
            if p is not None:
                out = [a * b for a, b in zip(out, p, strict=True)]
        return out

    def learn(
        self, acts: Sequence[tuple[str, str, bool]], masses: Sequence[float], exact: int | None, most: int | None
    ) -> None:
        """A deal's acts of the other's after the exchange ((spot, act, could
        raise), in order), its hand as read at the round's start (``masses``),
        and where its hand was: bucket ``exact``, ``most`` or below, or unknown."""
        read = list(masses)
        for spot, act, can_raise in acts:
            if spot in FREE:
                self.line(spot, "bet").add(act == "bet", exact, most, read)
            else:
                go = act != "fold"
                self.line(spot, "go").add(go, exact, most, read)
                if go and can_raise:
                    going = self.line(spot, "go").chances()
                    self.line(spot, "raise").add(
                        act == "raise", exact, most, [a * b for a, b in zip(read, going, strict=True)]
                    )
            read = self.weigh(read, [(spot, act, can_raise)])


def masses_of(cdf: Sequence[float], power: float) -> list[float]:
    """A distribution kept as a cdf (below each bucket, and half of it),
    raised to ``power``, as chances by bucket."""
    f = [c**power for c in cdf]
    n = len(f)
    edges = [0.0] + [(f[b - 1] + f[b]) / 2.0 for b in range(1, n)] + [1.0]
    out = [max(0.0, edges[b + 1] - edges[b]) for b in range(n)]
    total = sum(out)
    return [x / total for x in out] if total > 0 else [1.0 / n] * n


def history(
    acts: Sequence[tuple[int, str, int]], other: int
) -> tuple[list[tuple[str, str, bool]], list[str], list[str]]:
    """The betting round's acts so far (``(seat, act, chips)``): the other's
    as (spot, act, could raise), and each player's acts in order (the
    other's, then this seat's)."""
    level = theirs = raises = 0
    its: list[str] = []
    mine: list[str] = []
    out: list[tuple[str, str, bool]] = []
    for seat, act, chips in acts:
        if seat == other:
            out.append((spot_of(its, level > theirs, bool(mine)), act, raises < MOST_RAISES))
            its.append(act)
        else:
            mine.append(act)
        if act in ("bet", "raise"):
            level = chips
            raises += act == "raise"
        if seat == other and act in ("bet", "raise", "call"):
            theirs = level
    return out, its, mine


Chances = Callable[[str, bool], dict[str, list[float]]]


class Round:
    """The rest of the betting round against hands of the other's (vectors
    over them): it answers by ``chances`` (spot, may raise -> each act's
    chance by hand), this seat's later acts chosen without seeing its hand.
    Values are this seat's chips back less its chips put in from now."""

    def __init__(
        self, chances: Chances, pot: int, mine: int, theirs: int, step: int, share: list[float], most: int
    ) -> None:
        self.chances = chances
        self.pot, self.mine0, self.theirs0, self.step = pot, mine, theirs, step
        self.share = share
        self.n = len(share)
        self.most = most

    def showdown(self, mine: int, theirs: int) -> list[float]:
        put = mine - self.mine0
        total = self.pot + put + theirs - self.theirs0
        return [s * total - put for s in self.share]

    def values(
        self, w: list[float], level: int, mine: int, theirs: int, raises: int, its: tuple[str, ...]
    ) -> dict[str, list[float]]:
        """Each act of this seat's now, against each hand."""
        vals: dict[str, list[float]] = {}
        up = level + self.step
        if level == mine:
            ends = bool(its) and its[-1] == "check"  # it checked first: checking ends the round
            vals["check"] = (
                self.showdown(mine, theirs) if ends else self._other(w, level, mine, theirs, raises, its, True, True)
            )
            vals["bet"] = self._other(w, up, up, theirs, raises, its, True, False)
        else:
            vals["fold"] = [float(self.mine0 - mine)] * self.n
            vals["call"] = self.showdown(level, theirs)
            if raises < self.most:
                vals["raise"] = self._other(w, up, up, theirs, raises + 1, its, True, False)
        return vals

    def _best(
        self, w: list[float], level: int, mine: int, theirs: int, raises: int, its: tuple[str, ...]
    ) -> list[float]:
        vals = self.values(w, level, mine, theirs, raises, its)
        return max(vals.values(), key=lambda v: sum(a * b for a, b in zip(w, v, strict=True)))

    def _other(
        self,
        w: list[float],
        level: int,
        mine: int,
        theirs: int,
        raises: int,
        its: tuple[str, ...],
        acted: bool,
        checked: bool,
    ) -> list[float]:
        out = [0.0] * self.n
        up = level + self.step
        for act, p in self.chances(spot_of(its, level > theirs, acted), raises < self.most).items():
            sub = [a * b for a, b in zip(w, p, strict=True)]
            if not any(sub):
                continue
            after = (*its, act)
            if act == "fold":
                v = [float(self.pot + theirs - self.theirs0)] * self.n
            elif act == "check":
                v = self.showdown(mine, theirs) if checked else self._best(sub, level, mine, theirs, raises, after)
            elif act == "call":
                v = self.showdown(mine, level)
            elif act == "bet":
                v = self._best(sub, up, mine, up, raises, after)
            else:
                v = self._best(sub, up, mine, up, raises + 1, after)
            out = [o + a * b for o, a, b in zip(out, p, v, strict=True)]
        return out


def shares(mine: int) -> list[float]:
    """This seat's share of the pot at the showdown against a hand in each
    bucket, its own hand in bucket ``mine`` (a tie within it)."""
    return [1.0 if b < mine else 0.5 if b == mine else 0.0 for b in range(BUCKETS)]


def plays_out(view: DrawView) -> bool:
    """Whether the betting round is played out as a tree (:func:`play_out`):
    openers required, fixed limit, heads-up, after the last exchange."""
    return (
        bool(view.to_open)
        and view.rules.betting.structure == "fixed_limit"
        and len(view.seats) == 2
        and view.round > view.exchanges
    )


def round_acts(view: DrawView) -> list[tuple[int, str, int]]:
    """The acts of the betting round after the last exchange so far: (seat, act, chips)."""
    last = view.exchanges + 1
    return [
        (a.seat, a.act, a.chips)
        for a in view.actions
        if a.round == last and a.act not in ("draw", "small_blind", "big_blind")
    ]


def play_out(view: DrawView, answers: Answers, masses: Sequence[float], share: Sequence[float]) -> Decision | None:
    """The legal act worth most when the rest of the round is played out
    (:class:`Round`) against ``answers``, over the other's hand as read at
    the round's start (``masses``, by bucket) weighed by its acts since;
    ``share``: this seat's share of the pot against each bucket
    (:func:`shares`). None where no hand of the other's is left to weigh."""
    other = 1 - view.seat
    last = view.exchanges + 1
    its_acts, its, _ = history(round_acts(view), other)
    weights = answers.weigh(masses, its_acts)
    keep = [b for b in range(len(weights)) if weights[b] > 1e-12]
    if not keep:
        return None
    w = [weights[b] for b in keep]
    kept_share = [share[b] for b in keep]
    raises = sum(1 for a in view.actions if a.round == last and a.act == "raise")
    most = MOST_RAISES if view.raises_left is None else min(MOST_RAISES, view.raises_left)
    kept: dict[tuple[str, bool], dict[str, list[float]]] = {}

    def chances(spot: str, can_raise: bool) -> dict[str, list[float]]:
        if (spot, can_raise) not in kept:
            every = answers.chances(spot, can_raise)
            kept[(spot, can_raise)] = {act: [p[b] for b in keep] for act, p in every.items()}
        return kept[(spot, can_raise)]

    theirs = view.seats[other].bet
    tree = Round(chances, view.pot_total, view.me.bet, theirs, view.step, kept_share, raises + most)
    total = sum(w)
    legal = {o.act for o in view.options}
    values = {
        act: sum(a * b for a, b in zip(w, v, strict=True)) / total
        for act, v in tree.values(w, view.level, view.me.bet, theirs, raises, tuple(its)).items()
        if act in legal
    }
    if not values:
        return None
    return Decision(max(values, key=lambda act: values[act]))


def learn(answers: Answers, view: DrawView, masses: Sequence[float], model: TableModel) -> None:
    """A deal's end (``view``) where the round was played out: the other's
    answers in it learned into ``answers``, its hand as read at the round's
    start ``masses``, and where it was: shown, mucked below this seat's
    shown hand, or never seen (buckets of ``model``)."""
    other = 1 - view.seat
    its_acts, _, _ = history(round_acts(view), other)
    if not its_acts:
        return
    its, mine = view.seats[other], view.seats[view.seat]
    exact = most = None
    if its.shown:
        exact = model.bucket(model.ranking.strength(its.shown))
    elif its.mucked and mine.shown:
        most = model.bucket(model.ranking.strength(mine.shown))
    answers.learn(its_acts, masses, exact, most)
