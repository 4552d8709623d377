"""What histories cost: the log, verify, and the readers' memory and first screen.

    python bench/history.py [--deals 100000] [--write-deals 3000] [--runs 5] [--keep DIR]

Everything is measured in CPU time (the machine may be shared), before
and after in the same run, several runs, and reported as ranges:

1. The log: one simulated session (6 players, the long ruleset) with no
   log, with the format-1 writer (per-line CRC-32, generic JSON, a flush
   per command: what drawpoker wrote before seals) and with the sealed
   format-2 writer (``simulate --log``), runs interleaved. Target: sealed
   log at most 1.3x no log (issue 15), and within 10% of the format-1
   writer's cost (issue 13).
2. Verify on one core (``parts=1``), each in a fresh process: the same
   deals written in format 1 and in format 2, and beside them the engine
   alone re-running the recorded decisions (the floor: verify cannot be
   cheaper than the engine). Target: >= 5,000 deals/s.
3. The readers on a --deals long history, each in a fresh process: peak
   memory (RSS) of ``history``, ``history --json``, ``export`` and
   ``replay`` (its model built and the first screen drawn), and the time
   to replay's first screen. Targets: < 60 MB, < 1 s.
4. The live writer: appending one decision's events with fsync.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

LONG = "extends: morkpoker\nsession:\n  deals: {deals}\n  when_broke: rebuy\n"


class V1Logs:
    """The format-1 writer as it was: per-line CRC-32 over generic JSON, a write and flush per command."""

    def __init__(self, path: Path, rules: Any) -> None:
        from drawpoker import __version__
        from drawpoker.history.format import sealed
        from drawpoker.history.writer import now_iso
        from drawpoker.rules import fingerprint, rules_to_data

        self.file = open(path, "w", encoding="utf-8")  # noqa: SIM115 - closed in close()
        self.rules = rules
        self.number = 1
        self._head = (rules_to_data(rules), fingerprint(rules), now_iso(), __version__, sealed)

    def start(self, state: Any, names: tuple[str, ...]) -> None:
        data, fp, started, version, sealed = self._head
        players = [{"seat": i, "name": n, "computer": True} for i, n in enumerate(names)]
        head = {"drawpoker": "history", "format": 1, "app": version, "game": self.rules.game, "started": started}
        head.update(players=players, fingerprint=fp, rules=data)
        self.file.write(sealed(head))

    def write(self, events: list[Any]) -> None:
        from drawpoker.history.format import event_line_v1

        lines = []
        for event in events:
            lines.append(event_line_v1(self.number, event))
            self.number += 1
        self.file.write("".join(lines))
        self.file.flush()

    def close(self) -> None:
        self.file.flush()
        os.fsync(self.file.fileno())
        self.file.close()


def _rules(folder: Path, deals: int) -> Path:
    path = folder / f"long-{deals}.yaml"
    path.write_text(LONG.format(deals=deals), encoding="utf-8")
    return path


def write_costs(folder: Path, deals: int, runs: int) -> None:
    from drawpoker.history.writer import SessionLogs
    from drawpoker.rules import load_rules
    from drawpoker.session.simulate import simulate

    rules = load_rules(_rules(folder, max(deals, 100_000)))
    times: dict[str, list[float]] = {"none": [], "format 1": [], "sealed": []}
    for run in range(runs):
        order = ["none", "format 1", "sealed"]
        order = order[run % 3 :] + order[: run % 3]  # interleaved, a different one first each run
        for kind in order:
            target = folder / f"w-{kind.replace(' ', '')}.jsonl"
            if target.exists():
                target.unlink()
            logs: Any = (
                None if kind == "none" else V1Logs(target, rules) if kind == "format 1" else SessionLogs(target, rules)
            )
            started = time.process_time()
            simulate(
                rules,
                6,
                deals,
                1,
                ("random", "sensible"),
                sink=None if logs is None else logs.write,
                on_session=None if logs is None else logs.start,
            )
            if logs is not None:
                logs.close()
            times[kind].append(time.process_time() - started)
    ratio_v1 = [a / b for a, b in zip(times["format 1"], times["none"], strict=True)]
    ratio_sealed = [a / b for a, b in zip(times["sealed"], times["none"], strict=True)]
    cost_v1 = [a - b for a, b in zip(times["format 1"], times["none"], strict=True)]
    cost_sealed = [a - b for a, b in zip(times["sealed"], times["none"], strict=True)]
    print(f"1. the log, {deals:,} deals x {runs} runs (CPU s):")
    for kind, values in times.items():
        print(f"   {kind:9} {_range(values, '.2f')}")
    print(
        f"   log / no log: format 1 {_range(ratio_v1, '.2f')}x, sealed {_range(ratio_sealed, '.2f')}x (target <= 1.3x)"
    )
    own = [s / v for s, v in zip(cost_sealed, cost_v1, strict=True)]
    print(f"   the sealed log's own cost / format 1's: {_range(own, '.2f')}x (target <= 1.10x)")


VERIFY = r"""
import sys, time
from drawpoker.history.reader import open_history
from drawpoker.history.verify import verify_history
from drawpoker.games import game_for
mode, path = sys.argv[1], sys.argv[2]
if mode == "engine":
    reader = open_history(path)
    game = game_for(reader.rules)
    commands = [c for c in (game.command_of(e) for _, e in reader.events()) if c is not None]
    state = game.new_state()
    c0 = time.process_time()
    for command in commands:
        game.handle(state, command)
    print(state.deal, time.process_time() - c0)
