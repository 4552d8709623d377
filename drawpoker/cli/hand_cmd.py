"""``drawpoker hand CARDS``: say what a hand is, in words."""

from __future__ import annotations

import argparse

from drawpoker.terminal import emit


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``drawpoker hand``."""
    parser.add_argument(
        "cards",
        nargs="+",
        help="the cards, e.g. 'As Kd 7c 7d 2s' or AsKd7c; three cards are a Three Card Poker "
        "hand, six or seven are read as the best five",
    )


def run(args: argparse.Namespace) -> int:
    """Print the hand's category and its description."""
    from drawpoker.cards import format_cards, parse_cards
    from drawpoker.errors import CardError
    from drawpoker.games.three_card.hands import evaluate3
    from drawpoker.hands import best_five, evaluate

    cards = parse_cards(" ".join(args.cards))
    if len(cards) == 3:
        hand3 = evaluate3(cards)
        emit(f"{format_cards(cards)}: {hand3.describe()} (Three Card Poker)")
    elif len(cards) == 5:
        emit(f"{format_cards(cards)}: {evaluate(cards).describe()}")
    elif len(cards) in (6, 7):
        best = best_five(cards)
        emit(f"{format_cards(cards)}: best five {format_cards(best.cards)}, {best.describe()}")
    else:
        raise CardError(f"give 3, 5, 6 or 7 cards, found {len(cards)}")
    return 0
