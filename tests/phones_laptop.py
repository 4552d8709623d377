"""The laptop with phones, for tests: the real hot-seat controller and its
phones' link (``drawpoker play --phones`` without the terminal), and phones
that speak the page's protocol over a real WebSocket on 127.0.0.1.

Every wait is bounded; the server stops with the test."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import aiohttp

from drawpoker.client import controller as c
from drawpoker.client.controller import Controller
from drawpoker.client.launch import new_session
from drawpoker.client.look import Look
from drawpoker.client.phones import PhoneLink
from drawpoker.engine.shuffle import RandomShuffler, StackedShuffler
from drawpoker.phones.limits import Limits
from drawpoker.phones.server import PhoneServer
from drawpoker.rules import load_rules
from drawpoker.words.i18n import translator

WAIT = 10.0  # seconds, any one wait


class WsPhone:
    """One phone: a WebSocket of its own, every frame it got kept."""

    def __init__(self, http: aiohttp.ClientSession, url: str) -> None:
        self.http = http
        self.url = url
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.frames: list[str] = []
        self.device: str | None = None
        self._reader: asyncio.Task[None] | None = None
        self._next = 0
        self.closed = asyncio.Event()

    @property
    def messages(self) -> list[dict[str, Any]]:
        return [json.loads(frame) for frame in self.frames]

    async def open(self, device: str | None = None) -> WsPhone:
        socket = self.url.replace("http://", "ws://").replace("/s/", "/ws/")
        self.ws = await self.http.ws_connect(socket)
        self.closed.clear()
        await self.ws.send_str(json.dumps({"t": "hello", "device": device}))
        self._reader = asyncio.create_task(self._read())
        return self

    async def _read(self) -> None:
        assert self.ws is not None
        async for msg in self.ws:
            if msg.type == aiohttp.WSMsgType.TEXT:
                self.frames.append(msg.data)
                said = json.loads(msg.data)
                if said["t"] == "welcome":
                    self.device = said["device"]
        self.closed.set()

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            await asyncio.wait_for(self._reader, WAIT)

    def last(self, kind: str) -> dict[str, Any] | None:
        found = [m for m in self.messages if m["t"] == kind]
        return found[-1] if found else None

    async def until(self, test: Any, what: str = "") -> Any:
        """Wait until ``test()`` holds (bounded)."""
        for _ in range(int(WAIT / 0.02)):
            got = test()
            if got:
                return got
            await asyncio.sleep(0.02)
        raise AssertionError(f"waited in vain for {what or test}: last frames {self.frames[-3:]}")

    async def my_turn(self) -> dict[str, Any]:
        """The view once it is this phone's turn with the legal actions."""

        def ready() -> Any:
            state = self.last("state")
            return state["view"] if state and state["view"]["legal"] else None

        view: dict[str, Any] = await self.until(ready, "my turn")
        return view

    async def decide(
        self, action: str, amount: int | None = None, cards: Sequence[str] | None = None
    ) -> dict[str, Any]:
        """Send a decision and wait for its answer."""
        assert self.ws is not None
        self._next += 1
        ident = self._next
        before = len(self.frames)
        await self.ws.send_str(
            json.dumps(
                {
                    "t": "decide",
                    "id": ident,
                    "action": action,
                    "amount": amount,
                    "cards": None if cards is None else list(cards),
                }
            )
        )

        def answered() -> Any:
            for frame in self.frames[before:]:
                said = json.loads(frame)
                if said["t"] == "answer" and said["id"] == ident:
                    return said
            return None

        answer: dict[str, Any] = await self.until(answered, f"the answer to {action}")
        # the state after it: the answer comes first, the new state right after
        await asyncio.sleep(0.05)
        return answer


