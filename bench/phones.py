"""The phones' server: how soon an action shows on the other phones, and the CPU it costs.

    python bench/phones.py [--phones 6] [--decisions 400] [--seed 1] [--runs 3]

Six phones (aiohttp WebSocket clients, in a process of their own so their
CPU is not counted) sit at a Mørkpoker table served on loopback. The phone
to act decides (call or check, stand pat, show) and times how long until
every other phone has the table's next state (wall clock, in the phones'
process). The table and the server share this process: the table's own
work (the engine, building the views and the log) is timed with
``time.process_time`` around it, and the server's share is this process's
CPU time less the table's, per decision.

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

from drawpoker.client.lines import plain
from drawpoker.client.log import deal_log
from drawpoker.client.look import Look
from drawpoker.client.session import Session
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.errors import IllegalAction
from drawpoker.games import game_for
from drawpoker.games.view import command_for, phone_view, seat_view
from drawpoker.phones.limits import Limits
from drawpoker.phones.protocol import decision_of
from drawpoker.phones.server import PhoneServer
from drawpoker.rules.loading import load_rules
from drawpoker.words.i18n import Translator

NAMES = ("Anna", "Bjørn", "Cato", "Dina", "Emil", "Frida")


# ---------------------------------------------------------------- the phones (their own process)


async def phones(config: dict) -> dict:
    import aiohttp

    decisions = config["decisions"]
    latencies: list[float] = []
    async with aiohttp.ClientSession() as http:
        sockets = []
        for url in config["urls"]:
            ws = await http.ws_connect(url.replace("http://", "ws://").replace("/s/", "/ws/"))
            await ws.send_str(json.dumps({"t": "hello", "device": None}))
            sockets.append(ws)
        views: list[dict | None] = [None] * len(sockets)

        async def next_state(seat: int) -> dict:
            while True:
                msg = await sockets[seat].receive(timeout=10)
                data = json.loads(msg.data)
                if data["t"] == "state":
                    views[seat] = data["view"]
                    return data

        for seat in range(len(sockets)):
            await next_state(seat)
        ident = 0
        while len(latencies) < decisions:
            actor = next(s for s, v in enumerate(views) if v and v["to_act"] == s and v["legal"])
            words = [a["action"] for a in views[actor]["legal"]["actions"]]
            action = next(a for a in ("exchange", "show", "check", "call") if a in words)
            ident += 1
            sent = time.perf_counter()
            cards = [] if action == "exchange" else None
            await sockets[actor].send_str(
                json.dumps({"t": "decide", "id": ident, "action": action, "amount": None, "cards": cards})
            )
            others = [s for s in range(len(sockets)) if s != actor]
            await asyncio.gather(*(next_state(s) for s in others))
            latencies.append(time.perf_counter() - sent)
            await next_state(actor)
        for ws in sockets:
            await ws.close()
    return {"latencies": latencies}


# ---------------------------------------------------------------- the table and its server (this process)


class Table:
    def __init__(self, players: int, seed: int) -> None:
        rules = load_rules("morkpoker")
        game = game_for(rules)
        self.session = Session(game, game.new_state(), None, [False] * players, RandomShuffler(seed))
        self.session.sit_down(NAMES[:players], (10_000,) * players, 0)
        self.server = PhoneServer(
            dict(enumerate(NAMES[:players])), limits=Limits(message_rate=1000, message_burst=1000)
        )
        self.tr = Translator("en")
        self.look = Look()
        self.table_cpu = 0.0
        self.decisions = 0
        self.refused = 0

    def publish(self) -> None:
        started = time.process_time()
        state, game = self.session.state, self.session.game
        views = {seat: phone_view(game, state, seat, coach=False, words=self.tr) for seat in range(state.seats)}
        public = {"log": [plain(line) for line in deal_log(game, self.session.chunks, self.tr, self.look)]}
        self.table_cpu += time.process_time() - started
        self.server.publish(views, public)  # the server's own work: a frame per seat, queued and sent

    async def run(self) -> None:
        while True:
            decision = await self.server.decisions.get()
            started = time.process_time()
            game, state = self.session.game, self.session.state
            try:
                command = command_for(game, seat_view(game, state, decision.seat), decision_of(decision))
                self.session.submit(command)
                reason = None
            except (ValueError, IllegalAction) as exc:
                reason = str(exc)
                self.refused += 1
            if self.session.deal_just_ended:
                self.session.deal()
            self.table_cpu += time.process_time() - started
            self.decisions += 1
            self.server.answer(decision, reason)
            self.publish()


async def one_run(players: int, decisions: int, seed: int) -> dict:
    table = Table(players, seed)
    await table.server.start()
    table.session.deal()
    table.publish()
    loop_task = asyncio.create_task(table.run())
    config = {"urls": [table.server.address(seat) for seat in range(players)], "decisions": decisions}
    child = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--phones-process", stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert child.stdin is not None
    child.stdin.write(json.dumps(config).encode())
    child.stdin.close()
    cpu_before = time.process_time()
    table_before = table.table_cpu
    out, _ = await asyncio.wait_for(child.communicate(), timeout=600)
    cpu = time.process_time() - cpu_before
    table_cpu = table.table_cpu - table_before
    loop_task.cancel()
    await table.server.stop()
    result = json.loads(out)
    result.update(cpu=cpu, table_cpu=table_cpu, decisions=table.decisions, refused=table.refused)
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
        server = 1000 * (r["cpu"] - r["table_cpu"]) / r["decisions"]
        table = 1000 * r["table_cpu"] / r["decisions"]
        print(
            f"run {run + 1}: shown on the other {args.phones - 1} phones in median {statistics.median(ms):.1f} ms, "
            f"95th percentile {p95:.1f} ms, slowest {ms[-1]:.1f} ms; "
            f"CPU per decision: server {server:.2f} ms, table {table:.2f} ms; {r['refused']} refused"
        )


if __name__ == "__main__":
    main()
