"""Cutting a history into deals, streaming, with what each deal came to.

A :class:`Deal` holds the events of one deal (or Three Card Poker round),
the state just before it began and just after it ended, and a summary:
the button, the pots and who won them, the stacks after. ``history``,
``replay`` and ``export`` are built on this.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs

from drawpoker.errors import HistoryError
from drawpoker.games import game_for
from drawpoker.history.format import seal_text
from drawpoker.history.reader import HistoryReader

__all__ = ["Deal", "Pot", "iter_deals", "standings"]


@attrs.frozen
class Pot:
    """One pot of a deal: its label, chips and what each winner took."""

    label: str
    amount: int
    shares: tuple[tuple[str, int], ...]


@attrs.frozen
class Deal:
    """One deal (round) of a session."""

    number: int
    dealer: str | None
    first_line: int
    events: tuple[Any, ...]
    lines: tuple[int, ...]
    before: Any
    after: Any
    pots: tuple[Pot, ...]
    carried: int
    finished: bool
    starting_stacks: tuple[int, ...]  # the session's starting stacks
    seal: str | None = None  # the chain code of the deal's last line, as the table showed it (format 2)

    @property
    def stacks_after(self) -> dict[str, int]:
        """Each player's stack when the deal ended."""
        return dict(zip(self.after.names, self.after.stacks, strict=False))


def iter_deals(reader: HistoryReader, keep_states: bool = True) -> Iterator[Deal]:
    """Every deal of the history in order (the last may be unfinished)."""
    game = game_for(reader.rules)
    state = game.new_state()
    apply = game.apply
    starts, ends = game.DEAL_STARTED, game.DEAL_ENDED
    current: list[Any] = []
    lines: list[int] = []
    before = None
    number = 0
    starting: tuple[int, ...] = ()
    for line, event, code in reader.events_with_codes():
        if type(event) is starts:
            before = state.copy() if keep_states else None
            current, lines = [], []
            number += 1
        try:
            apply(state, event)
        except Exception as exc:
            raise HistoryError(
                f"{reader.shown}:{line}: {type(event).__name__} does not fit the game at this point "
                f"({type(exc).__name__}: {exc})"
            ) from None
        if not starting:
            starting = tuple(state.stacks)
        if before is None and not current and type(event) is not starts:
            continue  # session events before the first deal
        current.append(event)
        lines.append(line)
        if type(event) is ends:
            yield _summarise(
                reader, number, current, lines, before, state.copy() if keep_states else state, starting, code=code
            )
            current, lines = [], []
            before = None
    if current:
        yield _summarise(reader, number, current, lines, before, state.copy(), starting, finished=False)


def _summarise(
    reader: HistoryReader,
    number: int,
    events: list[Any],
    lines: list[int],
    before: Any,
    after: Any,
    starting: tuple[int, ...],
    finished: bool = True,
    code: bytes = b"",
) -> Deal:
    names = after.names
    pots: list[Pot] = []
    carried = 0
    dealer: str | None = None
    for event in events:
        kind = type(event).__name__
        if kind == "DealStarted":
            dealer = names[event.button]
        elif kind == "RoundOpened":
            dealer = names[event.dealer] if event.dealer is not None else "the house"
        elif kind == "PotAwarded":
            label = "main pot" if event.pot == 0 else f"side pot-{event.pot}"
            pots.append(Pot(label, event.amount, tuple((names[s], c) for s, c in event.shares)))
        elif kind == "DealCheckedThrough":
            carried = event.pot
    if reader.game == "three-card-poker":
        # Three Card Poker has no pot: each player's net result this round instead.
        net: dict[int, int] = {}
        for event in events:
            kind = type(event).__name__
            if kind == "BoxSettled":
                total = event.ante + event.play + event.ante_bonus + event.pair_plus + event.prime + event.six_card
                net[event.seat] = net.get(event.seat, 0) + total
            elif kind == "WinningsPaid" and event.unpaid:
                net[event.seat] = net.get(event.seat, 0) - event.unpaid
        for seat, amount in sorted(net.items()):
            pots.append(Pot("result", amount, ((names[seat], amount),)))
        bank = next((e.bank_net for e in events if type(e).__name__ == "RoundClosed"), None)
        if bank is not None:
            pots.append(Pot("bank", bank, (("bank", bank),)))
    return Deal(
        number,
        dealer,
        lines[0],
        tuple(events),
        tuple(lines),
        before,
        after,
        tuple(pots),
        carried,
        finished,
        starting,
        seal_text(code) if code else None,
    )


def standings(state: Any, starting: tuple[int, ...]) -> list[tuple[str, int, int, int]]:
    """(name, stack, rebuys in chips, net result) for each player, best first."""
    rebought = getattr(state, "rebought", [0] * len(state.names))
    rows = [
        (name, stack, rebought[seat], stack - starting[seat] - rebought[seat])
        for seat, (name, stack) in enumerate(zip(state.names, state.stacks, strict=False))
    ]
    return sorted(rows, key=lambda r: -r[3])
