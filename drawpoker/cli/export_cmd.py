"""``drawpoker export FILE --format text|phh``."""

from __future__ import annotations

import argparse
from typing import TextIO


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``drawpoker export``."""
    parser.add_argument("file", metavar="FILE", help="a hand-history file")
    parser.add_argument(
        "--format",
        choices=("text", "phh"),
        default="text",
        help="text: a readable transcript per deal; phh: the PHH standard (TOML)",
    )
    parser.add_argument("--deal", type=int, metavar="N", help="only deal N")
    parser.add_argument(
        "--reveal", action="store_true", help="text: show every hand and exchanged card, not only what the table saw"
    )
    parser.add_argument("--output", "-o", metavar="OUT", help="write to OUT (a new file) instead of the screen")


def run(args: argparse.Namespace) -> int:
    """Export the history."""
    import sys
    from pathlib import Path

    from drawpoker.errors import HistoryError
    from drawpoker.history.export import export_phh, export_text
    from drawpoker.history.reader import open_history

    reader = open_history(args.file)
    if args.output:
        target = Path(args.output)
        if target.exists():
            raise HistoryError(f"{args.output}: already exists; choose a new file name")
        out: TextIO = open(target, "x", encoding="utf-8")  # noqa: SIM115 - closed below unless it is stdout
    else:
        out = sys.stdout
    try:
        if args.format == "phh":
            written = export_phh(reader, out, args.deal)
        else:
            written = export_text(reader, out, reveal=args.reveal, only=args.deal)
    finally:
        if out is not sys.stdout:
            out.close()
    if args.deal is not None and written == 0:
        raise HistoryError(f"{args.file}: there is no finished deal {args.deal}")
    return 0
