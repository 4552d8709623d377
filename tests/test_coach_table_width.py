"""The coach's table fits 80 columns under every ranking, its columns strongest first."""

from __future__ import annotations

import pytest

from drawpoker.cards import parse_cards
from drawpoker.client.draw.coach import coach_lines, coach_odds
from drawpoker.client.lines import line_width
from drawpoker.client.look import Look
from drawpoker.rules import load_rules
from drawpoker.words.i18n import translator

HANDS = [
    ("deuce-to-seven-single-draw", "Js Qd Qh 3c Ad"),
    ("deuce-to-seven-triple-draw", "7s 5d 9h Kc Kd"),
    ("ace-to-five-lowball", "Jk 2d 9h 3c Kd"),
    ("deuces-wild", "2s Kd 7d 4d 9d"),
    ("california-draw", "Jk Ks Qs 7d 2c"),
    ("morkpoker", "Ks Kd 7c 4h 2s"),
]


@pytest.mark.parametrize("lang", ["en", "nb"])
@pytest.mark.parametrize(("ruleset", "hand"), HANDS)
def test_every_line_fits_and_every_row_adds_up(ruleset, hand, lang):
    odds = coach_odds(parse_cards(hand, jokers=1), load_rules(ruleset), ())
    lines = coach_lines(odds, translator(lang), Look(), 80)
    for line in lines:
        assert line_width(line) <= 80, "".join(text for _, text in line)
    for line in lines[2 : 2 + len(odds.choices)]:  # a row per choice: its final hands add up to 100%
        # (the weakest may share a column; Norwegian writes 28,7)
        cells = "".join(text for _, text in line).replace(",", ".").split()
        numbers = [c for c in cells if c.replace(".", "").isdigit() or c in ("·", "<0.1")]
        shares = [0.0 if c in ("·", "<0.1") else float(c) for c in numbers[:-1]]  # the last is "wins"
        assert 99.0 <= sum(shares) <= 100.5, cells


def test_low_columns_run_from_the_best_low():
    lines = coach_lines(
        coach_odds(parse_cards("Jk 2d 9h 3c Kd", jokers=1), load_rules("ace-to-five-lowball"), ()),
        translator("en"),
        Look(),
        80,
    )
    head = "".join(text for _, text in lines[1]).split()
    lows = [h for h in head if h.endswith("-lo")]
    assert lows[0] == "5-lo" and lows == sorted(lows, key=lambda h: "56789TJQK".index(h[0])), head
    assert head[-2:] == ["rest", "wins"]  # the weakest final hands share a column
