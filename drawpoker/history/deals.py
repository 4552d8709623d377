"""Cutting a history into deals, streaming, with what each deal came to.

A :class:`Deal` holds the events of one deal (or Three Card Poker round),
the state just before it began and just after it ended, and a summary:
the button, the pots and who won them, the stacks after. ``history``,
``replay`` and ``export`` are built on this.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs

from drawpoker.cards import JOKER
from drawpoker.errors import HistoryError
from drawpoker.games import game_for
from drawpoker.games.evening import SEATING_EVENT_NAMES
from drawpoker.history.format import CODED, seal_text
from drawpoker.history.reader import HistoryReader, TornLine, does_not_fit
from drawpoker.notes import N_, Note
from drawpoker.notes import at as placed
from drawpoker.rules.model import DrawRules
from drawpoker.rules.seating import seat_range

__all__ = ["Deal", "Pot", "Resume", "iter_deals", "standings", "DealIndex", "deal_names", "session_start"]

#: how the lines of the events that change the seats begin (after ``"e":"``)
_SEATING = tuple(f'"e":"{name}"'.encode() for name in sorted(SEATING_EVENT_NAMES))


@attrs.frozen
class Pot:
    """One pot of a deal: its label, chips and what each winner took."""

    label: str
    amount: int
    shares: tuple[tuple[str, int], ...]


#: a table's seats: their names ("" for an empty seat) and stacks
Seats = tuple[tuple[str, ...], tuple[int, ...]]


def _seats(state: Any) -> Seats:
    return tuple(state.names), tuple(state.stacks)


@attrs.frozen
class Deal:
    """One deal (round) of a session; ``dealer``: who dealt it (the button),
    None where a house bank dealt (Three Card Poker) -- the words say "the house"."""

    number: int
    dealer: str | None
    first_line: int
    events: tuple[Any, ...]
    lines: tuple[int, ...]
    before: Any
    after: Any
    pots: tuple[Pot, ...]
    carried: int
    finished: bool
    starting_stacks: tuple[int, ...]  # the session's starting stacks
    #: the chain code of the deal's last line (format 3: of the command that ended it), as the table showed it
    seal: str | None = None
    #: the seats' names and stacks as the deal was dealt (just after it started, stacks before the
    #: antes) and as its play ended, before the evening's changes at its end (a leaver still seated
    #: with the chips they took, a rebuy not yet bought, a newcomer not yet there)
    dealt: Seats | None = None
    played: Seats | None = None
    #: dealer's choice: the deal's game, as its table was dealt ("" otherwise); read then, not from
    #: ``after``, which (not kept) is the table read on, the next deal's game chosen
    game: str = ""

    @property
    def stacks_after(self) -> dict[str, int]:
        """Each player's stack when the deal ended: those who played it, as its
        play ended (a player who left at its end with the chips they took; a
        newcomer who sat down then is not one of them)."""
        if self.played is not None:
            return dict(zip(*self.played, strict=True))
        return dict(zip(self.after.names, self.after.stacks, strict=False))


@attrs.frozen
class Resume:
    """Where to start reading deals part-way: just after a deal's end."""

    offset: int
    line: int
    code: bytes
    state: Any  # the table between deals
    number: int  # deals before this point
    starting: tuple[int, ...]  # the session's starting stacks


