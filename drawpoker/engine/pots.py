"""Pots: the main pot and side pots from what each player put in, and
splitting a pot among tied winners with odd chips.

>>> [(p.amount, p.eligible) for p in build_pots([5, 10, 10], [False, False, True])]
[(15, (0, 1)), (10, (1,))]
>>> split_pot(7, [2, 0], order=[1, 2, 0])
((2, 4), (0, 3))
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import compress
from operator import not_
from typing import NamedTuple

__all__ = ["Pot", "build_pots", "split_pot", "clockwise_from", "clockwise_among", "carried_return"]


class Pot(NamedTuple):
    """One pot: its chips and the seats that can win it (not folded)."""

    amount: int
    eligible: tuple[int, ...]


_new = tuple.__new__


def build_pots(committed: Sequence[int], folded: Sequence[bool], extra: int = 0) -> list[Pot]:
    """Main pot first, then side pots, from each seat's total contribution.

    A pot's level is an amount some player still in the deal put in; every
    seat contributes up to that level, folded seats too (their chips stay
    in). Only seats still in and at or above the level are eligible.
    ``extra`` (a carried pot) goes into the main pot. Contributions above
    the highest live level (which a correct deal has already returned) go
    to the last pot.
    """
    still_in = list(map(not_, folded))
    put_in = set(compress(committed, still_in))  # what the seats still in put in
    if len(put_in) == 1:  # everyone still in put in the same: one pot (the common case, counted in C)
        (level,) = put_in
        if level > 0:  # the pot's one level: every seat still in reaches it
            # (made by tuple.__new__, as Pot's own __new__ makes it: one Python call fewer on the hot path)
            return [_new(Pot, (sum(committed) + extra, tuple(compress(range(len(still_in)), still_in))))]
    live_levels = sorted([c for c in put_in if c > 0])
    pots: list[Pot] = []
    previous = 0
    for level in live_levels:
        amount = sum(min(c, level) - min(c, previous) for c in committed)
        eligible = tuple(i for i, (c, f) in enumerate(zip(committed, folded, strict=False)) if not f and c >= level)
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)  # same contestants: one pot
        else:
            pots.append(Pot(amount, eligible))
        previous = level
    leftover = sum(c - min(c, previous) for c in committed)
    if not pots:
        live = tuple(i for i, f in enumerate(folded) if not f)
        return [Pot(extra + leftover, live)] if extra + leftover else []
    if leftover:
        pots[-1] = Pot(pots[-1].amount + leftover, pots[-1].eligible)
    if extra:
        pots[0] = Pot(pots[0].amount + extra, pots[0].eligible)
    return pots


@functools.cache  # a few dozen orders at most; a known one is found without a Python call (the hot path)
def clockwise_from(button: int, seats: int) -> tuple[int, ...]:
    """Seat numbers clockwise starting left of the button (the button last)."""
    return tuple([(button + k) % seats for k in range(1, seats + 1)])


@functools.cache  # at most seats x 2**seats orders, each found again without a Python call
def clockwise_among(seats: tuple[int, ...], after: int) -> tuple[int, ...]:
    """``seats`` (given in seat order) clockwise from the left of ``after``
    (``after`` itself last, if it is one of them)."""
    return tuple([seat for seat in seats if seat > after] + [seat for seat in seats if seat <= after])


def split_pot(amount: int, winners: Sequence[int], order: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """Share a pot equally; the odd chips go one each to the winners that
    come first in ``order`` (clockwise from the button, or by high suit).

    Returns (seat, chips) for each winner, in ``order``.
    """
    ranked = sorted(winners, key=list(order).index)
    share, odd = divmod(amount, len(ranked))
    return tuple((seat, share + (1 if i < odd else 0)) for i, seat in enumerate(ranked))


def carried_return(
    carried: int, paid: Sequence[int], present: Sequence[bool], button: int
) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """An early end with a pot still carried (docs/rules.md 6.5): it goes back to
    those who paid into it. Each player at the table gets back what they paid
    (``paid``); chips paid by players who have left since are shared among
    them as evenly as whole chips allow, the odd chips one each clockwise from
    the button's left. Returns (seat, chips) for each seat given chips, in
    seat order, and the seats given an odd chip. With nobody left who paid,
    the players at the table share it all.

    >>> carried_return(7, [2, 2, 0], [True, True, True], 0)
    (((0, 3), (1, 4)), (1,))
    >>> carried_return(6, [2, 2, 2], [True, True, True], 2)
    (((0, 2), (1, 2), (2, 2)), ())
    """
    n = len(paid)
    takers = [s for s in range(n) if present[s] and paid[s] > 0]
    if not takers:
        takers = [s for s in range(n) if present[s]]
        paid = [0] * n
    if not takers:
        return (), ()
    back = {s: paid[s] for s in takers}
    rest = carried - sum(back.values())
    share, odd = divmod(rest, len(takers))
    ordered = [s for s in clockwise_from(button, n) if s in back]
    lucky = tuple(sorted(ordered[:odd]))
    for s in takers:
        back[s] += share + (1 if s in lucky else 0)
    return tuple((s, back[s]) for s in sorted(back) if back[s]), lucky
