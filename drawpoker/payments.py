"""The settle-up: who pays whom at the end of an evening, in as few payments
as possible (docs/rules.md 6.4).

Each player's result is a whole number (chips, or the currency's smallest
units); the results add up to nothing. The losers pay the winners; every
payment is a whole number; the payments add up to every result exactly;
there are never more than players - 1 of them.

The fewest payments are found exactly: players whose results cancel out
within a group can settle among themselves in one payment fewer than the
group has players, so the fewest payments are the players with a result
less the most groups the players can be split into, each adding up to
nothing. That split is searched over every subset of the players (a table
of 2^n sums) for up to :data:`EXACT` players with a result; above that the
largest loser pays the largest winner, again and again, which never takes
more than players - 1 payments.

>>> settle_up({"Anna": 30, "Bjørn": -10, "Cato": -20})
[('Cato', 'Anna', 20), ('Bjørn', 'Anna', 10)]
>>> settle_up({"Anna": 5, "Bjørn": -5, "Cato": 7, "Dag": -7})
[('Dag', 'Cato', 7), ('Bjørn', 'Anna', 5)]
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["settle_up", "fewest_payments", "EXACT"]

#: up to how many players with a result the fewest payments are found exactly (2^12 sums)
EXACT = 12


def settle_up(results: Mapping[str, int]) -> list[tuple[str, str, int]]:
    """The payments (payer, payee, amount) that settle ``results`` (name ->
    won, positive, or lost, negative), fewest first found, biggest first.
    ValueError when the results do not add up to nothing."""
    if sum(results.values()) != 0:
        raise ValueError(f"the results add up to {sum(results.values())}, not 0")
    names = sorted((name for name, value in results.items() if value), key=lambda n: (-abs(results[n]), n))
    # exactly for a few players; for many, one group the greedy way
    groups = _zero_groups([results[n] for n in names]) if len(names) <= EXACT else [list(range(len(names)))]
    payments: list[tuple[str, str, int]] = []
    for group in groups:
        payments += _greedy({names[i]: results[names[i]] for i in group})
    return sorted(payments, key=lambda p: (-p[2], p[0], p[1]))


def fewest_payments(values: list[int]) -> int:
    """How few payments settle ``values`` (which add up to nothing)."""
    nonzero = [v for v in values if v]
    if not nonzero:
        return 0
    return len(nonzero) - len(_zero_groups(nonzero))


def _zero_groups(values: list[int]) -> list[list[int]]:
    """The most groups (of indices) the values split into, each adding up to
    nothing: dp[mask] is the most such groups among the values of ``mask``
    that can be closed, a group closing each time a mask's sum is nothing."""
    n = len(values)
    if n == 0:
        return []
    full = (1 << n) - 1
    sums = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + values[low.bit_length() - 1]
    best = [0] * (full + 1)
    came = [0] * (full + 1)  # the value taken out last on the best way to the mask
    for mask in range(1, full + 1):
        top, pick = -1, 0
        rest = mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            score = best[mask ^ bit]
            if score > top:
                top, pick = score, bit
        best[mask] = top + (1 if sums[mask] == 0 else 0)
        came[mask] = pick
    # Walk back: a group closes at every mask on the way whose sum is nothing.
    groups: list[list[int]] = []
    current: list[int] = []
    mask = full
    while mask:
        if sums[mask] == 0 and current:
            groups.append(current)
            current = []
        bit = came[mask]
        current.append(bit.bit_length() - 1)
        mask ^= bit
    if current:
        groups.append(current)
    return [sorted(g) for g in reversed(groups)]


def _greedy(results: Mapping[str, int]) -> list[tuple[str, str, int]]:
    """Settle a group that adds up to nothing: the largest loser pays the
    largest winner as much as either can, until nothing is owed (at most one
    payment fewer than the group has players)."""
    owed = {n: -v for n, v in results.items() if v < 0}
    due = {n: v for n, v in results.items() if v > 0}
    payments = []
    while owed and due:
        payer = max(owed, key=lambda n: (owed[n], n))
        payee = max(due, key=lambda n: (due[n], n))
        amount = min(owed[payer], due[payee])
        payments.append((payer, payee, amount))
        owed[payer] -= amount
        due[payee] -= amount
        if not owed[payer]:
            del owed[payer]
        if not due[payee]:
            del due[payee]
    return payments
