"""Exact drawing odds: what each sensible exchange can end with, and what
the hand is worth after it.

Interface (for the coach and for bots)::

    unseen_cards(hand, jokers=0, seen=())      -> the cards the player cannot see
    draw_odds(hand, rules, seen=(), opponents=1) -> DrawOdds      (rules: DrawRules)
    draw_odds_for(hand, ranking, max_cards, max_cards_with_ace=None, seen=(), opponents=1)
    field_strength(ranking, max_cards)         -> F: F[s] the chance that a sensible opponent's hand after
                                               the exchange is weaker than strength s
    DrawOdds.hand / .strength / .words         the hand now, its strength and words
    DrawOdds.choices                           one DrawChoice per sensible exchange
    DrawOdds.opponents                         the other hands the worth is measured against
    DrawOdds.best                              the choice whose hand is worth most after the draw
    DrawChoice.keep / .discard                 the cards kept and thrown
    DrawChoice.label                           "keep the pair of kings, draw three"
    DrawChoice.draws                           how many different draws there are
    DrawChoice.outcomes                        ((outcome words, probability), ...), best outcome first:
                                               "two pair", "flush"...; in lowball "seven low", "one pair"...
    DrawChoice.worth                           what the hand is worth after the draw: the chance that it
                                               beats every one of ``opponents`` sensible opponents' hands
                                               after their exchange (a tie counting half), over every draw
    DrawChoice.worth_against(n)                the same against n hands
    DrawChoice.p_better                        chance of ending with a better hand than now: a better
                                               category (high), a better low (lowball)
    DrawChoice.chance_at_least(strength)       chance of ending at least that strong
    DrawChoice.histogram                       {final strength: number of draws}

The odds are exact: every draw from the unseen cards (the deck less the
player's hand and ``seen``, the cards the player has seen go: earlier
discards) is counted, by classes of draws (how many of each rank, whether
the natural cards can share a suit) so that even a five-card draw is
counted in milliseconds. They hold under every ranking and deck of
:mod:`drawpoker.ranking` (jokers, wild ranks, lowball): pass the rules.
They are the odds of the next exchange alone; with several exchanges the
later ones are not looked ahead to.

The choices are ranked by what the hand is worth after the draw, not by
the chance of any improvement: a pair of deuces made from three small
cards improves "high card" as often as a pair of kings does, and is worth
far less at a showdown. The worth of a final hand is its chance to beat a
sensible field: opponents dealt five cards who exchange as the sensible
computer players do (:func:`field_strength`: pairs and better kept, four to
a flush or an open-ended straight drawn to, else the best cards; in
lowball one card of each rank up to an eight, pat on a nine or better;
wild cards and the bug kept) -- a number between 0 and 1 that means the
same under every ranking: the chance to beat one such hand, or, with
``opponents`` above 1, all of them. The draws are counted exactly; the
field is the same fixed sample of :data:`FIELD_HANDS` dealt-and-drawn hands
every time (its strengths known to within about half a percentage point),
built once per ranking and exchange limit.

>>> from drawpoker.cards import parse_cards
>>> from drawpoker.rules.model import DrawRules
>>> odds = draw_odds(parse_cards("Ks Kd 7c 4h 2s"), DrawRules())
>>> odds.best.label
'keep the pair of kings, draw three'
>>> round(odds.best.p_better, 4), odds.best.draws, round(odds.best.worth, 2)
(0.2871, 16215, 0.65)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from itertools import combinations_with_replacement
from math import comb
from typing import TYPE_CHECKING

import attrs

from drawpoker.cards import JOKER_BIT, JOKER_KEY, RANK_KEYS, Card, Rank, Suit, check_distinct, deck_of
from drawpoker.errors import CardError
from drawpoker.hands import Category
from drawpoker.ranking import Ranking, ranking_for_deck

if TYPE_CHECKING:
    from drawpoker.rules.model import DrawRules

__all__ = ["DrawChoice", "DrawOdds", "unseen_cards", "draw_odds", "draw_odds_for", "field_strength", "FIELD_HANDS"]

#: the sensible field's hands, dealt and drawn once per ranking and exchange limit
FIELD_HANDS = 6_000

_NUMBER = ("no cards", "one", "two", "three", "four", "five")
_COUNT = ("none", "one", "two", "three", "four", "five")


def unseen_cards(hand: Sequence[Card], jokers: int = 0, seen: Iterable[Card] = ()) -> tuple[Card, ...]:
    """The deck (with ``jokers``) less the hand and the other cards the player has seen."""
    remaining = list(deck_of(jokers))
    for card in (*hand, *seen):
        try:
            remaining.remove(card)
        except ValueError:
            raise CardError(f"'{card}' is not in the deck, or is given twice") from None
    return tuple(remaining)


@attrs.frozen
class DrawChoice:
    """One way to exchange, and every way it can end."""

    keep: tuple[Card, ...]
    discard: tuple[Card, ...]
    label: str
    draws: int
    histogram: dict[int, int] = attrs.field(eq=False, repr=False)
    outcomes: tuple[tuple[str, float], ...]
    p_better: float
    worth: float = 0.0
    field: Sequence[float] = attrs.field(default=(), eq=False, repr=False)

    def chance_at_least(self, strength: int) -> float:
        """The chance the hand ends at least this strong."""
        return sum(n for s, n in self.histogram.items() if s >= strength) / self.draws

    def worth_against(self, opponents: int) -> float:
        """The chance that the hand after the draw beats each of ``opponents``
        sensible opponents' hands after their exchange (a tie counting half),
        over every draw."""
        return _worth(self.histogram, self.field, opponents)


@attrs.frozen
class DrawOdds:
    """The hand now and its sensible exchanges."""

    hand: tuple[Card, ...]
    strength: int
    words: str
    choices: tuple[DrawChoice, ...]
    opponents: int = 1

    @property
    def best(self) -> DrawChoice:
        """The choice whose hand is worth most after the draw (on a tie the
        one drawing fewer cards, standing pat first)."""
        return max(self.choices, key=lambda c: (c.worth, -len(c.discard)))


def draw_odds(hand: Sequence[Card], rules: DrawRules, seen: Iterable[Card] = (), opponents: int = 1) -> DrawOdds:
    """The odds of each sensible exchange under a Mørkpoker ruleset, each
    choice's worth measured against ``opponents`` hands."""
    return draw_odds_for(
        hand,
        ranking_for_deck(rules.deck, rules.showdown.ranking),
        rules.draw.max_cards,
        rules.draw.max_cards_with_ace,
        seen=seen,
        opponents=opponents,
    )


