"""How well the computer players play: one bot against another, in big
bets (fixed limit) or big blinds (pot and no limit) per 100 deals, with a
95% confidence interval, on duplicate deals.

    nice -n 10 .venv/bin/python bench/bots.py [--rulesets morkpoker,jackpots]
        [--hero strong] [--against random,sensible,...] [--formats hu,6]
        [--decks 1000] [--seed 1] [--json FILE] [--times]

**Duplicate deals.** Each *deck set* is a seed for the shuffler. Heads-up
it is played twice: the hero in seat 1, then in seat 2, the same decks
dealt in the same order with the button where it was, so each player gets
the cards the other had. Six-handed (one hero against five of another
bot) it is played six times, the hero in each seat in turn. The luck of
the cards is then shared out between the bots, and what is left is mostly
how they played (the cards drawn still differ when the bots throw
differently). The hero's net over the rotations of a deck set, divided by
the deals they took, is one observation.

**A deal** starts from the rules' starting stacks (every deal: no stack
grows deep or short over a session); a deal nobody opens (jackpots) is
dealt again with the pot carried, from the same deck set's next decks,
until someone wins it -- one observation then holds several deals.

**The interval** is the ratio estimate (chips over deals) with its
standard error by the delta method (:func:`interval`), over batch means
(:func:`batched`): the bots keep what they learn of each other from deck
set to deck set (a player at a table remembers the others), so
neighbouring deck sets are not independent; runs of consecutive deck sets
(25 batches) are the observations, with Student's t for their number. The
JSON line also gives the interval as if every deck set were independent
(``iid_low``, ``iid_high``), and every deck set's result and deals.

**Runs as the unit** (``--seeds 401-406``). Batch means cannot see one
thing: two bots that learn about each other follow one path over a whole
run (what each believes of the other early on steers what it learns
later), so a run can sit off its expected rate from start to end, and a
run's own interval, however it is batched, does not widen for that. Runs
with different seeds (fresh bots, fresh deck sets) are independent by
construction; with ``--seeds`` each cell is played once per seed and then
summed up over the runs (:func:`over_runs`): the ratio estimate with every
run one observation (its chips and deals), Student's t for the number of
runs. That interval is the one the targets are judged by; each run's own
interval is printed too, with how many of them hold zero or lie above it.
``--summarise FILE`` prints the same summaries from JSON lines written
before.

``--times`` reports the hero's decision times (CPU seconds, and wall
seconds: on a shared machine the wall clock includes waiting for the
CPU): 50th, 95th percentile and the slowest, six-handed.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any, NoReturn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from drawpoker.bots.seat import SeatBot, strategy
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.errors import DrawpokerError, IllegalAction
from drawpoker.games import game_for
from drawpoker.games.draw.decide import DrawGame
from drawpoker.games.draw.in_play import deck_jokers
from drawpoker.rules import load_rules
from drawpoker.rules.model import DrawRules, Rules
from drawpoker.rules.seating import seat_range
from drawpoker.terminal import visible

BASELINES = ("random", "sensible", "calling-station", "maniac", "rock")
TARGET_RULESETS = (
    "morkpoker",
    "jackpots",
    "deuces-wild",
    "ace-to-five-lowball",
    "deuce-to-seven-single-draw",
    "deuce-to-seven-triple-draw",
)
#: the most deals a deck set is dealt (passed-out deals dealt again)
_MOST_REDEALS = 30
Z95 = 1.959963984540054


def unit(rules: DrawRules) -> int:
    """The chips a result is counted in: the big bet in fixed limit, else the big blind (or the smallest bet)."""
    b = rules.betting
    if b.structure == "fixed_limit":
        return int(b.big_bet)
    return int(b.blinds[1]) if b.blinds is not None else int(b.small_bet)


#: the two-sided 95% point of Student's t for the degrees of freedom of batch means (1 .. 40)
T95 = (
    12.706,
    4.303,
    3.182,
    2.776,
    2.571,
    2.447,
    2.365,
    2.306,
    2.262,
    2.228,
    2.201,
    2.179,
    2.160,
    2.145,
    2.131,
    2.120,
    2.110,
    2.101,
    2.093,
    2.086,
    2.080,
    2.074,
    2.069,
    2.064,
    2.060,
    2.056,
    2.052,
    2.048,
    2.045,
    2.042,
    2.040,
    2.037,
    2.035,
    2.032,
    2.030,
    2.028,
    2.026,
    2.024,
    2.023,
    2.021,
)
#: how many batches a match's deck sets are put in for its interval
BATCHES = 25


def batched(
    results: Sequence[float], deals: Sequence[float], batches: int = BATCHES, per: float = 100.0
) -> tuple[float, float, float]:
    """:func:`interval` over batch means: the deck sets in order, in
    ``batches`` runs of consecutive ones, each run one observation, and
    Student's t for their number. The bots learn from one deck set to the
    next, so neighbouring deck sets are not independent: a run of them is
    (nearly) independent of the next run, and the interval is honest about
    the drift of what the bots learned.

    >>> rate, low, high = batched([1.0, -1.0, 3.0, 1.0], [1, 1, 1, 1], batches=2)
    >>> round(rate, 3), round(low, 3), round(high, 3)
    (100.0, -1170.6, 1370.6)
    """
    n = len(results)
    batches = max(2, min(batches, n))
    size = n // batches
    sums = [sum(results[b * size : (b + 1) * size]) for b in range(batches)]
    counts = [sum(deals[b * size : (b + 1) * size]) for b in range(batches)]
    sums[-1] += sum(results[batches * size :])
    counts[-1] += sum(deals[batches * size :])
    t = T95[min(batches - 1, len(T95)) - 1] if batches - 1 <= len(T95) else Z95
    return interval(sums, counts, per, z=t)


def interval(
    results: Sequence[float], deals: Sequence[float], per: float = 100.0, z: float = Z95
) -> tuple[float, float, float]:
    """The rate ``sum(results) / sum(deals)`` times ``per``, and its 95%
    interval (low, high): the ratio estimate's standard error by the delta
    method, ``sqrt(var(results - rate * deals) / n) / mean(deals)``, times
    ``z`` (1.96). With one deal each it is the mean and ``1.96 * s / sqrt(n)``.

    >>> rate, low, high = interval([1.0, -1.0, 3.0, 1.0], [1, 1, 1, 1])
    >>> round(rate, 3), round(low, 3), round(high, 3)
    (100.0, -60.03, 260.03)
    """
    n = len(results)
    if n < 2 or n != len(deals):
        raise ValueError("an interval needs two or more observations, each with its deals")
    total_deals = float(sum(deals))
    rate = sum(results) / total_deals
    residuals = [x - rate * d for x, d in zip(results, deals, strict=True)]
    spread = statistics.variance(residuals)  # n - 1 in the denominator
    error = math.sqrt(spread / n) / (total_deals / n)
    return rate * per, (rate - z * error) * per, (rate + z * error) * per


def t95(observations: int) -> float:
    """Student's t, two-sided 95%, for ``observations - 1`` degrees of freedom."""
    df = observations - 1
    return T95[df - 1] if 1 <= df <= len(T95) else Z95


