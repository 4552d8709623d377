"""The short rules at the table say what the variant plays, never Mørkpoker's words by default."""

from __future__ import annotations

import pytest

from drawpoker.rules import load_rules, shipped_names
from drawpoker.words.i18n import translator
from drawpoker.words.rules_text import rules_summary


def _summary(name: str, lang: str = "en") -> str:
    return "\n".join(rules_summary(load_rules(name), translator(lang)))


def test_no_limit_deuce_to_seven_says_blinds_no_limit_and_lowest_wins():
    text = _summary("deuce-to-seven-single-draw")
    assert "Blinds 1 and 2; no limit: a bet is at least 2" in text
    assert "The lowest hand wins (deuce to seven)" in text
    assert text.startswith("Deuce-to-seven single draw: 2 to 6 players.")  # named as the title bar names it
    for wrong in ("Mørkpoker", "At most", "checks the first round", "checked through", "Best hand", "Ante"):
        assert wrong not in text, wrong


def test_ace_to_five_with_the_joker_and_fixed_limit_blinds():
    text = _summary("ace-to-five-lowball")
    assert "it counts as the lowest card the hand lacks" in text
    assert "the best hand is 5-4-3-2-A" in text
    assert "Blinds 1 and 2; bets and raises of 2 before the exchange and 4 after." in text


def test_jokers_wild_ranks_and_openers():
    assert "the bug: an ace, or any card that completes a straight or a flush" in _summary("california-draw")
    assert "Deuces are wild." in _summary("deuces-wild")
    jackpots = _summary("jackpots")
    assert "Only a pair of jacks or better may open" in jackpots and not jackpots.startswith("Mørkpoker")
    assert "If nobody opens the last deal" in jackpots and "checked through" not in jackpots
    assert "There are 3 exchanges" in _summary("deuce-to-seven-triple-draw")


def test_morkpoker_reads_as_before():
    assert _summary("morkpoker").startswith("Mørkpoker, five-card draw: 2 to 6 players.\nAnte 1; bets and raises")


@pytest.mark.parametrize("name", [n for n in shipped_names() if not n.startswith("three-card")])
def test_every_draw_summary_is_norwegian_in_norwegian(name):
    english = rules_summary(load_rules(name), translator("en"))
    norsk = rules_summary(load_rules(name), translator("nb"))
    assert len(english) == len(norsk)
    for en, nb in zip(english, norsk, strict=True):
        assert en != nb, en


def test_the_title_names_the_variant_not_morkpoker():
    from drawpoker.client.draw.view import title_text
    from drawpoker.games.draw.state import DrawState

    s = DrawState()
    s.deal = 1
    titles = {
        "morkpoker": "Mørkpoker · deal 1 of 12",
        "deuce-to-seven-single-draw": "Deuce-to-seven single draw · deal 1 of 12",
        "deuce-to-seven-triple-draw": "Deuce-to-seven triple draw · deal 1 of 12",
        "ace-to-five-lowball": "Ace-to-five single draw · deal 1 of 12",
        "jackpots": "Jackpots · deal 1 of 12",
        "deuces-wild": "Five-card draw · deal 1 of 12",
    }
    for name, title in titles.items():
        assert title_text(s, load_rules(name), translator("en")) == title
    assert title_text(s, load_rules("deuce-to-seven-single-draw"), translator("nb")) == (
        "Enkel toer-til-syver · utdeling 1 av 12"
    )
