"""Not a timing, and not a player: how much strong leaves on the table
BEFORE the draw in jackpots heads-up against sensible (the sibling of
``bench/jackpots_ceiling.py``, which measures after it).

    nice -n 10 .venv/bin/python bench/jackpots_ceiling_before.py --seeds 1,2 --decks 60 --hands 16

Strong plays ``bench/bots.py``'s duplicate deck sets against sensible as
usual. At each of strong's decisions in the first betting round and at
its exchange, sensible's hand is sampled as its rules allow: five cards
dealt from those strong has not seen, weighed by the chance sensible's
rules (``jackpots_ceiling.sensible_acts``: its grades, its bluff one time
in twenty, openers to open) give its acts so far this deal (and, if it
has drawn, kept only when the rule of thumb draws as many, then the cards
it drew dealt from the rest); the stock is dealt again from the cards
left. Each legal act of strong's (each betting act; at the exchange
strong's own throw, the coach's, the rule of thumb's, the rule of thumb
keeping a kicker, standing pat) is then worth the hero's chips at the
deal's end less its chips now, on average over those hands and stocks
(the same ones for every act), with **the rest of the deal played as
strong plays it** (a copy of strong's bot as it is at that moment, and
sensible by its rules): not a best answer, so the figures tell what one
better decision is worth to strong as it plays on, not the ceiling of a
player who also plays better afterwards. A deal passed out (both check
the first round) is worth half of the antes carried to the next deal.

The best act of the sample is flattered by the noise it was picked by
(a few dozen hands a decision), so where it is not strong's act, it and
strong's act are valued again on hands and stocks sampled afresh, and
that difference (which may be below zero) is what strong would win more
by taking it: summed in big bets per 100 deals (every deal counted), by
spot (the first round: first to speak, after a check, facing a bet,
facing a raise; the exchange as opener or caller), strong's act and the
best of the sample (an exchange named by whose throw and how many cards).
The first sample's own figure is printed beside the total. It reads
sensible's rules, which strong must not: a measure, not a way to play.
"""

from __future__ import annotations

import argparse
import collections
import copy
import math
import os
import random
import sys
from collections.abc import Sequence
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bots import Table, positive, seeds_of
from jackpots_ceiling import DECK, Acts, _chance, walk

from drawpoker.bots.draw.common import coach_discards, keeping, rule_of_thumb, rule_of_thumb_exchange
from drawpoker.bots.draw.strong import _models
from drawpoker.games.view import Decision, command_for, exchange, seat_view
from drawpoker.rules import load_rules

_REFUSED: set[str] = set()


def sample(
    rng: random.Random, state: Any, hero: int, other: int, n: int
) -> list[tuple[tuple[Any, ...], tuple[Any, ...], list[Any], float]]:
    """Sensible's dealt cards, its hand now and a stock dealt again, with their weights."""
    seen = set(state.dealt[hero]) | set(state.hands[hero]) | set(state.thrown[hero])
    pool = [c for c in DECK if c not in seen]
    acts: Acts = [(a.round, a.seat, a.act, a.chips) for a in state.actions]
    drew = next((a[3] for a in acts if a[2] == "draw" and a[1] == other), None)
    out: list[tuple[tuple[Any, ...], tuple[Any, ...], list[Any], float]] = []
    for _ in range(20000):
        if len(out) >= n:
            break
        cards = rng.sample(pool, len(pool))
        dealt = tuple(cards[:5])
        p = _chance(dealt, acts, 1, other)
        if not p:
            continue
        if drew is None:
            now, rest = dealt, cards[5:]
        else:
            thrown = rule_of_thumb(dealt, 3)
            if len(thrown) != drew:
                continue
            now = tuple(c for c in dealt if c not in thrown) + tuple(cards[5 : 5 + drew])
            rest = cards[5 + drew :]
        out.append((dealt, now, rest, p))
    return out


def _spot(state: Any, hero: int) -> str:
    if state.phase == "exchange":
        return "exchange (opener)" if state.opener == hero else "exchange (caller)"
    first = not any(a.round == 1 and a.act not in ("ante",) for a in state.actions)
    if max(state.bets) > state.bets[hero]:
        return "round 1 facing a bet" + (" (raised)" if any(a.act == "raise" for a in state.actions) else "")
    return "round 1 first to speak" if first else "round 1 after a check"


