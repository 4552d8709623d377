"""The season: every evening's results added up per player (``drawpoker
standings``). The same person under two spellings is one player through
the aliases (``Bjorn`` -> ``Bjørn``); names that differ only in case are
one player anyway (the table takes no two such names: ``anna`` is ``Anna``,
named as first met). Pure: evenings in, standings out.

>>> from drawpoker.ledger import Result
>>> season = Season()
>>> season.add("2026-01-08", [Result("Anna", 40, 0, 52, 0, 9, 12), Result("Bjorn", 40, 0, 28, 0, 9, 7)], None)
>>> season.add("2026-01-15", [Result("Bjørn", 40, 0, 50, 0, 8, 10)], None)
>>> [(p.name, p.evenings, p.net) for p in season.standings({"Bjorn": "Bjørn"})]
[('Anna', 1, 12), ('Bjørn', 2, -2)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from drawpoker.ledger import Result

__all__ = ["Season", "PlayerSeason", "resolve", "alias_loop"]


def resolve(name: str, aliases: Mapping[str, str]) -> str:
    """The name a spelling stands for (aliases followed to their end, ignoring case).

    >>> resolve("bjorn", {"Bjorn": "Bjørn"})
    'Bjørn'
    """
    folded = {key.casefold(): value for key, value in aliases.items()}
    seen = {name.casefold()}
    while name.casefold() in folded:
        name = folded[name.casefold()]
        if name.casefold() in seen:  # (a loop is refused when set; a hand-edited file may still hold one)
            break
        seen.add(name.casefold())
    return name


def alias_loop(aliases: Mapping[str, str]) -> list[str] | None:
    """The names of a loop the aliases make (``A -> B -> A``), or None.

    >>> alias_loop({"Bjorn": "Bjørn", "Bjørn": "Bjorn"})
    ['Bjorn', 'Bjørn', 'Bjorn']
    """
    folded = {key.casefold(): value for key, value in aliases.items()}
    for start in aliases:
        path = [start]
        name = start
        while name.casefold() in folded:
            name = folded[name.casefold()]
            path.append(name)
            if name.casefold() in {p.casefold() for p in path[:-1]}:
                return path
    return None


@attrs.define
class PlayerSeason:
    """One player's season."""

    name: str
    evenings: int = 0
    deals: int = 0
    net: int = 0  # chips won (positive) or lost
    money: dict[str, int] = attrs.field(factory=dict)  # currency -> smallest units won or lost
    biggest_pot: int = 0
    #: the running total in chips after each evening of the season (the evenings played or not)
    running: list[int] = attrs.field(factory=list)


class Season:
    """Evenings added one at a time, in order; :meth:`standings` adds them up."""

    def __init__(self) -> None:
        self.evenings: list[tuple[str, list[Result], Any]] = []

    def add(self, started: str, results: Sequence[Result], value: Any) -> None:
        """One evening: when it started, each player's results, the chip value (None: none)."""
        self.evenings.append((started, list(results), value))

    def standings(self, aliases: Mapping[str, str] | None = None, group: Sequence[str] = ()) -> list[PlayerSeason]:
        """Each player's season, best result first; with ``group``, only the
        evenings every one of them played, and only them."""
        aliases = aliases or {}
        wanted = {resolve(name, aliases).casefold() for name in group}
        players: dict[str, PlayerSeason] = {}  # by name ignoring case
        totals: dict[str, int] = {}
        count = 0
        for (_started, results, value), counted in zip(self.evenings, self.counted(aliases, group), strict=True):
            if not counted:
                continue
            merged: dict[str, Result] = {}
            for r in results:
                name = resolve(r.name, aliases)
                key = name.casefold()
                had = merged.get(key)
                merged[key] = (
                    attrs.evolve(r, name=name)
                    if had is None
                    else Result(
                        had.name,
                        had.bought + r.bought,
                        had.rebought + r.rebought,
                        had.cashed + r.cashed,
                        had.stack + r.stack,
                        had.deals + r.deals,
                        max(had.biggest_pot, r.biggest_pot),
                    )
                )
            count += 1
            for name, r in merged.items():
                if wanted and name not in wanted:
                    continue
                player = players.get(name)
                if player is None:
                    player = players[name] = PlayerSeason(r.name, running=[0] * (count - 1))
                player.evenings += 1
                player.deals += r.deals
                player.net += r.net
                player.biggest_pot = max(player.biggest_pot, r.biggest_pot)
                if value is not None:
                    player.money[value.currency] = player.money.get(value.currency, 0) + value.of(r.net)
                totals[name] = totals.get(name, 0) + r.net
            for name, player in players.items():
                player.running.append(totals.get(name, 0))
        return sorted(players.values(), key=lambda p: (-p.net, p.name))

    def counted(self, aliases: Mapping[str, str] | None = None, group: Sequence[str] = ()) -> list[bool]:
        """Whether the standings count each evening: with ``group``, the evenings every one of them played."""
        aliases = aliases or {}
        wanted = [resolve(name, aliases).casefold() for name in group]
        return [
            all(name in {resolve(r.name, aliases).casefold() for r in results} for name in wanted)
            for _s, results, _v in self.evenings
        ]

    def played(self, aliases: Mapping[str, str] | None = None, group: Sequence[str] = ()) -> int:
        """How many evenings the standings count."""
        return sum(self.counted(aliases, group))
