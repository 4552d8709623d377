"""The ranking tables of every shipped ruleset's ranking (and of every
ranking tests/test_ranking_exhaustive.py checks hand by hand) are the very
tables they were before build_tables was made faster: one sha256 each,
recorded from the earlier build."""

from __future__ import annotations

import hashlib

import pytest

from drawpoker.ranking import ranking_for, ranking_for_deck
from drawpoker.ranking.tables import Tables
from drawpoker.rules.shipped import shipped, shipped_folder


def digest(tables: Tables) -> str:
    """Every entry of every table, in order, as one sha256."""
    strengths = [(int(cat), ranks, count) for (cat, ranks), count in tables.by_strength]
    text = repr((tables.suited_by_mask, tables.by_key, sorted(tables.suited_by_key.items()), strengths))
    return hashlib.sha256(text.encode()).hexdigest()


KNOWN = {
    "high": (dict(), "68ff7f55f369c740e6f98600227e836515d9963e61d0cfd056f4267afc77d51d"),
    "ace-to-five": ({"order": "ace_to_five"}, "bf4d4d09eb20bdfb0ed89bb4150e95f9f5f37f1c49ec8529754bdb7ff23f67cc"),
    "deuce-to-seven": ({"order": "deuce_to_seven"}, "0575662ae2edb1523e89065d9cb4b0501f03c8633c71c8b6cb958d4f90b54747"),
    "one joker as the bug": (
        {"jokers": 1, "joker": "bug"},
        "035e8e352c3ca5a74ceacf7aa040baa2e81afbc1b24ecc9dcf01745bc068b950",
    ),
    "one joker fully wild": (
        {"jokers": 1, "joker": "wild"},
        "c28aebf0faf6f03b15aa2ab42be57c764ab64d4c47aa6f42ef45651387b76f7a",
    ),
    "deuces wild": ({"wild_ranks": (2,)}, "6073c7aaf8112320ac3d3636f3083b6cb0bd534cf984fc3f70fe3f157a226fa1"),
    "ace-to-five with the joker": (
        {"order": "ace_to_five", "jokers": 1, "joker": "bug"},
        "adf0a298559fe09c5ebd267857fab0d9f636ab8ff79c05ac215496adb11f744f",
    ),
    "ace-to-five with a wild joker": (
        {"order": "ace_to_five", "jokers": 1, "joker": "wild"},
        "adf0a298559fe09c5ebd267857fab0d9f636ab8ff79c05ac215496adb11f744f",
    ),
    "one wild joker, duplicates, natural beats wild": (
        {"jokers": 1, "joker": "wild", "wild_may_duplicate": True, "natural_beats_wild": True},
        "30fead188a6b45180aad3525a0df37408d07f206f3f27e20ef705c45b72b7278",
    ),
}


def test_shipped_rulesets_use_the_rankings_recorded_here():
    from drawpoker.rules import load_rules

    seen = set()
    for name in shipped():
        rules = load_rules(str(shipped_folder() / f"{name}.yaml"))
        for game in [rules, *(game for _, game in getattr(rules, "variants", ()))]:
            if hasattr(game, "deck") and hasattr(game, "showdown"):
                seen.add(ranking_for_deck(game.deck, game.showdown.ranking).rules)
    assert seen <= {ranking_for(**settings).rules for settings, _ in KNOWN.values()}


@pytest.mark.parametrize("name", list(KNOWN))
def test_the_tables_are_the_recorded_ones(name):
    settings, want = KNOWN[name]
    assert digest(ranking_for(**settings).tables()) == want
