"""A stacked-deck Mørkpoker table for the rule tests."""

from __future__ import annotations

from drawpoker.cards import parse_cards
from drawpoker.errors import IllegalAction
from drawpoker.games.draw import commands as cmd
from drawpoker.games.draw import events as ev
from drawpoker.games.draw.decide import DrawGame
from drawpoker.games.draw.reducer import replay
from drawpoker.games.draw.stacking import stacked_deck
from drawpoker.games.draw.state import DrawState
from drawpoker.rules.model import DrawRules
from tests.changed_rules import changed_rules

NAMES = ("A", "B", "C", "D", "E", "F", "G", "H", "I", "J")
WORDS = {
    "check": cmd.Check,
    "bet": cmd.Bet,
    "call": cmd.Call,
    "raise": cmd.Raise,
    "fold": cmd.Fold,
    "show": cmd.Show,
    "muck": cmd.Muck,
}


def rules(**changes) -> DrawRules:
    """The shipped Mørkpoker rules with some settings changed: betting__ante=2."""
    return changed_rules("morkpoker", **changes)


class Table:
    """Players A, B, C... with stacks and exact hands; ``do`` plays actions."""

    def __init__(self, hands, stacks=None, button=0, stock="", rules_=None, carried=0):
        self.rules = rules_ or rules()
        self.game = DrawGame(self.rules)
        n = len(hands)
        self.names = NAMES[:n]
        self.state = DrawState()
        stacks = stacks or [40] * n
        self.events = list(self.game.handle(self.state, cmd.SitDown(self.names, tuple(stacks), button)))
        if carried:
            self.state.carried = carried
        jokers = self.rules.deck.jokers
        dealt = {seat: parse_cards(h, jokers=jokers) for seat, h in enumerate(hands) if h}
        self.deck = stacked_deck(dealt, button, n, parse_cards(stock, jokers=jokers), jokers)
        self.events += self.game.handle(self.state, cmd.StartDeal(self.deck))

    def deal(self, hands, stock="", button=None):
        """Deal the next hand with these exact cards; ``button`` is the
        dealer the engine must choose (asserted)."""
        n = len(self.names)
        button = self.state.button if button is None else button
        jokers = self.rules.deck.jokers
        dealt = {seat: parse_cards(h, jokers=jokers) for seat, h in enumerate(hands) if h}
        self.deck = stacked_deck(dealt, button, n, parse_cards(stock, jokers=jokers), jokers)
        new = self.game.handle(self.state, cmd.StartDeal(self.deck))
        self.events += new
        started = [e for e in new if isinstance(e, ev.DealStarted)]
        assert started[0].button == button, f"the engine gave the button to seat {started[0].button}"
        return new

    def seat(self, name):
        return self.names.index(name)

    def command(self, text):
        who, _, what = text.partition(" ")
        seat = self.seat(who)
        if what.startswith("exchange"):
            return cmd.Exchange(seat, parse_cards(what[len("exchange") :], jokers=2))
        if what == "stand pat":
            return cmd.Exchange(seat, ())
        if what.startswith("bet "):
            return cmd.Bet(seat, int(what[4:]))
        if what.startswith("raise to "):
            return cmd.Raise(seat, int(what[9:]))
        return WORDS[what](seat)

    def do(self, *texts):
        """Play actions like 'B bet', 'C exchange 4d 7c', 'A stand pat'; returns the new events."""
        new = []
        for text in texts:
            new += self.game.handle(self.state, self.command(text))
        self.events += new
        return new

    def show_all(self):
        """Everybody left at the showdown shows, in order."""
        while self.state.phase == "showdown" and self.state.to_act is not None:
            self.do(f"{self.to_act} show")

    def refused(self, text):
        """The reason ``text`` is refused; asserts that nothing changed."""
        before = self.state.copy()
        try:
            self.game.handle(self.state, self.command(text))
        except IllegalAction as exc:
            assert self.state == before, "a refused command changed the state"
            return str(exc)
        raise AssertionError(f"{text} was allowed")

    @property
    def legal(self):
        return self.game.legal_actions(self.state)

    @property
    def to_act(self):
        s = self.state.to_act
        return None if s is None else self.names[s]

    def stacks(self):
        return dict(zip(self.names, self.state.stacks, strict=False))

    def of(self, kind):
        return [e for e in self.events if isinstance(e, kind)]

    def pots(self):
        """[(amount, eligible names, {winner: chips})] of the awarded pots."""
        return [
            (p.amount, "".join(self.names[s] for s in p.eligible), {self.names[s]: c for s, c in p.shares})
            for p in self.of(ev.PotAwarded)
        ]

    def replayed(self):
        return replay(self.events)
