"""``drawpoker verify FILE``: re-derive every deal and compare, line by line."""

from __future__ import annotations

import argparse


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``drawpoker verify``."""
    parser.add_argument("files", nargs="+", metavar="FILE", help="hand-history files")


def run(args: argparse.Namespace) -> int:
    """Verify each file: 'ok' with counts, or the first disagreement (exit 1)."""
    import sys
    import time

    from drawpoker.errors import HistoryError
    from drawpoker.history.reader import open_history
    from drawpoker.history.verify import verify_history

    status = 0
    for file in args.files:
        started = time.perf_counter()
        try:
            report = verify_history(open_history(file))
        except HistoryError as exc:
            print(str(exc), file=sys.stderr)
            status = 1
            continue
        seconds = time.perf_counter() - started
        parts = f", in {report.parts} parts" if report.parts > 1 else ""
        print(
            f"{file}: ok: {report.deals:,} deals, {report.commands:,} decisions, {report.events:,} events "
            f"re-derived and matched ({seconds:.2f} s{parts})"
        )
        if report.torn is not None:
            print(
                f"{file}:{report.torn.line}: the last line was cut off (a crash mid-write); it was ignored",
                file=sys.stderr,
            )
    return status
