"""The phones' server without a browser: aiohttp's own client as the phones,
loopback only, every wait bounded. The table is the test double of
``tests/phones_table.py``: real engine deals.

What is checked: a wrong secret, no secret and a route that does not exist
get the same answer; a second device waits for a yes and changes nothing
until then; a reload (the same device key) comes back to its seat with the
current state; oversized, malformed and too many messages, and a flood of
requests, are refused and change nothing; a decision is answered on the
connection that sent it, taken or refused with the engine's reason; no
frame ever holds another seat's unshown card over whole random deals; TLS;
stopping tells every phone.
"""

from __future__ import annotations

import asyncio
import json
import random
import ssl
import subprocess

import pytest

aiohttp = pytest.importorskip("aiohttp", reason="the phones' server needs aiohttp (pip install -e '.[test]')")

from drawpoker.phones import INSTALL, missing, missing_note  # noqa: E402
from drawpoker.phones.keys import SECRET_BYTES, SeatKeys  # noqa: E402
from drawpoker.phones.limits import Limits  # noqa: E402
from drawpoker.phones.server import PhoneServer, tls_context  # noqa: E402
from drawpoker.phones.words import page_words  # noqa: E402
from tests.phones_table import HANDS, STOCK, PhoneTable, leaks, run, stacked  # noqa: E402


def ws_url(table, seat):
    return table.url(seat).replace("http://", "ws://").replace("/s/", "/ws/")


class Phone:
    """One phone: a WebSocket and every frame it received."""

    def __init__(self, ws):
        self.ws = ws
        self.frames: list[str] = []
        self.ids = iter(range(1, 10**6))

    async def next(self, kind=None, timeout=10):
        """The next frame (of ``kind``), as a dict."""
        while True:
            msg = await self.ws.receive(timeout=timeout)
            if msg.type != aiohttp.WSMsgType.TEXT:
                return {"t": "_closed", "code": self.ws.close_code}
            self.frames.append(msg.data)
            data = json.loads(msg.data)
            if kind is None or data["t"] == kind:
                return data

    async def decide(self, action, amount=None, cards=None):
        ident = next(self.ids)
        await self.ws.send_str(
            json.dumps({"t": "decide", "id": ident, "action": action, "amount": amount, "cards": cards})
        )
        return ident

    async def answer(self, ident):
        while True:
            data = await self.next("answer")
            if data["id"] == ident:
                return data


async def join(http, table, seat, device=None):
    ws = await http.ws_connect(ws_url(table, seat))
    await ws.send_str(json.dumps({"t": "hello", "device": device}))
    return Phone(ws)


async def _table(**kw):
    kw.setdefault("decks", [stacked(HANDS, STOCK), stacked(HANDS, STOCK)])
    table = PhoneTable(**kw)
    await table.start()
    return table


def test_the_extra_is_named_when_missing(monkeypatch):
    import importlib.util

    assert missing() == [] and missing_note() is None
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None if name == "segno" else real(name))
    note = missing_note()
    assert str(note) == f"Playing with phones needs segno; install them with: {INSTALL}"
    assert INSTALL == ".venv/bin/pip install -e '.[phones]'"
    from drawpoker.words.i18n import Translator

    assert Translator("nb").say(note) == f"Å spille med telefoner krever segno; installer dem med: {INSTALL}"


def test_secrets_are_fresh_128_bits_and_differ_by_seat_and_session():
    one, two = SeatKeys(range(6)), SeatKeys(range(6))
    secrets_ = [one.secret(s) for s in range(6)] + [two.secret(s) for s in range(6)]
    assert len(set(secrets_)) == 12
    assert SECRET_BYTES * 8 >= 128
    assert all(len(s) == 22 for s in secrets_)  # 16 bytes, URL-safe base64
    assert one.seat_of(two.secret(0)) is None and one.seat_of(one.secret(4)) == 4
    assert one.seat_of(one.secret(4)[:-1]) is None and one.seat_of(one.secret(4) + "A") is None


