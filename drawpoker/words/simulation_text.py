"""``drawpoker simulate``'s report in the language of a translator.

The ``--json`` form stays English and exact (:meth:`SimulationResult.to_json`);
this is what a player reads: how much was played, how fast, and each
seat's result, in a table that fits 80 columns.

>>> from drawpoker.session.simulate import SimulationResult
>>> from drawpoker.words.i18n import translator
>>> result = SimulationResult("morkpoker", ("P1", "P2"), ("random", "sensible"), 1200, 3, 9000, 21000, 0.5,
...                           (-1234, 1234), (0, 2), None)
>>> print(simulation_text(result, translator("nb")))
1 200 utdelinger i 3 økter, 9 000 beslutninger, 21 000 hendelser,
0,50 s (2 400 utdelinger/s).
<BLANKLINE>
spiller    strategi   sjetonger netto  per utdeling  nye innkjøp
P1         random              -1 234        -1,028            0
P2         sensible            +1 234        +1,028            2
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from drawpoker.words.i18n import Translator

__all__ = ["simulation_text"]

#: the report's width when none is given: the first sentence is wrapped to it, between its parts
WIDTH = 80


def _wrapped(parts: list[str], columns: int = WIDTH) -> Iterator[str]:
    """Parts of a sentence (``1 200 utdelinger i 3 økter``, ``9 000 beslutninger``...) joined by commas,
    in lines of at most ``columns`` (a part is never broken: a number stays whole)."""
    line = ""
    for part in parts:
        if line and len(line) + 2 + len(part) + 1 > columns:  # (+1: the comma that ends the line)
            yield line + ","
            line = part
        else:
            line = f"{line}, {part}" if line else part
    yield line


def _halves(title: str) -> tuple[str, str]:
    """A column's title on two lines, broken at the space nearest its middle (``sjetonger`` / ``netto``);
    a title of one word is on the second line.

    >>> _halves("net chips"), _halves("rebuys")
    (('net', 'chips'), ('', 'rebuys'))
    """
    spaces = [k for k, ch in enumerate(title) if ch == " "]
    if not spaces:
        return "", title
    at = min(spaces, key=lambda k: max(k, len(title) - k - 1))
    return title[:at], title[at + 1 :]


def _cell(text: str, width: int, right: bool = False) -> str:
    return text.rjust(width) if right else text.ljust(width)


def simulation_text(result: Any, tr: Translator, columns: int = WIDTH) -> str:
    """The report of a simulation (a :class:`~drawpoker.session.simulate.SimulationResult`), within
    ``columns`` (the titles of the table on two lines where on one they are wider)."""
    rounds = result.game == "three-card-poker"
    if rounds:
        played = tr.n("{n} round", "{n} rounds", result.deals)
        per_second = tr._("{n} rounds/s")
        per_column = tr.p("column", "per round")
    else:
        played = tr.n("{n} deal", "{n} deals", result.deals)
        per_second = tr._("{n} deals/s")
        per_column = tr.p("column", "per deal")
    rate = " (" + per_second.format(n=tr.count(result.deals / result.seconds, ",.0f")) + ")" if result.seconds else ""
    head = tr.n(
        "{played} in {n} session, {decisions} decisions, {events} events, {seconds} s{rate}.",
        "{played} in {n} sessions, {decisions} decisions, {events} events, {seconds} s{rate}.",
        result.sessions,
    ).format(
        played=played.format(n=tr.count(result.deals)),
        n=tr.count(result.sessions),
        decisions=tr.count(result.decisions),
        events=tr.count(result.events),
        seconds=tr.count(result.seconds, ".2f"),
        rate=rate,
    )
    titles = [
        tr.p("column", "player"),
        tr.p("column", "strategy"),
        tr.p("column", "net chips"),
        per_column,
        tr.p("column", "rebuys"),
    ]
    rows = []
    for name, strategy, net, rebuys in zip(result.names, result.strategies, result.net, result.rebuys, strict=False):
        per = net / result.deals if result.deals else 0.0
        rows.append([name, strategy, tr.count(net, "+,"), tr.count(per, "+.3f"), tr.count(rebuys)])
    if result.bank_net is not None:
        rows.append([tr.p("column", "bank"), "", tr.count(result.bank_net, "+,"), "", ""])
    least = (10, 9, 10, 9, 7)

    def widths_of(heads: list[list[str]]) -> list[int]:
        # (a figure's title stands a space clear of the one before it: "net chips  per deal", never "netto per")
        return [
            max([least[i], *(len(head[i]) + (i >= 2) for head in heads), *(len(row[i]) for row in rows)])
            for i in range(5)
        ]

    heads = [titles]
    widths = widths_of(heads)
    if sum(widths) + 4 > columns:  # too wide: each title on two lines
        halves = [_halves(title) for title in titles]
        heads = [[half[0] for half in halves], [half[1] for half in halves]]
        widths = widths_of(heads)
    if sum(widths) + 4 > columns:  # still too wide: a bot of one's own named by a long path
        from drawpoker.wrapping import wrap

        # its strategy wrapped in the room the others leave (after a folder's "/" where it can be)
        widths[1] = max(least[1], columns - 4 - sum(widths) + widths[1])
        strategy_lines = [wrap(row[1], widths[1]) if len(row[1]) > widths[1] else [row[1]] for row in rows]
    else:
        strategy_lines = [[row[1]] for row in rows]
    lines = [*_wrapped(head.split(", "), columns), ""]
    for row, strategy in [*((head, [head[1]]) for head in heads), *zip(rows, strategy_lines, strict=True)]:
        cells = [_cell(row[i], widths[i], right=i >= 2) for i in range(5)]
        cells[1] = _cell(strategy[0], widths[1])
        lines.append(" ".join(cells).rstrip())
        lines.extend((" " * (widths[0] + 1) + more).rstrip() for more in strategy[1:])
    return "\n".join(lines)
