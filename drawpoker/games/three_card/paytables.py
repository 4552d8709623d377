"""From house rules to numbers: the qualifier, the paytables, and what one
box wins or loses.

:func:`paytable_spec` adapts :class:`~drawpoker.rules.model.ThreeCardRules`
to the :class:`~drawpoker.games.three_card.analysis.PaytableSpec` that the exact
analysis reads; the game settles with the same object, so the game and
``drawpoker analyze`` cannot disagree about a paytable.

>>> from drawpoker.rules import load_rules
>>> spec = paytable_spec(load_rules("three-card-poker-ro"))
>>> spec.pair_plus[Category3.FLUSH], spec.prime, spec.qualifier == QUEEN_HIGH
(3, None, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from drawpoker.cards import Card, Rank
from drawpoker.games.three_card.analysis import PaytableSpec
from drawpoker.games.three_card.hands import (
    QUEEN_HIGH,
    STRENGTH3_COUNT,
    Category3,
    category3_of,
    qualifier_strength,
    strength3,
)
from drawpoker.hands import best_five
from drawpoker.rules.model import ThreeCardRules

__all__ = [
    "paytable_spec",
    "main_game_spec",
    "qualifier_of",
    "box_result",
    "worst_case",
    "six_card_name",
    "one_colour",
]


def _weakest_pair() -> int:
    return next(s for s in range(1, STRENGTH3_COUNT + 1) if category3_of(s) is Category3.PAIR)


#: The weakest qualifying hand for each ``bets.dealer_qualifier`` setting.
QUALIFIER_STRENGTHS: dict[str, int] = {
    "any": 1,
    "jack_high": qualifier_strength(Rank.JACK),
    "queen_high": QUEEN_HIGH,
    "king_high": qualifier_strength(Rank.KING),
    "ace_high": qualifier_strength(Rank.ACE),
    "pair": _weakest_pair(),
}


def qualifier_of(setting: str) -> int:
    """The weakest strength that qualifies under a ``dealer_qualifier`` setting."""
    return QUALIFIER_STRENGTHS[setting]


def _by_category(table: dict[str, int]) -> dict[Category3, int]:
    return {Category3[name.upper()]: pays for name, pays in table.items()}


def paytable_spec(rules: ThreeCardRules) -> PaytableSpec:
    """The rules' qualifier, Play multiple and paytables (None: a side bet not offered)."""
    prime, six = rules.prime, rules.six_card_bonus
    return PaytableSpec(
        qualifier=qualifier_of(rules.bets.dealer_qualifier),
        play_multiple=rules.bets.play_multiple,
        ante_bonus=_by_category(rules.bets.ante_bonus),
        pair_plus=_by_category(rules.pair_plus.paytable) if rules.pair_plus.enabled else None,
        prime=(prime.pays, prime.pays_with_dealer, prime.dealer_colour == "same_as_player") if prime.enabled else None,
        six_card=dict(six.paytable) if six.enabled else None,
    )


def main_game_spec(spec: PaytableSpec) -> PaytableSpec:
    """Only what decides play or fold: the qualifier, the multiple, the ante bonus."""
    return PaytableSpec(qualifier=spec.qualifier, play_multiple=spec.play_multiple, ante_bonus=spec.ante_bonus)


def one_colour(cards: Sequence[Card]) -> bool | None:
    """True if all red, False if all black, None if mixed."""
    reds = sum(card.is_red for card in cards)
    return True if reds == len(cards) else False if reds == 0 else None


def six_card_name(cards: Sequence[Card]) -> str:
    """The best five of six cards as a Six Card Bonus paytable name
    (``royal_flush`` apart from ``straight_flush``; ``one_pair`` etc. pay nothing)."""
    hand = best_five(cards)
    return "royal_flush" if hand.is_royal_flush else hand.category.name.lower()


def _paid(bet: int, pays: int) -> int:
    """A paytable line "pays to 1": a positive pay wins, absent or 0 loses."""
    return bet * pays if pays > 0 else -bet


def box_result(
    spec: PaytableSpec,
    pair_plus_after_fold: str,
    bets: tuple[int, int, int, int, int],
    folded: bool,
    cards: Sequence[Card],
    dealer: Sequence[Card],
) -> tuple[int, int, int, int, int, int]:
    """What each bet of one box nets: (ante, play, ante_bonus, pair_plus, prime, six_card).

    ``bets`` is (ante, play, pair_plus, prime, six_card) in chips. Ante and
    Play follow the settlement table (a fold loses the ante); the ante bonus
    is paid to a box that plays whatever the dealer holds; Pair Plus is on
    the player's own cards, and after a fold paid or forfeited as the rules
    say; Prime and the Six Card Bonus are settled on the cards whether the
    box plays or folds.
    """
    ante, play, pair_plus, prime, six_card = bets
    own = strength3(cards)
    category = category3_of(own)
    r_ante = r_play = r_bonus = r_pair = r_prime = r_six = 0
    if ante:
        if folded:
            r_ante = -ante
        else:
            theirs = strength3(dealer)
            if theirs < spec.qualifier:
                r_ante = ante
            elif own > theirs:
                r_ante, r_play = ante, play
            elif own < theirs:
                r_ante, r_play = -ante, -play
            r_bonus = ante * spec.ante_bonus.get(category, 0)
    if pair_plus:
        assert spec.pair_plus is not None
        if folded and pair_plus_after_fold == "forfeited":
            r_pair = -pair_plus
        else:
            r_pair = _paid(pair_plus, spec.pair_plus.get(category, 0))
    if prime:
        assert spec.prime is not None
        pays, pays_with_dealer, must_match = spec.prime
        colour = one_colour(cards)
        if colour is None:
            r_prime = -prime
        else:
            theirs_colour = one_colour(dealer)
            matched = theirs_colour is not None and (theirs_colour == colour or not must_match)
            r_prime = _paid(prime, pays_with_dealer if matched else pays)
    if six_card:
        assert spec.six_card is not None
        name = six_card_name(tuple(cards) + tuple(dealer))
        if name == "royal_flush" and "royal_flush" not in spec.six_card:
            name = "straight_flush"  # a royal flush is a straight flush when the table has no royal line
        r_six = _paid(six_card, spec.six_card.get(name, 0))
    return r_ante, r_play, r_bonus, r_pair, r_prime, r_six


def worst_case(spec: PaytableSpec, ante: int, pair_plus: int, prime: int, six_card: int) -> int:
    """The most the bank could have to pay one box beyond returning its stakes.

    The sum of each bet's highest pay: ante and Play won, the highest ante
    bonus, the top line of each side bet. (No hand reaches all of them at
    once with every paytable, so this bounds the real worst case from above.)
    """
    most = ante * (1 + spec.play_multiple + max(spec.ante_bonus.values(), default=0))
    if pair_plus and spec.pair_plus is not None:
        most += pair_plus * max(spec.pair_plus.values(), default=0)
    if prime and spec.prime is not None:
        most += prime * max(spec.prime[0], spec.prime[1])
    if six_card and spec.six_card is not None:
        most += six_card * max(spec.six_card.values(), default=0)
    return most
