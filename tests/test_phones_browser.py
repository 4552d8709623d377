"""The phone page in a real browser: Debian's chromium, headless, driven by
Playwright for Python (its driver comes in the wheel; no browser is
downloaded), loopback only, every wait bounded.

Three phones play whole deals against the test double of the table (real
engine deals): a bet, a raise, a fold, an exchange by tapping cards, a
showdown; a no-limit amount chosen with the pot button and typed; an
amount the engine refuses, its reason shown on the phone. Each page is
checked at 320x568 and 390x844 for nothing cut off (no element outside the
screen's width, no button or card whose text overflows it, every button
named for a screen reader), every WebSocket frame each phone received is
captured and none holds another seat's unshown card; a reload mid-deal
comes back to the seat; a second device waits for a yes; a wrong secret and
a flood of requests are refused and change nothing.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import shutil
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="the phone page's browser tests need Debian's chromium")
playwright_api = pytest.importorskip("playwright.async_api", reason="playwright (pip install -e '.[test]')")

from drawpoker.phones.limits import Limits  # noqa: E402
from drawpoker.phones.words import page_words  # noqa: E402
from tests.phones_table import HANDS, STOCK, PhoneTable, leaks, stacked  # noqa: E402

ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SMALL, LARGE = (320, 568), (390, 844)
WAIT = 15_000  # ms, any one wait in the browser
# a wait_for_function predicate is a function's text ("() => ..."): the page's CSP forbids evaluating a plain string

#: what is wrong with the page's layout now: outside the screen's width, text overflowing, a button without a name
LAYOUT = """() => {
  const width = document.documentElement.clientWidth;
  const bad = [];
  if (document.documentElement.scrollWidth > width) bad.push('the page scrolls sideways');
  for (const e of document.querySelectorAll('main *')) {
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const what = e.tagName + '#' + e.id + '.' + e.className + ' "' + (e.textContent || '').slice(0, 30) + '"';
    if (r.left < -0.5 || r.right > width + 0.5) bad.push('outside: ' + what + ' ' + r.left + '..' + r.right);
    if (e.tagName === 'BUTTON' || e.classList.contains('card')) {
      if (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1) bad.push('overflows: ' + what);
      if (!(e.getAttribute('aria-label') || e.textContent.trim())) bad.push('no name: ' + what);
      if (e.tagName === 'BUTTON' && r.height < 44) bad.push('too small to tap: ' + what);
    }
  }
  return bad;
}"""


class Phone:
    """One phone: a browser context of its own (its own storage: one device), its page, the frames it got."""

    def __init__(self, context, page, seat):
        self.context = context
        self.page = page
        self.seat = seat
        self.frames: list[str] = []
        self.errors: list[str] = []

    async def tap(self, text):
        """Press the action button that says exactly ``text``."""
        button = self.page.locator("#actions button", has_text=text).filter(has_text=text)
        await button.first.wait_for(timeout=WAIT)
        for candidate in await button.all():
            if (await candidate.inner_text()).strip() == text:
                await candidate.click(timeout=WAIT)
                return
        raise AssertionError(f"no button {text!r}: {await self.page.locator('#actions button').all_inner_texts()}")

    async def my_turn(self):
        await self.page.wait_for_selector("#turn.mine", timeout=WAIT)
        await self.page.wait_for_selector("#actions button:not([disabled])", timeout=WAIT)

    async def layout(self, name, folder):
        """What is wrong with the page's layout now (LAYOUT); when anything is, the page as it
        looks is kept beside it for whoever reads the failure (``folder/name-seat.png``)."""
        bad = await self.page.evaluate(LAYOUT)
        if bad:
            await self.page.screenshot(path=str(folder / f"{name}-{self.seat}.png"), full_page=True)
        return bad

    async def text(self, selector):
        return await self.page.locator(selector).inner_text(timeout=WAIT)


class Browser:
    def __init__(self, browser):
        self.browser = browser
        self.phones: list[Phone] = []

    async def phone(self, table, seat, size=LARGE, url=None, wait_cards=True):
        context = await self.browser.new_context(viewport={"width": size[0], "height": size[1]}, device_scale_factor=1)
        page = await context.new_page()
        phone = Phone(context, page, seat)
        page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: phone.frames.append(payload)))
        page.on("pageerror", lambda error: phone.errors.append(str(error)))
        page.on("console", lambda msg: phone.errors.append(msg.text) if msg.type == "error" else None)
        await page.goto(url or table.url(seat), timeout=WAIT)
        if wait_cards:
            await page.wait_for_selector("#cards .card", timeout=WAIT)
        self.phones.append(phone)
        return phone


class _Shared:
    """This process's Playwright driver and chromium, shared by every browser test it runs
    (each pytest-xdist worker has its own): starting them costs about a second of CPU, more
    than many a test. Playwright's objects belong to the event loop they were made on, so the
    browser tests run on one loop kept for them (:func:`run`), not a new one each
    (``asyncio.run``). What a test sees is its own all the same: a browser context per phone
    (its own storage: one device), closed at the test's end with whatever else it left."""

    loop: asyncio.AbstractEventLoop | None = None
    playwright: Any = None
    browser: Any = None


