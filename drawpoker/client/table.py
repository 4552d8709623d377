"""Seats around the table: where each seat sits on the screen.

Seats go clockwise, as at a real table seen from above: from the bottom
right, leftwards along the bottom, up the left side, rightwards along the
top and down the right side. Each seat is a box of :data:`BOX_ROWS` lines.

>>> [(x, y) for x, y in seat_positions(4, 80)]
[(50, 7), (10, 7), (10, 0), (50, 0)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from drawpoker.client.lines import Canvas, Line, center, line_width

__all__ = [
    "BOX_WIDTH",
    "BOX_ROWS",
    "CENTRE_ROWS",
    "TABLE_ROWS",
    "seat_positions",
    "seat_rooms",
    "draw_table",
    "out_when_back_seats",
]

BOX_WIDTH = 20
BOX_ROWS = 3
CENTRE_ROWS = 4
TABLE_ROWS = 2 * BOX_ROWS + CENTRE_ROWS

# The ring of places clockwise from the bottom right: bottom row (right to
# left), the left side, the top row (left to right), the right side.
_RING = ("B4", "B3", "B2", "B1", "L", "T1", "T2", "T3", "T4", "R")


def _places(seats: int) -> list[str]:
    picks = sorted({round(k * len(_RING) / seats) % len(_RING) for k in range(seats)})
    k = 0
    while len(picks) < seats:  # cannot happen for up to 10 seats; a guard
        if k not in picks:
            picks.append(k)
        k += 1
    return [_RING[i] for i in sorted(picks)[:seats]]


def seat_positions(seats: int, columns: int) -> list[tuple[int, int]]:
    """The (column, row) of each seat's box on a canvas ``columns`` wide."""
    places = _places(seats)
    bottom = [p for p in places if p.startswith("B")]
    top = [p for p in places if p.startswith("T")]
    out: list[tuple[int, int]] = []
    for place in places:
        if place == "L":
            out.append((0, BOX_ROWS))
        elif place == "R":
            out.append((columns - BOX_WIDTH, BOX_ROWS))
        else:
            row = top if place.startswith("T") else bottom
            ordered = sorted(row, key=lambda p: int(p[1]))  # left to right
            i = ordered.index(place)
            centre = columns * (2 * i + 1) // (2 * len(ordered))
            x = max(0, min(columns - BOX_WIDTH, centre - BOX_WIDTH // 2))
            out.append((x, 0 if place.startswith("T") else BOX_ROWS + CENTRE_ROWS))
    return out


def seat_rooms(seats: int, columns: int) -> list[int]:
    """How wide each seat's box may be: up to the next box in its row (or
    the edge), at least :data:`BOX_WIDTH`; the seats at the sides keep
    :data:`BOX_WIDTH` (the middle of the table is between them). Heads-up a
    seat has half the line and more, so nothing at it is cut.

    >>> seat_rooms(2, 80), seat_rooms(4, 80)
    ([50, 50], [30, 39, 39, 30])
    """
    positions = seat_positions(seats, columns)
    rooms = []
    for x, y in positions:
        if y == BOX_ROWS:  # a side seat
            rooms.append(BOX_WIDTH)
            continue
        after = [other for other, row in positions if row == y and other > x]
        rooms.append(max(BOX_WIDTH, (min(after) - 1 if after else columns) - x))
    return rooms


def draw_table(boxes: Sequence[Sequence[Line]], centre: Sequence[Line | tuple[Line, ...]], columns: int) -> list[Line]:
    """The table: each seat's box in its place and ``centre`` in the middle.

    A line of ``centre`` may be a tuple of alternatives, longest first: the
    first that fits the middle is drawn.
    """
    canvas = Canvas(columns, TABLE_ROWS)
    for (x, y), box in zip(seat_positions(len(boxes), columns), boxes, strict=False):
        for i, line in enumerate(box[:BOX_ROWS]):
            canvas.put(x, y + i, line)
    sides = any(y == BOX_ROWS for _, y in seat_positions(len(boxes), columns))
    left = BOX_WIDTH + 1 if sides else 0
    room = columns - 2 * left
    for i, item in enumerate(centre[:CENTRE_ROWS]):
        choices = item if isinstance(item, tuple) else (item,)
        line = next((c for c in choices if line_width(c) <= room), choices[-1])
        canvas.put(left, BOX_ROWS + i, center(line, room))
    return canvas.lines()


def out_when_back_seats(s: Any, rules: Any, least: int = 1) -> set[int]:
    """The seats whose player, away, is broke and may not buy again (sits out the rest of the session)."""
    session = getattr(rules, "session", None)
    if session is None or True not in s.away:
        return set()
    from drawpoker.games.evening_rules import out_when_back

    return {seat for seat in range(len(s.names)) if out_when_back(s, seat, session, least)}
