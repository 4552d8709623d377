"""Replaying and verifying a history, streaming.

Replay is a fold of ``apply`` over the events. Verify goes further: it
checks the chain of every line (format 2), re-runs every recorded decision
(``command_of``) through the engine under the recorded rules and checks
that the engine produces exactly the recorded events, that chips are
conserved and that the header's fingerprint matches its rules. The first
disagreement is reported with its line number. Given a seal the players
saw (``verify FILE --seal CODE``), it also says whether the file holds
that seal, that is whether everything up to it is what the table showed.

The engine's events are compared with the file as text first (each one
encoded as the writer encodes it): only decisions and lines that differ
are parsed, which is most of verify's speed. A line that differs as text
is parsed and compared by value, so an older event version (upcast) still
verifies. In format 3 a command is checked whole: the engine's events for
its decision, encoded, are compared with the command's bytes at once (the
same bytes its one chain code was checked over).

A long Mørkpoker history is verified in parts, one process per core: every
``DealEnded`` event is a checkpoint that holds everything the next deal
starts from, so each part starts from the checkpoint before it (and the
chain from that line's code), and the checkpoint itself is checked by the
part that produces it.
"""

from __future__ import annotations

import json
import os
import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from operator import itemgetter
from typing import Any

import attrs

from drawpoker.engine.events import EVENT_TYPES as _EVENT_TYPES
from drawpoker.engine.events import version_of
from drawpoker.engine.game import BETWEEN_DEALS, SESSION_OVER
from drawpoker.errors import HistoryError, IllegalAction, refusal_note
from drawpoker.games import game_for
from drawpoker.history.decode import prefix_pattern
from drawpoker.history.encode import body_of, content_of, line_encoder_for
from drawpoker.history.format import CODED, seal_text
from drawpoker.history.reader import NOT_AS_WRITTEN, HistoryReader, TornLine, does_not_fit
from drawpoker.history.summary import unfinished_note
from drawpoker.notes import N_, Note
from drawpoker.notes import at as placed
from drawpoker.rules import fingerprint

__all__ = [
    "replay_history",
    "verify_history",
    "VerifyReport",
    "describe_event",
    "PARALLEL_BYTES",
    "check_fingerprint",
    "walk_decisions",
    "walk_commands",
    "decision_batches",
    "check_unfinished",
]

#: Histories at least this long are verified in parallel parts.
PARALLEL_BYTES = 8_000_000


def _differ(recorded: Any, produced: Any) -> bool:
    """Whether two events differ: in kind (events are tuples, so ``Checked(1)``
    equals ``Folded(1)`` as values) or in any field."""
    return recorded.__class__ is not produced.__class__ or recorded != produced


def describe_event(event: Any, hide_cards: bool = False) -> str:
    """An event as compact text for messages: ``Called(seat=1, amount=2)``;
    ``hide_cards``: each card it holds written ``?`` (what a replay says of
    an event whose cards the table did not see)."""
    text = repr(event)
    fields = getattr(event, "_fields", None)
    if hide_cards and fields is not None:
        from drawpoker.cards import Card

        def hidden(value: Any) -> str:
            if isinstance(value, Card):
                return "?"
            if isinstance(value, tuple) and value and all(isinstance(v, Card) for v in value):
                return "(" + ", ".join("?" for _ in value) + ")"
            return repr(value)

        text = f"{type(event).__name__}(" + ", ".join(f"{f}={hidden(getattr(event, f))}" for f in fields) + ")"
    return text if len(text) <= 160 else text[:157] + "..."


def replay_history(reader: HistoryReader, on_event: Callable[[int, Any, Any], None] | None = None) -> Any:
    """The state after every event of the history (streaming).

    ``on_event(line, event, state)`` is called after each event is applied.
    An event that does not fit the game where it stands is a HistoryError
    with its line.
    """
    game = game_for(reader.rules)
    state = game.new_state()
    apply = game.apply
    for line, event in reader.events():
        try:
            apply(state, event)
        except Exception:  # a hand-edited or damaged file
            raise does_not_fit(f"{reader.shown}:{line}", event) from None
        if on_event is not None:
            on_event(line, event, state)
    return state


@attrs.frozen
class VerifyReport:
    """The outcome of verifying a history."""

    events: int
    commands: int
    deals: int
    torn: TornLine | None
    parts: int = 1
    sealed: bool = True  # format 2 and 3: every line chained
    last_seal: str | None = None  # the seal of the whole file
    seal_line: int | None = None  # where the seal asked about was found
    seal_deal: int | None = None  # how many deals had begun by then
    #: (first line, last line) of a decision whose events were only partly
    #: written when the program stopped (a crash mid-write): dropped, as
    #: the format says, not an error
    cut_short: tuple[int, int] | None = None
    #: the table's phase after the last complete decision: ``session_over``
    #: when the session ended, ``between_deals`` after a deal's end
    phase: str | None = None
    #: the deals (rounds) the rules agree a session lasts (None: no number)
    planned: int | None = None
    #: the players, their stacks and their rebuys (chips) after the last complete decision
    names: tuple[str, ...] = ()
    stacks: tuple[int, ...] = ()
    rebought: tuple[int, ...] = ()
    #: Three Card Poker: the deals are rounds
    rounds: bool = False

    @property
    def over(self) -> bool:
        """Whether the session ended (its last event is the session's end)."""
        return self.phase == SESSION_OVER

    def unfinished(self) -> Note | None:
        """``unfinished after deal 9 of 12`` when the session has no end, else None."""
        if self.over:
            return None
        return unfinished_note(self.deals, self.planned, self.phase == BETWEEN_DEALS, self.rounds)


