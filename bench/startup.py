"""Time how long the quick commands take to start and finish, process by process.

    .venv/bin/python bench/startup.py [--runs N]

Each command is started N times as a fresh process, the commands
interleaved (``hand`` with five cards, and with three, which the Three Card
Poker evaluator answers; ``hand`` and ``rules list`` in Norwegian too, which
load the catalogue), in the two ways a player starts them: the console
script that ``pip install -e .`` (the README's quick start) puts beside this
interpreter (``.venv/bin/drawpoker hand ...``) and ``python -m drawpoker
...``. Two references run in the same rounds: ``python -S -c pass`` (the
interpreter alone) and ``python -c pass`` (the interpreter with this
environment's site-packages: with the README's editable install that
includes setuptools' import hook, which every Python start in the
environment pays). The process's own CPU time (user + system, from the
child's resource usage, so a busy neighbour counts less) and the wall time
are reported as min / median / max. Target (issue 15): ``drawpoker hand``
and ``drawpoker rules list`` under 80 ms.

``--also PYTHON`` adds another environment's interpreter and console script
(say a clone of an older commit installed the README's way) to the same
interleaved rounds, for a before/after figure from one run.

Bytecode must be cached for a fair figure (an installed package has it; a
checkout writes it on the first run unless PYTHONDONTWRITEBYTECODE is set):
the script compiles the package first and lets the children write bytecode.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HAND = ["hand", "As Kd 7c 7d 2s"]
HAND3 = ["hand", "As Kd 7c"]  # a Three Card Poker hand: evaluated by games/three_card
RULES_LIST = ["rules", "list"]
#: the same in Norwegian: the catalogue is loaded (issue 24: Babel's compiled
#: ``.mo`` read by the standard gettext loader, instead of parsing and
#: compiling ``nb.po`` in Python at every start)
HAND_NB = [*HAND, "--lang", "nb"]
RULES_LIST_NB = [*RULES_LIST, "--lang", "nb"]


def commands(python: str, label: str = "") -> dict[str, list[str]]:
    """What to start with the environment of ``python``, by the name the report gives it."""
    script = Path(python).with_name("drawpoker")
    found: dict[str, list[str]] = {
        "python -S -c pass": [python, "-S", "-c", "pass"],
        "python -c pass": [python, "-c", "pass"],
    }
    if script.is_file():
        found["drawpoker hand"] = [str(script), *HAND]
        found["drawpoker hand (3 cards)"] = [str(script), *HAND3]
        found["drawpoker rules list"] = [str(script), *RULES_LIST]
        found["drawpoker hand --lang nb"] = [str(script), *HAND_NB]
        found["drawpoker rules list --lang nb"] = [str(script), *RULES_LIST_NB]
        found["drawpoker --help"] = [str(script), "--help"]
    else:
        print(f"no console script at {script}: install the README's way (pip install -e .) to time it")
    found["python -m drawpoker hand"] = [python, "-m", "drawpoker", *HAND]
    found["python -m drawpoker rules list"] = [python, "-m", "drawpoker", *RULES_LIST]
    return {f"{name}{label}": command for name, command in found.items()}


def compile_package(python: str, where: str) -> None:
    """Cache the bytecode of the drawpoker that ``python`` imports."""
    code = "import compileall, drawpoker, os; compileall.compile_dir(os.path.dirname(drawpoker.__file__), quiet=1)"
    subprocess.run([python, "-c", code], check=True, stdout=subprocess.DEVNULL, cwd=where)


def run_once(command: list[str], env: dict[str, str], where: str) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, check=True, cwd=where)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="starts per command")
    parser.add_argument(
        "--also", metavar="PYTHON", action="append", default=[], help="another environment's python to time alongside"
    )
    args = parser.parse_args()
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    chosen = commands(sys.executable)
    for i, other in enumerate(args.also, start=1):
        chosen.update(commands(other, f" [also {i}]"))
    # Started from an empty folder, as a player would from anywhere: python -m
    # finds drawpoker where the environment installed it, not in this checkout.
    with tempfile.TemporaryDirectory() as where:
        for python in (sys.executable, *args.also):
            compile_package(python, where)
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in chosen}
        for command in chosen.values():
            run_once(command, env, where)  # warm the file cache
        for _ in range(args.runs):
            for name, command in chosen.items():
                times[name].append(run_once(command, env, where))
    print(f"{args.runs} starts each, interleaved; {sys.executable}")
    for i, other in enumerate(args.also, start=1):
        print(f"[also {i}]: {other}")
    print(f"{'command':42} {'CPU min/median/max (ms)':>26} {'wall min/median/max (ms)':>28}")
    for name, pairs in times.items():
        cpus = [c * 1000 for _, c in pairs]
        walls = [w * 1000 for w, _ in pairs]
        print(
            f"{name:42} {min(cpus):8.0f} {statistics.median(cpus):8.0f} {max(cpus):8.0f}   "
            f"{min(walls):8.0f} {statistics.median(walls):8.0f} {max(walls):8.0f}"
        )


if __name__ == "__main__":
    main()
