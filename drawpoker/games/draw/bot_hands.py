"""How a sensible computer player draws and rates a hand under rankings
other than plain high poker: lowball, the bug, wild cards (docs/rules.md 4.3-4.4).

A simple, quick policy (a bot decides thousands of times a second in
``simulate``), not the exact odds of :mod:`.odds`:

* **Wild cards and the bug** are never thrown. Beside them the player keeps
  what the natural cards make -- pairs, trips, four to a flush -- or else
  the highest natural card (a wild card pairs with it).
* **Lowball**: keep one card of each rank, lowest first, up to the
  lowball's threshold (an eight in ace-to-five, where the ace is low; an
  eight in deuce-to-seven, where the ace is high); a joker, the lowest
  missing rank, is always kept. A made low of nine or better stands pat.
  In deuce-to-seven a straight or flush is broken by its highest card.

>>> from drawpoker.cards import parse_cards
>>> from drawpoker.ranking import ranking_for
>>> low = ranking_for("ace_to_five")
>>> [str(c) for c in low_discards(parse_cards("Kh 7d 4c 4s As"), 3, low)]
['Kh', '4s']
>>> wild = ranking_for(wild_ranks=[2])
>>> [str(c) for c in wild_discards(parse_cards("2c Kd 9h 5s 3d"), 3, wild)]
['3d', '5s', '9h']
"""

from __future__ import annotations

from collections import Counter

from drawpoker.cards import Card
from drawpoker.hands import Category
from drawpoker.ranking import Ranking

__all__ = ["is_plain", "low_value", "low_discards", "wild_discards", "discards", "grade"]

#: the highest card a lowball player keeps to draw to
_KEEP_TO = 8
#: the highest made low a lowball player stands pat on
_PAT_WITH = 9


def is_plain(ranking: Ranking) -> bool:
    """High poker without jokers or wild ranks: the plain evaluator's game."""
    return not ranking.lowball and not ranking.jokers and not ranking.rules.wild_ranks


def low_value(card: Card, ranking: Ranking) -> int:
    """How low a card plays: 0 for a wild card or joker (the lowest missing
    rank), 1 for an ace in ace-to-five, its rank otherwise (an ace is 14 in
    deuce-to-seven)."""
    if ranking.is_wild(card):
        return 0
    if card.rank == 14 and ranking.order == "ace_to_five":
        return 1
    return int(card.rank)


def _throw_most(hand: tuple[Card, ...], keep: list[Card], most: int, ranking: Ranking) -> tuple[Card, ...]:
    """Everything not kept, the worst first, at most ``most`` of them (one for one: jokers are alike)."""
    left = Counter(keep)
    throw = []
    for c in hand:
        if left[c]:
            left[c] -= 1
        else:
            throw.append(c)
    throw.sort(key=lambda c: -low_value(c, ranking) if ranking.lowball else (0 if ranking.is_wild(c) else c.rank))
    return tuple(throw[:most])


def low_discards(hand: tuple[Card, ...], most: int, ranking: Ranking) -> tuple[Card, ...]:
    """The cards a lowball player throws."""
    cat = ranking.category_of(ranking.strength(hand))
    top = max(low_value(c, ranking) for c in hand)
    if cat == Category.HIGH_CARD and top <= _PAT_WITH:
        return ()  # a made low (in deuce-to-seven, HIGH_CARD also means no straight or flush)
    keep: list[Card] = []
    ranks_kept: set[int] = set()
    for c in sorted(hand, key=lambda c: low_value(c, ranking)):
        v = low_value(c, ranking)
        if v == 0 or (v <= _KEEP_TO and v not in ranks_kept):
            keep.append(c)
            if v:
                ranks_kept.add(v)
    if len(keep) == 5:  # a straight or flush in deuce-to-seven, or a rough low: break the highest
        keep.remove(max(keep, key=lambda c: low_value(c, ranking)))
    return _throw_most(hand, keep, most, ranking)


def wild_discards(hand: tuple[Card, ...], most: int, ranking: Ranking) -> tuple[Card, ...]:
    """The cards a high-hand player with the bug or wild cards throws."""
    if ranking.category_of(ranking.strength(hand)) >= Category.STRAIGHT:
        return ()
    wild = [c for c in hand if ranking.is_wild(c)]
    naturals = [c for c in hand if not ranking.is_wild(c)]
    counts = Counter(c.rank for c in naturals)
    suits = Counter(c.suit for c in naturals)
    keep = list(wild)
    suit, suited = suits.most_common(1)[0] if suits else (None, 0)
    if any(n >= 2 for n in counts.values()):
        keep += [c for c in naturals if counts[c.rank] >= 2]
    elif suited >= 2 and suited + len(wild) >= 4:  # four to a flush, a wild card counting as one
        keep += [c for c in naturals if c.suit == suit]
    elif naturals:
        keep.append(max(naturals, key=lambda c: c.rank))
    return _throw_most(hand, keep, most, ranking)


def discards(hand: tuple[Card, ...], most: int, ranking: Ranking) -> tuple[Card, ...]:
    """The cards a sensible player throws under ``ranking`` (not plain)."""
    return low_discards(hand, most, ranking) if ranking.lowball else wild_discards(hand, most, ranking)


def grade(hand: tuple[Card, ...], drawing: bool, ranking: Ranking) -> int:
    """0 (nothing) .. 4 (a monster) under ``ranking``, by the round's
    standards (``drawing``: an exchange is still to come)."""
    cat, ranks, _ = ranking.parts(ranking.strength(hand))
    if ranking.lowball:
        if cat != Category.HIGH_CARD:
            return 1 if drawing and len(low_discards(hand, 5, ranking)) <= 2 else 0
        top = max(low_value(c, ranking) for c in hand)
        made = 4 if top <= 7 else 3 if top <= 8 else 2 if top <= 9 else 1 if top <= 10 else 0
        if drawing:
            return max(made, 2 if len(low_discards(hand, 5, ranking)) == 1 else 1)
        return made
    if cat >= Category.STRAIGHT:
        return 4
    if cat >= Category.TWO_PAIR:
        return 3 if not drawing or cat > Category.TWO_PAIR or ranks[0] >= 11 else 2
    if cat == Category.ONE_PAIR:
        if ranks[0] >= 12:
            return 2
        return 1 if drawing or ranks[0] >= 8 else 0
    return 1 if drawing and len(wild_discards(hand, 3, ranking)) <= 1 else 0