def _disagreement(where: str, recorded: Any, produced: Any) -> HistoryError:
    """``WHERE: recorded X, but the engine produces Y`` (or nothing)."""
    if produced is None:
        said = Note(N_("recorded {recorded}, but the engine produces nothing"), recorded=describe_event(recorded))
    else:
        said = Note(
            N_("recorded {recorded}, but the engine produces {produced}"),
            recorded=describe_event(recorded),
            produced=describe_event(produced),
        )
    return HistoryError(placed(where, said))


def _refused(where: str, exc: Exception) -> HistoryError:
    """``WHERE: the engine refuses this decision: why`` (the why said through the refusal patterns)."""
    return HistoryError(placed(where, Note(N_("the engine refuses this decision: {why}"), why=refusal_note(exc))))


def _uncaused(where: str, event: Any, follows: bool = False) -> HistoryError:
    """``WHERE: Event was not caused by any decision`` (``follows``: that follows it)."""
    said = (
        N_("{event} was not caused by any decision that follows it")
        if follows
        else N_("{event} was not caused by any decision")
    )
    return HistoryError(placed(where, Note(said, event=type(event).__name__)))


def check_fingerprint(reader: HistoryReader) -> None:
    """The header's fingerprint must be its rules' (else they were edited)."""
    if reader.header.get("fingerprint") != fingerprint(reader.rules):
        raise HistoryError(
            placed(
                f"{reader.shown}:1",
                Note(
                    N_(
                        "the header's fingerprint {found} does not match its rules ({rules}): the rules were edited "
                        "after the session was recorded"
                    ),
                    found=repr(reader.header.get("fingerprint")),
                    rules=fingerprint(reader.rules),
                ),
            )
        )


@attrs.define
class _Part:
    """What verifying a run of lines found."""

    events: int = 0
    commands: int = 0
    deals: int = 0
    seal_line: int | None = None
    seal_deal: int | None = None
    last_code: bytes = b""
    cut_short: tuple[int, int] | None = None
    #: the table's phase after the last complete command (None: nothing was walked)
    phase: str | None = None
    #: the players, their stacks and their rebuys (chips) then
    names: tuple[str, ...] = ()
    stacks: tuple[int, ...] = ()
    rebought: tuple[int, ...] = ()

    def ended(self, state: Any) -> None:
        """Note what the table holds after the last complete command."""
        self.phase = getattr(state, "phase", None)
        self.names = tuple(getattr(state, "names", ()))
        self.stacks = tuple(getattr(state, "stacks", ()))
        self.rebought = tuple(getattr(state, "rebought", ()))


def _v1_batches(reader: HistoryReader, events: Iterator[tuple[int, Any]]) -> Iterator[list[Any]]:
    batch: list[Any] = []
    for _line, event in events:
        batch.append(event)
        if len(batch) == 2048:
            yield batch
            batch = []
    if batch:
        yield batch


def _seated(reader: HistoryReader, line: int, state: Any, chips: Callable[[Any], int] | None) -> int | None:
    """The session's first decision (line ``line``) seated the header's
    players: the chips on the table from then on (None if the game does not
    count them)."""
    if tuple(state.names) != reader.names:
        raise HistoryError(
            placed(
                f"{reader.shown}:{line}",
                Note(
                    N_("the players {players} are not the header's {header}"),
                    players=str(list(state.names)),
                    header=str(list(reader.names)),
                ),
            )
        )
    return None if chips is None else chips(state)


def _conserved(shown: str, line: int, now: int, total: int | None) -> None:
    """A deal starts (line ``line``): every chip is in a stack or a carried pot."""
    if total is not None and now != total:
        raise HistoryError(
            placed(
                f"{shown}:{line}",
                Note(
                    N_("chips are not conserved: {now} on the table before this deal, {total} expected"),
                    now=now,
                    total=total,
                ),
            )
        )


def decision_batches(reader: HistoryReader) -> Iterable[list[Any]]:
    """What :func:`walk_decisions` walks over a whole history: commands
    (format 3), raw lines (format 2), decoded events (format 1)."""
    if reader.per_command:
        return reader.commands()
    return reader.lines() if reader.format >= 2 else _v1_batches(reader, reader.events())