def iter_deals(
    reader: HistoryReader, keep_states: bool = True, start: Resume | None = None, epilogue: bool = False
) -> Iterator[Deal]:
    """Every deal of the history in order (the last may be unfinished); from
    ``start`` on if given. With ``epilogue`` the events after the last deal's
    end that no deal follows (a player leaving, the table ending the evening
    then, the session's end) close the last deal, its ``after`` the table
    after them: what replay, the text export and the list of deals show. (A deal is then given
    once the next one starts, or the history ends.)"""
    game = game_for(reader.rules)
    state = game.new_state() if start is None else start.state
    apply = game.apply
    starts, ends = game.DEAL_STARTED, game.DEAL_ENDED
    current: list[Any] = []
    lines: list[int] = []
    before = None
    number = 0 if start is None else start.number
    starting: tuple[int, ...] = () if start is None else start.starting
    events = (
        reader.events_with_codes()
        if start is None
        else reader.events_with_codes(start.offset, start.line, start.code or None)
    )
    # (players may join: a seat up to the most the rules seat)
    seats = max(len(reader.header["players"]), seat_range(reader.rules)[1])
    hands = game.HANDS
    jokers = _most_jokers(game)
    # The evening's events between two deals (someone arrives, leaves, sits out...) open the next
    # deal's events, its table before them: replay shows the comings and goings.
    prologue: list[Any] = []
    prologue_lines: list[int] = []
    prologue_before: Any = None
    held: Deal | None = None  # (epilogue) the last deal that ended, until it is known whether another follows
    dealt: Seats | None = None  # the seats as the deal being read was dealt, and as its play ended (see Deal)
    played: Seats | None = None
    dealt_game = ""  # (dealer's choice) the game of the deal being read
    for line, event, code in events:
        wrong = _seat_problem(event, seats)
        if wrong is None and event.__class__ in hands:
            wrong = _hand_problem(event, hands[event.__class__], jokers)
        if wrong is not None:
            raise HistoryError(
                placed(
                    f"{reader.shown}:{line}", Note(N_("{event} {problem}"), event=type(event).__name__, problem=wrong)
                )
            )
        if type(event) is starts:
            if held is not None:
                yield held
                held = None
            if not state.names:  # the reducer would take it; every reader after it would fail
                raise HistoryError(placed(f"{reader.shown}:{line}", _before_the_start(type(event).__name__)))
            if prologue:
                before = prologue_before
                current, lines = prologue, prologue_lines
                prologue, prologue_lines = [], []
            else:
                before = state.copy() if keep_states else None
                current, lines = [], []
            number += 1
        elif before is None and not current and state.phase != "no_session" and type(event).__name__ not in _OPENINGS:
            if type(event).__name__ in ("GameChosen", "GameKept"):
                if prologue and prologue_before is not None:  # the deal's game, as its table before shows it
                    apply(prologue_before, event)
            else:
                if not prologue:
                    prologue_before = state.copy() if keep_states else None
                prologue.append(event)
                prologue_lines.append(line)
        if dealt is not None and played is None and (type(event) is ends or type(event).__name__ in _AFTER_PLAY):
            played = _seats(state)
        try:
            apply(state, event)
        except Exception:  # a hand-edited or damaged file
            raise does_not_fit(f"{reader.shown}:{line}", event) from None
        if type(event) is starts:
            dealt, played = _seats(state), None
            dealt_game = str(getattr(state, "game", "") or "")
        if not starting:
            starting = tuple(state.stacks)
        if before is None and not current and type(event) is not starts:
            continue  # session events before the first deal
        current.append(event)
        lines.append(line)
        if type(event) is ends:
            deal = _summarise(
                reader,
                number,
                current,
                lines,
                before,
                state.copy() if keep_states else state,
                starting,
                code=code,
                dealt=dealt,
            )
            deal = attrs.evolve(deal, dealt=dealt, played=played, game=dealt_game)
            dealt = played = None
            if epilogue:
                held = deal
            else:
                yield deal
            current, lines = [], []
            before = None
    if current:
        unfinished = _summarise(
            reader, number, current, lines, before, state.copy(), starting, finished=False, dealt=dealt
        )
        yield attrs.evolve(unfinished, dealt=dealt, played=played, game=dealt_game)
    elif held is not None:
        if prologue:  # what happened after the last deal: it closes that deal
            held = attrs.evolve(
                held,
                events=held.events + tuple(prologue),
                lines=held.lines + tuple(prologue_lines),
                after=state.copy() if keep_states else state,
            )
        yield held


def deal_names(before: Any, after: Any, dealt: Seats | None = None) -> tuple[str, ...]:
    """The names of a deal's seats: who sat there when it was dealt (``dealt``,
    the seats just after it started: nobody changes seats during a deal, so a
    player who left as it ended, or whose seat a newcomer took since, is still
    the one its events speak of), else who sat there before it (``before``:
    before the comings and goings that open it, one who left then), and for a
    seat empty then, who sits there now."""
    names = list(after.names)
    for earlier in (before.names if before is not None else (), dealt[0] if dealt is not None else ()):
        for seat, name in enumerate(earlier):
            if seat < len(names) and name:
                names[seat] = name
    return tuple(names)


#: the events that open a session: never part of a deal
_OPENINGS = frozenset({"SessionStarted", "TableOpened", "SeatsDrawn"})
#: the events at a deal's end that are no longer its play: the evening's changes made as it ends
#: (a request carried out, a rebuy bought, a carried pot given back as the evening ends); not the end
#: agreed ("end after this deal"), which the table may agree while the deal is still played
_AFTER_PLAY = (
    SEATING_EVENT_NAMES - {"RequestMade", "RequestWithdrawn", "PlayerDealtIn", "MissedBlindsPosted", "EndAgreed"}
) | {
    "PlayerRebought",
    "RebuyTaken",
}