def test_a_wrong_secret_no_secret_and_no_route_get_the_same_plain_answer():
    async def go():
        table = await _table()
        try:
            base = f"http://127.0.0.1:{table.server.port}"
            good = table.url(0)
            wrong = good[:-4] + ("AAAA" if not good.endswith("AAAA") else "BBBB")
            answers = []
            async with aiohttp.ClientSession() as http:
                for url in (
                    wrong,
                    f"{base}/s/",
                    f"{base}/nothing",
                    f"{base}/ws/{wrong.rsplit('/', 1)[1]}",
                    f"{base}/static/other.js",
                    f"{base}/s/{table.server.keys.secret(1)}x",
                    f"{base}/",
                ):
                    async with http.get(url) as r:
                        headers = {k: v for k, v in r.headers.items() if k not in ("Date", "Server")}
                        answers.append((r.status, await r.text(), headers))
                async with http.post(good, data=b"x") as r:
                    answers.append(
                        (r.status, await r.text(), {k: v for k, v in r.headers.items() if k not in ("Date", "Server")})
                    )
                async with http.get(good + "?seat=1") as r:
                    answers.append(
                        (r.status, await r.text(), {k: v for k, v in r.headers.items() if k not in ("Date", "Server")})
                    )
                async with http.get(good) as r:
                    assert r.status == 200 and "<html" in await r.text()
                    assert r.headers["Referrer-Policy"] == "no-referrer"
                    assert "default-src 'none'" in r.headers["Content-Security-Policy"]
                    assert "Cache-Control" in r.headers
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await http.ws_connect(f"ws://127.0.0.1:{table.server.port}/ws/{wrong.rsplit('/', 1)[1]}")
                assert refused.value.status == 404
            assert all(a == answers[0] for a in answers), answers
            assert answers[0][0] == 404 and page_words("en")["bye_gone"].replace("'", "&#x27;") in answers[0][1]
            assert not table.server.keys.has_device(0) and table.taken == []
        finally:
            await table.stop()

    run(go())


def test_a_phone_gets_its_seat_its_cards_and_plays_a_decision():
    async def go():
        table = await _table()
        try:
            async with aiohttp.ClientSession() as http:
                bjorn = await join(http, table, 1)
                welcome = await bjorn.next("welcome")
                assert welcome["seat"] == 1 and len(welcome["device"]) == 22
                state = await bjorn.next("state")
                assert state["view"]["cards"] == ["Kh", "Kd", "Qs", "Js", "9c"]
                assert [a["action"] for a in state["view"]["legal"]["actions"]] == ["fold", "check", "bet"]
                assert "Bjørn" in json.dumps(state, ensure_ascii=False)
                # out of turn: the engine's reason, and nothing changes
                cato = await join(http, table, 2)
                await cato.next("state")
                version = table.state.version
                answer = await cato.answer(await cato.decide("check"))
                assert answer == {"t": "answer", "id": 1, "ok": False, "reason": "It is Bjørn's turn, not Cato's."}
                assert table.state.version == version
                # a word that is no action, and cards that are no cards: refused, nothing changes
                answer = await bjorn.answer(await bjorn.decide("dance"))
                assert answer["reason"] == "'dance', which is not something a player does in a draw game"
                assert table.state.version == version
                answer = await bjorn.answer(await bjorn.decide("bet"))
                assert answer["ok"] is True
                after = await cato.next("state")
                assert after["view"]["to_act"] == 2 and "Bjørn bets 1." in after["log"]
                assert [a["action"] for a in after["view"]["legal"]["actions"]] == ["fold", "call", "raise"]
        finally:
            await table.stop()

    run(go())


def test_a_reload_comes_back_to_the_seat_with_the_current_state():
    async def go():
        table = await _table()
        try:
            async with aiohttp.ClientSession() as http:
                bjorn = await join(http, table, 1)
                device = (await bjorn.next("welcome"))["device"]
                await bjorn.answer(await bjorn.decide("bet"))
                await bjorn.ws.close()
                again = await join(http, table, 1, device)
                assert (await again.next("welcome"))["device"] == device
                state = await again.next("state")
                assert state["view"]["to_act"] == 2 and state["view"]["seats"][1]["bet"] == 1
                assert state["view"]["cards"] == ["Kh", "Kd", "Qs", "Js", "9c"]
                assert table.asked == []  # the same device: nobody was asked
                # the old connection still open (a phone back from sleep opens a new one first; or a
                # second tab of the same phone): the same device, not another phone
                third = await join(http, table, 1, device)
                await third.next("state")
                assert (await again.next("bye"))["reason"] == "another_tab"
                assert table.server.connected(1)
        finally:
            await table.stop()

    run(go())


