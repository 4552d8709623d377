"""A player, not a timing: strong before the exchange; after it, in
jackpots heads-up, an expectimax over the rest of the betting round
against the other's policy LEARNED from what strong's seat sees, over the
other's hands as strong reads them (``Strong._ranges`` at the round's
start). Nothing of sensible's rules: the other's policy is a threshold on
its hand's strength (the table model's buckets) in each spot, with a leak,
learned from every act it made after the exchange (hands shown where they
lay, mucked below the hand that beat them, never seen as the read's
range), beside a flat prior that knows nothing of the player.

    nice -n 10 .venv/bin/python bench/jackpots_learned.py --seeds 1-30 --decks 400 --json F

The same deck sets as ``bench/bots.py --rulesets jackpots --hero strong
--against sensible --formats hu`` (strong is asked first at every decision,
so its randomness and learning run as they would), so a run pairs with
strong's run of the same seed.

Seeds 1-30, 400 deck sets (main 6ed56ab's strong): +9.45 [+8.35, +10.55]
BB/100 deals, strong +8.71 [+7.64, +9.79], paired by seed +0.74 +- 0.27;
fresh seeds 721-750: +9.20 against +8.78, paired +0.43 +- 0.27 (about
1.1 ms of CPU a decision beside strong's own). Ported into strong by
branch ``port30`` (``drawpoker/bots/draw/last_round.py``; bench/README.md,
*Jackpots against sensible*, ``port30``'s paragraph): strong now plays as
this player did, so wrapping today's strong this measures strong again;
run it on a checkout of main before ``port30`` to see the player beside
the strong it was measured against.
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bots import Table, _Parser, batched, deck_sets, play_deck_sets, seeds_of, summary

from drawpoker.bots.draw.strong import _models
from drawpoker.games.view import Decision, command_for, seat_view
from drawpoker.rules import load_rules

BUCKETS = 256
#: thresholds (a hand at or above the bucket acts): every bucket, and never
THRESHOLDS = tuple(range(0, BUCKETS + 1))
#: the share of hands that act against the threshold (a leak), with its prior weight
LEAKS = ((0.02, 0.4), (0.07, 0.35), (0.2, 0.25))
#: the raises the tree looks at, beyond those already made
MOST_RAISES = 4


class Binary:
    """One yes/no answer of the other's as a function of its hand's bucket:
    yes with chance ``1 - leak`` at or above a threshold, ``leak`` below;
    a posterior over (threshold, leak) on a grid, from a flat prior over
    thresholds."""

    __slots__ = ("loglik", "_vector", "n")

    def __init__(self) -> None:
        self.loglik = [math.log(w) for _ in THRESHOLDS for _, w in LEAKS]
        self._vector: list[float] | None = None
        self.n = 0

    def add(self, yes: bool, exact: int | None, cap: int | None, masses: Sequence[float]) -> None:
        """One answer: the hand's bucket ``exact``, or at most ``cap``, or
        unknown; ``masses`` the hand's chances by bucket (as read, before this answer)."""
        self.n += 1
        self._vector = None
        if exact is not None:
            i = 0
            hit = [math.log(1.0 - leak) for leak, _ in LEAKS]
            miss = [math.log(leak) for leak, _ in LEAKS]
            for t in THRESHOLDS:
                right = (exact >= t) == yes
                for k in range(len(LEAKS)):
                    self.loglik[i] += hit[k] if right else miss[k]
                    i += 1
            return
        top = BUCKETS - 1 if cap is None else cap
        cum = [0.0]
        for b in range(top + 1):
            cum.append(cum[-1] + masses[b])
        total = cum[-1]
        if total <= 1e-12:
            return
        i = 0
        for t in THRESHOLDS:
            below = cum[min(t, top + 1)] / total  # the share of the hands below the threshold
            for leak, _ in LEAKS:
                p_yes = leak * below + (1.0 - leak) * (1.0 - below)
                self.loglik[i] += math.log(max(1e-12, p_yes if yes else 1.0 - p_yes))
                i += 1

    def vector(self) -> list[float]:
        """The chance of yes for each bucket, over the posterior."""
        if self._vector is None:
            top = max(self.loglik)
            w = [math.exp(x - top) for x in self.loglik]
            total = sum(w)
            base = 0.0
            step = [0.0] * (BUCKETS + 1)
            i = 0
            for t in THRESHOLDS:
                for leak, _ in LEAKS:
                    p = w[i] / total
                    base += p * leak
                    step[t] += p * (1.0 - 2.0 * leak)
                    i += 1
            out = []
            run = base
            for b in range(BUCKETS):
                run += step[b]
                out.append(run)
            self._vector = out
        return self._vector