#: event class -> its fields that name seats (computed once per class)
_SEAT_FIELDS: dict[type, tuple[str, ...]] = {}
_SEAT_NAMES = ("seat", "button", "dealer", "opener", "order", "shares")


def _seat_problem(event: Any, seats: int) -> Note | None:
    """Why an event names a seat the table does not have, or None.

    The reducer trusts what a history says; a seat number beyond the table
    (a hand-edited ``"button": 99``) would otherwise surface as an
    IndexError wherever names are looked up.
    """
    kind = type(event)
    fields = _SEAT_FIELDS.get(kind)
    if fields is None:
        fields = _SEAT_FIELDS[kind] = tuple(f for f in getattr(kind, "_fields", ()) if f in _SEAT_NAMES)
    for name in fields:
        value = getattr(event, name)
        if value is None:
            continue
        if name == "shares":
            numbers = [pair[0] for pair in value]
        elif name == "order":
            numbers = list(value)
        else:
            numbers = [value]
        for n in numbers:
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n < seats:
                return Note(
                    N_("names seat {n} ({field}), but the table has seats 0 to {last}"),
                    n=repr(n),
                    field=name,
                    last=seats - 1,
                )
    return None


def _jokers(rules: Any) -> int:
    return int(getattr(getattr(rules, "deck", None), "jokers", 0))


def _most_jokers(game: Any) -> int:
    """The most jokers a deal of ``game`` can be dealt with (dealer's choice: any of its games').

    Read from the rules (a dealer's-choice game's games are its rules' variants), so
    listing a Three Card Poker history imports no draw game."""
    rules = game.rules
    chosen = [variant for _, variant in rules.variants] if isinstance(rules, DrawRules) else []
    return max([_jokers(rules), *map(_jokers, chosen)])


def _hand_problem(event: Any, hand: tuple[str, int], jokers: int) -> Note | None:
    """Why an event that holds a whole hand (``hand``: its field and the
    cards in a hand) does not hold one from a deck with ``jokers`` jokers,
    or None. The reducer trusts it; a hand-edited ``"cards":"2c"``, a card
    held twice or a joker where the deck has none would otherwise surface
    wherever the hand is described."""
    field, size = hand
    cards = getattr(event, field)
    if len(cards) != size:
        held_cards = (
            N_("holds {n} card ({field}), but a hand has {size}")
            if len(cards) == 1
            else N_("holds {n} cards ({field}), but a hand has {size}")
        )
        return Note(held_cards, n=len(cards), field=field, size=size)
    held = cards.count(JOKER)
    if held > jokers:
        held_jokers = (
            N_("holds {n} joker ({field}), but the deck has {jokers}")
            if held == 1
            else N_("holds {n} jokers ({field}), but the deck has {jokers}")
        )
        return Note(held_jokers, n=held, field=field, jokers=jokers or Note(N_("none")))
    if len(set(cards)) + max(held - 1, 0) != size:
        twice = next(card for card in cards if cards.count(card) > 1 and card != JOKER)
        return Note(N_("holds {card} twice ({field}); a deck has each card once"), card=str(twice), field=field)
    return None


def _summarise(
    reader: HistoryReader,
    number: int,
    events: list[Any],
    lines: list[int],
    before: Any,
    after: Any,
    starting: tuple[int, ...],
    finished: bool = True,
    code: bytes = b"",
    dealt: Seats | None = None,
) -> Deal:
    names = deal_names(before, after, dealt)
    pots: list[Pot] = []
    carried = 0
    dealer: str | None = None
    for event in events:
        kind = type(event).__name__
        if kind == "DealStarted":
            dealer = names[event.button]
        elif kind == "RoundOpened":
            dealer = names[event.dealer] if event.dealer is not None else None  # the house bank: no seat
        elif kind == "PotAwarded":
            label = "main pot" if event.pot == 0 else f"side pot-{event.pot}"
            pots.append(Pot(label, event.amount, tuple((names[s], c) for s, c in event.shares)))
        elif kind == "DealCheckedThrough":
            carried = event.pot
    if reader.game == "three-card-poker":
        # Three Card Poker has no pot: each player's net result this round instead.
        net: dict[int, int] = {}
        for event in events:
            kind = type(event).__name__
            if kind == "BoxSettled":
                total = event.net
                net[event.seat] = net.get(event.seat, 0) + total
            elif kind == "WinningsPaid" and event.unpaid:
                net[event.seat] = net.get(event.seat, 0) - event.unpaid
        for seat, amount in sorted(net.items()):
            pots.append(Pot("result", amount, ((names[seat], amount),)))
        bank = next((e.bank_net for e in events if type(e).__name__ == "RoundClosed"), None)
        if bank is not None:
            pots.append(Pot("bank", bank, (("bank", bank),)))
    return Deal(
        number,
        dealer,
        lines[0],
        tuple(events),
        tuple(lines),
        before,
        after,
        tuple(pots),
        carried,
        finished,
        starting,
        seal_text(code) if code else None,
    )