def over_runs(runs: Sequence[dict[str, Any]], per: float = 100.0) -> tuple[float, float, float]:
    """:func:`interval` with each run (a :func:`match`'s result) one
    observation: its chips and its deals (summed over its deck sets, as
    the match counts them), Student's t for the number of runs.

    >>> runs = [{"observations": [[1.0, 1], [0.0, 1]]}, {"observations": [[-1.0, 1], [1.0, 1]]},
    ...         {"observations": [[2.0, 2]]}]
    >>> [round(v, 2) for v in over_runs(runs)]
    [50.0, -74.22, 174.22]
    """
    chips = [sum(float(x) for x, _ in run["observations"]) for run in runs]
    deals = [sum(float(n) for _, n in run["observations"]) for run in runs]
    return interval(chips, deals, per, z=t95(len(runs)))


def summary(runs: Sequence[dict[str, Any]]) -> str:
    """One cell's runs summed up: the rate over runs and its interval, and how each run's own interval lies."""
    rate, low, high = over_runs(runs)
    own = [(r["low"], r["high"]) for r in runs]
    above = sum(1 for lo, _ in own if lo > 0)
    below = sum(1 for _, hi in own if hi < 0)
    first = runs[0]
    return (
        f"{first['ruleset']:28} {first['hero']:>9} vs {first['against']:16} "
        f"{'hu' if first['players'] == 2 else first['players']:>3}: over {len(runs)} runs "
        f"{rate:+8.2f} [{low:+8.2f}, {high:+8.2f}] {first['unit']}/100 "
        f"(runs as the unit, t {t95(len(runs))}); each run's own interval: "
        f"{above} above zero, {len(runs) - above - below} holding zero, {below} below; "
        f"seeds {', '.join(str(r['seed']) for r in runs)}; rates " + ", ".join(f"{r['per_100']:+.1f}" for r in runs)
    )


