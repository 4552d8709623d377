"""``drawpoker standings`` over a year of weekly evenings: 50 sessions and
about 10,000 deals (target: under a second, under 60 MB).

python bench/standings.py [--folder DIR] [--runs 5]

The histories are played once by computer seats (``drawpoker.session.evenings``:
players joining, leaving, sitting out, rebuys asked, a chip value), three
to six players, each written as the table writes it (a command at a
time), into ``--folder`` (kept between runs); then the command is run in
fresh processes, as a player runs it, and its CPU time (user + system,
from the kernel's accounting of the child) and peak memory are reported:
min, median and max over ``--runs``.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import attrs

from drawpoker.history.writer import HistoryWriter
from drawpoker.money import parse_chip_value
from drawpoker.rules import load_rules
from drawpoker.session.evenings import play_evening

NAMES = ("Anna", "Bjørn", "Cato", "Dag", "Eli", "Frid")


def make(folder: Path, sessions: int = 50, deals: int = 200) -> int:
    """Write the season (if it is not there yet); the deals it holds."""
    folder.mkdir(parents=True, exist_ok=True)
    rules = load_rules("morkpoker")
    rules = attrs.evolve(
        rules,
        session=attrs.evolve(
            rules.session, deals=100_000, when_broke="ask", add_on_limit=20, chip_value=parse_chip_value("0.50 NOK")
        ),
    )
    total = 0
    for k in range(sessions):
        path = folder / f"2026-{1 + k // 5:02d}-{1 + k % 5 * 6:02d}_200000_morkpoker.jsonl"
        names = NAMES[: 3 + k % 4]
        if path.exists():
            continue
        commands: list[list[Any]] = []  # each command's events, as play_evening's sink gives them
        state = play_evening(rules, names, deals, k, sink=commands.append, changes=0.05)
        total += state.deal
        with HistoryWriter.create(path, rules, names, durable=False) as writer:
            for events in commands:
                writer.append(events)
    return total


def run_once(folder: Path) -> tuple[float, float]:
    """One fresh ``drawpoker standings``: CPU seconds and peak MB."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [str(Path(sys.executable).with_name("drawpoker")), "standings", "--histories", str(folder)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, after.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", default=os.path.join(tempfile.gettempdir(), "drawpoker-season"))
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    folder = Path(args.folder)
    make(folder)
    files = sorted(folder.glob("*.jsonl"))
    size = sum(p.stat().st_size for p in files) / 1e6
    from drawpoker.history.summary import summarize

    deals = sum(summarize(p, ledger=True).deals for p in files)
    print(f"{len(files)} sessions, {deals:,} deals, {size:.1f} MB of histories in {folder}")
    cpu, peak = zip(*(run_once(folder) for _ in range(args.runs)), strict=True)
    print(
        f"drawpoker standings: CPU {min(cpu):.2f} / {statistics.median(cpu):.2f} / {max(cpu):.2f} s "
        f"(min / median / max of {args.runs}); peak memory {max(peak):.0f} MB; load {os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
