"""``drawpoker hand CARDS [--rules RULESET]``: say what a hand is, in words."""

from __future__ import annotations

from drawpoker.terminal import emit

TYPE_CHECKING = False  # not typing's: importing typing costs a few ms at every start
if TYPE_CHECKING:  # annotations only
    import argparse
    from collections.abc import Sequence

    from drawpoker.cards import Card
    from drawpoker.words.i18n import Translator


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``drawpoker hand``."""
    parser.add_argument(
        "cards",
        nargs="+",
        help="the cards, e.g. 'As Kd 7c 7d 2s' or AsKd7c, a joker as Jk; three cards are a Three Card Poker "
        "hand, six or seven are read as the best five",
    )
    parser.add_argument(
        "--rules",
        metavar="RULESET",
        help="name the hand under a Mørkpoker ruleset's showdown (a shipped name or a file): its jokers, wild "
        "cards and ranking (high, ace-to-five or deuce-to-seven lowball)",
    )
    from drawpoker.words.i18n import add_lang_option

    add_lang_option(parser)


def run(args: argparse.Namespace) -> int:
    """Print the hand's category and its description."""
    from drawpoker.cards import format_cards, parse_cards
    from drawpoker.errors import CardError

    text = " ".join(args.cards)
    if args.rules is not None:
        return _under_rules(text, args.rules)
    cards = parse_cards(text, jokers=2)
    if any(c.is_joker for c in cards):
        raise CardError("a joker is only in some decks: name a ruleset with jokers, e.g. --rules RULESET")
    from drawpoker.words.i18n import cli_translator

    tr = cli_translator(args.lang)
    if tr.language != "en" and len(cards) in (3, 5, 6, 7):
        return _in_words(cards, tr)
    if len(cards) == 3:
        from drawpoker.games.three_card.hands import evaluate3

        emit(f"{format_cards(cards)}: {evaluate3(cards).describe()} (Three Card Poker)")
    elif len(cards) == 5:
        from drawpoker.hands import evaluate

        emit(f"{format_cards(cards)}: {evaluate(cards).describe()}")
    elif len(cards) in (6, 7):
        from drawpoker.hands import best_five

        best = best_five(cards)
        emit(f"{format_cards(cards)}: best five {format_cards(best.cards)}, {best.describe()}")
    else:
        raise CardError(f"give 3, 5, 6 or 7 cards, found {len(cards)}")
    return 0


def _in_words(cards: Sequence[Card], tr: Translator) -> int:
    """The hand in the client's words, in the language of ``tr``."""
    from drawpoker.cards import format_cards
    from drawpoker.hands import best_five
    from drawpoker.words.hands import describe_hand, describe_hand3

    shown = format_cards(cards)
    if len(cards) == 3:
        emit(tr._("{cards}: {hand} (Three Card Poker)").format(cards=shown, hand=describe_hand3(cards, tr)))
    elif len(cards) == 5:
        emit(f"{shown}: {describe_hand(cards, tr)}")
    else:
        five = best_five(cards).cards
        emit(
            tr._("{cards}: best five {five}, {hand}").format(
                cards=shown, five=format_cards(five), hand=describe_hand(five, tr)
            )
        )
    return 0


def _under_rules(text: str, ruleset: str) -> int:
    from itertools import combinations

    from drawpoker.cards import format_cards, parse_cards
    from drawpoker.errors import CardError, RulesError
    from drawpoker.ranking import ranking_for_deck
    from drawpoker.rules import load_rules
    from drawpoker.rules.model import DrawRules

    rules = load_rules(ruleset)
    if not isinstance(rules, DrawRules):
        raise RulesError(f"{ruleset} is a Three Card Poker ruleset: give three cards without --rules")
    ranking = ranking_for_deck(rules.deck, rules.showdown.ranking)
    jokers = rules.deck.jokers
    try:
        cards = parse_cards(text, jokers=jokers)
    except CardError as exc:
        if "joker" in str(exc):
            raise CardError(f"{exc} (the deck of {ruleset})") from None
        raise
    if len(cards) == 5:
        emit(f"{format_cards(cards)}: {ranking.describe(cards)}")
    elif len(cards) in (6, 7):
        best = max(combinations(cards, 5), key=ranking.strength)
        emit(f"{format_cards(cards)}: best five {format_cards(best)}, {ranking.describe(best)}")
    else:
        raise CardError(f"give 5, 6 or 7 cards, found {len(cards)}")
    return 0
