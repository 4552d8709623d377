"""``drawpoker play --phones``: the hot-seat table with the players' own
phones (docs/phones.md). The real controller and server on 127.0.0.1,
phones speaking the page's protocol over real WebSockets:

- a whole deal where two players decide on their phones and one at the
  laptop: no hand-over for a phone's seat, the history as without phones
  (verify), nothing of another seat's cards in any frame a phone got;
- a refused decision answered with the engine's reason (Norwegian too),
  changing nothing; a decision out of turn refused;
- a phone dropped mid-decision and its seat taken back to the laptop (L);
- a second device let in only by a yes at the laptop;
- players arriving and leaving between deals: a new address for a new
  seat, a leaver's address no longer works;
- a resumed session gets new addresses, and no secret is in the history;
- the join codes at 80x24, and what ``play --phones`` says when something
  it needs is missing or wrong.
"""

from __future__ import annotations

import asyncio
import re

import pytest

pytest.importorskip("aiohttp", reason="the phones' server (pip install -e '.[phones]')")

from drawpoker.cli.main import main
from drawpoker.client import controller as c
from drawpoker.client.screens import screen_text
from drawpoker.games.evening import Join, Leave
from tests.phones_laptop import Laptop
from tests.phones_table import HANDS, STOCK, leaks, run, stacked


def deck():
    return stacked(HANDS, STOCK, button=0)


async def play_out(table: Laptop, phones: dict, script: dict, laptop_act) -> None:
    """Play until the deal ends: each phone seat's decisions from ``script``
    (in order; showdowns show), the laptop's seat by ``laptop_act``."""
    for _ in range(60):
        await table.settle()
        ctl = table.ctl
        if ctl.screen in (c.DEAL_OVER, c.SESSION_OVER):
            return
        seat = ctl.waiting_seat()
        if ctl.screen == c.PHONE:
            view = await phones[seat].my_turn()
            action = ("show", None) if view["phase"] == "showdown" else script[seat].pop(0)
            answer = await phones[seat].decide(action[0], cards=action[1])
            assert answer["ok"], answer
        elif ctl.screen in (c.HANDOVER, c.TURN, c.AGAIN):
            if ctl.screen == c.AGAIN:
                ctl.acknowledge()
                continue
            await table.laptop_turn(laptop_act)
        elif ctl.screen == c.PEEK:  # the laptop's player sees the cards drawn, then hides them
            ctl.acknowledge()
        else:
            raise AssertionError(f"the laptop shows {ctl.screen}")
    raise AssertionError(f"the deal did not end: {table.screens[-12:]}, {table.ctl.message}")


def test_a_deal_with_two_phones_and_one_player_at_the_laptop(tmp_path):
    laptop_moves = [
        lambda ctl: ctl.act("call"),
        lambda ctl: [ctl.toggle_card(i) for i in (2, 3, 4)] and ctl.confirm_exchange(),
        lambda ctl: ctl.act("fold"),
    ]

    def laptop_act(ctl):
        laptop_moves.pop(0)(ctl)

    async def play():
        async with Laptop(tmp_path, decks=[deck()]) as table:
            phones = {1: await table.phone(1), 2: await table.phone(2)}
            await table.settle()
            # (before Bjørn's phone joined, the laptop rightly showed his hand-over: it counts from here)
            table.screens[:] = [seen for seen in table.screens if seen[0] != c.HANDOVER]
            script = {
                1: [("bet", None), ("call", None), ("exchange", ["Qs", "Js", "9c"]), ("check", None), ("call", None)],
                2: [("raise", None), ("exchange", ["2c"]), ("bet", None)],
            }
            await play_out(table, phones, script, laptop_act)
            await table.settle()
            # no hand-over ever named a phone's seat: they decided on the phone
            assert (c.HANDOVER, 1) not in table.screens and (c.HANDOVER, 2) not in table.screens
            assert (c.PHONE, 1) in table.screens and (c.PHONE, 2) in table.screens
            assert not laptop_moves and not script[1] and not script[2]
            events = table.session.events
            for seat, phone in phones.items():
                assert leaks(phone.frames, seat, events) == []
                last = phone.last("state")
                assert any("wins" in line for line in last["result"]), last["result"]
                assert last["notice"] == "The deal is over: Enter at the laptop goes on."
                assert {row["name"] for row in last["standings"]} == {"Anna", "Bjørn", "Cato"}
            return table.path

    path = run(play())
    assert main(["verify", str(path)]) == 0


