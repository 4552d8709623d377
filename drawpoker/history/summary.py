"""What a session came to: the one reading of a history's results.

``drawpoker history`` (the list of sessions and one session's deals),
``verify``, ``export``, ``standings`` and the replay's neighbours all say
the same things about a session the same way: which ruleset it was played
under, when it started, who played, how many deals were played of how many
agreed, each player's result (every chip bought and taken away counted),
who won, and -- when the session has no end -- that it is *unfinished
after deal 9 of 12*. :func:`unfinished_note` is that sentence;
:func:`summarize` reads a session's :class:`SessionSummary` from its file,
in one of three depths:

- quick (the list of hundreds of sessions): the file's first lines and its
  last deal's end (its ``DealEnded``/``RoundClosed`` checkpoint), without
  the chain or the engine; an evening with comings and goings is read whole,
  as below, since its last stacks alone do not tell a result;
- ``ledger=True`` (``standings``, the settle-up): every line the evening's
  ledger (:class:`~drawpoker.ledger.Ledger`) needs, each line's chain code
  checked as it is read, the rest skipped: a deal's start and end, its pots,
  rebuys, comings and goings; a line dealing cards gives only its seat;
- ``confirm=True`` (``history FILE``, ``export``): every deal re-run
  through the engine first (``verify``), then the ledger's reading: the
  figures are what the table produced (:attr:`SessionSummary.confirmed`).

Memory is the ledger's: a few numbers per player.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import attrs

from drawpoker.ledger import Ledger, Result
from drawpoker.notes import N_, Note

__all__ = [
    "SessionSummary",
    "summarize",
    "unfinished_note",
    "ruleset_name",
    "ruleset_label",
    "file_word",
    "evening_of",
    "first_deck",
    "resumed_from",
    "continued_in",
]


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


def evening_of(header: dict[str, Any], deck: str | None = None) -> str | None:
    """What makes a history one evening: its game, when it started (to the
    second), its rules' fingerprint, its players as they sat down, and the
    deck its first deal (round) was dealt from (``deck``: None before the
    first deal); None when the header does not say when it started.

    ``play --resume`` continues a history whose last decision a crash cut
    short (or one written by an older drawpoker) in a copy, and leaves the
    original as it was: both then hold this same evening (a copy of an older
    history in the current format keeps these fields of its header, and
    every event). Sessions that ``simulate --log`` starts in the same second
    with the same players differ by their first deck."""
    import json

    started = header.get("started")
    if not isinstance(started, str) or not started:
        return None
    players = header.get("players")
    return json.dumps(
        [header.get("game"), started, header.get("fingerprint"), players if isinstance(players, list) else None, deck],
        ensure_ascii=False,
        sort_keys=True,
        separators=(",", ":"),
    )


#: how far into a history its first deal is looked for (the sit-down, the draws, a game chosen come first)
_FIRST_DEAL_LINES = 64


def first_deck(path: Path) -> str | None:
    """The deck of a history's first deal (Three Card Poker: round), from
    its first lines; None when it has none there or cannot be read."""
    try:
        with open(path, "rb") as f:
            for _ in range(_FIRST_DEAL_LINES):
                line = f.readline(1 << 16)
                if not line:
                    return None
                if b'"DealStarted"' in line or b'"RoundOpened"' in line:
                    event = _json(line)
                    if event.get("e") in ("DealStarted", "RoundOpened") and isinstance(event.get("deck"), str):
                        return str(event["deck"])
    except OSError:
        return None
    return None


#: the name ``play --resume`` gives a copy: the original's, then ``-resumed`` (``-resumed-2``...)
_RESUMED = re.compile(r"-resumed(?:-[0-9]+)?$")


def resumed_from(path: Path) -> str:
    """The name of the history a resume's copy was made from, as far back
    as copies go (a copy's copy too): its stem without every ``-resumed``.

    >>> [resumed_from(Path(name)) for name in ("a-resumed-2.jsonl", "a-resumed-resumed.jsonl", "a.jsonl")]
    ['a', 'a', 'a']
    """
    stem = path.stem
    while True:
        shorter = _RESUMED.sub("", stem)
        if shorter == stem or not shorter:
            return stem
        stem = shorter


def continued_in(headers: list[tuple[Path, dict[str, Any], float]]) -> dict[Path, Path]:
    """The histories continued in another file, each with the file that
    continues it. ``play --resume`` makes its copy beside the original, named
    after it (``NAME-resumed.jsonl``, :func:`resumed_from`), holding the same
    evening (:func:`evening_of`); of such a family the one written last is
    where the table went on (a copy is made after its original was last
    written, and the original is never written again), and each of the others
    is continued in it. ``headers``: each file, its header and when it was
    last written. A tie in time goes to the longer name (``-resumed-2`` after
    ``-resumed`` after the original). Only files whose headers agree are
    opened, for their first deck. Two files not named so are two sessions,
    however alike (``simulate --log`` with one seed, twice).

    >>> h = {"game": "morkpoker", "started": "2026-12-07T07:12:12Z", "players": []}
    >>> found = continued_in([(Path("a.jsonl"), h, 5.0), (Path("a-resumed.jsonl"), dict(h), 9.0)])
    >>> {str(k): str(v) for k, v in found.items()}
    {'a.jsonl': 'a-resumed.jsonl'}
    >>> continued_in([(Path("a.jsonl"), h, 5.0), (Path("b.jsonl"), dict(h), 9.0)])
    {}
    """
    alike: dict[tuple[Path, str, str], list[tuple[Path, dict[str, Any], float]]] = {}
    for path, header, written in headers:
        key = evening_of(header)
        if key is not None:
            alike.setdefault((path.parent, resumed_from(path), key), []).append((path, header, written))
    found: dict[Path, Path] = {}
    for candidates in alike.values():
        if len(candidates) < 2:
            continue
        groups: dict[str, list[tuple[float, int, str, Path]]] = {}
        for path, header, written in candidates:
            key = evening_of(header, first_deck(path))
            groups.setdefault(str(key), []).append((written, len(path.name), path.name, path))
        for files in groups.values():
            files.sort()
            last = files[-1][3]
            for *_, path in files[:-1]:
                found[path] = last
    return found


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
    #: the history's header (its ruleset's name, its rules and fingerprint, when it started)
    header: dict[str, Any] = attrs.field(eq=False, repr=False)
    game: str
    #: each player's evening, in the order they sat down (quick: the seats' at the last deal's end)
    results: tuple[Result, ...]
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
    #: the evening's ledger, when the history was read whole (``ledger`` or ``confirm``); None when quick
    ledger: Ledger | None = attrs.field(default=None, eq=False, repr=False)
    #: the rules, when the history was read whole
    rules: Any = attrs.field(default=None, eq=False, repr=False)

    @property
    def ruleset(self) -> str:
        """The ruleset the session was played under, by name (see :func:`ruleset_name`)."""
        return ruleset_name(self.header)

    @property
    def started(self) -> str | None:
        """When the session started (UTC, ISO 8601, from the header)."""
        started = self.header.get("started")
        return started if isinstance(started, str) else None

    @property
    def fingerprint(self) -> str:
        """The fingerprint of the session's rules (from the header)."""
        return str(self.header.get("fingerprint", ""))

    @property
    def chip_value(self) -> Any:
        """What a chip is worth (None: no money value, or a quick summary)."""
        return None if self.rules is None else self.rules.session.chip_value

    @property
    def over(self) -> bool:
        """Whether the session ended."""
        return self.phase == "session_over"

    @property
    def names(self) -> tuple[str, ...]:
        """The players, in the order they sat down."""
        return tuple(r.name for r in self.results)

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each player's chips at the end (or now; 0 after leaving)."""
        return tuple(r.stack for r in self.results)

    @property
    def rebought(self) -> tuple[int, ...]:
        """The chips each player bought after sitting down (rebuys, add-ons)."""
        return tuple(r.rebought for r in self.results)

    @property
    def net(self) -> tuple[int, ...]:
        """Each player's result: what they took away (or hold) less every chip they bought."""
        return tuple(r.net for r in self.results)

    @property
    def winners(self) -> tuple[str, ...]:
        """Who won (the best result; more than one on a tie): none before the session ended."""
        return self.leaders() if self.over else ()

    def leaders(self) -> tuple[str, ...]:
        """Who leads so far (the best result), ended or not."""
        if not self.results:
            return ()
        best = max(self.net)
        return tuple(r.name for r in self.results if r.net == best)

    def unfinished(self) -> Note | None:
        """``unfinished after deal 9 of 12`` when the session has no end, else None."""
        if self.over:
            return None
        return unfinished_note(self.deals, self.planned, self.phase == "between_deals", self.rounds)

    def standings(self) -> list[tuple[str, int, int, int]]:
        """(name, stack, rebuys in chips, net result), best first."""
        rows = [(r.name, r.stack, r.rebought, r.net) for r in self.results]
        return sorted(rows, key=lambda row: -row[3])

    def parties(self) -> dict[str, int]:
        """Each party's result in chips for the settle-up: the players, and a
        house bank (:data:`~drawpoker.ledger.BANK`) when one played."""
        if self.ledger is not None:
            return self.ledger.parties()
        return {r.name: r.net for r in self.results}

    @property
    def bank(self) -> int | None:
        """A house bank's result (Three Card Poker), else None."""
        if self.ledger is None or not self.ledger.house:
            return None
        return -sum(self.net)


#: the most of a file read to find its last deal's end (a session's last few deals)
_TAIL = 256 * 1024


def summarize(
    path: str | os.PathLike[str], *, confirm: bool = False, ledger: bool = False, parts: int | None = None
) -> SessionSummary:
    """The summary of the history in ``path``: quick (the default), read by
    the ledger (``ledger``), or confirmed (``confirm``: every deal re-run
    through the engine first, a :class:`~drawpoker.errors.HistoryError` if it
    does not verify; ``parts``: verify's parts). Problems reading the file are
    a :class:`~drawpoker.errors.HistoryError` naming it."""
    path = Path(path)
    if confirm:
        from drawpoker.history.reader import open_history
        from drawpoker.history.verify import verify_history

        report = verify_history(open_history(path), parts=parts)
        whole = _whole(path)
        return attrs.evolve(
            whole, deals=report.deals, phase=report.phase or whole.phase, confirmed=True, seal=report.last_seal
        )
    if ledger:
        return _whole(path)
    return _quick(path)


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
    if _EVENING.search(tail) or (size > _TAIL and _has_evening(path, shown)):
        # players came and went (or drew for seats): the evening's ledger says who holds what
        return _whole(path)
    game = header.get("game")
    rounds = game == "three-card-poker"
    players = header.get("players")
    names = tuple(str(p.get("name", "")) for p in players if isinstance(p, dict)) if isinstance(players, list) else ()
    starting = _numbers(opening.get("stacks"))
    # the last complete lines, from the last deal's end on
    lines = tail.split(b"\n")
    if len(lines[-1]) > MAX_LINE:  # (no crash leaves that much of a line unfinished: no line drawpoker writes)
        raise HistoryError(
            Note(
                N_("{file}: the last line is longer than {size} KiB; not a line drawpoker writes"),
                file=shown,
                size=MAX_LINE // 1024,
            )
        )
    lines.pop()  # an unfinished last line (or nothing after the last newline)
    if start > len(first) + len(second):
        del lines[0]  # the window began inside a line
    if _whole_number(header.get("format")) >= 3:  # lines after the last coded one: a command a crash cut short
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
        deals = _whole_number(closing.get("round" if rounds else "deal"))
    if last_begun is not None and (last_end is None or last_begun > last_end):
        deals = _whole_number(_json(lines[last_begun]).get("round" if rounds else "deal")) or deals + 1
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
    rebought = rebought or (0,) * len(stacks)
    results = tuple(
        Result(name, bought=first_stack + bought, rebought=bought, cashed=stack, stack=stack)
        for name, first_stack, stack, bought in zip(names, starting, stacks, rebought, strict=False)
    )
    return SessionSummary(
        path=path,
        header=header,
        game=str(game),
        results=results,
        deals=deals,
        planned=_planned(header),
        phase=phase,
        rounds=rounds,
        format=_whole_number(header.get("format")),
        confirmed=False,
    )


def _planned(header: dict[str, Any]) -> int | None:
    """The deals (rounds) the header's rules agree on, or None."""
    rules = header.get("rules")
    session = rules.get("session") if isinstance(rules, dict) else None
    planned = session.get("deals") if isinstance(session, dict) else None
    return planned if isinstance(planned, int) and not isinstance(planned, bool) else None


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
    "RequestWithdrawn",
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


def _whole_number(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _numbers(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list):
        return ()
    return tuple(_whole_number(v) for v in value)


def _tcp_rebuys(data: bytes, seats: int) -> tuple[int, ...]:
    """Three Card Poker: the chips each seat rebought (its ``RebuyTaken`` lines in ``data``)."""
    out = [0] * seats
    for match in re.finditer(rb'"e":"RebuyTaken","seat":(\d+),"amount":(\d+)', data):
        seat = int(match[1])
        if seat < seats:
            out[seat] += int(match[2])
    return tuple(out)


# ---------------------------------------------------------------- the ledger's reading


def _whole(path: Path) -> SessionSummary:
    """The summary read by the evening's ledger: every line it needs, each line's chain checked."""
    from drawpoker.errors import HistoryError
    from drawpoker.history.reader import HistoryReader
    from drawpoker.notes import at as placed

    reader = HistoryReader(path)
    ledger = Ledger()
    try:
        _feed(reader, ledger.feed)
    except (IndexError, KeyError, TypeError, AttributeError) as exc:  # a hand-made history whose seats do not fit
        raise HistoryError(
            placed(reader.shown, Note(N_("the history does not hold a session's results ({why})"), why=repr(exc)))
        ) from None
    finally:
        reader.close()
    header = reader.header
    if ledger.finished:
        phase = "session_over"
    elif ledger.in_deal:
        phase = "in_deal"
    else:
        phase = "between_deals" if ledger.seats else "no_session"
    return SessionSummary(
        path=path,
        header=header,
        game=reader.game,
        results=tuple(ledger.results()),
        deals=ledger.deals,
        planned=_planned(header),
        phase=phase,
        rounds=reader.game == "three-card-poker",
        format=reader.format,
        confirmed=False,
        ledger=ledger,
        rules=reader.rules,
    )


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


def _feed(reader: Any, feed: Any) -> None:
    """Every event of the history the ledger needs, to ``feed``, in order."""
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


_EVENT = re.compile(rb'"e":"(' + b"|".join(sorted(_NEEDED)) + rb')"(?:,"seat":(\d+))?')


class _Started:
    __slots__ = ()


class DealStarted(_Started):
    __slots__ = ()


class RoundOpened(_Started):
    """A round opened, as the ledger sees it: only its dealer (None: the house)."""

    __slots__ = ("dealer",)

    def __init__(self, dealer: int | None = None) -> None:
        self.dealer = dealer


_STARTED = {b"DealStarted": DealStarted(), b"RoundOpened": RoundOpened()}
#: a round's dealer, just after its name and number ("round" and "dealer" are its first fields)
_ROUND_DEALER = re.compile(rb',"round":\d+,"dealer":(\d+)')


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


#: (a box's line names its box before its seat)
_DEALT = re.compile(rb'"e":"(?:CardsDealt|BoxDealt)",(?:"box":\d+,)?"seat":(\d+)')


def _read_commands(reader: Any, feed: Any) -> None:
    """Format 3 and later: the events the ledger needs, found in each command's
    bytes (the seats dealt cards all at once: a command starts one deal at most)."""
    import json

    decode_line = reader.decode_line
    finditer = _EVENT.finditer
    findall = _DEALT.findall
    loads = json.loads
    for batch in reader.commands():
        for first, written, _lines, _code in batch:
            dealt = findall(written) if b'Dealt","' in written else None
            for match in finditer(written):
                name = match.group(1)
                if name in _SEAT_ONLY:
                    continue
                started = _STARTED.get(name)
                if started is not None:
                    if name == b"RoundOpened":  # (a player dealing: the bank, who plays the round)
                        dealer = _ROUND_DEALER.match(written, match.end())
                        if dealer is not None:
                            started = RoundOpened(int(dealer.group(1)))
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
