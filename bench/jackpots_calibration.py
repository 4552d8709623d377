"""Not a timing, and not a player: how well strong's read of sensible's
hand after the exchange in jackpots heads-up matches the hands sensible
really holds there.

    nice -n 10 .venv/bin/python bench/jackpots_calibration.py --seeds 1,2 --decks 200 [--json FILE]

Strong plays ``bench/bots.py``'s duplicate deck sets against sensible as
usual (the same :class:`bots.Table`, the same play move for move). At each
of strong's decisions in the betting round after the exchange the bench
records three things:

* the **prior** for the opponent: the distribution strong starts from
  for that role and number of cards drawn, before any betting narrows it
  (the table model's hands; an opener's read through its openings, a
  player who did not open through what it did before the exchange;
  ``--model-guess``: as before branch ``cal27``, the table model's guess
  for any hand that drew as many);
* the **range** strong uses at the decision: that prior narrowed by the
  betting of the whole deal and mixed with the hands seen after the same
  act (``Strong._ranges``);
* the opponent's **true hand**: the bench peeks at the state for the
  measure only (strong never sees it).

Each distribution is read on a ladder of hand categories (high card, a
pair of each rank, two pair by the top pair, trips, straight, flush, full
house or better): a bucket of the table model holds the categories of the
model's own hands in it, in their shares. A cell is the opponent's role
(opener or caller), the cards it drew and the acts of the round so far
(``-`` none, ``c`` check, ``b`` bet, ``r`` raise, ``k`` call; strong's and
the opponent's in order). Per cell the bench reports the mean log-loss of
the true hand's rung under the prior and under the range (natural log;
the cell's own entropy beside them, the least any one distribution for the
whole cell could score) and strong's chance of the best hand as it reads
it (``equity`` against the range) against how often its hand was in fact
the best (ties half). ``--shares`` prints, for each cell with enough
decisions, the mean shares on a coarse ladder beside the true shares.
"""

from __future__ import annotations

import argparse
import collections
import copy
import json
import math
import os
import sys
from collections.abc import Sequence
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bots import Table, positive, seeds_of

from drawpoker.bots.draw import strong
from drawpoker.bots.draw.model import BUCKETS, TableModel, equity
from drawpoker.bots.draw.strong import Strong, _models
from drawpoker.bots.seat import SeatBot
from drawpoker.games.draw.view import DrawView
from drawpoker.games.view import Decision, command_for
from drawpoker.hands import Category
from drawpoker.rules import load_rules

#: the rungs of the ladder, lowest first
RUNGS = (
    ["high card"]
    + [f"pair {r}" for r in "23456789TJQKA"]
    + [f"two pair {r} up" for r in "3456789TJQKA"]
    + ["trips", "straight", "flush", "full house+"]
)
#: a coarse ladder for printing: the rungs each coarse rung holds
COARSE = (
    ("high", (0,)),
    ("22-TT", tuple(range(1, 10))),
    ("JJ", (10,)),
    ("QQ", (11,)),
    ("KK", (12,)),
    ("AA", (13,)),
    ("2p<J", tuple(range(14, 22))),
    ("2pJ+", tuple(range(22, 26))),
    ("trips", (26,)),
    ("str+", (27, 28, 29)),
)
_FLOOR = 1e-4  # the least chance a rung is given in the log-loss (a distribution that rules the truth out)


def rung(model: TableModel, strength: int) -> int:
    """A hand's rung on the ladder (:data:`RUNGS`)."""
    cat, ranks, _ = model.ranking.parts(strength)
    c = int(cat)
    if c == Category.HIGH_CARD:
        return 0
    if c == Category.ONE_PAIR:
        return ranks[0] - 1  # pair of 2 -> 1 ... aces -> 13
    if c == Category.TWO_PAIR:
        return 14 + ranks[0] - 3  # 3s up -> 14 ... aces up -> 25
    if c == Category.THREE_OF_A_KIND:
        return 26
    if c == Category.STRAIGHT:
        return 27
    if c == Category.FLUSH:
        return 28
    return 29