def test_a_refusal_is_the_engines_reason_and_changes_nothing_and_out_of_turn_is_refused(tmp_path):
    async def play():
        async with Laptop(tmp_path, decks=[deck()], language="nb") as table:
            phones = {1: await table.phone(1), 2: await table.phone(2)}
            await phones[1].my_turn()
            before = len(table.session.events)
            answer = await phones[1].decide("raise")  # nobody has bet: there is nothing to raise
            assert not answer["ok"] and answer["reason"] and "raise" not in answer["reason"]
            answer = await phones[2].decide("bet")  # Cato: not his turn
            assert answer == {"t": "answer", "id": 1, "ok": False, "reason": "Det er ikke din tur."}
            answer = await phones[1].decide("exchange", cards=["As"])  # not the exchange, not his card
            assert not answer["ok"]
            assert len(table.session.events) == before and table.ctl.screen == c.PHONE
            answer = await phones[1].decide("bet")
            assert answer["ok"] and len(table.session.events) > before

    run(play())


def test_a_phone_gone_mid_decision_is_taken_back_to_the_laptop_and_the_deal_finishes(tmp_path):
    async def play():
        async with Laptop(tmp_path, decks=[deck()]) as table:
            phone = await table.phone(1)
            await phone.my_turn()
            await table.settle()
            assert table.ctl.screen == c.PHONE and table.ctl.waiting_seat() == 1
            await phone.close()  # the phone died
            await table.settle()
            text = screen_text(table.ctl)
            assert "Bjørn's phone is not connected" in text and "[L]" in text
            table.ctl.take_back()
            await table.settle()
            assert table.ctl.screen == c.HANDOVER and table.ctl.handover_seat == 1
            assert not table.link.holds(1)

            def check_or_call(ctl):  # everyone at the laptop now: check or call to the end, stand pat
                if ctl.phase == "exchange":
                    ctl.clear_exchange()
                    ctl.confirm_exchange()
                else:
                    options = [o.action for o in table.session.legal().options]
                    ctl.act("check" if "check" in options else "call" if "call" in options else options[0])

            await table.deal_at_the_laptop(check_or_call)

    run(play())


def test_the_phone_that_held_a_seat_is_told_it_was_taken_back(tmp_path):
    async def play():
        async with Laptop(tmp_path, decks=[deck()]) as table:
            phone = await table.phone(1)
            await phone.my_turn()
            await table.settle()
            table.ctl.take_back()
            await asyncio.wait_for(phone.closed.wait(), 10)
            assert phone.last("bye") == {"t": "bye", "reason": "taken_back"}
            assert table.ctl.screen == c.HANDOVER

    run(play())


def test_a_second_device_needs_a_yes_at_the_laptop(tmp_path):
    async def play():
        async with Laptop(tmp_path, decks=[deck()]) as table:
            first = await table.phone(1)
            second = await table.phone(1)  # another device: it waits
            assert second.last("wait") is not None
            await table.settle()
            assert table.ctl.asked() is not None
            text = screen_text(table.ctl)
            assert "Another phone asks for Bjørn's seat. Let it in?" in text
            table.ctl.answer_approval(False)
            await asyncio.wait_for(second.closed.wait(), 10)
            assert second.last("bye")["reason"] == "refused" and not first.closed.is_set()
            third = await table.phone(1)
            await table.settle()
            table.ctl.answer_approval(True)
            await asyncio.wait_for(first.closed.wait(), 10)
            assert first.last("bye")["reason"] == "moved"
            await third.until(lambda: third.last("welcome"), "the welcome")
            view = await third.my_turn()
            assert view["seat"] == 1 and view["cards"] == ["Kh", "Kd", "Qs", "Js", "9c"]

    run(play())


