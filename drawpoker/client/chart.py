"""The session in numbers: standings and a chip-count chart over the deals.

>>> from drawpoker.words.i18n import translator
>>> from drawpoker.client.lines import plain
>>> rows = chip_chart(["Ada", "Bo"], [(40, 40), (45, 35), (50, 30)], 30, 6, translator("en"), True)
>>> print("\\n".join(plain(r).rstrip() for r in rows))
50┤      A
  │   A
40┤*
  │   B
30┤      B
   0  1  2  deal
"""

from __future__ import annotations

from collections.abc import Sequence

from drawpoker.client.lines import Line, ljust, pad, styled, width
from drawpoker.words.i18n import Translator

__all__ = ["chip_chart", "legend", "standings_lines", "Standing"]

Standing = tuple[str, int, int, int]  # name, stack, chips rebought, net


def standings_lines(rows: Sequence[Standing], tr: Translator, columns: int) -> list[Line]:
    """The standings table, best net result first."""
    first = max([14, *(width(name) + 2 for name, *_ in rows)])  # terminal cells: an emoji takes two
    head = ljust(tr._("Player"), first) + f"{tr._('Chips'):>10}{tr._('Rebuys'):>10}{tr._('Result'):>10}"
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


def _letters(names: Sequence[str]) -> list[str]:
    """A different letter for each player: the first free letter of the name."""
    used: set[str] = set()
    out = []
    for name in names:
        letter = next((ch.upper() for ch in name if ch.isalpha() and ch.upper() not in used), None)
        if letter is None:
            letter = next(ch for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ*+#@%&" if ch not in used)
        used.add(letter)
        out.append(letter)
    return out


def chip_chart(
    names: Sequence[str],
    history: Sequence[Sequence[int]],
    columns: int,
    rows: int,
    tr: Translator,
    unicode: bool,
    rounds: bool = False,
) -> list[Line]:
    """Each player's chips at the start (deal 0) and after every deal (round: ``rounds``), as a
    chart ``columns`` wide and ``rows`` high (the last row is the deal axis).
    Each player is drawn with a letter of their name (see :func:`legend`);
    ``*`` marks players on the same point."""
    if not history or rows < 3 or not names:
        return []
    plot_rows = rows - 1
    top = max(max(stacks) for stacks in history)
    bottom = min(min(stacks) for stacks in history)
    if top == bottom:
        top += 1
    label_width = max(len(str(top)), len(str(bottom))) + 1
    word = tr._("round") if rounds else tr._("deal")  # Three Card Poker counts rounds
    room = max(1, columns - label_width - 2 - len(word))
    points = len(history)
    step = 3 if points * 3 <= room else 2 if points * 2 <= room else 1
    shown = min(points, room // step)
    history = history[-shown:]
    first = points - shown
    grid: list[list[tuple[str, str]]] = [[("", " ")] * (shown * step) for _ in range(plot_rows)]
    letters = _letters(names)

    def row_of(value: int) -> int:
        return round((top - value) * (plot_rows - 1) / (top - bottom))

    for seat in range(len(names)):
        for i, stacks in enumerate(history):
            r = row_of(stacks[seat])
            taken = grid[r][i * step][1] != " "
            grid[r][i * step] = ("", "*") if taken else (f"class:chart.{seat % 6}", letters[seat])
    labelled = {0, plot_rows - 1, (plot_rows - 1) // 2}
    out: list[Line] = []
    for r in range(plot_rows):
        value = round(top - r * (top - bottom) / (plot_rows - 1))
        if r in labelled:
            lead = f"{value:>{label_width - 1}}" + ("┤" if unicode else "+")
        else:
            lead = " " * (label_width - 1) + ("│" if unicode else "|")
        out.append([("class:dim", lead)] + grid[r])
    axis = [" "] * (shown * step + 3)
    for i in range(shown):
        number = str(first + i)
        at = i * step
        if (step == 3 or (first + i) % 5 == 0) and all(ch == " " for ch in axis[max(0, at - 1) : at + len(number)]):
            axis[at : at + len(number)] = list(number)
    out.append(styled("class:dim", " " * label_width + "".join(axis).rstrip() + "  " + word))
    return out


def legend(names: Sequence[str], tr: Translator) -> Line:
    """Which letter stands for which player."""
    parts = [f"{letter} = {name}" for letter, name in zip(_letters(names), names, strict=False)]
    return styled("class:dim", "   ".join(parts) + "   " + tr._("* = several players"))
