"""Not a player for the table, a measure: where the learned player of
``bench/jackpots_learned.py`` falls short of the best answer to sensible,
by giving it one of its two parts from sensible's own rules (which strong
must not read), the other as it learns it:

- ``--part policy``: sensible's answers after the exchange by its rules
  (``jackpots_ceiling.sensible_acts``, its grade read from the bucket of
  its hand), its hand as strong reads it at the round's start.
- ``--part range``: its hand at the round's start as sensible's rules and
  its public acts before the exchange allow it (``jackpots_whole_deal``'s
  pool; the hero's cards not taken out, as strong's read does not), its
  answers as learned.
- ``--part both``: the two together (what is left to ``jackpots_whole_deal``'s
  ``after`` is then the hero's cards taken out of sensible's hands and its
  hands' strengths counted exactly, not by bucket).
- ``--part exact``: the two together, and the hero's share of the pot
  against each bucket counted from the pool's hands in it exactly (a tie
  only where the strengths are equal); what is left to ``after`` is the
  hero's cards taken out, and its answers by bucket (a grade by bucket).

    nice -n 10 .venv/bin/python bench/jackpots_learned_parts.py --part policy --seeds 1-30 --decks 400 --json F

Each run pairs with strong's and the learned player's of the same seed.
"""

from __future__ import annotations

import bisect
import itertools
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bots import _Parser, deck_sets, seeds_of, summary
from jackpots_ceiling import sensible_acts
from jackpots_learned import Learned, match
from jackpots_whole_deal import Pool, chance_round1

from drawpoker.bots.draw.last_round import Answers
from drawpoker.bots.draw.model import BUCKETS
from drawpoker.bots.draw.strong import _models
from drawpoker.cards import parse_cards
from drawpoker.rules import load_rules

#: a spot of the other's (``last_round.spot_of``) as sensible's rules see it: what it may do, the raises
#: made, the bets to call
SPOTS = {
    "first": (frozenset({"check", "bet"}), 0, 0),
    "checked": (frozenset({"check", "bet"}), 0, 0),
    "fresh": (frozenset({"call", "fold", "raise"}), 0, 2),
    "check-raised": (frozenset({"call", "fold", "raise"}), 0, 2),
    "bet-raised": (frozenset({"call", "fold", "raise"}), 1, 2),
    "reraised": (frozenset({"call", "fold", "raise"}), 2, 2),
}


class Rules(Answers):
    """Sensible's answers by its rules, its grade read from its hand's bucket; nothing learned."""

    def __init__(self, model: Any) -> None:
        super().__init__()
        edges = [
            model.bucket(model.ranking.strength(parse_cards(h)))
            for h in ("8c 8d 2h 3s 4c", "Qc Qd 2h 3s 4c", "2c 2d 3h 3s 4c", "Ac 2d 3h 4s 5c")
        ]
        self.grades = [sum(1 for e in edges if b >= e) for b in range(BUCKETS)]
        self.known: dict[tuple[str, bool], dict[str, list[float]]] = {}

    def chances(self, spot: str, can_raise: bool) -> dict[str, list[float]]:
        key = (spot, can_raise)
        if key not in self.known:
            can, raises, to_call = SPOTS[spot]
            if not can_raise:
                can = can - {"raise"}
            out: dict[str, list[float]] = {}
            for b, grade in enumerate(self.grades):
                for act, p in sensible_acts(grade, set(can), raises, to_call, 2).items():
                    out.setdefault(act, [0.0] * BUCKETS)[b] += p
            self.known[key] = out
        return self.known[key]

    def learn(
        self, acts: Sequence[tuple[str, str, bool]], masses: Sequence[float], exact: int | None, most: int | None
    ) -> None:
        return None


class Parts(Learned):
    """The learned player with sensible's answers (``Rules``) and/or its range (the pool) in strong's place;
    with strong's read and the pool's range its answers are learned by the bench, from that range."""

    def __init__(self, strong: Any, part: str, pool: Pool | None) -> None:
        super().__init__(strong)
        self.part = part
        self.pool = pool
        #: sensible's hands at the round's start by its acts before it and its draw (the hero's cards counted
        #: in: strong's read does not take them out either)
        self.known: dict[tuple[Any, ...], list[float]] = {}
        #: the pool's strengths in each bucket, sorted, with their weights summed (``--part exact``)
        self.strengths: dict[tuple[Any, ...], list[tuple[list[int], list[float]]]] = {}
        self.key: tuple[Any, ...] = ()
        if part in ("policy", "both", "exact"):
            self.own = Rules(_models(load_rules("jackpots")))
        elif part == "range":
            self.own = Answers()

    def start_masses(self, state: Any, seat: int, view: Any, model: Any) -> list[float]:
        if self.part not in ("range", "both", "exact") or self.pool is None:
            return super().start_masses(state, seat, view, model)
        other = 1 - seat
        acts = [(a.round, a.seat, a.act, a.chips) for a in state.actions]
        drew = next(a[3] for a in acts if a[2] == "draw" and a[1] == other)
        key = (tuple((a[1] == other, a[2]) for a in acts if a[0] == 1 and a[2] != "draw"), drew)
        if key not in self.known:
            first = chance_round1(acts, other)
            out = [0.0] * BUCKETS
            rows: list[list[tuple[int, float]]] = [[] for _ in range(BUCKETS)]
            for d in self.pool.by_drew[drew]:
                p = first[(d.grade1, d.opens)]
                if p:
                    out[model.bucket(d.final)] += p
                    rows[model.bucket(d.final)].append((d.final, p))
            total = sum(out)
            self.known[key] = [x / total for x in out] if total else []
            strengths = []
            for row in rows:
                row.sort()
                strengths.append(([s for s, _ in row], list(itertools.accumulate((p for _, p in row), initial=0.0))))
            self.strengths[key] = strengths
        self.key = key
        return self.known[key] or super().start_masses(state, seat, view, model)

    def shares(self, state: Any, seat: int, view: Any, model: Any) -> list[float]:
        if self.part != "exact" or self.key not in self.strengths:
            return super().shares(state, seat, view, model)
        mine = model.ranking.strength(view.hand)
        out = []
        for b, (strengths, sums) in enumerate(self.strengths[self.key]):
            if not strengths:
                out.append(1.0 if b < model.bucket(mine) else 0.5 if b == model.bucket(mine) else 0.0)
                continue
            lo, hi = bisect.bisect_left(strengths, mine), bisect.bisect_right(strengths, mine)
            out.append((sums[lo] + 0.5 * (sums[hi] - sums[lo])) / sums[-1])
        return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = _Parser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--part", choices=("policy", "range", "both", "exact"), required=True)
    parser.add_argument("--seeds", default="1")
    parser.add_argument("--decks", type=deck_sets, default=400)
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    pool = Pool() if args.part in ("range", "both", "exact") else None
    runs = []
    for seed in seeds_of(args.seeds):
        result, _ = match(seed, args.decks, lambda strong: Parts(strong, args.part, pool), f"learned-{args.part}-known")
        rate, low, high = result["per_100"], result["low"], result["high"]
        runs.append(result)
        print(f"{result['hero']}: {rate:+.2f} [{low:+.2f}, {high:+.2f}] seed {seed}", flush=True)
        if args.json:
            with open(args.json, "a", encoding="utf-8") as f:
                f.write(json.dumps(result) + "\n")
    if len(runs) >= 2:
        print(summary(runs), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
