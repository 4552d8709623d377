"""Hypothesis plays random Three Card Poker sessions under random house rules
(built from the shipped rulesets) and checks the invariants after every
event: chips conserved between the players, the table and the bank;
nothing negative; no card twice; a refused command changes nothing;
replaying the events reproduces the state; and re-running the recorded
command reproduces the same events."""

from __future__ import annotations

import random

import attrs
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from drawpoker.cards import DECK
from drawpoker.errors import IllegalAction
from drawpoker.games import evening as E
from drawpoker.games.three_card import commands as cmd
from drawpoker.games.three_card.bots import BotPolicy, bot_command
from drawpoker.games.three_card.game import ThreeCardPoker
from drawpoker.games.three_card.reducer import apply, replay
from drawpoker.games.three_card.state import DECIDING, TcpState
from drawpoker.rules import load_rules
from drawpoker.rules.model import QUALIFIERS
from tests.history_tools import check_promised_seats

EVENING = [c for c in E.EVENING_COMMANDS if c not in (E.DrawSeats, E.DrawDealer)]  # (the draws: at the sit-down)
SHIPPED = [
    load_rules(name)
    for name in (
        "three-card-poker",
        "three-card-poker-no",
        "three-card-poker-sv",
        "three-card-poker-ru",
        "three-card-poker-ro",
        "three-card-poker-home",
    )
]


@st.composite
def house_rules(draw):
    base = draw(st.sampled_from(SHIPPED))
    rotating = draw(st.booleans())
    min_players = draw(st.integers(1, 2))
    max_boxes = draw(st.integers(min_players, 6))
    max_players = draw(st.integers(min_players, max_boxes))
    table = attrs.evolve(
        base.table,
        min_players=min_players,
        max_players=max_players,
        max_boxes=max_boxes,
        boxes_per_player=draw(st.integers(1, min(3, max_boxes))),
    )
    ante_min = draw(st.integers(1, 3))
    bets = attrs.evolve(
        base.bets,
        ante_min=ante_min,
        ante_max=draw(st.integers(ante_min, 5)),
        play_multiple=draw(st.integers(1, 3)),
        dealer_qualifier=draw(st.sampled_from(sorted(QUALIFIERS))),
    )
    pair_plus = attrs.evolve(
        base.pair_plus,
        enabled=draw(st.booleans()),
        max_bet=draw(st.integers(1, 4)),
        after_fold=draw(st.sampled_from(["paid", "forfeited"])),
        without_ante=draw(st.booleans()),
    )
    prime = attrs.evolve(
        base.prime,
        enabled=draw(st.booleans()),
        pays=draw(st.integers(0, 4)),
        pays_with_dealer=draw(st.integers(0, 5)),
        max_bet=draw(st.integers(1, 4)),
        dealer_colour=draw(st.sampled_from(["same_as_player", "any"])),
    )
    six = attrs.evolve(base.six_card_bonus, enabled=draw(st.booleans()), max_bet=draw(st.integers(1, 3)))
    dealer = attrs.evolve(
        base.dealer,
        mode="rotating" if rotating else "house_bank",
        rounds_each=draw(st.integers(1, 2)),
        bank=draw(st.one_of(st.none(), st.integers(1, 60))),
        when_bank_short=draw(st.sampled_from(["pay_in_order", "refuse_bets"])),
    )
    deals = draw(st.one_of(st.none(), st.integers(1, 5))) if rotating else draw(st.integers(1, 5))
    session = attrs.evolve(
        base.session,
        deals=deals,
        when_broke=draw(st.sampled_from(["sit_out", "rebuy", "ask"])),
        rebuy_amount=draw(st.integers(1, 20)),
        rebuy_limit=draw(st.one_of(st.none(), st.integers(1, 2))),
        add_on_limit=draw(st.one_of(st.none(), st.integers(1, 20))),
        first_dealer=draw(st.sampled_from(["chosen", "drawn"])) if rotating else "chosen",
    )
    return attrs.evolve(
        base,
        table=table,
        bets=bets,
        pair_plus=pair_plus,
        prime=prime,
        six_card_bonus=six,
        dealer=dealer,
        session=session,
    )


