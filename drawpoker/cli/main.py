"""The ``drawpoker`` command: a registry of subcommands and one error edge.

Every subcommand module has ``configure(parser)`` (cheap: no heavy imports)
and ``run(args) -> int``. Errors of the project's own kinds are printed as
one sentence and exit 1; nothing reaches the player as a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from drawpoker import __version__

#: name -> (module, one-line help). Order is the order of ``--help``.
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("drawpoker.cli.play_cmd", "play Mørkpoker or Three Card Poker hot-seat in the terminal"),
    "settle": ("drawpoker.cli.settle_cmd", "say who wins what, and why, in a deal written in YAML"),
    "simulate": ("drawpoker.cli.simulate_cmd", "play whole sessions with computer players"),
    "history": ("drawpoker.cli.history_cmd", "list the deals of a session and its standings"),
    "replay": ("drawpoker.cli.replay_cmd", "step through the deals of a hand history, action by action"),
    "verify": ("drawpoker.cli.verify_cmd", "check a hand history against the engine, line by line"),
    "export": ("drawpoker.cli.export_cmd", "write a hand history as a readable transcript or as PHH"),
    "rules": ("drawpoker.cli.rules_cmd", "list, check, show and compare house rules"),
    "analyze": (
        "drawpoker.cli.analyze_cmd",
        "who a Three Card Poker paytable favours: exact house edges and the optimal strategy",
    ),
    "hand": ("drawpoker.cli.hand_cmd", "describe a poker hand (3, 5, 6 or 7 cards)"),
}


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every registered subcommand."""
    parser = argparse.ArgumentParser(
        prog="drawpoker",
        description="Mørkpoker (five-card draw) and Three Card Poker for home poker nights.",
    )
    parser.add_argument("--version", action="version", version=f"drawpoker {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_text) in COMMANDS.items():
        module = importlib.import_module(module_name)
        p = sub.add_parser(name, help=help_text, description=help_text)
        module.configure(p)
        p.set_defaults(_module=module)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    from drawpoker.errors import DrawpokerError

    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 0
    try:
        return int(args._module.run(args) or 0)
    except DrawpokerError as exc:
        print(f"drawpoker {args.command}: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