def test_arrivals_and_departures_between_deals_change_the_addresses(tmp_path):
    async def play():
        async with Laptop(tmp_path, names=("Anna", "Bjørn")) as table:
            leaver = table.link.address(1)
            session = table.session
            # play the first deal out at the laptop

            def fold(ctl):
                ctl.act("fold")
                if ctl.question:  # "Fold? You could check for free.": yes
                    ctl.act("fold")

            await table.deal_at_the_laptop(fold)
            session.submit(Join(2, "Cato", 40))
            session.submit(Leave(1))
            await table.settle()
            assert table.link.seats() == (0, 2)
            cato_url = table.link.address(2)
            async with table.http.get(leaver) as gone:
                assert gone.status == 404
            async with table.http.get(cato_url) as page:
                assert page.status == 200
            return cato_url

    run(play())


def test_a_resumed_session_gets_new_addresses_and_no_secret_is_written(tmp_path):
    from drawpoker.client.launch import resume
    from drawpoker.client.phones import PhoneLink
    from drawpoker.phones.server import PhoneServer

    async def first():
        async with Laptop(tmp_path, decks=[deck()]) as table:
            phone = await table.phone(1)
            await phone.my_turn()
            await phone.decide("bet")
            return [table.link.server.keys.secret(s) for s in table.link.seats()], phone.device

    secrets, device = run(first())
    text = (tmp_path / "phones.jsonl").read_text(encoding="utf-8")
    for secret in [*secrets, device]:
        assert secret not in text

    async def again():
        session, _ = resume(str(tmp_path / "phones.jsonl"), 7)
        link = PhoneLink(PhoneServer({}, host="127.0.0.1", port=0), "127.0.0.1")
        from drawpoker.client.controller import Controller
        from drawpoker.client.look import Look
        from drawpoker.words.i18n import translator

        ctl = Controller(translator("en"), Look(), session=session)
        ctl.phones = link
        await link.start()
        try:
            link.refresh(ctl)
            return [link.server.keys.secret(s) for s in link.seats()]
        finally:
            await link.server.stop()
            session.close()

    fresh = run(again())
    assert len(fresh) == 3 and not set(fresh) & set(secrets)


def test_the_join_codes_fit_80x24_and_every_key_there_acts_or_says_why(tmp_path):
    async def play():
        async with Laptop(tmp_path, decks=[deck()], language="nb") as table:
            ctl = table.ctl
            ctl.open_phones()
            text = screen_text(ctl, 80, 24)
            lines = text.splitlines()
            assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
            assert "Telefoner ved bordet" in text and "█" in text
            assert re.search(r"http://127\.0\.0\.1:\d+/s/", text)
            secret = table.link.server.keys.secret(0)
            assert secret in text.replace("\n", "").replace(" ", "")
            ctl.phones_key("right")
            assert ctl.phones_at == 1 and table.link.server.keys.secret(1) in text_of(ctl)
            ctl.phones_key("x")
            assert "Tasten x gjør ingenting her" in ctl.message
            ctl.phones_key("L")
            assert ctl.message == "Ingen telefon har plassen til Bjørn."
            ctl.phones_key("enter")
            assert not ctl.phones_open
            ctl.open_help()
            shown = screen_text(ctl, 80, 24)
            assert "telefonene: hver plass sin QR-kode og adresse" in shown

    def text_of(ctl):
        return screen_text(ctl, 80, 24).replace("\n", "").replace(" ", "")

    run(play())


def test_play_phones_says_what_is_missing_or_wrong_before_anything_starts(tmp_path, monkeypatch, capsys):
    home = ["--histories", str(tmp_path)]
    assert main(["play", "--phones", "--cert", str(tmp_path / "c.pem"), *home]) != 0
    assert "--cert and --key go together: give both, or neither" in capsys.readouterr().err
    (tmp_path / "c.pem").write_text("not a certificate\n", encoding="utf-8")
    assert main(["play", "--phones", "--cert", str(tmp_path / "c.pem"), "--key", str(tmp_path / "c.pem"), *home]) != 0
    err = capsys.readouterr().err
    assert "cannot use them for https" in err and "Traceback" not in err
    assert main(["play", "--phones", "--port", "70000", *home]) != 0
    assert "--port is a port number from 0 to 65535, not 70000" in capsys.readouterr().err
    import drawpoker.phones as phones

    monkeypatch.setattr(phones, "missing", lambda: ["aiohttp"])
    assert main(["play", "--phones", *home]) != 0
    assert ".venv/bin/pip install -e '.[phones]'" in capsys.readouterr().err


