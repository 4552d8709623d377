"""Exact analysis of Three Card Poker paytables: strategy, edges, side bets.

Everything here is counted, not simulated, and every probability or
expectation is an exact :class:`~fractions.Fraction`.

* The ante/play game: for each player hand the expected value of playing is
  found against all 18,424 dealer hands left in the other 49 cards (card
  removal exact); the player plays when that is at least the -1 of folding.
  Hands alike up to a change of suits (same ranks, same pattern of equal
  suits) have the same dealer distribution, so only one of each class is
  counted, by inclusion-exclusion on strength histograms: all dealer hands,
  minus those holding each of the player's cards, plus those holding each
  pair of them, minus the player's hand itself.
* Pair Plus and Prime: from the player's category / colours (and the
  dealer's colours for Prime, exact with card removal).
* Six Card Bonus: best five of the player's three and the dealer's three,
  counted over all C(52, 6) six-card sets by rank multiset and the number of
  suit assignments that make a flush.

>>> pair_plus_edge(PAIR_PLUS_1_4_6_30_40)  # 2.32%
Fraction(128, 5525)
>>> analyze(PaytableSpec()).strategy.weakest_played_high_card.describe()
'queen high, six, four'
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from functools import cache, cached_property
from itertools import accumulate, combinations
from math import comb
from typing import Any, TypeVar

import attrs

from drawpoker.cards import DECK, Card, Rank
from drawpoker.games.three_card.hands import (
    QUEEN_HIGH,
    STRENGTH3_COUNT,
    Category3,
    category3_of,
    describe_strength3,
    ranks3_of,
    strength3,
)

__all__ = [
    "PaytableSpec",
    "HandClass",
    "Strategy",
    "Analysis",
    "analyze",
    "pair_plus_edge",
    "prime_edge",
    "six_card_edge",
    "six_card_category",
    "six_card_category_counts",
    "six_card_counts_for_ranks",
    "category3_counts",
    "SIX_CARD_CATEGORIES",
    "STANDARD_ANTE_BONUS",
    "PAIR_PLUS_1_4_6_30_40",
    "PAIR_PLUS_1_3_6_30_40",
    "SIX_CARD_1000_200_100_20_15_10_7",
    "SIX_CARD_1000_200_50_25_20_10_5",
    "PLAYER_HANDS",
    "DEALER_HANDS",
    "SIX_CARD_SETS",
    "MAX_PLAYERS",
    "FrozenMap",
]

K = TypeVar("K")
V = TypeVar("V")

#: Three-card hands from 52 cards, and dealer hands from the 49 left.
PLAYER_HANDS = comb(52, 3)
DEALER_HANDS = comb(49, 3)
#: Six-card sets (player's three and dealer's three together).
SIX_CARD_SETS = comb(52, 6)
#: The most players one deck serves, three cards each besides the dealer's.
MAX_PLAYERS = 52 // 3 - 1

#: The Six Card Bonus categories, low to high (names as in
#: :class:`drawpoker.hands.Category`, lower case, plus ``royal_flush``).
SIX_CARD_CATEGORIES: tuple[str, ...] = (
    "high_card",
    "one_pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
    "royal_flush",
)


class FrozenMap(Mapping[K, V]):
    """A small immutable, hashable mapping (paytables in a frozen spec)."""

    __slots__ = ("_d",)

    def __init__(self, items: Mapping[K, V] | None = None) -> None:
        self._d: dict[K, V] = dict(items or {})

    def __getitem__(self, key: K) -> V:
        return self._d[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._d)

    def __len__(self) -> int:
        return len(self._d)

    def __hash__(self) -> int:
        return hash(frozenset(self._d.items()))

    def __repr__(self) -> str:
        return f"FrozenMap({self._d!r})"


def _freeze(table: Mapping[Category3, int]) -> FrozenMap[Category3, int]:
    return table if isinstance(table, FrozenMap) else FrozenMap(table)


def _freeze_optional(table: Mapping[Category3, int] | None) -> FrozenMap[Category3, int] | None:
    return None if table is None else _freeze(table)


def _freeze_six(table: Mapping[str, int] | None) -> FrozenMap[str, int] | None:
    if table is None or isinstance(table, FrozenMap):
        return table
    return FrozenMap(table)


#: Ante bonus 1-4-5: straight 1:1, three of a kind 4:1, straight flush 5:1.
STANDARD_ANTE_BONUS: FrozenMap[Category3, int] = FrozenMap(
    {Category3.STRAIGHT: 1, Category3.THREE_OF_A_KIND: 4, Category3.STRAIGHT_FLUSH: 5}
)
#: Pair Plus 1-4-6-30-40 (pair, flush, straight, trips, straight flush).
PAIR_PLUS_1_4_6_30_40: FrozenMap[Category3, int] = FrozenMap(
    {
        Category3.PAIR: 1,
        Category3.FLUSH: 4,
        Category3.STRAIGHT: 6,
        Category3.THREE_OF_A_KIND: 30,
        Category3.STRAIGHT_FLUSH: 40,
    }
)
#: Pair Plus 1-3-6-30-40.
PAIR_PLUS_1_3_6_30_40: FrozenMap[Category3, int] = FrozenMap({**PAIR_PLUS_1_4_6_30_40, Category3.FLUSH: 3})


def _six_table(*pays: int) -> FrozenMap[str, int]:
    names = ("royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight", "three_of_a_kind")
    return FrozenMap(dict(zip(names, pays, strict=True)))


#: Six Card Bonus 1000-200-100-20-15-10-7 (royal flush down to three of a kind).
SIX_CARD_1000_200_100_20_15_10_7 = _six_table(1000, 200, 100, 20, 15, 10, 7)
#: Six Card Bonus 1000-200-50-25-20-10-5.
SIX_CARD_1000_200_50_25_20_10_5 = _six_table(1000, 200, 50, 25, 20, 10, 5)


@attrs.frozen
class PaytableSpec:
    """The parameters of one Three Card Poker table, all payouts "to 1".

    ``prime`` is ``(pays, pays_with_dealer, dealer_must_match_player_colour)``:
    the player's three cards all one colour win ``pays``, or
    ``pays_with_dealer`` when the dealer's three are also all one colour (the
    player's colour if the flag is set, either colour otherwise). ``None``
    means a side bet is not offered.
    """

    qualifier: int = QUEEN_HIGH
    play_multiple: int = 1
    ante_bonus: FrozenMap[Category3, int] = attrs.field(default=STANDARD_ANTE_BONUS, converter=_freeze)
    pair_plus: FrozenMap[Category3, int] | None = attrs.field(default=None, converter=_freeze_optional)
    prime: tuple[int, int, bool] | None = None
    six_card: FrozenMap[str, int] | None = attrs.field(default=None, converter=_freeze_six)


# ---------------------------------------------------------------- tables


@attrs.frozen
class _Tables:
    """Dealer-hand strength counts, prefix-summed: ``cum[x]`` = hands below x."""

    cum_all: list[int]
    cum_card: list[list[int]]  # by card index: hands holding that card
    pair_strengths: dict[int, list[int]]  # by i * 52 + j (i < j): sorted strengths
    classes: list[tuple[tuple[int, int, int], int, int]]  # (indices, count, strength)


def _canonical_key(i: int, j: int, k: int) -> tuple[int, ...]:
    """Ranks and pattern of equal suits of three card indices (i < j < k).

    Two hands with the same key differ by a permutation of suits, so they
    see the same dealer distribution.
    """
    si, sj, sk = i & 3, j & 3, k & 3
    return (i >> 2, j >> 2, k >> 2, si == sj, si == sk, sj == sk)


@cache
def _tables() -> _Tables:
    hist_all = [0] * (STRENGTH3_COUNT + 2)
    hist_card = [[0] * (STRENGTH3_COUNT + 2) for _ in range(52)]
    pairs: dict[int, list[int]] = {}
    classes: dict[tuple[int, ...], list[Any]] = {}
    for i, j, k in combinations(range(52), 3):
        s = strength3((DECK[i], DECK[j], DECK[k]))
        hist_all[s] += 1
        hist_card[i][s] += 1
        hist_card[j][s] += 1
        hist_card[k][s] += 1
        for p in (i * 52 + j, i * 52 + k, j * 52 + k):
            pairs.setdefault(p, []).append(s)
        entry = classes.get(key := _canonical_key(i, j, k))
        if entry is None:
            classes[key] = [(i, j, k), 1, s]
        else:
            entry[1] += 1
    for lst in pairs.values():
        lst.sort()

    def cum(h: list[int]) -> list[int]:
        return [0, *accumulate(h)]  # cum[x] = sum(h[:x]) = count of strengths < x

    return _Tables(
        cum(hist_all),
        [cum(h) for h in hist_card],
        pairs,
        [(tuple(e[0]), e[1], e[2]) for e in classes.values()],
    )


def _dealer_below(t: _Tables, cards: tuple[int, int, int], own: int, x: int) -> int:
    """Dealer hands from the 49 other cards with strength below ``x``."""
    i, j, k = cards
    ps = t.pair_strengths
    n = t.cum_all[x] - t.cum_card[i][x] - t.cum_card[j][x] - t.cum_card[k][x]
    n += bisect_left(ps[i * 52 + j], x) + bisect_left(ps[i * 52 + k], x) + bisect_left(ps[j * 52 + k], x)
    return n - (own < x)


# ---------------------------------------------------------------- strategy


@attrs.frozen
class HandClass:
    """Player hands alike up to a change of suits, with the counted outcome.

    The four dealer counts add up to 18,424; ``ev_play`` is per unit ante and
    includes the ante bonus.
    """

    example: tuple[Card, Card, Card]
    hands: int  # how many of the 22,100 hands are in the class
    strength: int
    dealer_not_qualifying: int
    dealer_lower: int  # dealer qualifies, player better
    dealer_tie: int  # dealer qualifies, equal
    dealer_higher: int
    ev_play: Fraction
    plays: bool

    ev_fold = Fraction(-1)

    @property
    def category(self) -> Category3:
        """The class's three-card category."""
        return category3_of(self.strength)

    def describe(self) -> str:
        """The hand in words, e.g. ``"queen high, six, four"``."""
        return describe_strength3(self.strength)