def box_bets(limits):
    """Random boxes within (and sometimes beyond) the betting limits."""
    one = st.builds(
        cmd.BoxBet,
        ante=st.integers(0, limits.ante_max + 1),
        pair_plus=st.integers(0, limits.pair_plus_max),
        prime=st.integers(0, limits.prime_max),
        six_card=st.integers(0, limits.six_card_max),
    )
    return st.lists(one, min_size=0, max_size=max(1, limits.boxes)).map(tuple)


class ThreeCardMachine(RuleBasedStateMachine):
    @initialize(rules=house_rules(), data=st.data())
    def sit_down(self, rules, data):
        self.rules = rules
        self.game = ThreeCardPoker(rules)
        extra = 1 if rules.dealer.mode == "rotating" else 0
        n = data.draw(st.integers(rules.table.min_players + extra, rules.table.max_players + extra), label="seats")
        if extra and rules.session.deals is not None:  # every participant deals equally often
            deals = rules.session.deals * n * rules.dealer.rounds_each
            self.rules = rules = attrs.evolve(rules, session=attrs.evolve(rules.session, deals=deals))
            self.game = ThreeCardPoker(rules)
        stacks = tuple(
            data.draw(st.lists(st.integers(self.game.min_stake, 25), min_size=n, max_size=n), label="stacks")
        )
        self.total = sum(stacks)
        self.state = TcpState()
        self.events: list = []
        self.bank0 = None if rules.dealer.mode == "rotating" else rules.dealer.bank
        self.rng = random.Random(data.draw(st.integers(0, 2**16), label="bot seed"))
        self._handle(cmd.SitDown(tuple(f"P{i}" for i in range(n)), stacks, data.draw(st.integers(0, n - 1))))
        if rules.session.first_dealer == "drawn":
            self._handle(E.DrawDealer(tuple(data.draw(st.permutations(DECK), label="draw for the dealer"))))

    def _handle(self, command):
        before = self.state.copy()
        new = self.game.handle(self.state, command)
        shadow = before.copy()
        for event in new:  # the invariants hold after every single event
            apply(shadow, event)
            self._check(shadow)
        assert shadow == self.state
        decisions = [e for e in new if self.game.command_of(e) is not None]
        assert decisions  # the first is the decision (what a deal's end does for requests may follow)
        assert self.game.handle(before, self.game.command_of(decisions[0])) == new
        self.events += new

    def _check(self, s: TcpState):
        assert all(x >= 0 for x in s.stacks)
        in_play = sum(s.stacks) + s.on_table
        rebought = sum(s.rebought) + s.brought - s.taken  # every chip bought, less every chip cashed out
        assert self.game.chips_total(s) == self.total  # what verify checks
        if s.rotating:
            assert in_play == self.total + rebought
        elif s.house_bank is None:
            assert in_play + s.bank_net == self.total + rebought
        else:
            assert s.house_bank >= 0
            assert in_play + s.house_bank == self.total + rebought + self.bank0
        assert all(b.unpaid == 0 for b in s.boxes) or self.rules.dealer.when_bank_short == "pay_in_order"
        cards = [c for b in s.boxes for c in b.cards] + list(s.dealer_cards)
        assert len(cards) == len(set(cards)) and set(cards) <= set(DECK)
        for i, box in enumerate(s.boxes):
            assert box.cards in ((), s.deck[3 * i : 3 * i + 3])
        if s.phase == DECIDING and s.to_act is not None:
            assert s.boxes[s.box_to_act].seat == s.to_act
        if s.rotating:
            assert all(b.seat != s.dealer for b in s.boxes)

    @precondition(lambda self: self.state.phase == "between_deals")
    @rule(deck=st.permutations(DECK), seed=st.integers(0, 2**32 - 1))
    def deal(self, deck, seed):
        self._refused_or_done(cmd.StartRound(tuple(deck), seed))  # (a broke player asked first, too few present)

    def _refused_or_done(self, command):
        """``command`` is carried out, or refused with a sentence and nothing changes."""
        before = self.state.copy()
        try:
            self._handle(command)
        except IllegalAction as exc:
            assert str(exc)
            assert self.state == before

    @rule(data=st.data())
    def evening(self, data):
        """Someone arrives, leaves, sits out, comes back, is taken over by a computer or
        handed back, buys again, declines, adds on, takes a request back, or the table agrees to end: at any
        point, during a round too. Done, or refused without a change."""
        s = self.state
        n = len(s.names)
        seat = data.draw(st.integers(-1, n), label="evening seat")
        kind = data.draw(st.sampled_from(EVENING), label="evening command")
        if kind is E.Join:
            empty = [k for k, name in enumerate(s.names) if not name] + [n]
            seat = data.draw(st.sampled_from(empty + [seat]), label="join seat")
            least, most = self.game.evening.buy_in_range()
            buy_in = data.draw(st.integers(least - 1, most + 1), label="buy-in")
            name = data.draw(st.sampled_from(["P0", "P1", "Q1", "Q2", "Q3", "Q4"]), label="name")
            command = E.Join(seat, name, buy_in, data.draw(st.sampled_from(["", "sensible"]), label="bot"))
        elif kind is E.Withdraw:  # mostly a request made (a newcomer's promised seat too)
            asked = [r.seat for r in s.requests]
            command = E.Withdraw(data.draw(st.sampled_from(asked + asked + [seat]), label="withdraw seat"))
        elif kind is E.TakeOver:
            command = E.TakeOver(seat, "sensible")
        elif kind is E.AddOn:
            command = E.AddOn(seat, data.draw(st.integers(0, 25), label="add-on"))
        elif kind is E.EndEvening:
            number = s.round
            command = E.EndEvening(data.draw(st.integers(number - 1, number + 3), label="last round"))
        else:
            command = kind(seat)
        self._refused_or_done(command)

    @precondition(lambda self: self.state.to_act is not None)
    @rule(data=st.data())
    def legal_move(self, data):
        legal = self.game.legal_actions(self.state)
        if legal.phase == "betting":
            command = cmd.PlaceBets(legal.seat, data.draw(box_bets(legal.limits), label="boxes"))
            try:
                self._handle(command)
                return
            except IllegalAction:
                command = bot_command(self.game, self.state, self.rng, BotPolicy(ante=None, pair_plus=1))
        else:
            action = data.draw(st.sampled_from(legal.options), label="decision")
            command = (cmd.Play if action == "play" else cmd.Fold)(legal.seat, legal.box)
        self._handle(command)

    @rule(data=st.data())
    def any_command(self, data):
        """A random command: either accepted (it was legal) or refused without a change."""
        n = len(self.state.names)
        seat = data.draw(st.integers(-1, n), label="seat")
        kind = data.draw(st.sampled_from([cmd.PlaceBets, cmd.Play, cmd.Fold, cmd.StartRound]))
        if kind is cmd.StartRound:
            command = cmd.StartRound(tuple(data.draw(st.lists(st.sampled_from(DECK), max_size=53), label="deck")))
        elif kind is cmd.PlaceBets:
            boxes = data.draw(st.lists(st.tuples(*[st.integers(-1, 12)] * 4), max_size=4).map(tuple), label="boxes")
            command = cmd.PlaceBets(seat, boxes)
        else:
            command = kind(seat, data.draw(st.integers(-1, 8), label="box"))
        before = self.state.copy()
        try:
            self._handle(command)
        except IllegalAction as exc:
            assert str(exc)
            assert self.state == before

    @invariant()
    def the_menu_is_for_the_player_to_act(self):
        legal = self.game.legal_actions(self.state)
        assert legal.seat == self.state.to_act
        assert bool(legal.options) == (self.state.to_act is not None)

    @invariant()
    def the_new_seats_promised_are_the_next_ones(self):
        check_promised_seats(self.state)

    @invariant()
    def replay_reproduces_the_state(self):
        if self.events:
            assert replay(self.events) == self.state


ThreeCardMachine.TestCase.settings = settings(
    max_examples=60, stateful_step_count=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
TestThreeCardMachine = ThreeCardMachine.TestCase
