"""Not a timing, and not a player: how much strong leaves on the table
after the draw in jackpots heads-up against sensible, measured by a best
response that knows sensible's rules.

    nice -n 10 .venv/bin/python bench/jackpots_ceiling.py --seeds 1,2 --decks 200

Strong plays ``bench/bots.py``'s duplicate deck sets against sensible as
usual. At each of strong's decisions in the betting round after the
exchange, sensible's hand is sampled as its rules allow: five cards dealt
from those strong has not seen, kept when sensible's rules (its grades,
its bluff one time in twenty, openers to open, the rule of thumb's draw)
give its public acts this deal with some chance, weighed by that chance,
then the cards it drew dealt from the rest. Each legal act of strong's is
then worth what it wins on average over those hands when the rest of the
round is played as the best answer to sensible's rules: sensible's acts
by its rules, strong's later acts in the round the best on average over
the sampled hands that reach that turn (one act for all of them: it does
not see sensible's cards). ``--seeing`` gives the first version's answer,
which chose strong's later acts seeing the sampled hand (it folds to a
raise exactly when beaten), and so flattered the acts that leave strong a
later turn: raising, checking to raise (seeds 1 and 2, 200 deck sets,
main's strong at 3e96dcc: +3.52 BB/100 seeing, +2.49 not). The best act's
worth less the worth of the act strong chose, summed, is what strong
would win more by deciding once better at each such decision (in big
bets per 100 deals, every deal counted, passed-out ones too), by the
strong act and the best one.

This reads sensible's rules (``drawpoker/bots/draw/basic.py``), which
strong must not: it tells how close strong's reading of what it sees is
to the best it could do against this one opponent, not how to play.
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import sys
from collections.abc import Iterator, Sequence
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bots import _MOST_REDEALS, Table, positive, seeds_of

from drawpoker.bots.draw.basic import Sensible
from drawpoker.bots.draw.common import _plain_grade, rule_of_thumb
from drawpoker.cards import deck_of
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.games.draw.in_play import deck_jokers
from drawpoker.games.draw.openers import JACKS, qualifies
from drawpoker.hands import Category, hand_parts, strength
from drawpoker.rules import load_rules

BLUFF = Sensible.bluffs
DECK = list(deck_of(0))
Acts = list[tuple[int, int, str, int]]


def sensible_acts(grade: int, can: set[str], raises: int, to_call: int, step: int) -> dict[str, float]:
    """Sensible's fixed-limit betting (``Sensible.bet``) as chances of each act, its bluff included."""
    out: dict[str, float] = collections.defaultdict(float)
    for g, p in ((grade, 1.0 - BLUFF), (grade + 1, BLUFF)):
        if "raise" in can and ((g >= 4 and raises < 4) or (g == 3 and raises < 2)):
            act = "raise"
        elif g >= 2 and "bet" in can:
            act = "bet"
        elif "check" in can:
            act = "check"
        elif g >= 2 or (g == 1 and to_call <= step):
            act = "call"
        else:
            act = "fold"
        out[act] += p
    return out


def _spots(acts: Acts, round_no: int, seat: int, opens: bool) -> list[tuple[str, set[str], int, int, int]]:
    """Each act of ``seat`` in ``round_no``: the act, what it could do, the raises made, its price, the bet."""
    step = 1 if round_no == 1 else 2
    level, raises, out = 0, 0, []
    bets: dict[int, int] = collections.defaultdict(int)
    for r, who, act, _ in acts:
        if r != round_no or act == "draw":
            continue
        if who == seat:
            can = (
                ({"check", "bet"} if round_no != 1 or opens else {"check"}) if level == 0 else {"call", "fold", "raise"}
            )
            out.append((act, can, raises, level - bets[who], step))
        if act == "bet":
            level = bets[who] = step
        elif act == "raise":
            raises += 1
            level += step
            bets[who] = level
        elif act == "call":
            bets[who] = level
    return out


def _chance(hand: tuple[Any, ...], acts: Acts, round_no: int, seat: int) -> float:
    grade = _plain_grade(hand, round_no == 1)
    p = 1.0
    for act, can, raises, to_call, step in _spots(acts, round_no, seat, qualifies(hand, JACKS)):
        p *= sensible_acts(grade, can, raises, to_call, step).get(act, 0.0)
        if not p:
            break
    return p


