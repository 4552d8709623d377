"""Building a ranking's lookup tables, once per ranking (never per hand).

A hand is one *class* for the ranking: how many jokers it holds, the
multiset of its other ranks (wild ranks included) and whether its natural
cards (neither jokers nor of a wild rank) share one suit. For every class
the best hand it can stand for is found here by trying every choice the
wild cards have; at play the hand is one or two table look-ups:

* ``suited_by_mask``: a hand whose five cards are all of one suit (a joker
  counts as every suit) is named by its rank bits and the joker bit;
* ``by_key``: any other hand by the sum of its cards' rank keys (the
  joker's key says how many jokers there are); with wild ranks the entry is
  negative (``~strength``) when the natural cards might still share a suit
  and a flush would be better, and ``suited_by_key`` holds that flush.

Strengths are numbered 1..N from the worst hand of the ranking to the best.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import combinations_with_replacement

import attrs

from drawpoker.cards import JOKER_BIT, JOKER_KEY, RANK_KEYS
from drawpoker.hands import Category
from drawpoker.ranking.values import Goodness, Parts, flush_parts, goodness, plain_parts

__all__ = ["Rules5", "Tables", "build_tables", "classes"]

RANKS = tuple(range(2, 15))
_MADE_BY_THE_BUG = frozenset({Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH})


@attrs.frozen
class Rules5:
    """What decides a five-card hand: the ranking and the wild cards."""

    order: str = "high"  # high | ace_to_five | deuce_to_seven
    jokers: int = 0
    joker: str = "none"  # none | bug | wild
    wild_ranks: frozenset[int] = frozenset()
    wild_may_duplicate: bool = False
    natural_beats_wild: bool = False

    @property
    def bug(self) -> bool:
        """Whether the jokers are the bug (in lowball a joker is simply wild)."""
        return self.joker == "bug" and self.jokers > 0 and self.order == "high"

    @property
    def has_wild(self) -> bool:
        """Whether any card is wild (or the bug)."""
        return (self.jokers > 0 and self.joker != "none") or bool(self.wild_ranks)


@attrs.frozen
class Tables:
    """A ranking's tables; see the module's description."""

    suited_by_mask: list[int]
    by_key: list[int]
    suited_by_key: dict[int, int]
    #: strength -> (parts, wild cards in the hand when natural beats wild counts, else -1)
    by_strength: list[tuple[Parts, int]]


def classes(jokers: int) -> Iterator[tuple[int, tuple[int, ...]]]:
    """Every (jokers, other ranks) a hand can have, the ranks ascending, at most four alike."""
    for j in range(jokers + 1):
        for ranks in combinations_with_replacement(RANKS, 5 - j):
            if j or ranks[0] != ranks[4]:  # ascending: five alike only if the first is the last
                yield j, ranks


def key_of(j: int, ranks: tuple[int, ...]) -> int:
    """The index of a class in ``by_key``: the sum of its cards' keys."""
    return j * JOKER_KEY + sum(RANK_KEYS[r - 2] for r in ranks)


@cache
def _plain(final: tuple[int, ...], order: str) -> tuple[Goodness, Parts]:
    parts = plain_parts(final, order)
    return goodness(parts, order), parts


@cache
def _flush(final: tuple[int, ...], order: str) -> tuple[Goodness, Parts]:
    parts = flush_parts(final, order)
    return goodness(parts, order), parts


def _best(rules: Rules5, naturals: tuple[int, ...], wild: int, bugs: int, suited: bool) -> tuple[Goodness, Parts]:
    """The best hand of a class: naturals with ``wild`` fully wild cards and ``bugs`` bugs.

    ``suited``: the naturals share a suit (so the wild cards may join it).
    """
    order = rules.order
    if not wild and not bugs:  # nothing to choose: the naturals (ascending) are the hand
        return _flush(naturals, order) if suited else _plain(naturals, order)
    plain_ok = not suited or wild + bugs > 0  # a wild card can always leave the suit
    distinct_only = suited and not rules.wild_may_duplicate
    best: tuple[Goodness, Parts] | None = None
    natural_set = set(naturals)
    bug_choices = list(combinations_with_replacement(RANKS, bugs))
    for chosen in combinations_with_replacement(RANKS, wild):
        base = naturals + chosen
        for bug_ranks in bug_choices:
            final = tuple(sorted(base + bug_ranks))
            if plain_ok:
                found = _plain(final, order)
                if (not bugs or all(r == 14 for r in bug_ranks) or found[1][0] in _MADE_BY_THE_BUG) and (
                    best is None or found[0] > best[0]
                ):
                    best = found
            if suited:
                if distinct_only:
                    added = chosen + bug_ranks
                    if len(set(added)) < len(added) or not natural_set.isdisjoint(added):
                        continue  # a wild card would be a card already in the hand
                found = _flush(final, order)
                if best is None or found[0] > best[0]:
                    best = found
    assert best is not None  # all aces is always a choice
    return best


def build_tables(rules: Rules5) -> Tables:
    """Find the best hand of every class and number them by strength."""
    wild_ranks = rules.wild_ranks
    joker_wild = rules.jokers > 0 and rules.joker != "none" and not rules.bug
    found: list[tuple[int, tuple[int, ...], int, bool, Goodness, Parts, int]] = []
    for j, ranks in classes(rules.jokers):
        naturals = tuple(r for r in ranks if r not in wild_ranks) if wild_ranks else ranks
        wild = len(ranks) - len(naturals) + (j if joker_wild else 0)
        bugs = j if rules.bug else 0
        count = wild + bugs if rules.natural_beats_wild else -1
        key = key_of(j, ranks)
        if len(naturals) == len(set(naturals)):
            g, parts = _best(rules, naturals, wild, bugs, suited=True)
            found.append((j, ranks, key, True, g, parts, count))
            if len(naturals) <= 1:
                continue  # one natural card always shares its own suit
        g, parts = _best(rules, naturals, wild, bugs, suited=False)
        found.append((j, ranks, key, False, g, parts, count))

    # fewer wild cards win when natural beats wild (else count is -1 everywhere)
    ordered = sorted({(g, -n) for *_, g, _, n in found})
    number = {k: i for i, k in enumerate(ordered, start=1)}
    by_strength: list[tuple[Parts, int]] = [((Category.HIGH_CARD, ()), -1)] * (len(ordered) + 1)
    suited_by_mask = [0] * (JOKER_BIT << 1)
    size = max(key for _, _, key, *_ in found) + 1
    by_key = [0] * size
    suited_by_key: dict[int, int] = {}
    plain: dict[int, tuple[int, tuple[int, ...]]] = {}
    for j, ranks, key, suited, g, parts, count in found:
        s = number[g, -count]
        by_strength[s] = (parts, count)
        if suited:
            suited_by_key[key] = s
            if len(set(ranks)) == len(ranks):  # five cards of one suit: each rank at most once
                mask = sum(1 << (r - 2) for r in ranks) | (JOKER_BIT if j else 0)
                suited_by_mask[mask] = s
        else:
            plain[key] = (s, ranks)
    for key, s in suited_by_key.items():
        by_key[key] = s  # a class with at most one natural card is always suited
    for key, (s, ranks) in plain.items():
        flush = suited_by_key.get(key, 0)
        # Only a class holding a wild rank needs the suits of its natural cards
        # looked at: without one, a hand not all of one suit is never suited.
        has_wild_rank = bool(wild_ranks) and not wild_ranks.isdisjoint(ranks)
        by_key[key] = ~s if has_wild_rank and flush > s else s
    return Tables(suited_by_mask, by_key, suited_by_key, by_strength)