_SHARED = _Shared()
CLOSE = 30  # seconds, closing a context or the browser


def _loop() -> asyncio.AbstractEventLoop:
    if _SHARED.loop is None or _SHARED.loop.is_closed():
        _SHARED.loop = asyncio.new_event_loop()
        atexit.register(_close)
    return _SHARED.loop


async def _alive(browser: Any) -> bool:
    """Whether ``browser`` answers (a round trip: one that died while the loop was idle is not
    known to be gone until the loop reads its driver's word)."""
    if browser is None or not browser.is_connected():
        return False
    try:
        session = await asyncio.wait_for(browser.new_browser_cdp_session(), CLOSE)
        await asyncio.wait_for(session.detach(), CLOSE)
    except Exception:
        return False
    return True


async def _ready() -> None:
    """The browser, launched when this process has none yet or its last one has gone (crashed)."""
    if await _alive(_SHARED.browser):
        return
    await _stop()  # what is left of a browser that has gone: its driver
    _SHARED.playwright = await playwright_api.async_playwright().start()
    _SHARED.browser = await _SHARED.playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, timeout=60_000)


async def _stop() -> None:
    browser, driver = _SHARED.browser, _SHARED.playwright
    _SHARED.browser = _SHARED.playwright = None
    for closing in (browser and browser.close, driver and driver.stop):
        if closing is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(closing(), CLOSE)


async def _close_contexts() -> None:
    """Every browser context still open (the test's phones) closed; a browser that cannot is let go
    (the next test launches another)."""
    browser = _SHARED.browser
    try:
        for context in list(browser.contexts if browser is not None else ()):
            await asyncio.wait_for(context.close(), CLOSE)
    except Exception:
        await _stop()


async def _tidy(ours: set[asyncio.Task[Any]]) -> None:
    """What ``asyncio.run`` does at a test's end, for what the test left on the shared loop:
    its contexts closed, its tasks (servers, readers) cancelled and awaited; not the driver's
    own tasks (``ours``), which the browser needs for the next test."""
    await _close_contexts()
    me = asyncio.current_task()
    left = [task for task in asyncio.all_tasks() if task is not me and task not in ours]
    for task in left:
        task.cancel()
    if not left:
        return
    _, pending = await asyncio.wait(left, timeout=CLOSE)
    loop = asyncio.get_running_loop()
    for task in left:
        if task in pending:
            loop.call_exception_handler({"message": "a task a browser test left would not stop", "task": task})
        elif not task.cancelled() and task.exception() is not None:
            loop.call_exception_handler(
                {
                    "message": "unhandled exception in a task a browser test left",
                    "exception": task.exception(),
                    "task": task,
                }
            )


def _close() -> None:
    """At the process's end: the browser and its driver closed, then the loop."""
    loop = _SHARED.loop
    if loop is None or loop.is_closed() or loop.is_running():
        return
    try:
        loop.run_until_complete(_stop())
    finally:
        loop.close()