def walk_decisions(
    reader: HistoryReader,
    batches: Iterable[list[Any]],
    first_line: int,
    state: Any,
    total: int | None,
    seated: bool,
    want: bytes | None,
    deals_before: int = 0,
    on_complete: Callable[[int, bytes, Any], None] | None = None,
    partial_ok: bool = False,
) -> _Part:
    """Re-run the decisions among the lines of ``batches`` (raw lines in
    format 2, decoded events in format 1) from ``state``: the one walk
    over recorded decisions that ``verify`` and ``resume`` share.

    ``on_complete(line, code, state)`` is called each time every event of
    a decision has been matched (``line`` its last line, ``code`` that
    line's chain code, ``state`` the table then). With ``partial_ok``
    events at the end that no decision follows (a command cut short before
    its decision's line) are reported in ``cut_short`` instead of refused.
    In format 3 ``batches`` are the reader's commands (:func:`walk_commands`).
    """
    if reader.per_command:
        return walk_commands(reader, batches, state, total, seated, want, deals_before, on_complete)
    shown = reader.shown
    game = game_for(reader.rules)
    command_of, handle = game.command_of, game.handle
    chips = getattr(game, "chips_total", None)
    deal_started = game.DEAL_STARTED
    raw_lines = reader.format >= 2
    decode_line = reader.decode_line
    waiting: list[tuple[int, Any]] = []  # recorded events before the next decision
    expected: deque[Any] = deque()  # what the engine produced, not yet matched
    popleft = expected.popleft
    part = _Part(deals=0)
    commands = deals = count = 0
    line = first_line - 1
    code = b""
    content_at = reader.content_at
    decisions: dict[bytes, tuple[Any, Any]] = {}  # content -> (event, command), for recurring lines
    #: per event class (``Checked(1) == Folded(1)``): event -> its text, for the short ones
    texts: dict[type, dict[Any, bytes]] = {}
    text = b""
    code_end = content_at - 2
    decided_at = first_line  # the line of the last decision re-run
    previous = code_before = waiting_code = b""  # the chain code before this line, that decision, those events
    for batch in batches:
        for item in batch:
            line += 1
            if raw_lines:
                previous, code = code, item[6:code_end]
                if code == want:
                    part.seal_line, part.seal_deal = line, deals_before + deals
            if expected:
                produced = popleft()
                if raw_lines:
                    memo = texts.get(produced.__class__)
                    if memo is None:
                        memo = texts[produced.__class__] = {}
                    known_text = memo.get(produced)
                    if known_text is not None:
                        text = known_text
                    else:
                        text = content_of(produced)
                        if len(text) <= 64:  # the short ones recur: antes, ends of rounds
                            if len(memo) >= 1024:
                                memo.clear()
                            memo[produced] = text
                if not raw_lines or text != item[content_at:-1]:
                    recorded = decode_line(item, line) if raw_lines else item
                    if _differ(recorded, produced):
                        raise _disagreement(f"{shown}:{line}", recorded, produced)
                if on_complete is not None and not expected:
                    on_complete(line, code, state)
                continue
            if raw_lines:
                content = item[content_at:-1]
                known = decisions.get(content)
                if known is None:
                    recorded = decode_line(item, line)
                    command = command_of(recorded)
                    if recorded.__class__.__name__ == "GameChosen":
                        # Dealer's choice: the next commands are read in that game
                        # (a bet names its amount in pot and no limit): forget the others'.
                        decisions.clear()
                    elif len(content) <= 64:  # the short decisions recur (checks, calls, folds)
                        if len(decisions) >= 4096:
                            decisions.clear()
                        decisions[content] = (recorded, command)
                else:
                    recorded, command = known
            else:
                recorded = item
                command = command_of(recorded)
            if not waiting:
                waiting_code = previous
            waiting.append((line, recorded))
            if command is None:
                continue
            try:
                new = handle(state, command)
            except IllegalAction as exc:
                raise _refused(f"{shown}:{line}", exc) from None
            commands += 1
            decided_at, code_before = line, previous
            if not seated and state.phase != "no_session":  # (the seats may be drawn first)
                seated = True
                total = _seated(reader, line, state, chips)
            if recorded.__class__ is deal_started:
                deals += 1
                if chips is not None:
                    _conserved(shown, line, chips(state), total)
            for (at, seen), made in zip(waiting, new, strict=False):
                if _differ(seen, made):
                    raise _disagreement(f"{shown}:{at}", seen, made)
            if len(new) < len(waiting):
                at, seen = waiting[len(new)]
                raise _uncaused(f"{shown}:{at}", seen)
            if len(new) > len(waiting):
                expected.extend(new[len(waiting) :])
            elif on_complete is not None:
                on_complete(line, code, state)
            waiting.clear()
        count = line - first_line + 1
    if waiting and not partial_ok:
        at, seen = waiting[0]
        raise _uncaused(f"{shown}:{at}", seen, follows=True)
    if waiting:
        # A command's first events (a rebuy before its deal) were written, its decision not yet.
        part.cut_short = (waiting[0][0], line)
        count -= line - waiting[0][0] + 1
        code = waiting_code
    elif expected:
        # Every line of the last decision so far matched: its events were being
        # written when the program stopped. Readers drop such a decision.
        part.cut_short = (decided_at, line)
        count -= line - decided_at + 1
        commands -= 1
        code = code_before  # the seal of the file is the one before the dropped decision
    part.events, part.commands, part.deals, part.last_code = count, commands, deals, code
    part.ended(state)
    return part


