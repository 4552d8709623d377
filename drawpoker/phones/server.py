"""The phones' server: one page, its two files, one WebSocket per seat.

It runs in the asyncio loop the table already runs (prompt_toolkit's
``Application`` is asyncio too), so the table and the server share one
thread and no lock. The table talks to it through a few calls and two
queues:

- :meth:`PhoneServer.publish` gives each seat its view and the table's
  public news; each connected phone is sent its own seat's, and only that;
- :attr:`PhoneServer.decisions` holds the phones' decisions
  (:class:`~drawpoker.phones.protocol.Decision`), in the order they came;
  the table tries each with the engine and :meth:`PhoneServer.answer`\\ s it
  (taken, or refused with the engine's reason in the table's language);
- :attr:`PhoneServer.approvals` holds a second device's request for a seat
  (:class:`Approval`); the table asks at the laptop and answers yes or no;
- :meth:`PhoneServer.release` takes a seat back to the laptop;
- :meth:`PhoneServer.stop` ends it with the table.

The routes are ``GET /s/SECRET`` (the page), ``GET /static/page.css``,
``GET /static/page.js`` and ``GET /ws/SECRET`` (the seat's WebSocket);
anything else, and any secret that is no seat's, gets the same ``404``:
a page in the table's language saying what the live page says when its
table no longer knows it (an address kept from before, reloaded: scan the
seat's code at the laptop), the same bytes for every path, so a guess
learns nothing. Request lines, headers and
messages are bounded, and so are requests a second from one address,
messages a second on one connection, connections at once and the frames
waiting for a slow phone (:mod:`.limits`). Nothing is logged: the
addresses hold the secrets.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import ssl
from collections import deque
from collections.abc import Callable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, web

from drawpoker.phones import protocol
from drawpoker.phones.keys import NEW, OTHER, SAME, SeatKeys
from drawpoker.phones.limits import Bucket, Buckets, Limits
from drawpoker.phones.words import page_words

__all__ = ["PhoneServer", "Approval", "tls_context"]

#: the headers of every answer: nothing from elsewhere, no referrer (the address holds a secret), no framing
_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}

_STATIC = {"page.css": "text/css", "page.js": "text/javascript"}


def _plain(status: int, text: str) -> web.Response:
    return web.Response(status=status, text=text, content_type="text/plain", headers=_HEADERS)


def tls_context(cert: Path, key: Path) -> ssl.SSLContext:
    """A server's TLS context from a certificate (chain) and its key, PEM files."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(str(cert), str(key))
    return context


class Approval:
    """A device asking for a seat another device holds (or, ``first``, a seat
    the table asks about before any phone takes it): the laptop says yes or no.

    The table takes it from :attr:`PhoneServer.approvals`, asks at the laptop
    (``name`` is the seat's player) and calls :meth:`answer`. A request whose
    phone has gone is ``withdrawn``, and answering it changes nothing."""

    def __init__(self, seat: int, name: str, first: bool = False) -> None:
        self.seat = seat
        self.name = name
        self.first = first
        self._future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()

    @property
    def withdrawn(self) -> bool:
        """The asking phone left (or the table stopped) before an answer."""
        return self._future.cancelled()

    @property
    def answered(self) -> bool:
        """Answered or withdrawn: nothing more to do with it."""
        return self._future.done()

    def answer(self, yes: bool) -> None:
        """Let the new device in (it then holds the seat) or not."""
        if not self._future.done():
            self._future.set_result(yes)

    def _withdraw(self) -> None:
        self._future.cancel()


class _Phone:
    """One admitted WebSocket and its outbox (sent in order by its own task)."""

    def __init__(self, ident: int, seat: int, ws: web.WebSocketResponse, limit: int) -> None:
        self.ident = ident
        self.seat = seat
        self.ws = ws
        self.limit = limit
        self.outbox: deque[tuple[str, str]] = deque()
        self.ready = asyncio.Event()
        self.ending: str | None = None  # a bye to send last, then close

    def push(self, kind: str, frame: str) -> bool:
        """Queue a frame; a newer state replaces one not yet sent. False: the phone is not keeping up."""
        if kind == "state":
            for i, (k, _) in enumerate(self.outbox):
                if k == "state":
                    del self.outbox[i]
                    break
        if len(self.outbox) >= self.limit:
            return False
        self.outbox.append((kind, frame))
        self.ready.set()
        return True

    def end(self, reason: str) -> None:
        """Send ``bye`` (why) after what is queued, then close."""
        if self.ending is None:
            self.ending = reason
            self.ready.set()

    async def send_all(self) -> None:
        """Send the outbox as it fills, until the connection ends."""
        ws = self.ws
        while not ws.closed:
            await self.ready.wait()
            self.ready.clear()
            while self.outbox and not ws.closed:
                _, frame = self.outbox.popleft()
                await ws.send_str(frame)
            if self.ending is not None:
                if not ws.closed:
                    await ws.send_str(protocol.bye(self.ending))
                    await ws.close()
                return


