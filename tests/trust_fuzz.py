"""A fuzz at the command line for issue 25: forged histories with their
chains recomputed, odd file times, huge numbers, names that cannot be shown.

Shared by tests/test_fuzz_trust.py (a few dozen cases in the suite) and
runnable from a shell for a longer run::

    .venv/bin/python -m tests.trust_fuzz --cases 2000 --seed 1

which prints its figures: the cases, the command lines run, how many were
refused and accepted, and the internal errors (tracebacks, "internal
error", Python exception names in a sentence), the disagreements between
readers (history or export accepting what verify refuses) and the unsafe
output (a control or invisible character on stdout or stderr) -- each of
the last three must be 0.

Every forgery is made as a careful forger would: one to three edits that
know JSON (a number changed, made huge, negative or a float; a seat or a
card swapped; a field dropped, added or renamed; a line duplicated,
removed or moved, also across deals; a text given control characters; the
header's names, rules or start time changed) and then every chain code
computed again, so the edit reaches the parser, the decoder and the engine.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from tests.cli_fuzz import Ran, cli, terminal_safe
from tests.history_tools import rechain

#: what the readers are run as, on every forgery
READERS: list[list[str]] = [
    ["verify"],
    ["history"],
    ["history", "--json"],
    ["export"],
    ["export", "--reveal"],
    ["export", "--format", "phh"],
]
#: odd values an edit puts in a field
ODD_NUMBERS = [0, -1, 1, 2, 7, 99, 10**20, -(10**20), 2**63, 1.5, "1", None, True, [], {}]
ODD_TEXTS = ["", " ", "\x1b[2J", "\x1b]52;c;QUFB\x07", "\u202eevil", "A\u200bB", "\x9b31m", "\ud800", "Jk", "As Kd"]
ODD_TIMES = [99_999_999_999_999, 2**40, 2**33, -(2**31), 0, 1.5e9, 4e9]
HUGE = ["99999999999999999999", "-99999999999999999999", "1" + "0" * 400, "9" * 5000, "0", "-1", "1e9", "nan", "inf"]


def sources(folder: Path) -> list[Path]:
    """Histories to forge: Mørkpoker (simulated, and one decision per command as
    the table writes it), dealer's choice, Three Card Poker, and a format-3 one."""
    import random as _random

    from drawpoker.engine.shuffle import RandomShuffler
    from drawpoker.games.draw.bots import sensible_bot
    from drawpoker.games.draw.decide import DrawGame
    from drawpoker.history.writer import HistoryWriter, SessionLogs
    from drawpoker.rules import load_rules
    from drawpoker.session.simulate import simulate

    out = []
    for name, players, deals in (("morkpoker", 3, 5), ("dealers-choice", 3, 4), ("three-card-poker", 3, 4)):
        rules = load_rules(name)
        logs = SessionLogs(folder / f"{name}.jsonl", rules, ruleset=name)
        simulate(rules, players, deals, 3, ("sensible", "random"), sink=logs.write, on_session=logs.start)
        logs.close()
        out.append(logs.paths[0])
    rules = load_rules("morkpoker")
    game = DrawGame(rules)
    state = game.new_state()
    names = ("Anna", "Bjørn", "Cato")
    writer = HistoryWriter.create(folder / "table.jsonl", rules, names, computer=[False, True, True], durable=False)
    writer.append(game.handle(state, game.sit_down(names, (40, 40, 40), 0)))
    shuffler, rng = RandomShuffler(5), _random.Random(5)
    for _ in range(80):
        if state.phase == "session_over":
            break
        if state.phase == "between_deals":
            writer.append(game.handle(state, game.start_deal(*shuffler.shuffle())))
        else:
            writer.append(game.handle(state, sensible_bot(game, state, rng)))
    writer.close()
    out.append(folder / "table.jsonl")
    out.append(Path(__file__).parent / "fixtures" / "format3-morkpoker-table.jsonl")
    return out