def walk_commands(
    reader: HistoryReader,
    batches: Iterable[list[Any]],
    state: Any,
    total: int | None,
    seated: bool,
    want: bytes | None,
    deals_before: int = 0,
    on_complete: Callable[[int, bytes, Any], None] | None = None,
) -> _Part:
    """Format 3: re-run the decisions of every command among ``batches`` (the
    reader's :meth:`~HistoryReader.commands`, each one's chain checked: a
    command here is what was written at once, one decision's events at the
    table, a deal's in a simulation) and compare all that the engine
    produces for it with the command's lines at once. Each decision is read
    from the line where the events of the one before it end, trusting the
    lines until they are compared; when they differ, or something on the
    way fails, the lines are compared one by one with what was produced, to
    name the first that differs.

    Lines are compared by value, as the JSON reader reads them: each line
    is read once by the parser of the writer's text (:mod:`.decode`), and
    the short ones that recur (checks, calls, antes, ends of rounds) are
    kept, so the same bytes are not read again, nor a recurring decision's
    command made again. A decision whose last fields the engine makes (a
    hand shown: the player only says "show") is not read at all once its
    first fields were seen (:class:`_Tails`). A line not read (an effect, or
    such a decision) is compared as text with what was produced, encoded as
    the writer encodes it, and by value when that differs (an older event
    version, upcast, or a line written otherwise)."""
    shown = reader.shown
    game = game_for(reader.rules)
    command_of = game.command_of
    runs = _Handlers(game)  # command class -> what handle gives it to
    chips = getattr(game, "chips_total", None)
    deal_started = game.DEAL_STARTED
    game_chosen = _EVENT_TYPES.get("GameChosen")
    #: a line -> its event as recorded, for the short lines that recur (checks, calls, antes, ends of rounds)
    known: dict[bytes, Any] = {}
    known_get = known.get
    #: a decision's line -> its handler and command, for the short ones that recur (checks, calls, folds); and the
    #: commands of the decisions read by their first fields (:class:`_Tails`). In a dealer's choice the
    #: commands are read in the game chosen last (a bet names its amount in pot and no limit): both are
    #: kept for each game (``GameChosen`` event -> them; None before any is chosen).
    by_game: dict[Any, tuple[dict[bytes, Any], dict[bytes, Any]]] = {None: ({}, {})}
    decisions, by_tail = by_game[None]
    decision_of = decisions.get
    card_kinds = _card_kinds()
    encoders = _verify_encoders()
    tails = _Tails(reader, {deal_started, game_chosen}, by_tail)
    tail_of = tails.prefix
    command_by_tail = by_tail.get
    parsers = reader.line_parsers
    decode_line = reader.decode_line
    #: format 4: a line read by the JSON reader (not the writer's text as the parsers know it) must
    #: still be what the writer writes, byte for byte
    strict = reader.format >= 4
    recorded: Any
    part = _Part()
    commands = deals = events = 0
    code = b""
    for batch in batches:
        for first, _written, lines, code in batch:
            count = len(lines)
            seen = list(map(known_get, lines))  # each line's event as recorded, None if not read yet
            unsure: list[int] = []  # format 4: the lines read as JSON, not by the writer's text
            made: list[Any] = []  # what the engine produced for this command's decisions
            n = 0  # lines accounted for
            tailed = -1  # the last line whose decision was read from its first fields only
            try:
                while n < count:
                    recurring = decision_of(lines[n])
                    if recurring is not None:  # a recurring decision
                        run, command = recurring
                        try:
                            new = run(state, command)
                        except IllegalAction as exc:
                            raise _refused(f"{shown}:{first + n}", exc) from None
                        if not new:
                            recorded = seen[n] or decode_line(lines[n], first + n)
                            raise _disagreement(f"{shown}:{first + n}", recorded, None)
                        commands += 1
                        made += new
                        n = len(made)
                        continue
                    i = n
                    while True:  # the decision: the first line that names one (a rebuy before a deal is an effect)
                        recorded = seen[i]
                        if recorded is not None:
                            command = command_of(recorded)
                        else:
                            line = lines[i]
                            prefix = tail_of(line)
                            if prefix is not None:
                                command = command_by_tail(prefix[0])
                                if command is not None:
                                    tailed = i
                                    break
                            # the writer's text by its parser (as decode_line does, two calls fewer), else JSON
                            if line[:6] == b'{"e":"':
                                end = line.find(b'"', 6)
                                parse = parsers[line[6:end]]
                                if parse is not None:
                                    try:
                                        recorded = parse(line, end + 1)
                                    except (KeyError, ValueError):  # not a card, not UTF-8: JSON says what
                                        recorded = None
                            if recorded is None:
                                recorded = decode_line(line, first + i)
                                if strict:  # read as JSON: is it the writer's text? (once the values agree)
                                    unsure.append(i)
                            seen[i] = recorded
                            command = command_of(recorded)
                            if prefix is not None and command is not None:
                                tails.keep(prefix[0], command)
                        if command is not None:
                            break
                        i += 1
                        if i == count:
                            raise _uncaused(f"{shown}:{first + n}", seen[n])
                    line = lines[i]
                    kind = recorded.__class__ if tailed != i else None
                    if kind is game_chosen:
                        # Dealer's choice: the next commands are read in that game (command_of
                        # has just noted it), so those kept for it apply, and only those.
                        if recorded not in by_game and len(by_game) >= _GAMES:
                            by_game.clear()
                        decisions, by_tail = by_game.setdefault(recorded, ({}, {}))
                        decision_of, command_by_tail = decisions.get, by_tail.get
                        tails.commands = by_tail
                    elif kind is not None and kind is not deal_started and len(line) <= _SHORT:
                        cards = card_kinds.get(kind)
                        if cards is None or not any(cards(recorded)):  # it recurs: short, no cards
                            if len(decisions) >= _KEPT:
                                decisions.clear()
                                known.clear()
                            decisions[line] = runs[command.__class__], command
                            known[line] = recorded
                    try:
                        new = runs[command.__class__](state, command)
                    except IllegalAction as exc:
                        if tailed == i:
                            decode_line(line, first + i)  # a line that is not an event says so first, as it did
                        raise _refused(f"{shown}:{first + i}", exc) from None
                    if not new:
                        if tailed == i:
                            recorded = decode_line(line, first + i)
                        raise _disagreement(f"{shown}:{first + i}", recorded, None)
                    commands += 1
                    if not seated and state.phase != "no_session":  # (the seats may be drawn first)
                        seated = True
                        total = _seated(reader, first + i, state, chips)
                    if kind is deal_started:
                        deals += 1
                        if chips is not None:
                            _conserved(shown, first + i, chips(state), total)
                    made += new
                    n = len(made)
            except Exception:
                # an earlier line that differs is the cause (a line whose decision was read
                # from its first fields is read whole there, and says what is wrong with it)
                _first_difference(reader, first, lines, made)
                raise
            if not _alike(known, card_kinds, encoders, lines, seen, made):
                _first_difference(reader, first, lines, made)
                if strict:
                    _first_not_as_written(reader, encoders, first, lines, made)
                if len(made) > count:
                    raise HistoryError(
                        placed(
                            f"{shown}:{first + count - 1}",
                            Note(
                                N_("the decision's events end here, but the engine produces {produced} next"),
                                produced=describe_event(made[count]),
                            ),
                        )
                    )
            for k in unsure:
                if not _as_written(reader, encoders, lines[k], seen[k]):
                    raise HistoryError(placed(f"{shown}:{first + k}", Note(NOT_AS_WRITTEN)))
            events += count
            if code == want:
                part.seal_line, part.seal_deal = first + count - 1, deals_before + deals
            if on_complete is not None:
                on_complete(first + count - 1, code, state)
    part.events, part.commands, part.deals, part.last_code = events, commands, deals, code
    part.ended(state)
    part.cut_short = reader.unfinished
    return part