def test_the_phones_setting(tmp_path, monkeypatch):
    from drawpoker.settings import _check

    assert _check("phones", "yes") is True and _check("phones", False) is False
    with pytest.raises(ValueError):
        _check("phones", "maybe")


def test_a_phone_page_s_address_is_the_laptops_and_the_server_stops_with_the_table(tmp_path):
    async def play():
        async with Laptop(tmp_path, decks=[deck()]) as table:
            url = table.link.address(0)
            assert url.startswith("http://127.0.0.1:")
            return url

    url = run(play())

    async def after():
        import aiohttp

        async with aiohttp.ClientSession() as http:
            with pytest.raises(aiohttp.ClientConnectionError):
                async with http.get(url, timeout=aiohttp.ClientTimeout(total=5)):
                    pass

    run(after())


def test_every_key_on_the_phones_screens_acts_or_says_why(tmp_path):
    """Issue 24's property on the screens of phones: the laptop waiting for a
    phone, the join codes, a second phone's request."""
    from tests.keyboard import EVERY_KEY, keyboard

    def silent_keys(ctl, kb, where, acting, reset) -> list[str]:
        found = []
        for name, data in EVERY_KEY.items():
            if name in acting:
                continue
            ctl.message = None
            before = screen_text(ctl, 80, 24)
            kb.press(data)
            after = screen_text(ctl, 80, 24)
            if after == before and not kb.ended:
                found.append(f"{name!r} on {where}")
            kb.reopen()
            reset()
        return found

    async def play():
        async with Laptop(tmp_path, decks=[deck()]) as table:
            ctl = table.ctl
            phone = await table.phone(1)
            await phone.my_turn()
            await table.settle()
            assert ctl.screen == c.PHONE
            kb = keyboard(ctl)
            try:

                def back_to_phone():
                    ctl.help_open = ctl.quit_asked = ctl.phones_open = False
                    ctl.menu = None

                # L takes the seat back (tested above); Ctrl-C and ? open their own screens
                silent = silent_keys(ctl, kb, "the laptop waiting for a phone", {"l", "L"}, back_to_phone)
                assert ctl.screen == c.PHONE and table.link.holds(1)
                ctl.open_phones()

                def codes_again():
                    ctl.phones_open, ctl.phones_at, ctl.quit_asked = True, 0, False

                silent += silent_keys(ctl, kb, "the join codes", {"l", "L"}, codes_again)
                ctl.phones_open = False
                second = await table.phone(1)
                await table.settle()
                assert ctl.asked() is not None

                def still_asked():
                    ctl.quit_asked = False

                silent += silent_keys(ctl, kb, "a second phone's request", {"y", "Y", "n", "N", "j", "J"}, still_asked)
                assert ctl.asked() is not None and not second.closed.is_set()
                kb.press("n")
                assert ctl.asked() is None
            finally:
                kb.close()
            assert silent == []

    run(play())


def test_play_phones_with_a_certificate_serves_https(tmp_path):
    import shutil
    import ssl
    import subprocess
    from types import SimpleNamespace

    import aiohttp

    from drawpoker.client.launch import phone_link
    from drawpoker.words.i18n import translator

    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed (it makes the test certificate)")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subj = ["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"]
    made = subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", *subj]
        + ["-keyout", str(key), "-out", str(cert)],
        capture_output=True,
        timeout=60,
    )
    assert made.returncode == 0, made.stderr
    args = SimpleNamespace(cert=str(cert), key=str(key), port=0, listen="127.0.0.1")
    link = phone_link(args, translator("en"))

    async def go():
        table = Laptop(tmp_path)
        table.link = link
        table.ctl.phones = link
        async with table:
            url = link.address(0)
            assert url.startswith("https://127.0.0.1:")
            trust = ssl.create_default_context(cafile=str(cert))
            async with aiohttp.ClientSession() as http, http.get(url, ssl=trust) as page:
                assert page.status == 200 and "<html" in (await page.text())

    run(go())


