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
the strong it was measured against. Since branch ``lr40`` it drives that
module (the lines, the tree, strong's own learning and read) through the
hooks ``bench/jackpots_learned_parts.py`` fills with sensible's rules.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bots import Table, _Parser, batched, deck_sets, play_deck_sets, seeds_of, summary

from drawpoker.bots.draw import last_round
from drawpoker.bots.draw.strong import _models
from drawpoker.games.view import command_for, seat_view
from drawpoker.rules import load_rules


class Learned:
    """A seat that plays as strong, and after the exchange in jackpots
    heads-up decides by :func:`last_round.play_out` from three hooks a
    measure may fill otherwise: the other's answers (:meth:`answers`), its
    hand at the round's start (:meth:`start_masses`) and the hero's share of
    the pot against each bucket (:meth:`shares`). Left as they are, they are
    strong's own, and it decides as strong does."""

    def __init__(self, strong: Any) -> None:
        self.strong = strong
        #: the other's answers where the bench keeps (and learns) its own, from its own read of the
        #: other's hand at the round's start (``jackpots_learned_parts.py``); None: strong's own
        self.own: last_round.Answers | None = None
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

    def answers(self, view: Any) -> last_round.Answers:
        """The other's answers: the bench's own, else strong's as learned at this table."""
        if self.own is not None:
            return self.own
        return self._bot().answers.setdefault(view.seats[1 - view.seat].name, last_round.Answers())  # type: ignore[no-any-return]

    def shares(self, state: Any, seat: int, view: Any, model: Any) -> list[float]:
        """The hero's share of the pot at the showdown against a hand in each bucket (a tie within its own)."""
        return last_round.shares(model.bucket(model.ranking.strength(view.hand)))

    def start_masses(self, state: Any, seat: int, view: Any, model: Any) -> list[float]:
        """The other's hand at the round's start as strong reads it (``Strong._ranges``), by bucket:
        strong's own, read at its decision just made."""
        start = self._bot()._round_start
        assert start is not None and start[0] == (tuple(s.name for s in view.seats), view.deal)
        return start[1]  # type: ignore[no-any-return]

    def observe(self, game: Any, state: Any, seat: int) -> None:
        start, self._start = self._start, None
        if self.own is not None and start is not None:
            view = seat_view(game, state, seat)
            if start[0] == (view.deal, tuple(s.name for s in view.seats)):
                last_round.learn(self.own, view, start[1], _models(view.rules))
        self.strong.observe(game, state, seat)

    def command(self, game: Any, state: Any, seat: int) -> Any:
        command = self.strong.command(game, state, seat)
        if state.phase != "betting":
            return command
        started = time.process_time()
        view = seat_view(game, state, seat)
        if not last_round.plays_out(view):
            return command
        model = _models(view.rules)
        key = (view.deal, tuple(s.name for s in view.seats))
        if self._start is None or self._start[0] != key:
            self._start = (key, self.start_masses(state, seat, view, model))
        decision = last_round.play_out(view, self.answers(view), self._start[1], self.shares(state, seat, view, model))
        self.decisions += 1
        self.cpu += time.process_time() - started
        if decision is None:
            return command
        mine = command_for(game, view, decision)
        if type(mine) is not type(command):
            self.differs += 1
        return mine


def match(
    seed: int, decks: int, make: Callable[[Any], Learned] = Learned, hero: str = "learned"
) -> tuple[dict[str, Any], Learned]:
    """``bench/bots.py``'s match of strong against sensible heads-up in jackpots,
    the hero's seat played by ``make(strong's seat)``, named ``hero``."""
    table = Table(load_rules("jackpots"), "strong", "sensible", 2, seed)
    player = make(table.hero)
    table.hero = player  # type: ignore[assignment]
    started = time.process_time()
    results, deals = play_deck_sets(table, decks)
    rate, low, high = batched(results, deals)
    out: dict[str, Any] = {
        "ruleset": "jackpots",
        "hero": hero,
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
        result, player = match(seed, args.decks)
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
