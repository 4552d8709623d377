"""The game's words in the player's language: hands, ranks, actions, pots.

Hands are described from :func:`drawpoker.hands.hand_parts` (five cards)
and :mod:`drawpoker.games.three_card.hands` (three cards), so the same strength
always reads the same in either language.

>>> from drawpoker.cards import parse_cards
>>> from drawpoker.words.i18n import translator
>>> describe_hand(parse_cards("Kh Kd 7s 7c As"), translator("en"))
'two pair, kings and sevens, ace kicker'
>>> describe_hand(parse_cards("Kh Kd 7s 7c As"), translator("nb"))
'to par, konger og sjuere, ess som sidekort'
>>> describe_hand3(parse_cards("Qh 6d 4c"), translator("nb"))
'høyeste kort dame, seks, fire'
"""

from __future__ import annotations

from collections.abc import Sequence

from drawpoker.cards import Card, Rank
from drawpoker.games.three_card.hands import Category3, category3_of, ranks3_of, strength3
from drawpoker.hands import Category, hand_parts, strength
from drawpoker.ranking import Ranking
from drawpoker.words.i18n import NP_, Translator

TYPE_CHECKING = False
if TYPE_CHECKING:
    from drawpoker.rules.kinds import Words

__all__ = [
    "rank_word",
    "rank_plural",
    "describe_hand",
    "describe_hand3",
    "action_word",
    "pot_label",
    "join_names",
    "ACTION_WORDS",
]

_RANK_WORDS = (
    NP_("rank", "two"),
    NP_("rank", "three"),
    NP_("rank", "four"),
    NP_("rank", "five"),
    NP_("rank", "six"),
    NP_("rank", "seven"),
    NP_("rank", "eight"),
    NP_("rank", "nine"),
    NP_("rank", "ten"),
    NP_("rank", "jack"),
    NP_("rank", "queen"),
    NP_("rank", "king"),
    NP_("rank", "ace"),
)
_RANK_PLURALS = (
    NP_("ranks", "twos"),
    NP_("ranks", "threes"),
    NP_("ranks", "fours"),
    NP_("ranks", "fives"),
    NP_("ranks", "sixes"),
    NP_("ranks", "sevens"),
    NP_("ranks", "eights"),
    NP_("ranks", "nines"),
    NP_("ranks", "tens"),
    NP_("ranks", "jacks"),
    NP_("ranks", "queens"),
    NP_("ranks", "kings"),
    NP_("ranks", "aces"),
)


def rank_word(rank: Rank, tr: Translator) -> str:
    """A rank's name: ``king``, ``konge``."""
    return tr.p("rank", _RANK_WORDS[rank - 2])


def rank_plural(rank: Rank, tr: Translator) -> str:
    """A rank's name in the plural: ``kings``, ``konger``."""
    return tr.p("ranks", _RANK_PLURALS[rank - 2])


def _list(ranks: Sequence[Rank], tr: Translator) -> str:
    return ", ".join(rank_word(r, tr) for r in ranks)


def describe_hand(cards: Sequence[Card], tr: Translator, ranking: Ranking | None = None) -> str:
    """Five cards in words, naming what decides a comparison; under
    ``ranking`` (lowball, jokers, wild cards) when given."""
    if ranking is not None and (ranking.lowball or ranking.jokers or ranking.rules.wild_ranks):
        return _describe_ranked(tuple(cards), tr, ranking)
    cat, r = hand_parts(strength(tuple(cards)))
    return _describe_parts(cat, r, tr)


def _describe_ranked(cards: tuple[Card, ...], tr: Translator, ranking: Ranking) -> str:
    """A hand in words under a ranking other than plain high poker (as
    :func:`drawpoker.ranking.words.describe` says it in English)."""
    cat, ranks, wild = ranking.parts(ranking.strength(cards))
    r = tuple(Rank(14 if x == 1 else x) for x in ranks)  # an ace played low keeps its name
    if cat is Category.FIVE_OF_A_KIND:
        text = tr._("five {ranks}").format(ranks=rank_plural(r[0], tr))
    elif ranking.lowball:
        text = _describe_low(cat, ranks, r, tr, ranking.order)
    else:
        text = _describe_parts(cat, r, tr)
    if wild == 0:
        text += tr._(", natural")
    elif wild > 0:
        text += tr.n(", with {n} wild card", ", with {n} wild cards", wild).format(n=wild)
    return text


