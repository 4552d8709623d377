"""Dealer's choice of games with blinds and games without (ph45): one who
sits down (or comes back) waiting for the big blind or owing blinds is
dealt in by the next deal when its game has no blinds (docs/rules.md 6.2:
"in ante games a new player simply antes"; the engine's PlayerDealtIn).
What the table says of them names that condition there; where every game
has blinds, or none, it says what it always said."""

from __future__ import annotations

from pathlib import Path

import pytest

from drawpoker.games import evening as E
from drawpoker.rules import load_rules
from drawpoker.rules.model import blinds_vary
from drawpoker.words.evening_text import evening_event_text
from drawpoker.words.i18n import translator

NAMES = ("Anna", "Bjørn", "Dina")


def test_only_a_dealers_choice_of_games_with_blinds_and_without_varies(tmp_path: Path):
    blinds_only = tmp_path / "blinds.yaml"
    blinds_only.write_text(
        "extends: morkpoker\nsession:\n  dealers_choice: [deuce-to-seven-triple-draw, deuce-to-seven-single-draw]\n",
        encoding="utf-8",
    )
    assert blinds_vary(load_rules("dealers-choice"))
    assert not blinds_vary(load_rules(str(blinds_only)))
    for single in ("morkpoker", "deuce-to-seven-triple-draw", "three-card-poker"):
        assert not blinds_vary(load_rules(single))


@pytest.mark.parametrize(
    ("event", "language", "varies", "said"),
    [
        (E.PlayerJoined(2, "Dina", 100, "", True, 0), "en", False, "Dina waits for the big blind."),
        (
            E.PlayerJoined(2, "Dina", 100, "", True, 0),
            "en",
            True,
            "Dina waits for the big blind if the next deal is played with blinds; otherwise Dina is dealt in.",
        ),
        (
            E.PlayerJoined(2, "Dina", 100, "", True, 0),
            "nb",
            True,
            "Dina venter på den store blinden hvis neste utdeling spilles med blinds; ellers får Dina kort i den.",
        ),
        (E.PlayerJoined(2, "Dina", 100, "", False, 1), "en", False, "Dina posts a big blind in the next deal."),
        (
            E.PlayerJoined(2, "Dina", 100, "", False, 1),
            "nb",
            True,
            "Dina legger en stor blind i neste utdeling hvis den spilles med blinds.",
        ),
        (E.PlayerBack(1, False, 2), "en", False, "Bjørn is back. Bjørn posts the blinds missed in the next deal."),
        (
            E.PlayerBack(1, False, 2),
            "en",
            True,
            "Bjørn is back. Bjørn posts the blinds missed in the next deal if it is played with blinds.",
        ),
        (
            E.PlayerBack(1, True, 0),
            "nb",
            True,
            "Bjørn er tilbake. Bjørn venter på den store blinden hvis neste utdeling spilles med blinds; ellers får "
            "Bjørn kort i den.",
        ),
        (E.PlayerBack(1, False, 0), "en", True, "Bjørn is back."),
    ],
)
def test_what_one_waiting_or_owing_is_told(event, language, varies, said):
    text = evening_event_text(event, NAMES, translator(language), blinds_vary=varies)
    assert text is not None and text.endswith(said), text