def spot_of(opp_acts: Sequence[str], facing: bool, hero_acted: bool) -> str:
    """The other's spot in the round: not facing a bet, first or checked to;
    facing one, fresh, after its check, after its bet, after its raise."""
    if not facing:
        return "checked" if hero_acted else "first"
    if not opp_acts:
        return "fresh"
    return {"check": "checkraise", "bet": "betraised"}.get(opp_acts[-1], "reraised")


class Policy:
    """The other's learned answers by spot (and, with ``by_role``, by its role)."""

    def __init__(self, by_role: bool = False) -> None:
        self.by_role = by_role
        self.models: dict[tuple[str, str, str], Binary] = {}

    def model(self, role: str, spot: str, which: str) -> Binary:
        key = (role if self.by_role else "", spot, which)
        found = self.models.get(key)
        if found is None:
            found = self.models[key] = Binary()
        return found

    def chances(self, role: str, spot: str, can_raise: bool) -> dict[str, list[float]]:
        """Each act's chance by bucket in ``spot``."""
        if spot in ("first", "checked"):
            bet = self.model(role, spot, "bet").vector()
            return {"bet": bet, "check": [1.0 - p for p in bet]}
        go = self.model(role, spot, "go").vector()
        if not can_raise:
            return {"call": go, "fold": [1.0 - p for p in go]}
        up = self.model(role, spot, "raise").vector()
        return {
            "fold": [1.0 - p for p in go],
            "call": [g * (1.0 - r) for g, r in zip(go, up, strict=True)],
            "raise": [g * r for g, r in zip(go, up, strict=True)],
        }

    def learn(
        self,
        role: str,
        history: Sequence[tuple[str, str, bool]],
        masses: list[float],
        exact: int | None,
        cap: int | None,
    ) -> None:
        """A deal's acts of the other after the exchange: (spot, act, could raise) in order."""
        q = list(masses)
        for spot, act, can_raise in history:
            if spot in ("first", "checked"):
                self.model(role, spot, "bet").add(act == "bet", exact, cap, q)
            else:
                go = act != "fold"
                self.model(role, spot, "go").add(go, exact, cap, q)
                if go and can_raise:
                    gv = self.model(role, spot, "go").vector()
                    qq = [a * b for a, b in zip(q, gv, strict=True)]
                    self.model(role, spot, "raise").add(act == "raise", exact, cap, qq)
            p = self.chances(role, spot, can_raise).get(act)
            if p is not None:
                q = [a * b for a, b in zip(q, p, strict=True)]


def masses_of(cdf: Sequence[float], power: float) -> list[float]:
    """A distribution kept as a mid-cdf (below each bucket and half of it),
    raised to ``power``, as chances by bucket."""
    f = [c**power for c in cdf]
    n = len(f)
    edges = [0.0] + [(f[b - 1] + f[b]) / 2.0 for b in range(1, n)] + [1.0]
    out = [max(0.0, edges[b + 1] - edges[b]) for b in range(n)]
    total = sum(out)
    return [x / total for x in out] if total > 0 else [1.0 / n] * n


