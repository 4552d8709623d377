"""``drawpoker analyze``'s report in the language of a translator.

The report's figures are :class:`drawpoker.games.three_card.report.AnalysisReport`'s;
this module says them (its ``to_text`` is this module in English; the
``--json`` form stays English and exact).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from drawpoker.games.three_card.hands import Category3, category3_of, ranks3_of
from drawpoker.rules.explain import ruleset_description
from drawpoker.words.hands import describe_hand3
from drawpoker.words.i18n import N_, Translator
from drawpoker.words.rules_text import hand_name

__all__ = ["analysis_text"]

_OUTCOME_WORDS = {
    "fold": N_("the player folds"),
    "dealer_not_qualifying": N_("the dealer does not qualify"),
    "player_wins": N_("the player wins"),
    "tie": N_("a tie"),
    "dealer_wins": N_("the dealer wins"),
}


def _pct(x: Fraction, tr: Translator, places: int = 4) -> str:
    return tr.decimals(f"{float(x) * 100:.{places}f}%")


def _short(hand: Any, tr: Translator) -> str:
    """A hand for a strategy rule: ``Q-6-4`` for a high card, words otherwise."""
    if category3_of(hand.strength) is Category3.HIGH_CARD:
        return "-".join(rank.char for rank in ranks3_of(hand.strength))
    return describe_hand3(hand.example, tr)


def strategy_words(strategy: Any, tr: Translator) -> str:
    """The optimal strategy in one phrase, e.g. ``"play Q-6-4 or better, fold anything worse"``."""
    weakest, folded = strategy.weakest_played, strategy.strongest_folded
    if weakest is None:
        return tr._("fold every hand")
    if folded is None:
        return tr._("play every hand")
    if strategy.threshold is not None:
        return tr._("play {hand} or better, fold anything worse").format(hand=_short(weakest, tr))
    return tr._(
        "play the hands worth it (not a simple line): the weakest played is {weakest}, the strongest folded {folded}"
    ).format(weakest=_short(weakest, tr), folded=_short(folded, tr))


def _table(table: Mapping[str, int], tr: Translator) -> str:
    return ", ".join(f"{hand_name(key, tr)} {pays}" for key, pays in table.items() if pays) or tr._("nothing")


def _side_bets(report: Any, tr: Translator) -> list[tuple[str, str, Fraction | None]]:
    """(name, paytable in words, house edge or None when not offered)."""
    a, r = report.analysis, report.rules
    prime = r.prime
    if prime.dealer_colour == "same_as_player":
        prime_words = tr._("{pays}:1, {with_dealer}:1 with the dealer's three the same colour")
    else:
        prime_words = tr._("{pays}:1, {with_dealer}:1 with the dealer's three one colour too")
    return [
        ("Pair Plus", _table(r.pair_plus.paytable, tr), a.pair_plus_edge),
        ("Prime", prime_words.format(pays=prime.pays, with_dealer=prime.pays_with_dealer), a.prime_edge),
        ("Six Card Bonus", _table(r.six_card_bonus.paytable, tr), a.six_card_edge),
    ]


def _column(rows: list[tuple[str, str]], labels: list[str], indent: str = "  ") -> list[str]:
    """Labels and figures, the figures lined up one space after the longest of ``labels``."""
    wide = max(len(label) for label in labels) + 1
    return [f"{indent}{label:<{wide}}{figure}" for label, figure in rows]


def analysis_text(report: Any, tr: Translator) -> str:
    """The report of an analysed Three Card Poker ruleset, in plain words."""
    a = report.analysis
    s = a.strategy
    lines = [
        f"{report.shown}: {ruleset_description(report.rules, tr)}",
        tr._("Exact: every player hand against every dealer hand from the other 49 cards."),
        "",
        tr._("Strategy (found, not assumed): {rule}.").format(rule=strategy_words(s, tr)),
    ]
    if s.weakest_played and s.strongest_folded:
        lines.append(
            "  "
            + tr._("Weakest hand played: {weakest}; strongest folded: {folded}.").format(
                weakest=describe_hand3(s.weakest_played.example, tr),
                folded=describe_hand3(s.strongest_folded.example, tr),
            )
        )
    if s.ties:
        lines.append(
            "  "
            + tr.n(
                "{n} kind of hand is worth the same played or folded; it is played.",
                "{n} kinds of hand are worth the same played or folded; they are played.",
                len(s.ties),
            ).format(n=len(s.ties))
        )
    lines.append("  " + tr._("Hands played: {share}.").format(share=_pct(a.play_probability, tr)))
    outcomes = ", ".join(f"{tr._(_OUTCOME_WORDS[k])} {_pct(v, tr, 2)}" for k, v in a.outcomes.items())
    edges = [
        (tr._("per ante:"), _pct(a.ante_play_edge_per_ante, tr)),
        (tr._("per total wagered:"), _pct(a.ante_play_edge_per_wager, tr)),
    ]
    lines += [
        "",
        tr._("Ante and Play, house edge:"),
        *_column(edges, [label for label, _ in edges]),
        "  " + tr._("outcomes: {outcomes}").format(outcomes=outcomes),
    ]
    lines += ["", tr._("Side bets, house edge:")]
    for name, words, edge in _side_bets(report, tr):
        if edge is None:
            lines.append("  " + tr._("{name}: not offered").format(name=name))
        else:
            lines.append(f"  {name} ({words}): {_pct(edge, tr)}")
    lines += ["", tr._("The player's three cards:")]
    for c in reversed(Category3):
        lines.append(f"  {hand_name(c.name.lower(), tr):<16} {_pct(a.category_probabilities[c], tr):>9}")
    main, full = report.bank_per_round()
    labels = [tr._("ante 1 each:"), tr._("and 1 on every side bet offered:")]
    rows = [(labels[0], main)] + ([(labels[1], full)] if full != main else [])
    lines += [
        "",
        tr.n(
            "The bank per round against {n} player playing the strategy (positive: the bank wins):",
            "The bank per round against {n} players playing the strategy (positive: the bank wins):",
            report.players,
        ).format(n=report.players),
        *_column(
            [(label, tr._("{amount} chips").format(amount=tr.decimals(f"{float(x):+.4f}"))) for label, x in rows],
            labels,
        ),
    ]
    return "\n".join(lines)
