"""``drawpoker standings``: the season, read from the histories folder.

Per player: the evenings played, the deals (in Three Card Poker the rounds
played, a round dealt as the bank one of them), the result in chips and in
money (each currency on its own), the biggest pot won (in Three Card Poker, which has no
pot: the most won in one round, as the bank too), and the running
total evening by evening as a chart. Filters: a period (``--since``,
``--until``), a ruleset (the same rules: their fingerprint), a group of
players (the evenings they all played). The same person under two
spellings is one player (``drawpoker config set alias Bjorn=Bjørn``).

Every history's chain is checked as it is read; one that cannot be read is
said in one sentence and left out, the others counted.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from drawpoker.notes import N_


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``drawpoker standings``."""
    from drawpoker.cli.sessions import add_histories_option

    add_histories_option(parser)
    parser.add_argument("--since", metavar="DATE", help=N_("only evenings on or after DATE (YYYY-MM-DD)"))
    parser.add_argument("--until", metavar="DATE", help=N_("only evenings on or before DATE (YYYY-MM-DD)"))
    parser.add_argument(
        "--ruleset",
        metavar="RULES",
        help=N_("only evenings played under these rules (a shipped name, a file, or the name 'history' lists)"),
    )
    parser.add_argument(
        "--players", metavar="NAMES", help=N_("a group of players (comma-separated): only the evenings they all played")
    )
    shape = parser.add_mutually_exclusive_group()
    shape.add_argument("--json", action="store_true", help=N_("print the standings as JSON"))
    shape.add_argument("--csv", action="store_true", help=N_("print the standings as CSV"))
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
        from drawpoker.notes import N_, Note

        raise InputError(
            Note(N_("{option}: expected a date like 2026-03-01, found '{text}'"), option=option, text=text)
        ) from None


def run(args: argparse.Namespace) -> int:
    """Read every history of the folder and print the season."""

    from drawpoker.cli.sessions import continued, histories_folder, history_files
    from drawpoker.errors import DrawpokerError
    from drawpoker.history.summary import summarize
    from drawpoker.season import Season
    from drawpoker.settings import load_settings
    from drawpoker.terminal import complain, emit
    from drawpoker.words.i18n import cli_translator

    tr = cli_translator(args.lang)
    since, until = _date(args.since, "--since"), _date(args.until, "--until")
    if since and until and since > until:
        from drawpoker.errors import InputError
        from drawpoker.notes import N_, Note

        raise InputError(
            Note(N_("--since {since} is after --until {until}: no day is in both"), since=since, until=until)
        )
    fingerprint = None
    named = None  # a ruleset by the name the histories were played under (as 'drawpoker history' lists it)
    unknown = None  # why that name is no ruleset to load (said if no evening was played under it either)
    if args.ruleset:
        from drawpoker.errors import RulesError
        from drawpoker.rules import fingerprint as fingerprint_of
        from drawpoker.rules import load_rules

        try:
            fingerprint = fingerprint_of(load_rules(args.ruleset))
        except RulesError as exc:
            if os.path.lexists(args.ruleset) or not _a_name(args.ruleset):
                raise  # a file that does not read is said as it is
            named, unknown = args.ruleset, exc
    group = [name.strip() for name in (args.players or "").split(",") if name.strip()]
    aliases = load_settings().alias_map()
    folder = histories_folder(args.histories)
    evenings = []
    kept = 0  # the evenings read, before the filters
    for path in history_files(folder):
        try:
            evening = summarize(path, ledger=True)  # (every line's chain checked as it is read)
        except DrawpokerError as exc:
            complain(tr.say(exc.note) + " " + tr._("(left out of the standings)"))
            continue
        kept += 1
        if named is not None and evening.ruleset == named:
            unknown = None  # (the name is one the histories know, whatever the other filters say)
        day = (evening.started or "")[:10]
        if (since and day < since) or (until and day > until):
            continue
        if fingerprint is not None and evening.fingerprint != fingerprint:
            continue
        if named is not None and evening.ruleset != named:
            continue
        evenings.append(evening)
    if unknown is not None:
        raise unknown
    # An evening resumed in a copy (its original left as it was) is counted once: where it went on.
    elsewhere = continued([(evening.path, evening) for evening in evenings])
    evenings = [evening for evening in evenings if evening.path not in elsewhere]
    evenings.sort(key=lambda e: (e.started or "", e.path.name))  # the season in the order it was played
    season = Season()
    for evening in evenings:
        season.add(evening.started or "", evening.results, evening.chip_value)
    players = season.standings(aliases, group)
    played = season.counted(aliases, group)
    counted = [evening for evening, kept in zip(evenings, played, strict=True) if kept]
    unfinished = [(evening, evening.unfinished()) for evening in counted if not evening.over]
    from drawpoker.cli.main import room

    if args.json:
        emit(_json(players, len(counted), unfinished, tr))
    elif args.csv:
        _csv(players)
        for line in _unfinished_lines(unfinished, folder, tr):  # (the table stays a table: the words go aside)
            complain(line)
    else:
        days = [(evening.started or "")[:10] for evening in counted]
        rounds = bool(counted) and all(evening.game == "three-card-poker" for evening in counted)
        wins = any(evening.game == "three-card-poker" for evening in counted)
        filters = [
            f"{option} {value}"
            for option, value in (
                ("--since", args.since),
                ("--until", args.until),
                ("--ruleset", args.ruleset),
                ("--players", args.players),
            )
            if value
        ]
        if not players and kept and filters:  # evenings there are: none is the one asked for
            from drawpoker.terminal import visible
            from drawpoker.wrapping import wrap

            said = tr.n(
                "{n} evening is kept, and it does not match {filters}.",
                "{n} evenings are kept, and none of them matches {filters}.",
                kept,
            ).format(n=kept, filters=visible(" ".join(filters)))
            for line in wrap(said, room()):
                emit(line)
            return 0
        for line in _text(players, len(counted), [day for day in days if day], tr, rounds, wins, room()):
            emit(line)
        priced = sum(1 for evening in counted if evening.chip_value is not None)
        if players and 0 < priced < len(counted):  # a result in chips and one in money that tell two stories
            from drawpoker.wrapping import wrap

            emit("")
            said = tr.n(
                "Money counts only the evening played with a chip value ({n} of {m}); the result counts every one.",
                "Money counts only the evenings played with a chip value ({n} of {m}); the result counts every one.",
                priced,
            ).format(n=priced, m=len(counted))
            for line in wrap(said, room()):  # as the rest of the standings: the terminal's width
                emit(line)
        lines = _unfinished_lines(unfinished, folder, tr)
        if lines:
            emit("")
        from drawpoker.wrapping import wrap

        for line in lines:  # within 80 columns as the table above, the history's name whole on its line
            for part in wrap(line, room(), indent="    "):
                emit(part)
    return 0


