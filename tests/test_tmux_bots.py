"""Computer levels and a bot of one's own through the real screens:
``drawpoker play`` in tmux at 80×24, in both languages (issue 27). The
setup steps a seat through the levels and the bot named with
``--strategy``; the history keeps each seat's level; a bot that fails at
the table is named on screen, its seat checks instead, and play goes on.
Skipped only when tmux is not installed (CI installs it)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from drawpoker.history.reader import open_history
from tests.test_tmux_play import Tmux, pytestmark  # noqa: F401  (skipped without tmux)

BOOM = """
class Boom:
    def __init__(self, rng):
        self.rng = rng

    def act(self, view):
        raise ValueError("boom")
"""


@pytest.fixture
def tmux(tmp_path):
    t = Tmux(tmp_path)
    yield t
    t.close()


def start(tmux: Tmux, tmp_path: Path, language: str) -> Path:
    bot = tmp_path / "boom.py"
    bot.write_text(BOOM, encoding="utf-8")
    log = tmp_path / "play.jsonl"
    command = [sys.executable, "-m", "drawpoker", "play", "--seed", "3", "--log", str(log), "--pause", "0"]
    tmux.start([*command, "--lang", language, "--strategy", f"{bot}:Boom"])
    return log


WORDS = {
    "en": {
        "count": "How many players?",
        "name": "Name of player 1",
        "who": "Who does the computer play?",
        "levels": ["computer: easy", "computer: sensible", "computer: strong", "computer: boom.py:Boom"],
        "person": "person",
        "dealer": "Who deals first?",
        "rules": "The rules of this session",
        "failed": ["ValueError: boom", "failed on line 7:", "checks instead."],  # (it said "raised ValueError")
        "opens": "The bot ",
    },
    "nb": {
        "count": "Hvor mange spillere?",
        "name": "Navn på spiller 1",
        "who": "Hvem spiller datamaskinen?",
        "levels": ["datamaskin: lett", "datamaskin: fornuftig", "datamaskin: sterk", "datamaskin: boom.py:Boom"],
        "person": "person",
        "dealer": "Hvem gir først?",
        "rules": "Reglene for denne økten",
        "failed": ["ValueError: boom", "feilet på linje 7:", "checker i stedet."],
        "opens": "Roboten ",
    },
}


def setup(tmux: Tmux, words: dict, presses: int) -> str:
    tmux.wait_for(words["count"])
    tmux.text("2")
    tmux.keys("Enter")
    tmux.wait_for(words["name"])
    tmux.text("Ada")
    tmux.keys("Enter")
    tmux.text("Bjørn")
    tmux.keys("Enter")
    tmux.wait_for(words["who"])
    for _ in range(presses):
        tmux.text("2")
        time.sleep(0.15)
    return tmux.screen()


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_setup_steps_a_seat_through_the_levels_and_ones_own_bot(tmux, tmp_path, language):
    words = WORDS[language]
    start(tmux, tmp_path, language)
    shown = setup(tmux, words, 0)
    for press, level in enumerate(words["levels"], start=1):
        tmux.text("2")
        shown = tmux.wait_for(level)
        bjorn = next(line for line in shown.splitlines() if "Bjørn" in line)
        assert level in bjorn, (press, bjorn)
    # the last choice: the bot named with --strategy, by its file's name
    tmux.text("2")  # after the last: a person again
    time.sleep(0.3)
    bjorn = next(line for line in tmux.screen().splitlines() if "Bjørn" in line)
    assert bjorn.rstrip().endswith(words["person"])
    tmux.keys("C-c")


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_bot_that_fails_at_the_table_is_named_and_its_seat_checks(tmux, tmp_path, language):
    words = WORDS[language]
    log = start(tmux, tmp_path, language)
    shown = setup(tmux, words, 4)  # person -> easy -> sensible -> strong -> the bot of one's own
    assert "boom.py:Boom" in shown
    tmux.keys("Enter")
    tmux.wait_for(words["dealer"])  # Ada deals first (docs/rules.md 6.1: the table chooses)
    tmux.keys("Enter")
    tmux.wait_for(words["rules"])
    tmux.keys("Enter")
    # Heads-up, Ada has the button: Bjørn (the bot) acts first, fails, checks; then it is Ada's turn.
    screen = tmux.wait_for(words["failed"][0])
    flat = " ".join(screen.split())
    assert all(part in flat for part in words["failed"]), screen
    # one sentence on the message line: a capital letter and a full stop (it was "the bot ... checks instead")
    assert words["opens"] in flat and words["opens"].lower() not in flat, screen
    assert "Ada" in screen
    header = open_history(log).header
    assert header["levels"] == [None, f"{tmp_path / 'boom.py'}:Boom"]
    events = [type(e).__name__ for _, e in open_history(log).events()]
    assert "Checked" in events  # the check made in the bot's place is in the history, nothing else of it
    tmux.keys("C-c")
