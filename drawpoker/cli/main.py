"""The ``drawpoker`` command: a registry of subcommands and one error edge.

Every subcommand module has ``configure(parser)`` (cheap: no heavy imports)
and ``run(args) -> int``. Whatever goes wrong reaches the player as one
sentence on stderr, ``drawpoker CMD: ...``, through :mod:`drawpoker.terminal`
(so a file name or a value from a file cannot drive the terminal), and the
exit status says what kind of failure it was:

* 0 done; 1 the input was refused (a file, a value, a rule); 2 the command
  line itself was wrong (argparse); 130 interrupted;
* an exception this program did not expect is a bug: one line says so and
  how to report it (exit 1); ``DRAWPOKER_DEBUG=1`` shows the traceback.

Nothing reaches the player as a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from drawpoker import __version__
from drawpoker.terminal import cut, visible, visible_lines

TYPE_CHECKING = False  # not typing's: importing typing costs a few ms at every start
if TYPE_CHECKING:  # annotations only
    from collections.abc import Sequence
    from typing import Any, NoReturn

    from drawpoker.errors import DrawpokerError
    from drawpoker.notes import Note

#: name -> (module, one-line help). Order is the order of ``--help``.
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("drawpoker.cli.play_cmd", "play Mørkpoker or Three Card Poker hot-seat in the terminal"),
    "settle": ("drawpoker.cli.settle_cmd", "say who wins what, and why, in a deal written in YAML"),
    "simulate": ("drawpoker.cli.simulate_cmd", "play whole sessions with computer players"),
    "history": ("drawpoker.cli.history_cmd", "list the deals of a session and its standings, or the sessions kept"),
    "standings": (
        "drawpoker.cli.standings_cmd",
        "the season: every player's evenings, deals, result in chips and money, and the running total",
    ),
    "replay": ("drawpoker.cli.replay_cmd", "step through the deals of a hand history, action by action"),
    "verify": ("drawpoker.cli.verify_cmd", "check a hand history against the engine, line by line"),
    "export": ("drawpoker.cli.export_cmd", "write a hand history as a readable transcript or as PHH"),
    "rules": ("drawpoker.cli.rules_cmd", "list, check, show and compare house rules"),
    "analyze": (
        "drawpoker.cli.analyze_cmd",
        "who a Three Card Poker paytable favours: exact house edges and the optimal strategy",
    ),
    "hand": ("drawpoker.cli.hand_cmd", "describe a poker hand (3, 5, 6 or 7 cards)"),
    "config": ("drawpoker.cli.config_cmd", "show and change your settings: default ruleset, language, folder, names"),
    "completion": ("drawpoker.cli.completion_cmd", "print a shell completion script for bash or zsh"),
}

#: the longest line an error says (what a file or the command line held is quoted, not repeated whole)
MOST_SAID = 1000

#: set this to see the traceback of an unexpected error
DEBUG_VARIABLE = "DRAWPOKER_DEBUG"


def _where_to_report() -> str:
    """The issue tracker named in the installed package's metadata."""
    try:
        from importlib.metadata import metadata

        for entry in metadata("drawpoker").get_all("Project-URL") or []:
            label, _, url = entry.partition(",")
            if label.strip().lower() in ("issues", "bug tracker"):
                return str(url).strip()
    except Exception:  # reporting a bug must not fail itself
        pass
    return "the project's issue tracker"


def _columns() -> int:
    """The terminal's width as :func:`shutil.get_terminal_size` finds it
    (``COLUMNS``, else the terminal on stdout, else 80), without importing
    shutil (and the archive modules it brings) at every start."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _Formatter(argparse.HelpFormatter):
    """argparse's help layout; the width found by :func:`_columns`."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        super().__init__(prog, indent_increment, max_help_position, _columns() - 2 if width is None else width)