class Tree:
    """The rest of the betting round after the exchange, heads-up, the
    other answering by the learned policy (``chances(spot, can_raise)``:
    each act's chance by hand), the hero's later acts chosen without seeing
    its hand (one act for every hand that reaches the turn)."""

    def __init__(
        self,
        chances: Callable[[str, bool], dict[str, list[float]]],
        pot: int,
        hb: int,
        ob: int,
        step: int,
        share: list[float],
        most: int,
    ) -> None:
        self.chances = chances
        self.pot, self.hb0, self.ob0, self.step = pot, hb, ob, step
        self.share = share
        self.n = len(share)
        self.most = most

    def showdown(self, hb: int, ob: int) -> list[float]:
        put = hb - self.hb0
        total = self.pot + put + ob - self.ob0
        return [s * total - put for s in self.share]

    def hero_turn(
        self, w: list[float], level: int, hb: int, ob: int, raises: int, opp: tuple[str, ...], hero: tuple[str, ...]
    ) -> dict[str, list[float]]:
        vals: dict[str, list[float]] = {}
        up = level + self.step
        if level == hb:
            done = bool(opp) and opp[-1] == "check"  # it checked first: a check ends the round
            after = (*hero, "check")
            vals["check"] = self.showdown(hb, ob) if done else self.other_turn(w, level, hb, ob, raises, opp, after)
            vals["bet"] = self.other_turn(w, up, up, ob, raises, opp, (*hero, "bet"))
        else:
            vals["fold"] = [-(hb - self.hb0)] * self.n
            vals["call"] = self.showdown(level, ob)
            if raises < self.most:
                vals["raise"] = self.other_turn(w, up, up, ob, raises + 1, opp, (*hero, "raise"))
        return vals

    def best(
        self, w: list[float], level: int, hb: int, ob: int, raises: int, opp: tuple[str, ...], hero: tuple[str, ...]
    ) -> list[float]:
        vals = self.hero_turn(w, level, hb, ob, raises, opp, hero)
        return max(vals.values(), key=lambda v: sum(a * b for a, b in zip(w, v, strict=True)))

    def other_turn(
        self, w: list[float], level: int, hb: int, ob: int, raises: int, opp: tuple[str, ...], hero: tuple[str, ...]
    ) -> list[float]:
        spot = spot_of(opp, level > ob, bool(hero))
        out = [0.0] * self.n
        up = level + self.step
        for act, p in self.chances(spot, raises < self.most).items():
            sub = [a * b for a, b in zip(w, p, strict=True)]
            if not any(sub):
                continue
            after = (*opp, act)
            if act == "fold":
                v = [float(self.pot + ob - self.ob0)] * self.n
            elif act == "check":
                ends = bool(hero) and hero[-1] == "check"
                v = self.showdown(hb, ob) if ends else self.best(sub, level, hb, ob, raises, after, hero)
            elif act == "call":
                v = self.showdown(hb, level)
            elif act == "bet":
                v = self.best(sub, up, hb, up, raises, after, hero)
            else:
                v = self.best(sub, up, hb, up, raises + 1, after, hero)
            out = [o + a * b for o, a, b in zip(out, p, v, strict=True)]
        return out


def history_of(view: Any, other: int) -> tuple[list[tuple[str, str, bool]], tuple[str, ...], tuple[str, ...]]:
    """The other's acts in the last betting round so far as (spot, act,
    could raise); its acts and the hero's in order."""
    last = view.exchanges + 1
    level = ob = 0
    raises = 0
    opp: list[str] = []
    hero: list[str] = []
    out = []
    for a in view.actions:
        if a.round != last or a.act in ("draw", "small_blind", "big_blind"):
            continue
        if a.seat == other:
            facing = level > ob
            out.append((spot_of(opp, facing, bool(hero)), a.act, raises < MOST_RAISES))
            opp.append(a.act)
        else:
            hero.append(a.act)
        if a.act in ("bet", "raise"):
            level = a.chips
            if a.act == "raise":
                raises += 1
        if a.seat == other and a.act in ("bet", "raise", "call"):
            ob = level
    return out, tuple(opp), tuple(hero)