def draw_odds_for(
    hand: Sequence[Card],
    ranking: Ranking,
    max_cards: int,
    max_cards_with_ace: int | None = None,
    seen: Iterable[Card] = (),
    opponents: int = 1,
) -> DrawOdds:
    """The odds of each sensible exchange of ``hand`` under ``ranking``, where
    a player may change ``max_cards`` (or ``max_cards_with_ace`` keeping an
    ace); each choice's worth is its chance to beat ``opponents`` hands."""
    hand = tuple(hand)
    if len(hand) != 5:
        raise CardError(f"a hand has five cards, found {len(hand)}")
    if opponents < 1:
        raise ValueError(f"the worth of a hand is measured against one opponent or more, not {opponents}")
    check_distinct(hand, jokers=ranking.jokers)
    field = field_strength(ranking, max_cards)
    words = _outcome_words(ranking)
    unseen = unseen_cards(hand, ranking.jokers, seen)
    now = ranking.strength(hand)
    # better than now: in lowball any better low; in high poker a better
    # category (new kickers to the same pair do not count as improving)
    bar = now if ranking.lowball else _top_of_category(ranking, now)
    counter = _Counter(ranking, unseen)
    choices = []
    for keep, label in _sensible(hand, ranking, _fewest_kept(max_cards, max_cards_with_ace)):
        drawn = 5 - len(keep)
        allowed = max_cards
        if max_cards_with_ace is not None and any(not c.is_joker and c.rank is Rank.ACE for c in keep):
            allowed = max(allowed, max_cards_with_ace)
        if drawn > allowed or drawn > len(unseen):
            continue
        histogram = counter.histogram(keep, drawn)
        total = sum(histogram.values())
        buckets: dict[str, int] = {}
        order: dict[str, int] = {}
        for s, n in histogram.items():
            word = words[s]
            buckets[word] = buckets.get(word, 0) + n
            if s > order.get(word, 0):
                order[word] = s
        outcomes = tuple((w, buckets[w] / total) for w in sorted(buckets, key=lambda w: -order[w]))
        better = sum(n for s, n in histogram.items() if s > bar) / total
        discard = _minus(hand, keep)
        worth = _worth(histogram, field, opponents)
        choices.append(DrawChoice(keep, discard, label, total, histogram, outcomes, better, worth, field))
    return DrawOdds(hand, now, ranking.describe_strength(now), tuple(choices), opponents)


def _fewest_kept(max_cards: int, max_cards_with_ace: int | None) -> int:
    """The fewest cards a player must keep (keeping an ace may allow fewer)."""
    return max(0, 5 - max(max_cards, max_cards_with_ace or 0))


