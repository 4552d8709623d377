"""What ``verify`` costs besides the engine, in CPU microseconds a deal.

    python bench/verify_own.py [--deals 2000] [--runs 10] [--keep DIR]

A six-player session (Mørkpoker, rebuys when broke, random and sensible
players, seed 1) is written once with ``drawpoker simulate --log`` (format
3: a deal is one command). The engine's results for every recorded
decision are computed once; then ``verify_history(parts=1)`` runs with the
game's ``handle`` replaced by a replay of those results (the first,
seating, decision is real), so what is timed is verify alone: reading and
chaining the lines, reading the decisions, comparing every line with what
was produced. The engine alone is timed as well (``bench/replay_floor.py``
times it in depth), and verify as a whole. Issue 15: verify >= 5,000 deals
a second needs verify's own cost near 50 us beside the engine's floor.
The minimum, the median and the range over the runs are reported (a busy
machine only ever adds time, so the minimum is the steadiest figure).

Verify's fixed cost is timed too: fresh processes (``--fresh``, default
8) each verify a five-deal history, timing the imports, opening it and the
first ``verify_history`` call apart (what a short history pays whatever its
length: generating parsers and encoders, importing the game, the engine's
tables), in CPU milliseconds.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from replay_floor import write_history


def _results(path: Path) -> tuple[type[Any], list[Any], list[Any]]:
    """The game's class, the recorded commands, and what the engine gives for each."""
    from drawpoker.games import game_for
    from drawpoker.history.reader import open_history

    reader = open_history(path)
    game = game_for(reader.rules)
    commands = [c for c in (game.command_of(e) for _, e in reader.events()) if c is not None]
    state = game.new_state()
    return type(game), commands, [game.handle(state, c) for c in commands]


def _verify_alone(path: Path, cls: type[Any], results: list[Any]) -> tuple[float, int]:
    """CPU seconds of verify with the engine's results replayed, and the deals."""
    from drawpoker.history.reader import open_history
    from drawpoker.history.verify import verify_history

    real = cls.handle
    given = iter(results[1:])
    seated = False

    def handle(self: Any, state: Any, command: Any) -> Any:
        nonlocal seated
        if not seated:  # the players sit down for real: verify checks the table's names
            seated = True
            return real(self, state, command)
        return next(given)

    cls.handle = handle
    try:
        started = time.process_time()
        report = verify_history(open_history(path), parts=1)
        return time.process_time() - started, report.deals
    finally:
        cls.handle = real


FRESH = r"""
import sys, time
c0 = time.process_time()
from drawpoker.history.reader import open_history
from drawpoker.history.verify import verify_history
c1 = time.process_time()
reader = open_history(sys.argv[1])
c2 = time.process_time()
verify_history(reader, parts=1)
c3 = time.process_time()
print(c1 - c0, c2 - c1, c3 - c2)
"""


def _fixed_cost(path: Path, runs: int) -> list[tuple[float, float, float]]:
    """CPU ms of the imports, the opening and the first verify, each run in a fresh process."""
    out = []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", FRESH, str(path)], check=True, capture_output=True, text=True)
        imports, opening, verifying = (float(x) * 1e3 for x in done.stdout.split())
        out.append((imports, opening, verifying))
    return out


def _row(name: str, xs: list[float]) -> None:
    print(f"   {name:31} min {min(xs):6.1f}  median {statistics.median(xs):6.1f}  (range {min(xs):.1f}-{max(xs):.1f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--keep", type=Path, help="folder to keep the history in (written once)")
    parser.add_argument("--fresh", type=int, default=8, help="fresh processes timing the fixed cost (0: none)")
    args = parser.parse_args()
    from drawpoker.history.reader import open_history
    from drawpoker.history.verify import verify_history

    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        path = write_history(folder, args.deals)
        fixed = _fixed_cost(write_history(folder, 5), args.fresh) if args.fresh else []
        cls, commands, results = _results(path)
        own: list[float] = []
        engine: list[float] = []
        whole: list[float] = []
        for _ in range(args.runs):
            seconds, deals = _verify_alone(path, cls, results)
            own.append(seconds / deals * 1e6)
            from drawpoker.games import game_for

            game = game_for(open_history(path).rules)
            state = game.new_state()
            started = time.process_time()
            for command in commands:
                game.handle(state, command)
            engine.append((time.process_time() - started) / deals * 1e6)
            started = time.process_time()
            verify_history(open_history(path), parts=1)
            whole.append((time.process_time() - started) / deals * 1e6)
    print(f"verify's own cost, {args.deals:,} six-player deals x {args.runs} runs (CPU us a deal):")
    for name, xs in (("verify alone (engine replayed)", own), ("the engine alone", engine), ("verify whole", whole)):
        _row(name, xs)
    rate = [1e6 / x for x in whole]
    print(f"   verify: {statistics.median(rate):,.0f} deals/s median (range {min(rate):,.0f}-{max(rate):,.0f})")
    if fixed:
        print(f"verify's fixed cost, a five-deal history in {len(fixed)} fresh processes (CPU ms):")
        for k, name in enumerate(("imports", "opening it", "the first verify")):
            _row(name, [run[k] for run in fixed])
        _row("opening and verifying", [sum(run[1:]) for run in fixed])


if __name__ == "__main__":
    main()