def run(coro: Any, timeout: float = 180) -> Any:
    """Run one browser test's coroutine (``run(with_browser(play))``), bounded as
    :func:`tests.phones_table.run`, on the loop this process's browser lives on; at its end
    what it left is closed and cancelled, as ``asyncio.run`` would (:func:`_tidy`)."""
    loop = _loop()
    try:
        loop.run_until_complete(asyncio.wait_for(_ready(), 120))
    except BaseException:
        coro.close()
        raise
    ours = asyncio.all_tasks(loop)
    try:
        return loop.run_until_complete(asyncio.wait_for(coro, timeout))
    finally:
        loop.run_until_complete(_tidy(ours))


async def with_browser(play):
    """``play(b)`` with this process's browser: each ``b.phone(...)`` a fresh context (one device);
    every context closed at the end. Under :func:`run` (the browser's loop) only."""
    if _SHARED.browser is None or asyncio.get_running_loop() is not _SHARED.loop:
        raise RuntimeError("with_browser(play) runs under tests.test_phones_browser.run (the browser's loop)")
    try:
        return await play(Browser(_SHARED.browser))
    finally:
        await _close_contexts()


def test_three_phones_play_a_whole_fixed_limit_deal(tmp_path):
    async def play(b):
        table = PhoneTable(decks=[stacked(HANDS, STOCK), stacked(HANDS, STOCK)])
        await table.start()
        try:
            anna = await b.phone(table, 0, SMALL)
            bjorn = await b.phone(table, 1, LARGE)
            cato = await b.phone(table, 2, SMALL)
            assert await anna.page.locator("#cards .card").evaluate_all(
                "cs => cs.map(c => c.getAttribute('aria-label'))"
            ) == [
                "ace of hearts",
                "ace of diamonds",
                "seven of clubs",
                "four of spades",
                "two of diamonds",
            ]
            await bjorn.my_turn()
            assert not await bjorn.page.locator("#coach").is_hidden()  # the coach, for the player to act
            for phone in (anna, bjorn, cato):
                assert await phone.layout("start", tmp_path) == []
            await bjorn.tap("Bet 1")
            await cato.my_turn()
            await cato.tap("Raise to 2")
            await anna.my_turn()
            assert await anna.layout("facing-a-raise", tmp_path) == []
            await anna.tap("Fold")
            await bjorn.my_turn()
            await bjorn.tap("Call 1")
            # the exchange: his call closed the betting and he exchanges first, "your turn again" (a tap of its
            # own); then tap three cards (a tap again takes one back), and throw them
            await bjorn.my_turn()
            await bjorn.tap("Go on")
            for name in ("queen of spades", "jack of spades", "nine of clubs", "king of hearts", "king of hearts"):
                await bjorn.page.get_by_role("button", name=name, exact=True).click(timeout=WAIT)
            pressed = await bjorn.page.locator('#cards [aria-pressed="true"]').evaluate_all(
                "cs => cs.map(c => c.getAttribute('aria-label'))"
            )
            assert pressed == ["queen of spades", "jack of spades", "nine of clubs"]
            assert await bjorn.page.locator('[aria-label="ace of hearts"]').count() == 0  # Anna's card
            assert await bjorn.layout("exchange", tmp_path) == []
            await bjorn.tap("Throw 3 and draw")
            await cato.my_turn()
            await cato.page.get_by_role("button", name="two of clubs", exact=True).click(timeout=WAIT)
            await cato.tap("Throw 1 and draw")
            await bjorn.my_turn()
            assert sorted(
                await bjorn.page.locator("#cards .card").evaluate_all("cs => cs.map(c => c.getAttribute('aria-label'))")
            ) == sorted(["king of hearts", "king of diamonds", "ace of clubs", "king of spades", "nine of hearts"])
            await bjorn.tap("Check")
            await cato.my_turn()
            await cato.tap("Bet 2")
            await bjorn.my_turn()
            await bjorn.tap("Call 2")
            await cato.my_turn()
            await cato.tap("Show")
            await bjorn.my_turn()
            await bjorn.tap("Show")
            # the next deal has begun; every phone shows the last deal's result and the standings
            for phone in (anna, bjorn, cato):
                await phone.page.wait_for_selector("#result:not([hidden])", timeout=WAIT)
                assert "wins" in await phone.text("#result-lines")
                assert "Bjørn" in await phone.text("#standings-rows")
                assert await phone.layout("result", tmp_path) == []
            assert table.state.deal == 2 and len(table.taken) == 11 and table.refusals == []
            assert await anna.text("#pot") == "Deal 2 · Pot: 3"
            for phone in (anna, bjorn, cato):
                assert phone.errors == []
                assert sum('"t":"state"' in f for f in phone.frames) >= 10
                assert leaks(phone.frames, phone.seat, table.events_all) == []
        finally:
            await table.stop()

    run(with_browser(play))


