"""``drawpoker history FILE [--json]``: the deals of a session, their seals and the standings.

The deals are printed as they are read (a history of any length takes
the same memory); every line's chain code is checked on the way, so a
damaged or edited line stops the listing there with "not verified".
"""

from __future__ import annotations

import argparse
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


def _row(deal: Any) -> dict[str, Any]:
    return {
        "deal": deal.number,
        "button": deal.dealer,
        "game": getattr(deal.after, "game", "") or None,  # dealer's choice: the deal's game
        "pots": [{"pot": p.label, "amount": p.amount, "winners": dict(p.shares)} for p in deal.pots],
        "carried_pot": deal.carried,
        "stacks": deal.stacks_after,
        "finished": deal.finished,
        "seal": deal.seal,
    }


def _text_row(row: dict[str, Any]) -> str:
    if row["pots"]:
        pots = "; ".join(
            f"{p['pot']} {p['amount']}: " + ", ".join(f"{w} {c}" for w, c in p["winners"].items()) for p in row["pots"]
        )
    elif row["carried_pot"]:
        pots = f"checked through: {row['carried_pot']} carried to the next deal"
    else:
        pots = "unfinished" if not row["finished"] else "-"
    stacks = ", ".join(f"{n} {s}" for n, s in row["stacks"].items())
    seal = f"  |  seal {row['seal']}" if row["seal"] else ""
    game = f"{row['game']}: " if row["game"] else ""
    return f"deal {row['deal']:>4}  button {row['button'] or '-':<10} {game}{pots}  |  {stacks}{seal}"


def run(args: argparse.Namespace) -> int:
    """List every deal as it is read, then the standings net of rebuys and the seal."""
    import sys

    from drawpoker.cli.sessions import find_history, histories_folder, list_sessions
    from drawpoker.history.deals import iter_deals, standings
    from drawpoker.history.format import seal_text
    from drawpoker.history.reader import open_history
    from drawpoker.terminal import emit, json_text

    if args.file is None:
        return list_sessions(histories_folder(args.histories))
    args.file = find_history(args.file, args.histories)

    reader = open_history(args.file)
    out = sys.stdout
    last = None
    starting: tuple[int, ...] | None = None
    count = 0
    if args.json:
        out.write("{\n" + f'  "file": {json_text(args.file)},\n  "game": {json_text(reader.game)},\n  "deals": [')
    for deal in iter_deals(reader, keep_states=False):
        starting = deal.starting_stacks
        row = _row(deal)
        if args.json:
            out.write(("," if count else "") + "\n    " + json_text(row, indent=None))
        else:
            emit(_text_row(row))
        count += 1
        last = deal.after
    table = standings(last, starting) if last is not None and starting is not None else []
    seal = seal_text(reader.code) if reader.sealed else None
    if args.json:
        rest = {
            "standings": [{"name": n, "stack": s, "rebuys": r, "net": net} for n, s, r, net in table],
            "sealed": reader.sealed,
            "seal": seal,
            "torn_last_line": reader.torn.line if reader.torn else None,
        }
        tail = json_text(rest)[1:]  # the members after "deals"
        out.write(("\n  ]," if count else "],") + tail + "\n")
    else:
        if table:
            emit("\nStandings (net of rebuys):")
            for name, stack, rebought, net in table:
                extra = f", rebuys {rebought}" if rebought else ""
                emit(f"  {name:<12} {stack:>6} chips  {net:>+6}{extra}")
        if not count:
            emit("No deals yet.")
        if seal is not None:
            emit(f"\nSeal of the whole history: {seal} (every line's chain checked)")
        else:
            emit("\nUnsealed: this history was written before seals existed (format 1); its lines carry checksums only")
    if reader.torn:
        emit(
            f"{args.file}:{reader.torn.line}: the last line was cut off (a crash mid-write) and is ignored",
            file=sys.stderr,
        )
    return 0
