"""drawpoker beside pokerkit, like with like: three draw games at 2, 3 and 6
players, drawpoker driven through ``to_call`` and through ``legal_actions``.

    python bench/simulate.py [--deals N] [--peer-deals M] [--repeat R] [--games draw,single,triple] [--players 2,3,6]

The games (drawpoker's ruleset / pokerkit 0.7.7):

* ``draw``: fixed-limit five-card draw with antes -- Mørkpoker
  (rulesets/morkpoker.yaml) / a ``pokerkit.State`` built as PEERS.md says
  (bench/peers/pokerkit_draw.py), stacks 40;
* ``single``: no-limit deuce-to-seven single draw, blinds 1/2 --
  rulesets/deuce-to-seven-single-draw.yaml / ``NoLimitDeuceToSevenLowballSingleDraw``,
  stacks 200;
* ``triple``: fixed-limit deuce-to-seven triple draw, blinds 1/2, bets 2/4
  -- rulesets/deuce-to-seven-triple-draw.yaml /
  ``FixedLimitDeuceToSevenLowballTripleDraw``, stacks 200.

Like with like:

* One random policy (:class:`Policy`), written once, decides for both
  engines from the same questions: what a call costs, whether a bet or raise
  is allowed and, only when it bets in no limit, the smallest and largest
  totals and a pot-sized one. Every deal is independent (fresh stacks, a
  fresh shuffle, a fresh seating).
* Both play the same game to the same points. Mørkpoker passes a deal out
  when round 1 is checked through (nobody opened: the antes carry); pokerkit
  would go on to the draw, so its driver stops the deal there too, at the
  last check of round 1. The output prints, for both sides, the deals passed
  out, the decisions a deal (betting, draw, and drawpoker's show: pokerkit
  shows automatically) and the deals that reach a showdown.
* Both drivers use only public entry points and make a fresh command per
  decision. drawpoker: ``game.new_state()``, ``game.handle(state,
  game.sit_down(names, stacks, button))`` with a fresh list of names and
  stacks every deal (so the seating is checked every deal, as pokerkit checks
  its ``State``'s arguments), ``game.start_deal(*shuffler.shuffle())``,
  ``cmd.Check(seat)``, ``cmd.Raise(seat, to)``... made at each decision;
  the player to act is ``state.to_act`` and the phase ``state.phase``
  (through the menu: the menu's own ``seat`` and ``phase``). pokerkit:
  ``actor_index``, else ``stand_patter_or_discarder_index``;
  ``checking_or_calling_amount`` and
  ``min_completion_betting_or_raising_to_amount`` (None where no bet or
  raise is legal) at every betting decision; the largest and the pot-sized
  amounts only when it bets in no limit; no ``can_*`` re-checks.
* Two ways of asking on drawpoker's side: ``to_call`` (the cheap query:
  what a call costs and "bet"/"raise"/None; ``betting_choices`` for the
  amounts only when betting in no limit, as pokerkit's driver asks its
  amounts) and ``legal_actions`` (the menu the Game protocol documents,
  asked at every decision, betting, exchange and showdown, as a third-party
  bot or front end asks it; the amounts from the menu).

CPU time (``time.process_time``). Each run alternates ``SLICES`` slices of
each of the three drivers (drawpoker through to_call, through the menu,
pokerkit), so a busy neighbour's bursts fall on all three; each run's ratios
are each driver's deals per CPU-second over pokerkit's in that run; the
median and the range over runs are printed, and a table of the 18 figures
against the targets (issue 29: at least 12x through to_call, 10x through the
menu). A run plays 10,000 deals each way on drawpoker and 2,000 on pokerkit
by default: a pokerkit deal's CPU time varies with its length (a fold in
round 1, or three exchanges and a showdown: heads-up triple draw's deals
have a coefficient of variation of 0.56), so the 300-400 pokerkit deals of
earlier figures gave each run's pokerkit rate a sampling error of about 3%
on top of the machine's noise; 2,000 make it about 1.3%.
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
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.games.draw import commands as cmd
from drawpoker.games.draw.decide import DrawGame
from drawpoker.games.draw.state import BETTING, EXCHANGE
from drawpoker.rules import DrawRules, load_rules

if TYPE_CHECKING:
    from pokerkit import State

SLICES = 10
FOLD, CALL, AGGRESS = 0, 1, 2  # the policy's answers: fold, check or call, bet or raise
TARGETS = {"to_call": 12.0, "menu": 10.0}  # issue 29
T = TypeVar("T")


@dataclass(frozen=True)
class Spec:
    """One game as both engines play it, with the policy's numbers."""

    key: str
    title: str
    ruleset: str
    stack: int
    no_limit: bool
    blinds: bool  # round 1 is opened by the big blind (no deal is passed out)
    fold_p: float  # facing a bet: fold
    raise_p: float  # facing a bet: raise (after the fold's share)
    bet_p: float  # nothing to call: bet
    discard_weights: tuple[int, ...]  # how many cards to throw: 0, 1, 2, ... with these weights


