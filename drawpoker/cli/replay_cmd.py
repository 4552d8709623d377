"""``drawpoker replay FILE [--deal N] [--lang en|nb] [--ascii]``: step through recorded deals."""

from __future__ import annotations

import argparse

from drawpoker.notes import N_


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``drawpoker replay`` (no heavy imports here)."""
    parser.add_argument(
        "file",
        metavar="FILE",
        nargs="?",
        help=N_(
            "a hand-history file written by 'drawpoker play' or 'simulate --log', or the name of one in the "
            "histories folder ('drawpoker history' lists them); without FILE, the newest session there"
        ),
    )
    from drawpoker.cli.sessions import add_histories_option

    add_histories_option(parser)
    parser.add_argument(
        "--deal", type=int, metavar="N", help=N_("start at deal N (round N in Three Card Poker; default: the first)")
    )
    parser.add_argument(
        "--lang", choices=("en", "nb"), help=N_("the language (default: your settings' language, else the locale's)")
    )
    parser.add_argument("--ascii", action="store_true", help=N_("cards in plain ASCII (As Kd) instead of card symbols"))
    parser.add_argument(
        "--reveal-live-deal",
        action="store_true",
        help=N_("let V show the hands of a deal that has not ended (do not use while it is being played)"),
    )


def run(args: argparse.Namespace) -> int:
    """Open the history and show it until Q."""
    import sys

    from drawpoker.cli.sessions import find_history, latest_session
    from drawpoker.client.look import Look, color_wanted
    from drawpoker.client.replay.viewer import ReplayModel
    from drawpoker.words.i18n import cli_language, translator

    args.file = find_history(args.file, args.histories) if args.file else latest_session(args.histories)
    tr = translator(cli_language(args.lang))
    model = ReplayModel(args.file, tr, Look(unicode=not args.ascii), deal=args.deal, reveal_live=args.reveal_live_deal)
    if args.deal is not None and model.message:
        from drawpoker.terminal import complain

        complain(f"drawpoker replay: {model.message}")
        return 1
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        from drawpoker.terminal import complain

        complain(tr._("drawpoker replay needs a terminal: run it in a terminal window, not through a pipe."))
        return 1
    from drawpoker.client.replay.app import build_replay_app
    from drawpoker.words.i18n import say_warnings_now

    say_warnings_now()  # (before the screen opens: said at the end, it came after the replay was closed)

    build_replay_app(model, color=color_wanted()).run()
    return 0
