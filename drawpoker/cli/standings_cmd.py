"""``drawpoker standings``: the season, read from the histories folder.

Per player: the evenings played, the deals, the result in chips and in
money (each currency on its own), the biggest pot won, and the running
total evening by evening as a chart. Filters: a period (``--since``,
``--until``), a ruleset (the same rules: their fingerprint), a group of
players (the evenings they all played). The same person under two
spellings is one player (``drawpoker config set alias Bjorn=Bjørn``).

Every history's chain is checked as it is read; one that cannot be read is
said in one sentence and left out, the others counted.
"""

from __future__ import annotations

import argparse
from typing import Any


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``drawpoker standings``."""
    parser.add_argument("--histories", metavar="DIR", help="the histories folder (default: 'drawpoker config path')")
    parser.add_argument("--since", metavar="DATE", help="only evenings on or after DATE (YYYY-MM-DD)")
    parser.add_argument("--until", metavar="DATE", help="only evenings on or before DATE (YYYY-MM-DD)")
    parser.add_argument(
        "--ruleset", metavar="RULES", help="only evenings played under these rules (a shipped name or a file)"
    )
    parser.add_argument(
        "--players", metavar="NAMES", help="a group of players (comma-separated): only the evenings they all played"
    )
    shape = parser.add_mutually_exclusive_group()
    shape.add_argument("--json", action="store_true", help="print the standings as JSON")
    shape.add_argument("--csv", action="store_true", help="print the standings as CSV")
    from drawpoker.words.i18n import add_lang_option

    add_lang_option(parser)


def _date(text: str | None, option: str) -> str | None:
    """A date as given (``2026-03-01``), checked; the comparison is by text."""
    import datetime as _dt

    from drawpoker.errors import InputError

    if text is None:
        return None
    try:
        return _dt.date.fromisoformat(text).isoformat()
    except ValueError:
        raise InputError(f"{option}: expected a date like 2026-03-01, found '{text}'") from None


def run(args: argparse.Namespace) -> int:
    """Read every history of the folder and print the season."""
    import sys

    from drawpoker.cli.sessions import histories_folder
    from drawpoker.errors import DrawpokerError
    from drawpoker.history.season import evenings_in, read_evening
    from drawpoker.season import Season
    from drawpoker.settings import load_settings
    from drawpoker.terminal import emit
    from drawpoker.words.i18n import cli_translator

    tr = cli_translator(args.lang)
    since, until = _date(args.since, "--since"), _date(args.until, "--until")
    fingerprint = None
    if args.ruleset:
        from drawpoker.rules import fingerprint as fingerprint_of
        from drawpoker.rules import load_rules

        fingerprint = fingerprint_of(load_rules(args.ruleset))
    group = [name.strip() for name in (args.players or "").split(",") if name.strip()]
    aliases = load_settings().alias_map()
    folder = histories_folder(args.histories)
    season = Season()
    days: list[str] = []
    for path in evenings_in(folder):
        try:
            evening = read_evening(path)
        except DrawpokerError as exc:
            emit(tr.say(exc.note) + " " + tr._("(left out of the standings)"), file=sys.stderr)
            continue
        day = evening.started[:10]
        if (since and day < since) or (until and day > until):
            continue
        if fingerprint is not None and evening.fingerprint != fingerprint:
            continue
        season.add(evening.started, evening.results, evening.chip_value)
        days.append(day)
    players = season.standings(aliases, group)
    played = season.played(aliases, group)
    if args.json:
        emit(_json(players, played))
    elif args.csv:
        _csv(players)
    else:
        for line in _text(players, played, days, tr):
            emit(line)
    return 0


def _money(player: Any) -> str:
    from drawpoker.money import ChipValue

    parts = []
    for currency, units in sorted(player.money.items()):
        text = ChipValue(1, currency).text(units)
        parts.append(("+" if units > 0 else "") + text)
    return ", ".join(parts)


def _json(players: list[Any], played: int) -> str:
    from drawpoker.money import ChipValue
    from drawpoker.terminal import json_text

    return json_text(
        {
            "evenings": played,
            "players": [
                {
                    "name": p.name,
                    "evenings": p.evenings,
                    "deals": p.deals,
                    "net": p.net,
                    "money": {
                        currency: ChipValue(1, currency).amount(units) for currency, units in sorted(p.money.items())
                    },
                    "biggest_pot": p.biggest_pot,
                    "running": p.running,
                }
                for p in players
            ],
        }
    )


def _csv(players: list[Any]) -> None:
    import csv
    import sys

    from drawpoker.money import ChipValue
    from drawpoker.terminal import visible

    currencies = sorted({c for p in players for c in p.money})
    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(["name", "evenings", "deals", "net", *[f"money_{c}" for c in currencies], "biggest_pot"])
    for p in players:
        money = [ChipValue(1, c).amount(p.money[c]) if c in p.money else "" for c in currencies]
        writer.writerow([visible(p.name), p.evenings, p.deals, p.net, *money, p.biggest_pot])


def _text(players: list[Any], played: int, days: list[str], tr: Any) -> list[str]:
    from drawpoker.terminal import visible
    from drawpoker.words.evening_text import ljust, width

    if not players:
        return [tr._("No evenings to count yet.")]
    span = f" ({min(days)} – {max(days)})" if days else ""
    out = [tr.n("The season: {n} evening", "The season: {n} evenings", played).format(n=played) + span, ""]
    first = max([12, *(width(visible(p.name)) + 2 for p in players)])
    heads = (tr._("Evenings"), tr._("Deals"), tr._("Result"))
    out.append(
        ljust(tr._("Player"), first)
        + "".join(f"{h:>9}" for h in heads)
        + "  "
        + ljust(tr._("Money"), 16)
        + f"{tr._('Biggest pot'):>12}"
    )
    for p in players:
        out.append(
            ljust(visible(p.name), first)
            + f"{p.evenings:>9}{p.deals:>9}{p.net:>+9}  {ljust(_money(p) or '-', 16)}{p.biggest_pot:>12}"
        )
    if played > 1:
        out += ["", tr._("The running total, evening by evening (chips):")]
        out += chart([visible(p.name) for p in players], [p.running for p in players], tr._("evening"))
    return out


def _letters(names: list[str]) -> list[str]:
    """A different letter for each player: the first free letter of the name."""
    used: set[str] = set()
    out = []
    for name in names:
        letter = next((ch.upper() for ch in name if ch.isalpha() and ch.upper() not in used), None)
        if letter is None:
            letter = next(ch for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ+#@%&" if ch not in used)
        used.add(letter)
        out.append(letter)
    return out


def chart(names: list[str], running: list[list[int]], word: str, columns: int = 78, rows: int = 11) -> list[str]:
    """Each player's running total after every evening (0 before the first), as a
    text chart: a letter per player, ``*`` where several meet; the latest evenings
    when there are more than the width holds."""
    series = [[0, *totals] for totals in running]
    top = max(max(s) for s in series)
    bottom = min(min(s) for s in series)
    if top == bottom:
        top += 1
    label = max(len(str(top)), len(str(bottom))) + 1
    room = max(1, columns - label - 2 - len(word))
    points = len(series[0])
    step = 3 if points * 3 <= room else 2 if points * 2 <= room else 1
    shown = min(points, room // step)
    first = points - shown
    grid = [[" "] * (shown * step) for _ in range(rows)]
    letters = _letters(names)
    for who, values in enumerate(series):
        for i, value in enumerate(values[first:]):
            r = round((top - value) * (rows - 1) / (top - bottom))
            grid[r][i * step] = "*" if grid[r][i * step] != " " else letters[who]
    out = []
    for r in range(rows):
        value = round(top - r * (top - bottom) / (rows - 1))
        lead = f"{value:>{label - 1}}┤" if r in (0, rows - 1, (rows - 1) // 2) else " " * (label - 1) + "│"
        out.append((lead + "".join(grid[r])).rstrip())
    axis = [" "] * (shown * step + 3)
    for i in range(shown):
        number = str(first + i)
        at = i * step
        if (step == 3 or (first + i) % 5 == 0) and all(ch == " " for ch in axis[max(0, at - 1) : at + len(number)]):
            axis[at : at + len(number)] = list(number)
    out.append(" " * label + "".join(axis).rstrip() + "  " + word)
    out.append("   ".join(f"{letter} = {name}" for letter, name in zip(letters, names, strict=True)))
    return out
