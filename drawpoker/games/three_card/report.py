"""What ``drawpoker analyze`` says about a Three Card Poker ruleset.

The figures come from :func:`drawpoker.games.three_card.analysis.analyze` on the
ruleset's :func:`~drawpoker.games.three_card.paytables.paytable_spec`: exact
fractions, shown as percentages (and as fractions in JSON).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import attrs

from drawpoker.games.three_card.analysis import Analysis, Strategy, analyze
from drawpoker.games.three_card.hands import Category3, category3_of, ranks3_of
from drawpoker.games.three_card.paytables import paytable_spec
from drawpoker.rules.explain import ruleset_description
from drawpoker.rules.model import ThreeCardRules

__all__ = ["AnalysisReport", "analysis_report", "strategy_rule"]

_OUTCOME_WORDS = {
    "fold": "the player folds",
    "dealer_not_qualifying": "the dealer does not qualify",
    "player_wins": "the player wins",
    "tie": "a tie",
    "dealer_wins": "the dealer wins",
}


def _pct(x: Fraction, places: int = 4) -> str:
    return f"{float(x) * 100:.{places}f}%"


def _number(x: Fraction) -> dict[str, Any]:
    """A probability or edge for JSON: exact and as a percentage."""
    return {"exact": str(x), "percent": round(float(x) * 100, 6)}


def _chips(x: Fraction) -> dict[str, Any]:
    return {"exact": str(x), "chips": round(float(x), 6)}


def _short(strength: int) -> str:
    """A hand for a strategy rule: ``Q-6-4`` for a high card, words otherwise."""
    from drawpoker.games.three_card.hands import describe_strength3

    if category3_of(strength) is Category3.HIGH_CARD:
        return "-".join(r.char for r in ranks3_of(strength))
    return describe_strength3(strength)


def strategy_rule(strategy: Strategy) -> str:
    """The optimal strategy in one phrase, e.g. ``"play Q-6-4 or better, fold anything worse"``."""
    weakest, folded = strategy.weakest_played, strategy.strongest_folded
    if weakest is None:
        return "fold every hand"
    if folded is None:
        return "play every hand"
    if strategy.threshold is not None:
        return f"play {_short(weakest.strength)} or better, fold anything worse"
    return (
        f"play the hands worth it (not a simple line): the weakest played is {_short(weakest.strength)}, "
        f"the strongest folded {_short(folded.strength)}"
    )


def _table_words(table: Mapping[Any, int]) -> str:
    items = [(getattr(k, "words", None) or str(k).replace("_", " "), v) for k, v in table.items() if v]
    return ", ".join(f"{name} {pays}" for name, pays in items) or "nothing"


@attrs.frozen
class AnalysisReport:
    """The exact figures of one ruleset, for text or JSON."""

    rules: ThreeCardRules
    shown: str  # the ruleset as the user named it
    analysis: Analysis
    players: int

    def side_bets(self) -> list[tuple[str, str, str, Fraction | None]]:
        """(key, name, paytable in words, house edge or None when not offered)."""
        a, r = self.analysis, self.rules
        prime = r.prime
        prime_words = f"{prime.pays}:1, {prime.pays_with_dealer}:1 with the dealer's three " + (
            "the same colour" if prime.dealer_colour == "same_as_player" else "one colour too"
        )
        return [
            ("pair_plus", "Pair Plus", _table_words(r.pair_plus.paytable), a.pair_plus_edge),
            ("prime", "Prime", prime_words, a.prime_edge),
            ("six_card", "Six Card Bonus", _table_words(r.six_card_bonus.paytable), a.six_card_edge),
        ]

    def bank_per_round(self) -> tuple[Fraction, Fraction]:
        """The bank's expected result per round: (ante 1 each, ante 1 and 1 on every side bet offered)."""
        a = self.analysis
        main = a.bank_result_per_round(self.players)
        sides = {key: 1 for key, _, _, edge in self.side_bets() if edge is not None}
        full = a.bank_result_per_round(
            self.players,
            pair_plus_bet=sides.get("pair_plus", 0),
            prime_bet=sides.get("prime", 0),
            six_card_bet=sides.get("six_card", 0),
        )
        return main, full

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` form: every figure exact (a fraction) and as a percentage or in chips."""
        a = self.analysis
        s = a.strategy
        main, full = self.bank_per_round()
        return {
            "rules": self.shown,
            "description": self.rules.description,
            "strategy": {
                "rule": strategy_rule(s),
                "weakest_played": s.weakest_played.describe() if s.weakest_played else None,
                "strongest_folded": s.strongest_folded.describe() if s.strongest_folded else None,
                "threshold": s.threshold is not None,
                "play_probability": _number(a.play_probability),
            },
            "ante_play": {
                "edge_per_ante": _number(a.ante_play_edge_per_ante),
                "edge_per_wager": _number(a.ante_play_edge_per_wager),
                "outcomes": {k: _number(v) for k, v in a.outcomes.items()},
            },
            **{
                key: None if edge is None else {"paytable": words, "edge": _number(edge)}
                for key, _, words, edge in self.side_bets()
            },
            "categories": {c.name.lower(): _number(a.category_probabilities[c]) for c in reversed(Category3)},
            "bank_per_round": {
                "players": self.players,
                "ante_only": _chips(main),
                "with_side_bets": _chips(full),
            },
        }

    def to_text(self) -> str:
        """The report in plain words."""
        a = self.analysis
        s = a.strategy
        lines = [
            f"{self.shown}: {ruleset_description(self.rules)}",
            "Exact: every player hand against every dealer hand from the other 49 cards.",
            "",
            f"Strategy (found, not assumed): {strategy_rule(s)}.",
        ]
        if s.weakest_played and s.strongest_folded:
            lines.append(
                f"  Weakest hand played: {s.weakest_played.describe()}; "
                f"strongest folded: {s.strongest_folded.describe()}."
            )
        if s.ties:
            lines.append(f"  {len(s.ties)} kinds of hand are worth the same played or folded; they are played.")
        lines.append(f"  Hands played: {_pct(a.play_probability)}.")
        lines += [
            "",
            "Ante and Play, house edge:",
            f"  per ante:          {_pct(a.ante_play_edge_per_ante)}",
            f"  per total wagered: {_pct(a.ante_play_edge_per_wager)}",
            "  outcomes: " + ", ".join(f"{_OUTCOME_WORDS[k]} {_pct(v, 2)}" for k, v in a.outcomes.items()),
        ]
        lines += ["", "Side bets, house edge:"]
        for _, name, words, edge in self.side_bets():
            lines.append(f"  {name}: not offered" if edge is None else f"  {name} ({words}): {_pct(edge)}")
        lines += ["", "The player's three cards:"]
        for c in reversed(Category3):
            lines.append(f"  {c.words:<16} {_pct(a.category_probabilities[c]):>9}")
        main, full = self.bank_per_round()
        who = f"{self.players} player{'s' if self.players != 1 else ''}"
        lines += [
            "",
            f"The bank per round against {who} playing the strategy (positive: the bank wins):",
            f"  ante 1 each:                     {float(main):+.4f} chips",
        ]
        if full != main:
            lines.append(f"  and 1 on every side bet offered: {float(full):+.4f} chips")
        return "\n".join(lines)


def analysis_report(
    rules: ThreeCardRules,
    shown: str,
    players: int | None = None,
    progress: Callable[[float], None] | None = None,
) -> AnalysisReport:
    """Analyse a ruleset exactly; ``players`` defaults to the table's most."""
    analysis = analyze(paytable_spec(rules), progress)
    return AnalysisReport(rules, shown, analysis, players if players is not None else rules.table.max_players)
