"""What the draw-game bots share: reading a view, grading a hand, throwing
cards, sizing a bet. Everything here reads only a seat's view."""

from __future__ import annotations

import random
from collections import OrderedDict
from typing import Any

from drawpoker.bots.memo import per_rules
from drawpoker.cards import Card, Rank
from drawpoker.games.draw import bot_hands
from drawpoker.games.draw.view import CHOOSE_GAME, DrawView
from drawpoker.games.view import Decision, exchange
from drawpoker.hands import Category, hand_parts, strength
from drawpoker.ranking import Ranking, ranking_for_deck

__all__ = [
    "ranking_of",
    "drawing",
    "grade",
    "rule_of_thumb",
    "keeping",
    "odds_of",
    "coach_discards",
    "sized",
    "rotation",
    "rule_of_thumb_exchange",
    "random_exchange",
    "CHOOSING",
]


@per_rules
def ranking_of(rules: Any) -> Ranking:
    """The showdown's ranking under ``rules`` (found once per rules object)."""
    return ranking_for_deck(rules.deck, rules.showdown.ranking)


def drawing(view: DrawView) -> bool:
    """An exchange is still to come after this betting round."""
    return view.round <= view.exchanges


def _plain_grade(hand: tuple[Card, ...], drawing: bool) -> int:
    cat, ranks = hand_parts(strength(hand))
    if cat >= Category.STRAIGHT:
        return 4
    if cat >= Category.TWO_PAIR:
        return 3 if not drawing or cat > Category.TWO_PAIR or ranks[0] >= Rank.JACK else 2
    if cat == Category.ONE_PAIR:
        if ranks[0] >= Rank.QUEEN:
            return 2
        return 1 if drawing or ranks[0] >= Rank.EIGHT else 0
    if drawing and len(_plain_discards(hand, 3)) == 1:
        return 1  # a four-card draw is worth a call before an exchange
    return 0


def grade(view: DrawView, hand: tuple[Card, ...] | None = None) -> int:
    """0 (nothing) .. 4 (a monster) by the round's standards."""
    hand = view.hand if hand is None else hand
    ranking = ranking_of(view.rules)
    if bot_hands.is_plain(ranking):
        return _plain_grade(hand, drawing(view))
    return bot_hands.grade(hand, drawing(view), ranking)


def _throw(hand: tuple[Card, ...], keep: list[Card], most: int) -> tuple[Card, ...]:
    throw = [c for c in hand if c not in keep]
    throw.sort(key=lambda c: c.rank)  # if the limit bites, throw the lowest first
    return tuple(throw[:most])


def _plain_discards(hand: tuple[Card, ...], most: int) -> tuple[Card, ...]:
    """The cards a sensible player throws in plain high draw: keep made
    hands, pairs, trips, four to a flush or an open-ended straight;
    otherwise the two best cards."""
    from collections import Counter

    cat, _ = hand_parts(strength(hand))
    if cat >= Category.STRAIGHT:
        return ()
    counts = Counter(c.rank for c in hand)
    suits = Counter(c.suit for c in hand)
    suit, n = suits.most_common(1)[0]
    small_pair = cat == Category.ONE_PAIR and max(r for r, k in counts.items() if k == 2) < Rank.JACK
    if n == 4 and (cat == Category.HIGH_CARD or small_pair):
        return _throw(hand, [c for c in hand if c.suit == suit], most)  # four to a flush beats a small pair
    if cat in (Category.ONE_PAIR, Category.TWO_PAIR, Category.THREE_OF_A_KIND, Category.FOUR_OF_A_KIND):
        keep = [c for c in hand if counts[c.rank] >= 2]
        if cat == Category.ONE_PAIR and most < 3:
            keep += sorted((c for c in hand if counts[c.rank] == 1), key=lambda c: -c.rank)[: 3 - most]
        return _throw(hand, keep, most)
    ranks = sorted({int(c.rank) for c in hand})
    for low in range(2, 12):
        run = set(range(low, low + 4))
        if run <= set(ranks) and low + 3 < 14:  # open-ended: room on both sides
            return _throw(hand, [c for c in hand if c.rank in run], most)
    best = sorted(hand, key=lambda c: -c.rank)
    return _throw(hand, best[:2] if best[0].rank < Rank.ACE or most < 4 else best[:1], most)


