"""``drawpoker export FILE --format text|phh [--lang en|nb]``."""

from __future__ import annotations

import argparse
import io
from typing import TextIO

from drawpoker.notes import N_


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``drawpoker export``."""
    parser.add_argument(
        "file",
        metavar="FILE",
        nargs="?",
        help=N_(
            "a hand-history file, or the name of one in the histories folder; without FILE, the newest session there"
        ),
    )
    from drawpoker.cli.sessions import add_histories_option

    add_histories_option(parser)
    parser.add_argument(
        "--format",
        choices=("text", "phh"),
        default="text",
        help=N_("text: a readable transcript per deal; phh: the PHH standard (TOML)"),
    )
    parser.add_argument("--deal", type=int, metavar="N", help=N_("only deal N"))
    parser.add_argument(
        "--reveal",
        action="store_true",
        help=N_(
            "show every hand and exchanged card of the deals that have ended, not only what the table saw "
            "(PHH: write them instead of ????)"
        ),
    )
    parser.add_argument(
        "--reveal-live-deal",
        action="store_true",
        help=N_(
            "text: with --reveal, also show the hidden cards of a deal still being played (do not use while it is)"
        ),
    )
    from drawpoker.cli.main import file_name

    parser.add_argument(
        "--output", "-o", metavar="OUT", type=file_name, help=N_("write to OUT (a new file) instead of the screen")
    )
    from drawpoker.words.i18n import add_lang_option

    add_lang_option(parser)


class _Safe(io.TextIOBase):
    """Where the export goes (the screen, a pipe, a file), with every control
    and invisible character of the history's text written out (see
    drawpoker.terminal): a name leaves the program as safe as it entered."""

    def __init__(self, out: TextIO, columns: int | None = None) -> None:
        self.out = out
        #: the width each line is wrapped to (None: lines as they are, a file's)
        self.columns = columns
        self._line = ""  # (wrapping: the start of a line not yet ended)

    def write(self, text: str) -> int:
        from drawpoker.terminal import visible_lines

        if self.columns is None:
            self.out.write(visible_lines(text))
            return len(text)
        from drawpoker.wrapping import wrap_lines

        *whole, self._line = (self._line + text).split("\n")
        for line in whole:
            self.out.write("".join(part + "\n" for part in wrap_lines(visible_lines(line), self.columns)))
        return len(text)

    def flush(self) -> None:
        """Write the start of a line not yet ended (a transcript ends its lines: nothing, as a rule)."""
        if self._line:
            from drawpoker.terminal import visible_lines

            self.out.write(visible_lines(self._line))
            self._line = ""


def run(args: argparse.Namespace) -> int:
    """Export the history: to the screen as it is read, or durably to a new file.

    Every deal is re-run through the engine first (as ``verify`` does): a
    history verify refuses is refused here, and nothing is written."""
    import os
    import sys
    from pathlib import Path

    from drawpoker.cli.sessions import find_history, latest_session
    from drawpoker.errors import DrawpokerError, HistoryError
    from drawpoker.history.export import export_phh, export_text
    from drawpoker.history.reader import open_history
    from drawpoker.history.summary import summarize
    from drawpoker.history.writer import new_file
    from drawpoker.notes import N_
    from drawpoker.words.i18n import cli_translator

    tr = cli_translator(args.lang)
    if args.reveal_live_deal and not args.reveal:
        raise DrawpokerError(
            tr._("--reveal-live-deal goes with --reveal (it adds the live deal's hidden cards to them)")
        )
    if args.output and os.path.lexists(args.output):
        raise HistoryError(tr._("{file}: already exists; choose a new file name").format(file=args.output))
    args.file = find_history(args.file, args.histories) if args.file else latest_session(args.histories)
    summary = summarize(args.file, confirm=True)  # the engine's word first: a forged history is not exported
    reader = open_history(args.file)
    no_deal = tr._("{file}: there is no finished deal {deal}").format(file=args.file, deal=args.deal)
    unfinished = summary.unfinished()

    def export(out: TextIO) -> int:
        if args.format == "phh":
            written = export_phh(reader, out, args.deal, reveal=args.reveal, tr=tr)
            if unfinished is not None and args.deal is None:
                out.write("\n# " + tr._("The session is {unfinished}.").format(unfinished=tr.say(unfinished)) + "\n")
            return written
        written = export_text(reader, out, reveal=args.reveal, only=args.deal, reveal_live=args.reveal_live_deal, tr=tr)
        if unfinished is not None and args.deal is None:
            out.write(
                ("\n" if written else "")
                + "*** "
                + tr._("The session is {unfinished}: it has no end (it was stopped, or the file was cut short)").format(
                    unfinished=tr.say(unfinished)
                )
                + " ***\n"
            )
        return written

    if args.output:
        with new_file(Path(args.output), what=N_("the export")) as raw:
            text = io.TextIOWrapper(raw, encoding="utf-8", newline="\n", write_through=False)
            written = export(_Safe(text))  # type: ignore[arg-type]
            if args.deal is not None and written == 0:
                raise HistoryError(no_deal)
            text.flush()
            text.detach()
    else:
        from drawpoker.cli.main import room

        screen = _Safe(sys.stdout, room() if args.format == "text" else None)  # (the transcript fits the terminal)
        written = export(screen)  # type: ignore[arg-type]
        screen.flush()
        if args.deal is not None and written == 0:
            raise HistoryError(no_deal)
    from drawpoker.terminal import complain

    for note in reader.leftovers():  # after the export: the reader knows once it has read to the end
        complain(tr.say(note))
    return 0