else:
    c0 = time.process_time()
    report = verify_history(open_history(path), parts=1)
    print(report.deals, time.process_time() - c0)
"""


#: verify on one core: pinned to the first core where ``taskset`` exists (and ``parts=1`` always)
_ONE_CORE = ["taskset", "-c", "0"] if shutil.which("taskset") else []


def verify_speed(folder: Path, deals: int, runs: int) -> None:
    from drawpoker.history.writer import SessionLogs
    from drawpoker.rules import load_rules
    from drawpoker.session.simulate import simulate

    rules = load_rules(_rules(folder, max(deals, 100_000)))
    paths = {"format 1": folder / f"v1-{deals}.jsonl", "sealed": folder / f"v2-{deals}.jsonl"}
    for kind, path in paths.items():
        if not path.exists():
            logs: Any = V1Logs(path, rules) if kind == "format 1" else SessionLogs(path, rules)
            simulate(rules, 6, deals, 1, ("random", "sensible"), sink=logs.write, on_session=logs.start)
            logs.close()
    rates: dict[str, list[float]] = {"engine": [], "format 1": [], "sealed": []}
    for _ in range(runs):
        for kind in rates:
            path = paths["sealed" if kind == "engine" else kind]
            mode = "engine" if kind == "engine" else "verify"
            out = subprocess.run(
                [*_ONE_CORE, sys.executable, "-c", VERIFY, mode, str(path)], check=True, capture_output=True
            )
            count, seconds = out.stdout.split()
            rates[kind].append(int(count) / float(seconds))
    pinned = " (taskset -c 0)" if _ONE_CORE else ""
    print(f"2. verify on one core{pinned}, {deals:,} deals x {runs} runs (deals per CPU second):")
    print(f"   the engine alone re-running the decisions: {_range(rates['engine'], ',.0f')}")
    print(f"   verify, format 1 (before):                 {_range(rates['format 1'], ',.0f')}")
    print(f"   verify, sealed (after):                    {_range(rates['sealed'], ',.0f')}  (target >= 5,000)")
    ratio = [s / e for s, e in zip(rates["sealed"], rates["engine"], strict=True)]
    print(f"   sealed verify / engine alone: {_range(ratio, '.2f')}")
    speedup = [s / v for s, v in zip(rates["sealed"], rates["format 1"], strict=True)]
    print(f"   sealed / format 1: {_range(speedup, '.2f')}x")


READER = r"""
import resource, sys, time, contextlib
mode, path = sys.argv[1], sys.argv[2]
c0 = time.process_time(); w0 = time.perf_counter()
sink = open("/dev/null", "w")
if mode == "replay":
    from drawpoker.client.replay.viewer import ReplayModel
    from drawpoker.client.words.i18n import translator
    from drawpoker.client.words.look import Look
    model = ReplayModel(path, translator("en"), Look())
    model.screen(100, 40)
    first = time.process_time() - c0, time.perf_counter() - w0
    model.go_to_deal(int(sys.argv[3]))
    model.screen(100, 40)
