"""The phones' server: how soon an action shows on the other phones, and the CPU it costs.

    python bench/phones.py [--phones 6] [--decisions 400] [--seed 1] [--runs 3]

Six phones (aiohttp WebSocket clients, in a process of their own so their
CPU is not counted) hold every seat of a Mørkpoker table that runs as
``drawpoker play --phones`` does: the hot-seat controller and its phones'
link (drawpoker/client/phones.py), the laptop's Enter pressed at once at
each deal's end. The phone to act decides (call or check, stand pat, show)
and times how long until every other phone has a state that shows it
(wall clock, in the phones' process). The table and the server share this
process, timed with ``time.process_time``: the engine (the commands, the
next deal), the link (each seat's view, the log, the standings, what the
laptop waits for), and the rest of this process's CPU (the server: frames,
sockets; the controller), per decision. The phones' part is the link and
the rest.

Targets (issue 28): the other phones see an action within 200 ms with six
phones on loopback; the server adds under 5 ms of CPU per decision.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from typing import Any, TypedDict

from drawpoker.client.controller import DEAL_OVER, Controller
from drawpoker.client.look import Look
from drawpoker.client.phones import PhoneLink
from drawpoker.client.session import Session
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.games import game_for
from drawpoker.phones.limits import Limits
from drawpoker.phones.server import PhoneServer
from drawpoker.rules.loading import load_rules
from drawpoker.words.i18n import Translator

NAMES = ("Anna", "Bjørn", "Cato", "Dina", "Emil", "Frida")


class Config(TypedDict):
    """What the phones' process is told: each seat's address, and how many decisions to time."""

    urls: list[str]
    decisions: int


class Figures(TypedDict):
    """One run: the phones' latencies (seconds), this process's CPU seconds in all and in the engine
    and the link, the decisions taken and refused, the deals dealt."""

    latencies: list[float]
    cpu: float
    engine_cpu: float
    views_cpu: float
    decisions: int
    refused: int
    deals: int


# ---------------------------------------------------------------- the phones (their own process)


async def phones(config: Config) -> dict[str, list[float]]:
    import aiohttp

    decisions = config["decisions"]
    latencies: list[float] = []
    async with aiohttp.ClientSession() as http:
        sockets = []
        for url in config["urls"]:
            ws = await http.ws_connect(url.replace("http://", "ws://").replace("/s/", "/ws/"))
            await ws.send_str(json.dumps({"t": "hello", "device": None}))
            sockets.append(ws)
        views: list[Mapping[str, Any] | None] = [None] * len(sockets)  # the last view each phone was sent
        seen: list[tuple[int, int] | None] = [None] * len(sockets)  # (deal, log lines) of the last state
        changed = asyncio.Condition()

        async def read(seat: int) -> None:
            """Every frame one phone is sent, in order, one receive at a time (aiohttp allows no
            other): the last state's view kept, and whoever waits for a change told."""
            while True:
                msg = await sockets[seat].receive()
                if msg.type != aiohttp.WSMsgType.TEXT:  # closed
                    return
                data: Mapping[str, Any] = json.loads(msg.data)  # a frame of drawpoker.phones.protocol
                if data["t"] == "state":
                    async with changed:
                        views[seat] = data["view"]
                        seen[seat] = (data["view"]["deal"], len(data["log"]))
                        changed.notify_all()

        async def until(done: Callable[[], bool]) -> None:
            """Until ``done()`` holds of the phones' last states (at most 10 s)."""
            async with changed:
                await asyncio.wait_for(changed.wait_for(done), timeout=10)

        def moved(phones: list[int], since: tuple[int, int] | None) -> Callable[[], bool]:
            """Whether each of ``phones`` has a state that shows more than ``since``."""
            return lambda: all(seen[s] != since for s in phones)

        def an_actor() -> int | None:
            """The phone whose turn it is (its view with the legal actions)."""
            for s, v in enumerate(views):
                if v and v["to_act"] == s and v["legal"]:
                    return s
            return None

        readers = [asyncio.create_task(read(seat)) for seat in range(len(sockets))]
        await until(lambda: all(s is not None for s in seen))
        ident = 0
        while len(latencies) < decisions:
            await until(lambda: an_actor() is not None)
            actor = an_actor()
            assert actor is not None
            view = views[actor]
            assert view is not None
            words = [a["action"] for a in view["legal"]["actions"]]
            action = next(a for a in ("exchange", "show", "check", "call") if a in words)
            ident += 1
            before = seen[actor]
            sent = time.perf_counter()
            cards: list[str] | None = [] if action == "exchange" else None
            await sockets[actor].send_str(
                json.dumps({"t": "decide", "id": ident, "action": action, "amount": None, "cards": cards})
            )
            others = [s for s in range(len(sockets)) if s != actor]
            # the action shows on each other phone: a state with more of the deal's log (or the next deal)
            await until(moved(others, before))
            latencies.append(time.perf_counter() - sent)
            await until(moved([actor], before))
        for reader in readers:
            reader.cancel()
        await asyncio.gather(*readers, return_exceptions=True)
        for ws in sockets:
            await ws.close()
    return {"latencies": latencies}