def _json_edit(line: str, rng: random.Random) -> str:
    """One edit of a line's JSON that knows its fields (the line's code, if any, kept in place)."""
    head, _, body = line.partition('"e":') if line.startswith('{"h":"') and '"e":' in line else ("{", "", line[1:])
    if head != "{":
        body = '"e":' + body
        head = head  # '{"h":"<code>",'
    try:
        data = json.loads("{" + body)
    except ValueError:
        return line
    if not isinstance(data, dict) or not data:
        return line
    key = rng.choice(list(data))
    value = data[key]
    kind = rng.randrange(6)
    if kind == 0 and isinstance(value, int) and not isinstance(value, bool):
        data[key] = rng.choice([value + rng.choice([-2, -1, 1, 2]), *ODD_NUMBERS])
    elif kind == 1 and isinstance(value, str):
        cards = value.split(" ")
        if len(cards) > 1 and rng.random() < 0.5:
            i, j = rng.randrange(len(cards)), rng.randrange(len(cards))
            cards[i], cards[j] = cards[j], cards[i]
            data[key] = " ".join(cards)
        else:
            data[key] = rng.choice(ODD_TEXTS + [value + rng.choice(ODD_TEXTS)])
    elif kind == 2 and isinstance(value, list) and value:
        data[key] = rng.choice([value[::-1], value[:-1], [*value, value[-1]], [rng.choice(ODD_NUMBERS)] * len(value)])
    elif kind == 3 and key != "e":
        del data[key]
    elif kind == 4:
        data[rng.choice(["x", key + "s", "h", "v", "n"])] = rng.choice(ODD_NUMBERS + ODD_TEXTS)
    else:
        data[key] = rng.choice(ODD_NUMBERS + ODD_TEXTS)
    try:
        text = _json(data)
    except ValueError:
        return line
    return head + text[1:] + "\n"


def _json(data: object) -> str:
    """JSON as the writer writes it, a lone surrogate (which UTF-8 cannot hold) as its escape."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _header_edit(line: str, rng: random.Random) -> str:
    try:
        head = json.loads(line)
    except ValueError:
        return line
    kind = rng.randrange(4)
    if kind == 0 and head.get("players"):
        player = rng.choice(head["players"])
        player["name"] = rng.choice(ODD_TEXTS + ["P1", "X" * 200])
    elif kind == 1:
        head["started"] = rng.choice(["99999-12-31T23:59:59Z", "", "\x1b[2J", "2026-13-45T99:00:00Z", 12])
    elif kind == 2 and isinstance(head.get("rules"), dict):
        section = rng.choice(list(head["rules"]))
        if isinstance(head["rules"][section], dict) and head["rules"][section]:
            field = rng.choice(list(head["rules"][section]))
            head["rules"][section][field] = rng.choice(ODD_NUMBERS + ODD_TEXTS)
    else:
        head[rng.choice(["ruleset", "format", "game", "fingerprint"])] = rng.choice(
            ODD_NUMBERS + ODD_TEXTS + ["three-card-poker"]
        )
    code = line[: line.index('",') + 2] if line.startswith('{"h":"') else '{"h":"0000000000",'
    head.pop("h", None)
    return code + _json(head)[1:] + "\n"


def forge(text: str, rng: random.Random) -> str:
    """One to three edits of a history's text, then every chain code computed again."""
    lines = text.splitlines(keepends=True)
    for _ in range(rng.randint(1, 3)):
        if len(lines) < 3:
            break
        op = rng.randrange(10)
        i = rng.randrange(1, len(lines))
        if op <= 4:
            lines[i] = _json_edit(lines[i], rng)
        elif op == 5:
            lines[0] = _header_edit(lines[0], rng)
        elif op == 6:
            del lines[i]
        elif op == 7:
            lines.insert(i, lines[rng.randrange(1, len(lines))])
        elif op == 8:  # a line moved elsewhere, perhaps into another deal
            moved = lines.pop(i)
            lines.insert(rng.randrange(1, len(lines) + 1), moved)
        else:
            j = rng.randrange(1, len(lines))
            lines[i], lines[j] = lines[j], lines[i]
    return "".join(rechain(lines))


def _ok(ran: Ran) -> list[str]:
    """What a run must keep to, as problems (none when it kept to them)."""
    problems = []
    if "Traceback" in ran.err or "internal error" in ran.err:
        problems.append("internal error")
    elif ran.status == 1 and re.search(r"\b(Key|Index|Attribute|Type|Value|Overflow|Recursion)Error\b", ran.err):
        problems.append("Python words")
    if ran.status not in (0, 1, 2):
        problems.append(f"status {ran.status}")
    if not (terminal_safe(ran.out) and terminal_safe(ran.err)):
        problems.append("unsafe output")
    return problems


