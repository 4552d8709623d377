"""Time five-card evaluation with jokers, wild cards and lowball, side by side.

    python bench/eval_wild.py [--repeat N]

Every five-card hand of each deck goes through the ranking's table-driven
``strength`` (issue 11: a joker as the bug, a wild joker, deuces wild,
ace-to-five with the joker, deuce-to-seven), and the plain evaluator of
:mod:`drawpoker.hands` runs in the same loop against treys'
``Evaluator.evaluate`` and pokerkit's ``StandardHighHand`` (when they are
installed; pokerkit on every 10th hand, it is slow), on hand lists built
before any timer starts. Times are CPU time (time.process_time), the runs
interleaved; each rate is given as the range over the runs, and the ratios
to treys and pokerkit from the same runs. Target: the joker and deuces-wild
rankings above 1 M hands/s, the plain evaluator no slower than before.
"""

from __future__ import annotations

import argparse
import gc
import time
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TypedDict

from drawpoker.cards import DECK, Card, deck_of
from drawpoker.hands import strength
from drawpoker.ranking import ranking_for


class Settings(TypedDict, total=False):
    """The arguments of :func:`~drawpoker.ranking.ranking_for` a ranking below is built with."""

    order: str
    jokers: int
    joker: str
    wild_ranks: tuple[int, ...]


RANKINGS: dict[str, Settings] = {
    "bug (1 joker)": {"jokers": 1, "joker": "bug"},
    "wild joker (1 joker)": {"jokers": 1, "joker": "wild"},
    "two wild jokers": {"jokers": 2, "joker": "wild"},
    "deuces wild": {"wild_ranks": (2,)},
    "ace-to-five + joker": {"order": "ace_to_five", "jokers": 1, "joker": "bug"},
    "deuce-to-seven": {"order": "deuce_to_seven"},
}


def cpu_time(fn: Callable[[], object]) -> float:
    gc.collect()
    gc.disable()
    try:
        start = time.process_time()
        fn()
        return time.process_time() - start
    finally:
        gc.enable()


def loop(evaluate: Callable[[Sequence[Card]], int], hands: Sequence[Sequence[Card]]) -> Callable[[], None]:
    def run() -> None:
        e = evaluate
        for h in hands:
            e(h)

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per evaluator (the range is printed)")
    parser.add_argument("--pokerkit-sample", type=int, default=260_000, help="hands for pokerkit (it is slow)")
    args = parser.parse_args()

    t0 = time.process_time()
    decks = {n: list(combinations(deck_of(n), 5)) for n in (0, 1, 2)}
    runners: dict[str, tuple[Callable[[], None], int]] = {}
    runners["drawpoker plain strength"] = (loop(strength, decks[0]), len(decks[0]))
    for name, settings in RANKINGS.items():
        t = time.process_time()
        ranking = ranking_for(**settings)
        built = time.process_time() - t
        hands = decks[ranking.jokers]
        runners[f"{name}"] = (loop(ranking.strength, hands), len(hands))
        print(f"{name}: tables built in {built:.2f} s")
    try:
        from treys import Card as TreysCard
        from treys import Evaluator
    except ImportError:
        print("treys not installed: pip install treys")
    else:
        tdeck = {c: TreysCard.new(str(c)) for c in DECK}
        thands = [[tdeck[c] for c in h] for h in decks[0]]
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
        step = max(1, len(decks[0]) // args.pokerkit_sample)
        pkhands = [tuple(pkdeck[c] for c in h) for h in decks[0][::step]]

        def run_pokerkit() -> None:
            for h in pkhands:
                StandardHighHand(h)

        runners["pokerkit StandardHighHand"] = (run_pokerkit, len(pkhands))
    print(f"hand lists built in {time.process_time() - t0:.1f} s\n")

    rates: dict[str, list[float]] = {name: [] for name in runners}
    for _ in range(args.repeat):
        for name, (fn, n) in runners.items():  # interleaved, so drift hits all alike
            rates[name].append(n / cpu_time(fn))

    print(f"{'evaluator':28} {'hands':>10} {'M hands/s (min-max)':>22}")
    for name, (_fn, n) in runners.items():
        r = rates[name]
        print(f"{name:28} {n:>10,} {min(r) / 1e6:>10.2f} - {max(r) / 1e6:.2f}")
    plain = rates["drawpoker plain strength"]
    for peer in ("treys Evaluator.evaluate", "pokerkit StandardHighHand"):
        if peer in rates:
            ratios = [a / b for a, b in zip(plain, rates[peer], strict=True)]
            print(f"ratio plain drawpoker / {peer.split()[0]}: {min(ratios):.2f}x - {max(ratios):.2f}x")
    for name in RANKINGS:
        ratios = [a / b for a, b in zip(rates[name], plain, strict=True)]
        print(f"ratio {name} / plain: {min(ratios):.2f} - {max(ratios):.2f}")


if __name__ == "__main__":
    main()
