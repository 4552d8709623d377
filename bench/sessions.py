"""What ``drawpoker history`` (the list of the sessions kept) costs.

    python bench/sessions.py [--sessions 200] [--runs 7] [--against DIR ...]

A histories folder of --sessions sessions (twelve-deal sessions of three to
six players under Mørkpoker, deuce-to-seven triple draw, dealer's choice and
Three Card Poker, as ``simulate --log`` writes them), and the list run in a
fresh process as a player runs it (``python -m drawpoker history
--histories DIR``, the bytecode compiled first), CPU time of the process
(user + system), several runs, median and range. ``--against DIR`` runs
the list of another checkout (the folder holding its ``drawpoker``
package) in the same rounds, on a folder of the same sessions in format 3
(which it reads), and this checkout on that folder too. Issue 24's target:
200 sessions in under 0.2 s; the list before it took 0.8 s for 9 sessions
(the issue's figure, on the machine it was measured on).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

RULESETS = ["morkpoker", "deuce-to-seven-triple-draw", "dealers-choice", "three-card-poker"]


def make(folder: Path, sessions: int, version: int) -> None:
    """``sessions`` histories in ``folder``, written in ``version``."""
    from drawpoker.history.writer import SessionLogs
    from drawpoker.rules import load_rules
    from drawpoker.session.simulate import simulate

    folder.mkdir(parents=True, exist_ok=True)
    for k in range(sessions):
        name = RULESETS[k % len(RULESETS)]
        rules = load_rules(name)
        logs = SessionLogs(folder / f"s{k:04d}_{name}.jsonl", rules, version=version, ruleset=name)
        simulate(rules, 3 + k % 4, 12, k, ("sensible", "random"), sink=logs.write, on_session=logs.start)
        logs.close()
        for extra in logs.paths[1:]:
            extra.unlink()


def listed(folder: Path, root: str | None) -> float:
    """CPU seconds of one fresh ``drawpoker history --histories FOLDER`` (``root``: another checkout's)."""
    env = {**os.environ, "COLUMNS": "100"}
    if root:
        env["PYTHONPATH"] = root
    process = subprocess.Popen(
        [sys.executable, "-m", "drawpoker", "history", "--histories", str(folder)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=env,
    )
    _, status, usage = os.wait4(process.pid, 0)
    if status != 0:
        told = process.stderr.read().decode() if process.stderr is not None else ""  # (a pipe: always there)
        raise SystemExit(f"the list failed ({root or 'this checkout'}): {told[-400:]}")
    return usage.ru_utime + usage.ru_stime


def _range(values: list[float]) -> str:
    return f"{statistics.median(values):.3f} s (range {min(values):.3f}-{max(values):.3f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--against", action="append", metavar="DIR", help="another checkout's list, in the same rounds")
    args = parser.parse_args()
    import compileall

    import drawpoker

    compileall.compile_dir(os.path.dirname(drawpoker.__file__), quiet=1)
    for root in args.against or []:
        compileall.compile_dir(os.path.join(root, "drawpoker"), quiet=1)
    with tempfile.TemporaryDirectory(prefix="drawpoker-sessions-") as scratch:
        now, old = Path(scratch) / "now", Path(scratch) / "old"
        make(now, args.sessions, 4)
        make(old, args.sessions, 3)
        few = Path(scratch) / "few"
        make(few, 9, 3)
        kinds: dict[str, tuple[Path, str | None]] = {
            f"this checkout, {args.sessions} sessions (format 4)": (now, None),
            f"this checkout, {args.sessions} sessions (format 3)": (old, None),
            "this checkout, 9 sessions (format 3)": (few, None),
        }
        for root in args.against or []:
            kinds[f"{Path(root).name}, {args.sessions} sessions (format 3)"] = (old, root)
            kinds[f"{Path(root).name}, 9 sessions (format 3)"] = (few, root)
        took: dict[str, list[float]] = {kind: [] for kind in kinds}
        for run in range(args.runs):
            order = list(kinds)[run % len(kinds) :] + list(kinds)[: run % len(kinds)]
            for kind in order:
                took[kind].append(listed(*kinds[kind]))
        print(f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}; `drawpoker history` (the list), CPU time:")
        for kind, values in took.items():
            print(f"   {kind:48} {_range(values)}")
        print("   target: 200 sessions < 0.2 s")


if __name__ == "__main__":
    main()