def positive(text: str) -> int:
    """An argument that counts something: a whole number, at least 1."""
    return _at_least(text, 1)


def deck_sets(text: str) -> int:
    """How many deck sets a match plays: at least 2 (an interval needs two)."""
    return _at_least(text, 2)


def _at_least(text: str, least: int) -> int:
    try:
        value = int(text)
    except ValueError:
        value = least - 1
    if value < least:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least {least}")
    return value


def formats_of(text: str) -> list[int]:
    """``"hu,6"`` -> ``[2, 6]``: the table sizes, ``hu`` for heads-up."""
    sizes = []
    for part in (p.strip() for p in text.split(",")):
        if part == "hu":
            sizes.append(2)
        elif part.isdigit() and int(part) >= 2:  # (the ruleset says how many it seats)
            sizes.append(int(part))
        elif part:
            raise argparse.ArgumentTypeError(f"{part!r} is not hu or a number of players")
    if not sizes:
        raise argparse.ArgumentTypeError(f"no table size in {text!r}")
    return sizes


def seeds_of(text: str) -> list[int]:
    """``"401-403,410"`` -> ``[401, 402, 403, 410]``."""
    seeds: list[int] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        first, _, last = part.partition("-")
        seeds.extend(range(int(first), int(last or first) + 1))
    if not seeds:
        raise ValueError(f"no seeds in {text!r}")
    if len(set(seeds)) != len(seeds):  # a seed's run is the same run again, not another observation
        raise ValueError(f"a seed given twice in {text!r}")
    return seeds


def summarise(path: str) -> list[str]:
    """The summaries of every cell in a file of JSON lines (one per run), in
    the order the cells first appear. A run written twice (``--json``
    appends) counts once: the same seed gives the same run, not another
    observation; the same seed with a different result (another version of
    a bot) is an error."""
    cells: dict[tuple[Any, ...], dict[int, dict[str, Any]]] = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                run = json.loads(line)
                key = (run["ruleset"], run["hero"], run["against"], run["players"], run["decks"])
                seen = cells.setdefault(key, {}).setdefault(run["seed"], run)
                if seen["observations"] != run["observations"]:
                    raise ValueError(f"seed {run['seed']} of {' '.join(map(str, key))} has two different runs")
    return [
        summary(list(runs.values())) if len(runs) >= 2 else f"{' '.join(map(str, key))}: one run only"
        for key, runs in cells.items()
    ]