class Learned:
    """A seat that plays as strong, and after the exchange in jackpots heads-up by :class:`Tree`."""

    def __init__(self, strong: Any, seed: int, by_role: bool = False) -> None:
        self.strong = strong
        self.policy = Policy(by_role)
        self.times = None
        #: the other's hand as read at the round's start, for the deal being played
        self._start: tuple[Any, list[float]] | None = None
        self.decisions = 0
        self.cpu = 0.0
        self.differs = 0

    @property
    def name(self) -> str:
        return "learned"

    @property
    def watches(self) -> bool:
        return True

    def _bot(self) -> Any:
        return self.strong._bot

    def shares(self, state: Any, seat: int, view: Any, model: Any) -> list[float]:
        """The hero's share of the pot at the showdown against a hand in each bucket (a tie within its own)."""
        mine = model.bucket(model.ranking.strength(view.hand))
        return [1.0 if b < mine else 0.5 if b == mine else 0.0 for b in range(BUCKETS)]

    def start_masses(self, state: Any, seat: int, view: Any, model: Any) -> list[float]:
        """The other's hand at the round's start as strong reads it (``Strong._ranges``), by bucket."""
        last = view.exchanges + 1
        before = attrs.evolve(view, actions=tuple(a for a in view.actions if a.round < last))
        ((cdf, power, _),) = self._bot()._ranges(before, model)
        return masses_of(cdf, power)

    def observe(self, game: Any, state: Any, seat: int) -> None:
        view = seat_view(game, state, seat)
        start = self._start
        self._start = None
        if start is not None and start[0] == (view.deal, tuple(s.name for s in view.seats)):
            other = 1 - seat
            history, _, _ = history_of(view, other)
            if history:
                model = _models(view.rules)
                info = view.seats[other]
                exact = cap = None
                if info.shown:
                    exact = model.bucket(model.ranking.strength(info.shown))
                elif info.mucked and view.seats[seat].shown:
                    cap = model.bucket(model.ranking.strength(view.seats[seat].shown))
                role = "opener" if view.opener == other else "other"
                self.policy.learn(role, history, start[1], exact, cap)
        self.strong.observe(game, state, seat)

    def command(self, game: Any, state: Any, seat: int) -> Any:
        command = self.strong.command(game, state, seat)
        if state.phase != "betting" or state.round != 2 or len(state.names) != 2:
            return command
        started = time.process_time()
        view = seat_view(game, state, seat)
        other = 1 - seat
        model = _models(view.rules)
        key = (view.deal, tuple(s.name for s in view.seats))
        if self._start is None or self._start[0] != key:
            self._start = (key, self.start_masses(state, seat, view, model))
        history, opp, hero = history_of(view, other)
        role = "opener" if view.opener == other else "other"
        w = list(self._start[1])
        for spot, act, can_raise in history:
            p = self.policy.chances(role, spot, can_raise).get(act)
            if p is not None:
                w = [a * b for a, b in zip(w, p, strict=True)]
        share = self.shares(state, seat, view, model)
        keep = [b for b in range(BUCKETS) if w[b] > 1e-12]
        if not keep:
            return command
        w = [w[b] for b in keep]
        share = [share[b] for b in keep]
        raises = sum(1 for a in view.actions if a.round == view.exchanges + 1 and a.act == "raise")
        most = raises + (MOST_RAISES if view.raises_left is None else min(MOST_RAISES, view.raises_left))
        cut: dict[tuple[str, bool], dict[str, list[float]]] = {}

        def chances(spot: str, can_raise: bool) -> dict[str, list[float]]:
            if (spot, can_raise) not in cut:
                full = self.policy.chances(role, spot, can_raise)
                cut[(spot, can_raise)] = {a: [v[b] for b in keep] for a, v in full.items()}
            return cut[(spot, can_raise)]

        tree = Tree(chances, view.pot_total, view.me.bet, view.seats[other].bet, view.step, share, most)
        vals = tree.hero_turn(w, view.level, view.me.bet, view.seats[other].bet, raises, opp, hero)
        total = sum(w)
        values = {act: sum(a * b for a, b in zip(w, v, strict=True)) / total for act, v in vals.items()}
        legal = {o.act for o in view.options}
        values = {a: v for a, v in values.items() if a in legal}
        self.decisions += 1
        self.cpu += time.process_time() - started
        if not values:
            return command
        best = max(values, key=lambda a: values[a])
        mine_cmd = command_for(game, view, Decision(best))
        if type(mine_cmd) is not type(command):
            self.differs += 1
        return mine_cmd


def match(seed: int, decks: int, by_role: bool) -> tuple[dict[str, Any], Learned]:
    rules = load_rules("jackpots")
    table = Table(rules, "strong", "sensible", 2, seed)
    player = Learned(table.hero, seed, by_role)
    table.hero = player  # type: ignore[assignment]
    started = time.process_time()
    results, deals = play_deck_sets(table, decks)
    rate, low, high = batched(results, deals)
    out: dict[str, Any] = {
        "ruleset": "jackpots",
        "hero": "learned" + ("-role" if by_role else ""),
        "against": "sensible",
        "players": 2,
        "decks": decks,
        "deals": round(sum(deals) * 2, 1),
        "seed": seed,
        "unit": "big bets",
        "per_100": round(rate, 2),
        "low": round(low, 2),
        "high": round(high, 2),
        "cpu_seconds": round(time.process_time() - started, 1),
        "decisions": player.decisions,
        "decision_cpu": round(player.cpu, 2),
        "differs": player.differs,
        "observations": [[round(x, 4), n] for x, n in zip(results, deals, strict=True)],
    }
    return out, player


def main(argv: Sequence[str] | None = None) -> int:
    parser = _Parser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seeds", default="1")
    parser.add_argument("--decks", type=deck_sets, default=400)
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    seeds = seeds_of(args.seeds)
    runs = []
    for seed in seeds:
        result, player = match(seed, args.decks, False)
        runs.append(result)
        print(
            f"jackpots learned vs sensible hu: {result['per_100']:+8.2f} "
            f"[{result['low']:+8.2f}, {result['high']:+8.2f}]"
            f"  seed {seed}, {result['cpu_seconds']} s; {player.decisions} decisions, "
            f"{1000 * player.cpu / max(1, player.decisions):.2f} ms each, {player.differs} differ from strong",
            flush=True,
        )
        if args.json:
            with open(args.json, "a", encoding="utf-8") as f:
                f.write(json.dumps(result) + "\n")
    if len(runs) >= 2:
        print(summary(runs), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
