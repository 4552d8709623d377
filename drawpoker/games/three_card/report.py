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
from drawpoker.games.three_card.hands import Category3
from drawpoker.games.three_card.paytables import paytable_spec
from drawpoker.rules.model import ThreeCardRules

__all__ = ["AnalysisReport", "analysis_report", "strategy_rule"]


def _number(x: Fraction) -> dict[str, Any]:
    """A probability or edge for JSON: exact and as a percentage."""
    return {"exact": str(x), "percent": round(float(x) * 100, 6)}


def _chips(x: Fraction) -> dict[str, Any]:
    return {"exact": str(x), "chips": round(float(x), 6)}


def strategy_rule(strategy: Strategy) -> str:
    """The optimal strategy in one phrase, e.g. ``"play Q-6-4 or better, fold anything worse"``."""
    from drawpoker.words.analysis_text import strategy_words
    from drawpoker.words.i18n import translator

    return strategy_words(strategy, translator("en"))


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
        """The report in plain words (English; :func:`drawpoker.words.analysis_text.analysis_text` says it in
        the player's language)."""
        from drawpoker.words.analysis_text import analysis_text
        from drawpoker.words.i18n import translator

        return analysis_text(self, translator("en"))


def analysis_report(
    rules: ThreeCardRules,
    shown: str,
    players: int | None = None,
    progress: Callable[[float], None] | None = None,
) -> AnalysisReport:
    """Analyse a ruleset exactly; ``players`` defaults to the table's most."""
    analysis = analyze(paytable_spec(rules), progress)
    return AnalysisReport(rules, shown, analysis, players if players is not None else rules.table.max_players)
