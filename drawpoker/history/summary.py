"""What a session came to, in a few words: the reusable summary of a history.

``drawpoker history`` (the list of sessions and one session's deals),
``verify``, ``export`` and ``standings`` all say the same things about a
session the same way: which ruleset it was played under, when it started,
who played, how many deals were played of how many agreed, who won, and
-- when the session has no end -- that it is *unfinished after deal 9 of
12*. :func:`unfinished_note` is that sentence; :func:`summarize` reads a
session's summary from its file.

A summary read with ``confirm=True`` has had every deal re-run through
the engine (``verify``) first: its figures are what the table produced.
Without it the figures are read from the file's first lines and its last
deal's end (its ``DealEnded``/``RoundClosed`` checkpoint) without the
chain or the engine: quick enough for a list of hundreds of sessions, and
said as such (:attr:`SessionSummary.confirmed` is False).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import attrs

from drawpoker.notes import N_, Note

__all__ = ["SessionSummary", "summarize", "unfinished_note", "ruleset_name", "ruleset_label", "file_word"]


def unfinished_note(deals: int, planned: int | None, between: bool, rounds: bool = False) -> Note:
    """A session with no end, in words: ``unfinished after deal 9 of 12``
    (``deals`` begun, ``planned`` agreed, ``between``: the last one had
    ended), ``unfinished in deal 10 of 12`` (it had not), Three Card Poker's
    rounds likewise, ``unfinished before its first deal``.

    >>> str(unfinished_note(9, 12, True))
    'unfinished after deal 9 of 12'
    >>> str(unfinished_note(3, None, False, rounds=True))
    'unfinished in round 3'
    """
    if deals <= 0:
        return Note(N_("unfinished before its first round") if rounds else N_("unfinished before its first deal"))
    if planned is None:
        if rounds:
            said = N_("unfinished after round {n}") if between else N_("unfinished in round {n}")
        else:
            said = N_("unfinished after deal {n}") if between else N_("unfinished in deal {n}")
        return Note(said, n=deals)
    if rounds:
        said = N_("unfinished after round {n} of {m}") if between else N_("unfinished in round {n} of {m}")
    else:
        said = N_("unfinished after deal {n} of {m}") if between else N_("unfinished in deal {n} of {m}")
    return Note(said, n=deals, m=planned)


def ruleset_label(source: str | os.PathLike[str]) -> str:
    """The name a ruleset is known by, from what ``play`` or ``simulate`` was
    given: a shipped ruleset's name, or a ruleset file's name without its
    folder and ``.yaml`` (``~/poker/friday.yaml`` -> ``friday``).

    >>> ruleset_label("deuce-to-seven-triple-draw"), ruleset_label("/home/x/Fredag jokers.yaml")
    ('deuce-to-seven-triple-draw', 'Fredag jokers')
    """
    text = os.fspath(source)
    name = os.path.basename(text.rstrip("/" + os.sep)) or text
    for suffix in (".yaml", ".yml"):
        if name.endswith(suffix) and len(name) > len(suffix):
            return name[: -len(suffix)]
    return name


def file_word(name: str) -> str:
    """A name as a part of a file name: lower case, letters and digits joined
    by hyphens (``Fredag jokers`` -> ``fredag-jokers``, ``Mørkpoker`` -> ``morkpoker``).

    >>> file_word("Fredag jokers"), file_word("Mørkpoker"), file_word("???")
    ('fredag-jokers', 'morkpoker', 'session')
    """
    import re

    folded = name.casefold().replace("ø", "o").replace("æ", "ae").replace("å", "a").replace("'", "")
    return "-".join(re.findall(r"[a-z0-9]+", folded))[:60].strip("-") or "session"


#: shipped rulesets by their rules' fingerprint (made once, when a history names no ruleset)
_SHIPPED: dict[str, str] = {}


def ruleset_name(header: dict[str, Any]) -> str:
    """The ruleset a history was played under, by name: the header's
    ``ruleset`` (written since issue 24: a shipped name, or a ruleset
    file's name without ``.yaml``); for an older history, the shipped
    ruleset whose rules have the header's fingerprint, else the game in
    words (``Deuce-to-seven draw``) -- never ``morkpoker`` for every draw game."""
    named = header.get("ruleset")
    if isinstance(named, str) and named:
        return named
    found = header.get("fingerprint")
    if not _SHIPPED:
        from drawpoker.rules import fingerprint, load_rules, shipped_names

        for name in shipped_names():
            _SHIPPED[fingerprint(load_rules(name))] = name
    if isinstance(found, str) and found in _SHIPPED:
        return _SHIPPED[found]
    try:
        from drawpoker.rules import rules_from_data
        from drawpoker.rules.explain import game_name

        return game_name(rules_from_data(header.get("rules"), "the header's rules"))
    except Exception:  # a header whose rules do not read: its game, as it says
        game = header.get("game")
        return game if isinstance(game, str) else "?"


@attrs.frozen
class SessionSummary:
    """What a session came to (see the module's docstring)."""

    path: Path
    ruleset: str
    game: str
    started: str | None
    names: tuple[str, ...]
    starting: tuple[int, ...]
    stacks: tuple[int, ...]
    rebought: tuple[int, ...]
    #: deals (Three Card Poker: rounds) begun
    deals: int
    #: the deals (rounds) the rules agree on; None when they name no number
    planned: int | None
    #: ``session_over``, ``between_deals`` or anything else (a deal being played)
    phase: str
    rounds: bool
    format: int
    #: every deal re-run through the engine (``verify``) before these figures were taken
    confirmed: bool
    #: the seal of the whole file (confirmed summaries of sealed histories)
    seal: str | None = None
    #: each player's result when the evening's ledger counts it (players arriving, leaving, buying in:
    #: the chips bought and cashed out); None: the stack less the first stack and the rebuys
    results: tuple[int, ...] | None = None

    @property
    def over(self) -> bool:
        """Whether the session ended."""
        return self.phase == "session_over"

    @property
    def net(self) -> tuple[int, ...]:
        """Each player's result: what they took away (or hold) less every chip they bought."""
        if self.results is not None:
            return self.results
        return tuple(
            stack - start - rebuy
            for stack, start, rebuy in zip(
                self.stacks, self.starting, self.rebought or (0,) * len(self.stacks), strict=False
            )
        )

    @property
    def winners(self) -> tuple[str, ...]:
        """Who won (the best result; more than one on a tie): none before the session ended."""
        if not self.over or not self.net:
            return ()
        best = max(self.net)
        return tuple(name for name, net in zip(self.names, self.net, strict=False) if net == best)

    def leaders(self) -> tuple[str, ...]:
        """Who leads so far (the best result), ended or not."""
        if not self.net:
            return ()
        best = max(self.net)
        return tuple(name for name, net in zip(self.names, self.net, strict=False) if net == best)

    def unfinished(self) -> Note | None:
        """``unfinished after deal 9 of 12`` when the session has no end, else None."""
        if self.over:
            return None
        return unfinished_note(self.deals, self.planned, self.phase == "between_deals", self.rounds)

    def standings(self) -> list[tuple[str, int, int, int]]:
        """(name, stack, rebuys in chips, net result), best first."""
        rebought = self.rebought or (0,) * len(self.names)
        rows = list(zip(self.names, self.stacks, rebought, self.net, strict=False))
        return sorted(rows, key=lambda row: -row[3])


#: the most of a file read to find its last deal's end (a session's last few deals)
_TAIL = 256 * 1024
#: the events after a deal's end that are not part of a deal (the table between deals)
_BETWEEN = (b"PlayerRebought", b"PlayerSatOut", b"GameChosen", b"RebuyTaken", b"PlayerStoodUp")


def summarize(path: str | os.PathLike[str], *, confirm: bool = False, parts: int | None = None) -> SessionSummary:
    """The summary of the history in ``path``. With ``confirm`` every deal is
    re-run through the engine first (a :class:`~drawpoker.errors.HistoryError`
    if it does not verify) and the figures are the engine's; without, they
    are read from the file's first lines and last deal's end, quickly, and
    the summary says it was not confirmed. Problems reading the file are a
    :class:`~drawpoker.errors.HistoryError` naming it."""
    if confirm:
        return _confirmed(Path(path), parts)
    return _quick(Path(path))


def _confirmed(path: Path, parts: int | None) -> SessionSummary:
    from drawpoker.history.reader import open_history
    from drawpoker.history.verify import verify_history

    reader = open_history(path)
    header = reader.header
    report = verify_history(reader, parts=parts)
    quick = _quick(path)
    if quick.results is not None:  # an evening with comings and goings: the ledger's figures (read by _quick)
        return attrs.evolve(
            quick, deals=report.deals, phase=report.phase or "no_session", confirmed=True, seal=report.last_seal
        )
    return attrs.evolve(
        quick,
        names=report.names or quick.names,
        stacks=report.stacks or quick.stacks,
        rebought=report.rebought or quick.rebought,
        deals=report.deals,
        phase=report.phase or "no_session",
        confirmed=True,
        seal=report.last_seal,
        ruleset=ruleset_name(header),
    )


def _quick(path: Path) -> SessionSummary:
    import json

    from drawpoker.boundary import open_regular
    from drawpoker.errors import HistoryError
    from drawpoker.history.format import MAX_LINE

    shown = str(path)
    with open_regular(path, shown, error=HistoryError) as f:
        first = f.readline(MAX_LINE + 1)
        second = f.readline(MAX_LINE + 1)
        size = os.fstat(f.fileno()).st_size
        start = max(f.tell(), size - _TAIL)
        f.seek(start)
        tail = f.read(_TAIL)
    try:
        header = json.loads(first)
        opening = json.loads(second) if second.endswith(b"\n") else {}
    except (ValueError, RecursionError):
        header, opening = None, None
    if not isinstance(header, dict) or header.get("drawpoker") != "history" or not isinstance(opening, dict):
        raise HistoryError(
            Note(N_("{file}: not a drawpoker history (its first lines are not a header and a seating)"), file=shown)
        )
    game = header.get("game")
    rounds = game == "three-card-poker"
    players = header.get("players")
    names = tuple(str(p.get("name", "")) for p in players if isinstance(p, dict)) if isinstance(players, list) else ()
    starting = _numbers(opening.get("stacks"))
    rules = header.get("rules")
    session = rules.get("session") if isinstance(rules, dict) else None
    planned = session.get("deals") if isinstance(session, dict) else None
    # the last complete lines, from the last deal's end on
    lines = tail.split(b"\n")
    lines.pop()  # an unfinished last line (or nothing after the last newline)
    if start > len(first) + len(second):
        del lines[0]  # the window began inside a line
    if _whole(header.get("format")) >= 3:  # lines after the last coded one: a command a crash cut short
        coded = next((k for k in range(len(lines) - 1, -1, -1) if lines[k].startswith(b'{"h":"')), -1)
        del lines[coded + 1 :]
    ended = b'"e":"RoundClosed"' if rounds else b'"e":"DealEnded"'
    begun = b'"e":"RoundOpened"' if rounds else b'"e":"DealStarted"'
    over = b'"e":"TableClosed"' if rounds else b'"e":"SessionEnded"'
    stacks, deals, after_end = starting, 0, True
    rebought: tuple[int, ...] = ()
    last_end = next((k for k in range(len(lines) - 1, -1, -1) if ended in lines[k]), None)
    last_begun = next((k for k in range(len(lines) - 1, -1, -1) if begun in lines[k]), None)
    if last_end is not None:
        closing = _json(lines[last_end])
        stacks = _numbers(closing.get("stacks")) or starting
        rebought = _numbers(closing.get("rebought"))
        deals = _whole(closing.get("round" if rounds else "deal"))
    if last_begun is not None and (last_end is None or last_begun > last_end):
        deals = _whole(_json(lines[last_begun]).get("round" if rounds else "deal")) or deals + 1
        after_end = False
    phase = "between_deals" if after_end else "in_deal"
    if deals == 0 and last_begun is None:
        phase = "between_deals"
    if lines and over in lines[-1]:
        phase = "session_over"
    if rounds and (b'"e":"RebuyTaken"' in tail or size > _TAIL):
        if size > _TAIL:  # the rebuys of a long session's earlier rounds too
            with open_regular(path, shown, error=HistoryError) as f:
                tail = f.read()
        rebought = _tcp_rebuys(tail, len(names))
    results = None
    if _EVENING.search(tail) or (size > _TAIL and _has_evening(path, shown)):
        # players came and went (or drew for seats): the evening's ledger says who holds what
        from drawpoker.history.season import read_evening

        ledger = read_evening(path).results
        names = tuple(r.name for r in ledger)
        stacks = tuple(r.stack for r in ledger)
        rebought = tuple(r.rebought for r in ledger)
        results = tuple(r.net for r in ledger)
    return SessionSummary(
        path=path,
        ruleset=ruleset_name(header),
        game=str(game),
        started=header.get("started") if isinstance(header.get("started"), str) else None,
        names=names,
        starting=starting,
        stacks=stacks,
        rebought=rebought or (0,) * len(stacks),
        deals=deals,
        planned=planned if isinstance(planned, int) and not isinstance(planned, bool) else None,
        phase=phase,
        rounds=rounds,
        format=_whole(header.get("format")),
        confirmed=False,
        results=results,
    )


#: the evening's events after which the first stacks and the rebuys no longer tell a result: the
#: seats drawn (the names reordered) and every event of :data:`drawpoker.games.evening.SEATING_EVENT_NAMES`
#: with the add-ons (a test keeps the two alike; named here so the list of sessions imports no game)
EVENING_NAMES = (
    "AddOnBought",
    "CarriedPotReturned",
    "EndAgreed",
    "MissedBlindsPosted",
    "PlayerAway",
    "PlayerBack",
    "PlayerDealtIn",
    "PlayerJoined",
    "PlayerLeft",
    "RebuyDeclined",
    "RequestMade",
    "SeatHandedBack",
    "SeatTakenOver",
    "SeatsDrawn",
)
_EVENING = re.compile(rb'"e":"(?:' + "|".join(EVENING_NAMES).encode("ascii") + rb')"')


def _has_evening(path: Path, shown: str) -> bool:
    """Whether a long history holds any of the evening's comings and goings."""
    from drawpoker.boundary import open_regular
    from drawpoker.errors import HistoryError

    with open_regular(path, shown, error=HistoryError) as f:
        while True:
            chunk = f.read(1 << 22)
            if not chunk:
                return False
            if _EVENING.search(chunk):
                return True


def _json(line: bytes) -> dict[str, Any]:
    import json

    try:
        data = json.loads(line)
    except (ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def _whole(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _numbers(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list):
        return ()
    return tuple(_whole(v) for v in value)


def _tcp_rebuys(data: bytes, seats: int) -> tuple[int, ...]:
    """Three Card Poker: the chips each seat rebought (its ``RebuyTaken`` lines in ``data``)."""
    import re

    out = [0] * seats
    for match in re.finditer(rb'"e":"RebuyTaken","seat":(\d+),"amount":(\d+)', data):
        seat = int(match[1])
        if seat < seats:
            out[seat] += int(match[2])
    return tuple(out)