@attrs.frozen(slots=False)  # a __dict__ for the cached properties
class Strategy:
    """The optimal play/fold decision for every player hand.

    ``classes`` is sorted by strength (then by example). ``threshold`` is the
    strength from which every hand is played and below which every hand is
    folded, or ``None`` when the decision is not of that form.
    """

    classes: tuple[HandClass, ...]
    _by_key: Mapping[tuple[int, ...], HandClass] = attrs.field(repr=False, eq=False)

    def hand_class(self, cards: Sequence[Card]) -> HandClass:
        """The class of three different cards."""
        i, j, k = sorted(c.index for c in cards)
        return self._by_key[_canonical_key(i, j, k)]

    def plays(self, cards: Sequence[Card]) -> bool:
        """True when these three cards should be played (EV(play) >= -1)."""
        return self.hand_class(cards).plays

    def ev_play(self, cards: Sequence[Card]) -> Fraction:
        """The expected net of playing these cards, per unit ante."""
        return self.hand_class(cards).ev_play

    @cached_property
    def played(self) -> tuple[HandClass, ...]:
        """The classes that are played."""
        return tuple(c for c in self.classes if c.plays)

    @cached_property
    def weakest_played(self) -> HandClass | None:
        """The lowest-strength class that is played, if any."""
        return min(self.played, key=lambda c: c.strength) if self.played else None

    @cached_property
    def weakest_played_high_card(self) -> HandClass | None:
        """The lowest high-card class played (Q-6-4 with standard rules)."""
        high = [c for c in self.played if c.category is Category3.HIGH_CARD]
        return min(high, key=lambda c: c.strength) if high else None

    @cached_property
    def strongest_folded(self) -> HandClass | None:
        """The highest-strength class that is folded, if any."""
        folded = [c for c in self.classes if not c.plays]
        return max(folded, key=lambda c: c.strength) if folded else None

    @cached_property
    def threshold(self) -> int | None:
        """Play exactly the hands of at least this strength, if that is the rule."""
        weakest, folded = self.weakest_played, self.strongest_folded
        if weakest is None:
            return None
        return weakest.strength if folded is None or folded.strength < weakest.strength else None

    @cached_property
    def weakest_played_ranks(self) -> tuple[Rank, ...]:
        """The deciding ranks of the weakest played high-card hand (Q, 6, 4)."""
        c = self.weakest_played_high_card
        return ranks3_of(c.strength) if c else ()

    @cached_property
    def ties(self) -> tuple[HandClass, ...]:
        """Classes where playing and folding are worth exactly the same."""
        return tuple(c for c in self.classes if c.ev_play == HandClass.ev_fold)