SPECS = {
    "draw": Spec("draw", "fixed-limit five-card draw", "morkpoker", 40, False, False, 0.18, 0.25, 0.25, (1, 1, 1, 1)),
    "single": Spec(
        "single", "no-limit 2-7 single draw", "deuce-to-seven-single-draw", 200, True, True, 0.2, 0.3, 0.5,
        (4, 3, 3, 2, 1, 1),
    ),
    "triple": Spec(
        "triple", "fixed-limit 2-7 triple draw", "deuce-to-seven-triple-draw", 200, False, True, 0.2, 0.3, 0.5,
        (4, 3, 3, 2, 1, 1),
    ),
}  # fmt: skip


class Policy:
    """The random player both engines' drivers ask, written once.

    Facing a bet: fold ``fold_p``, raise ``raise_p`` when a raise is allowed,
    otherwise call; nothing to call: bet ``bet_p`` when a bet is allowed,
    otherwise check. In no limit a bet or raise goes to the smallest total,
    the largest (all in) twice as often, half way, a pot-sized total or
    anything between, each equally likely. On the draw: throw k random cards,
    k drawn with the spec's weights."""

    __slots__ = ("fold_p", "raise_p", "bet_p", "rand", "choice", "randint", "sample", "counts")

    def __init__(self, spec: Spec, rng: random.Random) -> None:
        self.fold_p, self.raise_p, self.bet_p = spec.fold_p, spec.fold_p + spec.raise_p, spec.bet_p
        self.rand, self.choice, self.randint, self.sample = rng.random, rng.choice, rng.randint, rng.sample
        # k with the weights, as ``rng.choices(range(n), weights)`` draws it (one random() a draw)
        self.counts = [k for k, w in enumerate(spec.discard_weights) for _ in range(w)]

    def betting(self, owed: int, may_bet: bool) -> int:
        r = self.rand()
        if owed > 0:
            if r < self.fold_p:
                return FOLD
            return AGGRESS if may_bet and r < self.raise_p else CALL
        return AGGRESS if may_bet and r < self.bet_p else CALL

    def amount(self, low: int, high: int, pot: int) -> int:
        return self.choice((low, high, high, (low + high) // 2, max(low, min(high, pot)), self.randint(low, high)))

    def discard(self, hand: Sequence[T]) -> list[T]:
        return self.sample(hand, self.choice(self.counts))


def _counts() -> dict[str, float]:
    return dict.fromkeys(("deals", "betting", "draws", "shows", "showdowns", "passed_out", "events", "cpu_seconds"), 0)


# ------------------------------------------------------------------ drawpoker's drivers


def draw_rules(name: str) -> DrawRules:
    """A draw game's rules (every spec's ruleset is one)."""
    rules = load_rules(name)
    if not isinstance(rules, DrawRules):
        raise ValueError(f"{name} is not a draw game")
    return rules


def play_drawpoker_to_call(spec: Spec, deals: int, players: int, seed: int) -> dict[str, float]:
    """``deals`` independent deals, the player's questions asked through
    ``DrawGame.to_call`` (and ``betting_choices`` when betting in no limit)."""
    game = DrawGame(draw_rules(spec.ruleset))
    policy = Policy(spec, random.Random(seed))
    shuffler = RandomShuffler(seed)
    names = [f"P{i}" for i in range(players)]
    stack, total = spec.stack, spec.stack * players
    no_limit = spec.no_limit
    betting_q, discard, amount = policy.betting, policy.discard, policy.amount
    handle, to_call, betting_choices = game.handle, game.to_call, game.betting_choices
    new_state, sit_down, start_deal = game.new_state, game.sit_down, game.start_deal
    betting = draws = shows = showdowns = passed = events = 0
    start = time.process_time()
    for h in range(deals):
        state = new_state()
        log = handle(state, sit_down(list(names), [stack] * players, h % players))
        log += handle(state, start_deal(*shuffler.shuffle()))
        folds = 0
        while (seat := state.to_act) is not None:
            phase = state.phase
            if phase == BETTING:
                owed, word = to_call(state)
                act = betting_q(owed, word is not None)
                if act == FOLD:
                    command: cmd.Command = cmd.Fold(seat)
                    folds += 1
                elif act == CALL:
                    command = cmd.Call(seat) if owed else cmd.Check(seat)
                else:
                    to = None
                    if no_limit:
                        ch = betting_choices(state)
                        to = amount(ch.min_to, ch.max_to, ch.pot_to)
                    command = cmd.Bet(seat, to) if word == "bet" else cmd.Raise(seat, to)
                betting += 1
            elif phase == EXCHANGE:
                command = cmd.Exchange(seat, tuple(discard(state.hands[seat])))
                draws += 1
            else:
                command = cmd.Show(seat)
                shows += 1
            log += handle(state, command)
        if state.passed_out:
            passed += 1
        elif folds < players - 1:  # not won by folds: a showdown
            showdowns += 1
        events += len(log)
        if sum(state.stacks) + state.carried != total:
            raise RuntimeError(f"chips not conserved: {state.stacks}")
    seconds = time.process_time() - start
    return dict(
        deals=deals, betting=betting, draws=draws, shows=shows, showdowns=showdowns, passed_out=passed,
        events=events, cpu_seconds=seconds,
    )  # fmt: skip


def play_drawpoker_menu(spec: Spec, deals: int, players: int, seed: int) -> dict[str, float]:
    """The same deals with every question asked through the menu,
    ``DrawGame.legal_actions``, at every decision: who acts, in what phase,
    what a call costs, whether a bet or raise is offered, its amounts."""
    game = DrawGame(draw_rules(spec.ruleset))
    policy = Policy(spec, random.Random(seed))
    shuffler = RandomShuffler(seed)
    names = [f"P{i}" for i in range(players)]
    stack, total = spec.stack, spec.stack * players
    no_limit = spec.no_limit
    betting_q, discard, amount = policy.betting, policy.discard, policy.amount
    handle, legal_actions = game.handle, game.legal_actions
    new_state, sit_down, start_deal = game.new_state, game.sit_down, game.start_deal
    betting = draws = shows = showdowns = passed = events = 0
    start = time.process_time()
    for h in range(deals):
        state = new_state()
        log = handle(state, sit_down(list(names), [stack] * players, h % players))
        log += handle(state, start_deal(*shuffler.shuffle()))
        folds = 0
        while True:
            menu = legal_actions(state)
            seat = menu.seat
            if seat is None:
                break
            phase = menu.phase
            if phase == BETTING:
                owed = menu.to_call
                word = None
                for option in menu.options:
                    if option.action == "bet" or option.action == "raise":
                        word = option.action
                act = betting_q(owed, word is not None)
                if act == FOLD:
                    command: cmd.Command = cmd.Fold(seat)
                    folds += 1
                elif act == CALL:
                    command = cmd.Call(seat) if owed else cmd.Check(seat)
                else:
                    to = None
                    if no_limit:
                        ch = menu.amounts
                        assert ch is not None  # a bet or raise offered in pot or no limit comes with its amounts
                        to = amount(ch.min_to, ch.max_to, ch.pot_to)
                    command = cmd.Bet(seat, to) if word == "bet" else cmd.Raise(seat, to)
                betting += 1
            elif phase == EXCHANGE:
                command = cmd.Exchange(seat, tuple(discard(state.hands[seat])))
                draws += 1
            else:
                command = cmd.Show(seat)
                shows += 1
            log += handle(state, command)
        if state.passed_out:
            passed += 1
        elif folds < players - 1:  # not won by folds: a showdown
            showdowns += 1
        events += len(log)
        if sum(state.stacks) + state.carried != total:
            raise RuntimeError(f"chips not conserved: {state.stacks}")
    seconds = time.process_time() - start
    return dict(
        deals=deals, betting=betting, draws=draws, shows=shows, showdowns=showdowns, passed_out=passed,
        events=events, cpu_seconds=seconds,
    )  # fmt: skip


# ------------------------------------------------------------------ pokerkit's driver


def _peer_state_maker(spec: Spec) -> Callable[[int], State]:
    """A fresh, dealt pokerkit state for ``players`` players."""
    from pokerkit import (
        Automation,
        FixedLimitDeuceToSevenLowballTripleDraw,
        NoLimitDeuceToSevenLowballSingleDraw,
    )

    if spec.key == "draw":
        from peers.pokerkit_draw import new_state

        return new_state
    automations = (
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
    stack = spec.stack
    if spec.key == "single":
        single = NoLimitDeuceToSevenLowballSingleDraw.create_state

        return lambda players: single(automations, True, 0, (1, 2), 2, (stack,) * players, players)
    triple = FixedLimitDeuceToSevenLowballTripleDraw.create_state
    return lambda players: triple(automations, True, 0, (1, 2), 2, 4, (stack,) * players, players)


def play_pokerkit(spec: Spec, deals: int, players: int, seed: int) -> dict[str, float]:
    """``deals`` independent deals on pokerkit with the same policy, asked the
    plain way; a deal nobody opens in round 1 stops at its last check, where
    Mørkpoker passes it out."""
    make = _peer_state_maker(spec)
    policy = Policy(spec, random.Random(seed))
    total = spec.stack * players
    no_limit, blinds = spec.no_limit, spec.blinds
    betting_q, discard, amount = policy.betting, policy.discard, policy.amount
    betting = draws = showdowns = passed = 0
    # Six players throwing five cards can empty the stock; pokerkit then reshuffles and says so.
    warnings.filterwarnings("ignore", "Returning reserved", UserWarning)
    saved = random.getstate()
    random.seed(seed)  # pokerkit shuffles with the global generator
    try:
        start = time.process_time()
        for _ in range(deals):
            state = make(players)
            opened = blinds  # the big blind opens round 1
            folds = 0
            while state.status:
                actor = state.actor_index
                if actor is not None:
                    owed = state.checking_or_calling_amount
                    assert owed is not None  # whoever is to act may check or call
                    low = state.min_completion_betting_or_raising_to_amount
                    act = betting_q(owed, low is not None)
                    if act == FOLD:
                        state.fold()
                        folds += 1
                    elif act == CALL:
                        state.check_or_call()
                    else:
                        if no_limit:
                            high = state.max_completion_betting_or_raising_to_amount
                            pot = state.pot_completion_betting_or_raising_to_amount
                            assert low is not None and high is not None and pot is not None  # a bet was allowed
                            state.complete_bet_or_raise_to(amount(low, high, pot))
                        else:
                            state.complete_bet_or_raise_to()
                        opened = True
                    betting += 1
                elif not opened:  # round 1 checked through: Mørkpoker passes the deal out here
                    passed += 1
                    break
                else:
                    drawer = state.stand_patter_or_discarder_index
                    assert drawer is not None  # nobody to bet, the deal on: somebody draws
                    state.stand_pat_or_discard(discard(state.hole_cards[drawer]))
                    draws += 1
            else:
                showdowns += folds < players - 1  # not won by folds: a showdown
                if sum(state.stacks) != total:
                    raise RuntimeError(f"chips not conserved: {state.stacks}")
        seconds = time.process_time() - start
    finally:
        random.setstate(saved)
    return dict(
        deals=deals, betting=betting, draws=draws, shows=0, showdowns=showdowns, passed_out=passed, events=0,
        cpu_seconds=seconds,
    )  # fmt: skip


DRIVERS = {"to_call": play_drawpoker_to_call, "menu": play_drawpoker_menu, "pokerkit": play_pokerkit}


# ------------------------------------------------------------------ runs


def one_run(spec: Spec, players: int, deals: int, peer_deals: int, seed: int) -> dict[str, dict[str, float]]:
    """One run: ``SLICES`` slices of each driver in turn (the order rotating),
    counts and CPU seconds summed per driver."""
    totals = {name: _counts() for name in DRIVERS}
    order = list(DRIVERS)
    for k in range(SLICES):
        for name in order[k % 3 :] + order[: k % 3]:
            n = (peer_deals if name == "pokerkit" else deals) // SLICES
            gc.collect()
            row = DRIVERS[name](spec, n, players, seed * 1000 + k)
            for key, value in row.items():
                totals[name][key] += value
    return totals


def per_deal(row: dict[str, float]) -> str:
    n = row["deals"]
    return (
        f"{(row['betting'] + row['draws'] + row['shows']) / n:5.2f} decisions a deal "
        f"(betting {row['betting'] / n:.2f}, draw {row['draws'] / n:.2f}, show {row['shows'] / n:.2f}), "
        f"showdowns {row['showdowns'] / n:.3f}, passed out {row['passed_out'] / n:.3f} a deal"
    )


def measure(spec: Spec, players: int, deals: int, peer_deals: int, repeat: int) -> dict[str, list[float]]:
    """``repeat`` runs of one game at one table size: print the rates, the
    deals' structure for both sides, and each run's ratios."""
    for name, driver in DRIVERS.items():  # warm up (imports, the rankings' tables), untimed
        driver(spec, 30 if name == "pokerkit" else 200, players, 99)
    runs = [one_run(spec, players, deals, peer_deals, r) for r in range(repeat)]
    rate = {name: [run[name]["deals"] / run[name]["cpu_seconds"] for run in runs] for name in DRIVERS}
    ratios = {name: [a / b for a, b in zip(rate[name], rate["pokerkit"], strict=True)] for name in ("to_call", "menu")}
    print(f"\n{spec.title}, {players} players (drawpoker {spec.ruleset}; stacks {spec.stack})")
    for name in DRIVERS:
        merged = {key: sum(run[name][key] for run in runs) for key in runs[0][name]}
        label = {"to_call": "drawpoker to_call", "menu": "drawpoker menu", "pokerkit": "pokerkit"}[name]
        runs_text = ", ".join(f"{x:,.0f}" for x in rate[name])
        print(f"  {label:18} {statistics.median(rate[name]):>8,.0f} deals/CPU-s (runs {runs_text})")
        print(f"  {'':18} {per_deal(merged)}")
    for name, values in ratios.items():
        print(
            f"  ratio through {name:8} {statistics.median(values):5.1f}x "
            f"(range {min(values):.1f}x-{max(values):.1f}x over {repeat} runs; target {TARGETS[name]:.0f}x)"
        )
    return ratios


def games_of(text: str) -> list[str]:
    """``"draw, triple"`` -> ``["draw", "triple"]``: keys of :data:`SPECS`, not rulesets."""
    keys = [key.strip() for key in text.split(",") if key.strip()]
    for key in keys:
        if key not in SPECS:
            raise argparse.ArgumentTypeError(
                f"{key!r} is not one of {', '.join(SPECS)} (the games this bench plays beside pokerkit)"
            )
    if not keys:
        raise argparse.ArgumentTypeError(f"no game in {text!r}")
    return keys


def sizes_of(text: str) -> list[int]:
    """``"2,6"`` -> ``[2, 6]``: the table sizes (each game's ruleset then says which it seats)."""
    parts = [part.strip() for part in text.split(",") if part.strip()]
    if not parts or not all(part.isdigit() for part in parts):
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of table sizes (2,3,6)")
    return [int(part) for part in parts]


def main() -> None:
    from drawpoker.rules.seating import seat_range

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10000, help="drawpoker's deals a run, each way")
    parser.add_argument("--peer-deals", type=int, default=2000, help="pokerkit's deals a run")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--games", type=games_of, default="draw,single,triple", help=f"some of {','.join(SPECS)} (not rulesets)"
    )
    parser.add_argument("--players", type=sizes_of, default="2,3,6", help="table sizes, comma-separated")
    args = parser.parse_args()
    for key, players in itertools.product(args.games, args.players):
        low, high = seat_range(load_rules(SPECS[key].ruleset))
        if not low <= players <= high:
            parser.error(f"{SPECS[key].ruleset} seats {low} to {high} players, not {players}")
    try:
        import pokerkit  # noqa: F401
    except ImportError:
        print("pokerkit not installed: pip install pokerkit")
        sys.exit(1)
    print(
        "drawpoker beside pokerkit, like with like (the same policy, the same points: a deal nobody opens "
        "is passed out on both sides), CPU time"
    )
    table = {}
    for key, players in itertools.product(args.games, args.players):
        table[key, players] = measure(SPECS[key], players, args.deals, args.peer_deals, args.repeat)
    print("\nratio to pokerkit (median, range over runs; target: to_call 12x, menu 10x)")
    print(f"{'game':30} {'players':>7} {'to_call':>22} {'menu':>22}")
    for (key, players), ratios in table.items():
        cells = []
        for name in ("to_call", "menu"):
            values = ratios[name]
            met = (
                "met"
                if min(values) >= TARGETS[name]
                else ("median" if statistics.median(values) >= TARGETS[name] else "NOT")
            )
            cells.append(f"{statistics.median(values):5.1f}x ({min(values):.1f}-{max(values):.1f}) {met:>6}")
        print(f"{SPECS[key].title:30} {players:>7} {cells[0]:>22} {cells[1]:>22}")


if __name__ == "__main__":
    main()
