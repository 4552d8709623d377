"""``drawpoker simulate RULESET --players N --hands N --seed S [--json]``."""

from __future__ import annotations

import argparse

from drawpoker.notes import N_
from drawpoker.terminal import emit, json_text

#: the most deals one simulation plays (some hours; more is a typing slip)
MOST_HANDS = 100_000_000


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``drawpoker simulate``."""
    parser.add_argument("ruleset", metavar="RULESET", help=N_("a shipped ruleset name or a ruleset file"))
    parser.add_argument(
        "--players", type=int, default=None, help=N_("players at the table (default: the rules' maximum)")
    )
    parser.add_argument(
        "--hands", type=int, default=1000, help=N_("deals (rounds) to play in all, over as many sessions as it takes")
    )
    parser.add_argument("--seed", type=int, default=0, help=N_("the random seed; the same seed plays the same games"))
    parser.add_argument(
        "--strategy",
        default=None,
        help=N_(
            "comma-separated strategies given to the seats in turn, again from the first when there are fewer "
            "than players (never more): the levels easy, sensible, strong; the "
            "baselines random, calling-station, maniac, rock; or a bot of your own as path/to/bot.py:Name or "
            "module:Name (see docs/bots.md); default: random,sensible"
        ),
    )
    parser.add_argument(
        "--bot-time-limit",
        type=float,
        metavar="SECONDS",
        help=N_("how long a bot of your own may take to decide (default: the bot_time_limit setting, else 2 seconds)"),
    )
    from drawpoker.cli.main import file_name

    parser.add_argument(
        "--log",
        metavar="FILE",
        type=file_name,
        help=N_(
            "write the hand histories, one file per session: FILE, then FILE-2, FILE-3... beside it "
            "(out.jsonl, out-2.jsonl, ...)"
        ),
    )
    parser.add_argument("--json", action="store_true", help=N_("print the result as JSON"))
    from drawpoker.words.i18n import add_lang_option

    add_lang_option(parser)


def _strategies(given: str, players: int) -> list[str]:
    """The strategies ``--strategy`` names, in turn; a list the seats cannot take as written is refused
    (an empty name, or more names than players: neither is quietly dropped)."""
    from drawpoker.errors import DrawpokerError
    from drawpoker.notes import N_, Note

    names = [name.strip() for name in given.split(",")]
    if not all(names):
        raise DrawpokerError(
            Note(N_("--strategy '{given}' has an empty name; write a strategy between every two commas"), given=given)
        )
    if players >= 1 and len(names) > players:
        raise DrawpokerError(
            Note(
                N_("--strategy names {count} strategies ({names}) for a table of {players}; give at most one a player"),
                count=len(names),
                names=", ".join(names),
                players=players,
            )
        )
    return names


def run(args: argparse.Namespace) -> int:
    """Play the sessions and report."""
    from drawpoker.cli.progress import ProgressBar
    from drawpoker.errors import DrawpokerError
    from drawpoker.rules import load_rules
    from drawpoker.session.simulate import simulate
    from drawpoker.words.i18n import cli_translator

    tr = cli_translator(args.lang)
    rules = load_rules(args.ruleset)
    if args.players is not None:
        players = args.players
    else:
        from drawpoker.rules.seating import seat_range

        players = seat_range(rules)[1]
    if not 1 <= args.hands <= MOST_HANDS:
        from drawpoker.notes import N_, Note
        from drawpoker.words.command_line import quoted_number

        raise DrawpokerError(
            Note(
                N_("--hands must be a whole number from 1 to {most}, not {hands}"),
                most=tr.count(MOST_HANDS),
                hands=quoted_number(str(args.hands)),
            )
        )
    # (the default, random and sensible in turn, fits any table: one player gets random)
    strategies = ["random", "sensible"] if args.strategy is None else _strategies(args.strategy, players)
    from drawpoker.bots.seat import time_limit
    from drawpoker.settings import load_settings

    limit = time_limit(args.bot_time_limit, None if args.bot_time_limit is not None else load_settings().bot_time_limit)
    from drawpoker.cli.main import room

    bar = ProgressBar(tr._("simulating"), columns=room())
    sink_many = on_session = writer = None
    if args.log:
        from drawpoker.history.summary import ruleset_label
        from drawpoker.history.writer import SessionLogs

        writer = SessionLogs(args.log, rules, ruleset=ruleset_label(args.ruleset))
        sink_many, on_session = writer.write_many, writer.start
    try:
        result = simulate(
            rules,
            players,
            args.hands,
            args.seed,
            strategies,
            on_session=on_session,
            progress=bar,
            sink_many=sink_many,
            limit=limit,
        )
        if writer is not None:
            writer.close()  # the last session's file gets its name only now, complete
    except BaseException:
        if writer is not None:
            writer.abort()  # an unfinished file is removed: nothing half-written is left looking whole
        raise
    finally:
        bar.close()
    if args.json:
        emit(json_text(result.to_json()))
    else:
        from drawpoker.words.simulation_text import simulation_text

        emit(simulation_text(result, tr, room()))
    return 0