def _strategy(spec: PaytableSpec, progress: Callable[[float], None] | None) -> Strategy:
    t = _tables()
    q, m = spec.qualifier, spec.play_multiple
    win, lose = 1 + m, -(1 + m)
    out: dict[tuple[int, ...], HandClass] = {}
    for n, (cards, count, p) in enumerate(t.classes):
        nq = _dealer_below(t, cards, p, q)
        below = _dealer_below(t, cards, p, max(p, q))
        lower = below - nq
        tie = _dealer_below(t, cards, p, p + 1) - below if p >= q else 0
        higher = DEALER_HANDS - nq - lower - tie
        bonus = spec.ante_bonus.get(category3_of(p), 0)
        ev = bonus + Fraction(nq + win * lower + lose * higher, DEALER_HANDS)
        example = (DECK[cards[0]], DECK[cards[1]], DECK[cards[2]])
        out[_canonical_key(*cards)] = HandClass(example, count, p, nq, lower, tie, higher, ev, ev >= -1)
        if progress is not None and n % 256 == 0:
            progress(0.9 * n / len(t.classes))
    ordered = tuple(sorted(out.values(), key=lambda c: (c.strength, [x.index for x in c.example])))
    return Strategy(ordered, out)


# ---------------------------------------------------------------- side bets


