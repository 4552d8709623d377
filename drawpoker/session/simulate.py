"""Whole sessions played by computer players, for testing and for trying
out house rules. Works for either game through the :class:`Game` protocol.

Memory stays constant however many deals are played: events are handed
to an optional ``sink`` (the hand-history writer) and then dropped.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from drawpoker.bots.seat import DEFAULT_LIMIT, SeatBot, strategy
from drawpoker.engine.game import BETWEEN_DEALS, SESSION_OVER
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.errors import DrawpokerError, IllegalAction, refusal_note
from drawpoker.games import game_for
from drawpoker.games.draw.decide import DrawGame
from drawpoker.games.draw.in_play import deck_jokers
from drawpoker.games.evening import Rebuy
from drawpoker.rules.seating import seat_range, seating_note

__all__ = ["simulate", "SimulationResult"]
#: ``sink_many``: how many commands wait to be handed on (a six-player deal has some 20)
_WAITING = 256


@attrs.frozen
class SimulationResult:
    """What a simulation played and how each seat fared."""

    game: str
    names: tuple[str, ...]
    strategies: tuple[str, ...]
    deals: int
    sessions: int
    decisions: int
    events: int
    seconds: float
    net: tuple[int, ...]  # chips won or lost over all sessions, net of rebuys
    rebuys: tuple[int, ...]
    bank_net: int | None  # the house bank's result (Three Card Poker with a house bank)

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` form."""
        return {
            "game": self.game,
            "deals": self.deals,
            "sessions": self.sessions,
            "decisions": self.decisions,
            "events": self.events,
            "seconds": round(self.seconds, 3),
            "deals_per_second": round(self.deals / self.seconds, 1) if self.seconds else None,
            "players": {
                name: {
                    "strategy": strategy,
                    "net": net,
                    "net_per_deal": round(net / self.deals, 4) if self.deals else 0,
                    "rebuys": rebuys,
                }
                for name, strategy, net, rebuys in zip(self.names, self.strategies, self.net, self.rebuys, strict=False)
            },
            "bank_net": self.bank_net,
        }

    def to_text(self) -> str:
        """A short report, in English (:func:`drawpoker.words.simulation_text.simulation_text` in any language)."""
        from drawpoker.words.i18n import translator
        from drawpoker.words.simulation_text import simulation_text

        return simulation_text(self, translator("en"))


