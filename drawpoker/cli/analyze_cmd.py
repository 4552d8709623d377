"""``drawpoker analyze RULESET [--json] [--players N]``: who a Three Card Poker
paytable favours, computed exactly."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import TextIO

from drawpoker.notes import N_
from drawpoker.terminal import cut, emit, json_text

#: The most players one deck serves besides the dealer (three cards each).
MOST_PLAYERS = 16


def _players(text: str) -> int:
    from drawpoker.notes import N_, Note
    from drawpoker.words.command_line import quoted_number

    digits = text.strip().lstrip("+-").replace("_", "")
    try:
        n = int(text)
    except ValueError:
        if not digits.isdigit():  # (a whole number too long for int() is still one: said by its length below)
            raise argparse.ArgumentTypeError(
                Note(N_("expected a number of players, found '{found}'"), found=cut(text, 60))
            ) from None
        n = 0
    if not 1 <= n <= MOST_PLAYERS:
        raise argparse.ArgumentTypeError(
            Note(
                N_("expected 1 to {most} players (three cards each and the dealer's), found {found}"),
                most=MOST_PLAYERS,
                found=quoted_number(text.strip()),
            )
        )
    return n


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``drawpoker analyze``."""
    parser.add_argument("ruleset", metavar="RULESET", help=N_("a Three Card Poker ruleset: a shipped name or a file"))
    parser.add_argument("--json", action="store_true", help=N_("print every figure as JSON, with exact fractions"))
    parser.add_argument(
        "--players",
        type=_players,
        metavar="N",
        help=N_("players at the table for the bank's result per round (default: the ruleset's most)"),
    )
    from drawpoker.words.i18n import add_lang_option

    add_lang_option(parser)


class ProgressBar:
    """A progress bar on ``stream`` that appears only once the work has
    taken longer than ``delay`` seconds, and only on a terminal (or ``force``)."""

    def __init__(
        self,
        stream: TextIO,
        delay: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
        force: bool = False,
        width: int = 30,
    ) -> None:
        self.stream, self.delay, self.clock, self.width = stream, delay, clock, width
        self.start = clock()
        self.enabled = force or stream.isatty()
        self.drawn = False

    def __call__(self, done: float) -> None:
        if not self.enabled or self.clock() - self.start < self.delay:
            return
        filled = int(self.width * done)
        self.stream.write(f"\ranalysing [{'#' * filled}{'.' * (self.width - filled)}] {done * 100:3.0f}%")
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        """Clear the bar's line if it was drawn."""
        if self.drawn:
            self.stream.write("\r" + " " * (self.width + 20) + "\r")
            self.stream.flush()


def run(args: argparse.Namespace) -> int:
    """Analyse the ruleset and print the figures."""
    from drawpoker.errors import RulesError
    from drawpoker.games.three_card.report import analysis_report
    from drawpoker.rules import ThreeCardRules, load_rules

    rules = load_rules(args.ruleset)
    if not isinstance(rules, ThreeCardRules):
        from drawpoker.notes import N_, Note

        raise RulesError(
            Note(
                N_("{ruleset} is not a Three Card Poker ruleset; analyze works only on Three Card Poker rulesets"),
                ruleset=args.ruleset,
            )
        )
    bar = ProgressBar(sys.stderr)
    try:
        report = analysis_report(rules, args.ruleset, args.players, progress=bar)
    finally:
        bar.close()
    if args.json:
        emit(json_text(report.to_json()))
    else:
        from drawpoker.cli.main import emit_fitted
        from drawpoker.words.analysis_text import analysis_text
        from drawpoker.words.i18n import cli_translator

        emit_fitted(analysis_text(report, cli_translator(args.lang)), lists=True)
    return 0