def _worth(histogram: dict[int, int], field: Sequence[float], opponents: int) -> float:
    """E[F(final) ** opponents] over the draws: the chance to beat every one
    of ``opponents`` hands as dealt."""
    total = 0
    weighted = 0.0
    if opponents == 1:
        for s, n in histogram.items():
            total += n
            weighted += n * field[s]
    else:
        for s, n in histogram.items():
            total += n
            weighted += n * field[s] ** opponents
    return weighted / total


@cache
def field_strength(ranking: Ranking, max_cards: int = 3) -> tuple[float, ...]:
    """``F[s]``: the chance that a sensible opponent's hand after the
    exchange is weaker than strength ``s`` (a tie counting half) -- how much
    of the field a hand of that strength beats at the showdown.

    The field is :data:`FIELD_HANDS` hands dealt at random from the deck
    and exchanged (up to ``max_cards`` cards) as the sensible computer
    players exchange (:func:`drawpoker.games.draw.bots.choose_discards`,
    :func:`drawpoker.games.draw.bot_hands.discards`), the replacements
    dealt from the rest of the deck: a fixed sample (its own seeded
    generator, not the global one), the same every time. ``F[0]`` is unused.
    """
    import random

    from drawpoker.games.draw import bot_hands
    from drawpoker.games.draw.bots import choose_discards

    deck = list(deck_of(ranking.jokers))
    rng = random.Random(24)  # the field is the same every time: the coach gives the same advice
    plain = bot_hands.is_plain(ranking)
    strength = ranking.strength
    counts = [0] * (ranking.strength_count + 1)
    most = min(max_cards, 5)

    def throw(hand: tuple[Card, ...]) -> tuple[Card, ...]:
        return choose_discards(hand, most) if plain else bot_hands.discards(hand, most, ranking)

    lowball = ranking.lowball
    category_of = ranking.category_of
    dealt = 0
    while dealt < FIELD_HANDS:
        rng.shuffle(deck)  # each ten cards of the shuffled deck: a hand and what it draws
        for at in range(0, len(deck) - 9, 10):
            hand = tuple(deck[at : at + 5])
            thrown = throw(hand)
            n = len(thrown)
            # folded before the exchange, not at the showdown: in lowball a hand drawing three or more,
            # in high poker less than a pair that is not a one-card draw
            if n > 2 if lowball else n > 1 and category_of(strength(hand)) < Category.ONE_PAIR:
                continue
            kept = list(hand)
            for card in thrown:
                kept.remove(card)
            counts[strength((*kept, *deck[at + 5 : at + 5 + n]))] += 1
            dealt += 1
            if dealt == FIELD_HANDS:
                break
    out = [0.0] * (ranking.strength_count + 1)
    below = 0
    for s in range(1, ranking.strength_count + 1):
        n = counts[s]
        out[s] = (2 * below + n) / (2 * FIELD_HANDS)
        below += n
    return tuple(out)


def _top_of_category(ranking: Ranking, strength: int) -> int:
    """The strongest hand of the same category as ``strength``."""
    return _category_tops(ranking)[ranking.category_of(strength)]


@cache
def _category_tops(ranking: Ranking) -> dict[Category, int]:
    return {ranking.category_of(s): s for s in range(1, ranking.strength_count + 1)}


def _minus(hand: tuple[Card, ...], keep: tuple[Card, ...]) -> tuple[Card, ...]:
    rest = list(keep)
    out = []
    for c in hand:
        if c in rest:
            rest.remove(c)
        else:
            out.append(c)
    return tuple(out)


# ---------------------------------------------------------------- outcome words

_CATEGORY_WORDS = {
    Category.HIGH_CARD: "high card",
    Category.ONE_PAIR: "one pair",
    Category.TWO_PAIR: "two pair",
    Category.THREE_OF_A_KIND: "three of a kind",
    Category.STRAIGHT: "straight",
    Category.FLUSH: "flush",
    Category.FULL_HOUSE: "full house",
    Category.FOUR_OF_A_KIND: "four of a kind",
    Category.STRAIGHT_FLUSH: "straight flush",
    Category.FIVE_OF_A_KIND: "five of a kind",
}


@cache
def _outcome_words(ranking: Ranking) -> tuple[str, ...]:
    """:func:`outcome` of every strength (index 0 unused), once per ranking."""
    return ("", *(outcome(ranking, s) for s in range(1, ranking.strength_count + 1)))


