"""docs/rules.md 6.1: the first dealer is chosen by the table (``first_dealer:
chosen``, the default) or drawn. Chosen, the setup asks who deals first
(before, the first seat always dealt); drawn, it does not ask (the draw at
the table decides). Through the real screens: prompt_toolkit's pipe input
and ``drawpoker play`` in tmux at 80×24, in English and Norwegian."""

from __future__ import annotations

import sys

import attrs
import pytest

from drawpoker.client.controller import Controller
from drawpoker.client.launch import starter
from drawpoker.client.look import Look
from drawpoker.client.screens import screen_text
from drawpoker.client.setup import SetupModel
from drawpoker.history.reader import open_history
from drawpoker.history.verify import verify_history
from drawpoker.rules import load_rules
from drawpoker.words.i18n import translator
from tests.test_client_evening import watch
from tests.test_client_flows import ENTER, QUIT
from tests.test_tmux_play import Tmux, pytestmark  # noqa: F401  (the tmux test is skipped without tmux)

ASKED = {"en": ("Who deals first?", "deals first"), "nb": ("Hvem gir først?", "gir først")}


def _controller(rules, language: str, path) -> Controller:
    tr = translator(language)
    return Controller(tr, Look(), setup=SetupModel(rules, tr), start=starter(rules, str(path), 5))


def _first(path, names: tuple[str, ...]) -> tuple[int | None, int | None]:
    """(the seat the sit-down names as dealing first, the first deal's dealer) of a history."""
    opened = started = None
    for _, event in open_history(path).events():
        kind = type(event).__name__
        if kind == "SessionStarted":
            opened = event.button
        elif kind == "TableOpened":
            opened = event.dealer
        elif kind == "DealStarted" and started is None:
            started = event.button
        elif kind == "RoundOpened" and started is None:
            started = event.dealer
    return opened, started


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("ruleset", ["morkpoker", "three-card-poker-home", "dealers-choice"])
def test_the_setup_asks_who_deals_first_and_that_player_deals(tmp_path, language, ruleset):
    rules = load_rules(ruleset)
    path = tmp_path / "h.jsonl"
    ctl = _controller(rules, language, path)
    names = "3" + ENTER + "Ada" + ENTER + "Bo" + ENTER + "Cy" + ENTER + ENTER
    choose = "1" if ruleset == "dealers-choice" else ""  # (the dealer, Bo, picks the first game)
    _, seen = watch(ctl, names + "2" + ENTER + ENTER + choose + QUIT)
    question, said = ASKED[language]
    asked = [text for text in seen if question in text][-1]
    assert f"[2] Bo{' ' * 12}{said}" in asked  # the choice is marked
    assert all(len(line) <= 80 for text in seen for line in text.splitlines())
    assert ctl.session is not None
    assert _first(path, ("Ada", "Bo", "Cy")) == (1, 1)  # Bo deals first (before: always Ada, the first seat)
    verify_history(open_history(path))