def _a_name(text: str) -> bool:
    """A ruleset named as 'drawpoker history' lists it (``thursday``), not a path to a file."""
    return "/" not in text and "\\" not in text and not text.endswith((".yaml", ".yml"))


def _unfinished_lines(unfinished: list[tuple[Any, Any]], folder: Any, tr: Any) -> list[str]:
    """An evening with no end, in words: counted as it stood ("so far"); the history
    named as every command takes it."""
    from drawpoker.settings import history_name
    from drawpoker.terminal import visible

    return [
        tr._("{file}: {unfinished}; counted as it stood (so far).").format(
            file=visible(history_name(evening.path, folder)), unfinished=tr.say(note)
        )
        for evening, note in unfinished
    ]


def _money(player: Any, tr: Any) -> list[str]:
    """A player's result in money, a currency each (a season may hold evenings played for two)."""
    from drawpoker.money import ChipValue
    from drawpoker.words.evening_text import money_text

    return [
        money_text(ChipValue(1, currency), units, tr, sign=True) for currency, units in sorted(player.money.items())
    ]


def _json(players: list[Any], played: int, unfinished: list[tuple[Any, Any]], tr: Any) -> str:
    from drawpoker.money import ChipValue
    from drawpoker.terminal import json_text

    return json_text(
        {
            "evenings": played,
            "unfinished": [
                {"file": evening.path.name, "started": evening.started, "unfinished": tr.say(note)}
                for evening, note in unfinished
            ],
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


def _text(
    players: list[Any],
    played: int,
    days: list[str],
    tr: Any,
    rounds: bool = False,
    wins: bool = False,
    columns: int = 78,
) -> list[str]:
    """The season as a table (``rounds``: every evening was Three Card Poker, which counts rounds;
    ``wins``: some evening was, where a round has no pot, and the last column is the most won in one),
    within ``columns`` where the figures leave a name room (a longer name has a line of its own)."""
    from drawpoker.terminal import cells as width
    from drawpoker.terminal import ljust_cells as ljust
    from drawpoker.terminal import visible
    from drawpoker.wrapping import wrap

    if not players:
        return [tr._("No evenings to count yet.")]
    span = f" ({min(days)} – {max(days)})" if days else ""
    out = [tr.n("The season: {n} evening", "The season: {n} evenings", played).format(n=played) + span, ""]
    heads = (tr._("Evenings"), tr._("Rounds") if rounds else tr._("Deals"), tr._("Result"))
    pot = tr._("Biggest win") if wins else tr._("Biggest pot")
    rows = [
        (
            visible(p.name),
            (f"{p.evenings}", f"{p.deals}", f"{p.net:+}"),
            _money(p, tr) or ["-"],
            f"{p.biggest_pot or '-'}",
        )
        for p in players  # (- for no pot won, as for no money)
    ]
    # the columns as they always were (a figure's at least 9 wide, the money's 16, the last 12); where that is
    # wider than the terminal (60 columns), each as wide as its title and figures; where that is too, every
    # name on a line of its own (as a long name is), the figures below it
    least = (9, 16, 12)
    for roomy in (True, False):
        wide = [
            max(least[0] if roomy else 0, width(head) + 1, *(len(row[1][k]) + 1 for row in rows))
            for k, head in enumerate(heads)
        ]  # (a column as wide as its word: "Utdelinger")
        spent = max(least[1] if roomy else 0, width(tr._("Money")), *(width(m) for row in rows for m in row[2]))
        last = max(least[2] if roomy else 0, width(pot) + 1, *(len(row[3]) + 2 for row in rows))
        figures_width = sum(wide) + 2 + spent + last
        if width(tr._("Player")) + 2 + figures_width <= columns:
            break
    # the names' column: as wide as the longest name, or (a name too long to leave the figures room on its line)
    # as wide as the longest of those that do; a longer one has a line of its own, its figures below, in their
    # columns (as in 'drawpoker history FILE')
    fitting = [width(row[0]) + 2 for row in rows]
    first = max([12 if roomy else width(tr._("Player")) + 2, *(w for w in fitting if w + figures_width <= columns)])
    head = (
        "".join(" " * (w - width(head)) + head for head, w in zip(heads, wide, strict=True))
        + "  "
        + ljust(tr._("Money"), spent)
        + " " * (last - width(pot))
        + pot
    )
    if first + figures_width > columns:  # no room for a names' column: the title over the names, the figures'
        first = 2  # titles over their figures, each name on its line
        out += [tr._("Player"), " " * first + head]
    else:
        out.append(ljust(tr._("Player"), first) + head)
    for name, figures, money, biggest in rows:
        if width(name) + 2 > first:  # (a name of its own, as long as a name may be: 64 characters)
            out += wrap(name, columns)
            name = ""
        out.append(
            ljust(name, first)
            + "".join(f"{figure:>{w}}" for figure, w in zip(figures, wide, strict=True))
            + f"  {ljust(money[0], spent)}{biggest:>{last}}"
        )
        # a second currency under the first, in the money column (side by side they pushed the last
        # column out of line, and past 80 columns)
        out += [" " * (first + sum(wide) + 2) + more for more in money[1:]]
    if played > 1:
        from drawpoker.words.chart import draw_chart, legend_parts

        names = [visible(p.name) for p in players]
        drawn = draw_chart(names, [[0, *p.running] for p in players], min(78, columns), 12, tr._("evening"))
        out += ["", tr._("The running total, evening by evening (chips):"), *drawn.text()]
        out += _wrapped(legend_parts(names, drawn, tr), min(78, columns))
    return out


def _wrapped(parts: list[str], columns: int) -> list[str]:
    """Parts of a legend on as few lines as fit ``columns``, three spaces apart (a part wider than a
    line, a name as long as a name may be at 60 columns, wrapped as the table wraps that name)."""
    from drawpoker.terminal import cells as width
    from drawpoker.wrapping import wrap

    lines: list[str] = []
    for part in parts:
        if lines and width(lines[-1]) + 3 + width(part) <= columns:
            lines[-1] += "   " + part
        elif width(part) > columns:
            lines += wrap(part, columns, indent="    ")
        else:
            lines.append(part)
    return lines