def test_an_address_the_laptop_cannot_listen_on_is_one_sentence():
    from drawpoker.client.phones import PhoneLink
    from drawpoker.errors import DrawpokerError
    from drawpoker.phones.server import PhoneServer

    link = PhoneLink(PhoneServer({}, host="10.255.255.1", port=0), "10.255.255.1")
    with pytest.raises(DrawpokerError) as caught:
        run(link.start())
    said = str(caught.value)
    assert said.startswith("cannot listen for phones on 10.255.255.1: ") and said.endswith(
        "; choose another address with --listen"
    )
    assert "(" not in said  # no Python tuple of the address


def test_a_port_taken_gives_another_free_port():
    import socket

    from drawpoker.client.phones import PhoneLink
    from drawpoker.phones.server import PhoneServer

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        link = PhoneLink(PhoneServer({}, host="127.0.0.1", port=port), "127.0.0.1")

        async def go():
            await link.start()
            try:
                return link.server.port
            finally:
                await link.server.stop()

        assert run(go()) not in (0, port)


# ---------------------------------------------------------------- a second read's findings, each a test


def test_a_laptop_player_always_gets_a_hand_over_after_phones_have_played(tmp_path):
    """The laptop shows the public table while a phone decides: whoever plays
    at the laptop next is handed it again, cards hidden until then."""

    async def play():
        async with Laptop(tmp_path, decks=[deck()]) as table:
            phones = {1: await table.phone(1), 2: await table.phone(2)}
            moves = [("check", None), ("call", None), ("exchange", []), ("check", None)]
            script = {1: list(moves), 2: list(moves)}

            def laptop_act(ctl):
                if ctl.phase == "showdown":
                    ctl.act("show")
                elif ctl.phase == "exchange":
                    ctl.clear_exchange()
                    ctl.confirm_exchange()
                else:
                    ctl.act("bet" if ctl.state.round == 1 else "check")

            await play_out(table, phones, script, laptop_act)
            turns = [i for i, seen in enumerate(table.screens) if seen == (c.TURN, 0)]
            assert len(turns) >= 2
            for i in turns:  # each of Anna's turns: her hand-over since the laptop last showed anything else
                j = i - 1
                while table.screens[j] in ((c.AGAIN, 0), (c.TURN, 0), (c.PEEK, 0)):
                    j -= 1
                assert table.screens[j] == (c.HANDOVER, 0), table.screens

    run(play())


def test_only_the_phone_the_laptop_waits_for_is_offered_actions(tmp_path):
    async def play():
        async with Laptop(tmp_path, decks=[deck()]) as table:
            cato = await table.phone(2)
            bjorn = await table.phone(1)
            await bjorn.my_turn()
            await bjorn.decide("check")
            await table.settle()
            await cato.decide("check")
            await table.settle()
            assert table.ctl.screen == c.HANDOVER and table.ctl.handover_seat == 0
            for phone in (bjorn, cato):
                state = phone.last("state")
                assert state["view"]["legal"] is None and state["view"]["coach"] is None
                assert state["notice"] == "The laptop goes to Anna."

    run(play())


def test_the_only_person_among_computers_holding_a_phone_is_not_shown_on_the_laptop(tmp_path):
    async def play():
        decks = [stacked(["Ah Ad 7c 4s 2d", "5h 6h 7h 8h 2c"], STOCK, button=0)]
        async with Laptop(tmp_path, names=("Anna", "Bo"), computer=[False, True], decks=decks) as table:
            table.ctl.pause = 1.0  # the computer waits for its pause: its turn stays on the screen
            anna = await table.phone(0)
            await anna.until(lambda: anna.last("state"), "a state")
            await table.settle()
            if table.ctl.screen == c.PHONE:  # Anna's turn: she bets on her phone, then Bo thinks
                assert (await anna.decide("bet"))["ok"]
                await table.settle()
            assert table.ctl.screen == c.WATCH and table.ctl.viewer is None
            shown = screen_text(table.ctl)
            assert "Anna's cards" not in shown and "Ah" not in shown

    run(play())


