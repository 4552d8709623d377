"""The betting arithmetic against pokerkit's own legal amounts.

pokerkit plays random deals of its no-limit single draw, fixed-limit triple
draw and a pot-limit single draw (tests/pokerkit_oracle.py). At every
betting decision drawpoker's :mod:`~drawpoker.engine.betting`, following the
same deal in a :class:`~drawpoker.engine.betting.Round` of its own (forced
bets posted by :func:`first_round`, every action applied by :func:`act`,
unmatched bets returned, the next round from :func:`next_round`), must name
the same player to act, the same call, and the same smallest and largest
bet or raise as pokerkit's ``checking_or_calling_amount``,
``min_completion_betting_or_raising_to_amount`` and
``max_completion_betting_or_raising_to_amount`` -- except where docs/rules.md 4.5
differs from pokerkit, each such case named and counted:

* ``short big blind``: pokerkit lets the others call only what a short big
  blind posted (docs/rules.md: the full big blind). The deal is not followed.
* ``fixed-limit short all-in``: pokerkit never reopens after a fixed-limit
  all-in short of a step and raises a step above it; docs/rules.md reopens at
  half a step and raises a step above the last full bet. The deal is not
  followed from there.
* ``short all-in reopens in pokerkit``: pokerkit takes the largest raise so
  far as the full raise, and before the draw it does not count the big
  blind as a bet, so an all-in raising the blind by any amount reopens the
  betting for players who already called; docs/rules.md reopens only for a full
  bet or raise (the big blind is round 1's first bet). pokerkit may then
  raise where drawpoker refuses; the deal is not followed from there.
* ``raise nobody can answer``: drawpoker (as Mørkpoker always has) lets a
  player raise while someone else still has chips, even when nobody left
  could put in more than the current bet; pokerkit refuses that raise.
* ``cap after the draw``: pokerkit's fixed limit allows four bets in every
  round, counting the big blind as no bet: four raises over the blind
  before the draw, a bet and three raises after it. docs/rules.md counts four
  raises after the first bet in every round; the oracle plays raise cap 3
  after the draw (and keeps the cap heads-up, as pokerkit does).
"""

import random
from collections import Counter

import pytest

from drawpoker.engine import betting as b
from drawpoker.engine.betting import ForcedBets, Limits
from tests.pokerkit_oracle import VARIANTS, play_deal, random_setup, seat_of, setup_step


def idle(state):
    """pokerkit's player to act has nothing to call and nobody else has chips."""
    player, stacks = state.actor_index, state.stacks
    others = any(stacks[i] for i in range(len(stacks)) if i != player and state.statuses[i])
    return not state.checking_or_calling_amount and not others