class PhoneServer:
    """The table's server for phones: ``seats`` maps each human seat to its player's name."""

    def __init__(
        self,
        seats: Mapping[int, str],
        *,
        language: str = "en",
        host: str = "127.0.0.1",
        port: int = 0,
        tls: ssl.SSLContext | None = None,
        limits: Limits | None = None,
        on_presence: Callable[[int, bool], None] | None = None,
        keys: SeatKeys | None = None,
    ) -> None:
        self.names = dict(seats)
        self.language = language
        self.host = host
        self.port = port
        self.tls = tls
        self.limits = limits = limits if limits is not None else Limits()
        self.on_presence = on_presence
        self.keys = keys if keys is not None else SeatKeys(self.names)
        self.decisions: asyncio.Queue[protocol.Decision] = asyncio.Queue(limits.max_decisions)
        self.approvals: asyncio.Queue[Approval] = asyncio.Queue()
        self._phones: dict[int, _Phone] = {}  # seat -> the admitted phone
        self._pending: dict[int, Approval] = {}  # seat -> a second device waiting for a yes
        self._sockets = 0
        self._next = 0
        self._views: dict[int, str] = {}  # seat -> its latest state frame
        self._requests = Buckets(limits.http_burst, limits.http_rate, limits.max_clients)
        self._runner: web.AppRunner | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._stopping = False
        words = json.dumps(page_words(language), ensure_ascii=False)
        page = resources.files("drawpoker.phones").joinpath("page/index.html").read_text(encoding="utf-8")
        self._page = page.replace("{lang}", language).replace("{words}", html.escape(words, quote=True))
        gone = resources.files("drawpoker.phones").joinpath("page/gone.html").read_text(encoding="utf-8")
        #: the one answer to anything that is not ours (see :meth:`_not_found`)
        self._gone = gone.replace("{lang}", language).replace("{gone}", html.escape(page_words(language)["bye_gone"]))
        self._static = {
            name: resources.files("drawpoker.phones").joinpath(f"page/{name}").read_text(encoding="utf-8")
            for name in _STATIC
        }
        #: which seats a first device may take only with a yes at the laptop (None: none)
        self.ask_first: Callable[[int], bool] | None = None
        #: counters for the tests and the bench: what was refused, by kind
        self.refused: dict[str, int] = {}

    # ------------------------------------------------------------ the table's side

    @property
    def scheme(self) -> str:
        """http, or https with TLS."""
        return "https" if self.tls is not None else "http"

    def address(self, seat: int, host: str | None = None) -> str:
        """The join address of ``seat`` (the QR code's): holds the seat's secret."""
        where = host or self.host
        if ":" in where:  # IPv6
            where = f"[{where}]"
        return f"{self.scheme}://{where}:{self.port}/s/{self.keys.secret(seat)}"

    def seat_players(
        self,
        seats: Mapping[int, str],
        news: Mapping[str, Any] | None = None,
        views: Mapping[int, Mapping[str, Any]] = {},
    ) -> None:
        """The human seats now (between deals, players come and go): a seat
        new to the table, or whose player changed, gets a fresh secret (a new
        address); a seat no longer played from the table can no longer be
        joined, and its phone is told its player left the table, after the
        table's public ``news`` as it is now (the standings with what the
        player took home) with the seat's view in ``views`` (as the table is
        now: the last one sent may be of a deal still under way)."""
        for seat in [s for s in self.names if seats.get(s) != self.names[s]]:
            phone = self._phones.pop(seat, None)
            pending = self._pending.get(seat)
            if pending is not None:
                pending._withdraw()
            self.keys.remove(seat)
            self._views.pop(seat, None)
            view = views.get(seat)
            del self.names[seat]
            if phone is not None:
                if news is not None and view is not None:
                    self._push(phone, "state", protocol.state(view, news))
                phone.end("left")
                self._presence(seat, False)
        for seat, name in seats.items():
            if seat not in self.names:
                self.names[seat] = name
                self.keys.add(seat)

    def holds(self, seat: int) -> bool:
        """Whether a device holds ``seat`` (connected now, or asleep: it comes back by itself)."""
        return self.keys.has_device(seat)

    def connected(self, seat: int) -> bool:
        """Whether a phone holds ``seat`` now."""
        return seat in self._phones

    def publish(self, views: Mapping[int, Mapping[str, Any]], public: Mapping[str, Any]) -> None:
        """Each seat's view (only its own goes to its phone) and the table's public news."""
        for seat, view in views.items():
            if seat not in self.names:
                continue
            frame = protocol.state(view, public)
            self._views[seat] = frame
            phone = self._phones.get(seat)
            if phone is not None:
                self._push(phone, "state", frame)

    def answer(self, decision: protocol.Decision, reason: str | None) -> None:
        """The table took ``decision`` (``reason`` None) or refused it, saying why."""
        phone = self._phones.get(decision.seat)
        if phone is not None and phone.ident == decision.connection:
            self._push(phone, "answer", protocol.answer(decision.id, reason))

    def release(self, seat: int) -> None:
        """Take ``seat`` back to the laptop: its phone is told and let go, its
        device forgotten (opening the address again joins afresh)."""
        phone = self._phones.pop(seat, None)
        self.keys.release(seat)
        if phone is not None:
            phone.end("taken_back")
            self._presence(seat, False)

    async def start(self) -> None:
        """Listen (``port`` 0: any free port, then :attr:`port` is the one taken)."""
        app = web.Application(middlewares=[self._guard])
        app.router.add_get("/s/{secret}", self._page_route, allow_head=False)
        app.router.add_get("/static/{name}", self._static_route, allow_head=False)
        app.router.add_get("/ws/{secret}", self._socket_route, allow_head=False)
        limits = self.limits
        runner = web.AppRunner(
            app,
            handle_signals=False,
            access_log=None,  # the paths hold the secrets
            shutdown_timeout=2.0,
            max_line_size=limits.max_line,
            max_field_size=limits.max_field,
            max_headers=limits.max_headers,
        )
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port, ssl_context=self.tls, backlog=64)
        try:
            await site.start()
        except BaseException:
            await runner.cleanup()  # nothing half-started stays behind
            raise
        self._runner = runner
        self.port = int(runner.addresses[0][1])

    async def stop(self) -> None:
        """Stop with the table: every phone is told the table closed, then everything ends."""
        if self._runner is None:
            return
        self._stopping = True
        for approval in self._pending.values():
            approval._withdraw()
        for phone in list(self._phones.values()):
            phone.end("closed")
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=2.0)
        runner, self._runner = self._runner, None
        await runner.cleanup()

    # ------------------------------------------------------------ the routes

    @web.middleware
    async def _guard(self, request: web.Request, handler: Callable[[web.Request], Any]) -> web.StreamResponse:
        """Rates and sizes before any route; one plain refusal for what is not ours."""
        if not self._requests.take(request.remote or ""):
            return self._refuse("rate", _plain(429, "Too many requests."))
        if request.method != "GET" or request.body_exists or request.query_string:
            return self._refuse("not_ours", self._not_found())
        try:
            response: web.StreamResponse = await handler(request)
        except web.HTTPException:  # no such route
            return self._refuse("not_ours", self._not_found())
        return response

    def _not_found(self) -> web.Response:
        """The one refusal for anything that is not ours: no route, no seat, a wrong secret, the
        address of a seat the table no longer knows. Whoever reloads such an address reads, in
        the table's language, what the live page would have said; every path gets the same."""
        return web.Response(status=404, text=self._gone, content_type="text/html", charset="utf-8", headers=_HEADERS)

    def _refuse(self, kind: str, response: web.Response) -> web.Response:
        self.refused[kind] = self.refused.get(kind, 0) + 1
        return response

    async def _page_route(self, request: web.Request) -> web.StreamResponse:
        if self.keys.seat_of(request.match_info["secret"]) is None:
            return self._refuse("secret", self._not_found())
        return web.Response(text=self._page, content_type="text/html", charset="utf-8", headers=_HEADERS)

    async def _static_route(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        if name not in _STATIC:
            return self._refuse("not_ours", self._not_found())
        return web.Response(text=self._static[name], content_type=_STATIC[name], charset="utf-8", headers=_HEADERS)

    def _same_origin(self, request: web.Request) -> bool:
        origin = request.headers.get("Origin")
        return origin is None or origin == f"{self.scheme}://{request.host}"

    async def _socket_route(self, request: web.Request) -> web.StreamResponse:
        seat = self.keys.seat_of(request.match_info["secret"])
        if seat is None or not self._same_origin(request):
            return self._refuse("secret", self._not_found())
        if self._stopping or self._sockets >= self.limits.max_sockets:
            return self._refuse("sockets", _plain(503, "Busy."))
        ws = web.WebSocketResponse(
            max_msg_size=self.limits.max_message, heartbeat=self.limits.heartbeat, compress=False, autoping=True
        )
        await ws.prepare(request)
        self._sockets += 1
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        try:
            await self._serve(seat, ws)
        finally:
            self._sockets -= 1
            self._tasks.discard(task)
            if not ws.closed:
                await ws.close()
        return ws

    # ------------------------------------------------------------ one phone

    async def _hello(self, ws: web.WebSocketResponse) -> protocol.Hello | None:
        try:
            msg = await ws.receive(timeout=self.limits.hello_timeout)
        except TimeoutError:
            return None
        if msg.type != WSMsgType.TEXT:
            return None
        try:
            said = protocol.parse(msg.data)
        except protocol.BadMessage:
            return None
        return said if isinstance(said, protocol.Hello) else None

    async def _serve(self, seat: int, ws: web.WebSocketResponse) -> None:
        hello = await self._hello(ws)
        if hello is None:
            self._refuse("hello", self._not_found())
            return
        verdict, device = self.keys.admit(seat, hello.device)
        if verdict == NEW and self.ask_first is not None and self.ask_first(seat):
            self.keys.release(seat)  # not this device's until the laptop says yes
            verdict, device = OTHER, await self._ask(seat, ws, first=True)
            if device is None:
                return
        elif verdict == OTHER:
            device = await self._ask(seat, ws)
            if device is None:
                return
        assert verdict in (NEW, SAME, OTHER) and device is not None
        self._next += 1
        phone = _Phone(self._next, seat, ws, self.limits.max_outbox)
        old = self._phones.get(seat)
        if old is not None:  # the seat's own device again (its key) is another tab of it, not another phone
            old.end("another_tab" if verdict == SAME else "moved")
        self._phones[seat] = phone
        sender = asyncio.create_task(phone.send_all())
        phone.push("welcome", protocol.welcome(seat, device))
        if seat in self._views:
            phone.push("state", self._views[seat])
        self._presence(seat, True)
        try:
            await self._listen(phone)
        finally:
            if self._phones.get(seat) is phone:
                del self._phones[seat]
                self._presence(seat, False)
            if phone.ending is None and not ws.closed:
                await ws.close(code=WSCloseCode.POLICY_VIOLATION)
            phone.ready.set()
            await asyncio.wait([sender], timeout=2.0)
            sender.cancel()

    async def _ask(self, seat: int, ws: web.WebSocketResponse, first: bool = False) -> str | None:
        """A second device: ask the laptop, and wait (the phone told so); its device key if let in."""
        if seat in self._pending or self._stopping:
            self._refuse("second", self._not_found())
            await ws.send_str(protocol.bye("refused"))
            return None
        approval = Approval(seat, self.names[seat], first)
        self._pending[seat] = approval
        await ws.send_str(protocol.wait(laptop=first))
        self.approvals.put_nowait(approval)
        gone = asyncio.create_task(self._until_closed(ws))
        try:
            waiting: list[asyncio.Future[Any]] = [approval._future, gone]
            await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
        finally:
            gone.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await gone  # its receive() must be over before the phone's messages are read again
            del self._pending[seat]
        if not approval._future.done() or approval._future.cancelled():
            approval._withdraw()
            return None
        if not approval._future.result():
            self._refuse("second", self._not_found())
            if not ws.closed:
                await ws.send_str(protocol.bye("refused"))
            return None
        if ws.closed:
            return None
        return self.keys.bind(seat)

    async def _until_closed(self, ws: web.WebSocketResponse) -> None:
        """Read (and ignore, a few a second at most) what a waiting phone says, until it closes."""
        bucket = Bucket(self.limits.message_burst, self.limits.message_rate)
        async for _ in ws:
            if not bucket.take():
                await ws.close()
                return

    async def _listen(self, phone: _Phone) -> None:
        """The phone's messages, until it closes or breaks a limit."""
        bucket = Bucket(self.limits.message_burst, self.limits.message_rate)
        async for msg in phone.ws:
            if phone.ending is not None:
                return
            if msg.type != WSMsgType.TEXT:
                self._refuse("message", self._not_found())
                return
            if not bucket.take():
                self._refuse("flood", self._not_found())
                phone.end("busy")
                return
            try:
                said = protocol.parse(msg.data)
            except protocol.BadMessage:
                self._refuse("message", self._not_found())
                return
            if isinstance(said, protocol.Hello):
                continue  # already admitted
            decision = protocol.Decision(
                phone.seat, said.id, said.action, said.amount, said.cards, phone.ident, said.game, said.boxes
            )
            try:
                self.decisions.put_nowait(decision)
            except asyncio.QueueFull:
                self._refuse("queue", self._not_found())
                phone.end("busy")
                return

    def _push(self, phone: _Phone, kind: str, frame: str) -> None:
        if not phone.push(kind, frame):
            phone.end("busy")

    def _presence(self, seat: int, here: bool) -> None:
        if self.on_presence is not None:
            self.on_presence(seat, here)
