"""Time the evaluation of all 2,598,960 five-card hands, side by side.

    python bench/eval5.py [--repeat N]

drawpoker's ``strength`` against treys' public ``Evaluator.evaluate`` and
pokerkit's ``StandardHighHand``, when they are installed (see
bench/README.md), on the same hand list built before any timer starts. The
machine is noisy: the runs are interleaved and the median is reported, and
the ratio drawpoker/treys is the number to quote.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
from collections.abc import Callable
from itertools import combinations

from drawpoker.cards import DECK
from drawpoker.hands import strength

HANDS = 2_598_960


def time_once(fn: Callable[[], object]) -> float:
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        fn()
        return time.perf_counter() - start
    finally:
        gc.enable()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per library (median reported)")
    parser.add_argument(
        "--pokerkit-sample",
        type=int,
        default=260_000,
        help="pokerkit is slow: time it on this many hands (every 10th by default)",
    )
    args = parser.parse_args()

    t0 = time.perf_counter()
    hands = list(combinations(DECK, 5))
    print(f"built {len(hands):,} hands in {time.perf_counter() - t0:.2f} s")

    runners: dict[str, tuple[Callable[[], object], int]] = {}

    def run_drawpoker() -> None:
        s = strength
        for h in hands:
            s(h)

    runners["drawpoker strength"] = (run_drawpoker, len(hands))

    try:
        from treys import Card as TreysCard
        from treys import Evaluator
    except ImportError:
        print("treys not installed: pip install treys")
    else:
        tdeck = {c: TreysCard.new(str(c)) for c in DECK}
        thands = [[tdeck[c] for c in h] for h in hands]
        evaluator = Evaluator()

        def run_treys() -> None:
            e = evaluator.evaluate
            board: list[int] = []
            for h in thands:
                e(h, board)

        runners["treys Evaluator.evaluate"] = (run_treys, len(thands))

    try:
        from pokerkit import Card as PKCard
        from pokerkit import StandardHighHand
    except ImportError:
        print("pokerkit not installed: pip install pokerkit")
    else:
        pkdeck = {c: next(iter(PKCard.parse(str(c)))) for c in DECK}
        step = max(1, len(hands) // args.pokerkit_sample)
        pkhands = [tuple(pkdeck[c] for c in h) for h in hands[::step]]

        def run_pokerkit() -> None:
            for h in pkhands:
                StandardHighHand(h)

        runners["pokerkit StandardHighHand"] = (run_pokerkit, len(pkhands))

    times: dict[str, list[float]] = {name: [] for name in runners}
    for _ in range(args.repeat):
        for name, (fn, _n) in runners.items():  # interleaved, so drift hits all alike
            times[name].append(time_once(fn))

    rates = {}
    print(f"\n{'library':28} {'hands':>10} {'median s':>9} {'M hands/s':>10}")
    for name, (_fn, n) in runners.items():
        med = statistics.median(times[name])
        rates[name] = n / med
        print(f"{name:28} {n:>10,} {med:>9.3f} {rates[name] / 1e6:>10.2f}")
    ours = rates["drawpoker strength"]
    for name, rate in rates.items():
        if name != "drawpoker strength":
            print(f"ratio drawpoker / {name.split()[0]}: {ours / rate:.2f}x")


if __name__ == "__main__":
    main()