class Follower:
    """drawpoker's betting arithmetic following a pokerkit deal."""

    def __init__(self, setup, button, seen):
        self.setup, self.button, self.seen = setup, button, seen
        self.n = setup.players
        self.street = None
        self.r = None
        self.stopped = False

    def limits(self, street):
        if self.setup.structure == "fixed_limit":
            return Limits("fixed_limit", 4 if street == 0 else 3, cap_lifted_heads_up=False)
        return Limits(self.setup.structure)

    def seat(self, player):
        return seat_of(player, self.button, self.n)

    def by_seat(self, values):
        out = [0] * self.n
        for player, value in enumerate(values):
            out[self.seat(player)] = value
        return tuple(out)

    def stop(self, why):
        self.seen[why] += 1
        self.stopped = True

    def __call__(self, kind, state, act):
        if self.stopped:
            return
        if kind == "decision":
            if act:  # a check pokerkit asks for and drawpoker does not
                if state.street_index == self.street:
                    assert self.r.to_act is None, self.r
                self.seen["idle check"] += 1
                return
            self.decision(state)
        elif not act.idle:
            self.action(state, act)

    def start_street(self, state):
        street = state.street_index
        step = setup_step(self.setup, street)
        if street == 0:
            s = self.setup
            posted, r = b.first_round(
                self.button, self.by_seat(s.stacks), (True,) * self.n, ForcedBets(ante=s.ante, blinds=s.blinds), step
            )
            big = [p for p in posted if p.kind == "big_blind"]
            if not big or big[0].amount < s.blinds[1]:
                return self.stop("short big blind")
        else:
            prev = self.r
            stacks = list(prev.stacks)
            back = b.unmatched(prev)
            if back is not None:
                stacks[back[0]] += back[1]
            r = b.next_round(
                stacks, prev.in_deal, prev.folded, prev.pot_total() - (back[1] if back else 0), step, self.button
            )
            self.seen["later round"] += 1
        assert r.pot_total() == state.total_pot_amount
        assert r.stacks == self.by_seat(state.stacks)
        self.r, self.street = r, street

    def decision(self, state):
        if state.street_index != self.street:
            self.start_street(state)
            if self.stopped:
                return
        r, limits = self.r, self.limits(self.street)
        seat = self.seat(state.actor_index)
        assert r.to_act == seat, (r, state.actor_index)
        assert r.bets == self.by_seat(state.bets) and r.stacks == self.by_seat(state.stacks)
        ch = b.choices(r, limits, seat)
        self.seen["decision"] += 1
        assert ch.to_call == state.checking_or_calling_amount
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        if ch.bet_word is not None and low is None:
            others = [i for i in range(self.n) if i != seat and r.in_deal[i] and not r.folded[i]]
            assert all(r.stacks[i] + r.bets[i] <= r.level for i in others), ("drawpoker allows a raise", r)
            self.seen["raise nobody can answer"] += 1
        elif ch.bet_word is None and low is not None:
            assert not b.reopened(r, limits, seat) and r.level > r.full_level, ("drawpoker refuses a raise", r)
            self.seen["short all-in reopens in pokerkit"] += 1
        elif low is not None:
            self.seen[f"{self.setup.structure} raise compared"] += 1
            assert (ch.min_to, ch.max_to) == (low, high), (ch, low, high, r)

    def action(self, state, act):
        r, limits = self.r, self.limits(self.street)
        word = {"all in": "all_in"}.get(act.word, act.word)
        if word in ("bet", "raise", "all_in") and limits.structure == "fixed_limit":
            to = act.to if act.to is not None else r.bets[act.seat] + r.stacks[act.seat]
            if to == r.bets[act.seat] + r.stacks[act.seat] and to < r.full_level + r.step:
                self.r = b.act(r, limits, act.seat, word, act.to)
                return self.stop("fixed-limit short all-in")
        why = b.refusal(r, limits, act.seat, "X", word, act.to)
        if why is not None:
            assert "too small to reopen" in why or "checked" in why, why
            return self.stop("short all-in reopens in pokerkit")
        self.r = b.act(r, limits, act.seat, word, act.to)
        if state.actor_index is not None and not idle(state):
            assert self.r.to_act == self.seat(state.actor_index)
            assert self.r.bets == self.by_seat(state.bets) and self.r.stacks == self.by_seat(state.stacks)
        elif self.r.to_act is not None:
            raise AssertionError(f"pokerkit ended the round, drawpoker did not: {self.r}")


@pytest.mark.parametrize("variant", VARIANTS)
def test_betting_agrees_with_pokerkit_on_random_deals(variant):
    seen = Counter()
    rng = random.Random(f"betting:{variant}")
    for _ in range(300):
        setup = random_setup(variant, rng)
        button = rng.randrange(setup.players)
        play_deal(setup, rng, button=button, observe=Follower(setup, button, seen))
    structure = {"N2L1D": "no_limit", "F2L3D": "fixed_limit", "P2L1D": "pot_limit"}[variant]
    print(variant, dict(seen))
    assert seen["decision"] > 1000 and seen[f"{structure} raise compared"] > 300 and seen["later round"] > 100
    assert seen["short big blind"] > 0
