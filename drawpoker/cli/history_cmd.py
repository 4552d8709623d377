"""``drawpoker history FILE [--json]``: the deals of a session and its standings."""

from __future__ import annotations

import argparse
import json
from typing import Any


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``drawpoker history``."""
    parser.add_argument(
        "file",
        metavar="FILE",
        nargs="?",
        help="a hand-history file written by 'drawpoker play' or 'simulate --log', or the name of one in the "
        "histories folder; without FILE, the sessions kept there, newest first",
    )
    parser.add_argument("--histories", metavar="DIR", help="the histories folder (default: 'drawpoker config path')")
    parser.add_argument("--json", action="store_true", help="print the deals and standings as JSON")


def run(args: argparse.Namespace) -> int:
    """List every deal, then the standings net of rebuys."""
    import sys

    from drawpoker.cli.sessions import find_history, histories_folder, list_sessions
    from drawpoker.history.deals import iter_deals, standings
    from drawpoker.history.reader import open_history

    if args.file is None:
        return list_sessions(histories_folder(args.histories))
    args.file = find_history(args.file, args.histories)

    reader = open_history(args.file)
    rows: list[dict[str, Any]] = []
    last = None
    starting: tuple[int, ...] | None = None
    for deal in iter_deals(reader, keep_states=False):
        starting = deal.starting_stacks
        rows.append(
            {
                "deal": deal.number,
                "button": deal.dealer,
                "game": getattr(deal.after, "game", "") or None,  # dealer's choice: the deal's game
                "pots": [{"pot": p.label, "amount": p.amount, "winners": dict(p.shares)} for p in deal.pots],
                "carried_pot": deal.carried,
                "stacks": deal.stacks_after,
                "finished": deal.finished,
            }
        )
        last = deal.after
    table = standings(last, starting) if last is not None and starting is not None else []
    if args.json:
        print(
            json.dumps(
                {
                    "file": args.file,
                    "game": reader.game,
                    "deals": rows,
                    "standings": [{"name": n, "stack": s, "rebuys": r, "net": net} for n, s, r, net in table],
                    "torn_last_line": reader.torn.line if reader.torn else None,
                },
                indent=2,
                ensure_ascii=False,
            )
        )
    else:
        for row in rows:
            if row["pots"]:
                pots = "; ".join(
                    f"{p['pot']} {p['amount']}: " + ", ".join(f"{w} {c}" for w, c in p["winners"].items())
                    for p in row["pots"]
                )
            elif row["carried_pot"]:
                pots = f"checked through: {row['carried_pot']} carried to the next deal"
            else:
                pots = "unfinished" if not row["finished"] else "-"
            stacks = ", ".join(f"{n} {s}" for n, s in row["stacks"].items())
            game = f"{row['game']}: " if row["game"] else ""
            print(f"deal {row['deal']:>4}  button {row['button'] or '-':<10} {game}{pots}  |  {stacks}")
        if table:
            print("\nStandings (net of rebuys):")
            for name, stack, rebought, net in table:
                extra = f", rebuys {rebought}" if rebought else ""
                print(f"  {name:<12} {stack:>6} chips  {net:>+6}{extra}")
        if not rows:
            print("No deals yet.")
    if reader.torn:
        print(
            f"{args.file}:{reader.torn.line}: the last line was cut off (a crash mid-write) and is ignored",
            file=sys.stderr,
        )
    return 0
