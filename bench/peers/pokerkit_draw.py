"""pokerkit 0.7.7 as fixed-limit five-card draw with antes: the speed peer's state.

pokerkit has no ready-made five-card draw high, so each deal is a
``pokerkit.State`` built directly, as /work/shared/PEERS.md describes:
automations for everything but the players' decisions (ante posting, bet
collection, blind or straddle posting, card burning, hole dealing, board
dealing, hole-card showing or mucking, hand killing, chips pushing, chips
pulling); ``Deck.STANDARD``; hand types ``(StandardHighHand,)``;
``BettingStructure.FIXED_LIMIT``; ante trimming on; antes 1; no blinds; no
bring-in; stacks 40 for every player at the start of every deal; two
streets, neither burning a card:

1. five hole cards dealt face down, no board, no draw, ``Opening.POSITION``,
   bet 1, at most 5 completions/bets/raises;
2. a draw (``draw_status=True``), then betting with bet 2, at most 5.

bench/simulate.py drives it (and pokerkit's two deuce-to-seven games) with
the same random policy as drawpoker, the plain way: ``actor_index``, else
``stand_patter_or_discarder_index``; ``checking_or_calling_amount`` and
``min_completion_betting_or_raising_to_amount``; no ``can_*`` re-checks. A
deal nobody opens stops at round 1's last check, where Mørkpoker passes it
out (pokerkit would go on to the draw).

With stacks 40 nobody can go all-in (at most 1 + 5 + 10 chips go in a deal).
Above 8 players the 52 cards run out on the draw and pokerkit reshuffles the
discards, warning ``Returning reserved (mucked, etc.) cards as dealable``.
pokerkit shuffles with the global ``random`` module (the driver seeds it).

Where pokerkit's rules differ from Mørkpoker's (so its deals are a speed
reference only, not a rules reference): it never lifts the raise cap
heads-up, has no half-bet reopen rule, opens round 2 by position rather than
with round 1's opener, goes on to the draw when round 1 is checked through,
and gives an odd chip by lowest player index.
"""

from __future__ import annotations

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