def _alternatives(game: Any, state: Any, hero: int, chosen: Any) -> dict[str, Any]:
    """Each legal act of the hero's as a command, by name (the exchange's by whose throw it is)."""
    view = seat_view(game, state, hero)
    out: dict[str, Any] = {}
    if state.phase == "exchange":
        throws = {"strong": chosen}
        for name, decision in (
            ("coach", coach_discards(view)),
            ("rule", rule_of_thumb_exchange(view)),
            ("pat", exchange(())),
        ):
            throws[name] = decision
        rule = rule_of_thumb(view.hand, view.max_exchange)
        if len(rule) == 3:  # a pair: keep the best kicker too
            throws["kicker"] = keeping(view, tuple(sorted(rule, key=lambda c: c.rank)[:2]))
        seen: set[Any] = set()
        for name, decision in throws.items():
            try:
                command = decision if name == "strong" else command_for(game, view, decision)
            except ValueError:
                continue
            key = repr(sorted(map(repr, command.discards))) if hasattr(command, "discards") else repr(command)
            if key not in seen:
                seen.add(key)
                out[name] = command
        return out
    for option in view.options:
        if option.act == "fold" and view.option("check"):
            continue
        out[option.act] = command_for(game, view, Decision(option.act))
    return out


def _label(state: Any, hero: int, name: str, command: Any) -> str:
    if state.phase != "exchange":
        return name
    n = len(getattr(command, "discards", getattr(command, "cards", ())) or ())
    return f"{name}:{n}"


def rollout(game: Any, state: Any, bots: list[Any], hero: int, command: Any) -> float:
    """The hero's chips at the deal's end less now, ``command`` made and the rest played by ``bots``."""
    before = state.stacks[hero]
    game.handle(state, command)
    while state.phase not in ("between_deals", "session_over"):
        seat = state.to_act
        game.handle(state, bots[seat].command(game, state, seat))
    value = float(state.stacks[hero] - before)
    if state.phase == "between_deals" and getattr(state, "carried", 0):
        value += state.carried / 2.0
    return value


def _copy_bot(bot: Any, keep: dict[int, Any]) -> Any:
    new = copy.copy(bot)
    new._bot = copy.deepcopy(bot._bot, dict(keep))
    new.times = None
    return new


def worth(
    game: Any, state: Any, bots: list[Any], hero: int, acts: dict[str, Any], hands: list[Any], keep: dict[int, Any]
) -> dict[str, tuple[float, float]]:
    """Each act's average worth, and the standard error of its difference from the best act's (weighted)."""
    other = 1 - hero
    total: dict[str, list[float]] = {name: [] for name in acts}
    weights: list[float] = []
    for dealt, now, rest, weight in hands:
        base = state.copy()
        base.dealt[other] = dealt
        base.hands[other] = now
        base.stock = list(rest)
        for name, command in acts.items():
            trial = base.copy()
            players = [_copy_bot(b, keep) for b in bots]
            try:
                total[name].append(rollout(game, trial, players, hero, command))
            except Exception as exc:  # an act the engine refuses is no act (said once)
                if name not in _REFUSED:
                    _REFUSED.add(name)
                    print(f"refused {name}: {exc!r}", file=sys.stderr)
                total[name].append(math.nan)
        weights.append(weight)
    out: dict[str, tuple[float, float]] = {}
    w = sum(weights)
    if not w:
        return out
    n_eff = w * w / sum(p * p for p in weights)
    means = {}
    for name, values in total.items():
        if not any(math.isnan(v) for v in values):
            means[name] = sum(p * v for p, v in zip(weights, values, strict=True)) / w
    if not means:
        return out
    top = max(means, key=lambda k: means[k])
    for name, mean in means.items():
        # the standard error of the difference from the best act (the same hands and stocks: paired)
        diffs = [a - b for a, b in zip(total[top], total[name], strict=True)]
        d = means[top] - mean
        var = sum(p * (x - d) ** 2 for p, x in zip(weights, diffs, strict=True)) / w
        out[name] = (mean, math.sqrt(var / max(1.0, n_eff)))
    return out


