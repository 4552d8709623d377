"""``simulate`` for every shipped draw variant, in deals per CPU second.

    python bench/variants.py [--deals N] [--repeat R] [--players P]

Each variant plays whole sessions with sensible computer players (the same
seeds for every variant), events produced as ``drawpoker simulate`` makes
them; the ranking tables are built before timing. Mørkpoker is timed in the
same run and each variant is also given as a ratio to it, so a busy machine
moves every figure alike. The median and the range over the runs are
reported.
"""

from __future__ import annotations

import argparse
import statistics
import time

from drawpoker.ranking import ranking_for_deck
from drawpoker.rules import DrawRules, load_rules
from drawpoker.session.simulate import simulate

VARIANTS = (
    "morkpoker",
    "jackpots",
    "jackpots-progressive",
    "california-draw",
    "deuces-wild",
    "ace-to-five-lowball",
    "deuce-to-seven-single-draw",
    "deuce-to-seven-triple-draw",
)


def deals_per_second(name: str, deals: int, players: int, seed: int) -> float:
    """One timed run of ``simulate`` (CPU time)."""
    rules = load_rules(name)
    start = time.process_time()
    result = simulate(rules, players, deals, seed, strategies=("sensible",))
    return result.deals / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--players", type=int, default=6)
    args = parser.parse_args()
    for name in VARIANTS:
        rules = load_rules(name)
        if not isinstance(rules, DrawRules):
            raise ValueError(f"{name} is not a draw game")
        ranking_for_deck(rules.deck, rules.showdown.ranking)  # tables built once, outside the timing
    runs: dict[str, list[float]] = {name: [] for name in VARIANTS}
    for run in range(args.repeat):
        for name in VARIANTS:  # interleaved: every variant sees the same machine
            runs[name].append(deals_per_second(name, args.deals, args.players, seed=run))
    base = statistics.median(runs["morkpoker"])
    print(f"simulate, {args.players} sensible players, {args.deals} deals x {args.repeat} runs (deals per CPU second)")
    for name in VARIANTS:
        r = runs[name]
        print(
            f"  {name:28} median {statistics.median(r):7.0f}  range {min(r):6.0f}-{max(r):6.0f}"
            f"  ({statistics.median(r) / base:.2f} x Mørkpoker)"
        )


if __name__ == "__main__":
    main()