@pytest.mark.parametrize("seats", ["as_given", "drawn"])
def test_a_computer_seats_level_and_the_first_dealer_are_both_asked_and_both_kept(tmp_path, seats):
    """The setup asks a level for each computer seat, then who deals first:
    Cy is the computer at 'strong', Bo deals first; with the seats drawn the
    level follows Cy to the seat drawn and Bo still deals first."""
    rules = load_rules("morkpoker")
    rules = attrs.evolve(rules, session=attrs.evolve(rules.session, seats=seats))
    path = tmp_path / "h.jsonl"
    ctl = _controller(rules, "en", path)
    names = "3" + ENTER + "Ada" + ENTER + "Bo" + ENTER + "Cy" + ENTER
    shown = ENTER if seats == "drawn" else ""  # the draw for seats is shown first
    _, seen = watch(ctl, names + "333" + ENTER + "2" + ENTER + ENTER + shown + QUIT)  # (easy, sensible, strong)
    assert any("computer: strong" in text for text in seen) and any("Who deals first?" in text for text in seen)
    header = open_history(path).header
    by_name = dict(zip((p["name"] for p in header["players"]), header["levels"], strict=True))
    assert by_name == {"Ada": None, "Bo": None, "Cy": "strong"}
    seated = tuple(p["name"] for p in header["players"])
    assert _first(path, seated)[1] == seated.index("Bo")  # the first deal's dealer
    assert ctl.session is not None and ctl.session.levels[seated.index("Cy")] == "strong"


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_arrow_keys_choose_too_and_a_key_that_changes_nothing_says_so(tmp_path, language):
    rules = load_rules("morkpoker")
    ctl = _controller(rules, language, tmp_path / "h.jsonl")
    names = "3" + ENTER + "Ada" + ENTER + "Bo" + ENTER + "Cy" + ENTER + ENTER
    watch(ctl, names + "\x1b[A" + QUIT)  # up from Ada: round the table to Cy
    assert ctl.setup is not None and ctl.setup.step == "dealer" and ctl.setup.first_dealer == "Cy"
    watch(ctl, "3" + QUIT)
    said = "Cy deals first: press Enter to go on." if language == "en" else "Cy gir først: trykk Enter for å gå videre."
    assert said in screen_text(ctl)
    watch(ctl, "7" + QUIT)
    assert ("There is no seat 7." if language == "en" else "Det finnes ingen plass 7.") in screen_text(ctl)
    watch(ctl, "\x7f" + QUIT)  # Backspace: back to the computers
    assert ctl.setup.step == "computers"


@pytest.mark.parametrize(
    ("ruleset", "session"),
    [("morkpoker", {"first_dealer": "drawn"}), ("three-card-poker-ro", {})],  # drawn; a house bank deals
)
def test_no_question_where_the_table_does_not_choose(tmp_path, ruleset, session):
    rules = load_rules(ruleset)
    rules = attrs.evolve(rules, session=attrs.evolve(rules.session, **session))
    ctl = _controller(rules, "en", tmp_path / "h.jsonl")
    _, seen = watch(ctl, "3" + ENTER + "Ada" + ENTER + "Bo" + ENTER + "Cy" + ENTER + ENTER + QUIT)
    assert ctl.setup is not None and ctl.setup.step == "rules"
    assert not any("Who deals first?" in text for text in seen)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "en",
            ("How many players?", "Name of player 1", "Who does the computer play?", "Who deals first?", "The rules"),
        ),
        (
            "nb",
            ("Hvor mange spillere?", "Navn på spiller 1", "Hvem spiller datamaskinen?", "Hvem gir først?", "Reglene"),
        ),
    ],
)
def test_in_a_real_terminal_the_chosen_player_deals_first(tmp_path, language, words):
    import time

    tmux = Tmux(tmp_path)
    log = tmp_path / "play.jsonl"
    try:
        tmux.start(
            [sys.executable, "-m", "drawpoker", "play", "--seed", "11", "--log", str(log), "--pause", "0"]
            + ["--lang", language]
        )
        how_many, name_of, computer, question, rules = words
        tmux.wait_for(how_many)
        tmux.text("3")
        tmux.keys("Enter")
        tmux.wait_for(name_of)
        for name in ("Ada", "Bo", "Cy"):
            tmux.text(name)
            tmux.keys("Enter")
        tmux.wait_for(computer)
        tmux.keys("Enter")
        shown = tmux.wait_for(question)
        assert all(len(line) <= 80 for line in shown.splitlines())
        tmux.text("3")
        marked = tmux.wait_for(f"[3] Cy{' ' * 12}{ASKED[language][1]}")
        assert f"[1] Ada{' ' * 11}{ASKED[language][1]}" not in marked
        tmux.keys("Enter")
        tmux.wait_for(rules)
        tmux.keys("Enter")  # agree to the rules: the first deal is dealt
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and (not log.exists() or _first(log, ("Ada", "Bo", "Cy"))[1] is None):
            time.sleep(0.05)
        assert _first(log, ("Ada", "Bo", "Cy")) == (2, 2)  # Cy deals first
    finally:
        tmux.close()
