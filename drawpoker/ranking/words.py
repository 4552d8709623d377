"""A hand in the players' words, in each ranking.

High hands read as :func:`drawpoker.hands.describe_parts` says them, with
five of a kind ("five aces"); lowball hands without a pair are named by
their top two cards and then every card ("seven-five low, seven, five,
four, two, ace"), 5-4-3-2-A in ace-to-five is "the wheel"; an ace in
ace-to-five is low but keeps its name. Equal strengths always get the same
words, so the words name what decides a comparison.
"""

from __future__ import annotations

from drawpoker.cards import Rank
from drawpoker.hands import Category, describe_parts
from drawpoker.ranking.values import Parts

__all__ = ["describe", "rank_word"]


def rank_word(rank: int) -> str:
    """A rank's name; 1 is the ace played low."""
    return Rank(14 if rank == 1 else rank).word


def _plural(rank: int) -> str:
    return Rank(14 if rank == 1 else rank).plural


def describe(parts: Parts, wild_cards: int, order: str) -> str:
    """The hand's words: ``parts`` from the tables, ``wild_cards`` >= 0 when
    natural beats wild (the count then decides ties and is said)."""
    cat, ranks = parts
    if cat is Category.FIVE_OF_A_KIND:
        text = f"five {_plural(ranks[0])}"
    elif order != "high" and cat is Category.HIGH_CARD:
        if order == "ace_to_five" and ranks == (5, 4, 3, 2, 1):
            text = "the wheel"
        elif ranks[0] == 14:  # deuce-to-seven: the ace is only high
            text = "ace high, " + ", ".join(rank_word(r) for r in ranks[1:])
        else:
            text = f"{rank_word(ranks[0])}-{rank_word(ranks[1])} low, " + ", ".join(rank_word(r) for r in ranks)
    elif order == "ace_to_five":
        text = describe_parts(cat, tuple(Rank(14 if r == 1 else r) for r in ranks))
    else:
        text = describe_parts(cat, tuple(Rank(r) for r in ranks))
    if wild_cards == 0:
        text += ", natural"
    elif wild_cards > 0:
        text += f", with {wild_cards} wild card{'s' if wild_cards != 1 else ''}"
    return text
