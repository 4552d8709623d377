"""Helpers for fuzzing the command line: run it in-process with a time
limit and captured output, and check what every run must keep to.

Shared by tests/test_fuzz_cli.py (and usable from a shell for a longer run).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import random
import signal
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from drawpoker.cli.main import main

ROOT = Path(__file__).resolve().parent.parent


class Hang(BaseException):
    """A command ran past its time limit (a BaseException, so no `except Exception` hides it)."""


@attrs.frozen
class Ran:
    """How one command line ended."""

    argv: tuple[str, ...]
    status: int
    out: str
    err: str


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`Hang` in this (the main) thread after ``seconds``."""

    def expire(signum: int, frame: object) -> None:
        raise Hang(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


class TerminalText(io.StringIO):
    """Text written as to a terminal (``isatty``: what stderr is fitted to, ``COLUMNS`` wide)."""

    def isatty(self) -> bool:
        return True


def cli(argv: Sequence[str], seconds: float = 20.0, cwd: Path | None = None, terminal: bool = False) -> Ran:
    """``drawpoker ARGV`` in-process: status, stdout, stderr (with ``terminal``, stderr a terminal's)."""
    out, err = io.StringIO(), TerminalText() if terminal else io.StringIO()
    before = os.getcwd()
    try:
        if cwd is not None:
            os.chdir(cwd)
        with time_limit(seconds), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(list(argv))
            except SystemExit as exc:  # argparse: --help, a bad option
                status = exc.code if isinstance(exc.code, int) else 2
    finally:
        os.chdir(before)
    return Ran(tuple(argv), status, out.getvalue(), err.getvalue())


def terminal_safe(text: str) -> bool:
    """No control character but newline and tab, no lone surrogate, nothing
    that reorders text: what a terminal shows as it is."""
    for ch in text:
        if ch in "\n\t":
            continue
        category = unicodedata.category(ch)
        if category in ("Cc", "Cs") or ch in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069":
            return False
    return True


def assert_kept_to_the_edge(ran: Ran, *, most_lines: int = 30) -> None:
    """What every run must keep to: a known exit status, no traceback and no
    bug report, a few lines on stderr, terminal-safe output."""
    assert ran.status in (0, 1, 2), ran
    assert "Traceback" not in ran.err and "internal error" not in ran.err, ran
    assert len(ran.err.splitlines()) <= most_lines, ran
    assert terminal_safe(ran.out) and terminal_safe(ran.err), ran
    if ran.status == 1 and ran.argv[:2] != ("rules", "check"):
        # (in a narrow terminal a path too long for the rest of the first line begins the next one)
        assert ran.err.startswith(f"drawpoker {ran.argv[0]}:"), ran


def snapshot(*folders: Path) -> dict[str, str]:
    """Every file under ``folders`` with a hash of its bytes (special files by kind)."""
    seen: dict[str, str] = {}
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.is_symlink() or not path.is_file():
                seen[str(path)] = "special"
            else:
                seen[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return seen


# ---------------------------------------------------------------- mutations

#: values that have broken a reader somewhere: types, tags, anchors, huge and odd numbers, escapes
NASTY_VALUES = [
    "1",
    "0",
    "-1",
    "2.0",
    "x",
    "''",
    "~",
    "yes",
    "no",
    "1/2",
    "3/2",
    '"0.5"',
    '"1/3"',
    "0.333",
    ".inf",
    ".nan",
    "1e-9999999",
    "1.0e+999",
    "9" * 16,
    "9" * 5000,
    "1:30",
    "2001-12-14",
    "2001-13-45",
    "012",
    "0x1f",
    "!!int x",
    "!!str 5",
    "!!python/object:os.system 1",
    "!foo bar",
    "&a 1",
    "&b {ante: 3}",
    "*a",
    "*nope",
    "{<<: {ante: 3}}",
    "[" * 40 + "]" * 40,
    "[" * 40,
    "{a: 1}",
    "[1, 2]",
    '"\\e[31mred\\e]0;PWNED\\a"',
    '"\\ud800"',
    '"\\x00"',
    '"tab\\there"',
    '"\\u202eevil"',
    "|\n  two\n  lines",
    "unlimited",
    "auto",
    "rebuy",
    "rotating",
    "house_bank",
    "morkpoker",
    "three-card-poker-home",
    "./nofile.yaml",
    "/dev/zero",
]

#: keys worth inserting: real ones, near misses, a merge key, a tagged key
NASTY_KEYS = [
    "extends",
    "game",
    "description",
    "betting",
    "ante",
    "beting",
    "session",
    "starting_stack",
    "deals",
    "dealer",
    "mode",
    "rounds_each",
    "table",
    "max_players",
    "min_players",
    "<<",
    "!foo k",
    "? [a]",
    "1",
    "rules",
    "players",
    "seats",
    "name",
]


def mutate(text: str, operations: Sequence[tuple[str, int, int]]) -> str:
    """Apply ``(operation, line, choice)`` steps to ``text``, line by line."""
    lines = text.splitlines()
    for op, at, choice in operations:
        if not lines:
            lines = [""]
        i = at % len(lines)
        line = lines[i]
        indent = line[: len(line) - len(line.lstrip())]
        if op == "delete":
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, line)
        elif op == "swap" and i + 1 < len(lines):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
        elif op == "indent":
            lines[i] = "  " + line
        elif op == "dedent":
            lines[i] = line[2:] if line.startswith("  ") else line
        elif op == "value" and ":" in line:
            key = line.split(":", 1)[0]
            lines[i] = f"{key}: {NASTY_VALUES[choice % len(NASTY_VALUES)]}"
        elif op == "insert":
            key = NASTY_KEYS[choice % len(NASTY_KEYS)]
            value = NASTY_VALUES[(choice // len(NASTY_KEYS)) % len(NASTY_VALUES)]
            lines.insert(i, f"{indent}{key}: {value}")
        elif op == "tag-key" and ":" in line:
            lines[i] = f"{indent}!foo {line.lstrip()}"
        elif op == "anchor" and ":" in line:
            key, value = line.split(":", 1)
            lines[i] = f"{key}: &a{value}"
        elif op == "control":
            lines[i] = line + "\x1b[2J"
        elif op == "document":
            lines.insert(i, "---")
    return "\n".join(lines) + "\n"


OPERATIONS = (
    "delete",
    "duplicate",
    "swap",
    "indent",
    "dedent",
    "value",
    "value",
    "value",
    "insert",
    "insert",
    "tag-key",
    "anchor",
    "control",
    "document",
)


def fuzz_main(
    argv: Sequence[str] | None,
    prog: str,
    description: str,
    length: int,
    prepare: Callable[[Path], Any],
    example: Callable[[random.Random, int, Any, int], tuple[str, Callable[[], Iterable[str]]]],
) -> int:
    """The command line of a seeded fuzzer (``python -m tests.keys_fuzz``,
    ``tests.replay_fuzz``): ``--examples``, ``--seed`` (a fresh one said when
    not given) and ``--length``. ``prepare`` makes what every example shares,
    in a temporary folder; ``example(rng, n, shared, length)`` draws example
    ``n`` from ``rng`` and gives what it is (said if it fails) and how to run
    it: the run gives the kinds of screen it reached, or raises -- a finding,
    printed with its traceback, and the next example runs. Exit status 1 when
    any example failed."""
    import argparse
    import tempfile
    import traceback

    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("--examples", type=int, default=100)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--length", type=int, default=length, help="steps a run takes at most")
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    print(f"seed {seed}")
    master = random.Random(seed)
    failures = 0
    reached: dict[str, int] = {}
    with tempfile.TemporaryDirectory(prefix=prog.rsplit(".", 1)[-1].replace("_", "-") + "-") as folder:
        shared = prepare(Path(folder))
        for n in range(args.examples):
            said, run = example(random.Random(master.getrandbits(64)), n, shared, args.length)
            try:
                for kind in run():
                    reached[kind] = reached.get(kind, 0) + 1
            except Exception:  # a finding: say it, and go on to the next example
                failures += 1
                print(f"--- example {n}: {said}")
                traceback.print_exc(limit=6)
    print("reached (runs):", ", ".join(f"{k} {v}" for k, v in sorted(reached.items())))
    print(f"{args.examples} examples, {failures} failed")
    return 1 if failures else 0