class Parser(argparse.ArgumentParser):
    """argparse, with its complaints (which quote the command line) made visible."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{visible(self.prog)}: error: {visible(cut(message, 300))}\n")

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        """As argparse, but a lone ``--`` cannot stand in for a required word.

        argparse (3.11–3.13) fills a positional that follows ``--`` with an
        empty list instead of saying it is missing (``rules diff A -- --``).
        """
        ns, extras = super().parse_known_args(args, namespace)
        for action in self._actions:
            if not action.option_strings and action.nargs is None and getattr(ns, action.dest, None) == []:
                self.error(f"the following arguments are required: {action.metavar or action.dest}")
        return ns, extras


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every registered subcommand.

    With ``only`` naming a command (the command line's first word), that is
    the one subcommand added, its module imported and its arguments
    configured: starting fast matters, and argparse looks up its own texts'
    translations, file by file, for every parser it makes. With ``only``
    empty, every command is listed by name and help (for ``--help`` and for
    a word that is no command) and none is configured.
    """
    parser = Parser(
        prog="drawpoker",
        description="Mørkpoker (five-card draw) and Three Card Poker for home poker nights.",
    )
    parser.add_argument("--version", action="version", version=f"drawpoker {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name, (module_name, help_text) in COMMANDS.items():
        if only and name != only:
            continue
        p = sub.add_parser(name, help=help_text, description=help_text)
        if only is None or name == only:
            module = importlib.import_module(module_name)
            module.configure(p)
            p.set_defaults(_module=module)
    return parser


def _say(command: str, text: str) -> None:
    """One problem on stderr, made safe for the terminal: ``drawpoker CMD: text``."""
    try:
        sys.stderr.write(f"drawpoker {command}: {visible(cut(text, MOST_SAID))}\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass  # stderr is gone: nobody is left to tell


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    from drawpoker.errors import DrawpokerError, RulesError

    words = list(sys.argv[1:] if argv is None else argv)
    if words[:2] == ["completion", "--candidates"]:  # the completion scripts' question: words taken as they are
        from drawpoker.cli.completion_cmd import answer

        return answer(words[2:])
    parser = build_parser(only=words[0] if words and words[0] in COMMANDS else "")
    args = parser.parse_args(words)
    if not getattr(args, "command", None):
        parser.print_help()
        return 0
    command = args.command
    try:
        return int(args._module.run(args) or 0)
    except RulesError as exc:
        for problem in exc.notes:
            _say(command, _in_language(args, problem))
        return 1
    except DrawpokerError as exc:
        for line in _in_language(args, exc).splitlines() or [""]:
            _say(command, line)
        return 1
    except KeyboardInterrupt:
        _say(command, "interrupted")
        return 130
    except BrokenPipeError:
        _quiet_stdout()
        return 0
    except OSError as exc:  # a file this command writes (a log, the settings) could not be
        from drawpoker.boundary import os_words

        where = f"{exc.filename}: " if exc.filename else ""
        _say(command, f"{where}{_in_language(args, os_words(exc))}")
        return 1
    except Exception as exc:  # a bug: say so in one line, never silently
        if os.environ.get(DEBUG_VARIABLE):
            raise
        _say(
            command,
            f"internal error ({type(exc).__name__}: {visible_lines(str(exc))[:200]}); this is a bug in drawpoker - "
            f"please report it at {_where_to_report()} (run again with {DEBUG_VARIABLE}=1 to see where it happened)",
        )
        return 1


def _in_language(args: argparse.Namespace, said: DrawpokerError | Note | str) -> str:
    """An error (or a note) in the command's language (``--lang``, the
    settings, the locale: as the command speaks); English when it was raised
    as plain text."""
    from drawpoker.errors import DrawpokerError
    from drawpoker.words.i18n import cli_say

    return cli_say(getattr(args, "lang", None), said.note if isinstance(said, DrawpokerError) else said)


def _quiet_stdout() -> None:
    """After a broken pipe (``drawpoker rules show x | head``), stop Python
    complaining about the flush at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