def outcome(ranking: Ranking, strength: int) -> str:
    """The class of a final hand the odds are given for: its category, and in
    lowball a hand without a pair by its top card ("seven low", "the wheel")."""
    cat, ranks, _ = ranking.parts(strength)
    if ranking.lowball and cat is Category.HIGH_CARD:
        if ranking.order == "ace_to_five" and ranks[0] == 5:
            return "the wheel"
        if ranks[0] == 14:
            return "ace high"
        return f"{Rank(ranks[0]).word} low"
    return _CATEGORY_WORDS[cat]


# ---------------------------------------------------------------- counting draws


class _Counter:
    """Counts the draws from the unseen cards by class."""

    def __init__(self, ranking: Ranking, unseen: tuple[Card, ...]) -> None:
        self.ranking = ranking
        self.wild = ranking.rules.wild_ranks
        count = [0] * 14  # ranks 2..14 at 0..12, the joker at 13
        suits = [0] * 13
        for c in unseen:
            if c.is_joker:
                count[13] += 1
            else:
                count[c.rank - 2] += 1
                suits[c.rank - 2] |= 1 << c.suit
        self.count = count
        self.suits = suits
        by_key, suited = ranking.class_lookup()
        self.by_key = by_key
        self.suited = suited

    def histogram(self, keep: tuple[Card, ...], drawn: int) -> dict[int, int]:
        """{final strength: number of draws} keeping ``keep`` and drawing ``drawn``."""
        wild = self.wild
        key0 = 0
        mask0 = 0
        common = 0xF  # the suits every kept natural card is of
        naturals0 = 0
        for c in keep:
            if c.is_joker:
                key0 += JOKER_KEY
                mask0 |= JOKER_BIT
                continue
            key0 += RANK_KEYS[c.rank - 2]
            mask0 |= 1 << (c.rank - 2)
            if c.rank not in wild:
                naturals0 += 1
                common &= 1 << c.suit
        count, suits, by_key, suited_of = self.count, self.suits, self.by_key, self.suited
        out: dict[int, int] = {}
        types = [t for t in range(14) if count[t]]
        is_natural = [(t + 2) not in wild for t in range(13)] + [False]
        for combo in combinations_with_replacement(types, drawn):
            key, mask, ways, wild_ways = key0, mask0, 1, 1
            naturals = naturals0
            suits_ok = common
            prev = -1
            run = 0
            ok = True
            for t in (*combo, -1):
                if t >= 0:
                    if t == 13:
                        key += JOKER_KEY
                        mask |= JOKER_BIT
                    else:
                        key += RANK_KEYS[t]
                        mask |= 1 << t
                if t == prev:
                    run += 1
                    continue
                if prev >= 0:
                    n = comb(count[prev], run)
                    if n == 0:
                        ok = False
                        break
                    ways *= n
                    if is_natural[prev]:
                        naturals += run
                        suits_ok = suits_ok & suits[prev] if run == 1 else 0
                    else:
                        wild_ways *= n
                prev, run = t, 1
            if not ok:
                continue
            v = by_key[key]
            if v < 0:
                v = ~v
            if naturals <= 1:
                s = suited_of(key, mask)
                out[s] = out.get(s, 0) + ways
                continue
            suited = wild_ways * bin(suits_ok).count("1") if suits_ok else 0
            if suited:
                s = suited_of(key, mask)
                out[s] = out.get(s, 0) + suited
            if ways > suited:
                out[v] = out.get(v, 0) + ways - suited
        return out


# ---------------------------------------------------------------- sensible choices

_Add = Callable[[Sequence[Card], str], None]


def _plural(rank: Rank) -> str:
    return rank.plural


def _draw_words(n: int) -> str:
    return "stand pat" if n == 0 else f"draw {_NUMBER[n]}"


def _sensible(hand: tuple[Card, ...], ranking: Ranking, fewest: int = 0) -> list[tuple[tuple[Card, ...], str]]:
    """(cards kept, label) for each sensible exchange, without repeats;
    ``fewest``: the fewest cards the rules let a player keep."""
    wild = tuple(c for c in hand if ranking.is_wild(c))
    naturals = [c for c in hand if not ranking.is_wild(c)]
    out: dict[frozenset[int], tuple[tuple[Card, ...], str]] = {}

    def add(kept: Sequence[Card], words: str) -> None:
        places = [i for i, c in enumerate(hand) if ranking.is_wild(c) or c in kept]
        key = frozenset(places)
        keep = tuple(hand[i] for i in places)
        if key in out:
            return
        drawn = 5 - len(keep)
        if drawn == 0:
            out[key] = (keep, "stand pat")
            return
        wild_words = _wild_words(wild, ranking)
        if words and wild_words:
            words = f"{words} and {wild_words}"
        elif wild_words:
            words = wild_words
        label = f"keep {words}, {_draw_words(drawn)}" if words else _draw_words(drawn)
        out[key] = (keep, label)

    add(hand, "")
    if ranking.lowball:
        _low_choices(naturals, ranking, add)
    else:
        _high_choices(naturals, len(wild), add, fewest - len(wild))
    return list(out.values())


