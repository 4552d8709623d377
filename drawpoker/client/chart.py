"""The session in numbers: standings and a chip-count chart over the deals
(the chart drawn by :mod:`drawpoker.words.chart`, coloured here: a
player's mark in the player's colour, ``*`` plain, the frame dim).

>>> from drawpoker.words.i18n import translator
>>> rows, key = chip_chart(["Ada", "Bo"], [[40, 45, 50], [40, 35, 30]], 30, 6, translator("en"), True)
>>> rows[0]
[('class:dim', '50┤'), ('', '      '), ('class:chart.0', 'A'), ('', '  ')]
>>> rows[2]
[('class:dim', '40┤'), ('', '*        ')]
>>> key
[('class:dim', 'A = Ada   B = Bo   * = two or more players on one point')]
"""

from __future__ import annotations

from collections.abc import Sequence

from drawpoker.client.lines import Line, ljust, pad, styled, width
from drawpoker.words.chart import FRAME, SEVERAL, Chart, draw_chart, legend_parts, marks
from drawpoker.words.i18n import Translator

__all__ = ["chip_chart", "legend_room", "standings_lines", "Standing", "player_series"]

Standing = tuple[str, int, int, int]  # name, chips, chips bought after first sitting down, net


def standings_lines(rows: Sequence[Standing], tr: Translator, columns: int) -> list[Line]:
    """The standings table, best net result first."""
    first = max([14, *(width(name) + 2 for name, *_ in rows)])  # terminal cells: an emoji takes two
    # "Bought": the chips bought after first sitting down: rebuys, add-ons, a buy-in on coming back
    head = ljust(tr._("Player"), first) + f"{tr._('Chips'):>10}{tr._('Bought'):>10}{tr._('Result'):>10}"
    out: list[Line] = [styled("class:title", head)]
    for name, stack, rebought, net in rows:
        rebuys = str(rebought) if rebought else "-"
        out.append(
            pad(
                styled("class:good" if net > 0 else "", f"{ljust(name, first)}{stack:>10}{rebuys:>10}{net:>+10d}"),
                columns,
            )
        )
    return out


def player_series(history: Sequence[dict[str, int]]) -> tuple[list[str], list[list[int | None]]]:
    """The players of a chip history (each player's chips at the table, by name,
    at each point), in the order they came, and each one's figures: None where
    the player was not at the table.

    >>> player_series([{"Ada": 40, "Bo": 40}, {"Ada": 50, "Bo": 30}, {"Ada": 48, "Cy": 40}])
    (['Ada', 'Bo', 'Cy'], [[40, 50, 48], [40, 30, None], [None, None, 40]])

    A name is the same player in any case (the table refuses "Bjørn" beside
    "bjørn", and the ledger counts them as one): one series, named as the
    player was first written.

    >>> player_series([{"Bjørn": 40, "Bo": 40}, {"Bo": 80}, {"bjørn": 40, "Bo": 40}])
    (['Bjørn', 'Bo'], [[40, None, 40], [40, 80, 40]])
    """
    names: dict[str, str] = {}  # folded -> as first written
    for point in history:
        for name in point:
            names.setdefault(name.casefold(), name)
    folded = [{name.casefold(): chips for name, chips in point.items()} for point in history]
    return list(names.values()), [[point.get(key) for point in folded] for key in names]


def _style(kind: int) -> str:
    """A cell's style: the frame dim, a player's mark in the player's colour, ``*`` (no one player's) plain."""
    if kind == FRAME:
        return "class:dim"
    if kind >= 0:
        return f"class:chart.{kind % 6}"
    return ""


def chip_chart(
    names: Sequence[str],
    series: Sequence[Sequence[int | None]],
    columns: int,
    rows: int,
    tr: Translator,
    unicode: bool,
    rounds: bool = False,
) -> tuple[list[Line], Line]:
    """Each player's chips at the start (deal 0) and after every deal (round:
    ``rounds``; None where the player was not at the table), as a chart
    ``columns`` wide and ``rows`` high (the last row is the deal axis), and
    its legend: every mark the chart shows explained."""
    word = tr._("round") if rounds else tr._("deal")  # Three Card Poker counts rounds
    drawn = draw_chart(names, series, columns, rows, word, unicode)
    lines: list[Line] = []
    for line in drawn.lines:
        cells: Line = []
        for kind, text in line:
            style = _style(kind)
            if cells and cells[-1][0] == style:
                cells[-1] = (style, cells[-1][1] + text)
            else:
                cells.append((style, text))
        lines.append(cells)
    return lines, styled("class:dim", "   ".join(legend_parts(names, drawn, tr)))


def legend_room(names: Sequence[str], tr: Translator) -> Line:
    """The longest legend a chart of ``names`` can have (every player and ``*``):
    the room to keep for it before the chart is drawn."""
    every = Chart([], marks(names), frozenset({*range(len(names)), SEVERAL}))
    return styled("class:dim", "   ".join(legend_parts(names, every, tr)))
