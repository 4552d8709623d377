"""``drawpoker play [RULESET] [--resume FILE] [--lang en|nb] [--ascii] [--log FILE] [--seed N] [--pause S]``:
the hot-seat game in the terminal."""

from __future__ import annotations

import argparse

#: the longest pause a computer player takes (seconds)
MOST_PAUSE = 60


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``drawpoker play`` (no heavy imports here)."""
    parser.add_argument(
        "ruleset",
        metavar="RULESET",
        nargs="?",
        default=None,
        help="a shipped ruleset name or a ruleset file (default: the ruleset in your settings, else morkpoker)",
    )
    parser.add_argument(
        "--resume",
        metavar="FILE",
        nargs="?",
        const="",
        help="continue the interrupted session in this history file (or the name of one in the histories folder); "
        "without FILE, the newest unfinished session there",
    )
    parser.add_argument(
        "--lang", choices=("en", "nb"), help="the language (default: your settings' language, else the locale's)"
    )
    parser.add_argument("--ascii", action="store_true", help="cards in plain ASCII (As Kd) instead of card symbols")
    parser.add_argument(
        "--log",
        metavar="FILE",
        help="write the history to FILE (default: a new file in the histories folder named by date, time and game)",
    )
    parser.add_argument(
        "--histories",
        metavar="DIR",
        help="the folder for the new history (default: your settings' folder, else the user data folder; "
        "'drawpoker config path' shows it)",
    )
    parser.add_argument("--seed", type=int, help="shuffle with this seed (the same seed deals the same cards)")
    parser.add_argument(
        "--pause",
        type=float,
        default=1.0,
        metavar="SECONDS",
        help="how long a computer player takes to act (default: 1 second)",
    )


def run(args: argparse.Namespace) -> int:
    """Set up (or resume) a session and play it."""
    import sys

    from drawpoker.client.launch import launch

    if not 0 <= args.pause <= MOST_PAUSE:  # NaN fails too
        from drawpoker.errors import DrawpokerError
        from drawpoker.notes import N_, Note

        raise DrawpokerError(
            Note(N_("--pause is the seconds a computer player takes, from 0 to {most}"), most=MOST_PAUSE)
        )

    outcome = launch(args)
    if outcome.message:
        print(outcome.message, file=sys.stderr if outcome.code else sys.stdout)
    return outcome.code