def _wild_words(wild: tuple[Card, ...], ranking: Ranking) -> str:
    if not wild:
        return ""
    jokers = sum(1 for c in wild if c.is_joker)
    others = Counter(c.rank for c in wild if not c.is_joker)
    parts = []
    if jokers:
        parts.append("the joker" if jokers == 1 else "both jokers")
    for rank, n in sorted(others.items(), reverse=True):
        parts.append(f"the {rank.word}" if n == 1 else f"the {_COUNT[n]} {rank.plural}")
    return " and ".join(parts)


def _high_choices(naturals: list[Card], n_wild: int, add: _Add, fewest: int = 0) -> None:
    by_rank: dict[Rank, list[Card]] = {}
    for c in sorted(naturals, key=lambda c: -c.rank):
        by_rank.setdefault(c.rank, []).append(c)
    groups = sorted(by_rank.items(), key=lambda rc: (len(rc[1]), rc[0]), reverse=True)
    singles = [cs[0] for r, cs in groups if len(cs) == 1]
    made = [(r, cs) for r, cs in groups if len(cs) >= 2]
    if len(made) >= 2:
        (r1, c1), (r2, c2) = made[:2]
        add(c1 + c2, f"two pair, {_plural(r1)} and {_plural(r2)}")
    for r, cs in made:
        name = {2: f"the pair of {_plural(r)}", 3: f"the three {_plural(r)}", 4: f"the four {_plural(r)}"}[len(cs)]
        add(cs, name)
        if singles and len(cs) < 4:
            add(cs + [singles[0]], f"{name} and the {singles[0].rank.word}")
    # draws to a flush and to a straight (flush)
    by_suit: dict[Suit, list[Card]] = {}
    for c in naturals:
        by_suit.setdefault(c.suit, []).append(c)
    for suit, cs in by_suit.items():
        if len(cs) >= 3 or (len(cs) == 2 and n_wild):
            add(cs, f"{_COUNT[len(cs)]} {_suit_plural(suit)} to the flush")
    windows = [tuple(range(lo, lo + 5)) for lo in range(2, 11)] + [(14, 2, 3, 4, 5)]
    for window in windows:
        inside: dict[int, Card] = {}
        for c in naturals:
            if c.rank in window and c.rank not in inside:
                inside[c.rank] = c
        if len(inside) >= 3 or (len(inside) == 2 and n_wild):
            cs = list(inside.values())
            suited = len({c.suit for c in cs}) == 1
            what = "the straight flush" if suited else "the straight"
            add(cs, f"{_run_words(cs, 14 in window and 2 in window)} to {what}")
    # high cards: the highest, and the highest two (with two jacks or better, or
    # where the rules make a player keep two: the king and the nine, drawing three)
    high = sorted(naturals, key=lambda c: -c.rank)
    if high:
        add(high[:1], f"the {high[0].rank.word}")
    if len(high) >= 2 and (high[1].rank >= Rank.JACK or fewest >= 2):
        add(high[:2], f"the {high[0].rank.word} and the {high[1].rank.word}")
    add([], "")


def _low_value(card: Card, ranking: Ranking) -> int:
    if ranking.order == "ace_to_five" and card.rank is Rank.ACE:
        return 1
    return int(card.rank)


def _low_choices(naturals: list[Card], ranking: Ranking, add: _Add) -> None:
    distinct: dict[int, Card] = {}
    for c in sorted(naturals, key=lambda c: _low_value(c, ranking)):
        if _low_value(c, ranking) <= 10:  # a jack or higher is never kept to a low
            distinct.setdefault(_low_value(c, ranking), c)
    lows = list(distinct.values())
    for n in range(len(lows), 0, -1):
        kept = lows[:n]
        add(kept, "-".join(_rank_char(c) for c in sorted(kept, key=lambda c: -_low_value(c, ranking))))
    add([], "")


def _rank_char(card: Card) -> str:
    return "10" if card.rank is Rank.TEN else card.rank.char


def _run_words(cards: list[Card], wheel: bool) -> str:
    def low(c: Card) -> int:
        return 1 if wheel and c.rank is Rank.ACE else int(c.rank)

    return "-".join(_rank_char(c) for c in sorted(cards, key=low))


def _suit_plural(suit: Suit) -> str:
    return ("clubs", "diamonds", "hearts", "spades")[suit]
