"""``drawpoker play [RULESET] [--resume FILE] [--lang en|nb] [--ascii] [--log FILE] [--seed N] [--pause S]
[--phones [--listen ADDRESS] [--port N] [--cert FILE --key FILE]]``: the hot-seat game in the terminal,
with the players' own phones if they like."""

from __future__ import annotations

import argparse

from drawpoker.notes import N_

#: the longest pause a computer player takes (seconds)
MOST_PAUSE = 60


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``drawpoker play`` (no heavy imports here)."""
    parser.add_argument(
        "ruleset",
        metavar="RULESET",
        nargs="?",
        default=None,
        help=N_("a shipped ruleset name or a ruleset file (default: the ruleset in your settings, else morkpoker)"),
    )
    parser.add_argument(
        "--resume",
        metavar="FILE",
        nargs="?",
        const="",
        help=N_(
            "continue the interrupted session in this history file (or the name of one in the histories folder); "
            "without FILE, the newest unfinished session there"
        ),
    )
    parser.add_argument(
        "--lang", choices=("en", "nb"), help=N_("the language (default: your settings' language, else the locale's)")
    )
    parser.add_argument("--ascii", action="store_true", help=N_("cards in plain ASCII (As Kd) instead of card symbols"))
    from drawpoker.cli.main import file_name

    parser.add_argument(
        "--log",
        metavar="FILE",
        type=file_name,
        help=N_("write the history to FILE (default: a new file in the histories folder named by date, time and game)"),
    )
    parser.add_argument(
        "--histories",
        metavar="DIR",
        type=file_name,
        help=N_(
            "the folder for the new history (default: your settings' folder, else the user data folder; "
            "'drawpoker config path' shows it)"
        ),
    )
    parser.add_argument("--seed", type=int, help=N_("shuffle with this seed (the same seed deals the same cards)"))
    parser.add_argument(
        "--pause",
        type=float,
        default=1.0,
        metavar="SECONDS",
        help=N_("how long a computer player takes to act (default: 1 second)"),
    )
    parser.add_argument(
        "--strategy",
        metavar="BOT",
        help=N_(
            "bots of your own (path/to/bot.py:Name or module:Name, comma-separated), offered for the computer "
            "seats beside the levels easy, sensible and strong (see docs/bots.md)"
        ),
    )
    phones = parser.add_argument_group(N_("phones"), N_("each player's cards on their own phone (docs/phones.md)"))
    phones.add_argument(
        "--phones",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=N_(
            "players may hold their cards on their phones: the laptop shows the table and a QR code per seat "
            "(default: the phones setting, else no)"
        ),
    )
    phones.add_argument(
        "--listen",
        metavar="ADDRESS",
        help=N_(
            "the address the phones connect to (default: the laptop's address on the local network; "
            "127.0.0.1: only browsers on this machine, for a test)"
        ),
    )
    phones.add_argument(
        "--port", type=int, metavar="N", help=N_("the port (default 8765; another free one if it is taken)")
    )
    phones.add_argument(
        "--cert", metavar="FILE", type=file_name, help=N_("a TLS certificate (PEM): the phones connect by https")
    )
    phones.add_argument("--key", metavar="FILE", type=file_name, help=N_("the certificate's private key (PEM)"))
    parser.add_argument(
        "--bot-time-limit",
        type=float,
        metavar="SECONDS",
        help=N_("how long a bot of your own may take to decide (default: the bot_time_limit setting, else 2 seconds)"),
    )


def resumed_file(given: str, histories: str | None, ruleset: str | None) -> str:
    """The history ``play --resume`` continues: the file named (or its name
    in the histories folder), or with no name the newest unfinished session
    there. Naming a ruleset other than the one the file was played under is
    refused, with both names."""
    from drawpoker.cli.sessions import find_history, latest_unfinished
    from drawpoker.errors import HistoryError
    from drawpoker.history.summary import ruleset_label
    from drawpoker.notes import N_, Note

    path = find_history(given, histories) if given else latest_unfinished(histories)
    if ruleset:
        from drawpoker.history.reader import open_history
        from drawpoker.history.summary import ruleset_name
        from drawpoker.rules import fingerprint, load_rules

        reader = open_history(path)
        reader.close()
        if fingerprint(load_rules(ruleset)) != reader.header.get("fingerprint"):
            raise HistoryError(
                Note(
                    N_(
                        "{file} was played under {played}, not {given}: resume it without naming a ruleset "
                        "(drawpoker play --resume {file})"
                    ),
                    file=path,
                    played=ruleset_name(reader.header),
                    given=ruleset_label(ruleset),
                )
            )
    return path


def run(args: argparse.Namespace) -> int:
    """Set up (or resume) a session and play it."""

    from drawpoker.client.launch import launch

    if not 0 <= args.pause <= MOST_PAUSE:  # NaN fails too
        from drawpoker.errors import DrawpokerError
        from drawpoker.notes import N_, Note

        raise DrawpokerError(
            Note(N_("--pause is the seconds a computer player takes, from 0 to {most}"), most=MOST_PAUSE)
        )

    if args.resume is not None:  # a name from the list, or the newest unfinished session
        args.resume = resumed_file(args.resume, args.histories, args.ruleset)
    outcome = launch(args)
    if outcome.code and outcome.message:  # (a refusal: within the terminal's width, as every command's)
        from drawpoker.terminal import complain

        complain(outcome.message)
    elif outcome.message:  # (where the history is: each path whole on its own line, to be copied)
        print(outcome.message)
    return outcome.code
