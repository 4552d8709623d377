"""The engine's floor under ``verify``: every recorded decision of a history
re-run through ``DrawGame.handle``, in deals per CPU second.

    python bench/replay_floor.py [--deals 3000] [--runs 7] [--keep DIR] [--profile | --count]

A six-player session (Mørkpoker, rebuys when broke, random and sensible
players, seed 1) is written once with ``drawpoker simulate --log``; its
events are read back and turned into commands (``game.command_of``) before
timing, so only the engine is timed: each run replays all the commands on a
new state, in CPU time. ``verify`` re-runs the same commands and checks
each event besides, so it cannot be faster than this (issue 15: verify >=
5,000 deals/s needs the floor near 9,000). The median and the range over
the runs are reported; ``--profile`` prints a cProfile of one run instead,
and ``--count`` the Python bytecodes and calls executed per deal over the
first 300 deals (traced: slow, but the same on a busy machine and a quiet
one, so two versions of the engine compare exactly).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
import types
from pathlib import Path
from typing import Any

LONG = "extends: morkpoker\nsession:\n  deals: 100000\n  when_broke: rebuy\n"


def write_history(folder: Path, deals: int) -> Path:
    """The history replayed: ``deals`` six-player deals (written once per folder)."""
    path = folder / f"floor-{deals}.jsonl"
    if not path.exists():
        rules = folder / "long.yaml"
        rules.write_text(LONG, encoding="utf-8")
        drawpoker = Path(sys.executable).with_name("drawpoker")
        subprocess.run(
            [str(drawpoker), "simulate", str(rules), "--players", "6", "--hands", str(deals), "--seed", "1"]
            + ["--strategy", "random,sensible", "--log", str(path)],
            check=True,
            capture_output=True,
        )
    return path


def commands_of(path: Path) -> tuple[Any, list[Any]]:
    """The game and the recorded decisions (with the deals' starts) as commands."""
    from drawpoker.games import game_for
    from drawpoker.history.reader import open_history

    reader = open_history(path)
    game = game_for(reader.rules)
    return game, [c for c in (game.command_of(e) for _, e in reader.events()) if c is not None]


def replay(game: Any, commands: list[Any]) -> tuple[int, float, int]:
    """One run: (deals, CPU seconds, events)."""
    state = game.new_state()
    handle = game.handle
    events = 0
    start = time.process_time()
    for command in commands:
        events += len(handle(state, command))
    return state.deal, time.process_time() - start, events


def count(game: Any, commands: list[Any], deals: int = 300) -> tuple[float, float]:
    """Bytecodes and Python calls executed per deal re-running the first ``deals`` deals."""
    first: list[Any] = []
    started = 0
    for command in commands:
        if type(command).__name__ == "StartDeal":
            started += 1
            if started > deals:
                break
        first.append(command)

    totals = [0, 0]  # opcodes, calls

    def opcode(frame: types.FrameType, event: str, arg: Any) -> Any:
        if event == "opcode":
            totals[0] += 1
        return opcode

    def call(frame: types.FrameType, event: str, arg: Any) -> Any:
        totals[1] += 1
        frame.f_trace_opcodes = True
        return opcode

    state = game.new_state()
    handle = game.handle
    sys.settrace(call)
    try:
        for command in first:
            handle(state, command)
    finally:
        sys.settrace(None)
    return totals[0] / state.deal, totals[1] / state.deal


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--keep", type=Path, help="a folder to keep the history in (written once)")
    parser.add_argument("--profile", action="store_true", help="a cProfile of one run instead of the timing")
    parser.add_argument("--count", action="store_true", help="bytecodes and calls per deal instead of the timing")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        folder = args.keep or Path(temp)
        folder.mkdir(parents=True, exist_ok=True)
        game, commands = commands_of(write_history(folder, args.deals))
    replay(game, commands)  # warm up (the ranking's tables, caches), untimed
    if args.count:
        opcodes, calls = count(game, commands)
        print(f"engine floor: {opcodes:,.0f} bytecodes and {calls:,.1f} Python calls a deal (first 300 deals)")
        return

    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(replay, game, commands)
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)
        return
    rates, per_command = [], []
    deals = events = 0
    for _ in range(args.runs):
        deals, seconds, events = replay(game, commands)
        rates.append(deals / seconds)
        per_command.append(seconds / len(commands) * 1e6)
    print(
        f"engine floor: {deals:,} deals, {len(commands) / deals:.1f} commands and {events / deals:.1f} events a deal, "
        f"{args.runs} runs (CPU time)"
    )
    print(
        f"  {statistics.median(rates):,.0f} deals/CPU-s (range {min(rates):,.0f}-{max(rates):,.0f}); "
        f"{1e6 / statistics.median(rates):.0f} us a deal, {statistics.median(per_command):.2f} us a command"
    )


if __name__ == "__main__":
    main()
