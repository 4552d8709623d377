"""A long simulated Three Card Poker session against the exact expectation.

    python bench/tcp_session.py [--rounds N] [--players N] [--side-bets] [--seed S]

Bots bet 1 on the ante (and, with ``--side-bets``, 1 on every side bet the
ruleset offers) and play the optimal strategy; the ruleset is played
against an unlimited house bank so that nobody runs dry. Reported: the
average result per round per player with its standard error (from the
per-round averages, which are independent), ``analyze``'s exact
expectation next to it, whether they agree within 3 standard errors, and
the speed in rounds per second.
"""

from __future__ import annotations

import argparse
import math
import random
import time

import attrs

from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.errors import RulesError
from drawpoker.games.three_card import events as ev
from drawpoker.games.three_card.analysis import analyze
from drawpoker.games.three_card.bots import BotPolicy, bot_command
from drawpoker.games.three_card.game import ThreeCardPoker
from drawpoker.games.three_card.paytables import paytable_spec
from drawpoker.rules import ThreeCardRules, load_rules
from drawpoker.terminal import visible


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ruleset", nargs="?", default="three-card-poker")
    parser.add_argument("--rounds", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--side-bets", action="store_true", help="also bet 1 on every side bet offered")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    try:
        base = load_rules(args.ruleset)
    except RulesError as exc:
        parser.error(visible(str(exc)))
    if not isinstance(base, ThreeCardRules):
        parser.error(visible(f"{args.ruleset} is not a Three Card Poker ruleset: this bench plays Three Card Poker"))
    rules = attrs.evolve(
        base,
        dealer=attrs.evolve(base.dealer, mode="house_bank", bank=None),
        session=attrs.evolve(base.session, deals=args.rounds),
    )
    game = ThreeCardPoker(rules)
    side = 1 if args.side_bets else 0
    policy = BotPolicy(ante=1, pair_plus=side, prime=side, six_card=side)
    exact_analysis = analyze(paytable_spec(rules))
    per_player = exact_analysis.bank_result_per_round(
        1,
        ante=1,
        pair_plus_bet=side if rules.pair_plus.enabled else 0,
        prime_bet=side if rules.prime.enabled else 0,
        six_card_bet=side if rules.six_card_bonus.enabled else 0,
    )
    expected = -float(per_player)

    state = game.new_state()
    names = tuple(f"P{i + 1}" for i in range(args.players))
    game.handle(state, game.sit_down(names, (10**12,) * args.players, 0))
    shuffler, rng = RandomShuffler(args.seed), random.Random(args.seed)
    handle = game.handle
    total = total_sq = 0.0
    rounds = 0
    start = time.perf_counter()
    while state.phase != "session_over":
        if state.phase == "between_deals":
            new = handle(state, game.start_deal(*shuffler.shuffle()))
        else:
            new = handle(state, bot_command(game, state, rng, policy))
        last = (
            new[-1]
            if new[-1].__class__ is ev.RoundClosed
            else (new[-2] if len(new) > 1 and new[-2].__class__ is ev.RoundClosed else None)
        )
        if last is not None:
            x = -last.bank_net / args.players  # the players' average result this round
            total += x
            total_sq += x * x
            rounds += 1
    seconds = time.perf_counter() - start

    mean = total / rounds
    var = (total_sq - rounds * mean * mean) / (rounds - 1)
    se = math.sqrt(var / rounds)
    z = (mean - expected) / se
    bets = "ante 1" + (" and 1 on every side bet offered" if side else "")
    print(f"ruleset {args.ruleset}, {args.players} players, {bets}, optimal strategy, seed {args.seed}")
    print(f"{rounds:,} rounds in {seconds:.1f} s: {rounds / seconds:,.0f} rounds/s")
    print(f"simulated result per round per player: {mean:+.4f} chips, standard error {se:.4f}")
    print(f"exact expectation (analyze):           {expected:+.4f} chips")
    print(f"difference: {z:+.2f} standard errors: {'agree' if abs(z) < 3 else 'DISAGREE'} (within 3)")


if __name__ == "__main__":
    main()