def bucket_rungs(model: TableModel) -> list[list[float]]:
    """Per bucket of the table model, the shares of each rung among the
    model's own hands in it (every hand it dealt, before and after its
    exchanges)."""
    counts = [[0.0] * len(RUNGS) for _ in range(BUCKETS)]
    for _, strengths in model._played:
        for s in strengths:
            counts[model.bucket(s)][rung(model, s)] += 1.0
    out = []
    for row in counts:
        total = sum(row)
        out.append([x / total for x in row] if total else [0.0] * len(RUNGS))
    # a bucket no model hand fell in: its neighbour's shares
    for b in range(BUCKETS):
        if not any(out[b]):
            out[b] = next(out[c] for c in sorted(range(BUCKETS), key=lambda c: abs(c - b)) if any(out[c]))
    return out


def on_ladder(spread: Sequence[tuple[int, float]], shares: list[list[float]]) -> list[float]:
    """A distribution over buckets ((bucket, chance) pairs) on the ladder."""
    out = [0.0] * len(RUNGS)
    for b, p in spread:
        for i, s in enumerate(shares[b]):
            if s:
                out[i] += p * s
    total = sum(out)
    return [x / total for x in out] if total else out


def powered(cdf: list[float], power: float) -> list[tuple[int, float]]:
    """A distribution kept as a cdf (as :meth:`TableModel.cdf` keeps it), raised to ``power``, as (bucket, chance)."""
    raised = [c**power for c in cdf]
    out = []
    below = 0.0
    for b in range(len(raised)):
        p = max(0.0, 2.0 * (raised[b] - below))
        if p > 1e-12:
            out.append((b, p))
        below += p
    total = sum(p for _, p in out)
    return [(b, p / total) for b, p in out]


def cell_of(view: DrawView, other: int) -> str:
    """The opponent's role, the cards it drew and the acts of the round so far."""
    role = "opener" if view.opener == other else "caller"
    drew = view.seats[other].drew
    letters = {"check": "c", "bet": "b", "raise": "r", "call": "k", "fold": "f"}
    last = view.exchanges + 1
    acts = "".join(letters.get(a.act, "?") for a in view.actions if a.round == last and a.act in letters)
    return f"{role} drew{drew[-1] if drew else 0} {acts or '-'}"


def prior_of(bot: Strong, view: DrawView, model: TableModel, other: int) -> list[float]:
    """The distribution strong starts from for ``other`` before its betting narrows it (as ``Strong._ranges`` starts):
    the table model's guess for its role and draw (an opener's through its openings and its answer to a raise before
    the exchange, ``Strong._read_opener``), or for a player who did not
    open its read from what it did before the exchange (``Strong._read_before``)."""
    drew = view.seats[other].drew
    read = bot._read_before(view, other, model) if strong.READ_BEFORE else None
    if read is not None:  # beside the table model's guess as far as the read is trusted for this player
        trust = bot.openings[view.seats[other].name].trust if view.seats[other].name in bot.openings else None
        guess = model.cdf(view.exchanges, len(drew), drew[-1] if drew else None)
        w = strong._Openings().trust if trust is None else trust
        return [w * r + (1.0 - w) * g for r, g in zip(read, guess, strict=True)]
    weights = bot._opening_weights(view, other, model) if view.to_open else None
    if weights is not None:
        last = drew[-1] if drew else None
        read = bot._read_opener(view, other, model, weights) if strong.READ_BEFORE else None
        return read or model.cdf_levels(weights, view.exchanges, len(drew), last)
    return model.cdf(view.exchanges, len(drew), drew[-1] if drew else None)


class Record:
    """One decision's read and the truth."""

    __slots__ = ("cell", "prior", "used", "truth", "mine", "equity", "won", "act")

    def __init__(
        self, cell: str, prior: list[float], used: list[float], truth: int, mine: int, e: float, won: float, act: str
    ) -> None:
        self.cell, self.prior, self.used, self.truth, self.mine = cell, prior, used, truth, mine
        self.equity, self.won, self.act = e, won, act