def test_a_phone_joining_under_the_table_menu_waits_for_it(tmp_path):
    async def play():
        async with Laptop(tmp_path, decks=[deck()]) as table:
            ctl = table.ctl
            await table.settle()
            assert ctl.screen == c.HANDOVER and ctl.handover_seat == 1
            ctl.open_menu()
            assert ctl.menu is not None
            bjorn = await table.phone(1)
            await table.settle()
            assert ctl.screen == c.HANDOVER and ctl.menu is not None  # nothing moves under the menu
            answer = await bjorn.decide("check")
            assert answer["ok"] is False and before_menu_closed(answer)
            ctl.menu_key("escape")
            ctl.menu = None
            await table.settle()
            assert ctl.screen == c.PHONE
            assert (await bjorn.decide("check"))["ok"]

    def before_menu_closed(answer):
        return answer["reason"] in ("It is not your turn.",)

    run(play())


def test_a_seat_taken_back_needs_a_new_code_and_a_yes_and_then_gets_a_hand_over(tmp_path):
    async def play():
        async with Laptop(tmp_path, decks=[deck()]) as table:
            ctl = table.ctl
            old = table.url(1)
            bjorn = await table.phone(1)
            await bjorn.my_turn()
            await table.settle()
            ctl.take_back()
            await asyncio.wait_for(bjorn.closed.wait(), 10)
            assert table.url(1) != old
            async with table.http.get(old) as gone:
                assert gone.status == 404  # the old page cannot take the seat back by a reload
            again = await table.phone(1)  # the new code: Bjørn has played at the laptop, so the laptop is asked
            assert again.last("wait") is not None
            await table.settle()
            assert ctl.asked().first and "played at the laptop until now" in screen_text(ctl)
            ctl.answer_approval(True)
            await again.until(lambda: again.last("welcome"), "the welcome")
            await table.settle()
            assert ctl.screen == c.PHONE
            ctl.take_back()
            await table.settle()
            assert ctl.screen == c.HANDOVER  # not his cards on the screen at once

    run(play())


def test_a_leavers_phone_is_told_it_left(tmp_path):
    async def play():
        async with Laptop(tmp_path, names=("Anna", "Bjørn", "Cato")) as table:
            cato = await table.phone(2)
            await cato.until(lambda: cato.last("state"), "a state")
            table.session.submit(Leave(2))  # asked during the deal: takes effect at its end
            for _ in range(40):
                await table.settle()
                if table.link.seats() == (0, 1):
                    break
                ctl = table.ctl
                if ctl.screen == c.PHONE:
                    await cato.decide("fold")
                elif ctl.screen == c.HANDOVER:
                    ctl.reveal()
                elif ctl.screen in (c.AGAIN, c.PEEK, c.DEAL_OVER):
                    ctl.acknowledge()
                elif ctl.screen == c.TURN:
                    ctl.act("fold")
                    if ctl.question:
                        ctl.act("fold")
            await asyncio.wait_for(cato.closed.wait(), 10)
            assert cato.last("bye") == {"t": "bye", "reason": "left"}

    run(play())


