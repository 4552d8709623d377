"""Standings of a session: who is ahead, net of rebuys."""

from __future__ import annotations

from typing import NamedTuple

from drawpoker.games.three_card.state import TcpState

__all__ = ["Standing", "standings"]


class Standing(NamedTuple):
    """One participant's result: ``net`` = stack - starting stack - chips rebought."""

    seat: int
    name: str
    stack: int
    rebought: int
    net: int
    out: bool


def standings(state: TcpState) -> list[Standing]:
    """Everyone, best net result first (ties in seat order).

    A rotating dealer's bank is their own stack, so their result counts like
    anyone's; a house bank is not a participant (its result is
    ``state.bank_net``).
    """
    rows = [
        Standing(
            seat,
            state.names[seat],
            state.stacks[seat],
            state.rebought[seat],
            state.stacks[seat] - state.starting[seat] - state.rebought[seat],
            state.out[seat],
        )
        for seat in range(state.seats)
    ]
    return sorted(rows, key=lambda r: (-r.net, r.seat))