def session_start(path: str | Path, shown: str) -> Any:
    """A Mørkpoker history's ``SessionStarted`` (the players sitting down: after
    the seats drawn when the house draws for them), read from the file's start."""
    reader = HistoryReader(path)
    try:
        for line, event in reader.events():
            name = type(event).__name__
            if name == "SessionStarted":
                return event
            if name != "SeatsDrawn":  # moved or edited: nobody has sat down yet
                raise HistoryError(placed(f"{shown}:{line}", _before_the_start(name)))
    finally:
        reader.close()
    raise HistoryError(placed(shown, Note(N_("the history has no events"))))


def standings(state: Any, starting: tuple[int, ...]) -> list[tuple[str, int, int, int]]:
    """(name, stack, rebuys in chips, net result) for each player, best first."""
    rebought = getattr(state, "rebought", [0] * len(state.names))
    rows = [
        (name, stack, rebought[seat], stack - starting[seat] - rebought[seat])
        for seat, (name, stack) in enumerate(zip(state.names, state.stacks, strict=False))
    ]
    return sorted(rows, key=lambda r: -r[3])


class DealIndex:
    """The deals of a long Mørkpoker history, found as they are needed.

    Opening costs nothing but the first deal: the index of where each deal
    starts (byte offset, line, the chain code before it, the deal's end
    before it) grows only as far as asked, scanning lines (each one's chain
    checked) without parsing them, and a deal is read from the ``DealEnded``
    checkpoint before it. Memory is a few numbers per deal.
    """

    def __init__(self, path: str | Path) -> None:
        from array import array

        self.path = Path(path)
        reader = HistoryReader(self.path)
        self.reader_header = reader.header
        self.rules = reader.rules
        self.names = reader.names
        self.format = reader.format
        self.shown = reader.shown
        game = game_for(reader.rules)
        self._ended = f'"e":"{game.DEAL_ENDED.__name__}"'.encode()
        self._started = f'"e":"{game.DEAL_STARTED.__name__}"'.encode()
        self._offsets = array("q")  # where the lines after the previous deal's end begin
        self._lines = array("q")
        self._checkpoints = array("q")  # the previous deal's end line (-1: none)
        #: the deal whose start a deal is read from: itself, or an earlier one when the deal's end before it
        #: does not hold everything the deal starts from (a pot carried, or the seats changed since)
        self._from = array("q")
        self._codes: list[bytes] = []
        self.complete = False
        self.torn: TornLine | None = None
        #: what reading left out at the end (a crash's leftovers), a note each; known once complete
        self.dropped: list[Note] = []
        self._scan = self._scanner(reader)
        self._broken: HistoryError | None = None  # what stopped the scan, said again when asked past it
        self._sat_down: Any = None  # the history's SessionStarted, once read

    def _scanner(self, reader: HistoryReader) -> Iterator[None]:
        """Walk the lines, checking them, noting each deal's start; yields after each new deal."""
        offset = reader.body_offset
        line = 1
        pending: tuple[int, int, bytes, int] | None = (offset, 2, reader.header_code, -1)  # where a deal would start
        ended_at = -1
        v2 = reader.format >= 2
        v3 = reader.per_command
        content_at = reader.content_at
        waiting = False  # a deal ended; format 3: its command's coded last line not yet seen
        started, ended = self._started, self._ended
        seating = _SEATING  # the events after which a deal's end is no checkpoint (see SEATING_EVENT_NAMES)
        changed = False  # the seats changed (a join, a leave, a player away...) somewhere before
        carried = False  # the deal's end before the next deal carries a pot (who paid into it is not in it)
        zero = 0  # the last deal read from its own start with no pot carried into it
        for batch in reader.lines():
            for raw in batch:
                line += 1
                coded = not v3 or raw.startswith(CODED)
                if v2:  # the event's name is right after the code (format 3: or the brace)
                    at = content_at if coded else 1
                    is_start, is_end = raw.startswith(started, at), raw.startswith(ended, at)
                else:
                    at = raw.find(b'"e":"')
                    head = raw[:64]
                    is_start, is_end = started in head, ended in head
                if not changed and not is_start and not is_end and at >= 0 and raw.startswith(seating, at):
                    # From here on deals are read from a deal's start before the change, with no pot
                    # carried into it (an early end gives a carried pot back to those who paid into it).
                    changed = True
                    if self._from:
                        self._from[-1] = zero
                if pending is not None and is_start:
                    here = len(self._offsets)
                    if not changed and not carried:
                        zero = here
                    self._offsets.append(pending[0])
                    self._lines.append(pending[1])
                    self._codes.append(pending[2])
                    self._checkpoints.append(pending[3])
                    self._from.append(zero if changed else here)
                    pending = None
                    yield None
                here = offset
                offset += len(raw)
                if is_end:
                    ended_at = here
                    waiting = True
                    carried = b'"carried":0,' not in raw
                if waiting and coded:  # a deal may be read from just after its end's command
                    waiting = False
                    pending = (offset, line + 1, raw[6 : content_at - 2] if v2 else b"", ended_at)
        self.torn = reader.torn
        self.dropped = reader.leftovers()
        self.complete = True

    def known(self) -> int:
        """How many deals have been found so far."""
        return len(self._offsets)

    def _scan_on(self) -> None:
        """Scan to the next deal's start (or the end). What is wrong in the
        file is said again each time the scan is asked to pass it: a scan
        that stopped there (a background count, say) never reads as the end."""
        if self._broken is not None:
            raise self._broken
        try:
            next(self._scan, None)
        except HistoryError as error:
            self._broken = error
            raise

    def has(self, index: int) -> bool:
        """Whether deal ``index`` (0-based) exists, scanning as far as needed."""
        while len(self._offsets) <= index and not self.complete:
            self._scan_on()
        return index < len(self._offsets)

    def scan(self, deals: int) -> bool:
        """Find up to ``deals`` more deals (a bounded step of a count made
        while nobody waits); whether the whole history has been scanned."""
        for _ in range(deals):
            if self.complete:
                break
            self._scan_on()
        return self.complete

    def __len__(self) -> int:
        while not self.complete:
            self._scan_on()
        return len(self._offsets)

    def session_started(self) -> Any:
        """The players sitting down: the history's ``SessionStarted`` (the stacks,
        the version of the rules of the evening)."""
        if self._sat_down is None:
            self._sat_down = session_start(self.path, self.shown)
        return self._sat_down

    def starting_stacks(self) -> tuple[int, ...]:
        """The stacks the players sat down with: the history's ``SessionStarted``'s."""
        return tuple(self.session_started().stacks)

    def deal(self, index: int) -> Deal:
        """Deal ``index`` (0-based), read from the checkpoint before it."""
        from drawpoker.games.draw.reducer import from_checkpoint

        if not self.has(index):
            raise IndexError(index)
        reader = HistoryReader(self.path)
        game = game_for(reader.rules)
        first = self._from[index]  # (an earlier deal when this one's checkpoint does not hold everything)
        checkpoint = self._checkpoints[first]
        if checkpoint < 0:
            state = game.new_state()
        else:
            with open(self.path, "rb") as f:
                f.seek(checkpoint)
                raw = f.readline()
            ended = reader.decode_line(raw, self._lines[first] - 1)
            state = from_checkpoint(self.names, ended, self.session_started().evening_rules)
        start = Resume(
            self._offsets[first], self._lines[first], self._codes[first], state, first, self.starting_stacks()
        )
        for deal in iter_deals(reader, start=start, epilogue=True):
            if deal.before is not None and deal.number == index + 1:
                reader.close()
                return deal
        raise HistoryError(placed(self.shown, Note(N_("deal {n} could not be read"), n=index + 1)))


def _before_the_start(event: str) -> Note:
    """An event of the table found before anybody sat down (a line moved or edited)."""
    return Note(N_("{event} comes before the session has started (nobody has sat down yet)"), event=event)
