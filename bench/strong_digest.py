"""A digest of the strong bot's decisions, to show that a change to it
leaves a set of rulesets' play move for move as it was.

    nice -n 10 .venv/bin/python bench/strong_digest.py --save digest.json   # on the code before
    nice -n 10 .venv/bin/python bench/strong_digest.py --check digest.json  # on the code after

Plays ``bench/bots.py``'s duplicate deck sets (strong against each
baseline and itself, heads-up and one against five, fixed seeds) and
hashes every command the strong seats give, in order, per ruleset: the
same digest means the same decisions.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bots import Table, _Parser, playable, positive, seeds_of

from drawpoker.bots.seat import SeatBot
from drawpoker.errors import DrawpokerError
from drawpoker.rules import load_rules

#: the rulesets whose strong play the openers' reading must leave alone
RULESETS = (
    "morkpoker",
    "deuces-wild",
    "ace-to-five-lowball",
    "deuce-to-seven-single-draw",
    "deuce-to-seven-triple-draw",
)
AGAINST = ("sensible", "random", "calling-station", "maniac", "rock", "strong")


def digest(ruleset: str, decks: int, seeds: Sequence[int]) -> tuple[str, int]:
    """The hash of every command the strong seats gave, and how many."""
    rules = load_rules(ruleset)
    h = hashlib.sha256()
    count = 0

    class Recording(SeatBot):
        """A seat that hashes the commands it gives when its strategy is strong."""

        def command(self, game: Any, state: Any, seat: int | None = None) -> Any:
            nonlocal count
            command = super().command(game, state, seat)
            if self.strategy.name == "strong":
                h.update(repr(command).encode())
                count += 1
            return command

    for seed in seeds:
        for against in AGAINST:
            for players, n in ((2, decks), (6, max(1, decks // 4))):
                table = Table(rules, "strong", against, players, seed, seat_bot=Recording)
                for index in range(n):
                    table.deck_set(index)
    return h.hexdigest(), count


def main(argv: Sequence[str] | None = None) -> int:
    parser = _Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rulesets", default=",".join(RULESETS), help="draw games' rulesets, comma-separated")
    parser.add_argument("--decks", type=positive, default=40)
    parser.add_argument("--seeds", default="1,2")
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--save", metavar="FILE")
    group.add_argument("--check", metavar="FILE")
    args = parser.parse_args(argv)
    try:
        seeds = seeds_of(args.seeds)
    except ValueError:
        parser.error(f"--seeds: {args.seeds!r} is not a list of different seeds (1,2 or 1-4)")
    rulesets = [r.strip() for r in args.rulesets.split(",") if r.strip()]
    if not rulesets:
        parser.error(f"--rulesets: nothing named in {args.rulesets!r}")
    if args.check and not os.path.isfile(args.check):  # before any play: the digests to check against are there
        parser.error(f"--check: {args.check} is not a file")
    try:  # before any play: a ruleset that does not load or is not a draw game
        for ruleset in rulesets:
            playable(ruleset, ("strong", *AGAINST), (2, 6))
    except DrawpokerError as exc:
        parser.error(str(exc))
    found = {}
    for ruleset in rulesets:
        found[ruleset] = digest(ruleset, args.decks, seeds)
        print(f"{ruleset:28} {found[ruleset][1]:7} decisions  {found[ruleset][0][:16]}", flush=True)
    if args.save:
        with open(args.save, "w", encoding="utf-8") as f:
            json.dump(found, f, indent=1)
        return 0
    with open(args.check, encoding="utf-8") as f:
        saved = {k: tuple(v) for k, v in json.load(f).items()}
    differ = [r for r in found if saved.get(r) != found[r]]
    print("identical" if not differ else "DIFFERENT: " + ", ".join(differ))
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