#: how many recurring lines (and decisions) are kept before starting afresh
_KEPT = 4096
#: how many games' decisions are kept in a dealer's choice (a damaged file may name any)
_GAMES = 16
#: the longest line kept (the short ones recur; a deal's end or a pot's shares do not)
_SHORT = 80


def _first_not_as_written(
    reader: HistoryReader, encoders: dict[type, Callable[[Any], bytes]], first: int, lines: list[bytes], made: list[Any]
) -> None:
    """Format 4: the first of a command's ``lines`` (equal by value to what the
    engine ``made``) that is not the writer's text of it: a HistoryError."""
    for k, (line, produced) in enumerate(zip(lines, made, strict=False)):
        if not _as_written(reader, encoders, line, produced):
            raise HistoryError(placed(f"{reader.shown}:{first + k}", Note(NOT_AS_WRITTEN)))


def _as_written(
    reader: HistoryReader, encoders: dict[type, Callable[[Any], bytes]], line: bytes, recorded: Any
) -> bool:
    """Format 4: whether ``line`` (without its code and newline) is the
    writer's text of ``recorded``: its encoder's, or for an event of an
    older version (upcast as it was read) the JSON writer's text of what
    the line holds."""
    cls = recorded.__class__
    if reader.header["events"].get(cls.__name__) == version_of(cls):
        try:
            return bool(line == encoders[cls](recorded))
        except (KeyError, TypeError, ValueError):
            return False
    try:
        return bool(_dumps(json.loads(line)).encode("utf-8") == line)
    except (ValueError, RecursionError):
        return False


_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def _alike(
    known: dict[bytes, Any],
    card_kinds: dict[type, Callable[[Any], tuple[Any, ...]]],
    encoders: dict[type, Callable[[Any], bytes]],
    lines: list[bytes],
    seen: list[Any],
    made: list[Any],
) -> bool:
    """Whether a command's lines are what the engine ``made``: the lines not
    read yet (None in ``seen``) compared as text with what was made there,
    encoded as the writer encodes it (and kept in ``known`` if they recur:
    short, no cards), the others by value and kind. (Doing each step over
    the whole command at once, with compress and map, took as long and
    more instructions.)"""
    if len(made) != len(lines):
        return False
    k = -1
    index = seen.index
    try:
        while True:
            k = index(None, k + 1)
            produced = made[k]
            line = lines[k]
            cls = produced.__class__
            try:
                same = line == encoders[cls](produced)
            except (KeyError, TypeError, ValueError):
                same = False
            if not same and line[1:] != body_of(produced).encode("utf-8"):
                return False
            seen[k] = produced
            if cls not in card_kinds and len(line) <= _SHORT:
                if len(known) >= _KEPT:
                    known.clear()
                known[line] = produced
    except ValueError:
        pass
    return seen == made and list(map(type, seen)) == list(map(type, made))


#: decisions whose last fields the engine makes, not the player: event name ->
#: the first of those fields. A player at the showdown only says "show" (the
#: command is ``Show(seat)``): the cards shown are the engine's.
_ENGINE_TAILS = {"HandShown": "cards"}


