"""Time the exact Three Card Poker analysis of a ruleset (target: under 10 s).

    python bench/analyze.py [RULESET] [--repeat N]

Each run starts cold (every cached table cleared), as a fresh
``drawpoker analyze`` does; the median is reported. Next to it, the
brute force the exact counting replaces — every player hand against every
dealer hand from the other 49 cards, 22,100 x 18,424 pairs — is timed on a
sample of player hands and extrapolated, so the ratio says what counting by
strength and card removal buys.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from itertools import combinations

from drawpoker.cards import DECK
from drawpoker.errors import RulesError
from drawpoker.games.three_card import analysis as tca
from drawpoker.games.three_card.hands import strength3
from drawpoker.games.three_card.paytables import paytable_spec
from drawpoker.rules import ThreeCardRules, load_rules
from drawpoker.terminal import visible

TARGET_SECONDS = 10.0


def cold_analyze(spec: tca.PaytableSpec) -> float:
    """Seconds for one analysis with every cache cleared."""
    for cached in (tca._tables, tca.category3_counts, tca.six_card_category_counts):
        cached.cache_clear()
    gc.collect()
    start = time.perf_counter()
    tca.analyze(spec)
    return time.perf_counter() - start


def brute_force_seconds(sample: int, seed: int = 1) -> float:
    """Seconds the pair-by-pair loop would take for all 22,100 player hands,
    extrapolated from ``sample`` random player hands."""
    rng = random.Random(seed)
    hands = rng.sample(list(combinations(DECK, 3)), sample)
    start = time.perf_counter()
    for hand in hands:
        rest = [c for c in DECK if c not in hand]
        mine = strength3(hand)
        wins = 0
        for dealer in combinations(rest, 3):
            wins += strength3(dealer) < mine
    return (time.perf_counter() - start) / sample * tca.PLAYER_HANDS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ruleset", nargs="?", default="three-card-poker", help="a Three Card Poker ruleset")
    parser.add_argument("--repeat", type=int, default=3, help="cold runs (median reported)")
    parser.add_argument("--brute-sample", type=int, default=20, help="player hands timed for the brute-force estimate")
    args = parser.parse_args()

    try:
        rules = load_rules(args.ruleset)
    except RulesError as exc:
        parser.error(visible(str(exc)))
    if not isinstance(rules, ThreeCardRules):
        parser.error(visible(f"{args.ruleset} is not a Three Card Poker ruleset: this bench times its exact analysis"))
    spec = paytable_spec(rules)
    times = [cold_analyze(spec) for _ in range(args.repeat)]
    median = statistics.median(times)
    brute = brute_force_seconds(args.brute_sample)
    print(
        f"ruleset {args.ruleset}: exact analysis, cold, median of {args.repeat}: {median:.3f} s "
        f"(runs: {', '.join(f'{t:.3f}' for t in times)})"
    )
    print(f"target under {TARGET_SECONDS:.0f} s: {'met' if median < TARGET_SECONDS else 'MISSED'}")
    print(
        f"brute force over 22,100 x 18,424 pairs (extrapolated from {args.brute_sample} hands; "
        f"ante/play only): {brute:,.0f} s"
    )
    print(f"ratio brute force / exact counting: {brute / median:,.0f}x")


if __name__ == "__main__":
    main()