def sample(rng: random.Random, state: Any, hero: int, other: int, n: int = 300) -> list[tuple[tuple[Any, ...], float]]:
    """Sensible's hands now, as its rules and its public acts allow, with their weights."""
    seen = set(state.dealt[hero]) | set(state.hands[hero])
    pool = [c for c in DECK if c not in seen]
    acts: Acts = [(a.round, a.seat, a.act, a.chips) for a in state.actions]
    drew = next(a[3] for a in acts if a[2] == "draw" and a[1] == other)
    out: list[tuple[tuple[Any, ...], float]] = []
    for _ in range(20000):
        if len(out) >= n:
            break
        cards = rng.sample(pool, 5 + drew)
        dealt = tuple(cards[:5])
        thrown = rule_of_thumb(dealt, 3)
        if len(thrown) != drew:
            continue
        p = _chance(dealt, acts, 1, other)
        if p:
            now = tuple(c for c in dealt if c not in thrown) + tuple(cards[5:])
            p *= _chance(now, acts, 2, other)
            if p:
                out.append((now, p))
    return out


class _Round:
    """The rest of the betting round against one hand of sensible's: the
    hero's best answers, sensible's acts by its rules (memoised)."""

    def __init__(self, state: Any, hero: int, other: int, hand: tuple[Any, ...]) -> None:
        acts = [a for a in state.actions if a.round == 2]
        self.bets: list[int] = list(state.bets)
        self.pot: int = state.pot_total()
        self.hero, self.other = hero, other
        mine, theirs = strength(tuple(state.hands[hero])), strength(hand)
        self.share = 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        self.grade = _plain_grade(hand, False)
        self.other_acted = any(a.seat == other for a in acts)
        self.checked = any(a.seat == other and a.act == "check" for a in acts)
        self.raises = sum(1 for a in acts if a.act == "raise")
        self.memo: dict[tuple[Any, ...], Any] = {}

    def showdown(self, hero_bet: int, other_bet: int) -> float:
        put = hero_bet - self.bets[self.hero]
        return self.share * (self.pot + put + other_bet - self.bets[self.other]) - put

    def hero_turn(self, level: int, hb: int, ob: int, raises: int, both_checked: bool) -> dict[str, float]:
        key = ("h", level, hb, ob, raises, both_checked)
        if key not in self.memo:
            vals: dict[str, float] = {}
            if level == hb:
                done = both_checked or self.other_acted
                vals["check"] = self.showdown(hb, ob) if done else self.other_turn(level, hb, ob, raises, True)
                if raises < 12:
                    vals["bet"] = self.other_turn(2, 2, ob, raises, False)
            else:
                vals["fold"] = -(hb - self.bets[self.hero])
                vals["call"] = self.showdown(level, ob)
                if raises < 12:
                    vals["raise"] = self.other_turn(level + 2, level + 2, ob, raises + 1, False)
            self.memo[key] = vals
        return self.memo[key]  # type: ignore[no-any-return]

    def best(self, level: int, hb: int, ob: int, raises: int, both_checked: bool) -> float:
        return max(self.hero_turn(level, hb, ob, raises, both_checked).values())

    def other_turn(self, level: int, hb: int, ob: int, raises: int, after_check: bool) -> float:
        key = ("o", level, hb, ob, raises, after_check)
        if key not in self.memo:
            can = {"check", "bet"} if level == ob else {"call", "fold", "raise"}
            value = 0.0
            for act, p in sensible_acts(self.grade, can, raises, level - ob, 2).items():
                if act == "fold":
                    value += p * (self.pot + ob - self.bets[self.other])
                elif act == "check":
                    value += p * (self.showdown(hb, ob) if after_check else self.best(level, hb, ob, raises, True))
                elif act == "call":
                    value += p * self.showdown(hb, level)
                elif act == "bet":
                    value += p * self.best(2, hb, 2, raises, False)
                else:
                    value += p * self.best(level + 2, hb, level + 2, raises + 1, False)
            self.memo[key] = value
        return self.memo[key]  # type: ignore[no-any-return]


