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
from drawpoker.games.draw.openers import ACES, JACKS, KINGS, QUEENS, qualifies
from drawpoker.ranking import Ranking

__all__ = ["BUCKETS", "TableModel", "model_for", "equity"]

#: how finely strengths are told apart
BUCKETS = 256
#: the hands dealt for a game of one exchange (more exchanges, fewer each)
_HANDS = 6000
#: the fewest hands a distribution is read from before falling back to a wider question
_FEWEST = 60
#: the pairs a hand may need to open, the highest first
_NEEDS = (ACES, KINGS, QUEENS, JACKS)
#: the coarse buckets a hand's way onward is read by (several exchanges to go)
_COARSE = 32

Cdf = list[float]


class TableModel:
    """Distributions of strength for the typical player under one set of rules."""

    def __init__(self, ranking: Ranking, exchanges: int, max_cards: int, openers: bool = False, seed: int = 27) -> None:
        self.ranking = ranking
        self.exchanges = exchanges
        rng = random.Random(seed)
        deck = list(deck_of(ranking.jokers))
        hands = max(2500, _HANDS // exchanges)
        strength = ranking.strength
        # per hand: ((k_1, ..., k_E), (s_0, s_1, ..., s_E))
        played: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        #: per hand (with openers): the highest pair it could open with as dealt (0: none)
        self._opens: list[int] = []
        for _ in range(hands):
            cards = rng.sample(deck, 5 + 5 * exchanges)
            hand = tuple(cards[:5])
            stock = cards[5:]
            if openers:
                self._opens.append(next((need for need in _NEEDS if qualifies(hand, need, ranking)), 0))
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
        self._opened: dict[tuple[int, int, int, int | None], Cdf] = {}
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

    def cdf_opened(self, need: int, horizon: int, made: int, last: int | None) -> Cdf:
        """:meth:`cdf` for the player who opened, its hand as dealt a pair of
        ``need`` or better (jackpots)."""
        horizon = max(1, min(horizon, self.exchanges))
        made = min(made, horizon)
        key = (need, horizon, made, last if made else None)
        found = self._opened.get(key)
        if found is None:
            if not self._opens:
                return self.cdf(horizon, made, last)
            hands = [
                (counts, ss) for (counts, ss), opens in zip(self._played, self._opens, strict=True) if opens >= need
            ]
            like = [ss[horizon] for counts, ss in hands if not made or counts[made - 1] == last]
            if len(like) < _FEWEST:
                like = [ss[horizon] for _, ss in hands]
            found = self._opened[key] = _cdf([self.bucket(s) for s in like]) if like else self.cdf(horizon, made, last)
        return found

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


def _cdf(buckets: list[int]) -> Cdf:
    counts = [0] * BUCKETS
    for b in buckets:
        counts[b] += 1
    n = len(buckets)
    out = []
    below = 0
    for c in counts:
        out.append((below + c / 2) / n)
        below += c
    return out


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