def test_a_second_device_waits_for_a_yes_and_changes_nothing_until_then():
    async def go():
        table = await _table()
        try:
            async with aiohttp.ClientSession() as http:
                first = await join(http, table, 0)
                await first.next("state")
                second = await join(http, table, 0)
                assert (await second.next())["t"] == "wait"
                for _ in range(50):
                    if table.asked:
                        break
                    await asyncio.sleep(0.01)
                (asked,) = table.asked
                assert (asked.seat, asked.name) == (0, "Anna")
                # while waiting, what it says is not a decision
                await second.decide("fold")
                await asyncio.sleep(0.05)
                assert table.taken == [] and table.refusals == []
                asked.answer(False)
                assert await second.next() == {"t": "bye", "reason": "refused"}
                assert not any('"state"' in f for f in second.frames)
                assert table.server.connected(0)
                # a third device, let in: it holds the seat; the first is told it moved
                third = await join(http, table, 0)
                assert (await third.next())["t"] == "wait"
                for _ in range(50):
                    if len(table.asked) == 2:
                        break
                    await asyncio.sleep(0.01)
                table.asked[1].answer(True)
                assert (await third.next())["t"] == "welcome"
                assert (await third.next("state"))["view"]["cards"] == ["Ah", "Ad", "7c", "4s", "2d"]
                assert (await first.next("bye"))["reason"] == "moved"
                # a device that leaves while waiting withdraws its request
                fourth = await join(http, table, 0)
                assert (await fourth.next())["t"] == "wait"
                await fourth.ws.close()
                for _ in range(50):
                    if len(table.asked) == 3 and table.asked[2].withdrawn:
                        break
                    await asyncio.sleep(0.01)
                assert table.asked[2].withdrawn
                table.asked[2].answer(True)  # too late: changes nothing
                assert table.server.connected(0)
        finally:
            await table.stop()

    run(go())


def test_oversized_malformed_and_too_many_messages_are_refused_and_change_nothing():
    async def go():
        table = await _table(limits=Limits(message_burst=5, message_rate=0.5, max_message=512))
        try:
            async with aiohttp.ClientSession() as http:
                version = table.state.version
                big = await join(http, table, 1)
                await big.next("state")
                await big.ws.send_str(
                    json.dumps({"t": "decide", "id": 1, "action": "bet", "amount": None, "cards": ["As"] * 200})
                )
                assert (await big.next("_closed"))["code"] == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
                bad = await join(http, table, 1, device=None)
                # the seat's device is the first connection's: a new one waits, so join as it
                assert (await bad.next())["t"] == "wait"
                await bad.ws.close()
                table.server.release(1)
                bad = await join(http, table, 1)
                await bad.next("state")
                await bad.ws.send_str('{"t": "decide", "id": 1, "action": "bet", "amount": 1.5, "cards": null}')
                assert (await bad.next("_closed"))["code"] == aiohttp.WSCloseCode.POLICY_VIOLATION
                table.server.release(1)
                flood = await join(http, table, 1)
                await flood.next("state")
                for i in range(40):
                    if flood.ws.closed:
                        break
                    await flood.ws.send_str(
                        json.dumps({"t": "decide", "id": i, "action": "dance", "amount": None, "cards": None})
                    )
                assert (await flood.next("bye"))["reason"] == "busy"
                assert len(table.refusals) <= 5  # only what the bucket let through reached the table
                assert table.state.version == version and table.taken == []
                assert table.server.refused.get("flood") == 1
                # headers and request lines past their limits
                async with http.get(table.url(1) + "x" * 2000) as r:
                    assert r.status in (400, 414)
                async with http.get(table.url(1), headers={"X-Big": "y" * 5000}) as r:
                    assert r.status in (400, 431)
        finally:
            await table.stop()

    run(go())


def test_a_flood_of_requests_is_refused_and_changes_nothing():
    async def go():
        table = await _table(limits=Limits(http_burst=20, http_rate=1.0))
        try:
            version = table.state.version
            async with aiohttp.ClientSession() as http:
                statuses = []
                for _ in range(60):
                    async with http.get(table.url(0)) as r:
                        statuses.append(r.status)
                assert statuses.count(200) <= 22 and statuses.count(429) >= 38
                assert set(statuses) == {200, 429}
            assert table.state.version == version and not table.server.keys.has_device(0)
        finally:
            await table.stop()

    run(go())