class _Blind:
    """The rest of the betting round against all the sampled hands at once,
    the hero's later acts chosen without seeing sensible's hand: at each of
    its later turns one act for every hand, the best on average over the
    hands that reach that turn (weighed by how likely sensible's rules make
    its acts on the way). This is a best answer to sensible's rules as a
    player who knows them but not the cards would give; :class:`_Round`'s
    answer sees the cards at every later turn (it folds to a raise exactly
    when beaten), which flatters the acts that leave the hero a later turn
    (raising, checking to raise)."""

    def __init__(self, state: Any, hero: int, other: int, hands: list[tuple[tuple[Any, ...], float]]) -> None:
        self.rounds = [_Round(state, hero, other, hand) for hand, _ in hands]
        first = self.rounds[0] if self.rounds else None
        self.bets = first.bets if first else []
        self.hero, self.other = hero, other
        self.other_acted = bool(first and first.other_acted)

    def showdown(self, hb: int, ob: int) -> list[float]:
        return [r.showdown(hb, ob) for r in self.rounds]

    def hero_turn(
        self, w: list[float], level: int, hb: int, ob: int, raises: int, both_checked: bool
    ) -> dict[str, list[float]]:
        vals: dict[str, list[float]] = {}
        if level == hb:
            done = both_checked or self.other_acted
            vals["check"] = self.showdown(hb, ob) if done else self.other_turn(w, level, hb, ob, raises, True)
            if raises < 12:
                vals["bet"] = self.other_turn(w, 2, 2, ob, raises, False)
        else:
            vals["fold"] = [-(hb - self.bets[self.hero])] * len(self.rounds)
            vals["call"] = self.showdown(level, ob)
            if raises < 12:
                vals["raise"] = self.other_turn(w, level + 2, level + 2, ob, raises + 1, False)
        return vals

    def best(self, w: list[float], level: int, hb: int, ob: int, raises: int, both_checked: bool) -> list[float]:
        vals = self.hero_turn(w, level, hb, ob, raises, both_checked)
        return max(vals.values(), key=lambda v: sum(a * b for a, b in zip(w, v, strict=True)))

    def other_turn(self, w: list[float], level: int, hb: int, ob: int, raises: int, after_check: bool) -> list[float]:
        can = {"check", "bet"} if level == ob else {"call", "fold", "raise"}
        n = len(self.rounds)
        chances = [sensible_acts(r.grade, can, raises, level - ob, 2) for r in self.rounds]
        out = [0.0] * n
        for act in ("fold", "check", "call", "bet", "raise"):
            p = [c.get(act, 0.0) for c in chances]
            if not any(p):
                continue
            if act == "fold":
                v: list[float] = [self.rounds[i].pot + ob - self.bets[self.other] for i in range(n)]
            elif act == "check":
                sub = [a * b for a, b in zip(w, p, strict=True)]
                v = self.showdown(hb, ob) if after_check else self.best(sub, level, hb, ob, raises, True)
            elif act == "call":
                v = self.showdown(hb, level)
            elif act == "bet":
                v = self.best([a * b for a, b in zip(w, p, strict=True)], 2, hb, 2, raises, False)
            else:
                v = self.best([a * b for a, b in zip(w, p, strict=True)], level + 2, hb, level + 2, raises + 1, False)
            out = [o + a * b for o, a, b in zip(out, p, v, strict=True)]
        return out


def worth_blind(state: Any, hero: int, other: int, hands: list[tuple[tuple[Any, ...], float]]) -> dict[str, float]:
    """As :func:`worth`, the hero's later acts chosen without seeing the hand (:class:`_Blind`)."""
    if not hands:
        return {}
    blind = _Blind(state, hero, other, hands)
    w = [weight for _, weight in hands]
    first = blind.rounds[0]
    level = max(state.bets)
    vals = blind.hero_turn(w, level, first.bets[hero], first.bets[other], first.raises, first.checked)
    total = sum(w)
    return {act: sum(a * b for a, b in zip(w, v, strict=True)) / total for act, v in vals.items()}


def worth(state: Any, hero: int, other: int, hands: list[tuple[tuple[Any, ...], float]]) -> dict[str, float]:
    """Each legal act of the hero's now: its chips back less its chips put in from here, on average."""
    total: dict[str, float] = collections.defaultdict(float)
    weights = 0.0
    level = max(state.bets)
    for hand, weight in hands:
        r = _Round(state, hero, other, hand)
        for act, value in r.hero_turn(level, r.bets[hero], r.bets[other], r.raises, r.checked).items():
            total[act] += weight * value
        weights += weight
    return {act: value / weights for act, value in total.items()} if weights else {}


def walk(table: Table, decks: int, dealt: list[int]) -> Iterator[tuple[int, Any, list[Any], int, Any]]:
    """Every decision of ``decks`` duplicate deck sets of ``table``, heads-up,
    the hero in each seat in turn (a deal nobody opens dealt again into its
    pot, as ``bench/bots.py`` deals): ``(hero, state, bots, seat, command)``
    before the command is carried out; the deals dealt are added to
    ``dealt[0]``."""
    game = table.game
    for index in range(decks):
        for hero in range(2):
            bots = list(table.others)
            bots.insert(hero, table.hero)
            state = game.new_state()
            game.handle(state, game.sit_down(("Hero", "V1") if hero == 0 else ("V1", "Hero"), (40, 40), index % 2))
            shuffler = RandomShuffler(table.deck_seed ^ (index * 0x9E3779B97F4A7C15 & (2**64 - 1)), 0)
            deals = 0
            while state.phase != "session_over":
                if state.phase == "between_deals":
                    if (deals and not state.carried) or deals >= _MOST_REDEALS:
                        break
                    game.handle(state, game.start_deal(*shuffler.shuffle(deck_jokers(game, state))))
                    deals += 1
                    continue
                seat = state.to_act
                command = bots[seat].command(game, state, seat)
                yield hero, state, bots, seat, command
                game.handle(state, command)
                if state.phase in ("between_deals", "session_over"):
                    for other, watcher in enumerate(bots):
                        if watcher.watches:
                            watcher.observe(game, state, other)
            dealt[0] += deals


