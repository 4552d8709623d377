"""Replay and verify speed on a long history, memory, and the cost of fsync.

    python bench/history.py [--deals 100000] [--keep DIR]

1. Writes a --deals long Mørkpoker history with `drawpoker simulate`
   (6 players, the default strategies, one long session with rebuys).
2. Times `replay` (a fold of apply over the events) and `verify` (every
   decision re-run through the engine and compared; a long history is
   verified in parallel parts, one process per core), each in a fresh
   process, and reports deals per second (wall clock, and per core of CPU
   time) and the peak memory (RSS) of the largest process: both stream, so
   memory must not grow with the file.
3. Times the live game's writer: appending one decision's events with
   flush + fsync, per decision and per event.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHILD = r"""
import resource, sys, time
from drawpoker.history.reader import open_history
from drawpoker.history.verify import replay_history, verify_history
mode, path = sys.argv[1], sys.argv[2]
t0 = time.perf_counter(); c0 = time.process_time()
if mode == "replay":
    deals = replay_history(open_history(path)).deal
else:
    deals = verify_history(open_history(path)).deals
wall = time.perf_counter() - t0
kids = resource.getrusage(resource.RUSAGE_CHILDREN)  # verify's worker processes
cpu = time.process_time() - c0 + kids.ru_utime + kids.ru_stime
rss = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, kids.ru_maxrss) / 1024
print(deals, wall, cpu, rss)
"""


def run_child(mode: str, path: Path) -> tuple[int, float, float, float]:
    out = subprocess.run([sys.executable, "-c", CHILD, mode, str(path)], check=True, capture_output=True, text=True)
    deals, wall, cpu, rss = out.stdout.split()
    return int(deals), float(wall), float(cpu), float(rss)


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--keep", help="a folder to keep the history in (default: a temporary one)")
    args = parser.parse_args()
    folder = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="drawpoker-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    ruleset = folder / "long.yaml"
    ruleset.write_text(f"extends: morkpoker\nsession:\n  deals: {args.deals}\n  when_broke: rebuy\n", encoding="utf-8")
    log = folder / "long.jsonl"
    if not log.exists():
        t0 = time.perf_counter()
        subprocess.run(
            [
                sys.executable,
                "-m",
                "drawpoker",
                "simulate",
                str(ruleset),
                "--players",
                "6",
                "--hands",
                str(args.deals),
                "--seed",
                "1",
                "--log",
                str(log),
            ],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        print(f"wrote {log} ({log.stat().st_size / 1e6:,.0f} MB) in {time.perf_counter() - t0:.1f} s")
    for mode in ("replay", "verify"):
        deals, wall, cpu, rss = run_child(mode, log)
        print(
            f"{mode:7} {deals:,} deals: {deals / wall:,.0f} deals/s (wall), {deals / cpu:,.0f} deals/s per core (cpu), "
            f"peak RSS {rss:,.0f} MB per process"
        )
    per_decision, per_event = fsync_cost(folder)
    print(f"writer with fsync: {per_decision:.3f} ms per decision, {per_event:.3f} ms per event")


if __name__ == "__main__":
    main()