class Table:
    """A match: the hero's strategy against the others', on one ruleset."""

    def __init__(
        self,
        rules: Rules,
        hero: str,
        others: str,
        players: int,
        seed: int,
        timed: bool = False,
        *,
        seat_bot: type[SeatBot] = SeatBot,
    ) -> None:
        """``seat_bot``: the class of the players' seats (a subclass may watch their decisions)."""
        if not isinstance(rules, DrawRules):
            raise IllegalAction(f"a {rules.game} ruleset: this bench plays the draw games' bots")
        self.rules = rules
        self.game = game_for(rules)
        self.players = players
        self.unit = unit(rules)
        rng = random.Random(seed)
        self.deck_seed = rng.getrandbits(64)
        # one bot per player, kept over the whole match (it remembers the others by name)
        self.hero = seat_bot(strategy(hero, rules), rng.getrandbits(64), None, rules)
        self.others = [seat_bot(strategy(others, rules), rng.getrandbits(64), None, rules) for _ in range(players - 1)]
        if timed:
            self.hero.times = []
            self.hero_cpu: list[float] = []
        self.timed = timed

    def deck_set(self, index: int) -> tuple[float, float]:
        """The hero's chips (in units) and the deals, summed over the rotations of deck set ``index``."""
        chips = 0.0
        deals = 0.0
        button = index % self.players
        for rotation in range(self.players):
            bots = list(self.others)
            bots.insert(rotation, self.hero)
            names = tuple("Hero" if bot is self.hero else f"V{self.others.index(bot) + 1}" for bot in bots)
            won, dealt = self._play(bots, names, button, index)
            chips += won[rotation]
            deals += dealt
        return chips / self.unit / self.players, deals / self.players

    def _play(self, bots: list[SeatBot], names: tuple[str, ...], button: int, index: int) -> tuple[list[float], int]:
        game, rules = self.game, self.rules
        stacks = (rules.session.starting_stack,) * self.players
        state = game.new_state()
        game.handle(state, game.sit_down(names, stacks, button))
        shuffler = RandomShuffler(self.deck_seed ^ (index * 0x9E3779B97F4A7C15 & (2**64 - 1)), 0)
        dealt = 0
        while True:
            if state.phase == "between_deals":
                if dealt and not getattr(state, "carried", 0):
                    break
                if dealt >= _MOST_REDEALS or state.phase == "session_over":
                    break
                if isinstance(game, DrawGame) and game.rotation(state) is not None:  # dealer's choice
                    dealer = game.next_dealer(state)
                    game.handle(state, bots[dealer].command(game, state, dealer))
                game.handle(state, game.start_deal(*shuffler.shuffle(deck_jokers(game, state))))
                dealt += 1
                continue
            if state.phase == "session_over":
                break
            seat = state.to_act
            bot = bots[seat]
            started = time.process_time() if self.timed and bot is self.hero else 0.0
            command = bot.command(game, state, seat)
            if self.timed and bot is self.hero:
                self.hero_cpu.append(time.process_time() - started)
            try:
                game.handle(state, command)
            except IllegalAction as exc:
                raise SystemExit(f"{bot.name} made an illegal move: {exc}") from None
            if state.phase in ("between_deals", "session_over"):
                for other, watcher in enumerate(bots):
                    if watcher.watches:
                        watcher.observe(game, state, other)
        won = [state.stacks[i] - stacks[i] for i in range(self.players)]
        carried = getattr(state, "carried", 0)
        if carried and state.phase == "between_deals":  # still nobody opened: the pot goes back in equal shares
            won = [w + carried / self.players for w in won]
        return won, dealt


def play_deck_sets(table: Table, decks: int) -> tuple[list[float], list[float]]:
    """Play ``decks`` deck sets at ``table``: the hero's result and the deals of each."""
    results: list[float] = []
    deals: list[float] = []
    for index in range(decks):
        x, n = table.deck_set(index)
        results.append(x)
        deals.append(n)
    return results, deals


def match(
    ruleset: str, hero: str, others: str, players: int, decks: int, seed: int, timed: bool = False
) -> dict[str, Any]:
    """Play ``decks`` deck sets; the hero's rate and interval."""
    table = Table(load_rules(ruleset), hero, others, players, seed, timed)
    rules = table.rules
    started = time.process_time()
    results, deals = play_deck_sets(table, decks)
    rate, low, high = batched(results, deals)
    _, iid_low, iid_high = interval(results, deals)
    out: dict[str, Any] = {
        "ruleset": ruleset,
        "hero": hero,
        "against": others,
        "players": players,
        "decks": decks,
        "deals": round(sum(deals) * players, 1),
        "seed": seed,
        "unit": "big bets" if rules.betting.structure == "fixed_limit" else "big blinds",
        "per_100": round(rate, 2),
        "low": round(low, 2),
        "high": round(high, 2),
        "iid_low": round(iid_low, 2),  # the interval as if the deck sets were independent
        "iid_high": round(iid_high, 2),
        "cpu_seconds": round(time.process_time() - started, 1),
        "observations": [[round(x, 4), n] for x, n in zip(results, deals, strict=True)],
    }
    if timed and table.hero_cpu:
        out["decision_ms"] = _percentiles(table.hero_cpu)
        out["decision_wall_ms"] = _percentiles(table.hero.times or [])
    return out


