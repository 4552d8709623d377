"""What histories cost: the log, verify, and the readers' memory and first screen.

    python bench/history.py [--deals 100000] [--write-deals 3000] [--runs 5] [--keep DIR] [--players 6]
                            [--against REV]

Everything is measured in CPU time (the machine may be shared), before
and after in the same run, several runs, and reported as ranges:

1. The log: simulated six-player deals (the long ruleset) with no log,
   with the format-1 writer (per-line CRC-32, generic JSON, a flush per
   command: what drawpoker wrote before seals), with the format-2 writer
   (a chain code per line), with the format-3 writer (a 40-bit code per
   command) and with the format-4 writer (a 95-bit code per command:
   ``simulate --log`` now). On a noisy machine whole runs one
   after another differ by more than the log costs, so the kinds take
   turns in short slices (the same deals for each kind in a round, a
   different kind first each round), many rounds in one process; the
   times are summed per kind, and the per-round ratios give the median
   and range. Target: the log at most 1.3x no log (issue 15; aim 1.2x),
   and format 2's own cost within 10% of format 1's (issue 13).
   ``--against REV`` adds the format-3 writer of another revision (its
   writer.py and encode.py, the rest shared) to the same rounds.
2. Verify on one core (``parts=1``), each in a fresh process: the same
   deals written in formats 1, 2, 3 and 4 (``--verify-against DIR``: the
   verify of another checkout on the format-3 file too), and beside them the engine alone
   re-running the recorded decisions (the floor: verify cannot be cheaper
   than the engine), with verify's own cost per deal (its time less the
   engine's) and each format's bytes per deal, six-player deals (the longest)
   unless --players names other table sizes. Target: >= 5,000 deals/s.
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


#: deals per slice of the log's measurement (a few tenths of a second each)
SLICE = 250


def _logs(kind: str, target: Path, rules: Any) -> Any:
    from drawpoker.history.writer import SessionLogs

    if kind == "no log":
        return None
    if target.exists():
        target.unlink()
    if kind == "format 1":
        return V1Logs(target, rules)
    if kind.startswith("format 3 at "):
        return _OLD_WRITERS[kind].SessionLogs(target, rules, version=3)  # (its FORMAT is imported from here)
    return SessionLogs(target, rules, version=int(kind[-1]))


#: kind -> the writer module of another revision (--against)
_OLD_WRITERS: dict[str, Any] = {}


def _writer_at(revision: str, folder: Path) -> str:
    """The history writer (writer.py and encode.py) of another revision of
    the package, as modules of their own beside this one (the engine and
    everything else shared), for old and new in the same rounds; its kind."""
    import importlib

    root = Path(__file__).resolve().parent.parent
    name = revision.replace("/", "_").replace("-", "_").replace(".", "_").replace("~", "_").replace("^", "_")
    place = folder / f"writer_{name}"
    place.mkdir(exist_ok=True)
    for module in ("encode", "writer"):
        text = subprocess.run(
            ["git", "-C", str(root), "show", f"{revision}:drawpoker/history/{module}.py"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        text = text.replace("from drawpoker.history.encode import", f"from old_encode_{name} import")
        (place / f"old_{module}_{name}.py").write_text(text, encoding="utf-8")
    sys.path.insert(0, str(place))
    kind = f"format 3 at {revision}"
    _OLD_WRITERS[kind] = importlib.import_module(f"old_writer_{name}")
    return kind


def _simulate_into(simulate: Any, rules: Any, seed: int, logs: Any) -> None:
    """SLICE six-player deals, logged as ``simulate --log`` logs them (the
    commands handed on a few deals at a time where the writer takes them so)."""
    many = getattr(logs, "write_many", None)
    simulate(
        rules,
        6,
        SLICE,
        seed,
        ("random", "sensible"),
        sink=None if logs is None or many is not None else logs.write,
        on_session=None if logs is None else logs.start,
        sink_many=many,
    )


def write_costs(folder: Path, deals: int, runs: int, against: list[str] | None = None) -> None:
    from drawpoker.rules import load_rules
    from drawpoker.session.simulate import simulate

    rules = load_rules(_rules(folder, max(deals, 100_000)))
    kinds = [
        "no log",
        "format 1",
        "format 2",
        "format 3",
        "format 4",
        *(_writer_at(rev, folder) for rev in against or []),
    ]
    rounds = max(1, deals // SLICE) * runs
    spent: dict[str, float] = dict.fromkeys(kinds, 0.0)
    ratios: dict[str, list[float]] = {kind: [] for kind in kinds[1:]}
    for round_ in range(rounds):
        order = kinds[round_ % len(kinds) :] + kinds[: round_ % len(kinds)]
        took: dict[str, float] = {}
        for kind in order:
            logs = _logs(kind, folder / f"w-{kind.replace(' ', '')}.jsonl", rules)
            started = time.process_time()
            _simulate_into(simulate, rules, round_ + 1, logs)  # the same deals for every kind in a round
            if logs is not None:
                logs.close()
            took[kind] = time.process_time() - started
            spent[kind] += took[kind]
        for kind in kinds[1:]:
            ratios[kind].append(took[kind] / took["no log"])
    per_deal = {kind: spent[kind] / (rounds * SLICE) * 1e6 for kind in kinds}
    print(f"1. the log, {rounds} rounds of {SLICE} six-player deals, the kinds taking turns (CPU time):")
    for kind in kinds:
        extra = "" if kind == "no log" else f", {per_deal[kind] - per_deal['no log']:4.1f} us/deal more"
        print(f"   {kind:9} {per_deal[kind]:6.1f} us/deal{extra}")
    for kind in kinds[1:]:
        whole = spent[kind] / spent["no log"]
        target = "  (target <= 1.3x, aim 1.2x)" if kind == "format 4" else ""
        print(f"   {kind} / no log: {whole:.3f}x summed; per round {_range(ratios[kind], '.3f')}x{target}")
    for kind in kinds[5:]:
        own = [(new - 1) / (old - 1) for new, old in zip(ratios["format 4"], ratios[kind], strict=True) if old > 1]
        print(f"   format 4's own cost / {kind}'s: per round {_range(own, '.2f')}")
    own2 = (spent["format 2"] - spent["no log"]) / (spent["format 1"] - spent["no log"])
    print(f"   format 2's own cost / format 1's: {own2:.2f}x (target <= 1.10x)")
    own3 = (spent["format 3"] - spent["no log"]) / (spent["format 2"] - spent["no log"])
    print(f"   format 3's own cost / format 2's: {own3:.2f}x")
    own4 = (spent["format 4"] - spent["no log"]) / (spent["format 3"] - spent["no log"])
    print(f"   format 4's own cost / format 3's: {own4:.2f}x")


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


def verify_speed(folder: Path, deals: int, runs: int, players: int = 6, against: list[str] | None = None) -> None:
    """Verify's speed on one core, each run a fresh process per kind; ``against``:
    the checkouts of other revisions (their package folder's parent) whose verify
    reads the format-3 history in the same runs."""
    from drawpoker.rules import load_rules
    from drawpoker.session.simulate import simulate

    rules = load_rules(_rules(folder, max(deals, 100_000)))
    kinds = ["format 1", "format 2", "format 3", "format 4"]
    others = {f"format 3, verify of {Path(root).name}": root for root in against or []}
    paths = {kind: folder / f"v{kind[-1]}-{deals}-p{players}.jsonl" for kind in kinds}
    for kind, path in paths.items():
        if not path.exists():
            logs = _logs(kind, path, rules)
            simulate(rules, players, deals, 1, ("random", "sensible"), sink=logs.write, on_session=logs.start)
            logs.close()
    rates: dict[str, list[float]] = {"engine": [], **{kind: [] for kind in [*kinds, *others]}}
    for _ in range(runs):
        for kind in rates:
            path = paths["format 4" if kind == "engine" else kind if kind in paths else "format 3"]
            mode = "engine" if kind == "engine" else "verify"
            env = {**os.environ, "PYTHONPATH": others[kind]} if kind in others else None
            out = subprocess.run(
                [*_ONE_CORE, sys.executable, "-c", VERIFY, mode, str(path)], check=True, capture_output=True, env=env
            )
            count, seconds = out.stdout.split()
            rates[kind].append(int(count) / float(seconds))
    pinned = " (taskset -c 0)" if _ONE_CORE else ""
    print(f"2. verify on one core{pinned}, {deals:,} {players}-player deals x {runs} runs (deals per CPU second):")
    print(f"   the engine alone re-running the decisions: {_range(rates['engine'], ',.0f')}")
    for kind in [*kinds, *others]:
        own = [(1 / v - 1 / e) * 1e6 for v, e in zip(rates[kind], rates["engine"], strict=True)]
        size = paths[kind if kind in paths else "format 3"].stat().st_size / deals
        target = "  (target >= 5,000)" if kind == "format 4" else ""
        print(
            f"   verify, {kind}: {_range(rates[kind], ',.0f')}; its own cost {_range(own, '.0f')} us/deal; "
            f"{size:,.0f} bytes/deal{target}"
        )
    speedup = [a / b for a, b in zip(rates["format 3"], rates["format 2"], strict=True)]
    print(f"   format 3 / format 2: {_range(speedup, '.2f')}x")
    speedup = [a / b for a, b in zip(rates["format 4"], rates["format 3"], strict=True)]
    print(f"   format 4 / format 3: {_range(speedup, '.2f')}x (per run)")
    for kind in others:
        mine = [a / b for a, b in zip(rates["format 4"], rates[kind], strict=True)]
        same = [a / b for a, b in zip(rates["format 3"], rates[kind], strict=True)]
        print(f"   format 4 / {kind}: {_range(mine, '.3f')}x; format 3 here / there: {_range(same, '.3f')}x")


READER = r"""
import resource, sys, time, contextlib
mode, path = sys.argv[1], sys.argv[2]
c0 = time.process_time(); w0 = time.perf_counter()
sink = open("/dev/null", "w")
if mode == "replay":
    from drawpoker.client.replay.viewer import ReplayModel
    from drawpoker.words.i18n import translator
    from drawpoker.client.look import Look
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

    path = folder / f"v4-{deals}.jsonl"
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
    from drawpoker.rules import DrawRules, load_rules

    rules = load_rules("morkpoker")
    if not isinstance(rules, DrawRules):
        raise ValueError("morkpoker is not a draw game")
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


def _compile_package() -> None:
    """Bytecode for every module of the package, as an installed package has it.

    Verify and the readers import the game's modules when they open a
    history, inside the time measured. A checkout run with
    PYTHONDONTWRITEBYTECODE (or just edited) has no bytecode for them, so
    every fresh process would compile them from source first: some 15-20 ms
    of CPU, 2% of a 5,000-deal verify, that no installed drawpoker pays."""
    import compileall

    import drawpoker

    compileall.compile_dir(os.path.dirname(drawpoker.__file__), quiet=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000, help="the long history for the readers")
    parser.add_argument("--write-deals", type=int, default=3000, help="deals per run for the log and verify")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keep", help="a folder to keep the histories in (default: a temporary one)")
    parser.add_argument(
        "--players", default="6", help="table sizes for verify, comma-separated (default 6: the longest deals)"
    )
    parser.add_argument("--only", choices=("write", "verify", "readers", "fsync"), help="one part only")
    parser.add_argument(
        "--verify-against",
        action="append",
        metavar="DIR",
        help="2.: the verify of another checkout (the folder holding its drawpoker package) on the format-3 "
        "history too, in the same runs (repeatable)",
    )
    parser.add_argument(
        "--against",
        action="append",
        metavar="REV",
        help="1.: the format-3 writer of another git revision too, in the same rounds (repeatable)",
    )
    args = parser.parse_args()
    folder = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="drawpoker-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    _compile_package()
    print(f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}; CPU time throughout")
    if args.only in (None, "write"):
        write_costs(folder, args.write_deals, args.runs, args.against)
    if args.only in (None, "verify"):
        for players in (int(n) for n in args.players.split(",")):
            verify_speed(folder, max(args.write_deals, 5000), args.runs, players, args.verify_against)
    if args.only in (None, "readers"):
        readers(folder, args.deals)
    if args.only in (None, "fsync"):
        per_decision, per_event = fsync_cost(folder)
        print(f"4. the live writer with fsync: {per_decision:.3f} ms per decision, {per_event:.3f} ms per event")


if __name__ == "__main__":
    main()