def test_a_no_limit_amount_the_pot_button_and_a_refusal_in_norwegian(tmp_path):
    async def play(b):
        table = PhoneTable("no-limit-draw", decks=[stacked(HANDS, STOCK)], language="nb")
        await table.start()
        try:
            anna = await b.phone(table, 0, SMALL)
            bjorn = await b.phone(table, 1, LARGE)
            assert await anna.page.evaluate("document.documentElement.lang") == "nb"
            assert (
                await anna.page.get_by_role("button", name="spar fire", exact=True).count() == 0
            )  # not a button outside an exchange
            assert await anna.page.locator('#cards [aria-label="spar fire"]').count() == 1
            await anna.my_turn()
            await anna.tap("Høyn …")
            assert await anna.layout("amount", tmp_path) == []
            assert await anna.text("#amount-range") == "Fra 4 til 100"
            await anna.page.get_by_role("button", name="Pott", exact=True).click()
            pot_to = table.views()[0]["legal"]["range"]["pot_to"]
            assert await anna.page.input_value("#amount-value") == str(pot_to)
            await anna.page.get_by_role("button", name="All-in", exact=True).click()
            assert await anna.page.input_value("#amount-value") == "100"
            await anna.page.get_by_role("button", name="Halv pott", exact=True).click()
            await anna.page.get_by_role("button", name="Mer", exact=True).click()
            half = table.views()[0]["legal"]["range"]["half_pot_to"]
            assert await anna.page.input_value("#amount-value") == str(max(half, 4) + 2)
            await anna.page.get_by_role("button", name="Pott", exact=True).click()
            await anna.page.locator("#amount-confirm").click()
            await bjorn.my_turn()
            assert f"Anna høyner til {pot_to}" in await bjorn.text("#log-lines")
            # an amount the rules do not allow: the engine's reason, on the phone; nothing changes
            version = table.state.version
            await bjorn.tap("Høyn …")
            await bjorn.page.fill("#amount-value", "1000")
            await bjorn.page.locator("#amount-confirm").click()
            await bjorn.page.wait_for_selector("#message:not(:empty)", timeout=WAIT)
            message = await bjorn.text("#message")
            low = table.views()[1]["legal"]["range"]["min_to"]
            assert message == f"Bordet avviste: Bjørn kan høyne til mellom {low} og 100 (all-in)."
            assert table.state.version == version
            assert await bjorn.layout("refused", tmp_path) == []
            await bjorn.tap("Høyn …")
            await bjorn.page.fill("#amount-value", str(2 * pot_to))
            await bjorn.page.locator("#amount-confirm").click()
            await anna.page.wait_for_function(
                f"() => document.getElementById('log-lines').textContent.includes('Bjørn høyner til {2 * pot_to}')",
                timeout=WAIT,
            )
            assert await anna.text("#turn") == "Venter på Cato"
            assert await anna.text("#message") == ""
            for phone in (anna, bjorn):
                assert phone.errors == []
                assert leaks(phone.frames, phone.seat, table.events_all) == []
        finally:
            await table.stop()

    run(with_browser(play))


