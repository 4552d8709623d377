"""A player who asked to sit out and lost their last chips in that deal is
asked at once whether to buy again, as the deal ends (docs/rules.md 6.3:
"a player out of chips between deals is asked at the table"; ev47). The
table asked only when they came back, perhaps hours later, the seat "away"
with no chips in between. Yes: a new stack, still sitting out until coming
back; no: they leave with nothing. En and nb, through the real application.

The stacked deal of tests/test_client_flows.py with a poorer draw for Ada:
Ada (the button, 4 chips) asks to sit out at the first hand-over, goes all
in, and her pair of aces loses the main pot to Cy's two pair."""

from __future__ import annotations

import attrs
import pytest

from drawpoker.cards import parse_cards
from drawpoker.client.controller import ASK, Controller
from drawpoker.client.look import Look
from drawpoker.client.screens import screen_text
from drawpoker.client.setup import SetupModel
from drawpoker.games.draw.stacking import stacked_deck
from drawpoker.history.reader import open_history
from drawpoker.history.verify import verify_history
from drawpoker.words.i18n import translator
from tests.test_client_flows import ADA, BO, CY, ENTER, EXCHANGE, MORK, QUIT, ROUND_1, ROUND_2, SETUP_3, drive, starter

STOCK = parse_cards("2c 8d 8s 3h 5s 6c")  # Bo draws 2c 8d, Cy 8s, Ada 3h 5s 6c: a pair of aces, no more
DECK = stacked_deck({0: ADA, 1: BO, 2: CY}, button=0, seats=3, stock=STOCK)
ASK_RULES = attrs.evolve(MORK, session=attrs.evolve(MORK.session, when_broke="ask"))
SHOWDOWN = ENTER + "s" + ENTER + "s" + ENTER + "s"
WORDS = {
    "en": ("Ada is out of chips: buy 40 more?", "Ada sits out: with new chips too, until coming back.", "y"),
    "nb": (
        "Ada er tom for sjetonger: kjøpe 40 til?",
        "Ada står over: også med nye sjetonger, til Ada kommer tilbake.",
        "j",
    ),
}


def _to_the_question(tmp_path, language, keys=""):
    tr = translator(language)
    path = tmp_path / f"{language}.jsonl"
    ctl = Controller(
        tr, Look(), setup=SetupModel(ASK_RULES, tr), start=starter(ASK_RULES, path, (4, 20, 20), DECK, DECK)
    )
    drive(ctl, SETUP_3 + "ts1" + ROUND_1 + EXCHANGE + ROUND_2 + SHOWDOWN + ENTER + keys + QUIT)
    return ctl, path


@pytest.mark.parametrize("language", ["en", "nb"])
def test_asked_as_the_deal_ends_not_on_coming_back(tmp_path, language, monkeypatch):
    question, away, _ = WORDS[language]
    seen: list[str] = []
    ask = Controller._show

    def show(self, screen):  # the question, as the laptop drew it
        ask(self, screen)
        if screen == ASK:
            seen.append(screen_text(self, 80, 24))

    monkeypatch.setattr(Controller, "_show", show)
    ctl, path = _to_the_question(tmp_path, language)
    state = ctl.session.state
    assert state.away[0] and state.stacks[0] == 0 and state.deal == 1
    assert seen, "Ada, away with no chips, was not asked"
    flat = " ".join(seen[0].split())
    assert question in flat and away in flat, seen[0]


@pytest.mark.parametrize("language", ["en", "nb"])
def test_yes_buys_a_stack_kept_while_away_and_no_leaves(tmp_path, language):
    _, _, yes = WORDS[language]
    ctl, path = _to_the_question(tmp_path, language, yes)
    state = ctl.session.state
    assert state.stacks[0] == 40 and state.away[0] and state.rebuys[0] == 1
    assert state.deal == 2 and not state.in_deal[0]  # the next deal is dealt without her
    assert verify_history(open_history(path)).deals == 2

    (tmp_path / "n").mkdir()
    _, path = _to_the_question(tmp_path / "n", language, "n")
    kinds = [type(e).__name__ for _, e in open_history(path).events()]
    ended = kinds.index("DealEnded")
    assert kinds[ended + 1 : ended + 4] == ["RebuyDeclined", "PlayerLeft", "DealStarted"]  # she left with nothing
    assert verify_history(open_history(path)).deals == 2
