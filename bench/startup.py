"""Time how long the quick commands take to start and finish, process by process.

    python bench/startup.py [--runs N]

Each command is started N times as a fresh process (``python -m drawpoker
...`` with this interpreter), interleaved with a bare ``python -c pass``
for reference. Both the wall time and the process's own CPU time (user +
system, from the child's resource usage, so a busy neighbour counts less)
are reported as min / median / max. Target (issue 15): ``drawpoker hand``
and ``drawpoker rules list`` under 80 ms.

Bytecode must be cached for a fair figure (an installed package has it):
the script compiles the package first, whatever PYTHONDONTWRITEBYTECODE says.
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

COMMANDS = {
    "python -c pass": ["-c", "pass"],
    "drawpoker hand": ["-m", "drawpoker", "hand", "As Kd 7c 7d 2s"],
    "drawpoker rules list": ["-m", "drawpoker", "rules", "list"],
    "drawpoker --help": ["-m", "drawpoker", "--help"],
}


def run_once(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, *args], env=env, stdout=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="starts per command")
    args = parser.parse_args()
    import drawpoker

    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    compileall.compile_dir(str(Path(drawpoker.__file__).parent), quiet=1)
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in COMMANDS}
    for command in COMMANDS.values():
        run_once(command, env)  # warm the file cache
    for _ in range(args.runs):
        for name, command in COMMANDS.items():
            times[name].append(run_once(command, env))
    print(f"{'command':24} {'wall min/median/max (ms)':>28} {'CPU min/median/max (ms)':>28}")
    for name, pairs in times.items():
        walls = [w * 1000 for w, _ in pairs]
        cpus = [c * 1000 for _, c in pairs]
        print(
            f"{name:24} {min(walls):8.0f} {statistics.median(walls):8.0f} {max(walls):8.0f}   "
            f"{min(cpus):8.0f} {statistics.median(cpus):8.0f} {max(cpus):8.0f}"
        )


if __name__ == "__main__":
    main()
