"""``drawpoker play --phones`` in a real terminal: tmux at 80×24, the
laptop's side read with capture-pane while a phone (a WebSocket speaking
the page's protocol) holds one seat.

After the setup the join codes are on the screen: a QR code and each
seat's address, read off the screen and opened by the phone; the seat then
says "phone connected". The phone's player decides on the phone: the
laptop never shows "Pass to" them nor their cards, and says whom it waits
for; the other player plays at the laptop with hand-overs as ever. L takes
the seat back to the laptop mid-decision (its phone is told), and the deal
goes on with a hand-over. Skipped only without tmux (CI installs it)."""

from __future__ import annotations

import asyncio
import re
import sys
import time

import pytest

pytest.importorskip("aiohttp", reason="the phones' server (pip install -e '.[phones]')")

from drawpoker.client.look import card_text
from tests.phones_laptop import WsPhone
from tests.test_tmux_play import SUITS, Tmux, hands, pytestmark  # noqa: F401


@pytest.fixture
def tmux(tmp_path):
    t = Tmux(tmp_path)
    yield t
    t.close()


def address_of(screen: str, name: str) -> str:
    """The join address the codes' screen shows for ``name``'s seat (split over two lines)."""
    lines = screen.splitlines()
    for i, line in enumerate(lines):
        found = re.search(r"(http://127\.0\.0\.1:\d+/s/)\s*$", line)
        if found:
            secret = lines[i + 1].strip().split()[-1]
            return found.group(1) + secret
    raise AssertionError(f"no address for {name} on the screen:\n{screen}")


def test_a_phone_holds_a_seat_at_the_real_terminal_and_l_takes_it_back(tmux, tmp_path):
    log = tmp_path / "phones.jsonl"
    command = [sys.executable, "-m", "drawpoker", "play", "--seed", "11", "--log", str(log), "--pause", "0"]
    tmux.start([*command, "--lang", "en", "--phones", "--listen", "127.0.0.1", "--port", "0"])
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
    tmux.wait_for("Who deals first?")
    tmux.keys("Enter")
    tmux.wait_for("The rules of this session")
    tmux.keys("Enter")
    codes = tmux.wait_for("Phones at the table")
    assert "▶1 Ada" in codes and "plays at the laptop" in codes and "█" in codes
    assert max(len(line) for line in codes.splitlines()) <= 80
    tmux.keys("Right")
    codes = tmux.wait_for("Bjørn: scan the code, or open")
    url = address_of(codes, "Bjørn")

    async def with_phone() -> None:
        import aiohttp

        async with aiohttp.ClientSession() as http:
            phone = await WsPhone(http, url).open()
            await phone.until(lambda: phone.last("state"), "the first state")
            tmux.wait_for("phone connected")
            tmux.keys("Enter")  # the codes close
            # Heads-up, Ada has the button: Bjørn acts first, on his phone
            waiting = tmux.wait_for("Bjørn decides on the phone")
            dealt = hands(log)
            assert "Pass to Bjørn" not in waiting and not SUITS & set(waiting.split("─")[0])
            assert not [c for c in dealt["Bjørn"] if card_text(c, True) in waiting]
            view = await phone.my_turn()
            assert view["cards"] == [str(c) for c in dealt["Bjørn"]]
            assert (await phone.decide("check"))["ok"]
            tmux.wait_for("Pass to Ada")  # Ada has no phone: the hand-over as ever
            tmux.keys("Enter")
            tmux.wait_for("Ada's cards:")
            tmux.text("b")  # Ada bets: Bjørn decides again, on his phone
            screen = tmux.wait_for("Bjørn decides on the phone")
            assert not [c for c in dealt["Bjørn"] if card_text(c, True) in screen]
            tmux.text("x")
            assert "The key x does nothing here." in tmux.wait_for("The key x does nothing here.")
            tmux.text("l")  # Bjørn's phone is put away: the laptop takes his seat back
            tmux.wait_for("Bjørn plays at the laptop again.")
            tmux.wait_for("Pass to Bjørn")
            await asyncio.wait_for(phone.closed.wait(), 10)
            assert phone.last("bye") == {"t": "bye", "reason": "taken_back"}
            tmux.keys("Enter")
            tmux.wait_for("Bjørn's cards:")

    asyncio.run(asyncio.wait_for(with_phone(), 90))
    tmux.keys("C-c")
    tmux.wait_for("Leave the game?")
    tmux.text("y")
    deadline = time.monotonic() + 15
    while tmux.alive() and time.monotonic() < deadline:
        time.sleep(0.1)
    text = log.read_text(encoding="utf-8")
    assert "/s/" not in text and url.rsplit("/", 1)[1] not in text  # the secret is never written


def test_the_codes_speak_norwegian(tmux, tmp_path):
    log = tmp_path / "nb.jsonl"
    command = [sys.executable, "-m", "drawpoker", "play", "--seed", "3", "--log", str(log), "--pause", "0"]
    tmux.start([*command, "--lang", "nb", "--phones", "--listen", "127.0.0.1", "--port", "0"])
    tmux.wait_for("Hvor mange spillere?")
    tmux.text("2")
    tmux.keys("Enter")
    tmux.wait_for("Navn på spiller 1")
    tmux.text("Ada")
    tmux.keys("Enter")
    tmux.text("Bo")
    tmux.keys("Enter")
    tmux.wait_for("Hvem spiller datamaskinen?")
    tmux.keys("Enter")
    tmux.wait_for("Hvem gir først?")
    tmux.keys("Enter")
    tmux.wait_for("Reglene for denne økten")
    tmux.keys("Enter")
    codes = tmux.wait_for("Telefoner ved bordet")
    assert "spiller ved den bærbare" in codes and "Vanlig HTTP" in codes
    tmux.keys("Enter")
    tmux.wait_for("Gi skjermen til Bo")