@cache
def category3_counts() -> Mapping[Category3, int]:
    """How many of the 22,100 three-card hands fall in each category."""
    counts: Counter[Category3] = Counter()
    for _, count, s in _tables().classes:
        counts[category3_of(s)] += count
    return FrozenMap({c: counts[c] for c in Category3})


def pair_plus_edge(paytable: Mapping[Category3, int]) -> Fraction:
    """House edge of a Pair Plus table (pays to 1; absent or 0 loses)."""
    ev = Fraction(0)
    for category, n in category3_counts().items():
        pay = paytable.get(category, 0)
        ev += Fraction(n, PLAYER_HANDS) * (pay if pay > 0 else -1)
    return -ev


def prime_edge(pays: int, pays_with_dealer: int, dealer_must_match: bool) -> Fraction:
    """House edge of Prime: the player's three cards all red or all black.

    Pays ``pays``, or ``pays_with_dealer`` when the dealer's three (from the
    other 49 cards) are also one colour, the same as the player's when
    ``dealer_must_match``.
    """
    p_one_colour = Fraction(2 * comb(26, 3), PLAYER_HANDS)
    # After the player's three of one colour: 23 of that colour, 26 of the other left.
    with_dealer = comb(23, 3) + (0 if dealer_must_match else comb(26, 3))
    p_dealer = Fraction(with_dealer, DEALER_HANDS)
    ev = p_one_colour * (p_dealer * pays_with_dealer + (1 - p_dealer) * pays) - (1 - p_one_colour)
    return -ev


