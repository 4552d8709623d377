"""Measure who the table asks to show first, against docs/rules.md 2.4 and 3.

    python bench/showdown_order.py [--deals N] [--seed S]

Random deals (six seats with random stacks, so that players go all in and
side pots form; random legal actions by ``random_bot``) are played under
Mørkpoker, no-limit draw and deuce-to-seven triple draw until N deals have
reached a showdown with a side pot. For each, the first player of the
engine's showdown order (the ``ShowdownStarted`` event) is compared with
the first player the rules name, read independently from the deal's
events: the last player to bet or raise in the last betting round; if that
round had no bet, round 1's opener; if that player is out (or there is
none), the next player still in clockwise from them (from the button when
there is no opener or the house starts round 2 left of the button). Then
clockwise: the whole order is compared too.

Prints, per ruleset and in all, the showdowns with side pots and how many of
them asked a different player to show first (and a different order). A
measurement, not a speed test: the figure before and after a change is
what matters (issue 24: "in 1,177 of 12,000 random deals with side pots the
table asked a different player to show first").
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from drawpoker.engine.pots import build_pots
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.games.draw import commands as cmd
from drawpoker.games.draw import events as ev
from drawpoker.games.draw.bots import random_bot
from drawpoker.games.draw.decide import DrawGame
from drawpoker.rules import DrawRules, load_rules

RULESETS = ("morkpoker", "no-limit-draw", "deuce-to-seven-triple-draw")


def expected_order(
    events: list[Any], rules: DrawRules, seats: int, in_deal: list[bool], folded: list[bool]
) -> list[int]:
    """The showdown order docs/rules.md 2.4 and 3 give, from the deal's events."""
    button = next(e.button for e in events if isinstance(e, ev.DealStarted))
    opener: int | None = None
    last: int | None = None
    round_no = 0
    for e in events:
        if isinstance(e, ev.RoundStarted):
            round_no, last = e.round, None
        elif isinstance(e, ev.BetPlaced):
            last = e.seat
            if round_no == 1 and opener is None:
                opener = e.seat
        elif isinstance(e, ev.Raised):
            last = e.seat
    first = last if last is not None else opener
    still = [s for s in range(seats) if in_deal[s] and not folded[s]]
    if first is None or first not in still:
        start = button if first is None or rules.betting.round_two_starter == "left_of_button" else first
        first = next(s for s in ((start + k) % seats for k in range(1, seats + 1)) if s in still)
    return [s for s in ((first + k) % seats for k in range(seats)) if s in still]


def measure(name: str, wanted: int, rng: random.Random) -> tuple[int, int, int, int]:
    """(deals played, showdowns with side pots, first shower differs, order differs)."""
    rules = load_rules(name)
    if not isinstance(rules, DrawRules):
        raise ValueError(f"{name} is not a draw game")
    game = DrawGame(rules)
    shuffler = RandomShuffler(rng.randrange(1 << 30), jokers=rules.deck.jokers)
    played = side = first_differs = order_differs = 0
    while side < wanted:
        state = game.new_state()
        stacks = tuple(rng.choice((1, 2, 3, 5, 8, 13, 21, 40)) for _ in range(6))
        game.handle(state, cmd.SitDown(tuple(f"P{i}" for i in range(6)), stacks, rng.randrange(6)))
        deal: list[Any] = list(game.handle(state, cmd.StartDeal(*shuffler.shuffle())))
        played += 1
        while not any(isinstance(e, (ev.DealEnded, ev.ShowdownStarted)) for e in deal):
            deal += game.handle(state, random_bot(game, state, rng))
        shown = next((e for e in deal if isinstance(e, ev.ShowdownStarted)), None)
        if shown is None:
            continue
        if len(build_pots(state.committed, state.out_of_pots(), state.carried)) < 2:
            continue
        side += 1
        want = expected_order(deal, rules, len(stacks), state.in_deal, state.folded)
        first_differs += shown.order[0] != want[0]
        order_differs += list(shown.order) != want
    return played, side, first_differs, order_differs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=12_000, help="showdowns with a side pot to look at, in all")
    parser.add_argument("--seed", type=int, default=24)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    totals = [0, 0, 0, 0]
    print(f"{'ruleset':28} {'deals':>7} {'side pots':>10} {'first differs':>14} {'order differs':>14}")
    for i, name in enumerate(RULESETS):
        share = args.deals // len(RULESETS) + (1 if i < args.deals % len(RULESETS) else 0)
        row = measure(name, share, rng)
        totals = [t + r for t, r in zip(totals, row, strict=True)]
        print(f"{name:28} {row[0]:7} {row[1]:10} {row[2]:14} {row[3]:14}")
    print(f"{'in all':28} {totals[0]:7} {totals[1]:10} {totals[2]:14} {totals[3]:14}")


if __name__ == "__main__":
    main()