def test_phone_options_without_phones_and_a_bad_certificate_in_norwegian(tmp_path, capsys):
    home = ["--histories", str(tmp_path)]
    assert main(["play", "--no-phones", "--port", "9000", *home]) != 0
    assert "--port: only for playing with phones; add --phones" in capsys.readouterr().err
    (tmp_path / "c.pem").write_text("not a certificate\n", encoding="utf-8")
    pem = str(tmp_path / "c.pem")
    assert main(["play", "--phones", "--lang", "nb", "--cert", pem, "--key", pem, *home]) != 0
    err = capsys.readouterr().err
    assert "kan ikke brukes til https: de er ikke et sertifikat og nøkkelen til det i PEM" in err


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_join_codes_wrap_their_lines_and_show_a_refusal_whole(tmp_path, language):
    """Found at 80x24: the sentence saying why a key does nothing at the
    codes ("The key x does nothing here: ←→ another seat, L take a seat back
    to the laptop, Enter close.") was cut at the edge, in both languages;
    in Norwegian so was the L key's line ("... tilbake til den bær…"), and
    a long name pushed a seat's state off its line."""
    from drawpoker.client.lines import plain, width
    from drawpoker.client.screens import screen_lines

    names = ("Anna-Kristine", "Bjørn", "Cato")

    async def play():
        async with Laptop(tmp_path, decks=[deck()], language=language, names=names) as table:
            ctl, tr = table.ctl, table.tr
            ctl.open_phones()
            ctl.phones_key("x")
            refusal = ctl.message
            assert refusal
            for columns, rows in ((80, 24), (120, 40)):
                lines = [plain(line) for line in screen_lines(ctl, columns, rows)]
                assert len(lines) <= rows and all(width(line) <= columns for line in lines), lines
                shown = " ".join(" ".join(line.lstrip(" █▀▄") for line in lines).split())  # beside the QR code
                for said in (refusal, tr._("take this seat back to the laptop"), tr._("plays at the laptop")):
                    assert " ".join(said.split()) in shown, (said, lines)
                assert "…" not in shown and any("█" in line for line in lines)  # the code is there

    run(play())


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("first", [True, False])
def test_a_phones_request_asks_its_whole_question_at_80x24(tmp_path, language, first):
    """Found at 80x24 in Norwegian: the question for a seat played at the
    laptop until now ("En telefon ber om plassen til {name}, som til nå er
    spilt ved den bærbare. Slippe den inn?") was cut at the edge, the
    question itself ("Slippe den inn?") lost. It is wrapped, centred."""
    from drawpoker.client.lines import plain, width
    from drawpoker.client.screens import screen_lines
    from drawpoker.phones.server import Approval

    async def play():
        async with Laptop(tmp_path, decks=[deck()], language=language, names=("Anna-Kristin", "Bjørn")) as table:
            ctl, tr = table.ctl, table.tr
            ctl.approvals.append(Approval(0, "Anna-Kristin", first=first))
            question = (
                tr._("A phone asks for {name}'s seat, played at the laptop until now. Let it in?")
                if first
                else tr._("Another phone asks for {name}'s seat. Let it in?")
            ).format(name="Anna-Kristin")
            for columns, rows in ((80, 24), (120, 40)):
                lines = [plain(line) for line in screen_lines(ctl, columns, rows)]
                assert len(lines) <= rows and all(width(line) <= columns for line in lines), lines
                shown = " ".join(" ".join(lines).split())
                assert question in shown and "…" not in shown, lines
                only = tr._("Only if {name} asks: the seat's cards go to that phone.").format(name="Anna-Kristin")
                assert tr._("let it in") in shown and only in shown

    run(play())


def test_the_codes_say_when_the_laptop_is_on_no_network(tmp_path):
    async def play():
        async with Laptop(tmp_path, decks=[deck()]) as table:
            table.link.alone = True
            table.ctl.open_phones()
            assert "This laptop is on no network" in screen_text(table.ctl)

    run(play())


def test_a_certificate_that_is_a_named_pipe_is_one_sentence_not_a_hang(tmp_path, capsys):
    import os

    pipe = tmp_path / "cert.pem"
    os.mkfifo(pipe)
    assert main(["play", "--phones", "--cert", str(pipe), "--key", str(pipe), "--histories", str(tmp_path)]) != 0
    err = capsys.readouterr().err
    assert "cert.pem: is a named pipe (FIFO), not a file" in err and "Traceback" not in err


def test_config_sets_and_shows_the_phones_setting(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    assert main(["config", "set", "phones", "maybe"]) != 0
    assert "phones: expected true or false, found 'maybe'" in capsys.readouterr().err
    assert main(["config", "set", "phones", "true"]) == 0
    capsys.readouterr()
    assert main(["config", "show"]) == 0
    assert "phones:    true" in capsys.readouterr().out
    assert main(["config", "unset", "phones"]) == 0
    capsys.readouterr()
    assert main(["config", "show"]) == 0
    assert "phones:    false (the default)" in capsys.readouterr().out