class Laptop:
    """The table: a session of ``ruleset`` at the laptop with its phones' server."""

    def __init__(
        self,
        tmp_path: Path,
        ruleset: str = "morkpoker",
        names: Sequence[str] = ("Anna", "Bjørn", "Cato"),
        *,
        computer: Sequence[bool] | None = None,
        decks: Sequence[tuple[Any, ...]] = (),
        language: str = "en",
        seed: int = 7,
        path: Path | None = None,
        limits: Limits | None = None,
    ) -> None:
        rules = load_rules(ruleset)
        self.tr = translator(language)
        shuffler = StackedShuffler(*decks) if decks else RandomShuffler(seed)
        self.path = path or tmp_path / "phones.jsonl"
        session = new_session(
            rules, list(names), list(computer or [False] * len(names)), self.path, shuffler, random.Random(seed)
        )
        self.ctl = Controller(self.tr, Look(unicode=False), session=session)
        self.link = PhoneLink(PhoneServer({}, language=language, host="127.0.0.1", port=0, limits=limits), "127.0.0.1")
        self.ctl.phones = self.link
        self.screens: list[tuple[str, int | None]] = []  # (screen, the seat waited for), as the laptop went
        self._done = False
        self._serve: asyncio.Task[None] | None = None
        self.http: aiohttp.ClientSession | None = None

    @property
    def session(self) -> Any:
        return self.ctl.session

    @property
    def state(self) -> Any:
        return self.ctl.session.state

    async def __aenter__(self) -> Laptop:
        await self.link.start()
        self._serve = asyncio.create_task(self.link.serve(self.ctl, self._seen, lambda: self._done))
        self.http = aiohttp.ClientSession()
        self.ctl.acknowledge()  # the session's first screen: go on to the first deal
        self.link.refresh(self.ctl)
        return self

    async def __aexit__(self, *exc: Any) -> None:
        self._done = True
        if self._serve is not None:
            await asyncio.wait_for(self._serve, WAIT)
        await self.link.server.stop()
        if self.http is not None:
            await self.http.close()
        self.session.close()

    def _seen(self) -> None:
        seen = (self.ctl.screen, self.ctl.waiting_seat())
        if not self.screens or self.screens[-1] != seen:
            self.screens.append(seen)

    def url(self, seat: int) -> str:
        """``seat``'s join address (what its QR code holds)."""
        return self.link.address(seat)

    async def phone(self, seat: int, device: str | None = None) -> WsPhone:
        assert self.http is not None
        phone = await WsPhone(self.http, self.link.address(seat)).open(device)
        await phone.until(lambda: phone.last("state") or phone.last("wait") or phone.last("bye"), "the first frame")
        return phone

    async def settle(self) -> None:
        """Let the poll see what the laptop did (the phones are sent it)."""
        await asyncio.sleep(0.15)
        self._seen()

    async def deal_at_the_laptop(self, turn: Any) -> None:
        """Everyone at the laptop to the deal's end: hand-overs and "again" passed,
        ``turn(ctl)`` at each turn (bounded)."""
        for _ in range(40):
            await self.settle()
            ctl = self.ctl
            if ctl.screen == c.DEAL_OVER:
                return
            if ctl.screen == c.HANDOVER:
                ctl.reveal()
            elif ctl.screen in (c.AGAIN, c.PEEK):
                ctl.acknowledge()
            elif ctl.screen == c.TURN:
                turn(ctl)
        raise AssertionError(f"the deal did not end: {self.screens[-12:]}")

    async def until(self, test: Any, what: str) -> None:
        """Wait until the laptop shows ``test(ctl)`` (bounded): what a phone
        sent crosses a socket from another process, which on a busy machine
        takes longer than one settle."""
        for _ in range(int(WAIT / 0.05)):
            await self.settle_once()
            if test(self.ctl):
                return
        raise AssertionError(f"waited in vain for {what}: the laptop went {self.screens[-8:]}")

    async def settle_once(self) -> None:
        await asyncio.sleep(0.05)
        self._seen()

    async def laptop_turn(self, act: Any) -> None:
        """The player at the laptop: the hand-over, then ``act(ctl)``."""
        await self.settle()
        await self.until(lambda ctl: ctl.screen in (c.HANDOVER, c.TURN), "the laptop's turn")
        if self.ctl.screen == c.HANDOVER:
            self.ctl.reveal()
        assert self.ctl.screen == c.TURN, self.ctl.screen
        self._seen()
        act(self.ctl)
        await self.settle()
