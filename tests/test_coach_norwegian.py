"""The coach's lowball column heads in Norwegian (issue 14): "7lav" for a
seven low, "ess" for deuce-to-seven's ace high; English keeps "7-lo", "ace"."""

from __future__ import annotations

import pytest

from drawpoker.cards import parse_cards
from drawpoker.client.draw.coach import coach_lines, coach_odds
from drawpoker.client.lines import line_width
from drawpoker.client.look import Look
from drawpoker.rules import load_rules
from drawpoker.words.i18n import translator


def head(ruleset: str, hand: str, lang: str) -> list[str]:
    lines = coach_lines(coach_odds(parse_cards(hand, jokers=1), load_rules(ruleset), ()), translator(lang), Look(), 80)
    assert all(line_width(line) <= 80 for line in lines)
    return "".join(text for _, text in lines[1]).split()


@pytest.mark.parametrize(
    "ruleset, hand, english, norwegian",
    [
        (
            "deuce-to-seven-single-draw",
            "Js Qd Qh 3c Ad",
            ["7-lo", "8-lo", "K-lo", "ace"],
            ["7lav", "8lav", "Klav", "ess"],
        ),
        (
            "deuce-to-seven-triple-draw",
            "7s 5d 9h 2c 3d",
            ["7-lo", "9-lo", "T-lo", "ace"],
            ["7lav", "9lav", "Tlav", "ess"],
        ),
        ("ace-to-five-lowball", "Jk 2d 9h 3c Kd", ["5-lo", "6-lo", "Q-lo"], ["5lav", "6lav", "Qlav"]),
    ],
)
def test_lowball_heads_are_norwegian_under_nb(ruleset, hand, english, norwegian):
    en, nb = head(ruleset, hand, "en"), head(ruleset, hand, "nb")
    assert all(h in en for h in english), en
    assert all(h in nb for h in norwegian), nb
    assert not [h for h in nb if h.endswith("-lo") or h in ("ace", "keep,", "wins")], nb
    assert len(en) == len(nb)  # the same columns


def test_the_coachs_chances_are_written_with_a_decimal_comma_under_nb():
    """Norwegian writes 28,7 %: the coach said "28.7" on the laptop (and the
    phone, from the same words: tests/test_phones_evening_browser.py)."""
    import re

    def text(lang: str) -> str:
        odds = coach_odds(parse_cards("Kh Kd Qs Js 9c"), load_rules("morkpoker"), ())
        return "\n".join("".join(part for _, part in line) for line in coach_lines(odds, translator(lang), Look(), 80))

    en, nb = text("en"), text("nb")
    assert re.search(r"\d\.\d", en) and not re.search(r"\d,\d", en)
    assert re.search(r"\d,\d", nb) and not re.search(r"\d\.\d", nb), nb
