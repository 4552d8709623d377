"""Reading an evening's results from its history: the ledger (who bought and
took away what), the rules, the chip value, when it was played; and the
season, every history in a folder.

Only the lines the ledger needs are read as events (a deal's start and end,
its pots, rebuys, comings and goings); a line dealing a player cards gives
only its seat. Every line's chain code is still checked as the reader
reads it, so an edited history is refused here too. Memory is the ledger's:
a few numbers per player.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs

from drawpoker.errors import HistoryError
from drawpoker.history.reader import HistoryReader
from drawpoker.ledger import Ledger, Result
from drawpoker.notes import N_, Note
from drawpoker.notes import at as placed

__all__ = ["Evening", "read_evening", "evenings_in"]

_NAME = re.compile(rb'"e":"([A-Za-z]+)"')
_SEAT = re.compile(rb'"seat":(\d+)')
#: the events whose seat alone the ledger needs (the cards are not read)
_SEAT_ONLY = {b"CardsDealt", b"BoxDealt"}


class _Seat:
    """A card-dealing event as the ledger sees it: only its seat."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat


class CardsDealt(_Seat):
    __slots__ = ()


class BoxDealt(_Seat):
    __slots__ = ()


_SEAT_KINDS = {b"CardsDealt": CardsDealt, b"BoxDealt": BoxDealt}
_NEEDED = frozenset(name.encode() for name in Ledger.NEEDED)


@attrs.frozen
class Evening:
    """One session's results, read from its history."""

    path: Path
    started: str  # UTC, ISO 8601, from the header
    game: str  # the rules' game
    rules: Any
    fingerprint: str
    ledger: Ledger = attrs.field(eq=False)

    @property
    def finished(self) -> bool:
        """The session ended (else its results are "so far")."""
        return self.ledger.finished

    @property
    def chip_value(self) -> Any:
        """What a chip is worth (None: no money value)."""
        return self.rules.session.chip_value

    @property
    def results(self) -> list[Result]:
        """Each player's evening."""
        return self.ledger.results()

    @property
    def deals(self) -> int:
        """Deals (rounds) started."""
        return self.ledger.deals


def read_evening(path: str | Path) -> Evening:
    """The results of the session in ``path`` (so far, if unfinished)."""
    reader = HistoryReader(path)
    try:
        ledger = Ledger()
        feed = ledger.feed
        if reader.per_command:
            _read_commands(reader, feed)
        elif reader.format >= 2:
            decode_line = reader.decode_line
            number = 1
            for batch in reader.lines():
                for raw in batch:
                    number += 1
                    match = _NAME.search(raw, 0, 64)
                    if match is None:
                        continue
                    name = match.group(1)
                    if name not in _NEEDED:
                        continue
                    if name in _SEAT_ONLY:
                        seat = _SEAT.search(raw)
                        if seat is not None:
                            feed(_SEAT_KINDS[name](int(seat.group(1))))
                        continue
                    feed(decode_line(raw, number))
        else:
            for _line, event in reader.events():
                feed(event)
    except (IndexError, KeyError, TypeError, AttributeError) as exc:  # a hand-made history whose seats do not fit
        raise HistoryError(
            placed(reader.shown, Note(N_("the history does not hold a session's results ({why})"), why=repr(exc)))
        ) from None
    finally:
        reader.close()
    return Evening(
        Path(path),
        str(reader.header.get("started", "")),
        reader.game,
        reader.rules,
        str(reader.header.get("fingerprint", "")),
        ledger,
    )


_EVENT = re.compile(rb'"e":"(' + b"|".join(sorted(_NEEDED)) + rb')"(?:,"seat":(\d+))?')
#: the events counted by name alone (the deal's start: its deck is not read)
_COUNTED = {b"DealStarted": "DealStarted", b"RoundOpened": "RoundOpened"}


class _Started:
    __slots__ = ()


class DealStarted(_Started):
    __slots__ = ()


class RoundOpened(_Started):
    __slots__ = ()


_STARTED = {b"DealStarted": DealStarted(), b"RoundOpened": RoundOpened()}


class _Fields:
    """An event as plain JSON fields (lists for tuples): what the ledger reads of it."""

    def __init__(self, fields: dict[str, Any]) -> None:
        self.__dict__.update(fields)


#: the frequent events the ledger reads only numbers of, read as plain JSON (not decoded as events)
_PLAIN: dict[bytes, type[_Fields]] = {
    name.encode(): type(name, (_Fields,), {"__slots__": ()})
    for name in ("DealEnded", "PotAwarded", "BoxSettled", "WinningsPaid", "RoundClosed")
}


class Dealt:
    """The seats a command deals cards to (its CardsDealt or BoxDealt lines), found at once."""

    __slots__ = ("seats",)

    def __init__(self, seats: list[bytes]) -> None:
        self.seats = [int(seat) for seat in seats]


_DEALT = re.compile(rb'"e":"(?:CardsDealt|BoxDealt)","seat":(\d+)')


def _read_commands(reader: HistoryReader, feed: Any) -> None:
    """Format 3: the events the ledger needs, found in each command's bytes
    (the seats dealt cards all at once: a command starts one deal at most)."""
    decode_line = reader.decode_line
    finditer = _EVENT.finditer
    findall = _DEALT.findall
    loads = json.loads
    for batch in reader.commands():
        for first, written, _lines, _code in batch:
            dealt = findall(written) if b'Dealt","seat":' in written else None
            for match in finditer(written):
                name = match.group(1)
                if name in _SEAT_ONLY:
                    continue
                started = _STARTED.get(name)
                if started is not None:
                    feed(started)
                    if dealt:
                        feed(Dealt(dealt))
                        dealt = None
                    continue
                begin = written.rfind(b"\n", 0, match.start()) + 1
                end = written.find(b"\n", match.end()) + 1
                kind = _PLAIN.get(name)
                if kind is not None:  # the fields as JSON gives them (the ledger reads numbers only)
                    feed(kind(loads(written[begin:end])))
                else:
                    feed(decode_line(written[begin:end], first + written.count(b"\n", 0, begin)))
            if dealt:
                feed(Dealt(dealt))


def evenings_in(folder: Path) -> Iterator[Path]:
    """The histories in ``folder``, oldest first (by name: the date and time)."""
    yield from sorted(p for p in folder.glob("*.jsonl") if p.is_file())