_ACE_LOW = 1 << 1


def _straight_top(mask: int) -> int:
    """The top rank of the best straight in a rank bitmask (bit r = rank r), or 0."""
    if mask & (1 << 14):
        mask |= _ACE_LOW
    for top in range(14, 4, -1):
        window = 0b11111 << (top - 4)
        if mask & window == window:
            return top
    return 0


def _suited_category(mask: int) -> str:
    top = _straight_top(mask)
    return "royal_flush" if top == 14 else "straight_flush" if top else "flush"


def _rank_category(counts: Sequence[int], mask: int) -> str:
    """The best-five category of six cards that hold no flush."""
    shape = sorted((c for c in counts if c), reverse=True)
    if shape[0] == 4:
        return "four_of_a_kind"
    if shape[0] == 3:
        return "full_house" if shape[1] >= 2 else "three_of_a_kind"
    if _straight_top(mask):
        return "straight"
    if shape[0] == 2:
        return "two_pair" if shape[1] == 2 else "one_pair"
    return "high_card"


def six_card_category(cards: Sequence[Card]) -> str:
    """The best-five category (one of :data:`SIX_CARD_CATEGORIES`) of six cards."""
    counts = [0] * 15
    by_suit = [0, 0, 0, 0]
    n_suit = [0, 0, 0, 0]
    for c in cards:
        r, s = c.index // 4 + 2, c.index % 4
        counts[r] += 1
        by_suit[s] |= 1 << r
        n_suit[s] += 1
    for s in range(4):
        if n_suit[s] >= 5:  # then no pair-based hand beats the flush
            return _suited_category(by_suit[s])
    return _rank_category(counts, sum(1 << r for r in range(2, 15) if counts[r]))


def _rank_multisets(total: int, rank: int = 2) -> Iterator[tuple[int, ...]]:
    """Count vectors over ranks ``rank..14``, each 0..4, summing to ``total``."""
    if rank == 14:
        if total <= 4:
            yield (total,)
        return
    for c in range(min(4, total) + 1):
        for rest in _rank_multisets(total - c, rank + 1):
            yield (c, *rest)


def six_card_counts_for_ranks(counts: Sequence[int]) -> dict[str, int]:
    """Six-card sets with these rank counts (index 0 = deuces), by category."""
    mask = sum(1 << (r + 2) for r, c in enumerate(counts) if c)
    total = 1
    for c in counts:
        total *= comb(4, c)
    out: Counter[str] = Counter()
    distinct = [r + 2 for r, c in enumerate(counts) if c]
    if len(distinct) == 6:
        out[_suited_category(mask)] += 4  # all six one suit
        for r in distinct:  # five in one suit (4 ways), the odd one another (3)
            out[_suited_category(mask & ~(1 << r))] += 12
    elif len(distinct) == 5:  # the pair's two suits: the flush suit and one other
        out[_suited_category(mask)] += 12
    flushes = sum(out.values())
    out[_rank_category([0, 0, *counts], mask)] += total - flushes
    return dict(out)


@cache
def six_card_category_counts() -> Mapping[str, int]:
    """How many of the C(52, 6) six-card sets have each best-five category."""
    out: Counter[str] = Counter()
    for counts in _rank_multisets(6):
        out.update(six_card_counts_for_ranks(counts))
    return FrozenMap({name: out[name] for name in SIX_CARD_CATEGORIES})


def six_card_edge(paytable: Mapping[str, int]) -> Fraction:
    """House edge of a Six Card Bonus table (pays to 1; absent or 0 loses)."""
    unknown = set(paytable) - set(SIX_CARD_CATEGORIES)
    if unknown:
        raise ValueError(f"unknown Six Card Bonus categories: {sorted(unknown)}")
    ev = Fraction(0)
    for name, n in six_card_category_counts().items():
        pay = paytable.get(name, 0)
        ev += Fraction(n, SIX_CARD_SETS) * (pay if pay > 0 else -1)
    return -ev


