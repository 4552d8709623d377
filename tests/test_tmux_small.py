"""A real terminal resized while in use: ``drawpoker replay`` and
``drawpoker play`` in tmux, made smaller than 80×24 and back (the replay in
English, the table in Norwegian). Too small, each says how big the window
must be, whole, and how to leave; nothing moves behind the sentence (the
replay's keys, the computer seats); grown back, each shows where it was.
Skipped only when tmux is not installed (CI installs it)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from tests.test_tmux_play import Tmux, pytestmark  # noqa: F401  (skipped without tmux)


@pytest.fixture
def tmux(tmp_path):
    t = Tmux(tmp_path)
    yield t
    t.close()


def _flat(screen: str) -> str:
    return " ".join(screen.split())


def _resize(tmux: Tmux, columns: int, rows: int) -> None:
    tmux.run("resize-window", "-t", "play", "-x", str(columns), "-y", str(rows))


def _wait_flat(tmux: Tmux, needle: str, timeout: float = 15.0) -> str:
    """Wait for ``needle`` on the screen, read across its wrapped lines."""
    deadline = time.monotonic() + timeout
    shown = ""
    while time.monotonic() < deadline:
        shown = tmux.screen()
        if needle in _flat(shown):
            return shown
        time.sleep(0.05)
    raise AssertionError(f"{needle!r} never appeared; the screen was:\n{shown}")


def test_the_replay_resized_too_small_says_so_waits_and_comes_back_where_it_was(tmux, tmp_path):
    from tests.replay_fuzz import simulated

    history = simulated(tmp_path, "mork", "morkpoker", 3, 2, 2)
    tmux.start([sys.executable, "-m", "drawpoker", "replay", str(history), "--lang", "en"])
    tmux.wait_for("step 1 of")
    tmux.keys("Right")
    tmux.wait_for("step 2 of")
    _resize(tmux, 40, 12)
    shown = _wait_flat(tmux, "This terminal is 40×12; the replay needs at least 80×24. Make the window bigger.")
    assert "No key acts until then; Q leaves." in _flat(shown)
    tmux.keys("Right", "Right", "N")  # nothing steps behind the sentence
    _resize(tmux, 20, 5)
    shown = _wait_flat(tmux, "Make the window at least 80×24.")
    assert all(len(line) <= 20 for line in shown.splitlines()) and "leaves." in _flat(shown)
    _resize(tmux, 80, 24)
    tmux.wait_for("step 2 of")
    tmux.text("q")
    deadline = time.monotonic() + 15
    while tmux.alive() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not tmux.alive()


def test_the_table_resized_too_small_keeps_the_computers_waiting(tmux, tmp_path):
    """Found here: with --pause 1 a window made too small in the middle of a
    deal let the computer seats play on unseen. They wait; the window grown
    back shows the same moment, and then they play."""
    log: Path = tmp_path / "small.jsonl"
    command = [sys.executable, "-m", "drawpoker", "play", "--seed", "3", "--log", str(log), "--pause", "1"]
    tmux.start([*command, "--lang", "nb"])
    tmux.wait_for("Hvor mange spillere?")
    tmux.text("3")
    tmux.keys("Enter")
    tmux.wait_for("Navn på spiller 1")
    for name in ("Ada", "Bo", "Cy"):
        tmux.text(name)
        tmux.keys("Enter")
    tmux.wait_for("Hvem spiller datamaskinen?")
    tmux.text("23")
    tmux.keys("Enter")
    tmux.wait_for("Hvem gir først?")  # (the Enter taken before the window shrinks: keys wait behind it)
    _resize(tmux, 60, 20)  # before the first deal: the computers must not move while it is this small
    _wait_flat(tmux, "Terminalen er 60×20; spillet trenger minst 80×24. Gjør vinduet større.")
    tmux.keys("Enter", "Enter")  # the keys wait too
    _resize(tmux, 80, 24)
    tmux.wait_for("Hvem gir først?")
    tmux.keys("Enter")
    tmux.wait_for("Reglene for denne økten")
    tmux.keys("Enter")
    tmux.wait_for("tenker")  # a computer is to act (for a second): now the window shrinks
    _resize(tmux, 20, 5)
    shown = _wait_flat(tmux, "Gjør vinduet minst 80×24.")
    assert "Ctrl-C avslutter." in _flat(shown)
    events = log.read_text(encoding="utf-8").count("\n")
    time.sleep(2.5)  # two pauses and more: nothing may be played unseen
    assert log.read_text(encoding="utf-8").count("\n") == events
    _resize(tmux, 80, 24)
    tmux.wait_for("tenker")
    deadline = time.monotonic() + 15  # grown back: the computers play on
    while log.read_text(encoding="utf-8").count("\n") == events and time.monotonic() < deadline:
        time.sleep(0.05)
    assert log.read_text(encoding="utf-8").count("\n") > events
    tmux.keys("C-c")
    tmux.wait_for("Avslutte spillet?")
    tmux.text("j")
    deadline = time.monotonic() + 15
    while tmux.alive() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not tmux.alive()