class Answer:
    """One decision where strong could bet or raise: what it foresaw the
    other doing if it did (fold, call, raise: ``Strong._aggression_gain``'s
    going on and ``Strong._raised``'s share of it raised), and what the other
    would have done (its own bot asked, on a copy of the table, after the
    bet or raise)."""

    __slots__ = ("cell", "act", "did", "fold", "call", "raise_", "truth", "mine")

    def __init__(
        self, cell: str, act: str, did: bool, foreseen: tuple[float, float, float], truth: str, mine: int
    ) -> None:
        self.cell, self.act, self.did, self.truth, self.mine = cell, act, did, truth, mine
        self.fold, self.call, self.raise_ = foreseen


#: what ``Strong._raised`` was last asked with: each opponent's going on and its share of it raised
_FORESEEN: list[tuple[float, float]] = []
_raised = Strong._raised


def _watch_raised(
    self: Strong,
    view: DrawView,
    mine: list[tuple[int, float]],
    ranges: list[tuple[list[float], float]],
    goes: list[float],
    size: int,
    pot: float,
) -> float:
    _FORESEEN.clear()
    for g, seat in zip(goes, view.opponents(), strict=True):
        h = self._habits(view, seat)  # the share of its going on raised, as ``Strong._raised`` reads it
        _FORESEEN.append((g, min(1.0, h.raising / max(1e-9, h.going_on))))
    return _raised(self, view, mine, ranges, goes, size, pot)


class Watching(SeatBot):
    """A seat that, when its bot is strong and it decides after the exchange
    heads-up, records strong's read of the other's hand and the hand itself
    (peeked at in the state, for the measure only)."""

    records: list[Record] = []
    shares: dict[int, list[list[float]]] = {}
    #: with ``--answers``: the table (its other seat is asked what it would answer) and the answers
    table: Table | None = None
    answers: list[Answer] = []

    def decision(self, game: Any, state: Any, seat: int) -> tuple[Any, Decision]:
        _FORESEEN.clear()
        view, decision = super().decision(game, state, seat)
        bot = self._bot
        if (
            isinstance(bot, Strong)
            and isinstance(view, DrawView)
            and view.phase == "betting"
            and view.round > view.exchanges
            and len(view.opponents()) == 1
        ):
            self._record(bot, view, state, decision)
            if Watching.table is not None:
                self._answer(bot, game, view, state, decision)
        return view, decision

    def _answer(self, bot: Strong, game: Any, view: DrawView, state: Any, decision: Decision) -> None:
        can = {o.act for o in view.options}
        act = "raise" if "raise" in can else "bet" if "bet" in can else None
        if act is None or len(_FORESEEN) != 1 or Watching.table is None:
            return
        goes, share = _FORESEEN[0]
        (other,) = view.opponents()
        st = copy.deepcopy(state)
        game.handle(st, command_for(game, view, Decision(act)))
        if st.to_act != other:
            return
        them = copy.deepcopy(Watching.table.others[0])  # its own randomness copied: the play goes on unchanged
        _, answer = them.decision(game, st, other)
        model = _models(view.rules)
        Watching.answers.append(
            Answer(
                cell_of(view, other),
                act,
                decision.act == act,
                (1.0 - goes, goes * (1.0 - share), goes * share),
                answer.act,
                rung(model, model.ranking.strength(view.hand)),
            )
        )

    def _record(self, bot: Strong, view: DrawView, state: Any, decision: Decision) -> None:
        model = _models(view.rules)
        shares = Watching.shares.get(id(model))
        if shares is None:
            shares = Watching.shares[id(model)] = bucket_rungs(model)
        (other,) = view.opponents()
        ((cdf, power, _),) = bot._ranges(view, model)
        prior = on_ladder(model.spread(prior_of(bot, view, model, other)), shares)
        used = on_ladder(powered(cdf, power), shares)
        strength = model.ranking.strength
        theirs = strength(tuple(state.hands[other]))
        mine = strength(view.hand)
        e = equity([(model.bucket(mine), 1.0)], [(cdf, power)])
        won = 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        Watching.records.append(
            Record(cell_of(view, other), prior, used, rung(model, theirs), rung(model, mine), e, won, decision.act)
        )


