"""A chart of figures over time in text: each player's chips deal by deal at
the table's last screen, each player's running total evening by evening in
``drawpoker standings``. One drawing for both; the screen colours it, the
command line prints it.

Each player is drawn with a mark of their own: the initial where no other
player's name begins with it (``A`` for Anna), else a letter or digit of the
name that no other name has (``2`` for Player 2), else a free one; ``*``
where several players are on the same point. The legend explains every mark
drawn. A player not at the table (before arriving, after leaving) leaves a
gap.

>>> from drawpoker.words.i18n import translator
>>> drawn = draw_chart(["Ada", "Bo"], [[40, 45, 50], [40, 35, 30]], 30, 6, "deal")
>>> print("\\n".join(drawn.text()))
50┤      A
  │   A
40┤*
  │   B
30┤      B
   0  1  2  deal
>>> legend_parts(["Ada", "Bo"], drawn, translator("en"))
['A = Ada', 'B = Bo', '* = two or more players on one point']
>>> marks(["Player 1", "Player 2", "Bjørn", "Bo"])
['1', '2', 'J', 'O']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from drawpoker.words.i18n import Translator

__all__ = ["marks", "draw_chart", "legend_parts", "Chart", "SEVERAL", "FRAME"]

#: a cell's kind: a player's mark is their index; these are the others
SEVERAL = -1  # ``*``: two or more players on one point
FRAME = -2  # the labels, the axis and the frame
BLANK = -3  # nothing drawn

_SPARE = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+#@%&"


def _letters(name: str) -> list[str]:
    """The letters and digits of a name, upper case, in order."""
    return [ch.upper() for ch in name if ch.isalnum()]


def marks(names: Sequence[str]) -> list[str]:
    """A different one-character mark for each player (see the module's docstring)."""
    out: list[str | None] = [None] * len(names)
    used: set[str] = set()
    initials = [(_letters(name) or [""])[0] for name in names]
    for k, initial in enumerate(initials):  # the initial, where it is the name's alone
        if initial and initials.count(initial) == 1:
            out[k] = initial
            used.add(initial)
    for k, name in enumerate(names):  # else a letter or digit no other name has
        if out[k] is None:
            others = {ch for j, other in enumerate(names) if j != k for ch in _letters(other)}
            out[k] = next((ch for ch in _letters(name) if ch not in others and ch not in used), None)
            if out[k] is not None:
                used.add(out[k] or "")
    for k, name in enumerate(names):  # else the name's first letter not taken, else any free one
        if out[k] is None:
            free = next((ch for ch in _letters(name) if ch not in used), None)
            out[k] = free or next(ch for ch in _SPARE if ch not in used)
            used.add(out[k] or "")
    return [mark or "?" for mark in out]


class Chart(NamedTuple):
    """The drawn chart: lines of (kind, text) cells (see :data:`SEVERAL`,
    :data:`FRAME`; a player's index otherwise), the marks, and what the chart
    shows (the players with a point in it, and :data:`SEVERAL` where a ``*``
    was drawn): the legend explains those."""

    lines: list[list[tuple[int, str]]]
    marks: list[str]
    drawn: frozenset[int]

    def text(self) -> list[str]:
        """The chart as plain lines."""
        return ["".join(text for _, text in line).rstrip() for line in self.lines]


def draw_chart(
    names: Sequence[str],
    series: Sequence[Sequence[int | None]],
    columns: int,
    rows: int,
    word: str,
    unicode: bool = True,
) -> Chart:
    """Each player's figures (``series[k]``, a value per point, None where the
    player was not at the table), as a chart ``columns`` wide and ``rows`` high
    (the last row is the axis of the points, named ``word``); the latest points
    when there are more than the width holds."""
    every = [value for values in series for value in values if value is not None]
    player_marks = marks(names)
    if not every or rows < 3:
        return Chart([], player_marks, frozenset())
    plot_rows = rows - 1
    top, bottom = max(every), min(every)
    if top == bottom:  # one level: drawn across the middle, labelled with it
        top, bottom = top + 1, bottom - 1
    label = max(len(str(top)), len(str(bottom))) + 1
    room = max(1, columns - label - 2 - len(word))
    points = max(len(values) for values in series)
    step = 3 if points * 3 <= room else 2 if points * 2 <= room else 1
    shown = min(points, room // step)
    first = points - shown
    grid: list[list[tuple[int, str]]] = [[(BLANK, " ")] * (shown * step) for _ in range(plot_rows)]
    drawn: set[int] = set()
    for who, values in enumerate(series):
        for i, value in enumerate(values[first:]):
            if value is None:
                continue
            r = round((top - value) * (plot_rows - 1) / (top - bottom))
            taken = grid[r][i * step][0] != BLANK
            grid[r][i * step] = (SEVERAL, "*") if taken else (who, player_marks[who])
            drawn.add(who)  # (under a ``*`` too: the legend names every player the chart shows)
    if any(kind == SEVERAL for line in grid for kind, _ in line):
        drawn.add(SEVERAL)
    # the top and the bottom labelled, and between them the row where the figures start (the chips
    # bought in, a season's zero) with that figure: what every other point is read against
    labels = {0: top, plot_rows - 1: bottom}
    start = next((values[first] for values in series if len(values) > first and values[first] is not None), None)
    at = None if start is None else round((top - start) * (plot_rows - 1) / (top - bottom))
    if start is not None and at is not None and 0 < at < plot_rows - 1:
        labels[at] = start
    elif plot_rows > 2:
        middle = (plot_rows - 1) // 2
        between = round(top - middle * (top - bottom) / (plot_rows - 1))
        if bottom < between < top:  # (a figure the top or the bottom already says is not said again)
            labels[middle] = between
    out: list[list[tuple[int, str]]] = []
    for r in range(plot_rows):
        value = labels.get(r)
        if value is not None:
            lead = f"{value:>{label - 1}}" + ("┤" if unicode else "+")
        else:
            lead = " " * (label - 1) + ("│" if unicode else "|")
        out.append([(FRAME, lead), *grid[r]])
    axis = [" "] * (shown * step + 3)
    for i in range(shown):
        number = str(first + i)
        at = i * step
        if (step == 3 or (first + i) % 5 == 0) and all(ch == " " for ch in axis[max(0, at - 1) : at + len(number)]):
            axis[at : at + len(number)] = list(number)
    out.append([(FRAME, " " * label + "".join(axis).rstrip() + "  " + word)])
    return Chart(out, player_marks, frozenset(drawn))


def legend_parts(names: Sequence[str], chart: Chart, tr: Translator) -> list[str]:
    """What each mark drawn stands for: ``A = Anna``, and ``*`` where it was drawn."""
    parts = [
        f"{mark} = {name}" for k, (mark, name) in enumerate(zip(chart.marks, names, strict=False)) if k in chart.drawn
    ]
    if SEVERAL in chart.drawn:
        parts.append("* = " + tr._("two or more players on one point"))
    return parts