def _percentiles(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    n = len(ordered)

    def at(q: float) -> float:
        return round(1000 * ordered[min(n - 1, int(q * n))], 2)

    return {"n": n, "p50": at(0.5), "p95": at(0.95), "p99": at(0.99), "max": round(1000 * ordered[-1], 2)}


def _names(text: str) -> list[str]:
    """``"a, b,"`` -> ``["a", "b"]``."""
    return [name.strip() for name in text.split(",") if name.strip()]


def playable(ruleset: str, strategies: Sequence[str], sizes: Sequence[int]) -> DrawRules:
    """The rules of ``ruleset``, checked before any play: a draw game whose
    table seats each of ``sizes`` and knows every strategy named; otherwise
    a :class:`DrawpokerError` in one sentence (for ``parser.error``)."""
    rules = load_rules(ruleset)
    if not isinstance(rules, DrawRules):
        raise IllegalAction(f"{ruleset} is not a draw game: this bench plays the draw games' bots")
    for name in strategies:
        strategy(name, rules)
    low, high = seat_range(rules)
    for players in sizes:
        if not low <= players <= high:
            raise IllegalAction(f"{ruleset} seats {low} to {high} players, not {players}")
    return rules


def play(args: argparse.Namespace, seeds: list[int]) -> None:
    """Every cell the arguments name, each run printed (and appended to
    ``--json``), and the cell's runs summed up when there are several."""
    for ruleset in _names(args.rulesets):
        for others in _names(args.against):
            for players in args.formats:
                fmt = "hu" if players == 2 else str(players)
                decks = args.decks if players == 2 or args.decks6 is None else args.decks6
                runs = []
                for seed in seeds:
                    result = match(ruleset, args.hero, others, players, decks, seed, args.times and players > 2)
                    runs.append(result)
                    line = (
                        f"{ruleset:28} {args.hero:>9} vs {others:16} {fmt:>3}: {result['per_100']:+8.2f} "
                        f"[{result['low']:+8.2f}, {result['high']:+8.2f}] {result['unit']}/100  "
                        f"({result['deals']:.0f} deals, seed {seed}, {result['cpu_seconds']} s)"
                    )
                    if "decision_ms" in result:
                        d = result["decision_ms"]
                        line += f"  decisions p50 {d['p50']} p95 {d['p95']} max {d['max']} ms"
                    print(line, flush=True)
                    if args.json:
                        with open(args.json, "a", encoding="utf-8") as f:
                            f.write(json.dumps(result) + "\n")
                if len(runs) >= 2:
                    print(summary(runs), flush=True)


class _Parser(argparse.ArgumentParser):
    """Its errors reach the terminal with control characters written out (a
    name or path given is echoed in them)."""

    def error(self, message: str) -> NoReturn:
        super().error(visible(message))


def main(argv: Sequence[str] | None = None) -> int:
    parser = _Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rulesets", default=",".join(TARGET_RULESETS))
    parser.add_argument("--hero", default="strong")
    parser.add_argument("--against", default=",".join(BASELINES))
    parser.add_argument("--formats", type=formats_of, default="hu,6", help="hu (heads-up) and/or 6 (one against five)")
    parser.add_argument("--decks", type=deck_sets, default=1000, help="deck sets per match")
    parser.add_argument(
        "--decks6", type=deck_sets, default=None, help="deck sets per six-handed match (default: --decks)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--seeds", help="several runs a cell, one a seed (401-406 or 401,405), summed up with runs as the unit"
    )
    parser.add_argument("--summarise", metavar="FILE", help="sum up the runs of each cell in FILE (JSON lines)")
    parser.add_argument("--json", metavar="FILE", help="append each match's result as a JSON line")
    parser.add_argument("--times", action="store_true", help="the hero's decision times, six-handed")
    args = parser.parse_args(argv)
    if args.summarise:
        if not os.path.isfile(args.summarise):  # a folder, a named pipe (which would block), nothing at all
            parser.error(f"--summarise: {args.summarise} is not a file")
        try:
            lines = summarise(args.summarise)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            parser.error(f"--summarise: {args.summarise} is not a file of this bench's JSON lines ({exc})")
        for line in lines:
            print(line)
        return 0
    try:
        seeds = seeds_of(args.seeds) if args.seeds else [args.seed]
    except ValueError:
        parser.error(f"--seeds: {args.seeds!r} is not a list of different seeds (401-406 or 401,405)")
    for option, names in (("--rulesets", args.rulesets), ("--against", args.against), ("--hero", args.hero)):
        if not _names(names):
            parser.error(f"{option}: nothing named in {names!r}")
    if args.json:  # before any play: where the runs go can be written
        if os.path.exists(args.json) and not os.path.isfile(args.json):  # a folder; a named pipe would block
            parser.error(f"--json: {args.json} is not a file")
        try:
            with open(args.json, "a", encoding="utf-8"):
                pass
        except OSError as exc:
            parser.error(f"--json: {args.json} cannot be written ({exc.strerror})")
    try:  # before any play: a ruleset or a bot that does not load, a table the rules cannot seat
        for ruleset in _names(args.rulesets):
            playable(ruleset, [args.hero, *_names(args.against)], args.formats)
    except DrawpokerError as exc:
        parser.error(str(exc))
    play(args, seeds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
