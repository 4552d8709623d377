"""``drawpoker hand CARDS [--rules RULESET]``: say what a hand is, in words."""

from __future__ import annotations

from drawpoker.notes import N_
from drawpoker.terminal import emit

TYPE_CHECKING = False  # not typing's: importing typing costs a few ms at every start
if TYPE_CHECKING:  # annotations only
    import argparse
    from collections.abc import Sequence

    from drawpoker.cards import Card
    from drawpoker.ranking import Ranking
    from drawpoker.words.i18n import Translator


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``drawpoker hand``."""
    parser.add_argument(
        "cards",
        nargs="+",
        metavar="CARDS",
        help=N_(
            "the cards, e.g. 'As Kd 7c 7d 2s' or AsKd7c, a joker as Jk; three cards are a Three Card Poker "
            "hand, six or seven are read as the best five"
        ),
    )
    parser.add_argument(
        "--rules",
        metavar="RULESET",
        help=N_(
            "name the hand under a Mørkpoker ruleset's showdown (a shipped name or a file): its jokers, wild "
            "cards and ranking (high, ace-to-five or deuce-to-seven lowball)"
        ),
    )
    from drawpoker.words.i18n import add_lang_option

    add_lang_option(parser)


def run(args: argparse.Namespace) -> int:
    """Print the hand's category and its description."""
    from drawpoker.cards import format_cards, parse_cards
    from drawpoker.errors import CardError
    from drawpoker.notes import N_, Note

    text = " ".join(args.cards)
    if args.rules is not None:
        return _under_rules(text, args.rules, args.lang)
    cards = parse_cards(text, jokers=2)
    if any(c.is_joker for c in cards):
        raise CardError(Note(N_("a joker is only in some decks: name a ruleset with jokers, e.g. --rules RULESET")))
    from drawpoker.words.i18n import cli_translator

    tr = cli_translator(args.lang)
    if len(cards) not in (3, 5, 6, 7):
        raise CardError(Note(N_("give 3, 5, 6 or 7 cards, found {n}"), n=len(cards)))
    if tr.language != "en":
        return _in_words(cards, tr)
    if len(cards) == 3:
        return _three(cards, tr)
    if len(cards) == 5:
        from drawpoker.hands import evaluate

        emit(f"{format_cards(cards)}: {evaluate(cards).describe()}")
    else:
        from drawpoker.hands import best_five

        best = best_five(cards)
        emit(f"{format_cards(cards)}: best five {format_cards(best.cards)}, {best.describe()}")
    return 0


def _three(cards: Sequence[Card], tr: Translator) -> int:
    """Three cards, as Three Card Poker ranks them."""
    from drawpoker.cards import format_cards

    if tr.language == "en":  # the evaluator's own words, without loading the catalogue's
        from drawpoker.games.three_card.hands import evaluate3

        emit(f"{format_cards(cards)}: {evaluate3(cards).describe()} (Three Card Poker)")
    else:
        from drawpoker.words.hands import describe_hand3

        emit(
            tr._("{cards}: {hand} (Three Card Poker)").format(cards=format_cards(cards), hand=describe_hand3(cards, tr))
        )
    return 0


def _in_words(cards: Sequence[Card], tr: Translator, ranking: Ranking | None = None) -> int:
    """The hand in the client's words, in the language of ``tr`` (under ``ranking`` when given)."""
    from drawpoker.cards import format_cards
    from drawpoker.words.hands import describe_hand

    shown = format_cards(cards)
    if len(cards) == 3:
        return _three(cards, tr)
    if len(cards) == 5:
        emit(f"{shown}: {describe_hand(cards, tr, ranking)}")
        return 0
    if ranking is None:
        from drawpoker.hands import best_five

        five = tuple(best_five(cards).cards)
    else:
        from itertools import combinations

        five = max(combinations(cards, 5), key=ranking.strength)
    emit(
        tr._("{cards}: best five {five}, {hand}").format(
            cards=shown, five=format_cards(five), hand=describe_hand(five, tr, ranking)
        )
    )
    return 0


def _under_rules(text: str, ruleset: str, lang: str | None) -> int:
    """The hand under a ruleset: a draw game's deck and ranking, or Three Card Poker's three cards."""
    from drawpoker.cards import parse_cards
    from drawpoker.errors import CardError
    from drawpoker.notes import N_, Note
    from drawpoker.ranking import ranking_for_deck
    from drawpoker.rules import load_rules
    from drawpoker.rules.model import DrawRules
    from drawpoker.words.i18n import cli_translator

    rules = load_rules(ruleset)
    tr = cli_translator(lang)
    if not isinstance(rules, DrawRules):  # Three Card Poker: three cards of a deck without jokers
        cards = parse_cards(text)
        if len(cards) != 3:
            raise CardError(
                Note(
                    N_("{ruleset} is Three Card Poker, where a hand is three cards: give three, found {n}"),
                    ruleset=ruleset,
                    n=len(cards),
                )
            )
        return _three(cards, tr)
    jokers = rules.deck.jokers
    try:
        cards = parse_cards(text, jokers=jokers)
    except CardError as exc:
        if "joker" in str(exc):
            raise CardError(Note(N_("{problem} (the deck of {ruleset})"), problem=exc.note, ruleset=ruleset)) from None
        raise
    if len(cards) not in (5, 6, 7):
        raise CardError(Note(N_("give 5, 6 or 7 cards, found {n}"), n=len(cards)))
    return _in_words(cards, tr, ranking_for_deck(rules.deck, rules.showdown.ranking))