def _letters(state: Any, hero: int, round_no: int) -> str:
    """The acts of betting round ``round_no`` so far, in order: ``S`` strong's, ``o`` the other's
    (``c`` check, ``b`` bet, ``r`` raise, ``k`` call, ``f`` fold), or ``-`` for none."""
    letters = {"check": "c", "bet": "b", "raise": "r", "call": "k", "fold": "f"}
    out = "".join(
        ("S" if a.seat == hero else "o") + letters[a.act]
        for a in state.actions
        if a.round == round_no and a.act in letters
    )
    return out or "-"


def _hand_class(hand: Sequence[Any]) -> str:
    """A hand after the exchange, coarsely: a pair below queens, each pair above, two pair below or from
    queens up, three of a kind, a straight or better."""
    cat, ranks = hand_parts(strength(tuple(hand)))
    if cat == Category.ONE_PAIR:
        return "pair " + "23456789TJQKA"[ranks[0] - 2] if ranks[0] >= 12 else "pair <Q"
    if cat == Category.TWO_PAIR:
        return "two pair Q+" if ranks[0] >= 12 else "two pair <Q"
    if cat == Category.THREE_OF_A_KIND:
        return "trips"
    return "straight+" if cat > Category.THREE_OF_A_KIND else "high card"


def run(
    seed: int, decks: int, seeing: bool = False, spots: bool = False
) -> tuple[dict[tuple[str, ...], list[float]], int]:
    """``{(role, chosen, best): [decisions, chips more]}`` and the deals played; with ``spots``
    the key also holds the acts before the exchange and in the round so far, the cards the other
    drew and strong's hand (:func:`_hand_class`)."""
    rules = load_rules("jackpots")
    table = Table(rules, "strong", "sensible", 2, seed)
    rng = random.Random(seed)
    gains: dict[tuple[str, ...], list[float]] = collections.defaultdict(lambda: [0.0, 0.0])
    dealt = [0]
    for hero, state, _, seat, command in walk(table, decks, dealt):
        if seat == hero and state.phase == "betting" and state.round == 2:
            hands = sample(rng, state, hero, 1 - hero)
            values = (worth if seeing else worth_blind)(state, hero, 1 - hero, hands)
            chosen = type(command).__name__.lower()
            if chosen in values:
                best = max(values, key=lambda act: values[act])
                key: tuple[str, ...] = ("opener" if state.opener == hero else "caller", chosen, best)
                if spots:
                    drew = next(a.chips for a in state.actions if a.act == "draw" and a.seat == 1 - hero)
                    where = (_letters(state, hero, 1), _letters(state, hero, 2), f"drew {drew}")
                    key += (*where, _hand_class(state.hands[hero]))
                cell = gains[key]
                cell[0] += 1
                cell[1] += values[best] - values[chosen]
    return gains, dealt[0]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="1", help="one run a seed (1,2 or 1-4)")
    parser.add_argument("--decks", type=positive, default=200)
    parser.add_argument(
        "--seeing",
        action="store_true",
        help="the hero's later acts in the round chosen seeing sensible's hand (the first version's answer)",
    )
    parser.add_argument(
        "--spots",
        action="store_true",
        help="each cell split by the acts before the exchange and in the round so far "
        "(S strong, o the other; c check, b bet, r raise, k call), the cards the other drew and strong's hand",
    )
    args = parser.parse_args(argv)
    try:
        seeds = seeds_of(args.seeds)
    except ValueError:
        parser.error(f"--seeds: {args.seeds!r} is not a list of different seeds (1,2 or 1-4)")
    total: dict[tuple[str, ...], list[float]] = collections.defaultdict(lambda: [0.0, 0.0])
    deals = 0
    for seed in seeds:
        gains, dealt = run(seed, args.decks, args.seeing, args.spots)
        deals += dealt
        for key, (n, chips) in gains.items():
            total[key][0] += n
            total[key][1] += chips
    big_bet = 2.0
    more = sum(chips for _, chips in total.values())
    print(
        f"{deals} deals; deciding best once at each decision after the draw: {100 * more / big_bet / deals:+.2f} BB/100"
    )
    print("role    strong's act  best act   decisions  BB a decision  BB/100 deals" + ("  spot" if args.spots else ""))
    for key, (n, chips) in sorted(total.items(), key=lambda kv: -kv[1][1]):
        role, chosen, best = key[:3]
        if chosen != best:
            each, per = chips / big_bet / n, 100 * chips / big_bet / deals
            spot = "  " + " | ".join(key[3:]) if args.spots else ""
            print(f"{role:7} {chosen:13} {best:9} {int(n):10}  {each:+13.3f}  {per:+12.2f}{spot}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
