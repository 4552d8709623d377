"""Rough edges found by play-testing (issue 14), each through the real
screens: the dealer's choice menu speaks the player's language, and a
jackpots deal won without a showdown shows the opener's proof at the end of
the deal rather than claiming no card was shown."""

from __future__ import annotations

import pytest

from drawpoker.cards import parse_cards
from drawpoker.client.controller import DEAL_OVER, Controller
from drawpoker.client.screens import screen_lines
from drawpoker.client.setup import SetupModel
from drawpoker.client.words.i18n import translator
from drawpoker.client.words.lines import plain
from drawpoker.client.words.look import Look
from drawpoker.games.draw.stacking import stacked_deck
from drawpoker.rules import load_rules
from tests.test_client_flows import ENTER, QUIT, SETUP_3, drive, starter


def _screen(ctl: Controller) -> str:
    return "\n".join(plain(line) for line in screen_lines(ctl, 80, 24))


CHOICE = load_rules("dealers-choice")
DECK = stacked_deck(
    {0: parse_cards("9c 9s 5c 4d 2h"), 1: parse_cards("Jh Jd 8c 6s 3d"), 2: parse_cards("Kh Qd 8s 6c 3h")},
    button=0,
    seats=3,
)


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_game_menu_describes_each_game_in_the_players_language(tmp_path, lang):
    tr = translator(lang)
    ctl = Controller(
        tr, Look(), setup=SetupModel(CHOICE, tr), start=starter(CHOICE, tmp_path / "dc.jsonl", (40,) * 3, DECK)
    )
    drive(ctl, SETUP_3 + QUIT)
    screen = " ".join(_screen(ctl).split())
    for name, game in CHOICE.variants:
        assert f"{name} {tr.p('ruleset', game.description)}" in screen, name
    if lang == "nb":
        assert "Jackpots (knekter eller bedre for å åpne" in screen and "jacks or better" not in screen


@pytest.mark.parametrize(
    "lang, proof, note, none",
    [
        ("en", "Bo shows the openers: J♥ J♦", "(Only the openers were shown.)", "(No cards shown.)"),
        ("nb", "Bo viser åpningskortene: J♥ J♦", "(Bare åpningskortene ble vist.)", "(Ingen kort ble vist.)"),
    ],
)
def test_a_jackpots_pot_won_without_a_showdown_shows_the_proof(tmp_path, lang, proof, note, none):
    rules = load_rules("jackpots")
    tr = translator(lang)
    ctl = Controller(
        tr, Look(), setup=SetupModel(rules, tr), start=starter(rules, tmp_path / "jp.jsonl", (40,) * 3, DECK)
    )
    drive(ctl, SETUP_3 + ENTER + "b" + ENTER + "f" + ENTER + "f" + QUIT)  # Bo opens, Cy and Ada fold
    assert ctl.screen == DEAL_OVER
    screen = _screen(ctl)
    summary = screen.split("─")[0]  # above the log
    assert proof in summary and note in summary and none not in screen
