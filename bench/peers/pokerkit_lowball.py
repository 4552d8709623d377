"""pokerkit 0.7.7 playing no-limit deuce-to-seven single draw: a speed peer.

    .venv/bin/python bench/peers/pokerkit_lowball.py [--deals N] [--players P] [--seed S] [--repeat R]

pokerkit's own ``NoLimitDeuceToSevenLowballSingleDraw`` (PHH ``N2L1D``)
with automations for everything but the players' decisions (antes, bet
collection, blinds, the burn, hole dealing, showdown, hand killing, chips
pushing and pulling); blinds 1/2, no ante, a fresh stack of 200 for every
player at the start of every deal, six players.

The policy is tests/pokerkit_oracle.py's: facing a bet fold 20 %; bet or
raise 30 % when allowed, to pokerkit's smallest amount, its largest (all
in) twice as often, half way, a pot-sized amount or anything between, each
equally likely; otherwise check or call; on the draw throw 0-5 cards with
weights 4, 3, 3, 2, 1, 1. A drawpoker bench of the same game must use the
same policy, side by side in one run, and quote the ratio (the target is
drawpoker at least 10x pokerkit's deals per CPU-second).

Timed with ``time.process_time`` (CPU seconds) around the deals only:
building each ``State`` (shuffle, blinds, deal), every decision, the draw,
the showdown and the chips.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
import warnings
from typing import Any

from pokerkit import Automation, NoLimitDeuceToSevenLowballSingleDraw

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
BLINDS = (1, 2)
STACK = 200
FOLD_P, AGGRESSION_P = 0.2, 0.3
DISCARD_WEIGHTS = (4, 3, 3, 2, 1, 1)
DISCARD_CUM_WEIGHTS = tuple(itertools.accumulate(DISCARD_WEIGHTS))  # the same draws, summed once


def play_deal(players: int, rng: random.Random) -> int:
    """One random deal; returns the decisions made (betting and draw)."""
    state = NoLimitDeuceToSevenLowballSingleDraw.create_state(
        AUTOMATIONS, True, 0, BLINDS, BLINDS[1], (STACK,) * players, players
    )
    decisions = 0
    rand = rng.random
    while state.status:
        drawer = state.stand_patter_or_discarder_index
        if drawer is not None:
            hole = state.hole_cards[drawer]
            k = rng.choices(range(6), cum_weights=DISCARD_CUM_WEIGHTS)[0]
            state.stand_pat_or_discard(rng.sample(hole, k))
        elif state.actor_index is not None:
            r = rand()
            low = state.min_completion_betting_or_raising_to_amount
            if state.can_fold() and r < FOLD_P:
                state.fold()
            elif low is not None and r < FOLD_P + AGGRESSION_P:
                high = state.max_completion_betting_or_raising_to_amount
                assert high is not None
                pot = state.pot_completion_betting_or_raising_to_amount or low
                state.complete_bet_or_raise_to(
                    rng.choice((low, high, high, (low + high) // 2, max(low, min(high, pot)), rng.randint(low, high)))
                )
            else:
                state.check_or_call()
        else:
            raise RuntimeError(f"nobody to act: {state.operations[-3:]!r}")
        decisions += 1
    if sum(state.stacks) != STACK * players:
        raise RuntimeError(f"chips not conserved: {state.stacks}")
    return decisions


def play_pokerkit_deals(deals: int, players: int = 6, seed: int = 0) -> dict[str, Any]:
    """``deals`` independent random deals, timed in CPU seconds."""
    rng = random.Random(seed)
    # Six players throwing five cards can empty the stock; pokerkit then reshuffles and says so.
    warnings.filterwarnings("ignore", "Returning reserved", UserWarning)
    saved = random.getstate()
    random.seed(seed)  # pokerkit shuffles with the global generator
    try:
        decisions = 0
        start = time.process_time()
        for _ in range(deals):
            decisions += play_deal(players, rng)
        seconds = time.process_time() - start
    finally:
        random.setstate(saved)
    return {
        "deals": deals,
        "players": players,
        "decisions_per_deal": decisions / deals if deals else 0.0,
        "cpu_seconds": seconds,
        "deals_per_cpu_second": deals / seconds if seconds > 0 else float("inf"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2_000)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    runs = [play_pokerkit_deals(args.deals, args.players, args.seed + k) for k in range(args.repeat)]
    rates = [r["deals_per_cpu_second"] for r in runs]
    print(
        f"pokerkit N2L1D, {args.players} players, {args.deals:,} deals x {args.repeat}: "
        f"{statistics.median(rates):,.0f} deals per CPU-second (median; runs {', '.join(f'{x:,.0f}' for x in rates)}), "
        f"{runs[0]['decisions_per_deal']:.1f} decisions a deal"
    )


if __name__ == "__main__":
    main()
