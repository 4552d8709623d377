"""Not a timing, and not a player: how much a player who knows sensible's
rules could win heads-up in jackpots over the WHOLE deal, measured by
playing such a player (an "oracle") against sensible on ``bench/bots.py``'s
duplicate deck sets, runs as the unit.

    nice -n 10 .venv/bin/python bench/jackpots_whole_deal.py --seeds 431-439 --decks 400

Three players are measured on the same deck sets, each a seat that reads
only what strong's seat sees (its cards, the betting, how many cards each
drew) and, where it is an oracle, sensible's rules (``basic.Sensible``:
its grades, its bluff one time in twenty, openers to open, the rule of
thumb's draw), never sensible's cards:

- ``strong``: strong as it is (through the same code: the bench's result).
- ``after``: strong before the draw; after it, at each decision, the best
  answer to sensible's rules that ``bench/jackpots_ceiling.py`` computes
  without seeing the hand (its ``_Blind`` tree: one act for every hand of
  sensible's that reaches the turn), over sensible's hands as its rules
  and its public acts allow them, the cards strong has seen taken out.
- ``whole``: ``after``'s play after the draw, and before it (each betting
  decision of the first round and the exchange) the best answer over the
  rest of the deal: the hero's later acts in the round, its throw (every
  legal one of up to three cards) and the play after the draw, each chosen
  without seeing sensible's hand, the play after the draw valued as
  ``after`` will play it. A deal passed out is worth half its pot.

Why not policy iteration one decision at a time: against a fixed opponent
the best answer over the whole deal is found by working backwards. After
the draw, what sensible may hold given the public acts depends only on its
rules, not on how the hero came to the spot, so ``after``'s answer is the
best one whatever the hero did before; ``whole`` then answers best before
the draw with that play after it. A second round of iteration cannot move
the play after the draw, and the play before it is already chosen over
the whole rest of the deal. What the two are short of the exact best
answer are approximations, each said where it is made: sensible's hands
are drawn from one pool of 200,000 sampled deals (``Pool``); before the
draw, the value of the play after it leaves out which cards the hero holds
or draws (it does count them after the draw), the cards the hero draws are
sampled (150 draws a throw) and a deal passed out is worth half its pot.
So the figures are what these players win, a floor under the exact best
answer, not the answer itself.

Seeds 431-439, 400 deck sets a run (main a766bf5's strong): strong +9.27
[+8.07, +10.47], ``after`` +11.72 [+10.45, +13.00], ``whole`` +11.95
[+10.20, +13.70] BB/100 deals; ``whole`` less ``after`` run by run +0.21
[-1.27, +1.68] (bench/README.md, *Jackpots against sensible*).

This reads sensible's rules, which strong must not: it says how far a
player of this sensible could go, not how to play.
"""

from __future__ import annotations

import argparse
import bisect
import collections
import itertools
import math
import os
import random
import sys
import time
from collections.abc import Sequence
from typing import Any, NamedTuple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bots import Table, _Parser, batched, deck_sets, play_deck_sets, positive, seeds_of, summary, t95
from jackpots_ceiling import DECK, Acts, _Blind, _Round, _spots, sensible_acts

from drawpoker.bots.draw.common import _plain_grade, rule_of_thumb
from drawpoker.cards import Card
from drawpoker.games.draw.openers import JACKS, qualifies
from drawpoker.games.view import Decision, command_for, exchange, seat_view
from drawpoker.hands import strength
from drawpoker.rules import load_rules

LEVELS = ("strong", "after", "whole")
#: a card's bit in a mask of cards
BIT = {card: 1 << i for i, card in enumerate(DECK)}
#: the hero's raises a tree looks at (sensible stops re-raising at four)
MOST_RAISES = 5
#: deals in the pool of sensible's hands
POOL_SIZE = 200_000
#: the draws sampled for each throw before the draw
DRAWS = 150
#: the parts a hand's strength after the draw is cut into before the draw
CUTS = 600
#: the pool's deals counted for the chances of sensible's classes before the draw
PRIOR = 40_000
#: before the draw, the best answer after it is found exactly at every GRID-th part (see ``_Starts``)
GRID = 8
#: the throws weighed at the first round's later ends in the tree before the draw
SHORT = 5