def play(seed: int, decks: int, answers: bool = False) -> list[Record]:
    """Strong against sensible heads-up, ``decks`` deck sets of seed ``seed``: every read after the exchange
    (``answers``: also each answer of sensible's to a bet or raise strong could make there, added to
    ``Watching.answers``; the play is the same move for move)."""
    Watching.records = []
    table = Table(load_rules("jackpots"), "strong", "sensible", 2, seed, seat_bot=Watching)
    if answers:  # sensible's answers to strong's bets and raises go to Watching.answers
        Watching.table = table
        Strong._raised = _watch_raised  # type: ignore[method-assign]
    try:
        for index in range(decks):
            table.deck_set(index)
    finally:
        Watching.table = None
        Strong._raised = _raised  # type: ignore[method-assign]
    return list(Watching.records)


def _loss(dist: Sequence[float], truth: int) -> float:
    return -math.log(max(_FLOOR, dist[truth]))


def report(records: Sequence[Record], least: int, shares: bool) -> list[str]:
    """The table of cells (and the coarse shares of those with ``least`` decisions or more)."""
    cells: dict[str, list[Record]] = collections.defaultdict(list)
    for r in records:
        cells[r.cell].append(r)
    lines = [
        f"{len(records)} decisions after the exchange; log-loss of the true rung (nats): "
        f"prior {sum(_loss(r.prior, r.truth) for r in records) / len(records):.3f}, "
        f"range {sum(_loss(r.used, r.truth) for r in records) / len(records):.3f}; "
        f"strong's chance of the best hand {sum(r.equity for r in records) / len(records):.3f}, "
        f"best in fact {sum(r.won for r in records) / len(records):.3f}",
        "cell                      n   LL prior  LL range  entropy   equity  best  |equity-best| by decision",
    ]
    for cell in sorted(cells, key=lambda c: -len(cells[c])):
        rs = cells[cell]
        n = len(rs)
        truth = collections.Counter(r.truth for r in rs)
        entropy = -sum(k / n * math.log(k / n) for k in truth.values())
        lines.append(
            f"{cell:22} {n:5}   {sum(_loss(r.prior, r.truth) for r in rs) / n:7.3f}  "
            f"{sum(_loss(r.used, r.truth) for r in rs) / n:7.3f}  {entropy:7.3f}   "
            f"{sum(r.equity for r in rs) / n:6.3f}  {sum(r.won for r in rs) / n:5.3f}  "
            f"{sum(abs(r.equity - r.won) for r in rs) / n:6.3f}"
        )
    n_all = len(records)
    floor = 0.0
    for rs in cells.values():
        truth = collections.Counter(r.truth for r in rs)
        floor -= sum(k * math.log(k / len(rs)) for k in truth.values())
    lines.append(f"(the cells' own entropy, weighed by their decisions: {floor / n_all:.3f})")
    lines.append("")
    lines.append("strong's chance of the best hand, binned: decisions, mean read, best in fact (by the other's role)")
    for role in ("opener", "caller"):
        rs = [r for r in records if r.cell.startswith(role)]
        bins: dict[int, list[Record]] = collections.defaultdict(list)
        for r in rs:
            bins[min(9, int(r.equity * 10))].append(r)
        parts = []
        for b in sorted(bins):
            bs = bins[b]
            read = sum(r.equity for r in bs) / len(bs)
            parts.append(f"{b / 10:.1f}-: {len(bs)} {read:.2f}/{sum(r.won for r in bs) / len(bs):.2f}")
        lines.append(f"  other the {role}: " + "; ".join(parts))
    if shares:
        lines.append("")
        lines.append("mean shares on a coarse ladder: prior / range / true (cells with " + f"{least}+ decisions)")
        lines.append(" " * 22 + "".join(f"{name:>16}" for name, _ in COARSE))
        for cell in sorted(cells, key=lambda c: -len(cells[c])):
            rs = cells[cell]
            if len(rs) < least:
                continue
            n = len(rs)
            parts = []
            for _, rungs in COARSE:
                p = sum(r.prior[i] for r in rs for i in rungs) / n
                u = sum(r.used[i] for r in rs for i in rungs) / n
                t = sum(1 for r in rs if r.truth in rungs) / n
                parts.append(f"{p:4.2f}/{u:4.2f}/{t:4.2f}".rjust(16))
            lines.append(f"{cell:22}" + "".join(parts))
    return lines


