"""Complete Mørkpoker hands (2, 3 and 6 players) with random legal actions, events
recorded, side by side with pokerkit playing its fixed-limit five-card draw.

    python bench/simulate.py [--hands N] [--repeat R]

Both engines play independent hands (fresh stacks of 40, a fresh shuffle)
with the same random policy: facing a bet fold 18 %, raise 25 % when
allowed, otherwise call; with nothing to call bet 25 %, otherwise check; on
the exchange 0-3 random cards. drawpoker's events are produced and kept for
the hand (then dropped, as a writer would after appending them). The two
run interleaved in CPU time (a busy neighbour does not decide the figure):
each run alternates ten slices of drawpoker's hands with ten of pokerkit's,
so a neighbour's bursts fall on both; each run's ratio is computed, the
median and the range over runs reported. Then no-limit deuce-to-seven
single draw (rulesets/deuce-to-seven-single-draw.yaml) against pokerkit's
NoLimitDeuceToSevenLowballSingleDraw the same way.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import os
import random
import statistics
import sys
import time
from collections.abc import Callable

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.games.draw import commands as cmd
from drawpoker.games.draw.decide import DrawGame
from drawpoker.games.draw.state import EXCHANGE, SHOWDOWN, DrawState
from drawpoker.rules import load_rules

FOLD_P, RAISE_P, BET_P = 0.18, 0.25, 0.25
SLICES = 10


def interleaved(
    ours: Callable[[int, int], dict], theirs: Callable[[int, int], dict], our_n: int, their_n: int, seed: int
) -> tuple[dict, dict]:
    """One run: ``our_n`` hands of drawpoker's and ``their_n`` of the peer's,
    played in ``SLICES`` alternating slices, each side's counts and CPU
    seconds summed (the rates are computed from the sums)."""
    totals: tuple[dict, dict] = ({}, {})
    for k in range(SLICES):
        for total, play, n in ((totals[0], ours, our_n), (totals[1], theirs, their_n)):
            gc.collect()
            row = play(n // SLICES, seed * 1000 + k)
            for key in ("hands", "deals", "decisions", "events", "seconds", "cpu_seconds"):
                if key in row:
                    total[key] = total.get(key, 0) + row[key]
    return totals


def play_drawpoker_hands(hands: int, players: int = 6, seed: int = 0) -> dict:
    """Independent hands on drawpoker's engine with the pokerkit bench's policy."""
    game = DrawGame(load_rules("morkpoker"))
    rng = random.Random(seed)
    shuffler = RandomShuffler(seed)
    names = tuple(f"P{i}" for i in range(players))
    stacks = (40,) * players
    decisions = events = 0
    to_call, handle = game.to_call, game.handle  # the cheap query beside the menu, as pokerkit's bench asks
    # Commands are values: the bots keep one of each per seat (pokerkit's driver makes none).
    show, fold, call, check, bet, raise_ = (
        tuple(kind(seat) for seat in range(players))
        for kind in (cmd.Show, cmd.Fold, cmd.Call, cmd.Check, cmd.Bet, cmd.Raise)
    )
    start = time.process_time()
    for h in range(hands):
        state = DrawState()
        log = handle(state, cmd.SitDown(names, stacks, h % players))
        deck, seed_ = shuffler.shuffle()
        log += handle(state, cmd.StartDeal(deck, seed_))
        while state.to_act is not None:
            seat = state.to_act
            if state.phase == EXCHANGE:
                hand = state.hands[seat]
                command = cmd.Exchange(seat, tuple(rng.sample(hand, rng.randint(0, 3))))
            elif state.phase == SHOWDOWN:
                command = show[seat]
            else:
                owed, word = to_call(state)
                r = rng.random()
                if owed > 0:
                    if r < FOLD_P:
                        command = fold[seat]
                    elif word == "raise" and r < FOLD_P + RAISE_P:
                        command = raise_[seat]
                    else:
                        command = call[seat]
                elif word == "bet" and r < BET_P:
                    command = bet[seat]
                elif word == "raise" and r < BET_P:
                    command = raise_[seat]
                else:
                    command = check[seat]
            log += handle(state, command)
            decisions += 1
        events += len(log)
    seconds = time.process_time() - start
    return {
        "hands": hands,
        "decisions": decisions,
        "events": events,
        "seconds": seconds,
        "hands_per_second": hands / seconds,
    }


LOWBALL_FOLD_P, LOWBALL_AGGRESSION_P = 0.2, 0.3
DISCARD_WEIGHTS = (4, 3, 3, 2, 1, 1)
DISCARD_CUM_WEIGHTS = tuple(itertools.accumulate(DISCARD_WEIGHTS))  # the same draws, summed once


def lowball_rules():
    """No-limit deuce-to-seven single draw as the pokerkit peer plays it: the
    shipped ruleset (rulesets/deuce-to-seven-single-draw.yaml: blinds 1/2, no
    ante, one exchange of up to five, the discards reshuffled when the stock
    runs out)."""
    return load_rules("deuce-to-seven-single-draw")


def play_drawpoker_lowball(deals: int, players: int = 6, seed: int = 0) -> dict:
    """``deals`` independent no-limit single-draw deals with the pokerkit peer's
    policy (tests/pokerkit_oracle.py's), timed in CPU seconds."""
    rules = lowball_rules()
    game = DrawGame(rules)
    rng = random.Random(seed)
    shuffler = RandomShuffler(seed)
    names = tuple(f"P{i}" for i in range(players))
    stacks = (200,) * players
    decisions = events = 0
    to_call, betting_choices, handle = game.to_call, game.betting_choices, game.handle
    show, fold, call, check = (
        tuple(kind(seat) for seat in range(players)) for kind in (cmd.Show, cmd.Fold, cmd.Call, cmd.Check)
    )
    rand, choice, randint, choices, sample = rng.random, rng.choice, rng.randint, rng.choices, rng.sample
    start = time.process_time()
    for h in range(deals):
        state = DrawState()
        log = handle(state, cmd.SitDown(names, stacks, h % players))
        log += handle(state, cmd.StartDeal(*shuffler.shuffle()))
        while state.to_act is not None:
            seat = state.to_act
            if state.phase == EXCHANGE:
                k = choices(range(6), cum_weights=DISCARD_CUM_WEIGHTS)[0]
                command = cmd.Exchange(seat, tuple(sample(state.hands[seat], k)))
            elif state.phase == SHOWDOWN:
                command = show[seat]
            else:
                owed, word = to_call(state)  # the cheap query; the amounts only when betting, as pokerkit's driver
                r = rand()
                if owed > 0 and r < LOWBALL_FOLD_P:
                    command = fold[seat]
                elif word is not None and r < LOWBALL_FOLD_P + LOWBALL_AGGRESSION_P:
                    ch = betting_choices(state)
                    low, high = ch.min_to, ch.max_to
                    to = choice(
                        (low, high, high, (low + high) // 2, max(low, min(high, ch.pot_to)), randint(low, high))
                    )
                    command = cmd.Bet(seat, to) if word == "bet" else cmd.Raise(seat, to)
                elif owed > 0:
                    command = call[seat]
                else:
                    command = check[seat]
            log += handle(state, command)
            decisions += 1
        events += len(log)
        if sum(state.stacks) != 200 * players:
            raise RuntimeError(f"chips not conserved: {state.stacks}")
    seconds = time.process_time() - start
    return {
        "deals": deals,
        "decisions": decisions,
        "events": events,
        "cpu_seconds": seconds,
        "deals_per_cpu_second": deals / seconds,
    }


def lowball(deals: int, repeat: int) -> None:
    """No-limit (deuce-to-seven) single draw, 6 players: drawpoker and pokerkit's
    own NoLimitDeuceToSevenLowballSingleDraw, interleaved, in CPU time."""
    try:
        from peers.pokerkit_lowball import play_pokerkit_deals
    except ImportError:
        play_pokerkit_deals = None
    ranking = getattr(lowball_rules().showdown, "ranking", "high")
    play_drawpoker_lowball(50, seed=99)  # warm up both (the ranking's tables are built once), untimed
    if play_pokerkit_deals is not None:
        play_pokerkit_deals(20, seed=99)
    ours, theirs = [], []
    for r in range(repeat):
        if play_pokerkit_deals is None:
            gc.collect()
            ours.append(play_drawpoker_lowball(deals, seed=r))
            continue
        mine, peer = interleaved(
            lambda n, seed: play_drawpoker_lowball(n, seed=seed),
            lambda n, seed: play_pokerkit_deals(n, seed=seed),
            deals,
            max(200, deals // 10),
            r,
        )
        ours.append(mine | {"deals_per_cpu_second": mine["deals"] / mine["cpu_seconds"]})
        theirs.append(peer | {"deals_per_cpu_second": peer["deals"] / peer["cpu_seconds"]})
    rate = [row["deals_per_cpu_second"] for row in ours]
    print()
    print(f"no-limit single draw, 6 players, blinds 1/2, stacks 200 (drawpoker's showdown.ranking: {ranking})")
    print(
        f"{'drawpoker':12} {statistics.median(rate):>9,.0f} deals/CPU-s  (runs {', '.join(f'{x:,.0f}' for x in rate)})"
    )
    if theirs:
        peer = [row["deals_per_cpu_second"] for row in theirs]
        ratios = [a / b for a, b in zip(rate, peer, strict=True)]
        runs = ", ".join(f"{x:,.0f}" for x in peer)
        print(f"{'pokerkit':12} {statistics.median(peer):>9,.0f} deals/CPU-s  (runs {runs})")
        print(
            f"ratio drawpoker / pokerkit N2L1D: {statistics.median(ratios):.1f}x "
            f"(range {min(ratios):.1f}x-{max(ratios):.1f}x over {repeat} runs)"
        )


def full_hands(hands: int, repeat: int, players: int) -> list[float]:
    """Fixed-limit five-card draw, ``players`` at the table: drawpoker and
    pokerkit interleaved, CPU time; the ratio of each run's hands per CPU second."""
    from peers.pokerkit_draw import play_pokerkit_hands

    play_drawpoker_hands(50, players, seed=99)  # warm up both (imports, tables), untimed
    play_pokerkit_hands(20, players, seed=99)
    ours, theirs = [], []
    for r in range(repeat):
        mine, peer_run = interleaved(
            lambda n, seed: play_drawpoker_hands(n, players, seed=seed),
            lambda n, seed: play_pokerkit_hands(n, players, seed=seed),
            hands,
            max(300, hands // 10),
            r,
        )
        ours.append(mine)
        theirs.append(peer_run)
    rate = [row["hands"] / row["seconds"] for row in ours]
    peer = [row["hands"] / row["seconds"] for row in theirs]
    ratios = [a / b for a, b in zip(rate, peer, strict=True)]
    print(
        f"{players} players  drawpoker {statistics.median(rate):>7,.0f} hands/CPU-s "
        f"({statistics.median(row['decisions'] for row in ours) / hands:.1f} decisions, "
        f"{statistics.median(row['events'] for row in ours) / hands:.1f} events a hand)  "
        f"pokerkit {statistics.median(peer):>5,.0f}  "
        f"ratio {statistics.median(ratios):.1f}x (range {min(ratios):.1f}x-{max(ratios):.1f}x over {repeat} runs)"
    )
    return ratios


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--players", default="2,3,6", help="table sizes, comma-separated")
    parser.add_argument("--lowball-deals", type=int, default=3000, help="no-limit single draw deals a run (0: skip)")
    args = parser.parse_args()
    try:
        import peers.pokerkit_draw  # noqa: F401
    except ImportError:
        print("pokerkit not installed: pip install pokerkit")
        sys.exit(1)
    print("fixed-limit five-card draw (Mørkpoker / pokerkit FixedLimitFiveCardDraw), CPU time")
    for players in (int(p) for p in args.players.split(",")):
        full_hands(args.hands, args.repeat, players)
    if args.lowball_deals:
        lowball(args.lowball_deals, args.repeat)


if __name__ == "__main__":
    main()
