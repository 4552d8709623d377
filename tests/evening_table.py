"""A stacked-deck draw table for the evening's rules (docs/rules.md 6): players
come and go, so seats are found by name and the deck is stacked for the
seats dealt in when the deal starts."""

from __future__ import annotations

from typing import Any

from drawpoker.cards import parse_cards
from drawpoker.engine.pots import clockwise_from
from drawpoker.errors import IllegalAction
from drawpoker.games import evening as E
from drawpoker.games import game_for
from drawpoker.games.draw import commands as cmd
from drawpoker.games.draw.stacking import stacked_deck
from tests.mork_table import WORDS


class EveningTable:
    """A table that records every event; ``do`` plays actions by name."""

    def __init__(self, rules: Any, names: tuple[str, ...] = ("A", "B", "C"), stacks=None, button: int = 0):
        self.rules = rules
        self.game = game_for(rules)
        self.state = self.game.new_state()
        self.events: list[Any] = []
        self.refusals: list[str] = []
        if names:
            self.handle(self.game.sit_down(tuple(names), tuple(stacks or [40] * len(names)), button))

    # ------------------------------------------------------------ commands

    def handle(self, command: Any) -> list[Any]:
        new = self.game.handle(self.state, command)
        self.events += new
        return new

    def refused(self, command: Any) -> str:
        """The one sentence that refuses ``command``; asserts that nothing changed."""
        before = self.state.copy()
        try:
            self.game.handle(self.state, command)
        except IllegalAction as exc:
            assert self.state == before, "a refused command changed the state"
            return str(exc)
        raise AssertionError(f"{command} was allowed")

    def seat(self, name: str) -> int:
        return self.state.names.index(name)

    def dealt_in_next(self) -> list[int]:
        """The seats the next deal deals to, clockwise from the button's left (as the engine will)."""
        probe = self.state.copy()
        from drawpoker.cards import DECK

        self.game.handle(probe, cmd.StartDeal(DECK))
        return [seat for seat in clockwise_from(probe.button, probe.seats) if probe.in_deal[seat]], probe.button

    def deal(self, hands: dict[str, str], stock: str = "") -> list[Any]:
        """Deal the next hand, ``hands`` by name (every player the engine deals in)."""
        seats, button = self.dealt_in_next()
        names = self.state.names
        dealt = {seat: parse_cards(hands[names[seat]]) for seat in seats}
        deck = stacked_deck(dealt, button, len(names), parse_cards(stock))
        return self.handle(cmd.StartDeal(deck))

    def command(self, text: str) -> Any:
        who, _, what = text.partition(" ")
        seat = self.seat(who)
        if what.startswith("exchange"):
            return cmd.Exchange(seat, parse_cards(what[len("exchange") :]))
        if what == "stand pat":
            return cmd.Exchange(seat, ())
        if what == "sit out":
            return E.SitOut(seat)
        if what == "come back":
            return E.ComeBack(seat)
        if what == "leave":
            return E.Leave(seat)
        if what == "rebuy":
            return E.Rebuy(seat)
        if what == "decline":
            return E.Decline(seat)
        if what.startswith("add on "):
            return E.AddOn(seat, int(what[7:]))
        if what.startswith("take over"):
            return E.TakeOver(seat, "random")
        if what == "hand back":
            return E.HandBack(seat)
        return WORDS[what](seat)

    def do(self, *texts: str) -> list[Any]:
        """Play actions like 'B bet', 'C sit out', 'A leave'; returns the new events."""
        new: list[Any] = []
        for text in texts:
            new += self.handle(self.command(text))
        return new

    def check_round(self) -> list[Any]:
        """Everyone to act checks (or calls) until the betting round ends."""
        new: list[Any] = []
        state = self.state
        while state.phase == "betting" and state.to_act is not None:
            seat = state.to_act
            word = "check" if state.level <= state.bets[seat] else "call"
            new += self.do(f"{state.names[seat]} {word}")
        return new

    def play_out(self) -> list[Any]:
        """Play the deal to its end: check or call, stand pat, show."""
        new: list[Any] = []
        state = self.state
        while state.phase not in ("between_deals", "session_over"):
            seat = state.to_act
            if state.phase == "exchange":
                new += self.do(f"{state.names[seat]} stand pat")
            elif state.phase == "showdown":
                new += self.do(f"{state.names[seat]} show")
            else:
                new += self.check_round()
        return new

    def join(self, name: str, buy_in: int = 40, seat: int | None = None, bot: str = "") -> list[Any]:
        if seat is None:
            seat = next((k for k, n in enumerate(self.state.names) if not n), len(self.state.names))
        return self.handle(E.Join(seat, name, buy_in, bot))

    # ------------------------------------------------------------ looking

    def stacks(self) -> dict[str, int]:
        return {n: st for n, st in zip(self.state.names, self.state.stacks, strict=False) if n}

    def of(self, kind: type) -> list[Any]:
        return [e for e in self.events if isinstance(e, kind)]

    def replayed(self) -> Any:
        """The state the events give applied to a new table (who paid into a carried pot compared too)."""
        state = self.game.new_state()
        for event in self.events:
            self.game.apply(state, event)
        assert getattr(state, "carried_by", None) == getattr(self.state, "carried_by", None)
        return state

    def chips(self) -> int:
        return int(self.game.chips_total(self.state))  # type: ignore[attr-defined]


def play_on(t: EveningTable, steps: Any, writer: Any) -> None:
    """Play ``steps`` at ``t`` (each a function of the table), writing each one's events as one command."""
    for step in steps:
        before = len(t.events)
        step(t)
        writer.append(t.events[before:])


def written(path: Any, rules: Any, names: tuple[str, ...], steps: Any) -> EveningTable:
    """An evening at a stacked-deck table, the players ``names`` sitting down, then
    ``steps`` (each a function of the table: one command written at once) written as a
    history to ``path``, as the table writes it. The table as it ends."""
    from drawpoker.history.writer import HistoryWriter

    t = EveningTable(rules, names=names)
    with HistoryWriter.create(path, rules, names, durable=False) as writer:
        writer.append(t.events)
        play_on(t, steps, writer)
    return t