class _Tails:
    """The decisions of :data:`_ENGINE_TAILS`, read from their first fields:
    the first line with those fields is read whole and its command kept under
    them (the line up to its first field the engine makes); a later line with
    the same first fields gets that command without being read, and is
    compared as text with what the engine made for it, as an effect is.

    The same verdict: a line given a command so is the writer's text of such
    an event, fields in order and nothing else (the pattern checks the whole
    line, so no field comes twice and none is spelled otherwise), so the JSON
    reader would read the same first fields from it, hence the same command
    (the tests check that those commands ignore the other fields). If that
    line is then not what the engine made, it is read whole where it is, as
    it would have been: its own fault (not an event, not a card) is said
    first, else how it differs (see :func:`walk_commands`)."""

    def __init__(self, reader: HistoryReader, excluded: set[Any], commands: dict[bytes, Any]) -> None:
        parsers = reader.line_parsers
        patterns = [
            prefix_pattern(cls, _ENGINE_TAILS[cls.__name__])
            for cls in parsers.classes.values()
            if cls.__name__ in _ENGINE_TAILS and cls not in excluded
        ]
        known = [pattern for pattern in patterns if pattern is not None]
        #: the line's first fields (the match's text), when it is such a decision in the writer's text
        self.prefix: Callable[[bytes], re.Match[bytes] | None] = (
            re.compile(b"|".join(known)).match if known else _no_match
        )
        #: first fields -> the command (in a dealer's choice: in the game chosen last)
        self.commands = commands

    def keep(self, prefix: bytes, command: Any) -> None:
        """The command of a decision whose first fields are ``prefix``."""
        if len(self.commands) >= _KEPT:
            self.commands.clear()
        self.commands[prefix] = command


def _no_match(line: bytes) -> None:
    return None


class _Handlers(dict[type, Callable[[Any, Any], list[Any]]]):
    """Command class -> what the game's ``handle`` gives such a command to
    (the game's ``handler``; ``handle`` itself for a game without one), made
    when the class is first met: one Python call fewer per decision."""

    def __init__(self, game: Any) -> None:
        super().__init__()
        self._game = game
        self._handler = getattr(game, "handler", None)

    def __missing__(self, kind: type) -> Callable[[Any, Any], list[Any]]:
        run: Callable[[Any, Any], list[Any]] = self._handler(kind) if self._handler is not None else self._game.handle
        self[kind] = run
        return run


class _Encoders(dict[type, Callable[[Any], bytes]]):
    """Event class -> its whole line as the writer writes it (see
    :func:`~drawpoker.history.encode.line_encoder_for`), for comparing what
    the engine produces with the file: made when the class is first met
    (a KeyError for a class that is not a registered event)."""

    def __missing__(self, cls: type) -> Callable[[Any], bytes]:
        if _EVENT_TYPES.get(cls.__name__) is not cls:
            raise KeyError(cls)
        encode = self[cls] = line_encoder_for(cls)
        return encode


def _verify_encoders() -> dict[type, Callable[[Any], bytes]]:
    """A fresh :class:`_Encoders` (each encoder is made once per process anyway)."""
    return _Encoders()


def _card_kinds() -> dict[type, Callable[[Any], tuple[Any, ...]]]:
    """The event classes with a card (or cards) among their fields: what
    gives those fields of an event, as a tuple."""
    from drawpoker.engine.events import EVENT_TYPES, card_fields

    out: dict[type, Callable[[Any], tuple[Any, ...]]] = {}
    for name, cls in EVENT_TYPES.items():
        one, many = card_fields(name)
        where = [k for k, field in enumerate(cls._fields) if field in one or field in many]
        if where:
            out[cls] = itemgetter(*where, *where[:1])  # one field more: a tuple even when there is one
    return out


def _first_difference(reader: HistoryReader, first: int, lines: list[bytes], made: list[Any]) -> None:
    """The first of a command's ``lines`` (from line ``first``) that differs by
    value from what the engine ``made`` there: a HistoryError; else nothing."""
    for k, (raw, produced) in enumerate(zip(lines, made, strict=False)):
        if raw[1:] != body_of(produced).encode("utf-8"):
            recorded = reader.decode_line(raw + b"\n", first + k)
            if _differ(recorded, produced):
                raise _disagreement(f"{reader.shown}:{first + k}", recorded, produced)


def verify_history(reader: HistoryReader, parts: int | None = None, seal: bytes | None = None) -> VerifyReport:
    """Check every line and every recorded event against the engine;
    HistoryError at the first disagreement.

    ``parts``: how many processes share a long Mørkpoker history (default:
    one per core for histories of :data:`PARALLEL_BYTES` or more).
    ``seal``: a chain code the players saw; the report says where it is
    (``seal_line`` is None when the file does not hold it).
    """
    check_fingerprint(reader)
    if parts is None:
        size = reader.path.stat().st_size
        parts = (os.cpu_count() or 1) if size >= PARALLEL_BYTES else 1
    if parts > 1 and reader.game == "morkpoker":
        cuts = _checkpoints(reader, parts)
        if cuts:
            return _verify_in_parts(reader, cuts, seal)
    game = game_for(reader.rules)
    state = game.new_state()
    part = walk_decisions(reader, decision_batches(reader), 2, state, None, False, seal)
    check_unfinished(reader, game, state)
    return _report(reader, [part], reader.torn)