def run(seed: int, decks: int, n: int) -> tuple[dict[tuple[str, str, str], list[float]], int]:
    """``{(spot, chosen, best): [decisions, chips more, chips more by the best of the sample]}`` and the deals.

    Where the best act of the sample is not strong's, its gain is measured again on a fresh sample
    (hands and stocks), which may find it worse; the raw figure is the first sample's (flattered by
    the noise of picking the best of noisy figures)."""
    rules = load_rules("jackpots")
    table = Table(rules, "strong", "sensible", 2, seed)
    game = table.game
    rng = random.Random(seed)
    model = _models(rules)
    keep = {id(model): model, id(rules): rules}
    gains: dict[tuple[str, str, str], list[float]] = collections.defaultdict(lambda: [0.0, 0.0, 0.0])
    dealt = [0]
    for hero, state, bots, seat, command in walk(table, decks, dealt):
        if seat == hero and state.round == 1 and state.phase in ("betting", "exchange"):
            acts = _alternatives(game, state, hero, command)
            chosen = next((k for k, c in acts.items() if repr(c) == repr(command)), None)
            if chosen is not None and len(acts) > 1:
                values = worth(game, state, bots, hero, acts, sample(rng, state, hero, 1 - hero, n), keep)
                if chosen in values:
                    best = max(values, key=lambda act: values[act][0])
                    more = raw = values[best][0] - values[chosen][0]
                    if best != chosen:
                        # the best of a noisy sample is flattered by the noise it was picked by:
                        # its gain is measured again on hands and stocks sampled afresh
                        pair = {best: acts[best], chosen: acts[chosen]}
                        again = worth(game, state, bots, hero, pair, sample(rng, state, hero, 1 - hero, n), keep)
                        if best in again and chosen in again:
                            more = again[best][0] - again[chosen][0]
                    cell = gains[
                        (
                            _spot(state, hero),
                            _label(state, hero, chosen, acts[chosen]),
                            _label(state, hero, best, acts[best]),
                        )
                    ]
                    cell[0] += 1
                    cell[1] += more
                    cell[2] += raw
    return gains, dealt[0]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="1", help="one run a seed (1,2 or 1-4)")
    parser.add_argument("--decks", type=positive, default=60)
    parser.add_argument("--hands", type=positive, default=16, help="sensible's hands sampled a decision")
    args = parser.parse_args(argv)
    try:
        seeds = seeds_of(args.seeds)
    except ValueError:
        parser.error(f"--seeds: {args.seeds!r} is not a list of different seeds (1,2 or 1-4)")
    total: dict[tuple[str, str, str], list[float]] = collections.defaultdict(lambda: [0.0, 0.0, 0.0])
    deals = 0
    for seed in seeds:
        gains, dealt = run(seed, args.decks, args.hands)
        deals += dealt
        for key, (n, chips, raw) in gains.items():
            total[key][0] += n
            total[key][1] += chips
            total[key][2] += raw
    big_bet = 2.0
    more = sum(cell[1] for cell in total.values())
    raw = sum(cell[2] for cell in total.values())
    print(
        f"{deals} deals; deciding best once at each decision before the draw, strong playing on: "
        f"{100 * more / big_bet / deals:+.2f} BB/100 measured again on fresh samples "
        f"(as the sample that picked the act says: {100 * raw / big_bet / deals:+.2f})"
    )
    print("spot                          strong's act  best act   decisions  BB a decision  BB/100 deals")
    for (spot, chosen, best), (n, chips, _raw) in sorted(total.items(), key=lambda kv: -kv[1][1]):
        if chosen != best:
            each, per = chips / big_bet / n, 100 * chips / big_bet / deals
            print(f"{spot:29} {chosen:13} {best:9} {int(n):10}  {each:+13.3f}  {per:+12.2f}")
    same = sum(cell[0] for (_, c, b), cell in total.items() if c == b)
    print(f"decisions where strong's act was the best of the sample: {int(same)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