def simulate(
    rules: Any,
    players: int,
    deals: int,
    seed: int,
    strategies: Sequence[str] = ("random",),
    sink: Callable[[list[Any]], None] | None = None,
    on_session: Callable[[Any, tuple[str, ...]], None] | None = None,
    progress: Callable[[int, int], None] | None = None,
    sink_many: Callable[[list[list[Any]]], None] | None = None,
    limit: float | None = DEFAULT_LIMIT,
) -> SimulationResult:
    """Play sessions until ``deals`` deals (rounds) have been dealt (a few
    more if the last deal's pot carries: it is played until someone wins it).

    Under ``when_broke: ask`` a broke player buys again before the next
    deal, as a computer seat does at the table (docs/rules.md 6).

    ``strategies`` are assigned to the players in turn: levels, baselines or
    bots of one's own (``path/to/bot.py:Name``, ``module:Name``; see
    :mod:`drawpoker.bots`), each player's bot with a random generator of its
    own, kept from session to session; ``limit`` is the seconds a bot of
    one's own may take to decide. A bot that fails (raises, is too slow,
    makes a move the rules refuse) stops the run with
    :class:`~drawpoker.bots.BotFailure`, its one sentence naming the bot and
    what it did; what was played before stays as it was. ``sink`` receives the
    events of every command; ``on_session(state, names)`` is called when a
    session starts (the history writer opens a new file there).
    ``sink_many`` (in place of ``sink``) receives the same commands' events a
    few deals at a time, as a list of lists (a call per decision costs the
    simulation more than the log's own work on it): all of a session's
    before the next session starts, and all of them before this returns.
    """
    game = game_for(rules)
    low, high = seat_range(rules)
    # the seat range first: a stack per player is built only for a table that can be
    refused = seating_note(rules, players, (rules.session.starting_stack,) * players if low <= players <= high else ())
    if refused is not None:  # the table's own answer, before any session starts
        raise DrawpokerError(refused[1])
    if not strategies:
        strategies = ("random",)
    chosen = {name: strategy(name, rules) for name in dict.fromkeys(strategies)}
    names = tuple(f"P{i + 1}" for i in range(players))
    rng = random.Random(seed)
    shuffler = RandomShuffler(rng.getrandbits(64), getattr(getattr(rules, "deck", None), "jokers", 0))
    seat_bots = [  # each player's bot, by the player's place in ``names``
        SeatBot(chosen[strategies[i % len(strategies)]], random.Random(rng.getrandbits(64)), limit, rules, names[i])
        for i in range(players)
    ]
    watching = any(bot.watches for bot in seat_bots)  # bots that see every deal's end
    net = [0] * players
    rebuys = [0] * players
    dealt = sessions = decisions = events = 0
    started = time.perf_counter()
    handle = game.handle
    # dealer's choice (a draw game's): the games in turn, and who deals (chooses) next
    rotation, next_dealer = (game.rotation, game.next_dealer) if isinstance(game, DrawGame) else (None, None)
    waiting: list[list[Any]] = []  # for sink_many: the commands not handed on yet
    if sink is None and sink_many is not None:
        sink = waiting.append

    def hand_on() -> None:
        if waiting and sink_many is not None:
            sink_many(waiting)
            waiting.clear()

    playing: list[SeatBot] = []  # each seat's bot this session

    asked = game.evening.asked  # (both games keep the evening's rules)

    def before_deal(state: Any) -> list[Any]:
        """Before a deal: a broke player asked (``when_broke: ask``) buys
        again, as a computer seat does at the table; in dealer's choice the
        dealer chooses the game."""
        new: list[Any] = []
        while seats := asked(state):
            new += handle(state, Rebuy(seats[0]))
        if rotation is None or next_dealer is None or rotation(state) is None:
            return new
        return new + play(state, next_dealer(state))

    def play(state: Any, seat: int) -> list[Any]:
        bot = playing[seat]
        command = bot.command(game, state, seat)
        try:
            new = handle(state, command)
        except IllegalAction as exc:
            raise bot.illegal(state, seat, refusal_note(exc)) from None
        if watching and state.phase in (BETWEEN_DEALS, SESSION_OVER):
            for other, watcher in enumerate(playing):
                if watcher.watches:
                    watcher.observe(game, state, other)
        return new

    draws_seats = rules.session.seats == "drawn"  # (docs/rules.md 6.1)
    draws_dealer = rules.session.first_dealer == "drawn" and (
        rules.game == "morkpoker" or rules.dealer.mode == "rotating"
    )
    while dealt < deals:
        state = game.new_state()
        stacks = (rules.session.starting_stack,) * players
        new = []
        seated = names
        if draws_seats:
            from drawpoker.games.evening import DrawSeats

            new = handle(state, DrawSeats(names, shuffler.shuffle(0)[0]))
            seated = tuple(state.names)
        new += handle(state, game.sit_down(seated, stacks, sessions % players))
        if draws_dealer:
            from drawpoker.games.evening import DrawDealer

            new += handle(state, DrawDealer(shuffler.shuffle(0)[0]))
        playing[:] = [seat_bots[names.index(name)] for name in state.names]  # each player's bot, by seat
        sessions += 1
        hand_on()  # the last session's commands, before its file is closed
        if on_session is not None:
            on_session(state, seated)
        if sink is not None:
            sink(new)
        events += len(new)
        while state.phase != SESSION_OVER and dealt < deals:
            if state.phase == BETWEEN_DEALS:
                if len(waiting) >= _WAITING:
                    hand_on()
                new = before_deal(state)  # the asked buy again; dealer's choice: the game; then a deck
                new += handle(state, game.start_deal(*shuffler.shuffle(deck_jokers(game, state))))
                dealt += 1
                if progress is not None and dealt % 1000 == 0:
                    progress(dealt, deals)
            else:
                new = play(state, state.to_act)
                decisions += 1
            events += len(new)
            if sink is not None:
                sink(new)
        # Finish the deal in progress, and any carried pot, so every chip is back in a stack.
        while state.phase not in (BETWEEN_DEALS, SESSION_OVER) or (
            state.phase == BETWEEN_DEALS and getattr(state, "carried", 0)
        ):
            if state.phase == BETWEEN_DEALS:
                new = before_deal(state)
                new += handle(state, game.start_deal(*shuffler.shuffle(deck_jokers(game, state))))
                dealt += 1
            else:
                new = play(state, state.to_act)
                decisions += 1
            events += len(new)
            if sink is not None:
                sink(new)
        spent = getattr(state, "rebought", [0] * players)
        for seat in range(players):
            who = names.index(state.names[seat])  # (seats drawn: each player's own line)
            net[who] += state.stacks[seat] - stacks[seat] - spent[seat]
            rebuys[who] += state.rebuys[seat] if hasattr(state, "rebuys") else 0
    hand_on()
    if progress is not None:
        progress(dealt, deals)
    house_bank = rules.game == "three-card-poker" and rules.dealer.mode == "house_bank"
    return SimulationResult(
        rules.game,
        names,
        tuple(strategies[i % len(strategies)] for i in range(players)),
        dealt,
        sessions,
        decisions,
        events,
        time.perf_counter() - started,
        tuple(net),
        tuple(rebuys),
        -sum(net) if house_bank else None,
    )
