"""pokerkit 0.7.7 playing fixed-limit five-card draw with antes: a speed peer.

    .venv/bin/python bench/peers/pokerkit_draw.py [--hands N] [--players P] [--seed S]

pokerkit has no ready-made five-card draw high, so each hand is a
``pokerkit.State`` built directly, as /work/shared/PEERS.md describes:
automations for everything but the players' decisions (ante posting, bet
collection, blind or straddle posting, card burning, hole dealing, board
dealing, hole-card showing or mucking, hand killing, chips pushing, chips
pulling); ``Deck.STANDARD``; hand types ``(StandardHighHand,)``;
``BettingStructure.FIXED_LIMIT``; ante trimming on; antes 1; no blinds; no
bring-in; stacks 40 for every player at the start of every hand; two
streets, neither burning a card:

1. five hole cards dealt face down, no board, no draw, ``Opening.POSITION``,
   bet 1, at most 5 completions/bets/raises;
2. a draw (``draw_status=True``), then betting with bet 2, at most 5.

Every hand is independent (fresh stacks, fresh shuffle). Each player decision
is drawn from ``random.Random(seed)`` among the legal ones:

* facing a bet: fold ``FOLD_P``, raise ``RAISE_P`` when a raise is legal,
  otherwise call (pokerkit's default tournament mode makes ``can_fold()``
  false when checking is free, so nobody folds for nothing);
* not facing a bet: bet ``BET_P`` when legal, otherwise check;
* on the draw: ``stand_pat_or_discard`` with 0-3 (uniform) random cards
  from that player's hole cards.

``decisions`` counts both kinds: betting decisions (fold, check/call,
bet/raise; about 17.5 a hand with 6 players, the figure PEERS.md quotes) and
draw decisions (about 4.8 a hand), about 22.4 in all.

With stacks 40 nobody can go all-in (at most 1 + 5 + 10 chips go in a hand).
Above 8 players the 52 cards run out on the draw and pokerkit reshuffles the
discards, warning ``Returning reserved (mucked, etc.) cards as dealable``.

pokerkit shuffles with the global ``random`` module; ``play_pokerkit_hands``
seeds it with ``seed`` for the run and restores its state afterwards, so a
run is reproducible.

What is timed (``seconds``): one ``time.process_time`` (CPU) interval around the
loop over the hands only -- for each hand, building the ``State`` (shuffle,
automated antes, bet collection and deal), every player decision with its
random choice, the automated draw replacement, showdown, pushing and pulling
of chips, plus a cheap end-of-hand check (hand over, chips conserved). Not
timed: the import of pokerkit, building the ``Street``/automation tuples,
seeding the generators.

Where pokerkit's rules differ from Mørkpoker's (so its hands are a speed
reference only, not a rules reference): it never lifts the raise cap
heads-up, has no half-bet reopen rule, opens round 2 by position rather than
with round 1's opener, goes on to the draw when round 1 is checked through,
and gives an odd chip by lowest player index.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from pokerkit import (
    Automation,
    BettingStructure,
    Deck,
    Opening,
    StandardHighHand,
    State,
    Street,
)

ANTE = 1
SMALL_BET = 1
BIG_BET = 2
MAX_RAISES = 5
STARTING_STACK = 40

FOLD_P = 0.18
"""Chance to fold when facing a bet (and folding is legal)."""
RAISE_P = 0.25
"""Chance to raise when facing a bet and a raise is legal."""
BET_P = 0.25
"""Chance to open the betting when nothing is to call and a bet is legal."""
MAX_DISCARD = 3

MAX_DECISIONS_PER_HAND = 1_000
"""Far above any legal hand (6 players, two capped rounds, one draw)."""

AUTOMATIONS: tuple[Automation, ...] = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)

STREETS: tuple[Street, ...] = (
    Street(
        False,  # no card burning
        (False,) * 5,  # five hole cards, face down
        0,  # no board
        False,  # no draw
        Opening.POSITION,
        SMALL_BET,
        MAX_RAISES,
    ),
    Street(
        False,  # no card burning
        (),  # the draw replaces the discards; nothing else is dealt
        0,
        True,  # draw before betting
        Opening.POSITION,
        BIG_BET,
        MAX_RAISES,
    ),
)


def new_state(players: int) -> State:
    """A fresh, already-dealt hand of fixed-limit five-card draw with antes."""
    return State(
        AUTOMATIONS,
        Deck.STANDARD,
        (StandardHighHand,),
        STREETS,
        BettingStructure.FIXED_LIMIT,
        True,  # ante trimming
        ANTE,  # antes
        0,  # no blinds or straddles
        0,  # no bring-in
        STARTING_STACK,  # starting stacks
        players,
    )


def play_hand(state: State, rng: random.Random) -> tuple[int, int]:
    """Play ``state`` to the end with random legal decisions.

    Returns the number of betting decisions (fold, check/call,
    bet/raise) and of draw decisions (stand pat or discard).
    """
    decisions = 0
    draws = 0
    rand = rng.random
    while state.status:
        if decisions >= MAX_DECISIONS_PER_HAND:
            raise RuntimeError(f"hand not over after {decisions} decisions: {state.operations[-5:]!r}")
        drawer = state.stand_patter_or_discarder_index
        if drawer is not None:
            hole = state.hole_cards[drawer]
            state.stand_pat_or_discard(rng.sample(hole, rng.randint(0, MAX_DISCARD)))
            draws += 1
        elif state.actor_index is not None:
            to_call = state.checking_or_calling_amount
            if to_call:  # facing a bet
                if state.can_fold() and rand() < FOLD_P:
                    state.fold()
                elif state.can_complete_bet_or_raise_to() and rand() < RAISE_P:
                    state.complete_bet_or_raise_to()
                else:
                    state.check_or_call()
            elif state.can_complete_bet_or_raise_to() and rand() < BET_P:
                state.complete_bet_or_raise_to()
            else:
                state.check_or_call()
        else:
            raise RuntimeError(
                "hand still running but nobody is to act or draw (an automation is missing?): "
                f"{state.operations[-5:]!r}"
            )
        decisions += 1
    return decisions - draws, draws


def play_pokerkit_hands(hands: int, players: int = 6, seed: int = 0) -> dict[str, Any]:
    """Play ``hands`` independent random hands in pokerkit and time them.

    Returns ``hands``, ``players``, ``seed``, ``decisions`` (all player
    decisions: ``betting_decisions`` -- fold, check/call, bet/raise -- plus
    ``draw_decisions`` -- stand pat or discard), ``decisions_per_hand``,
    ``betting_decisions_per_hand``, ``seconds`` (CPU time around the play
    loop only) and ``hands_per_second``.
    """
    if hands < 0:
        raise ValueError(f"hands must be non-negative, not {hands}")
    if players < 2:
        raise ValueError(f"pokerkit needs at least 2 players, not {players}")
    rng = random.Random(seed)
    total_chips = players * STARTING_STACK
    saved_global = random.getstate()
    random.seed(seed)  # pokerkit's shuffle uses the global generator
    try:
        betting = draws = 0
        start = time.process_time()
        for _ in range(hands):
            state = new_state(players)
            hand_betting, hand_draws = play_hand(state, rng)
            betting += hand_betting
            draws += hand_draws
            if state.status or sum(state.stacks) != total_chips:
                raise RuntimeError(f"hand ended badly: stacks {state.stacks}, status {state.status}")
        seconds = time.process_time() - start
    finally:
        random.setstate(saved_global)
    return {
        "hands": hands,
        "players": players,
        "seed": seed,
        "decisions": betting + draws,
        "betting_decisions": betting,
        "draw_decisions": draws,
        "decisions_per_hand": (betting + draws) / hands if hands else 0.0,
        "betting_decisions_per_hand": betting / hands if hands else 0.0,
        "seconds": seconds,
        "hands_per_second": hands / seconds if seconds > 0 else float("inf"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2_000)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    result = play_pokerkit_hands(args.hands, args.players, args.seed)
    print(
        f"pokerkit fixed-limit five-card draw, {result['players']} players: "
        f"{result['hands']:,} hands in {result['seconds']:.2f} s = "
        f"{result['hands_per_second']:,.0f} hands/s, "
        f"{result['decisions_per_hand']:.2f} decisions a hand "
        f"({result['betting_decisions_per_hand']:.2f} betting + "
        f"{result['draw_decisions'] / max(result['hands'], 1):.2f} draw)"
    )


if __name__ == "__main__":
    main()
