"""In Norwegian the dealer *gir* (docs/rules.md's glossary: giver, "giverrollen
går til venstre"): "— Utdeling 1: Anna gir —", "Anna gir først". The dealer's
choice screen said "Anna deler: giverens valg" (Anna shares), the one
sentence where a player who deals did something else."""

from __future__ import annotations

import pytest

from drawpoker.words.i18n import translator

DEALS = [
    "{name} deals: dealer's choice. Which game?",
    "{name} deals first: press Enter to go on.",
    "{name} deals and first chooses the game: {games}",
    "— Deal {deal}: {name} deals —",
]


@pytest.mark.parametrize("english", DEALS)
def test_whoever_deals_gir(english):
    said = translator("nb")._(english)
    assert said != english and "{name} gir" in said and "deler" not in said