# ---------------------------------------------------------------- analysis


@attrs.frozen
class Analysis:
    """The exact figures of one :class:`PaytableSpec` (see :func:`analyze`).

    Edges are the house's expected win per unit bet (positive favours the
    house). ``outcomes`` gives, over all deals under the optimal strategy,
    the probabilities of ``fold``, ``dealer_not_qualifying``,
    ``player_wins``, ``tie`` and ``dealer_wins``.
    """

    spec: PaytableSpec
    strategy: Strategy
    ante_play_edge_per_ante: Fraction
    ante_play_edge_per_wager: Fraction
    play_probability: Fraction
    outcomes: Mapping[str, Fraction]
    category_probabilities: Mapping[Category3, Fraction]
    pair_plus_edge: Fraction | None
    prime_edge: Fraction | None
    six_card_edge: Fraction | None

    def bank_result_per_round(
        self,
        players: int,
        ante: int | Fraction = 1,
        pair_plus_bet: int | Fraction = 0,
        prime_bet: int | Fraction = 0,
        six_card_bet: int | Fraction = 0,
    ) -> Fraction:
        """The bank's expected win per round against ``players`` players,
        each making these bets and playing optimally (negative: the bank loses)."""
        if not 0 <= players <= MAX_PLAYERS:
            raise ValueError(f"players must be 0..{MAX_PLAYERS} (three cards each, and the dealer's), not {players}")
        per_player = ante * self.ante_play_edge_per_ante
        for bet, edge, name in (
            (pair_plus_bet, self.pair_plus_edge, "Pair Plus"),
            (prime_bet, self.prime_edge, "Prime"),
            (six_card_bet, self.six_card_edge, "Six Card Bonus"),
        ):
            if bet:
                if edge is None:
                    raise ValueError(f"{name} is not offered at this table")
                per_player += bet * edge
        return players * Fraction(per_player)


def analyze(spec: PaytableSpec, progress: Callable[[float], None] | None = None) -> Analysis:
    """Analyse a paytable exactly; ``progress(fraction_done)`` is called now and then."""
    strategy = _strategy(spec, progress)
    net = Fraction(0)
    played = 0
    tally = Counter[str]()
    for c in strategy.classes:
        net += c.hands * (c.ev_play if c.plays else HandClass.ev_fold)
        if c.plays:
            played += c.hands
            tally["dealer_not_qualifying"] += c.hands * c.dealer_not_qualifying
            tally["player_wins"] += c.hands * c.dealer_lower
            tally["tie"] += c.hands * c.dealer_tie
            tally["dealer_wins"] += c.hands * c.dealer_higher
        else:
            tally["fold"] += c.hands * DEALER_HANDS
    ev = net / PLAYER_HANDS
    play_p = Fraction(played, PLAYER_HANDS)
    deals = PLAYER_HANDS * DEALER_HANDS
    outcomes = FrozenMap(
        {k: Fraction(tally[k], deals) for k in ("fold", "dealer_not_qualifying", "player_wins", "tie", "dealer_wins")}
    )
    cat_p = FrozenMap({c: Fraction(n, PLAYER_HANDS) for c, n in category3_counts().items()})
    result = Analysis(
        spec=spec,
        strategy=strategy,
        ante_play_edge_per_ante=-ev,
        ante_play_edge_per_wager=-ev / (1 + spec.play_multiple * play_p),
        play_probability=play_p,
        outcomes=outcomes,
        category_probabilities=cat_p,
        pair_plus_edge=None if spec.pair_plus is None else pair_plus_edge(spec.pair_plus),
        prime_edge=None if spec.prime is None else prime_edge(*spec.prime),
        six_card_edge=None if spec.six_card is None else six_card_edge(spec.six_card),
    )
    if progress is not None:
        progress(1.0)
    return result
