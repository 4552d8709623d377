"""Openers (jackpots): who may open the first round, and the proof.

With ``betting.opening: jacks_or_better`` nobody may make the first bet of
round 1 without a pair of jacks or better in the hand as dealt. With
``progressive`` the requirement rises after each deal nobody opened --
jacks, queens, kings, aces, and stays at aces -- and goes back to jacks
once a deal is opened. The requirement of the deal being played is part
of the state (``DrawState.to_open``), recorded in ``DealStarted`` and
carried to the next deal by ``DealEnded``.

The opener proves the openers at the end of the deal, also when everyone
else folded: :func:`proof` is the cards that show it (a pair shows the
pair, a straight all five). A card of the proof thrown in an exchange
(splitting openers) is kept apart from the discards and shown with it.

Pure: reads only the state, the rules and the cards.

>>> from drawpoker.cards import parse_cards
>>> [str(c) for c in proof(parse_cards("Jh Js 9c 4d 2s"), JACKS)]
['Jh', 'Js']
>>> holding(parse_cards("9h 9s Kc 4d 2s"))
'a pair of nines'
>>> requirement_words(QUEENS)
'queens or better'
"""

from __future__ import annotations

from collections.abc import Sequence

from drawpoker.cards import Card, Rank
from drawpoker.games.draw.state import DrawState
from drawpoker.hands import Category, hand_parts, strength
from drawpoker.ranking import Ranking, ranking_for_deck
from drawpoker.rules.model import DrawRules

__all__ = [
    "ANY",
    "JACKS",
    "QUEENS",
    "KINGS",
    "ACES",
    "requirement",
    "recorded_requirement",
    "next_requirement",
    "qualifies",
    "proof",
    "holding",
    "requirement_words",
    "opening_refusal",
    "thrown_openers",
    "split_refusal",
    "openers_held",
    "ranking_of",
]

#: the requirement as the rank a pair must reach; ANY: no openers needed
ANY = 0
JACKS, QUEENS, KINGS, ACES = int(Rank.JACK), int(Rank.QUEEN), int(Rank.KING), int(Rank.ACE)


def requirement(state_to_open: int, rules: DrawRules) -> int:
    """The rank a pair must reach to open the deal being played: ANY without
    openers, jacks for ``jacks_or_better``, the recorded step of the ladder
    for ``progressive`` (jacks when nothing is recorded yet)."""
    opening = rules.betting.opening
    if opening == "any":
        return ANY
    if opening == "progressive":
        return state_to_open or JACKS
    return JACKS


def recorded_requirement(need: int, rules: DrawRules) -> int:
    """What the history records as the requirement: the ladder's step under
    ``progressive``; 0 under the other rules, which fix it (histories written
    before the ladder existed record nothing, and read as 0)."""
    return need if rules.betting.opening == "progressive" else ANY


def next_requirement(need: int, passed_out: bool, rules: DrawRules) -> int:
    """The requirement of the next deal: a step up the ladder after a deal
    nobody opened (aces stay aces), back to jacks after any other."""
    if rules.betting.opening != "progressive":
        return ANY
    if passed_out:
        return min(max(need, JACKS) + 1, ACES)
    return JACKS


def _parts(cards: Sequence[Card], ranking: Ranking | None) -> tuple[Category, tuple[int, ...]]:
    """The category and deciding ranks of five cards, under ``ranking`` (the
    plain high ranking when None)."""
    if ranking is None:
        cat, plain = hand_parts(strength(tuple(cards)))
        return cat, tuple(int(r) for r in plain)
    cat, ranks, _ = ranking.parts(ranking.strength(tuple(cards)))
    return cat, ranks


def qualifies(cards: Sequence[Card], need: int, ranking: Ranking | None = None) -> bool:
    """Does the hand open: a pair of ``need`` or better (two pair and up
    always)? With wild cards the hand counts as the ranking makes it (a
    jack and a joker are a pair of jacks; the bug pairs only with aces)."""
    if need == ANY:
        return True
    cat, ranks = _parts(cards, ranking)
    return cat > Category.ONE_PAIR or (cat == Category.ONE_PAIR and ranks[0] >= need)


