"""The real program in a real terminal: ``drawpoker play`` inside tmux (80×24),
driven with send-keys and read with capture-pane.

At each hand-over the captured screen must show no card at all; after Enter,
exactly the named player's cards appear (read from the history the program
writes). Skipped only when tmux is not installed (CI installs it).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from drawpoker.client.look import card_text
from drawpoker.history.reader import open_history

pytestmark = pytest.mark.skipif(
    shutil.which("tmux") is None, reason="tmux is not installed (CI installs it in .ci/run)"
)

SUITS = set("♠♥♦♣")
ROOT = Path(__file__).resolve().parents[1]


class Tmux:
    """One tmux server of our own (its own socket), one 80×24 window."""

    def __init__(self, tmp: Path) -> None:
        self.socket = f"drawpoker-test-{os.getpid()}-{time.monotonic_ns()}"
        self.tmp = tmp

    def run(self, *args: str) -> str:
        done = subprocess.run(["tmux", "-u", "-L", self.socket, *args], capture_output=True, timeout=20)
        return done.stdout.decode("utf-8", "replace")

    def start(self, command: list[str]) -> None:
        env = f"env LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=xterm-256color PYTHONPATH={ROOT}"
        line = env + " " + " ".join(command)
        subprocess.run(
            [
                "tmux",
                "-u",
                "-L",
                self.socket,
                "-f",
                "/dev/null",
                "new-session",
                "-d",
                "-x",
                "80",
                "-y",
                "24",
                "-s",
                "play",
                line,
            ],
            check=True,
            timeout=20,
            cwd=self.tmp,
        )

    def keys(self, *keys: str) -> None:
        self.run("send-keys", "-t", "play", *keys)

    def text(self, *keys: str) -> None:
        self.run("send-keys", "-t", "play", "-l", *keys)

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", "play")

    def wait_for(self, needle: str, timeout: float = 15.0) -> str:
        deadline = time.monotonic() + timeout
        shown = ""
        while time.monotonic() < deadline:
            shown = self.screen()
            if needle in shown:
                return shown
            time.sleep(0.05)
        raise AssertionError(f"{needle!r} never appeared; the screen was:\n{shown}")

    def alive(self) -> bool:
        return (
            subprocess.run(["tmux", "-L", self.socket, "has-session", "-t", "play"], capture_output=True).returncode
            == 0
        )

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


@pytest.fixture
def tmux(tmp_path):
    t = Tmux(tmp_path)
    yield t
    t.close()


def hands(log: Path) -> dict[str, tuple]:
    reader = open_history(log)
    names = reader.names
    dealt = {}
    for _, event in reader.events():
        if type(event).__name__ == "CardsDealt":
            dealt[names[event.seat]] = event.cards
    return dealt


def test_hand_over_shows_no_card_and_then_only_the_players_own(tmux, tmp_path):
    log = tmp_path / "play.jsonl"
    tmux.start(
        [sys.executable, "-m", "drawpoker", "play", "--seed", "11", "--log", str(log), "--pause", "0", "--lang", "en"]
    )
    tmux.wait_for("How many players?")
    tmux.text("2")
    tmux.keys("Enter")
    tmux.wait_for("Name of player 1")
    tmux.text("Ada")
    tmux.keys("Enter")
    tmux.text("Bjørn")
    tmux.keys("Enter")
    tmux.wait_for("Who does the computer play?")
    tmux.keys("Enter")
    tmux.wait_for("Who deals first?")  # the first player named
    tmux.keys("Enter")
    tmux.wait_for("The rules of this session")
    tmux.keys("Enter")

    # Heads-up, Ada has the button: Bjørn acts first.
    handover = tmux.wait_for("Pass to Bjørn")
    assert "Press Enter when only Bjørn is looking." in handover
    dealt = hands(log)
    assert set(dealt) == {"Ada", "Bjørn"}
    every_card = [card for cards in dealt.values() for card in cards]
    assert not SUITS & set(handover), f"a card at the hand-over:\n{handover}"
    assert not [c for c in every_card if card_text(c, True) in handover]

    tmux.keys("Enter")
    turn = tmux.wait_for("Bjørn's cards:")
    assert all(card_text(c, True) in turn for c in dealt["Bjørn"])
    assert not [c for c in dealt["Ada"] if card_text(c, True) in turn]

    tmux.text("k")  # Bjørn checks: the cards go away before Ada's hand-over
    handover = tmux.wait_for("Pass to Ada")
    assert not SUITS & set(handover), f"a card at the hand-over:\n{handover}"

    tmux.keys("Enter")
    turn = tmux.wait_for("Ada's cards:")
    assert all(card_text(c, True) in turn for c in dealt["Ada"])
    assert not [c for c in dealt["Bjørn"] if card_text(c, True) in turn]

    # a terminal too small says so, and the game comes back when it grows again
    tmux.run("resize-window", "-t", "play", "-x", "60", "-y", "20")
    tmux.wait_for("the game needs at least 80×24")
    tmux.run("resize-window", "-t", "play", "-x", "80", "-y", "24")
    tmux.wait_for("Ada's cards:")

    tmux.keys("C-c")
    tmux.wait_for("Leave the game?")
    tmux.text("y")
    deadline = time.monotonic() + 15
    while tmux.alive() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not tmux.alive()
    events = [type(e).__name__ for _, e in open_history(log).events()]
    assert events[-1] == "Checked" and "CardsDealt" in events


# ---------------------------------------------------------------- issue 24 at 80x24


def _start_heads_up(tmux, tmp_path, log):
    tmux.start(
        [
            sys.executable,
            "-m",
            "drawpoker",
            "play",
            "no-limit-draw",
            "--seed",
            "5",
            "--log",
            str(log),
            "--pause",
            "0",
            "--lang",
            "en",
        ]
    )
    tmux.wait_for("How many players?")
    tmux.text("2")
    tmux.keys("Enter")
    tmux.wait_for("Name of player 1")
    for name in ("Ada", "Bo"):
        tmux.text(name)
        tmux.keys("Enter")
    tmux.wait_for("Who does the computer play?")
    tmux.keys("Enter")
    tmux.wait_for("Who deals first?")  # the first player named
    tmux.keys("Enter")
    tmux.wait_for("The rules of this session")
    tmux.keys("Enter")
    tmux.wait_for("Pass to Ada")  # heads-up, Ada has the button and the small blind: she acts first
    tmux.keys("Enter")
    return tmux.wait_for("Ada's cards:")


def _leave(tmux):
    tmux.keys("C-c")
    tmux.wait_for("Leave the game?")
    tmux.text("y")
    deadline = time.monotonic() + 15
    while tmux.alive() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not tmux.alive()


def _exchanges(log):
    return [(e.seat, e.discarded) for _, e in open_history(log).events() if type(e).__name__ == "CardsExchanged"]


def test_the_enter_of_habit_after_the_big_blind_closes_the_betting_does_not_stand_pat(tmux, tmp_path):
    log = tmp_path / "nl.jsonl"
    screen = _start_heads_up(tmux, tmp_path, log)
    assert "Pot 3 · blinds 1 and 2" in screen and "Ada posts the small blind, 1." in screen
    tmux.text("c")  # Ada calls; Bo, the big blind, checks: the betting is closed and Bo draws first
    tmux.wait_for("Pass to Bo")
    tmux.keys("Enter")
    tmux.wait_for("Bo's cards:")
    tmux.text("k")
    again = tmux.wait_for("Bo, your turn again: the exchange.")
    assert not SUITS & set(again.split("─")[0])  # the step shows no card
    tmux.keys("Enter")  # the Enter of hand-over habit
    tmux.wait_for("[1-5] choose the cards to throw")
    tmux.keys("Enter")  # Enter with no card chosen asks
    asked = tmux.wait_for("Stand pat and keep all five cards?")
    assert "Bo stands pat." not in asked and _exchanges(log) == []
    tmux.keys("Enter")
    tmux.wait_for("Bo stands pat.")
    assert _exchanges(log) == [(1, ())]
    _leave(tmux)


def test_the_amount_entry_says_the_range_offers_the_nearest_and_an_empty_field_is_the_smallest(tmux, tmp_path):
    log = tmp_path / "amount.jsonl"
    _start_heads_up(tmux, tmp_path, log)
    tmux.text("r")
    tmux.wait_for("smallest 4 · largest 100")
    tmux.text("1000")
    tmux.keys("Enter")
    offered = tmux.wait_for("Press Enter again to raise to 100,")
    assert "Ada may raise to between 4 and 100 (all in)." in offered and "raise to 100 (all-in)" in offered
    tmux.keys("Escape")
    tmux.wait_for("[R] raise 4–100…")
    tmux.text("r")
    tmux.text("a")
    tmux.wait_for("raise to 100 (all-in)")
    tmux.text("12")
    tmux.wait_for("raise to 12_")
    tmux.keys("BSpace", "BSpace")
    empty = tmux.wait_for("(empty: the smallest, 4)")
    assert "(all-in)" not in empty.split("\n")[13]
    tmux.keys("Enter")
    tmux.wait_for("Pass to Bo")
    raised = [(e.seat, e.to) for _, e in open_history(log).events() if type(e).__name__ == "Raised"]
    assert raised == [(0, 4)]
    _leave(tmux)
