"""A session being played: the engine, its state, the history and the
computer players, for either game.

Every command goes the same way: the engine handles it on a copy of the
state, the events are appended to the history (fsynced), and only then
does the copy become the state the screens show. A refused command
(:class:`~drawpoker.errors.IllegalAction`) changes nothing and writes
nothing.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from drawpoker.bots.seat import DEFAULT_LIMIT, BotFailure, SeatBot, fallback, strategy
from drawpoker.engine.game import BETWEEN_DEALS, SESSION_OVER, Game
from drawpoker.engine.shuffle import Shuffler
from drawpoker.errors import HistoryError, IllegalAction, refusal_note
from drawpoker.games.draw.decide import DrawGame
from drawpoker.games.draw.in_play import deck_jokers
from drawpoker.history.writer import HistoryWriter
from drawpoker.ledger import Ledger
from drawpoker.notes import Note

__all__ = ["Session", "DEAL_START", "DEAL_END", "SEALED"]

#: event names that open and close a deal (Mørkpoker) or a round (Three Card Poker)
DEAL_START = frozenset({"DealStarted", "RoundOpened"})
DEAL_END = frozenset({"DealEnded", "RoundClosed"})
_SESSION_START = frozenset({"SessionStarted", "TableOpened"})
#: events after which the table shows the seal of the history so far
SEALED = DEAL_END | {"SessionEnded", "TableClosed"}


class Session:
    """One session at the table: state, history and who is a computer."""

    def __init__(
        self,
        game: Game,
        state: Any,
        writer: HistoryWriter | None,
        computer: Sequence[bool],
        shuffler: Shuffler,
        rng: random.Random | None = None,
        levels: Sequence[str | None] = (),
        limit: float | None = DEFAULT_LIMIT,
    ) -> None:
        self.game = game
        self.state = state
        self.writer = writer
        self.computer = list(computer)
        self.shuffler = shuffler
        self.rng = rng or random.Random()
        self.limit = limit
        #: what the computer plays each of its seats by (a level, or a bot of one's own), as set up
        self.levels: list[str | None] = [
            (levels[i] if i < len(levels) and levels[i] else "sensible") if c else None
            for i, c in enumerate(self.computer)
        ]
        #: the bot of each computer player, by its seat and the player (made when first asked, made again when
        #: the seat's strategy changes): a computer sitting down where another played gets a bot of its own,
        #: not the leaver's with its memory of the deals before (made before anyone sat down: player "")
        self.bots: dict[tuple[int, str], SeatBot] = {}
        for seat, level in enumerate(self.levels):
            if level is not None:
                self._bot(seat)  # a bot that does not load is one sentence now, before any deal
        #: what the last computer move had to say (a bot that failed, and what the seat did instead)
        self.bot_note: Note | None = None
        #: the bots owed a look at a deal's end (:meth:`look`): each seat, its bot, and the table then
        self.unseen: list[tuple[int, SeatBot, Any]] = []
        #: the deal in progress (or the last one) as (state before a command, its events)
        self.chunks: list[tuple[Any, list[Any]]] = []
        #: every event this session (kept for tests and the end-of-session chart)
        self.events: list[Any] = []
        #: each player's chips at the table at the start and after each finished deal (for the chart:
        #: by name, so that players who come and go are followed; one not at the table is not in it)
        self.chip_history: list[dict[str, int]] = []
        self._left_in_deal: dict[str, int] = {}  # this deal: who left as it ended, and with what
        #: a deal just ended and its summary has not been acknowledged
        self.deal_just_ended = False
        #: the seal of the history after the last deal (or the session) ended, for the players to note
        self.seal: str | None = None
        #: a resumed session: the last deal that ended, as its log told it (the phones' last result)
        self.last_result: list[tuple[Any, list[Any]]] = []
        #: the evening's ledger: every chip bought and cashed out, per player (for the standings and the settle-up)
        self.ledger = Ledger()

    @property
    def path(self) -> Path | None:
        """The history file being written."""
        return None if self.writer is None else self.writer.path

    @property
    def kind(self) -> str:
        """The game's name in the rules: ``morkpoker`` or ``three-card-poker``."""
        kind: str = self.game.rules.game
        return kind

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names by seat."""
        return tuple(self.state.names)

    @property
    def over(self) -> bool:
        """The session has ended."""
        return bool(self.state.phase == SESSION_OVER)

    @property
    def between_deals(self) -> bool:
        """No deal is in progress."""
        return bool(self.state.phase == BETWEEN_DEALS)

    def is_computer(self, seat: int) -> bool:
        """Whether a computer plays ``seat``: a computer player, or one that took the seat over."""
        return bool(self.state.bot[seat]) or (seat < len(self.computer) and self.computer[seat])

    def a_persons(self, seat: int) -> bool:
        """``seat`` is a person's: nobody or a person plays it, or a computer
        plays it for its player a while (the seat stays theirs); not a computer
        player's (set up so, or one that joined)."""
        return not (seat < len(self.computer) and self.computer[seat])

    def seated(self, seat: int) -> bool:
        """Still taking part in the session (someone sits there, not sitting out for good)."""
        return bool(self.state.names[seat]) and not self.state.out[seat]

    def humans_remaining(self) -> list[int]:
        """The human seats still taking part."""
        return [seat for seat in range(len(self.names)) if not self.is_computer(seat) and self.seated(seat)]

    # ------------------------------------------------------------ commands

    def submit(self, command: Any) -> list[Any]:
        """Handle ``command``: write its events, then make them the state.

        Raises :class:`~drawpoker.errors.IllegalAction` (nothing changes) or
        :class:`~drawpoker.errors.HistoryError` (the history cannot be
        written; the state stays as it was).
        """
        before = self.state
        work = before.copy()
        events = self.game.handle(work, command)
        if self.writer is not None:
            self.writer.append(events)
            if any(type(event).__name__ in SEALED for event in events):
                self.seal = self.writer.seal
        self.state = work
        self._record(before, events)
        if self.bots and any(type(event).__name__ in DEAL_END for event in events):
            self.unseen += [
                (seat, bot, self.state)
                for (seat, player), bot in self.bots.items()
                if bot.watches
                and player  # (a seat left empty at the deal's end has nobody to look)
                and self._player(seat) == player
                and self.strategy_of(seat) == bot.name
            ]
        return events

    def look(self) -> int:
        """The computer seats that watch see the table at the end of the deal
        (:attr:`unseen`; a bot that fails to look is let be); how many looked,
        for :meth:`looked`. A bot of one's own may take up to its time limit:
        the table runs this on a thread of its own and goes on answering keys."""
        unseen = list(self.unseen)
        for seat, bot, state in unseen:
            with contextlib.suppress(BotFailure):
                bot.observe(self.game, state, seat)
        return len(unseen)

    def looked(self, count: int) -> None:
        """The first ``count`` bots owed a look at a deal's end have had it."""
        del self.unseen[:count]

    def sit_down(self, names: Sequence[str], stacks: Sequence[int], first_dealer: int = 0) -> list[Any]:
        """Start the session."""
        return self.submit(self.game.sit_down(tuple(names), tuple(stacks), first_dealer))

    def deal(self) -> list[Any]:
        """Shuffle and start the next deal (round)."""
        deck, seed = self.shuffler.shuffle(deck_jokers(self.game, self.state))  # the chosen game's deck
        self.deal_just_ended = False
        return self.submit(self.game.start_deal(deck, seed))

    def strategy_of(self, seat: int) -> str | None:
        """What the computer plays ``seat`` by: the strategy of a computer that
        joined or took the seat over, else the one set up for it; None for a person."""
        taken = getattr(self.state, "bot", None)
        if taken and seat < len(taken) and taken[seat]:
            return str(taken[seat])
        if seat < len(self.levels) and self.levels[seat]:
            return self.levels[seat]
        return "sensible" if self.is_computer(seat) else None

    def _player(self, seat: int) -> str:
        """Who sits in ``seat`` now ("" for nobody, or before anyone sat down)."""
        names = self.state.names
        return str(names[seat]) if seat < len(names) else ""

    def _bot(self, seat: int) -> SeatBot:
        """The bot playing ``seat`` now, its player's own (a :class:`~drawpoker.bots.loading.BotError`
        if it names none)."""
        name = self.strategy_of(seat) or "sensible"
        key = (seat, self._player(seat))
        bot = self.bots.get(key)
        if bot is None or bot.name != name:
            # made now (a bot that cannot be is one sentence, before any deal), prepared when first asked:
            # on the table's thread for the computers, so that the table answers keys while it prepares
            bot = self.bots[key] = SeatBot(strategy(name, self.game.rules), self.rng.getrandbits(64), self.limit)
            bot.make()
        return bot

    def _seated(self) -> None:
        """The session starts: the bots made before anyone sat down are their seats' first players'."""
        self.bots = {(seat, player or self._player(seat)): bot for (seat, player), bot in self.bots.items()}

    def computer_command(self, seat: int | None = None) -> Any:
        """What the computer playing ``seat`` (the seat to act) does now: its
        bot's command, or -- when the bot fails -- the seat checks, folds or
        stands pat for this decision and :attr:`bot_note` says so."""
        seat = self.state.to_act if seat is None else seat
        self.bot_note = None
        try:
            return self._bot(seat).command(self.game, self.state, seat)
        except BotFailure as exc:
            command, note = fallback(self.game, self.state, seat, exc.note)
            self.bot_note = note
            return command

    def computer_move(self, command: Any = None) -> list[Any]:
        """The computer to act moves: its command (``command`` when it was
        worked out already by :meth:`computer_command`) handled and written,
        or if the rules refuse it, the seat's safe move in its place (and
        :attr:`bot_note` saying so). The history holds only moves made."""
        seat = self.state.to_act
        if command is None:
            command = self.computer_command()
        try:
            return self.submit(command)
        except IllegalAction as exc:
            failure = self._bot(seat).illegal(self.state, seat, refusal_note(exc))
            command, note = fallback(self.game, self.state, seat, failure.note)
            self.bot_note = note
            return self.submit(command)

    def computer_choice(self) -> Any:
        """Dealer's choice: the game the computer dealing next picks."""
        game = self.game
        assert isinstance(game, DrawGame), "only a draw game's dealer chooses the game"
        dealer = int(game.next_dealer(self.state))
        command = self.computer_command(dealer)
        try:
            self.game.decide(self.state, command)
        except IllegalAction as exc:
            failure = self._bot(dealer).illegal(self.state, dealer, refusal_note(exc))
            command, note = fallback(self.game, self.state, dealer, failure.note)
            self.bot_note = note
        return command

    def legal(self) -> Any:
        """The engine's menu for the player to act."""
        return self.game.legal_actions(self.state)

    def _record(self, before: Any, events: list[Any]) -> None:
        if any(type(event).__name__ in DEAL_START for event in events):
            # a new deal's log: only the dealer's choice of its game, made just before, stays
            last = self.chunks[-1][1] if self.chunks else []
            chosen = bool(last) and all(type(event).__name__ == "GameChosen" for event in last)
            self.chunks = self.chunks[-1:] if chosen else []
        self.chunks.append((before, list(events)))
        for event in events:
            self.events.append(event)
            if self._learn(event):
                self.deal_just_ended = True

    def _learn(self, event: Any) -> bool:
        """Follow one event in the ledger, the seats and the chart's history; True at a deal's end."""
        name = type(event).__name__
        ledger = self.ledger
        ledger.feed(event)
        self.follow(event)
        if name in _SESSION_START or name in DEAL_END:
            if name in _SESSION_START:
                self.chip_history = []
                self._seated()
            point = {player: stack for player, stack in zip(ledger.seats, ledger.stacks, strict=False) if player}
            # a player who left as the deal ended: their last point is what they took home
            self.chip_history.append({**self._left_in_deal, **point})
            self._left_in_deal = {}
        elif name == "PlayerLeft" and ledger.in_deal:
            self._left_in_deal[event.name] = event.stack
        elif name == "CarriedPotReturned" and self.chip_history and not ledger.in_deal:
            # a pot carried when the evening ends goes back after the last deal: its last point ends with it
            last = self.chip_history[-1]
            for seat, chips in event.shares:
                player = ledger.seats[seat] if seat < len(ledger.seats) else ""
                if player:
                    last[player] = last.get(player, 0) + chips
        return name in DEAL_END

    def follow(self, event: Any) -> None:
        """Who plays each seat: a newcomer (a person, or a computer player), nobody after leaving."""
        name = type(event).__name__
        if name == "PlayerJoined":
            while len(self.computer) <= event.seat:
                self.computer.append(False)
            self.computer[event.seat] = bool(event.bot)
        elif name == "PlayerLeft" and event.seat < len(self.computer):
            self.computer[event.seat] = False

    def restore(
        self,
        last_deal: tuple[Any, Sequence[Any]] | None,
        past: Sequence[Any] = (),
        ended: tuple[Any, Sequence[Any]] | None = None,
        seal: str | None = None,
    ) -> None:
        """Learn a resumed session's past (for the chart, the log and the
        standings) without applying it: the state already holds it.
        ``last_deal`` is the state before the last deal and its events;
        ``past`` every event of the history so far; ``ended`` the last deal
        that ended (the last result, as the table showed it), ``seal`` the
        seal it showed last."""
        for event in past:
            self._learn(event)
        self.chunks = [] if last_deal is None else [_as_told(self.game, *last_deal, past)]
        self.last_result = [] if ended is None else [_as_told(self.game, *ended, past)]
        self.seal = seal
        self.deal_just_ended = False

    def close(self) -> None:
        """Flush and close the history."""
        if self.writer is not None:
            try:
                self.writer.close()
            except OSError as exc:
                raise HistoryError(f"{self.writer.path}: the history could not be closed ({exc.strerror})") from None


def _as_told(game: Any, before: Any, deal: Sequence[Any], past: Sequence[Any]) -> tuple[Any, list[Any]]:
    """A deal read back from the history (its table before it, its events) as
    the log told it while it was played: from the deal's start, so not the
    comings and goings between the deals before it (the last deal's log said
    those), with the dealer's choice of its game (dealer's choice), which the
    history keeps just before the deal starts and a deal read back from it
    leaves out (its table already holds the game). As the table does while it
    plays, a game kept for a redeal is not said."""
    start = next((i for i, event in enumerate(deal) if type(event).__name__ in DEAL_START), None)
    if start is None:
        return before, list(deal)
    if start:
        before = before.copy()
        for event in deal[:start]:
            game.apply(before, event)
    told = list(deal[start:])
    at = next((i for i in range(len(past) - 1, -1, -1) if past[i] == deal[start]), None)
    if at is not None and at > 0 and type(past[at - 1]).__name__ == "GameChosen":
        told.insert(0, past[at - 1])
    return before, told