def rule_of_thumb(hand: tuple[Card, ...], most: int, ranking: Ranking | None = None) -> tuple[Card, ...]:
    """The quick rule of thumb's discards (no odds counted)."""
    if ranking is None or bot_hands.is_plain(ranking):
        return _plain_discards(hand, most)
    return bot_hands.discards(hand, most, ranking)


def keeping(view: DrawView, throw: tuple[Card, ...]) -> Decision:
    """The exchange of ``throw``, less any card the seat must keep, within its limit."""
    kept = list(view.must_keep)
    out = []
    for c in throw:
        if c in kept:
            kept.remove(c)
        else:
            out.append(c)
    return exchange(tuple(out[: view.max_exchange]))


def rule_of_thumb_exchange(view: DrawView) -> Decision:
    """The exchange by the quick rule of thumb."""
    return keeping(view, rule_of_thumb(view.hand, view.max_exchange, ranking_of(view.rules)))


_ODDS: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
_MOST_KEPT = 4096


def odds_of(view: DrawView, hand: tuple[Card, ...] | None = None, opponents: int = 1) -> Any:
    """The coach's exact odds of each sensible exchange of the seat's hand
    (:func:`drawpoker.games.draw.odds.draw_odds_for`), counting the cards
    it threw this deal as seen; each choice is worth its chance to beat
    ``opponents`` hands (the coach's measure). A shortcut in lowball, where
    counting the draws of four and five cards is the slow part: holding
    three different low cards (eight or lower) draws of more than three are
    left out, holding two draws of five (throwing that much good is never
    the better choice by any margin the count would show; an approximation,
    not a proof). Kept for the same hand, seen cards and rules."""
    from drawpoker.games.draw.odds import draw_odds_for

    hand = view.hand if hand is None else hand
    rules = view.rules
    ranking = ranking_of(rules)
    most = min(rules.draw.max_cards, view.max_exchange) if view.max_exchange else rules.draw.max_cards
    if ranking.lowball:
        lows = {bot_hands.low_value(c, ranking) for c in hand if bot_hands.low_value(c, ranking) <= 8}
        if len(lows) >= 3:
            most = min(most, 3)
        elif len(lows) == 2:
            most = min(most, 4)
    key = (id(ranking), tuple(sorted(hand)), tuple(sorted(view.thrown)), most, rules.draw.max_cards_with_ace, opponents)
    known = _ODDS.get(key)
    if known is not None:
        _ODDS.move_to_end(key)
        return known
    odds = draw_odds_for(hand, ranking, most, rules.draw.max_cards_with_ace, seen=view.thrown, opponents=opponents)
    _ODDS[key] = odds
    if len(_ODDS) > _MOST_KEPT:
        _ODDS.popitem(last=False)
    return odds


def coach_discards(view: DrawView) -> Decision:
    """The coach's advice: the exchange whose hand is worth most after the
    draw against the opponents still in (the rule of thumb's when the
    coach's cannot be made)."""
    try:
        best = odds_of(view, opponents=max(1, len(view.opponents()))).best
    except Exception:
        return rule_of_thumb_exchange(view)
    decision = keeping(view, best.discard)
    if len(decision.cards) != len(best.discard):
        return rule_of_thumb_exchange(view)
    return decision


def sized(view: DrawView, fraction: float, act: str | None = None) -> Decision:
    """A bet or raise of ``fraction`` of the pot (after calling), within the
    limits; the fixed amount in fixed limit."""
    act = act or ("raise" if view.option("raise") else "bet")
    option = view.option(act)
    assert option is not None
    if view.rules.betting.structure == "fixed_limit":
        return Decision(act)
    pot_after_call = view.pot_total + view.to_call
    to = view.level + int(round(fraction * pot_after_call))
    return Decision(act, to=max(option.min_to, min(option.max_to, to)))


def rotation(view: DrawView) -> Decision:
    """Dealer's choice as the table's habit: the games in turn, deal by deal
    (a passed-out deal's game again)."""
    games = view.games
    if view.carried and view.game:
        return Decision("choose", game=view.game)
    return Decision("choose", game=games[view.deal % len(games)])


def random_exchange(view: DrawView, rng: random.Random) -> Decision:
    """Any allowed exchange at random."""
    hand = [c for c in view.hand]
    for c in view.must_keep:
        if c in hand:
            hand.remove(c)
    k = rng.randint(0, min(view.max_exchange, len(hand)))
    return exchange(tuple(rng.sample(hand, k)))


CHOOSING = CHOOSE_GAME