def mask_of(cards: Sequence[Card]) -> int:
    """The cards as a set of bits."""
    out = 0
    for card in cards:
        out |= BIT[card]
    return out


class Dealt(NamedTuple):
    """One deal of sensible's in the pool: its five cards and the cards it
    draws, as masks, its grade before the draw, whether it may open, how
    many it draws (the rule of thumb), its hand's strength after the draw
    and its grade then."""

    dealt: int
    used: int
    grade1: int
    opens: bool
    drew: int
    final: int
    grade2: int


class Pool:
    """Sensible's deals, sampled once from the whole deck (``seed``): every
    posterior is this pool weighed by sensible's rules and, where the hero's
    cards are counted, with the deals holding one of them left out (which
    makes them uniform over the cards the hero has not seen)."""

    def __init__(self, size: int = POOL_SIZE, seed: int = 27) -> None:
        rng = random.Random(seed)
        #: kept for the oracles (their ``starts_of``)
        self.posteriors: dict[tuple[Any, ...], Any] = {}
        self.starts: dict[tuple[Any, ...], Any] = {}
        self.deals: list[Dealt] = []
        self.by_drew: dict[int, list[Dealt]] = collections.defaultdict(list)
        for _ in range(size):
            cards = rng.sample(DECK, 8)
            dealt = tuple(cards[:5])
            thrown = rule_of_thumb(dealt, 3)
            drew = len(thrown)
            now = tuple(c for c in dealt if c not in thrown) + tuple(cards[5 : 5 + drew])
            one = Dealt(
                mask_of(dealt),
                mask_of(dealt) | mask_of(cards[5 : 5 + drew]),
                _plain_grade(dealt, True),
                qualifies(dealt, JACKS),
                drew,
                strength(now),
                _plain_grade(now, False),
            )
            self.deals.append(one)
            self.by_drew[drew].append(one)
        finals = sorted(d.final for d in self.deals)
        #: strengths cutting sensible's hands after the draw into CUTS parts of equal weight: before the
        #: draw the hero's hand after it is valued as the weakest of its part (a few hundredths of a
        #: per cent of sensible's hands change sides; after the draw the hero's hand counts exactly)
        self.cuts = sorted({finals[len(finals) * i // CUTS] for i in range(CUTS)})
        self.cuts[0] = 0

    def bucket(self, mine: int) -> int:
        """The part of :attr:`cuts` a strength falls in."""
        return bisect.bisect_right(self.cuts, mine) - 1


def chance_round1(acts: Acts, other: int) -> dict[tuple[int, bool], float]:
    """The chance sensible's rules give its acts in the first round (``acts``),
    by its grade then and whether it may open (``jackpots_ceiling._chance``'s
    product, a grade at a time)."""
    out: dict[tuple[int, bool], float] = {}
    for grade in range(5):
        for opens in (False, True):
            p = 1.0
            for act, can, raises, to_call, step in _spots(acts, 1, other, opens):
                p *= sensible_acts(grade, can, raises, to_call, step).get(act, 0.0)
            out[(grade, opens)] = p
    return out


def chance_round2(acts: Acts, other: int) -> list[float]:
    """The chance sensible's rules give its acts after the draw so far, by its grade then."""
    out = []
    for grade in range(5):
        p = 1.0
        for act, can, raises, to_call, step in _spots(acts, 2, other, False):
            p *= sensible_acts(grade, can, raises, to_call, step).get(act, 0.0)
        out.append(p)
    return out


class _Class(_Round):
    """Sensible's hands of one grade and one share of the pot against the
    hero's, as one hand of :class:`jackpots_ceiling._Round` (which is all
    ``_Blind`` asks of a hand)."""

    def __init__(self, pot: int, bets: list[int], hero: int, grade: int, share: float) -> None:
        self.bets = list(bets)
        self.pot = pot
        self.hero, self.other = hero, 1 - hero
        self.share = share
        self.grade = grade
        self.memo = {}


class _Classes(_Blind):
    """``jackpots_ceiling._Blind`` over classes of hands (grade, share)
    instead of hands: the same tree, the same answer (the hands of a class
    take the same acts and win the same), far fewer rows."""

    def __init__(self, rounds: list[_Class], bets: list[int], hero: int, other_acted: bool) -> None:
        self.rounds = list(rounds)
        self.bets = list(bets)
        self.hero, self.other = hero, 1 - hero
        self.other_acted = other_acted


Weights = dict[tuple[int, float], float]
#: for the hero's five cards: sensible's classes' counts beside them, every throw, each throw's strength parts
Facts = tuple[dict[tuple[int, bool, int], float], list[tuple[Card, ...]], dict[tuple[Card, ...], list[tuple[int, int]]]]


def _tree(pot: int, bets: list[int], hero: int, other_acted: bool, weights: Weights) -> tuple[_Classes, list[float]]:
    keys = [k for k, w in weights.items() if w > 0]
    rounds = [_Class(pot, bets, hero, grade, share) for grade, share in keys]
    return _Classes(rounds, bets, hero, other_acted), [weights[k] for k in keys]


def blind_acts(
    pot: int, bets: list[int], hero: int, level: int, raises: int, other_acted: bool, checked: bool, weights: Weights
) -> dict[str, float]:
    """Each act of the hero's now after the draw, worth on average (its chips
    back less its chips put in from here), the rest of the round the best
    answer not seeing the hand (``jackpots_ceiling.worth_blind``'s values,
    over classes of hands)."""
    blind, w = _tree(pot, bets, hero, other_acted, weights)
    total = sum(w)
    if not total:
        return {}
    vals = blind.hero_turn(w, level, bets[hero], bets[1 - hero], raises, checked)
    return {act: sum(a * b for a, b in zip(w, v, strict=True)) / total for act, v in vals.items()}


def blind_start(pot: int, hero_first: bool, weights: Weights) -> float:
    """What the round after the draw is worth to the hero from its start, played as :func:`blind_acts` plays it."""
    bets = [0, 0]
    blind, w = _tree(pot, bets, 0, False, weights)
    total = sum(w)
    if not total:
        return pot / 2.0
    if hero_first:
        vals = blind.hero_turn(w, 0, 0, 0, 0, False)
        return max(sum(a * b for a, b in zip(w, v, strict=True)) for v in vals.values()) / total
    return sum(a * b for a, b in zip(w, blind.other_turn(w, 0, 0, 0, 0, False), strict=True)) / total


def share_weights(rows: Sequence[tuple[int, int, float]], mine: int) -> Weights:
    """``(grade, strength, weight)`` rows as weights of (grade, the hero's share of the pot)."""
    out: Weights = collections.defaultdict(float)
    for grade, theirs, weight in rows:
        out[(grade, 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0)] += weight
    return out


def round2_values(state: Any, hero: int, rows: Sequence[tuple[int, int, float]]) -> dict[str, float]:
    """:func:`blind_acts` at the hero's decision after the draw in ``state``,
    sensible's hands given as ``(grade, strength, weight)`` rows."""
    other = 1 - hero
    round2 = [a for a in state.actions if a.round == 2]
    return blind_acts(
        state.pot_total(),
        list(state.bets),
        hero,
        max(state.bets),
        sum(1 for a in round2 if a.act == "raise"),
        any(a.seat == other for a in round2),
        any(a.seat == other and a.act == "check" for a in round2),
        share_weights(rows, strength(tuple(state.hands[hero]))),
    )


class _Posterior:
    """Sensible's hands after the draw given its acts in the first round and
    how many it drew, the hero's cards not counted (before the draw, when
    the hero's hand after it is not yet known): by grade, the strengths in
    order with their weights summed, so the hero's share against each grade
    is two look-ups."""

    def __init__(self, deals: Sequence[Dealt], chance: dict[tuple[int, bool], float]) -> None:
        rows: list[list[tuple[int, float]]] = [[] for _ in range(5)]
        for d in deals:
            p = chance[(d.grade1, d.opens)]
            if p:
                rows[d.grade2].append((d.final, p))
        self.strengths: list[list[int]] = []
        self.sums: list[list[float]] = []
        for row in rows:
            row.sort()
            self.strengths.append([s for s, _ in row])
            self.sums.append(list(itertools.accumulate((p for _, p in row), initial=0.0)))

    def weights(self, mine: int) -> Weights:
        out: Weights = {}
        for grade in range(5):
            s, c = self.strengths[grade], self.sums[grade]
            if not s:
                continue
            lo, hi = bisect.bisect_left(s, mine), bisect.bisect_right(s, mine)
            out[(grade, 1.0)] = c[lo]
            out[(grade, 0.5)] = c[hi] - c[lo]
            out[(grade, 0.0)] = c[-1] - c[hi]
        return out


#: the classes of sensible's hands after the draw: its grade, the hero's share of the pot
CLASSES = [(grade, share) for grade in range(5) for share in (1.0, 0.5, 0.0)]


class _Starts(dict[int, float]):
    """:func:`blind_start` by the strength part of the hero's hand, each
    found when first asked. The best answer is found exactly at every
    GRID-th part (``_Blind``'s tree); it is a plan for the round, and its
    worth against each class of hands is kept, so at the parts between,
    the plan worth most among those found is taken: the worth of a plan
    the hero could follow, never more than the best answer's."""

    def __init__(self, post: _Posterior, cuts: list[int], pot: int, hero_first: bool) -> None:
        super().__init__()
        self.post, self.cuts, self.pot, self.hero_first = post, cuts, pot, hero_first
        self.plans: list[list[float]] = []
        self.solved: set[int] = set()

    def _solve(self, bucket: int) -> None:
        if bucket in self.solved or bucket >= len(self.cuts):
            return
        self.solved.add(bucket)
        weights = self.post.weights(self.cuts[bucket])
        w = [weights.get(k, 0.0) for k in CLASSES]
        rounds = [_Class(self.pot, [0, 0], 0, grade, share) for grade, share in CLASSES]
        blind = _Classes(rounds, [0, 0], 0, False)
        if self.hero_first:
            vals = blind.hero_turn(w, 0, 0, 0, 0, False)
            plan = max(vals.values(), key=lambda v: sum(a * b for a, b in zip(w, v, strict=True)))
        else:
            plan = blind.other_turn(w, 0, 0, 0, 0, False)
        if plan not in self.plans:
            self.plans.append(plan)

    def __missing__(self, bucket: int) -> float:
        below = bucket - bucket % GRID
        self._solve(below)
        self._solve(below + GRID)
        weights = self.post.weights(self.cuts[bucket])
        w = [weights.get(k, 0.0) for k in CLASSES]
        total = sum(w)
        if not total:
            value = self.pot / 2.0
        else:
            value = max(sum(a * b for a, b in zip(w, plan, strict=True)) for plan in self.plans) / total
        self[bucket] = value
        return value


class Oracle:
    """A seat that plays as strong and, at the level's decisions, as the best
    answer to sensible's rules. It asks strong first at every decision (so
    strong's own randomness and what it learns run as they would) and counts
    where it decides otherwise (``differs``)."""

    def __init__(
        self, strong: Any, pool: Pool, level: str, seed: int, only: frozenset[tuple[str, str, str]] = frozenset()
    ) -> None:
        self.strong = strong
        self.pool = pool
        self.level = level
        #: where given, the oracle's act is taken only at these (spot, strong's act, its act); elsewhere strong's
        self.only = only
        self.rng = random.Random(seed)
        self.times = None
        # what the round after the draw is worth, found as asked: a function of the pool, kept by it over matches
        self.posteriors: dict[tuple[Any, ...], _Posterior] = pool.posteriors
        self.starts: dict[tuple[Any, ...], _Starts] = pool.starts
        self._facts: tuple[tuple[Card, ...], Facts] | None = None
        #: (spot, strong's act, the oracle's) -> decisions
        self.differs: collections.Counter[tuple[str, str, str]] = collections.Counter()

    @property
    def name(self) -> str:
        return f"oracle-{self.level}"

    @property
    def watches(self) -> bool:
        return bool(self.strong.watches)

    def observe(self, game: Any, state: Any, seat: int) -> None:
        self.strong.observe(game, state, seat)

    def command(self, game: Any, state: Any, seat: int) -> Any:
        command = self.strong.command(game, state, seat)
        if self.level == "strong" or state.phase not in ("betting", "exchange"):
            return command
        mine: Any = None
        if state.phase == "betting" and state.round == 2:
            mine = self.after(game, state, seat)
        elif self.level == "whole" and state.round == 1:
            mine = self.before(game, state, seat)
        if mine is None:
            return command
        spot = f"{state.phase} {state.round} {'opener' if state.opener == seat else 'other'}"
        key = (spot, _name(command), _name(mine))
        if self.only and key not in self.only:
            return command
        self.differs[key] += 1
        return mine

    # ---------------------------------------------------------- after the draw

    def after(self, game: Any, state: Any, hero: int) -> Any:
        """The best act after the draw by :func:`blind_acts`, sensible's hands those of the pool its acts allow."""
        other = 1 - hero
        acts: Acts = [(a.round, a.seat, a.act, a.chips) for a in state.actions]
        drew = next(a[3] for a in acts if a[2] == "draw" and a[1] == other)
        seen = mask_of(state.dealt[hero]) | mask_of(state.hands[hero])
        first = chance_round1(acts, other)
        second = chance_round2(acts, other)
        rows = []
        for d in self.pool.by_drew[drew]:
            if d.used & seen:
                continue
            p = first[(d.grade1, d.opens)] * second[d.grade2]
            if p:
                rows.append((d.grade2, d.final, p))
        return self._command(game, state, hero, round2_values(state, hero, rows))

    def _command(self, game: Any, state: Any, hero: int, values: dict[str, float]) -> Any:
        view = seat_view(game, state, hero)
        legal = {o.act for o in view.options}
        values = {act: v for act, v in values.items() if act in legal}
        if not values:
            return None
        return command_for(game, view, Decision(max(values, key=lambda act: values[act])))

    # ---------------------------------------------------------- before the draw

    def starts_of(self, acts: Acts, other: int, drew: int, pot: int, hero_first: bool) -> dict[int, float]:
        """What the round after the draw is worth to the hero from its start,
        by the strength part (:attr:`Pool.cuts`) of its hand then, after
        ``acts`` in the first round and sensible drawing ``drew``: the play
        :meth:`after` makes, valued over the pool without the hero's cards
        counted (filled in as asked, kept)."""
        key = tuple((a[1] == other, a[2]) for a in acts if a[0] == 1 and a[2] != "draw")
        table = self.starts.get((key, drew, pot, hero_first))
        if table is None:
            post = self.posteriors.get((key, drew))
            if post is None:
                post = self.posteriors[(key, drew)] = _Posterior(self.pool.by_drew[drew], chance_round1(acts, other))
            table = self.starts[(key, drew, pot, hero_first)] = _Starts(post, self.pool.cuts, pot, hero_first)
        return table

    def hand_facts(
        self, hand: tuple[Card, ...]
    ) -> tuple[
        dict[tuple[int, bool, int], float], list[tuple[Card, ...]], dict[tuple[Card, ...], list[tuple[int, int]]]
    ]:
        """For the hero's five cards (the last hand's kept): how many of the
        pool's deals of each class sensible could hold beside them, every
        throw of up to three cards, and how often each throw's hand falls in
        each strength part over the same DRAWS draws."""
        if self._facts is not None and self._facts[0] == hand:
            return self._facts[1]
        mask = mask_of(hand)
        counts: dict[tuple[int, bool, int], float] = collections.defaultdict(float)
        for d in self.pool.deals[:PRIOR]:
            if not d.dealt & mask:
                counts[(d.grade1, d.opens, d.drew)] += 1.0
        rest = [c for c in DECK if c not in hand]
        draws = [self.rng.sample(rest, 3) for _ in range(DRAWS)]
        throws: list[tuple[Card, ...]] = [t for k in range(4) for t in itertools.combinations(hand, k)]
        parts: dict[tuple[Card, ...], list[tuple[int, int]]] = {}
        for t in throws:
            kept = tuple(c for c in hand if c not in t)
            parts[t] = list(
                collections.Counter(self.pool.bucket(strength(kept + tuple(new[: len(t)]))) for new in draws).items()
            )
        facts = (counts, throws, parts)
        self._facts = (hand, facts)
        return facts

    def before(self, game: Any, state: Any, hero: int) -> Any:
        """The best act before the draw by :class:`Lookahead`."""
        ahead = Lookahead(self, state, hero)
        view = seat_view(game, state, hero)
        if state.phase == "exchange":
            allowed = list(view.hand)
            for card in view.must_keep:
                allowed.remove(card)
            throws = [t for t in ahead.throws if all(c in allowed for c in t) and len(t) <= view.max_exchange]
            best = ahead.best_throw(ahead.acts, max(state.bets), throws)
            return command_for(game, view, exchange(best))
        values = ahead.values()
        return self._command(game, state, hero, values)


def _name(command: Any) -> str:
    name = type(command).__name__.lower()
    if name == "exchange":
        return f"draw {len(command.discards)}"
    return name


class Lookahead:
    """The rest of the deal from a decision of the hero's before the draw,
    the hero's later acts chosen without seeing sensible's hand, over
    classes of sensible's deals (its grade before the draw, whether it may
    open, how many it draws; their chances from the pool without the
    hero's five cards): the rest of the first round (sensible by its rules),
    the hero's throw (each one over the same sampled draws), and the round
    after the draw as :meth:`Oracle.start_value` values it."""

    def __init__(self, oracle: Oracle, state: Any, hero: int) -> None:
        self.oracle = oracle
        self.hero, self.other = hero, 1 - hero
        hand = tuple(state.dealt[hero])
        self.opens = qualifies(hand, JACKS)
        self.acts: Acts = [(a.round, a.seat, a.act, a.chips) for a in state.actions if a.round == 1]
        self.pot0 = state.pot_total()
        self.hb0, self.ob0 = state.bets[hero], state.bets[self.other]
        counts, self.throws, self.parts = oracle.hand_facts(hand)
        known = next((a[3] for a in self.acts if a[2] == "draw" and a[1] == self.other), None)
        self.classes = [c for c in counts if known is None or c[2] == known]
        chance = chance_round1(self.acts, self.other)
        self.prior = [counts[c] * chance[(c[0], c[1])] for c in self.classes]
        self.drews = sorted({c[2] for c in self.classes})
        self.short: list[tuple[Card, ...]] = []

    # the first round, as jackpots_ceiling._Blind plays the second: vectors over the classes

    def values(self) -> dict[str, float]:
        """Each act of the hero's now: its chips at the deal's end less now, on average."""
        w = self.prior
        total = sum(w)
        if not total:
            return {}
        level = max(self.hb0, self.ob0)
        raises = sum(1 for a in self.acts if a[2] == "raise")
        checked = any(a[1] == self.other and a[2] == "check" for a in self.acts)
        vals = self.hero_turn(w, self.acts, level, self.hb0, self.ob0, raises, checked)
        return {act: sum(a * b for a, b in zip(w, v, strict=True)) / total for act, v in vals.items()}

    def _act(self, acts: Acts, seat: int, act: str) -> Acts:
        return [*acts, (1, seat, act, 0)]

    def hero_turn(
        self, w: list[float], acts: Acts, level: int, hb: int, ob: int, raises: int, other_checked: bool
    ) -> dict[str, list[float]]:
        n = len(self.classes)
        vals: dict[str, list[float]] = {}
        if level == hb:
            if other_checked:  # passed out: the pot waits for the next deal
                vals["check"] = [self.pot0 / 2.0] * n
            else:
                vals["check"] = self.other_turn(w, self._act(acts, self.hero, "check"), level, hb, ob, raises, True)
            if self.opens and level == 0:
                vals["bet"] = self.other_turn(w, self._act(acts, self.hero, "bet"), 1, 1, ob, raises, False)
        else:
            vals["fold"] = [-(hb - self.hb0)] * n
            vals["call"] = self.drawn(w, self._act(acts, self.hero, "call"), level)
            if raises < MOST_RAISES:
                up = level + 1
                vals["raise"] = self.other_turn(w, self._act(acts, self.hero, "raise"), up, up, ob, raises + 1, False)
        return vals

    def best(
        self, w: list[float], acts: Acts, level: int, hb: int, ob: int, raises: int, other_checked: bool
    ) -> list[float]:
        vals = self.hero_turn(w, acts, level, hb, ob, raises, other_checked)
        return max(vals.values(), key=lambda v: sum(a * b for a, b in zip(w, v, strict=True)))

    def other_turn(
        self, w: list[float], acts: Acts, level: int, hb: int, ob: int, raises: int, hero_checked: bool
    ) -> list[float]:
        n = len(self.classes)
        chances = []
        for grade, opens, _ in self.classes:
            can = ({"check", "bet"} if opens else {"check"}) if level == ob else {"call", "fold", "raise"}
            chances.append(sensible_acts(grade, can, raises, level - ob, 1))
        out = [0.0] * n
        for act in ("fold", "check", "call", "bet", "raise"):
            p = [c.get(act, 0.0) for c in chances]
            if not any(p):
                continue
            sub = [a * b for a, b in zip(w, p, strict=True)]
            after = self._act(acts, self.other, act)
            if act == "fold":
                v = [float(self.pot0 + ob - self.ob0)] * n
            elif act == "check":
                v = [self.pot0 / 2.0] * n if hero_checked else self.best(sub, after, level, hb, ob, raises, True)
            elif act == "call":
                v = self.drawn(sub, after, level)
            elif act == "bet":
                v = self.best(sub, after, 1, hb, 1, raises, False)
            else:
                v = self.best(sub, after, level + 1, hb, level + 1, raises + 1, False)
            out = [o + a * b for o, a, b in zip(out, p, v, strict=True)]
        return out

    def throw_values(
        self, acts: Acts, level: int, throws: Sequence[tuple[Card, ...]]
    ) -> dict[tuple[Card, ...], list[float]]:
        """Each throw's worth against each class, the first round ended at ``level`` after ``acts``."""
        opener = next(a[1] for a in acts if a[2] == "bet")
        pot = self.pot0 + (level - self.hb0) + (level - self.ob0)
        put = level - self.hb0
        first = opener == self.hero
        tables = {drew: self.oracle.starts_of(acts, self.other, drew, pot, first) for drew in self.drews}
        out = {}
        for t in throws:
            by_drew = {}
            parts = self.parts[t]
            for drew, table in tables.items():
                by_drew[drew] = sum(n * table[b] for b, n in parts) / DRAWS - put
            out[t] = [by_drew[c[2]] for c in self.classes]
        return out

    def best_throw(self, acts: Acts, level: int, throws: Sequence[tuple[Card, ...]]) -> tuple[Card, ...]:
        """The throw worth most on average over the classes now."""
        vals = self.throw_values(acts, level, throws)
        w = self.prior
        return max(vals, key=lambda t: sum(a * b for a, b in zip(w, vals[t], strict=True)))

    def drawn(self, w: list[float], acts: Acts, level: int) -> list[float]:
        """The best throw's worth against each class, the first round ended
        at ``level`` after ``acts``. Every throw is weighed at the first
        such end the tree meets, and at the others the SHORT best of those
        (the real exchange weighs every throw again)."""
        vals = self.throw_values(acts, level, self.short or self.throws)
        if not self.short:
            ranked = sorted(vals, key=lambda t: -sum(a * b for a, b in zip(w, vals[t], strict=True)))
            self.short = ranked[:SHORT]
        return max(vals.values(), key=lambda v: sum(a * b for a, b in zip(w, v, strict=True)))


def match(
    level: str, seed: int, decks: int, pool: Pool, only: frozenset[tuple[str, str, str]] = frozenset()
) -> tuple[dict[str, Any], Oracle]:
    """``bench/bots.py``'s match of strong against sensible heads-up in
    jackpots, the hero's seat played by the oracle of ``level`` (at the
    spots ``only`` names, where given)."""
    rules = load_rules("jackpots")
    table = Table(rules, "strong", "sensible", 2, seed)
    oracle = Oracle(table.hero, pool, level, seed, only)
    table.hero = oracle  # type: ignore[assignment]
    started = time.process_time()
    results, deals = play_deck_sets(table, decks)
    rate, low, high = batched(results, deals)
    out: dict[str, Any] = {
        "ruleset": "jackpots",
        "hero": level,
        "against": "sensible",
        "players": 2,
        "decks": decks,
        "deals": round(sum(deals) * 2, 1),
        "seed": seed,
        "unit": "big bets",
        "per_100": round(rate, 2),
        "low": round(low, 2),
        "high": round(high, 2),
        "cpu_seconds": round(time.process_time() - started, 1),
        "observations": [[round(x, 4), n] for x, n in zip(results, deals, strict=True)],
    }
    return out, oracle


def paired(runs: Sequence[dict[str, Any]], base: Sequence[dict[str, Any]]) -> tuple[float, float, float]:
    """The difference of two players' rates over the same runs (seeds), runs as the unit, Student's t."""
    diffs = [a["per_100"] - b["per_100"] for a, b in zip(runs, base, strict=True)]
    mean = sum(diffs) / len(diffs)
    if len(diffs) < 2:
        return mean, math.nan, math.nan
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
    half = t95(len(diffs)) * sd / math.sqrt(len(diffs))
    return mean, mean - half, mean + half


def levels_of(text: str) -> list[str]:
    """``"strong,whole"`` -> the levels, each one of :data:`LEVELS`."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    wrong = [n for n in names if n not in LEVELS]
    if wrong or not names:
        raise argparse.ArgumentTypeError(f"{text!r} names no level or one that is not {', '.join(LEVELS)}")
    return names


#: the spots an oracle decides at, as ``differs`` names them (a round's "opener" is the seat that opened it)
SPOTS = (
    "betting 1 opener",
    "betting 1 other",
    "exchange 1 opener",
    "exchange 1 other",
    "betting 2 opener",
    "betting 2 other",
)


def spots_of(text: str) -> frozenset[tuple[str, str, str]]:
    """``"betting 2 opener/check/bet;betting 2 other/call/raise"`` -> the
    (spot, strong's act, the oracle's act) where the oracle's is taken."""
    out = set()
    for entry in (e.strip() for e in text.split(";")):
        parts = [p.strip() for p in entry.split("/")]
        if len(parts) != 3 or parts[0] not in SPOTS or not parts[1] or not parts[2]:
            raise argparse.ArgumentTypeError(
                f"{entry!r} is not SPOT/STRONG'S ACT/ITS ACT with SPOT one of {', '.join(SPOTS)}"
            )
        out.add((parts[0], parts[1], parts[2]))
    return frozenset(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = _Parser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seeds", default="1", help="one run a seed (1,2 or 1-4)")
    parser.add_argument("--decks", type=deck_sets, default=400, help="deck sets a run")
    parser.add_argument("--levels", type=levels_of, default=",".join(LEVELS), help="strong, after, whole")
    parser.add_argument("--pool", type=positive, default=POOL_SIZE, help="deals in the pool of sensible's hands")
    parser.add_argument(
        "--only",
        type=spots_of,
        default=frozenset(),
        help="take the oracle's act only where strong's and its are these (betting 2 opener/check/bet;...)",
    )
    parser.add_argument("--differs", action="store_true", help="where each oracle decided otherwise than strong")
    args = parser.parse_args(argv)
    try:
        seeds = seeds_of(args.seeds)
    except ValueError:
        parser.error(f"--seeds: {args.seeds!r} is not a list of different seeds (1,2 or 1-4)")
    pool = Pool(args.pool)
    runs: dict[str, list[dict[str, Any]]] = {}
    for level in args.levels:
        differs: collections.Counter[tuple[str, str, str]] = collections.Counter()
        for seed in seeds:
            result, oracle = match(level, seed, args.decks, pool, args.only)
            runs.setdefault(level, []).append(result)
            differs.update(oracle.differs)
            print(
                f"jackpots {level:>6} vs sensible hu: {result['per_100']:+8.2f} [{result['low']:+8.2f}, "
                f"{result['high']:+8.2f}] big bets/100  ({result['deals']:.0f} deals, seed {seed}, "
                f"{result['cpu_seconds']} s)",
                flush=True,
            )
        if len(seeds) >= 2:
            print(summary(runs[level]), flush=True)
        if args.differs and differs:
            print(f"where {level} decided otherwise than strong (spot, strong's act, its act, decisions):")
            for (spot, theirs, its), n in sorted(differs.items(), key=lambda kv: -kv[1]):
                if theirs != its:
                    print(f"  {spot:22} {theirs:8} {its:8} {n:6}")
    if len(seeds) >= 2:
        for one, two in itertools.combinations(runs, 2):
            mean, low, high = paired(runs[two], runs[one])
            print(f"{two} less {one}, the same runs: {mean:+.2f} [{low:+.2f}, {high:+.2f}] big bets/100")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
