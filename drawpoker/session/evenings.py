"""Whole evenings played by computer seats, with players coming and going
(docs/rules.md 6): for the tests of the evening's histories and the season's
benchmark. Every change goes through the engine like a player's command at
the table: a join, a leave, a player sitting out and coming back, a computer
taking a seat over and handing it back, an add-on, a rebuy asked and
answered, a request made during a deal taken back, and the table agreeing
to end. A change the engine refuses is
simply not made (the table would say why; here nobody is watching).

Pure apart from what it hands to ``sink`` (the history writer).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from drawpoker.engine.game import BETWEEN_DEALS, SESSION_OVER
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.errors import IllegalAction
from drawpoker.games import bots_for, evening, game_for
from drawpoker.games.draw.decide import DrawGame
from drawpoker.games.draw.in_play import deck_jokers, game_in_play

__all__ = ["play_evening", "NEWCOMERS"]

#: the names newcomers take, in turn
NEWCOMERS = ("Dag", "Eli", "Frid", "Geir", "Hege", "Ivar", "Jon", "Kari", "Liv", "Mona")


def play_evening(
    rules: Any,
    names: Sequence[str],
    deals: int,
    seed: int,
    sink: Callable[[list[Any]], None] | None = None,
    changes: float = 0.15,
    strategy: str = "random",
    end_early: bool = True,
) -> Any:
    """Play an evening of about ``deals`` deals (rounds) from ``names``; between
    deals (and now and then during one) a change happens with probability
    ``changes``. ``sink`` gets the events of every command, as the table
    writes them. With ``end_early`` the table agrees, a few deals before the
    end, when to stop. Returns the state at the end."""
    game = game_for(rules)
    rng = random.Random(seed)
    jokers = getattr(getattr(rules, "deck", None), "jokers", 0)
    shuffler = RandomShuffler(rng.getrandbits(64), jokers)
    bots = bots_for(rules.game)
    bot = bots.get(strategy) or next(iter(bots.values()))
    state = game.new_state()
    newcomers = iter(NEWCOMERS)

    def do(command: Any) -> bool:
        try:
            new = game.handle(state, command)
        except IllegalAction:
            return False
        if sink is not None:
            sink(new)
        return True

    def must(command: Any) -> None:
        """A command the evening cannot go without (the table sitting down): refused, it says why."""
        new = game.handle(state, command)  # (IllegalAction: the engine's sentence, e.g. rounds that do not share out)
        if sink is not None:
            sink(new)

    session = rules.session
    if session.seats == "drawn":
        must(evening.DrawSeats(tuple(names), shuffler.shuffle(0)[0]))
        names = tuple(state.names)
    must(game.sit_down(tuple(names), (session.starting_stack,) * len(names), 0))
    if session.first_dealer == "drawn":
        must(evening.DrawDealer(shuffler.shuffle(0)[0]))

    def number() -> int:
        return int(getattr(state, "deal", getattr(state, "round", 0)))

    def change() -> None:
        seats = [seat for seat, name in enumerate(state.names) if name]
        kind = rng.choice(("join", "leave", "sit_out", "come_back", "take_over", "hand_back", "add_on"))
        seat = rng.choice(seats) if seats else 0
        if kind == "join":
            empty = [s for s, name in enumerate(state.names) if not name] + [len(state.names)]
            least, most = game.evening.buy_in_range()
            name = next(newcomers, None)
            if name is not None:
                do(evening.Join(rng.choice(empty), name, rng.randint(least, most)))
        elif kind == "leave":
            if len(seats) > 2:
                do(evening.Leave(seat))
        elif kind == "sit_out":
            do(evening.SitOut(seat))
        elif kind == "come_back":
            do(evening.ComeBack(seat))
        elif kind == "take_over":
            do(evening.TakeOver(seat, strategy))
        elif kind == "hand_back":
            do(evening.HandBack(seat))
        elif kind == "add_on" and session.add_on_limit is not None:
            do(evening.AddOn(seat, rng.randint(1, session.add_on_limit)))

    agreed = False
    while state.phase != SESSION_OVER:
        if state.phase == BETWEEN_DEALS:
            for seat in game.evening.asked(state):
                do(evening.Rebuy(seat) if rng.random() < 0.7 else evening.Decline(seat))
            if state.phase == SESSION_OVER:
                break
            if end_early and not agreed and number() >= deals - 2:
                agreed = do(evening.EndEvening(number() + rng.randint(0, 2)))
                continue
            if number() >= deals and not end_early:
                do(evening.EndEvening(number()))
                continue
            if rng.random() < changes:
                change()
                continue
            name = game.rotation(state) if isinstance(game, DrawGame) else None
            if name is not None:
                do(DrawGame.choose_game(name))
            if not do(game.start_deal(*shuffler.shuffle(deck_jokers(game, state)))):
                # nobody to deal to (everyone away): bring someone back, else end
                away = [seat for seat, gone in enumerate(state.away) if gone]
                if not (away and do(evening.ComeBack(away[0]))):
                    do(evening.EndEvening(number()))
            continue
        if state.requests and rng.random() < 0.05:  # a request taken back before it takes effect
            do(evening.Withdraw(rng.choice(state.requests).seat))
        elif rng.random() < changes / 10:
            change()  # a request during the deal
        seat = state.to_act
        if seat is None:  # (no decision is awaited: a phase this loop does not know)
            raise AssertionError(f"nobody is to act in the phase {state.phase!r}, and the evening is not over")
        command = bot(game_in_play(game, state), state, rng)
        if not do(command):
            raise AssertionError(f"the engine refused a computer's move for seat {seat}: {command}")
    return state