def answers_report(answers: Sequence[Answer]) -> list[str]:
    """Per cell and act: strong's foreseen answer to its bet or raise against the other's, at every such decision
    and where strong did bet or raise."""
    cells: dict[tuple[str, str], list[Answer]] = collections.defaultdict(list)
    for a in answers:
        cells[(a.cell, a.act)].append(a)
    lines = [
        f"{len(answers)} decisions where strong could bet or raise after the exchange: the other's answer to it,",
        "foreseen by strong (fold/call/raise, mean) and as its bot answers on a copy of the table;",
        "'did': the decisions where strong bet or raised",
        "cell                   act     n  foreseen f/c/r      answered f/c/r    did  foreseen f/c/r    answered f/c/r",
    ]

    def shares(rs: Sequence[Answer]) -> str:
        if not rs:
            return " " * 36
        n = len(rs)
        fore = (sum(a.fold for a in rs) / n, sum(a.call for a in rs) / n, sum(a.raise_ for a in rs) / n)
        true = [sum(1 for a in rs if a.truth == t) / n for t in ("fold", "call", "raise")]
        return "{:.2f}/{:.2f}/{:.2f}    {:.2f}/{:.2f}/{:.2f}".format(*fore, *true)

    for key in sorted(cells, key=lambda k: -len(cells[k])):
        rs = cells[key]
        did = [a for a in rs if a.did]
        lines.append(f"{key[0]:22} {key[1]:5} {len(rs):5}  {shares(rs)}  {len(did):5}  {shares(did)}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="1,2", help="one run a seed (1,2 or 1-4)")
    parser.add_argument("--decks", type=positive, default=200)
    parser.add_argument("--least", type=positive, default=40, help="the fewest decisions of a cell whose shares print")
    parser.add_argument("--shares", action="store_true", help="print each cell's mean shares on a coarse ladder")
    parser.add_argument("--json", metavar="FILE", help="write every decision's cell, prior, range and truth")
    parser.add_argument(
        "--answers",
        action="store_true",
        help="also: strong's foreseen answer to its bet or raise against the other's own (asked on a copy)",
    )
    parser.add_argument(
        "--model-guess",
        action="store_true",
        help="strong reads a player who did not open as the table model's guess (READ_BEFORE off, as before cal27)",
    )
    args = parser.parse_args(argv)
    if args.model_guess:
        strong.READ_BEFORE = False
    try:
        seeds = seeds_of(args.seeds)
    except ValueError:
        parser.error(f"--seeds: {args.seeds!r} is not a list of different seeds (1,2 or 1-4)")
    records: list[Record] = []
    Watching.answers = []
    for seed in seeds:
        records.extend(play(seed, args.decks, args.answers))
    if not records:
        print("no decision after the exchange heads-up")
        return 0
    for line in report(records, args.least, args.shares):
        print(line)
    if args.answers:
        print()
        for line in answers_report(Watching.answers):
            print(line)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            for r in records:
                row = {"cell": r.cell, "truth": r.truth, "mine": r.mine, "equity": r.equity, "won": r.won, "act": r.act}
                row["prior"] = [round(x, 5) for x in r.prior]
                row["used"] = [round(x, 5) for x in r.used]
                f.write(json.dumps(row) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