def forged_case(source: Path, folder: Path, rng: random.Random) -> tuple[Counter[str], list[str]]:
    """Forge ``source`` once and run every reader on it: the tallies and the problems."""
    tally: Counter[str] = Counter()
    problems: list[str] = []
    path = folder / f"forged-{rng.randrange(10**9)}.jsonl"
    if rng.random() < 0.15:  # what a crash leaves: the file cut at any byte (every reader reads a crash)
        data = source.read_bytes()
        path.write_bytes(data[: rng.randrange(len(data) // 2, len(data) + 1)])
        tally["cut files"] += 1
    else:
        path.write_text(forge(source.read_text(encoding="utf-8"), rng), encoding="utf-8")
    statuses = {}
    for argv in READERS:
        ran = cli([argv[0], str(path), *argv[1:]], seconds=60, cwd=folder)
        tally["commands"] += 1
        tally["refused" if ran.status else "accepted"] += 1
        problems += [f"{' '.join(argv)} {path.name}: {p}: {ran.err[-300:]!r}" for p in _ok(ran)]
        statuses[" ".join(argv)] = ran.status
    verified = statuses["verify"]
    for name, status in statuses.items():
        if name.startswith(("history", "export")) and verified == 1 and status == 0:
            problems.append(f"{name} {path.name}: accepted what verify refuses")
        if name in ("history", "export") and verified == 0 and status != 0:
            problems.append(f"{name} {path.name}: refused what verify accepts")
    tally["cases"] += 1
    tally["verified" if verified == 0 else "refused by verify"] += 1
    path.unlink()
    return tally, problems


def times_case(sources_: Sequence[Path], folder: Path, rng: random.Random) -> tuple[Counter[str], list[str]]:
    """A histories folder whose files have far-future and odd times: the list holds."""
    tally: Counter[str] = Counter()
    problems: list[str] = []
    box = folder / f"times-{rng.randrange(10**9)}"
    box.mkdir()
    for k in range(rng.randint(1, 4)):
        path = box / f"{k}.jsonl"
        text = rng.choice(sources_).read_text(encoding="utf-8")
        path.write_text(forge(text, rng) if rng.random() < 0.5 else text, encoding="utf-8")
        when = rng.choice(ODD_TIMES)
        try:
            os.utime(path, (when, when))
        except (OverflowError, OSError, ValueError):
            tally["times refused by the file system"] += 1
    ran = cli(["history", "--histories", str(box)], seconds=60)
    tally["commands"] += 1
    tally["cases"] += 1
    problems += [f"history --histories {box.name}: {p}: {ran.err[-300:]!r}" for p in _ok(ran)]
    if ran.status != 0:
        problems.append(f"history --histories {box.name}: status {ran.status}")
    for path in box.iterdir():
        path.unlink()
    box.rmdir()
    return tally, problems


def numbers_case(source: Path, folder: Path, rng: random.Random) -> tuple[Counter[str], list[str]]:
    """A command line with a huge or odd number where a number goes."""
    number = rng.choice(HUGE)
    argv = rng.choice(
        [
            ["simulate", "morkpoker", "--players", number, "--hands", "2"],
            ["simulate", "three-card-poker", "--players", "3", "--hands", number],
            ["simulate", "morkpoker", "--players", "3", "--hands", "2", "--seed", number],
            ["export", str(source), "--deal", number],
            ["export", str(source), "--format", "phh", "--deal", number],
            ["replay", str(source), "--deal", number],
            ["play", "--pause", number],
            ["play", "--seed", number, "--resume", str(source)],
            ["verify", str(source), "--seal", number],
            ["hand", number],
        ]
    )
    ran = cli(argv, seconds=60, cwd=folder)
    return Counter(cases=1, commands=1), [f"{' '.join(a[:40] for a in argv)}: {p}" for p in _ok(ran)]


def pipe_case(source: Path, folder: Path, rng: random.Random, drawpoker: str) -> tuple[Counter[str], list[str]]:
    """Names with control characters, through a real pipe: a forged header's name
    (refused, and said safely), a settle file's and the settings' names."""
    name = rng.choice(ODD_TEXTS[2:7]) + rng.choice(["", "Anna", "\x07"])  # (argv cannot hold a lone surrogate)
    lines = source.read_text(encoding="utf-8").splitlines(keepends=True)
    shown = _json(name)
    head = json.loads(lines[0])
    first = head["players"][0]["name"]
    lines = [
        line.replace(f'"name":"{first}"', f'"name":{shown}', 1).replace(f'"names":["{first}"', f'"names":[{shown}', 1)
        for line in lines
    ]
    path = folder / f"names-{rng.randrange(10**9)}.jsonl"
    path.write_text("".join(rechain(lines)), encoding="utf-8")
    settle = folder / f"settle-{rng.randrange(10**9)}.yaml"
    example = (Path(__file__).resolve().parent.parent / "examples" / "checked-through.yaml").read_text(encoding="utf-8")
    settle.write_text(example.replace("Anna", json.dumps(name)), encoding="utf-8")
    env = {**os.environ, "XDG_CONFIG_HOME": str(folder / "config"), "XDG_DATA_HOME": str(folder / "data")}
    problems: list[str] = []
    runs = [
        ["export", str(path)],
        ["export", "--format", "phh", "--reveal", str(path)],
        ["history", str(path)],
        ["verify", str(path)],
        ["settle", str(settle)],
        ["config", "set", "names", f"Bo,{name}"],
    ]
    for argv in runs:
        done = subprocess.run([drawpoker, *argv], capture_output=True, env=env, timeout=120)
        out, err = (done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace"))
        ran = Ran(tuple(argv), done.returncode, out, err)
        problems += [f"{argv[0]} (pipe): {p}: {err[-300:]!r}" for p in _ok(ran)]
        if b"\x1b" in done.stdout or b"\x1b" in done.stderr or b"\x07" in done.stdout:
            problems.append(f"{argv[0]} (pipe): a raw control character reached the pipe")
    path.unlink()
    settle.unlink()
    return Counter(cases=1, commands=len(runs)), problems


def run(cases: int, seed: int, folder: Path, pipes: int = 0) -> tuple[Counter[str], list[str]]:
    """``cases`` forgeries, a time case every tenth, a numbers case every fifth,
    and ``pipes`` pipe cases (a process each: slower)."""
    rng = random.Random(seed)
    made = folder / "sources"
    made.mkdir(exist_ok=True)
    found = sources(made)
    tally: Counter[str] = Counter()
    problems: list[str] = []
    for k in range(cases):
        more, said = forged_case(rng.choice(found), folder, rng)
        tally.update(more)
        problems += said
        if k % 10 == 0:
            more, said = times_case(found, folder, rng)
            tally.update(more)
            problems += said
        if k % 5 == 0:
            more, said = numbers_case(rng.choice(found), folder, rng)
            tally.update(more)
            problems += said
    drawpoker = str(Path(sys.executable).parent / "drawpoker")
    for _ in range(pipes):
        more, said = pipe_case(rng.choice(found[:4]), folder, rng, drawpoker)
        tally.update(more)
        problems += said
    return tally, problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=500)
    parser.add_argument("--pipes", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        os.environ["XDG_CONFIG_HOME"] = str(Path(folder) / "config")
        os.environ["XDG_DATA_HOME"] = str(Path(folder) / "data")
        tally, problems = run(args.cases, args.seed, Path(folder), args.pipes)
    internal = sum("internal error" in p or "Python words" in p for p in problems)
    print(
        f"cases: {tally['cases']:,} ({args.cases:,} forgeries, the rest odd times, huge numbers, names through a pipe); "
        f"command lines: {tally['commands']:,}; refused: {tally['refused']:,}, accepted: {tally['accepted']:,}; "
        f"files cut short (a crash): {tally['cut files']:,}; files verify refused: {tally['refused by verify']:,}, "
        f"that verify: {tally['verified']:,}"
    )
    print(f"internal errors: {internal}; other problems: {len(problems) - internal}")
    for problem in problems[:40]:
        print("  " + problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
