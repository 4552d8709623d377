"""``drawpoker analyze RULESET [--json] [--players N]``: who a Three Card Poker
paytable favours, computed exactly."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

from drawpoker.notes import N_
from drawpoker.terminal import cut, emit, json_text

if TYPE_CHECKING:
    from drawpoker.words.i18n import Translator

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


def progress_label(tr: Translator) -> str:
    """What the progress bar says it is doing, in the command's language."""
    return tr._("analysing")


class ProgressBar:
    """A progress bar on ``stream`` that appears only once the work has
    taken longer than ``delay`` seconds, and only on a terminal (or ``force``):
    ``LABEL [####......]  50%`` within the terminal's width (``columns``, else
    the terminal ``stream`` is, else stdout's, read at every draw: a window
    made narrower is followed), its last column left free (a line as wide
    as the terminal wraps, and ``\\r`` takes back only the last line); the
    bar itself at most ``width`` cells (:attr:`MOST`), none where fewer than
    five fit, then the label cut to leave room for the percentage."""

    #: the widest bar, in cells (a wide terminal's: the line stays readable)
    MOST = 50

    def __init__(
        self,
        stream: TextIO,
        label: str = "analysing",
        delay: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
        force: bool = False,
        columns: int | None = None,
        width: int = MOST,
    ) -> None:
        self.stream, self.label, self.delay, self.clock, self.width = stream, label, delay, clock, width
        self.columns = columns
        self.start = clock()
        self.enabled = force or stream.isatty()
        self.drawn = 0  # (the cells of the widest line drawn: what close() clears)
        self.room = 79  # (the cells a line may take: the terminal's width at the last draw, one spare)

    def line(self, done: float) -> str:
        """The bar's line for ``done`` (0 to 1), within the terminal's width."""
        from drawpoker.terminal import cells, terminal_columns, visible

        room = self.room = (self.columns or terminal_columns(self.stream, sys.__stdout__)) - 1
        label = visible(self.label)
        percent = f"{done * 100:3.0f}%"
        width = min(self.width, room - cells(label) - len(" [] ") - len(percent))
        if width >= 5:
            filled = int(width * done)
            return f"{label} [{'#' * filled}{'.' * (width - filled)}] {percent}"
        if cells(label) + 1 + len(percent) <= room:
            return f"{label} {percent}"
        return percent[: max(room, 1)]

    def __call__(self, done: float) -> None:
        if not self.enabled or self.clock() - self.start < self.delay:
            return
        line = self.line(done)
        from drawpoker.terminal import cells

        self.stream.write("\r" + line + " " * max(0, min(self.drawn, self.room) - cells(line)))
        self.stream.flush()
        self.drawn = max(self.drawn, cells(line))

    def close(self) -> None:
        """Clear the bar's line if it was drawn."""
        if self.drawn:
            self.stream.write("\r" + " " * min(self.drawn, self.room) + "\r")
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
    from drawpoker.words.i18n import cli_translator

    bar = ProgressBar(sys.stderr, progress_label(cli_translator(args.lang)))
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
