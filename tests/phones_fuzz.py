"""Fuzzing the phones' server with the real table behind it: random and
mutated messages over real WebSockets on 127.0.0.1, and what every run
must keep to.

The table is ``drawpoker play --phones`` without the terminal
(:class:`tests.phones_laptop.Laptop`: the real controller, its phones'
link and server, the history written), seat 0 played at the laptop by the
moves that take a table on, seats 1 and 2 on phones. The phones send, in
an order drawn at random: good decisions from their views (so the
evening goes on), the same decisions out of turn or replayed, decisions
mutated (another action, an amount or cards of every type and size,
unknown keys, keys missing), JSON that is no message, text that is no
JSON, binary frames, frames past the size limit, a hello again; a second
device claims a seat (the laptop says yes or no, or leaves it waiting);
a phone reloads with its device key.

What must hold (docs/phones.md):

- every decision is answered once, taken or refused with one sentence
  (no traceback, no exception's name, one line);
- anything that is no message closes that connection (1008, or 1009 for
  a frame too big) and reaches no table;
- a refused or closed message changes nothing at the table (no event);
- the server keeps running: a phone reloading with its key gets the
  current state, and a good decision is still answered;
- no frame any phone gets holds another seat's unshown cards;
- the history verifies and replays to the table's state.

Every wait is bounded. Shared by tests/test_fuzz_phones.py; a longer run::

    nice .venv/bin/python -m tests.phones_fuzz --examples 50 [--seed N]
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import aiohttp

from drawpoker.client import controller as c
from drawpoker.history.reader import open_history
from drawpoker.history.verify import replay_history, verify_history
from drawpoker.phones.limits import Limits
from tests.phones_laptop import WAIT, Laptop, WsPhone
from tests.phones_table import leaks

#: a test's table lets the fuzz send as fast as it likes (the limits have tests of their own)
GENEROUS = Limits(message_burst=10**6, message_rate=10.0**6, http_burst=10**6, http_rate=10.0**6)

RULESETS = ("morkpoker", "jackpots", "deuce-to-seven-single-draw", "three-card-poker", "dealers-choice")

#: what a reason to a phone must never look like
RAW = re.compile(r"Traceback|\b\w+(?:Error|Exception)\b|<[a-z_.]+ object at 0x|\bNone\b")

#: values of every JSON type, and a few sizes and shapes a reader might trip on
ODD_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1.5,
    2**31 + 1,
    10**13,
    -(10**13),
    1e308,
    "",
    "x",
    "As",
    "Jk",
    "10d",
    "A♠",
    "\u202e",
    "x" * 300,
    [],
    [None],
    ["As", "As"],
    ["Zz"],
    ["As"] * 8,
    [[1, 0, 0, 0]],
    [[1, 0, 0]],
    [[-1, 0, 0, 0]],
    [[True, 0, 0, 0]],
    [[10**13, 0, 0, 0]],
    [[0, 0, 0, 0]] * 13,
    {},
    {"a": 1},
]
ACTIONS = [
    "fold",
    "check",
    "call",
    "bet",
    "raise",
    "exchange",
    "show",
    "muck",
    "choose",
    "place",
    "play",
    "sit_out",
    "dance",
    "FOLD",
    "",
    "a" * 21,
]
GAMES = ["morkpoker", "jackpots", "deuce-to-seven-triple-draw", "three-card-poker", "x" * 200, "../../etc/passwd", ""]


class FuzzPhone(WsPhone):
    """A phone that also says what a fuzz says, and knows when its connection ended and how."""

    async def send(self, text: str | bytes) -> None:
        assert self.ws is not None
        if isinstance(text, bytes):
            await self.ws.send_bytes(text)
        else:
            await self.ws.send_str(text)

    @property
    def close_code(self) -> int | None:
        return None if self.ws is None else self.ws.close_code

    async def _read(self) -> None:  # as WsPhone's, but a frame that is not JSON text is a finding
        assert self.ws is not None
        async for msg in self.ws:
            if msg.type == aiohttp.WSMsgType.TEXT:
                self.frames.append(msg.data)
                said = json.loads(msg.data)
                if said["t"] == "welcome":
                    self.device = said["device"]
            else:
                raise AssertionError(f"a frame that is not text: {msg.type}")
        self.closed.set()


def laptop_step(ctl: Any, rng: random.Random) -> None:
    """The move that takes the table on at the laptop (seat 0, the hand-overs, the deal's end)."""
    screen = ctl.screen
    if ctl.quit_asked:
        ctl.cancel_quit()
    elif ctl.help_open:
        ctl.close_help()
    elif ctl.menu is not None:
        ctl.menu_key("escape")
    elif ctl.phones_open:
        ctl.phones_key("enter")
    elif ctl.asked() is not None:
        ctl.answer_approval(rng.random() < 0.5)
    elif screen == c.HANDOVER:
        ctl.reveal()
    elif screen in (c.AGAIN, c.PEEK, c.DEAL_OVER, c.DRAWN, c.RESUMED):
        ctl.acknowledge()
    elif screen == c.WATCH:
        ctl.computer_step()
    elif screen == c.CHOOSE:
        ctl.choose_game(rng.randrange(len(ctl.games())))
    elif screen == c.ASK:
        ctl.answer_rebuy(True)
    elif screen == c.TURN and ctl.game_kind != "morkpoker":
        if ctl.phase == "betting":
            ctl.place_bets(sit_out=rng.random() < 0.2)
        else:
            ctl.decide(rng.random() < 0.7)
    elif screen == c.TURN and ctl.amount is not None:
        ctl.amount_key("enter")
    elif screen == c.TURN and ctl.phase == "exchange":
        ctl.clear_exchange()
        ctl.confirm_exchange()
    elif screen == c.TURN:
        actions = [o.action for o in ctl.session.legal().options]
        for action in ("show", "call", "check", "bet", "fold"):
            if action in actions:
                ctl.act(action)
                if ctl.question:
                    ctl.act(action)
                return


def good_decision(view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A decision the view's legal part allows (None: the seat has none)."""
    legal = view.get("legal")
    if not legal:
        return None
    if view["game"] == "three-card-poker":
        action = rng.choice(legal["actions"])
        boxes = None
        if action == "place":
            limits = legal["limits"]
            boxes = [[limits["ante_min"], 0, 0, 0]]
        elif action == "sit_out":
            action, boxes = "place", []
        return {"t": "decide", "id": 0, "action": action, "amount": None, "cards": None, "boxes": boxes}
    if legal.get("choose"):
        return {
            "t": "decide",
            "id": 0,
            "action": "choose",
            "amount": None,
            "cards": None,
            "game": rng.choice(legal["choose"])["name"],
        }
    if legal.get("exchange"):
        hand = list(view["cards"])
        most = legal["exchange"]["max"]
        cards = rng.sample(hand, rng.randint(0, min(most, len(hand))))
        return {"t": "decide", "id": 0, "action": "exchange", "amount": None, "cards": cards}
    option = rng.choice(legal["actions"])
    amount = None
    if option["action"] in ("bet", "raise") and legal.get("range"):
        low, high = legal["range"]["min_to"], legal["range"]["max_to"]
        amount = rng.choice([low, high, (low + high) // 2])
    return {"t": "decide", "id": 0, "action": option["action"], "amount": amount, "cards": None}


def mutate(message: dict[str, Any], rng: random.Random) -> Any:
    """``message`` changed in one way a phone (or someone posing as one) might change it."""
    out = dict(message)
    roll = rng.randrange(8)
    if roll == 0:
        out["action"] = rng.choice(ACTIONS)
    elif roll == 1:
        out["amount"] = rng.choice(ODD_VALUES)
    elif roll == 2:
        out["cards"] = rng.choice(ODD_VALUES)
    elif roll == 3:
        out[rng.choice(["game", "boxes"])] = rng.choice(ODD_VALUES + GAMES)
    elif roll == 4:
        out[rng.choice(["extra", "seat", "T", "__proto__"])] = rng.choice(ODD_VALUES)
    elif roll == 5:
        out.pop(rng.choice(["id", "action", "amount", "cards", "t"]), None)
    elif roll == 6:
        out["id"] = rng.choice(ODD_VALUES)
    else:
        out["t"] = rng.choice(["hello", "Decide", "answer", "state", "", None, 1])
    return out


def junk(rng: random.Random) -> str | bytes:
    """A frame that is no message at all."""
    return rng.choice(
        [
            "",
            "{",
            "null",
            "[]",
            '"decide"',
            "1e999",
            "{" * 3000,
            "[" * 1000 + "]" * 1000,
            '{"t": "decide"}',
            '{"t": "hello", "device": "' + "k" * 65 + '"}',
            '{"t": "hello", "device": 5}',
            '{"t": "decide", "id": 1, "action": "call", "amount": NaN, "cards": null}',
            '{"t": "decide", "id": 1, "id": 2, "action": "call", "amount": null, "cards": null}',
            "\ud800".encode("utf-8", "surrogatepass").decode("utf-8", "replace"),
            json.dumps({"t": "decide", "id": 1, "action": "call", "amount": None, "cards": None, "pad": "x" * 3000}),
            b"\x00\x01binary",
        ]
    )


class PhoneFuzz:
    """One fuzzed evening with phones: the table, its phones, what was sent."""

    def __init__(self, table: Laptop, rng: random.Random) -> None:
        self.table = table
        self.rng = rng
        self.phones: dict[int, FuzzPhone] = {}
        self.old: list[tuple[int, FuzzPhone]] = []  # every phone that ever held a seat (for the leaks)
        self.sent: list[str] = []  # what was sent, for the report
        self.ids = 1000
        self.answered: dict[int, int] = {}  # id -> answers got
        self.history: list[tuple[int, str]] = []  # (seat, frame) of good decisions, to replay
        #: what happened, by kind (for the long runs' summary): taken, refused, closed, second, reload
        self.counts: dict[str, int] = {}
        self.keyboard: Any = None  # the laptop's keys on the real application (made when first pressed)

    def count(self, what: str) -> None:
        self.counts[what] = self.counts.get(what, 0) + 1

    @property
    def ctl(self) -> Any:
        return self.table.ctl

    async def join(self, seat: int, device: str | None = None) -> FuzzPhone | None:
        """A phone opens ``seat``'s address (None: the seat cannot be joined now)."""
        if seat not in self.table.link.seats():
            return None
        assert self.table.http is not None
        phone = FuzzPhone(self.table.http, self.table.link.address(seat))
        await phone.open(device)
        await phone.until(lambda: phone.last("state") or phone.last("wait") or phone.closed.is_set(), "a first frame")
        self.old.append((seat, phone))
        return phone

    async def phone(self, seat: int) -> FuzzPhone | None:
        """``seat``'s phone, open (reloaded with its key after its connection closed)."""
        phone = self.phones.get(seat)
        if phone is not None and not phone.closed.is_set() and phone.last("state") is not None:
            return phone
        device = phone.device if phone is not None else None
        fresh = await self.join(seat, device)
        if fresh is None:
            return None
        if fresh.last("wait") is not None:  # another device holds it: the laptop lets this one in
            await self.table.settle()
            if self.ctl.asked() is not None:
                self.ctl.answer_approval(True)
            await fresh.until(lambda: fresh.last("state") or fresh.closed.is_set(), "in, or not")
        if fresh.closed.is_set():
            return None
        self.phones[seat] = fresh
        return fresh

    def _events(self) -> int:
        return len(self.table.session.events)

    async def decide(self, seat: int, message: dict[str, Any]) -> dict[str, Any] | None:
        """Send a decision of the right shape; its answer (None if the connection closed)."""
        phone = await self.phone(seat)
        if phone is None:
            return None
        self.ids += 1
        message = {**message, "id": self.ids}
        frame = json.dumps(message)
        self.sent.append(f"{seat}: {frame}")
        before = self._events()
        await phone.send(frame)
        ident = self.ids

        def answered() -> Any:
            for said in phone.messages:
                if said["t"] == "answer" and said["id"] == ident:
                    return said
            return phone.closed.is_set() and {"closed": True}

        answer = await phone.until(answered, f"the answer to {frame[:200]}")
        if answer.get("closed"):
            return None
        answers = [m for m in phone.messages if m["t"] == "answer" and m["id"] == ident]
        assert len(answers) == 1, f"answered {len(answers)} times: {frame}"
        reason = answer["reason"]
        self.count("taken" if answer["ok"] else "refused")
        if answer["ok"]:
            assert reason is None
            self.history.append((seat, frame))
        else:
            assert isinstance(reason, str) and reason.strip(), answer
            assert "\n" not in reason and len(reason) <= 300 and RAW.search(reason) is None, answer
            assert self._events() == before, f"a refused decision changed the table: {frame} -> {reason}"
        return dict(answer)

    async def bad(self, seat: int, frame: str | bytes) -> None:
        """Send what is no message: the connection closes, and nothing reaches the table."""
        phone = await self.phone(seat)
        if phone is None:
            return
        self.sent.append(f"{seat}: {frame[:200]!r}")
        before, refused = self._events(), self.table.link.refused + self.table.link.decisions
        await phone.send(frame)
        await asyncio.wait_for(phone.closed.wait(), WAIT)
        assert phone.close_code in (1008, 1009), (phone.close_code, frame[:200])
        self.count(f"closed {phone.close_code}")
        await self.table.settle()
        assert self._events() == before and self.table.link.refused + self.table.link.decisions == refused

    async def step(self) -> None:
        """One thing a phone (or the laptop) does, drawn at random."""
        rng = self.rng
        seat = rng.choice([1, 2])
        roll = rng.random()
        ctl = self.ctl
        if roll < 0.3:  # the table goes on: the seat waited for decides well
            waited = ctl.waiting_seat() if ctl.screen == c.PHONE else None
            if waited in self.phones:
                phone = await self.phone(waited)
                view = phone.last("state")["view"] if phone is not None else None
                good = good_decision(view, rng) if view else None
                if good is not None:
                    await self.decide(waited, good)
                    return
            laptop_step(ctl, rng)
            await self.table.settle()
        elif roll < 0.45:  # a good decision's shape, mutated (mostly from the seat waited for)
            waited = ctl.waiting_seat() if ctl.screen == c.PHONE else None
            if waited in (1, 2) and rng.random() < 0.7:
                seat = waited
            phone = await self.phone(seat)
            view = phone.last("state")["view"] if phone is not None else None
            good = (good_decision(view, rng) if view else None) or {
                "t": "decide",
                "id": 0,
                "action": "call",
                "amount": None,
                "cards": None,
            }
            changed = mutate(good, rng)
            await self._try(seat, changed)
        elif roll < 0.55:  # out of turn: what the other seat may do, from this one
            other = await self.phone(3 - seat)
            view = other.last("state")["view"] if other is not None else None
            good = good_decision(view, rng) if view else None
            if good is not None:
                await self._try(seat, good)
        elif roll < 0.65 and self.history:  # an old decision again
            old_seat, frame = rng.choice(self.history)
            await self._try(old_seat, json.loads(frame))
        elif roll < 0.7:
            await self.bad(seat, junk(rng))
        elif roll < 0.75:  # keys at the laptop, on the real application (the codes, L, a phone's request)
            await self.laptop_keys()
        elif roll < 0.82:  # a hello again: ignored
            phone = await self.phone(seat)
            if phone is not None:
                await phone.send(json.dumps({"t": "hello", "device": rng.choice([None, phone.device, "k" * 64])}))
                await self._try(seat, {"t": "decide", "id": 0, "action": "dance", "amount": None, "cards": None})
        elif roll < 0.9:  # a second device claims the seat
            second = await self.join(seat)
            self.count("second device")
            if second is not None:
                await self.table.settle()
                if ctl.asked() is not None and rng.random() < 0.8:
                    yes = rng.random() < 0.5
                    ctl.answer_approval(yes)
                    await second.until(lambda: second.last("state") or second.closed.is_set(), "in, or not")
                    if yes and second.last("state") is not None:
                        self.phones[seat] = second
                else:
                    await second.close()
                    await self.table.settle()
        elif roll < 0.93:  # a reload
            phone = self.phones.get(seat)
            if phone is not None:
                self.count("reload")
                await phone.close()
                await self.phone(seat)
        elif roll < 0.95:  # the laptop takes a seat back
            if ctl.screen == c.PHONE:
                ctl.take_back()
            await self.table.settle()
        else:  # the laptop's table menu: open over a phone's turn, or a change between deals
            await self.laptop_menu()

    async def laptop_keys(self) -> None:
        """A few keys pressed at the laptop on the real application (its
        bindings with the phones': Q the codes, L a seat taken back, Y or N
        to a second phone's request, arrows and digits on the codes); the
        screen draws and shows no raw exception."""
        from drawpoker.client.screens import screen_text
        from tests.keyboard import keyboard
        from tests.keys_fuzz import RAW

        if self.keyboard is None:
            self.keyboard = keyboard(self.ctl)
        kb = self.keyboard
        keys = ["q", "Q", "l", "L", "y", "Y", "j", "n", "N", "t", "x", "1", "2", "3", "²", "?", "\r", "\x1b", "\t"]
        keys += ["\x1b[A", "\x1b[B", "\x1b[C", "\x1b[D", "\x7f", "\x01", "\x1b[200~pasted\x1b[201~"]
        pressed = "".join(self.rng.choice(keys) for _ in range(self.rng.randint(1, 5)))
        self.sent.append(f"laptop keys: {pressed!r}")
        self.count("laptop keys")
        kb.press(pressed)
        text = screen_text(self.ctl, 80, 24)
        assert RAW.search(text) is None, text
        assert self.ctl.screen != c.FAILED, self.ctl.failure
        await self.table.settle()

    async def laptop_menu(self) -> None:
        """The table menu at the laptop: someone sits out, comes back, arrives
        or leaves between deals (a phone's seat too), or the menu is left open
        while the phones go on saying things."""
        ctl, rng = self.ctl, self.rng
        ctl.open_menu()
        if ctl.menu is None:
            return
        self.count("table menu")
        seat = str(rng.choice([1, 2, 3]))
        keys = rng.choice([["s", seat], ["b", seat], ["l", seat], ["a", *"Dag", "enter", "enter", "p"], []])
        for key in keys:
            if ctl.menu is None:
                break
            ctl.menu_key(key)
        await self.table.settle()
        for seat in (1, 2):  # what the phones say meanwhile (the menu open: "decide again when it is closed")
            await self._try(seat, {"t": "decide", "id": 0, "action": "check", "amount": None, "cards": None})

    async def _try(self, seat: int, message: Any) -> None:
        """A decision that may or may not have a decision's shape."""
        try:
            from drawpoker.phones.protocol import BadMessage, parse

            parse(json.dumps(message))
        except BadMessage:
            await self.bad(seat, json.dumps(message))
        except (TypeError, ValueError):
            await self.bad(seat, repr(message))
        else:
            await self.decide(seat, message)

    async def finish(self) -> None:
        """The server still runs: a reload gets the state, a good decision (or a probe) is answered."""
        for seat in (1, 2):
            phone = await self.phone(seat)
            if phone is None:
                continue
            assert phone.last("state") is not None
            answer = await self.decide(seat, {"t": "decide", "id": 0, "action": "dance", "amount": None, "cards": None})
            assert answer is not None and not answer["ok"]
        events = self.table.session.events
        game = self.table.session.game
        tcp = game if game.rules.game == "three-card-poker" else None
        for seat, phone in self.old:
            found = leaks(phone.frames, seat, events, tcp)
            assert not found, found


async def fuzz_evening(folder: Path, ruleset: str, seed: int, steps: int) -> PhoneFuzz:
    """One evening with phones, ``steps`` random steps; everything checked."""
    rng = random.Random(seed)
    path = folder / f"{ruleset}-{seed}.jsonl"
    names = ("Anna", "Bjørn", "Cato")
    table = Laptop(folder, ruleset, names, seed=seed, path=path, limits=GENEROUS)
    async with table:
        fuzz = PhoneFuzz(table, rng)
        for seat in (1, 2):
            await fuzz.phone(seat)
        await table.settle()
        try:
            for _ in range(steps):
                await fuzz.step()
            await fuzz.finish()
            if fuzz.keyboard is not None:
                fuzz.keyboard.close()
        except (AssertionError, TimeoutError) as exc:
            last = "\n  ".join(fuzz.sent[-4:])
            raise AssertionError(f"{ruleset}, seed {seed}: {exc!r}; the last messages:\n  {last}") from exc
        session = table.session
        fuzz.counts["deals ended"] = sum(type(e).__name__ in ("DealEnded", "RoundClosed") for e in session.events)
    replayed = replay_history(open_history(path))
    assert replayed == session.state
    report = verify_history(open_history(path), parts=1)
    assert report.torn is None
    return fuzz


def run(coro: Any, timeout: float = 300) -> Any:
    async def bounded() -> Any:
        return await asyncio.wait_for(coro, timeout)

    return asyncio.run(bounded())


def main(argv: Sequence[str] | None = None) -> int:
    import argparse
    import tempfile
    import traceback

    parser = argparse.ArgumentParser(prog="python -m tests.phones_fuzz")
    parser.add_argument("--examples", type=int, default=20)
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    print(f"seed {seed}")
    master = random.Random(seed)
    failures = sent = 0
    counts: dict[str, int] = {}
    for n in range(args.examples):
        ruleset = master.choice(RULESETS)
        one = master.getrandbits(32)
        with tempfile.TemporaryDirectory(prefix="phones-fuzz-") as folder:
            try:
                fuzz = run(fuzz_evening(Path(folder), ruleset, one, args.steps))
                sent += len(fuzz.sent)
                for what, n in fuzz.counts.items():
                    counts[what] = counts.get(what, 0) + n
            except Exception:
                failures += 1
                print(f"--- example {n}: {ruleset}, seed {one}")
                traceback.print_exc(limit=-6)
    print(", ".join(f"{what} {n}" for what, n in sorted(counts.items())))
    print(f"{args.examples} evenings, {sent} messages, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