def check_unfinished(reader: HistoryReader, game: Any, state: Any) -> None:
    """Format 3 and later: the lines after the last coded line (``state``:
    the table after the last complete command) must be what a crash leaves,
    the first events of a command as the engine produces them, cut short: a
    command is one decision at the table but a whole deal in ``simulate
    --log``, so whole decisions may come before the cut. Anything else (an
    event no decision causes, one the engine would not produce, a decision
    it refuses) is a HistoryError. ``state`` is used up."""
    if reader.unfinished is None:
        return
    shown = reader.shown
    first = reader.unfinished[0]
    recorded = [reader.decode_line(raw, first + k) for k, raw in enumerate(reader.unfinished_lines)]
    i = 0
    while i < len(recorded):
        j = next((k for k in range(i, len(recorded)) if game.command_of(recorded[k]) is not None), None)
        if j is None:
            raise _uncaused(f"{shown}:{first + i}", recorded[i], follows=True)
        try:
            new = game.handle(state, game.command_of(recorded[j]))
        except IllegalAction as exc:
            raise _refused(f"{shown}:{first + j}", exc) from None
        for k, (seen, made) in enumerate(zip(recorded[i:], new, strict=False)):
            if _differ(seen, made):
                raise _disagreement(f"{shown}:{first + i + k}", seen, made)
        if j - i >= len(new):  # events before the decision that it does not cause
            raise _uncaused(f"{shown}:{first + i + len(new)}", recorded[i + len(new)])
        i += len(new)  # past the end when the decision's events stop short: what a crash leaves


def _report(reader: HistoryReader, found: list[_Part], torn: TornLine | None) -> VerifyReport:
    seal_at = next((p for p in found if p.seal_line is not None), None)
    last = next((p.last_code for p in reversed(found) if p.last_code), b"")
    if reader.format >= 2 and not last:
        last = reader.header_code
    return VerifyReport(
        sum(p.events for p in found),
        sum(p.commands for p in found),
        sum(p.deals for p in found),
        torn,
        parts=len(found),
        sealed=reader.format >= 2,
        last_seal=seal_text(last) if last else None,
        seal_line=None if seal_at is None else seal_at.seal_line,
        seal_deal=None if seal_at is None else seal_at.seal_deal,
        cut_short=found[-1].cut_short if found else None,
        phase=found[-1].phase if found else None,
        names=found[-1].names if found else (),
        stacks=found[-1].stacks if found else (),
        rebought=found[-1].rebought if found else (),
        planned=getattr(getattr(reader.rules, "session", None), "deals", None),
        rounds=reader.game == "three-card-poker",
    )


# ---------------------------------------------------------------- in parts


@attrs.frozen
class _Cut:
    """Where a part begins: its byte offset, line, and the checkpoint line before it."""

    offset: int
    line: int
    checkpoint: bytes


def _checkpoints(reader: HistoryReader, parts: int) -> list[_Cut]:
    """Cut points near equal shares of the file, each just after a deal's end
    (a ``DealEnded`` line not followed by the session's end)."""
    path = reader.path
    size = path.stat().st_size
    start = reader.body_offset
    coded_only = reader.per_command  # format 3: a part starts after a command's (coded) last line
    cuts: list[_Cut] = []
    # A deal's end after the seats changed (a join, a leave, a player away...) does not hold
    # everything the next deal starts from: parts start only before the first such event.
    size = min(size, _first_seating(path, start))
    with open(path, "rb") as f:
        for k in range(1, parts):
            target = start + (size - start) * k // parts
            if cuts and target <= cuts[-1].offset:
                continue
            f.seek(target)
            f.readline()  # to the next line start
            previous: bytes | None = None
            while True:
                raw = f.readline()
                if not raw or not raw.endswith(b"\n"):
                    break
                if f.tell() > size:
                    break
                if previous is not None and b'"e":"SessionEnded"' not in raw:
                    cuts.append(_Cut(f.tell() - len(raw), 0, previous))
                    break
                previous = (
                    raw
                    if b'"e":"DealEnded"' in raw
                    and b'"carried":0,' in raw  # (who paid into a carried pot is not in a deal's end)
                    and (coded_only is False or raw.startswith(CODED))
                    else None
                )
        if not cuts:
            return []
        # line numbers of the cuts: count the newlines before each
        f.seek(0)
        lines = 0
        done = 0
        numbered: list[_Cut] = []
        for cut in cuts:
            while done < cut.offset:
                chunk = f.read(min(1 << 22, cut.offset - done))
                lines += chunk.count(b"\n")
                done += len(chunk)
            numbered.append(attrs.evolve(cut, line=lines + 1))
    return numbered


def _first_seating(path: Any, start: int) -> int:
    """The byte offset of the first event that changes the seats (see
    :data:`~drawpoker.games.evening.SEATING_EVENT_NAMES`), or the file's size."""
    from drawpoker.games.evening import SEATING_EVENT_NAMES

    markers = [f'"e":"{name}"'.encode() for name in SEATING_EVENT_NAMES]
    with open(path, "rb") as f:
        f.seek(start)
        offset = start
        tail = b""
        while True:
            chunk = f.read(1 << 22)
            if not chunk:
                return offset
            data = tail + chunk
            found = [at for at in (data.find(marker) for marker in markers) if at >= 0]
            if found:  # the start of the line that holds the first
                return offset - len(tail) + data.rfind(b"\n", 0, min(found)) + 1
            tail = data[-64:]
            offset += len(chunk)