def test_no_frame_holds_another_seats_cards_over_random_deals():
    async def go():
        rng = random.Random(28)
        for ruleset, players in (("morkpoker", 3), ("no-limit-draw", 4), ("jackpots", 3)):
            table = PhoneTable(ruleset, players, seed=rng.randrange(10**6))
            await table.start()
            try:
                async with aiohttp.ClientSession() as http:
                    phones = [await join(http, table, seat) for seat in range(players)]
                    for phone in phones:
                        await phone.next("state")
                    for _ in range(120):
                        seat = table.state.to_act
                        if seat is None or table.state.deal > 4:
                            break
                        view = table.views()[seat]
                        legal = view["legal"]
                        option = rng.choice(legal["actions"])
                        cards = None
                        amount = None
                        if option["action"] == "exchange":
                            cards = rng.sample(view["cards"], rng.randint(0, min(3, legal["exchange"]["max"])))
                        elif option["action"] in ("bet", "raise"):
                            amount = option["to"]
                            if legal["range"]:
                                amount = rng.randint(legal["range"]["min_to"], legal["range"]["max_to"])
                        answer = await phones[seat].answer(await phones[seat].decide(option["action"], amount, cards))
                        if not answer["ok"]:  # openers, a split opener: the engine's reason; then fold
                            await phones[seat].answer(await phones[seat].decide("fold"))
                    assert table.state.deal >= 2, ruleset
                    await asyncio.sleep(0.05)
                    for seat, phone in enumerate(phones):
                        while True:
                            try:
                                await phone.next(timeout=0.05)
                            except TimeoutError:
                                break
                        assert leaks(phone.frames, seat, table.events_all) == [], ruleset
                        assert sum('"state"' in f for f in phone.frames) >= 5
            finally:
                await table.stop()

    run(go(), timeout=120)


def test_stopping_tells_every_phone_and_releasing_a_seat_lets_a_new_phone_in():
    async def go():
        table = await _table()
        presence = []
        table.server.on_presence = lambda seat, here: presence.append((seat, here))
        async with aiohttp.ClientSession() as http:
            anna = await join(http, table, 0)
            await anna.next("state")
            bjorn = await join(http, table, 1)
            await bjorn.next("state")
            table.server.release(1)
            assert (await bjorn.next("bye"))["reason"] == "taken_back"
            again = await join(http, table, 1)  # a new device, no yes needed: the seat was let go
            assert (await again.next())["t"] == "welcome"
            await table.stop()
            assert (await anna.next("bye"))["reason"] == "closed"
            assert (await again.next("bye"))["reason"] == "closed"
            with pytest.raises(aiohttp.ClientError):
                async with http.get(table.url(0)):
                    pass
        assert presence[:3] == [(0, True), (1, True), (1, False)]

    run(go())


def test_a_hello_that_never_comes_or_an_origin_elsewhere_is_refused():
    async def go():
        table = await _table(limits=Limits(hello_timeout=0.2))
        try:
            async with aiohttp.ClientSession() as http:
                ws = await http.ws_connect(ws_url(table, 0))
                msg = await ws.receive(timeout=5)
                assert msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await http.ws_connect(ws_url(table, 0), headers={"Origin": "http://evil.example"})
                assert refused.value.status == 404
                assert not table.server.keys.has_device(0)
        finally:
            await table.stop()

    run(go())


def test_tls_when_given_a_certificate(tmp_path):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    made = subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=127.0.0.1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        capture_output=True,
        timeout=60,
    )
    if made.returncode != 0:
        pytest.skip("openssl could not make a test certificate")

    async def go():
        server = PhoneServer({0: "Anna"}, tls=tls_context(cert, key))
        await server.start()
        try:
            assert server.address(0).startswith("https://127.0.0.1:")
            client = ssl.create_default_context(cafile=str(cert))
            client.check_hostname = False
            async with aiohttp.ClientSession() as http:
                async with http.get(server.address(0), ssl=client) as r:
                    assert r.status == 200
                ws = await http.ws_connect(
                    server.address(0).replace("https://", "wss://").replace("/s/", "/ws/"), ssl=client
                )
                await ws.send_str(json.dumps({"t": "hello", "device": None}))
                assert json.loads((await ws.receive(timeout=5)).data)["t"] == "welcome"
                await ws.close()
                with pytest.raises(aiohttp.ClientError):
                    async with http.get(server.address(0).replace("https://", "http://")) as r:
                        await r.text()
        finally:
            await server.stop()

    run(go())
