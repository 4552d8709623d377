"""What the strong player expects of the others: how strong a hand ends
up, given how many cards its holder drew, and how the betting narrows it.

:class:`TableModel` is worked out once per set of house rules (the bot's
``prepare``): a few thousand hands dealt at random (a fixed seed, so every
bot expects the same) are played through the exchanges by the usual rule
of thumb, keeping how many cards each drew in each exchange and how strong
it stood after each. From them, for every question the table can answer
-- after exchange ``h``, for a player who has made ``j`` exchanges and
drew ``k`` cards in the last -- the distribution of its strength,
kept as a cumulative table over :data:`BUCKETS` buckets of strength (a
bucket's hands share a place among all hands seen; a tie within a bucket
counts half).

With openers (jackpots) the model also keeps each hand's opening level
as dealt (:func:`opening_level`), so that an opener's range can be read
as the hands dealt at each level, weighed by how likely that player is
to open them (:meth:`TableModel.cdf_levels`), and a player who did not
open as the hands it did not open, and of those the best as dealt, as
many as it goes on with facing an opening bet (:meth:`TableModel.cdf_read`).

A player's betting narrows that: :func:`equity` raises each opponent's
distribution to a power ``1 + narrowing`` (the higher the power, the
stronger the hands its actions leave; see ``strong.py`` for how the power
is read from the betting and from what the player has done before).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from typing import Any

from drawpoker.bots.draw.common import rule_of_thumb
from drawpoker.cards import deck_of
from drawpoker.games.draw.openers import JACKS
from drawpoker.hands import Category
from drawpoker.ranking import Ranking

__all__ = ["BUCKETS", "LEVELS", "OVER_PAIRS", "TableModel", "model_for", "equity", "opening_level"]

#: how finely strengths are told apart
BUCKETS = 256
#: the hands dealt for a game of one exchange (more exchanges, fewer each)
_HANDS = 6000
#: the fewest hands a distribution is read from before falling back to a wider question
_FEWEST = 60
#: the coarse buckets a hand's way onward is read by (several exchanges to go)
_COARSE = 32
#: a hand's opening level (see :func:`opening_level`): 0 no openers, 11 .. 14 a pair of jacks .. aces
#: on top, OVER_PAIRS two pair below jacks or anything better than two pair
OVER_PAIRS = 15
LEVELS = OVER_PAIRS + 1


def opening_level(category: int, top: int) -> int:
    """What a hand as dealt opens with, as the proof shows it (jackpots,
    docs/rules.md 5): the rank of its top pair for one pair or two pair
    with jacks or better on top (the proof shows that pair alone), 0 for
    less than a pair of jacks, :data:`OVER_PAIRS` for two pair below jacks
    (the proof shows both) and every hand above two pair."""
    if category == Category.ONE_PAIR:
        return top if top >= JACKS else 0
    if category == Category.TWO_PAIR:
        return top if top >= JACKS else OVER_PAIRS
    return 0 if category < Category.ONE_PAIR else OVER_PAIRS


Cdf = list[float]


class TableModel:
    """Distributions of strength for the typical player under one set of rules."""

    def __init__(self, ranking: Ranking, exchanges: int, max_cards: int, openers: bool = False, seed: int = 27) -> None:
        self.ranking = ranking
        self.exchanges = exchanges
        self._max_drawn = max_cards
        rng = random.Random(seed)
        deck = list(deck_of(ranking.jokers))
        hands = max(2500, _HANDS // exchanges)
        strength = ranking.strength
        # per hand: ((k_1, ..., k_E), (s_0, s_1, ..., s_E))
        played: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        #: per hand (with openers): its opening level as dealt (:func:`opening_level`)
        self._levels: list[int] = []
        for _ in range(hands):
            cards = rng.sample(deck, 5 + 5 * exchanges)
            hand = tuple(cards[:5])
            stock = cards[5:]
            if openers:
                cat, ranks, _ = ranking.parts(strength(hand))
                self._levels.append(opening_level(int(cat), ranks[0] if ranks else 0))
            drew: list[int] = []
            strengths = [strength(hand)]
            for _exchange in range(exchanges):
                throw = rule_of_thumb(hand, max_cards, ranking)
                drawn = tuple(stock[: len(throw)])
                del stock[: len(throw)]
                hand = tuple(c for c in hand if c not in throw) + drawn
                drew.append(len(throw))
                strengths.append(strength(hand))
            played.append((tuple(drew), tuple(strengths)))
        self._played = played
        self._by_level: dict[tuple[int, int, int | None], list[list[float]]] = {}
        #: how often a hand is dealt at each opening level (with openers; else all 0)
        self.level_shares = [0.0] * LEVELS
        for level in self._levels:
            self.level_shares[level] += 1.0 / len(self._levels)
        self._weighted: dict[tuple[Any, ...], Cdf] = {}
        self._groups: list[tuple[float, int, list[int]]] | None = None
        self._ends: dict[tuple[int, int, int | None], list[list[tuple[int, int]]]] = {}
        self._read: dict[tuple[Any, ...], Cdf | None] = {}
        every = sorted(s for _, ss in played for s in ss)
        total = len(every)
        #: a strength's bucket: its place among all hands seen
        self._edges = [every[min(total - 1, (total * b) // BUCKETS)] for b in range(1, BUCKETS)]
        self._bucket_cache: dict[int, int] = {}
        self.cdfs: dict[tuple[int, int, int | None], Cdf] = {}
        for h in range(1, exchanges + 1):
            for j in range(0, h + 1):
                keys: dict[int | None, list[int]] = {}
                for counts, after in played:
                    k = counts[j - 1] if j else None
                    keys.setdefault(k, []).append(self.bucket(after[h]))
                pooled = [b for bs in keys.values() for b in bs]
                for k, buckets in keys.items():
                    self.cdfs[(h, j, k)] = _cdf(buckets if len(buckets) >= _FEWEST else pooled)
                self.cdfs[(h, j, -1)] = _cdf(pooled)  # a count never seen: every hand
        # the distribution of a hand as dealt (for a player yet to act before any exchange)
        self.dealt = _cdf([self.bucket(ss[0]) for _, ss in played])
        #: after exchange j (1 .. E - 1): from a hand of each shape (see :meth:`shape`), where
        #: the typical player ends after the last exchange (a shape seen too seldom: from its bucket)
        self.onward: dict[int, dict[Any, list[tuple[int, float]]]] = {}
        self._coarse: dict[int, list[list[tuple[int, float]]]] = {}
        self._shapes: dict[int, Any] = {}
        for j in range(1, exchanges):
            by_shape: dict[Any, dict[int, int]] = {}
            rows: list[dict[int, int]] = [{} for _ in range(_COARSE)]
            for _, ss in played:
                end = self.bucket(ss[exchanges])
                shape = self.shape(ss[j])
                for key in (shape, (shape[0], None)):  # the shape, and its first part alone
                    row = by_shape.setdefault(key, {})
                    row[end] = row.get(end, 0) + 1
                coarse = rows[self.bucket(ss[j]) * _COARSE // BUCKETS]
                coarse[end] = coarse.get(end, 0) + 1
            self.onward[j] = {
                shape: _chances(row) for shape, row in by_shape.items() if sum(row.values()) >= _FEWEST // 2
            }
            self._coarse[j] = _filled(rows)

    def shape(self, strength: int) -> Any:
        """What decides how a hand goes on drawing: in lowball how many
        different low cards (eight or lower) it holds and the highest of
        them; in high poker its category and top rank."""
        known = self._shapes.get(strength)
        if known is None:
            cat, ranks, _ = self.ranking.parts(strength)
            if self.ranking.lowball:
                lows = {r for r in ranks if r <= 8}
                known = (len(lows), max(lows, default=0))
            else:
                known = (int(cat), ranks[0] if ranks else 0)
            self._shapes[strength] = known
        return known

    def bucket(self, strength: int) -> int:
        """The bucket of a strength (0 .. BUCKETS - 1)."""
        known = self._bucket_cache.get(strength)
        if known is None:
            known = self._bucket_cache[strength] = bisect_right(self._edges, strength - 1)
        return known

    def cdf(self, horizon: int, made: int, last: int | None) -> Cdf:
        """The distribution of strength after exchange ``horizon`` of a player
        who has made ``made`` exchanges, drawing ``last`` cards in the last:
        ``cdf[b]`` is the chance its hand is in a lower bucket than ``b``,
        and half the chance it is in ``b`` (a tie)."""
        horizon = max(1, min(horizon, self.exchanges))
        made = min(made, horizon)
        key = (horizon, made, last if made else None)
        found = self.cdfs.get(key)
        return found if found is not None else self.cdfs[(horizon, made, -1)]

    def histogram(self, outcomes: dict[int, int] | Sequence[tuple[int, float]]) -> list[tuple[int, float]]:
        """``{strength: count}`` (the odds' histogram) as (bucket, chance) pairs."""
        items = outcomes.items() if isinstance(outcomes, dict) else outcomes
        by: dict[int, float] = {}
        total = 0.0
        bucket = self.bucket
        for s, n in items:
            b = bucket(s)
            by[b] = by.get(b, 0.0) + n
            total += n
        return [(b, n / total) for b, n in by.items()]

    def level_counts(self, horizon: int, made: int, last: int | None) -> list[list[float]]:
        """Per opening level as dealt, how many of the model's hands end in
        each bucket after exchange ``horizon`` having made ``made`` exchanges
        and drawn ``last`` cards in the last (with openers only)."""
        horizon = max(1, min(horizon, self.exchanges))
        made = min(made, horizon)
        key = (horizon, made, last if made else None)
        found = self._by_level.get(key)
        if found is None:
            found = [[0.0] * BUCKETS for _ in range(LEVELS)]
            for (counts, ss), level in zip(self._played, self._levels, strict=True):
                if not made or counts[made - 1] == last:
                    found[level][self.bucket(ss[horizon])] += 1.0
            self._by_level[key] = found
        return found

    def cdf_levels(self, weights: Sequence[float], horizon: int, made: int, last: int | None) -> Cdf:
        """:meth:`cdf` for a player whose hand as dealt was at each opening
        level (:func:`opening_level`) with the chance ``weights[level]`` of
        being in its range (how likely a hand of that level is to have
        done what the player did: opened, or checked instead). Too few of
        the model's hands like that (this number of cards drawn): every
        number drawn; none at all: :meth:`cdf`."""
        key = (horizon, made, last, tuple(round(w, 3) for w in weights))
        found = self._weighted.get(key)
        if found is not None:
            return found
        if not self._levels:
            return self.cdf(horizon, made, last)
        mixed = self._mixed(self.level_counts(horizon, made, last), weights)
        if made and (mixed is None or sum(mixed) < _FEWEST):  # every number of cards drawn
            pooled = [[0.0] * BUCKETS for _ in range(LEVELS)]
            for k in range(self._max_drawn + 1):
                for level, row in enumerate(self.level_counts(horizon, made, k)):
                    pooled[level] = [a + b for a, b in zip(pooled[level], row, strict=True)]
            mixed = self._mixed(pooled, weights)
        found = self.cdf(horizon, made, last) if mixed is None or sum(mixed) <= 0 else _weighted_cdf(mixed)
        if len(self._weighted) > 4096:
            self._weighted.clear()
        self._weighted[key] = found
        return found

    def groups(self) -> list[tuple[float, int, list[int]]]:
        """The model's hands (with openers) by their shape as dealt
        (category and top rank) and the cards they drew in the first
        exchange, best first: each group's worth before the exchange, as a
        watching player can rank it, its opening level and its hands (their
        indices). A group's worth: how often its hands end above the middle
        of the hands after the last exchange, above three in four of them
        and above nine in ten, on average (a four-card flush and a pair of
        twos both draw: the pair ends better more often, the flush draw best
        more often than an ace high does)."""
        if self._groups is None:
            ends = sorted(self.bucket(ss[self.exchanges]) for _, ss in self._played)
            lines = [ends[int(q * len(ends))] for q in (0.5, 0.75, 0.9)]
            members: dict[tuple[Any, int], list[int]] = {}
            for i, (counts, ss) in enumerate(self._played):
                members.setdefault((self.shape(ss[0]), counts[0] if counts else 0), []).append(i)
            out = []
            for hands in members.values():
                end = [self.bucket(self._played[i][1][self.exchanges]) for i in hands]
                worth = sum(sum(1 for b in end if b >= line) for line in lines) / (len(lines) * len(end))
                out.append((worth, self._levels[hands[0]], hands))  # one shape: one opening level
            out.sort(key=lambda g: -g[0])
            self._groups = out
        return self._groups

    def line(self, weights: Sequence[float], going_on: float, aside: float) -> list[float]:
        """Per group (:meth:`groups`): the chance a player whose hand as dealt
        is at each opening level with the chance ``weights[level]`` holds a
        hand of the group and goes on with it, when it goes on with the best
        ``going_on`` of the hands it may hold; ``aside`` of the hands below
        that line go on too, and as many above it do not (bluffs, slow
        plays, mistakes)."""
        groups = self.groups()
        mass = [weights[level] * len(hands) for _, level, hands in groups]
        wanted = going_on * sum(mass)
        taken = 0.0
        out: list[float] = []
        i = 0
        while i < len(groups):
            j = i  # the groups of one worth together: all in, or the share the line leaves of them
            while j < len(groups) and groups[j][0] == groups[i][0]:
                j += 1
            m = sum(mass[i:j])
            share = min(1.0, max(0.0, (wanted - taken) / m)) if m else 0.0
            taken += m * share
            out.extend(weights[groups[k][1]] * ((1.0 - aside) * share + aside) for k in range(i, j))
            i = j
        return out

    def cdf_read(
        self,
        weights: Sequence[float],
        going_on: float | None,
        horizon: int,
        made: int,
        last: int | None,
        aside: float = 0.05,
    ) -> Cdf | None:
        """:meth:`cdf_levels` for a player read by what it did before the
        exchange (with openers only): its hand as dealt at each opening
        level with the chance ``weights[level]``, and, if it went on facing
        a bet (``going_on`` of the time, as it is seen to), one of the best
        ``going_on`` of those hands as dealt (:meth:`line`). Only the
        model's hands that drew ``last`` in exchange ``made``; None when too
        few of them are left (a weight of fewer than twenty hands)."""
        if not self._levels:
            return None
        key = (
            horizon,
            made,
            last,
            tuple(round(w, 3) for w in weights),
            going_on and round(going_on, 3),
            aside,
        )
        if key in self._read:
            return self._read[key]
        horizon = max(1, min(horizon, self.exchanges))
        made = min(made, horizon)
        groups = self.groups()
        held = (
            self.line(weights, going_on, aside) if going_on is not None else [weights[level] for _, level, _ in groups]
        )
        counts = [0.0] * BUCKETS
        for w, ends in zip(held, self._group_ends(horizon, made, last), strict=True):
            if w > 0.0:
                for b, n in ends:
                    counts[b] += w * n
        found = _weighted_cdf(counts) if sum(counts) >= 20.0 else None
        if len(self._read) > 4096:
            self._read.clear()
        self._read[key] = found
        return found

    def _group_ends(self, horizon: int, made: int, last: int | None) -> list[list[tuple[int, int]]]:
        """Per group (:meth:`groups`), where its hands that drew ``last`` in
        exchange ``made`` end after exchange ``horizon``: (bucket, hands)."""
        key = (horizon, made, last)
        found = self._ends.get(key)
        if found is None:
            found = []
            for _, _, hands in self.groups():
                row: dict[int, int] = {}
                for i in hands:
                    drew, ss = self._played[i]
                    if not made or drew[made - 1] == last:
                        b = self.bucket(ss[horizon])
                        row[b] = row.get(b, 0) + 1
                found.append(sorted(row.items()))
            self._ends[key] = found
        return found

    @staticmethod
    def _mixed(counts: list[list[float]], weights: Sequence[float]) -> list[float] | None:
        total = [0.0] * BUCKETS
        any_weight = False
        for level, w in enumerate(weights):
            if w <= 0:
                continue
            any_weight = True
            row = counts[level]
            for b in range(BUCKETS):
                if row[b]:
                    total[b] += w * row[b]
        return total if any_weight else None

    def onwards(self, after: int, outcomes: dict[int, int]) -> list[tuple[int, float]]:
        """Where a hand ends after the last exchange, standing at ``outcomes``
        (``{strength: count}``) after exchange ``after``: from then on as the
        typical player goes on from a hand of that shape."""
        if after >= self.exchanges:
            return self.histogram(outcomes)
        total = float(sum(outcomes.values()))
        shapes: dict[Any, float] = {}
        coarse: dict[int, float] = {}
        rows = self.onward[after]
        for s, n in outcomes.items():
            shape = self.shape(s)
            if shape not in rows:
                shape = (shape[0], None)
            if shape in rows:
                shapes[shape] = shapes.get(shape, 0.0) + n / total
            else:
                b = self.bucket(s) * _COARSE // BUCKETS
                coarse[b] = coarse.get(b, 0.0) + n / total
        out: dict[int, float] = {}
        for shape, p in shapes.items():
            for end, q in rows[shape]:
                out[end] = out.get(end, 0.0) + p * q
        for b, p in coarse.items():
            for end, q in self._coarse[after][b]:
                out[end] = out.get(end, 0.0) + p * q
        return list(out.items())

    def spread(self, cdf: Cdf) -> list[tuple[int, float]]:
        """A distribution kept as ``cdf`` back as (bucket, chance) pairs."""
        out = []
        below = 0.0
        for b in range(BUCKETS):
            # cdf[b] = below + p/2  ->  p = 2 * (cdf[b] - below)
            p = max(0.0, 2.0 * (cdf[b] - below))
            if p > 1e-9:
                out.append((b, p))
            below += p
        return out


def _filled(rows: list[dict[int, int]]) -> list[list[tuple[int, float]]]:
    """Each coarse bucket's outcomes as chances; a bucket seen too seldom
    borrows its nearest neighbours' (widening until enough are seen)."""
    out = []
    for i in range(len(rows)):
        merged: dict[int, int] = dict(rows[i])
        width = 1
        while sum(merged.values()) < 25 and width < len(rows):
            for j in (i - width, i + width):
                if 0 <= j < len(rows):
                    for end, n in rows[j].items():
                        merged[end] = merged.get(end, 0) + n
            width += 1
        total = sum(merged.values()) or 1
        out.append([(end, n / total) for end, n in sorted(merged.items())])
    return out


def _chances(row: dict[int, int]) -> list[tuple[int, float]]:
    total = sum(row.values())
    return [(end, n / total) for end, n in sorted(row.items())]


def _weighted_cdf(counts: Sequence[float]) -> Cdf:
    n = sum(counts)
    out = []
    below = 0.0
    for c in counts:
        out.append((below + c / 2) / n)
        below += c
    return out


def _cdf(buckets: list[int]) -> Cdf:
    counts = [0] * BUCKETS
    for b in buckets:
        counts[b] += 1
    return _weighted_cdf(counts)


_MODELS: dict[tuple[Any, ...], TableModel] = {}


def model_for(ranking: Ranking, exchanges: int, max_cards: int, openers: bool = False) -> TableModel:
    """The model of these rules' game (worked out once, then shared)."""
    key = (id(ranking), exchanges, max_cards, openers)
    model = _MODELS.get(key)
    if model is None or model.ranking is not ranking:
        model = _MODELS[key] = TableModel(ranking, exchanges, max_cards, openers)
    return model


def equity(mine: Sequence[tuple[int, float]], others: Sequence[tuple[Cdf, float]]) -> float:
    """The chance of the best hand: ``mine`` as (bucket, chance) pairs,
    against each opponent's distribution raised to its power."""
    if not others:
        return 1.0
    total = 0.0
    for b, p in mine:
        win = p
        for cdf, power in others:
            win *= cdf[b] ** power
        total += win
    return total