def test_a_reload_mid_deal_comes_back_and_a_second_device_waits_for_a_yes(tmp_path):
    async def play(b):
        table = PhoneTable(decks=[stacked(HANDS, STOCK)])
        await table.start()
        try:
            anna = await b.phone(table, 0, SMALL)
            bjorn = await b.phone(table, 1, SMALL)
            await bjorn.my_turn()
            await bjorn.tap("Bet 1")
            await anna.page.wait_for_selector("#seats li.to-act", timeout=WAIT)
            await bjorn.page.reload(timeout=WAIT)
            await bjorn.page.wait_for_selector("#cards .card", timeout=WAIT)
            assert "Bjørn bets 1." in await bjorn.text("#log-lines")
            assert await bjorn.text("#me") == "You: Bjørn"
            assert table.asked == []  # the same device: no yes needed
            # another phone for Anna's seat waits; the table says no; then yes
            other = await b.phone(table, 0, LARGE, wait_cards=False)
            await other.page.wait_for_function(
                "() => document.getElementById('status').textContent.startsWith('Another phone holds this seat')",
                timeout=WAIT,
            )
            assert await other.page.locator("#cards .card").count() == 0
            assert not any('"t":"state"' in f for f in other.frames)
            table.asked[0].answer(False)
            await other.page.wait_for_function(
                "() => document.getElementById('status').textContent.startsWith('This phone was not let in')",
                timeout=WAIT,
            )
            assert table.server.connected(0) and table.taken[-1].seat == 1
            third = await b.phone(table, 0, LARGE, wait_cards=False)
            await third.page.wait_for_function(
                "() => document.getElementById('status').textContent !== ''", timeout=WAIT
            )
            for _ in range(100):
                if len(table.asked) == 2:
                    break
                await asyncio.sleep(0.02)
            table.asked[1].answer(True)
            await third.page.wait_for_selector("#cards .card", timeout=WAIT)
            await anna.page.wait_for_function(
                "() => document.getElementById('status').textContent === 'Your seat moved to another phone.'",
                timeout=WAIT,
            )
            assert await anna.page.locator("#actions button").count() == 0
            for phone in (anna, bjorn, other, third):
                assert leaks(phone.frames, phone.seat, table.events_all) == []
        finally:
            await table.stop()

    run(with_browser(play))


def test_a_wrong_secret_and_a_flood_of_requests_are_refused_and_change_nothing(tmp_path):
    async def play(b):
        table = PhoneTable(decks=[stacked(HANDS, STOCK)], limits=Limits(http_burst=30, http_rate=2.0))
        await table.start()
        try:
            bjorn = await b.phone(table, 1, SMALL)
            version = table.state.version
            base = f"http://127.0.0.1:{table.server.port}"
            wrong = table.url(0)[:-2] + ("xy" if not table.url(0).endswith("xy") else "zz")
            stranger = await b.browser.new_context()
            page = await stranger.new_page()
            answers = []
            for url in (wrong, f"{base}/s/", f"{base}/"):
                response = await page.goto(url, timeout=WAIT)
                answers.append((response.status, await page.inner_text("body")))
            assert answers == [(404, "drawpoker\n\n" + page_words("en")["bye_gone"])] * 3
            # a socket with a wrong secret never opens
            closed = await page.evaluate(
                """url => new Promise(done => { const ws = new WebSocket(url); ws.onopen = () => done('open');
                   ws.onclose = () => done('closed'); })""",
                wrong.replace("http://", "ws://").replace("/s/", "/ws/"),
            )
            assert closed == "closed"
            # a flood of requests from one address: refused once its burst is spent
            statuses = await page.evaluate(
                """async url => { const out = []; for (let i = 0; i < 80; i++) { out.push((await fetch(url)).status); } return out; }""",
                table.url(1),
            )
            assert 429 in statuses and statuses.count(429) >= 40, statuses
            assert table.state.version == version and table.taken == [] and not table.server.keys.has_device(0)
            # the phone at the table still plays once the burst refills
            await bjorn.my_turn()
            await bjorn.tap("Bet 1")
            for _ in range(200):
                if table.taken:
                    break
                await asyncio.sleep(0.02)
            assert [d.action for d in table.taken] == ["bet"]
            await stranger.close()
        finally:
            await table.stop()

    run(with_browser(play))