# ---------------------------------------------------------------- the table and its server (this process)


class TimedSession(Session):
    """The table's session, the CPU time of its commands summed."""

    cpu = 0.0

    def submit(self, command: Any) -> list[Any]:
        started = time.process_time()
        try:
            return super().submit(command)
        finally:
            self.cpu += time.process_time() - started


class TimedLink(PhoneLink):
    """The phones' link, the CPU time of its refreshes summed."""

    cpu = 0.0

    def refresh(self, ctl: Controller, force: bool = False) -> bool:
        started = time.process_time()
        try:
            return super().refresh(ctl, force)
        finally:
            self.cpu += time.process_time() - started


class Table:
    """The laptop as ``drawpoker play --phones`` runs it: the hot-seat
    controller and its phones' link (every seat a phone), the laptop's Enter
    pressed at once at each deal's end."""

    def __init__(self, players: int, seed: int) -> None:
        rules = load_rules("morkpoker")
        game = game_for(rules)
        self.session = TimedSession(game, game.new_state(), None, [False] * players, RandomShuffler(seed))
        self.session.sit_down(NAMES[:players], (10_000,) * players, 0)
        self.ctl = Controller(Translator("en"), Look(), session=self.session)
        self.server = PhoneServer({}, limits=Limits(message_rate=1000, message_burst=1000))
        self.link = TimedLink(self.server, "127.0.0.1")
        self.ctl.phones = self.link
        self.done = False

    @property
    def engine_cpu(self) -> float:
        """The engine: commands handled, the next deal dealt."""
        return self.session.cpu

    @property
    def views_cpu(self) -> float:
        """The link: every seat's view, the log, the standings, what the laptop waits for."""
        return self.link.cpu

    def redraw(self) -> None:
        """What the laptop does after a change: at a deal's end, Enter at once."""
        if self.ctl.screen == DEAL_OVER:
            self.ctl.acknowledge()
            self.link.refresh(self.ctl)

    @property
    def decisions(self) -> int:
        return self.link.decisions


async def one_run(players: int, decisions: int, seed: int) -> Figures:
    table = Table(players, seed)
    await table.link.start()
    table.ctl.acknowledge()  # the first deal
    table.link.refresh(table.ctl)
    loop_task = asyncio.create_task(table.link.serve(table.ctl, table.redraw, lambda: table.done))
    config: Config = {"urls": [table.link.address(seat) for seat in range(players)], "decisions": decisions}
    child = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--phones-process", stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert child.stdin is not None
    child.stdin.write(json.dumps(config).encode())
    child.stdin.close()
    cpu_before = time.process_time()
    engine_before, views_before, decided_before = table.engine_cpu, table.views_cpu, table.decisions
    out, _ = await asyncio.wait_for(child.communicate(), timeout=600)
    cpu = time.process_time() - cpu_before
    latencies: list[float] = json.loads(out)["latencies"]  # what phones() printed
    result: Figures = {
        "latencies": latencies,
        "cpu": cpu,
        "engine_cpu": table.engine_cpu - engine_before,
        "views_cpu": table.views_cpu - views_before,
        "decisions": table.decisions - decided_before,
        "refused": table.link.refused,
        "deals": table.ctl.state.deal,
    }
    table.done = True
    await asyncio.wait_for(loop_task, 10)
    await table.server.stop()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=6)
    parser.add_argument("--decisions", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--phones-process", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.phones_process:
        print(json.dumps(asyncio.run(phones(json.loads(sys.stdin.read())))))
        return
    print(f"{args.phones} phones on loopback, Mørkpoker, {args.decisions} decisions a run")
    for run in range(args.runs):
        r = asyncio.run(one_run(args.phones, args.decisions, args.seed + run))
        ms = sorted(1000 * x for x in r["latencies"])
        p95 = ms[int(0.95 * (len(ms) - 1))]
        per = 1000 / r["decisions"]
        engine, views = r["engine_cpu"] * per, r["views_cpu"] * per
        server = r["cpu"] * per - engine - views
        print(
            f"run {run + 1}: {r['decisions']} decisions over {r['deals']} deals; shown on the other "
            f"{args.phones - 1} phones in median {statistics.median(ms):.1f} ms, 95th percentile {p95:.1f} ms, "
            f"slowest {ms[-1]:.1f} ms; CPU per decision: the phones' part {views + server:.2f} ms (views, log and "
            f"news {views:.2f} ms, the server and the rest {server:.2f} ms), the engine {engine:.2f} ms; "
            f"{r['refused']} refused"
        )


if __name__ == "__main__":
    main()
