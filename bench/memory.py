"""Peak memory of a long simulation: it must stay constant (target < 150 MB).

python bench/memory.py [--hands 100000]
"""

from __future__ import annotations

import argparse
import resource
import time

from drawpoker.rules import load_rules
from drawpoker.session.simulate import simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    args = parser.parse_args()
    start = time.perf_counter()
    result = simulate(load_rules("morkpoker"), 6, args.hands, 1, ("random", "sensible"))
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"{result.deals:,} deals, {result.events:,} events in {time.perf_counter() - start:.1f} s; peak RSS "
        f"{rss:.0f} MB"
    )


if __name__ == "__main__":
    main()