else:
    from drawpoker.cli.main import main
    with contextlib.redirect_stdout(sink):
        assert main(mode.split() + [path]) == 0
    first = (0.0, 0.0)
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(rss, time.process_time() - c0, first[0], first[1])
"""


def readers(folder: Path, deals: int) -> None:
    from drawpoker.history.writer import SessionLogs
    from drawpoker.rules import load_rules
    from drawpoker.session.simulate import simulate

    path = folder / f"v2-{deals}.jsonl"
    if not path.exists():
        rules = load_rules(_rules(folder, max(deals, 100_000)))
        started = time.process_time()
        logs = SessionLogs(path, rules)
        simulate(rules, 6, deals, 1, ("random", "sensible"), sink=logs.write, on_session=logs.start)
        logs.close()
        print(
            f"   (wrote {path.name}: {path.stat().st_size / 1e6:,.0f} MB in {time.process_time() - started:.0f} CPU s)"
        )
    print(f"3. the readers on {deals:,} deals ({path.stat().st_size / 1e6:,.0f} MB), each in a fresh process:")
    for mode in ("history", "history --json", "export", "export --reveal", "replay"):
        argv = [sys.executable, "-c", READER, mode, str(path)]
        if mode == "replay":
            argv.append(str(max(1, deals * 4 // 5)))
        out = subprocess.run(argv, check=True, capture_output=True, text=True)
        rss, cpu, first_cpu, first_wall = (float(x) for x in out.stdout.split())
        extra = ""
        if mode == "replay":
            extra = (
                f"; first screen {first_wall:.2f} s wall ({first_cpu:.2f} CPU s, target < 1 s), "
                f"then deal {max(1, deals * 4 // 5):,} too"
            )
        print(f"   {mode:16} peak RSS {rss:5.0f} MB (target < 60), {cpu:6.1f} CPU s{extra}")


def fsync_cost(folder: Path, decisions: int = 300) -> tuple[float, float]:
    import random

    from drawpoker.engine.shuffle import RandomShuffler
    from drawpoker.games.draw.bots import sensible_bot
    from drawpoker.games.draw.decide import DrawGame
    from drawpoker.history.writer import HistoryWriter
    from drawpoker.rules import load_rules

    rules = load_rules("morkpoker")
    game = DrawGame(rules)
    state = game.new_state()
    batches = [game.handle(state, game.sit_down(("A", "B", "C", "D"), (40,) * 4, 0))]
    shuffler, rng = RandomShuffler(1), random.Random(1)
    while len(batches) < decisions:
        if state.phase == "session_over":
            state = game.new_state()
            batches.append(game.handle(state, game.sit_down(("A", "B", "C", "D"), (40,) * 4, 0)))
        elif state.phase == "between_deals":
            batches.append(game.handle(state, game.start_deal(*shuffler.shuffle())))
        else:
            batches.append(game.handle(state, sensible_bot(game, state, rng)))
    target = folder / "fsync.jsonl"
    if target.exists():
        target.unlink()  # the bench's own scratch file from an earlier run
    writer = HistoryWriter.create(target, rules, ["A", "B", "C", "D"], durable=True)
    start = time.perf_counter()
    for batch in batches:
        writer.append(batch)
    seconds = time.perf_counter() - start
    writer.close()
    events = sum(len(b) for b in batches)
    return seconds / len(batches) * 1000, seconds / events * 1000


def _range(values: list[float], spec: str) -> str:
    low, high, middle = min(values), max(values), statistics.median(values)
    return f"{format(middle, spec)} (range {format(low, spec)}-{format(high, spec)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000, help="the long history for the readers")
    parser.add_argument("--write-deals", type=int, default=3000, help="deals per run for the log and verify")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keep", help="a folder to keep the histories in (default: a temporary one)")
    parser.add_argument("--only", choices=("write", "verify", "readers", "fsync"), help="one part only")
    args = parser.parse_args()
    folder = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="drawpoker-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    print(f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}; CPU time throughout")
    if args.only in (None, "write"):
        write_costs(folder, args.write_deals, args.runs)
    if args.only in (None, "verify"):
        verify_speed(folder, max(args.write_deals, 5000), args.runs)
    if args.only in (None, "readers"):
        readers(folder, args.deals)
    if args.only in (None, "fsync"):
        per_decision, per_event = fsync_cost(folder)
        print(f"4. the live writer with fsync: {per_decision:.3f} ms per decision, {per_event:.3f} ms per event")


if __name__ == "__main__":
    main()
