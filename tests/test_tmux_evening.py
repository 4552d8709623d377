"""A whole evening through the real screens: ``drawpoker play`` in tmux at 80×24
(issue 26). A player arrives after deal 2, one sits out two deals and comes
back, one leaves, the computer takes a seat over, the table ends the evening
early, and the last screen's settle-up is the one the history's ledger gives.
Skipped only when tmux is not installed (CI installs it)."""

from __future__ import annotations

import re
import sys
import time

import pytest

from drawpoker.history.reader import open_history
from drawpoker.history.summary import summarize
from drawpoker.history.verify import verify_history
from drawpoker.words.evening_text import payments_of
from tests.test_tmux_play import Tmux, pytestmark  # noqa: F401  (skipped without tmux)

RULES = "extends: morkpoker\nsession:\n  deals: 30\n  chip_value: 0.50 NOK\n"


@pytest.fixture
def tmux(tmp_path):
    t = Tmux(tmp_path)
    yield t
    t.close()


def play_to_deal_over(tmux: Tmux, deadline: float = 60.0) -> str:
    """Play Anna's turns (check or fold, stand pat, show) until the deal is over."""
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        shown = tmux.screen()
        if "Press Enter for the next deal." in shown or "Press Enter for the final standings." in shown:
            return shown
        if "Pass to Anna" in shown or "hide my cards" in shown:
            tmux.keys("Enter")
        elif "Anna's cards:" in shown:
            if "stand pat" in shown:
                tmux.text("0")
                tmux.keys("Enter")
            elif "[K]" in shown:
                tmux.text("k")
            elif "[F]" in shown:
                tmux.text("f")
            elif "[S]" in shown:
                tmux.text("s")
            else:
                time.sleep(0.05)
                continue
        else:
            time.sleep(0.05)
            continue
        time.sleep(0.15)  # (the screen redraws)
    raise AssertionError(f"the deal never ended; the screen was:\n{tmux.screen()}")


def deal_shown(screen: str) -> int:
    """The deal the title names (``deal 3 of 30``)."""
    found = re.search(r"deal (\d+) of", screen)
    return int(found.group(1)) if found else 0


def next_deal(tmux: Tmux) -> None:
    """Enter at a deal's end, and wait until the next deal is under way (or over)."""
    before = deal_shown(tmux.screen())
    tmux.keys("Enter")
    end = time.monotonic() + 15
    while deal_shown(tmux.screen()) == before:
        if time.monotonic() > end:
            raise AssertionError(f"the next deal never began:\n{tmux.screen()}")
        time.sleep(0.05)


def table(tmux: Tmux, *keys: str, said: str) -> str:
    """The table menu: T, then ``keys``; the screen must then say ``said``."""
    tmux.text("t")
    tmux.wait_for("The table: what happens?")
    for key in keys:
        if key in ("Enter", "Escape"):
            tmux.keys(key)
        else:
            tmux.text(key)
        time.sleep(0.1)
    return tmux.wait_for(said)


def deal_numbers(events: list, name_seat: int) -> list[int]:
    """The deals in which ``name_seat`` was dealt cards."""
    out, deal = [], 0
    for event in events:
        kind = type(event).__name__
        if kind == "DealStarted":
            deal = event.deal
        elif kind == "CardsDealt" and event.seat == name_seat:
            out.append(deal)
    return out


def test_an_evening_of_comings_and_goings_ends_with_the_right_settle_up(tmux, tmp_path):
    (tmp_path / "ours.yaml").write_text(RULES, encoding="utf-8")
    log = tmp_path / "play.jsonl"
    command = [sys.executable, "-m", "drawpoker", "play", "ours.yaml", "--seed", "7", "--log", str(log)]
    tmux.start([*command, "--pause", "0", "--lang", "en"])
    tmux.wait_for("How many players?")
    tmux.text("3")
    tmux.keys("Enter")
    tmux.wait_for("Name of player 1")
    for name in ("Anna", "Bjørn", "Cato"):
        tmux.text(name)
        tmux.keys("Enter")
    tmux.wait_for("Who does the computer play?")
    tmux.text("2")
    tmux.text("3")
    tmux.keys("Enter")
    tmux.wait_for("Who deals first?")  # the first player named
    tmux.keys("Enter")
    tmux.wait_for("The rules of this session")
    tmux.keys("Enter")

    shown = play_to_deal_over(tmux)  # deal 1
    assert "[T] the table" in shown
    next_deal(tmux)
    play_to_deal_over(tmux)  # deal 2
    shown = table(tmux, "a", "Dag", "Enter", "Enter", "c", "3", said="Dag sits down in seat 4 with 40 chips.")
    assert "The computer plays Dag (strong)." in shown
    next_deal(tmux)
    play_to_deal_over(tmux)  # deal 3
    table(tmux, "s", "2", said="Bjørn sits out (keeping the chips).")
    for _ in range(2):  # deals 4 and 5, without Bjørn
        next_deal(tmux)
        play_to_deal_over(tmux)
    table(tmux, "b", "2", said="Bjørn is back.")
    next_deal(tmux)
    play_to_deal_over(tmux)  # deal 6
    table(tmux, "l", "3", said="Cato leaves the table with")
    table(tmux, "c", "1", "Enter", said="The computer plays for Anna (sensible; the chips stay Anna's).")
    next_deal(tmux)
    play_to_deal_over(tmux)  # deal 7: the computer plays Anna, Bjørn and Dag
    shown = table(tmux, "e", "y", said="The table agrees to end the evening after deal 7.")
    assert "That was the last deal. Press Enter for the final standings." in shown
    tmux.keys("Enter")
    final = tmux.wait_for("Settle-up:")
    assert "The session is over. Final standings:" in final

    evening = summarize(log, ledger=True)
    payments = payments_of(evening.parties(), evening.chip_value)
    lines = final.split("Settle-up:")[1].splitlines()[1 : 1 + max(1, len(payments))]
    said = [line.strip() for line in lines]
    if payments:
        assert said == [f"{payer} pays {payee} {evening.chip_value.text(units)}" for payer, payee, units in payments]
    else:
        assert said == ["Nobody owes anybody anything."]
    assert all(len(line) <= 80 for line in final.splitlines())

    tmux.keys("Enter")
    deadline = time.monotonic() + 15
    while tmux.alive() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not tmux.alive()

    events = [event for _, event in open_history(log).events()]
    kinds = [type(e).__name__ for e in events]
    ended = [i for i, k in enumerate(kinds) if k == "DealEnded"]
    assert kinds.index("PlayerJoined") > ended[1] and kinds.index("PlayerJoined") < kinds.index("DealStarted", ended[1])
    assert deal_numbers(events, 1) == [1, 2, 3, 6, 7]  # Bjørn sat out deals 4 and 5
    assert deal_numbers(events, 2) == [1, 2, 3, 4, 5, 6]  # Cato left after deal 6
    assert deal_numbers(events, 3) == [3, 4, 5, 6, 7]  # Dag arrived after deal 2
    assert "SeatTakenOver" in kinds and kinds[-1] == "SessionEnded" and events[-1].reason == "agreed"
    assert events[kinds.index("PlayerJoined")].bot == "strong"  # the level chosen for Dag ("3": easy, sensible, strong)
    assert events[kinds.index("SeatTakenOver")].strategy == "sensible"  # Enter: the usual level
    assert verify_history(open_history(log)).deals == 7