def proof(cards: Sequence[Card], need: int, ranking: Ranking | None = None) -> tuple[Card, ...]:
    """The cards that prove openers, in the order held: the highest pair that
    reaches ``need``; both pairs of a two pair below it; trips, the four of a
    kind; all five for a straight, flush, full house or better. Wild cards
    that help make the hand are part of it. Empty if the hand does not open."""
    hand = tuple(cards)
    if need == ANY or not qualifies(hand, need, ranking):
        return ()
    cat, ranks = _parts(hand, ranking)
    if cat in (Category.STRAIGHT, Category.FLUSH, Category.FULL_HOUSE) or cat >= Category.STRAIGHT_FLUSH:
        return hand
    if cat in (Category.ONE_PAIR, Category.TWO_PAIR) and ranks[0] >= need:
        keep = {ranks[0]}
    else:
        keep = set(ranks[:2]) if cat == Category.TWO_PAIR else {ranks[0]}
    wild = ranking.is_wild if ranking is not None else (lambda c: False)
    return tuple(c for c in hand if wild(c) or (not c.is_joker and c.rank in keep))


def holding(cards: Sequence[Card], ranking: Ranking | None = None) -> str:
    """What a hand without openers holds, in a few words: 'a pair of nines',
    'ace-high'."""
    cat, ranks = _parts(cards, ranking)
    if cat == Category.ONE_PAIR:
        return f"a pair of {Rank(ranks[0]).plural}"
    if cat == Category.HIGH_CARD:
        return f"{Rank(ranks[0]).word}-high"
    return "two pair or better"


def requirement_words(need: int) -> str:
    """'jacks or better' (ANY: 'any hand')."""
    return "any hand" if need == ANY else f"{Rank(need).plural} or better"


def opening_refusal(name: str, dealt: Sequence[Card], need: int, ranking: Ranking | None = None) -> str | None:
    """Why a player may not open with the hand as dealt, in the game's words
    (what follows "Anna cannot open: "), or None if it opens.

    >>> from drawpoker.cards import parse_cards
    >>> opening_refusal("Anna", parse_cards("9h 9s Kc 4d 2s"), JACKS)
    'jacks or better are needed, Anna has a pair of nines'
    """
    if qualifies(dealt, need, ranking):
        return None
    return f"{requirement_words(need)} are needed, {name} has {holding(dealt, ranking)}"


def thrown_openers(proof_cards: Sequence[Card], apart: Sequence[Card], discards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of the openers among ``discards`` not yet kept apart: what a
    split opener puts aside."""
    return tuple(c for c in discards if c in proof_cards and c not in apart)


def split_refusal(name: str, thrown: Sequence[Card]) -> str | None:
    """Why an opener may not throw these opening cards (``split_openers:
    not_allowed``), or None if nothing of the openers is thrown."""
    if not thrown:
        return None
    cards = " ".join(str(c) for c in thrown)
    return f"{name} cannot throw {cards}: the house does not allow splitting openers"


def openers_held(s: DrawState, rules: DrawRules, seat: int) -> tuple[Card, ...]:
    """The opening cards ``seat`` still holds if it opened (what a player who
    keeps the openers does not throw); empty for anyone else."""
    if seat != s.opener or not s.proven or rules.betting.opening == "any":
        return ()
    return tuple(
        c for c in proof(s.dealt[seat], requirement(s.to_open, rules), ranking_of(rules)) if c in s.hands[seat]
    )


def ranking_of(rules: DrawRules) -> Ranking | None:
    """The ranking openers are judged by: None (the plain evaluator) without
    wild cards, else the rules' high ranking with its jokers and wild ranks."""
    d = rules.deck
    if not d.jokers and not d.wild_ranks:
        return None
    return ranking_for_deck(rules.deck, rules.showdown.ranking)