def _verify_part(
    path: str, start: int | None, stop: int | None, line: int, checkpoint: bytes | None, seal: bytes | None
) -> tuple[_Part, TornLine | None, int]:
    """Verify one part of a history (run in a worker process): what it found,
    a torn last line, and the deals begun before it (from its checkpoint)."""
    from drawpoker.games.draw.decide import DrawGame
    from drawpoker.games.draw.reducer import from_checkpoint
    from drawpoker.history.deals import session_start

    reader = HistoryReader(path)
    game = game_for(reader.rules)
    v2 = reader.format >= 2
    lines = reader.commands if reader.per_command else reader.lines
    if checkpoint is None:
        batches: Iterable[list[Any]] = (
            lines(reader.body_offset, stop) if v2 else _v1_batches(reader, reader.events(reader.body_offset, stop))
        )
        part = walk_decisions(reader, batches, 2, game.new_state(), None, False, seal)
        return part, reader.torn, 0
    ended = reader.decode_line(checkpoint, line - 1)
    if type(ended).__name__ != "DealEnded":
        raise HistoryError(
            placed(f"{reader.shown}:{line - 1}", Note(N_("the deal's end is damaged or was edited by hand")))
        )
    started = session_start(reader.path, reader.shown)
    state = from_checkpoint(tuple(started.names), ended, started.evening_rules)
    total = sum(started.stacks)
    if game.chips_total(state) != total:
        raise HistoryError(placed(f"{reader.shown}:{line - 1}", Note(N_("chips are not conserved at this deal's end"))))
    if ended.carried and isinstance(game, DrawGame) and game.games():
        # Dealer's choice: a passed-out deal is redealt in its game, which the
        # checkpoint does not name: it is the game chosen last before it (a line
        # the part before this one checks).
        state.game = _game_before(reader, (start or reader.body_offset) - len(checkpoint), line - 1)
    if v2:
        batches = lines(start, stop, line, checkpoint[6 : reader.content_at - 2])
    else:
        number = reader.parse([checkpoint], line - 1)[0].get("n")
        if not isinstance(number, int):
            raise HistoryError(placed(f"{reader.shown}:{line - 1}", Note(N_("the deal's end has no event number"))))
        batches = _v1_batches(reader, reader.events(start, stop, line, number + 1))
    part = walk_decisions(reader, batches, line, state, total, True, seal, ended.deal)
    check_unfinished(reader, game, state)
    return part, reader.torn, ended.deal


def _game_before(reader: HistoryReader, offset: int, line: int) -> str:
    """Dealer's choice: the game chosen last before byte ``offset`` (the
    checkpoint at ``line``), read backwards from there."""
    marker = b'"e":"GameChosen"'
    window = 1 << 16
    with open(reader.path, "rb") as f:
        while True:
            begin = max(reader.body_offset, offset - window)
            f.seek(begin)
            chunk = f.read(offset - begin)
            at = chunk.rfind(marker)
            if at >= 0:
                first = chunk.rfind(b"\n", 0, at) + 1
                if first > 0 or begin == reader.body_offset:
                    end = chunk.find(b"\n", at) + 1
                    chosen = reader.decode_line(chunk[first:end], line)
                    if type(chosen).__name__ == "GameChosen":
                        return str(chosen.game)
                    break
            if begin == reader.body_offset:
                break
            window *= 4
    raise HistoryError(
        placed(f"{reader.shown}:{line}", Note(N_("the deal that ended here has no game chosen before it")))
    )


def _verify_in_parts(reader: HistoryReader, cuts: list[_Cut], seal: bytes | None) -> VerifyReport:
    from concurrent.futures import ProcessPoolExecutor  # only a long history pays for importing it

    path = str(reader.path)
    reader.close()
    jobs: list[tuple[str, int | None, int | None, int, bytes | None, bytes | None]] = [
        (path, None, cuts[0].offset, 2, None, seal)
    ]
    for i, cut in enumerate(cuts):
        stop = cuts[i + 1].offset if i + 1 < len(cuts) else None
        jobs.append((path, cut.offset, stop, cut.line, cut.checkpoint, seal))
    results: list[Any] = []
    with ProcessPoolExecutor(max_workers=len(jobs)) as pool:
        futures = [pool.submit(_verify_part, *job) for job in jobs]
        for future in futures:
            try:
                results.append(future.result())
            except HistoryError as exc:
                results.append(exc)
    errors = [r for r in results if isinstance(r, HistoryError)]
    if errors:
        raise errors[0]  # parts are in file order: the first is the earliest disagreement
    for part, _torn, _deal in results[:-1]:
        if part.cut_short is not None:  # only the file's end can hold an unfinished decision
            raise HistoryError(
                placed(
                    f"{reader.shown}:{part.cut_short[1]}",
                    Note(
                        N_(
                            "the part ends in the middle of a decision (line {line}): a checkpoint line was moved or "
                            "edited"
                        ),
                        line=part.cut_short[0],
                    ),
                )
            )
    return _report(reader, [r[0] for r in results], results[-1][1])