def _describe_low(cat: Category, ranks: tuple[int, ...], r: tuple[Rank, ...], tr: Translator, order: str) -> str:
    """Lowball's words: "seven-six low, four, three, two", "a pair of sevens, ..."."""
    if cat is Category.HIGH_CARD:
        if order == "ace_to_five" and ranks == (5, 4, 3, 2, 1):
            return tr._("the wheel")
        if ranks[0] == 14:  # deuce-to-seven: the ace is only high
            return tr._("ace high, {ranks}").format(ranks=_list(r[1:], tr))
        return tr._("{first}-{second} low, {ranks}").format(
            first=rank_word(r[0], tr), second=rank_word(r[1], tr), ranks=_list(r[2:], tr)
        )
    if cat is Category.ONE_PAIR:
        return tr._("a pair of {ranks}, {others}").format(ranks=rank_plural(r[0], tr), others=_list(r[1:], tr))
    if cat is Category.TWO_PAIR:
        return tr._("two pair, {high} and {low}, {other}").format(
            high=rank_plural(r[0], tr), low=rank_plural(r[1], tr), other=rank_word(r[2], tr)
        )
    if cat is Category.THREE_OF_A_KIND:
        return tr._("three {ranks}, {others}").format(ranks=rank_plural(r[0], tr), others=_list(r[1:], tr))
    if cat is Category.FOUR_OF_A_KIND:
        return tr._("four {ranks}, {other}").format(ranks=rank_plural(r[0], tr), other=rank_word(r[1], tr))
    return _describe_parts(cat, r, tr)  # deuce-to-seven's straights and flushes, which count against the hand


def _describe_parts(cat: Category, r: tuple[Rank, ...], tr: Translator) -> str:
    w = [rank_word(x, tr) for x in r]
    p = [rank_plural(x, tr) for x in r]
    if cat is Category.STRAIGHT_FLUSH:
        if r[0] is Rank.ACE:
            return tr._("royal flush")
        return tr._("straight flush, {rank} high").format(rank=w[0])
    if cat is Category.FOUR_OF_A_KIND:
        return tr._("four of a kind, {ranks}, {kicker} kicker").format(ranks=p[0], kicker=w[1])
    if cat is Category.FULL_HOUSE:
        return tr._("full house, {trips} full of {pair}").format(trips=p[0], pair=p[1])
    if cat is Category.FLUSH:
        return tr._("flush, {ranks}").format(ranks=_list(r, tr))
    if cat is Category.STRAIGHT:
        return tr._("straight, {rank} high").format(rank=w[0])
    if cat is Category.THREE_OF_A_KIND:
        return tr._("three of a kind, {ranks}, {first} and {second} kickers").format(
            ranks=p[0], first=w[1], second=w[2]
        )
    if cat is Category.TWO_PAIR:
        return tr._("two pair, {high} and {low}, {kicker} kicker").format(high=p[0], low=p[1], kicker=w[2])
    if cat is Category.ONE_PAIR:
        return tr._("one pair, {ranks}, {kickers} kickers").format(ranks=p[0], kickers=_list(r[1:], tr))
    return tr._("high card, {ranks}").format(ranks=_list(r, tr))


def describe_hand3(cards: Sequence[Card], tr: Translator) -> str:
    """Three cards in words (Three Card Poker's ranking)."""
    s = strength3(tuple(cards))
    cat = category3_of(s)
    r = ranks3_of(s)
    w = [rank_word(x, tr) for x in r]
    if cat is Category3.STRAIGHT_FLUSH:
        return tr._("straight flush, {rank} high").format(rank=w[0])
    if cat is Category3.THREE_OF_A_KIND:
        return tr._("three of a kind, {ranks}").format(ranks=rank_plural(r[0], tr))
    if cat is Category3.STRAIGHT:
        return tr._("straight, {rank} high").format(rank=w[0])
    if cat is Category3.FLUSH:
        return tr._("flush, {ranks}").format(ranks=_list(r, tr))
    if cat is Category3.PAIR:
        return tr._("pair of {ranks}, {kicker} kicker").format(ranks=rank_plural(r[0], tr), kicker=w[1])
    return tr._("{rank} high, {second}, {third}").format(rank=w[0], second=w[1], third=w[2])


#: action -> its name in a menu
ACTION_WORDS: dict[str, str] = {
    "check": NP_("action", "check"),
    "bet": NP_("action", "bet"),
    "call": NP_("action", "call"),
    "raise": NP_("action", "raise"),
    "fold": NP_("action", "fold"),
    "exchange": NP_("action", "exchange"),
    "show": NP_("action", "show"),
    "muck": NP_("action", "muck"),
    "play": NP_("action", "play"),
    "sit_out": NP_("action", "sit out"),
}


def action_word(action: str, tr: Translator) -> str:
    """The name of an action in the menu: ``call``, ``syne``."""
    return tr.p("action", ACTION_WORDS[action])


def pot_label(index: int, tr: Translator) -> str:
    """``main pot`` for pot 0, ``side pot 1`` and so on."""
    if index == 0:
        return tr._("main pot")
    return tr._("side pot {n}").format(n=index)


def join_names(names: Sequence[str], tr: Words) -> str:
    """``Ada``, ``Ada and Bo``, ``Ada, Bo and Cy`` in the language.

    >>> from drawpoker.words.i18n import translator
    >>> join_names(["Ada", "Bo", "Cy"], translator("nb"))
    'Ada, Bo og Cy'
    """
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return tr._("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])
