"""Hypothesis plays random Mørkpoker sessions under random house rules and
checks the invariants after every event."""

from collections import Counter
from fractions import Fraction

import attrs
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from drawpoker.cards import DECK, deck_of
from drawpoker.engine.pots import build_pots
from drawpoker.errors import IllegalAction
from drawpoker.games import evening as E
from drawpoker.games.draw import commands as cmd
from drawpoker.games.draw.decide import DrawGame
from drawpoker.games.draw.legal import raises_left
from drawpoker.games.draw.openers import openers_held, qualifies, ranking_of, requirement
from drawpoker.games.draw.reducer import apply, replay
from drawpoker.games.draw.state import BETTING, DrawState
from drawpoker.rules import load_rules
from drawpoker.rules.model import cross_check
from tests.history_tools import check_promised_seats

BASE = load_rules("morkpoker")
EVENING = [c for c in E.EVENING_COMMANDS if c not in (E.DrawSeats, E.DrawDealer)]  # (the draws: at the sit-down)


@st.composite
def house_rules(draw):
    small = draw(st.integers(1, 4))
    structure = draw(st.sampled_from(["fixed_limit", "pot_limit", "no_limit"]))
    blinds = draw(st.one_of(st.none(), st.integers(1, 4).flatmap(lambda b: st.tuples(st.integers(1, b), st.just(b)))))
    if blinds is not None and structure == "fixed_limit":
        blinds = (min(blinds[0], small), small)  # fixed limit: the big blind is the small bet
    betting = attrs.evolve(
        BASE.betting,
        ante=draw(st.integers(0, 3)),
        small_bet=small,
        big_bet=draw(st.integers(small, 2 * small)),
        raise_cap=draw(st.one_of(st.none(), st.integers(0, 5))),
        cap_lifted_heads_up=draw(st.booleans()),
        incomplete_raise_reopens=draw(st.sampled_from([Fraction(0), Fraction(1, 2), Fraction(3, 4), Fraction(1)])),
        opening=draw(st.sampled_from(["any", "jacks_or_better", "progressive"])),
        split_openers=draw(st.sampled_from(["allowed", "not_allowed"])),
        passed_out_button=draw(st.sampled_from(["moves", "stays"])),
        round_two_starter=draw(st.sampled_from(["next_active", "left_of_button"])),
        structure=structure,
        blinds=blinds,
        dealer_ante=draw(st.sampled_from([0, 0, 1, 3])),
        check_raise=draw(st.sampled_from(["allowed", "not_allowed"])),
    )
    exchanges = draw(st.integers(1, 3))
    betting = attrs.evolve(betting, big_bet_from_round=draw(st.integers(1, exchanges + 1)))
    if blinds is not None:
        betting = attrs.evolve(betting, opening="any")
    jokers, joker, wild_ranks = draw(st.sampled_from(DECKS))
    ranking = draw(st.sampled_from(["high", "high", "ace_to_five", "deuce_to_seven"]))
    if ranking != "high":
        betting = attrs.evolve(betting, opening="any")  # rules check refuses openers with lowball
        joker = "wild" if jokers else joker
    deck = attrs.evolve(
        BASE.deck,
        jokers=jokers,
        joker=joker,
        wild_ranks=wild_ranks,
        wild_may_duplicate=draw(st.booleans()),
        natural_beats_wild=draw(st.booleans()),
    )
    size = 52 + jokers
    exhaustion = draw(st.sampled_from(["refuse", "reshuffle_discards"]))
    max_cards = draw(st.integers(0, 5))
    apart = min(5, max_cards * exchanges) if betting.opening != "any" and betting.split_openers == "allowed" else 0
    players = size // (5 + exchanges * max_cards) if exhaustion == "refuse" else min(9, (size - max_cards - apart) // 5)
    draw_rules = attrs.evolve(BASE.draw, exchanges=exchanges, max_cards=max_cards, stock_exhaustion=exhaustion)
    least = draw(st.integers(1, 30))
    session = attrs.evolve(
        BASE.session,
        deals=draw(st.integers(1, 6)),
        when_broke=draw(st.sampled_from(["sit_out", "rebuy", "ask"])),
        rebuy_amount=draw(st.integers(1, 20)),
        rebuy_limit=draw(st.one_of(st.none(), st.integers(1, 2))),
        # the evening (docs/rules.md 6)
        buy_in=draw(st.one_of(st.none(), st.just((least, draw(st.integers(least, 40)))))),
        add_on_limit=draw(st.one_of(st.none(), st.integers(1, 20))),
        first_dealer=draw(st.sampled_from(["chosen", "drawn"])),
        dealer_draw_ties=draw(st.sampled_from(["suits", "redraw"])),
        newcomer_blind=draw(st.sampled_from(["wait", "post"])),
        missed_blinds=draw(st.sampled_from(["post", "wait"])),
    )
    showdown = attrs.evolve(
        BASE.showdown, ranking=ranking, odd_chip=draw(st.sampled_from(["left_of_button", "high_suit"]))
    )
    table = attrs.evolve(BASE.table, max_players=max(2, min(players, 9)))
    r = attrs.evolve(BASE, betting=betting, deck=deck, draw=draw_rules, session=session, showdown=showdown, table=table)
    assert not cross_check(r), cross_check(r)
    return r


#: (jokers, joker, wild ranks): no joker, the bug, one or two wild jokers, deuces wild, a joker and deuces
DECKS = [(0, "none", ()), (1, "bug", ()), (1, "wild", ()), (2, "wild", ()), (0, "none", (2,)), (1, "wild", (2,))]


class MorkpokerMachine(RuleBasedStateMachine):
    @initialize(rules=house_rules(), data=st.data())
    def sit_down(self, rules, data):
        self.rules = rules
        self.game = DrawGame(rules)
        n = data.draw(st.integers(2, rules.table.max_players), label="players")
        stacks = tuple(data.draw(st.lists(st.integers(1, 30), min_size=n, max_size=n), label="stacks"))
        self.state = DrawState()
        self.events = []
        self.total = sum(stacks)
        self._handle(cmd.SitDown(tuple(f"P{i}" for i in range(n)), stacks, data.draw(st.integers(0, n - 1))))
        if rules.session.first_dealer == "drawn":
            self._handle(E.DrawDealer(tuple(data.draw(st.permutations(DECK), label="draw for the dealer"))))

    def _handle(self, command):
        before = self.state.copy()
        shadow = before.copy()
        new = self.game.handle(self.state, command)
        for event in new:  # the invariants hold after every single event
            apply(shadow, event)
            self._check(shadow)
        assert shadow == self.state
        self.events += new

    def _check(self, s):
        rebought = sum(s.rebought) if s.rebought else 0
        assert all(x >= 0 for x in s.stacks)
        # chips conserved, counting every chip bought (rebuys, add-ons, newcomers) and cashed out
        assert sum(s.stacks) + s.pot_total() == self.total + rebought + s.brought - s.taken
        assert all(not name or not s.out[seat] or s.stacks[seat] == 0 for seat, name in enumerate(s.names))
        assert all(s.out[seat] and s.stacks[seat] == 0 for seat, name in enumerate(s.names) if not name)
        if s.to_act is not None:  # (a deal under way) nobody away, waiting or in an empty seat is dealt in
            for seat, name in enumerate(s.names):
                if s.in_deal[seat]:
                    assert name and not s.away[seat] and not s.waiting[seat]
        cards = [c for seat, h in enumerate(s.hands) if s.in_deal[seat] for c in h] + s.stock + s.discards + s.apart
        whole = Counter(deck_of(self.rules.deck.jokers))
        assert not Counter(cards) - whole  # every card (jokers included) at most once
        dealt = all(len(h) == 5 for seat, h in enumerate(s.hands) if s.in_deal[seat])
        if s.deck and any(s.in_deal) and not s.deal_over and dealt:
            assert Counter(cards) == whole
        pots = build_pots(s.committed, s.out_of_pots(), s.carried)
        assert sum(p.amount for p in pots) == sum(s.committed) + s.carried
        assert 0 <= s.paid_out <= sum(s.committed) + s.carried
        for p in pots:
            assert all(s.in_deal[x] and not s.folded[x] for x in p.eligible)
        if s.proof:  # the openers shown prove the requirement of the deal
            assert s.opener is not None and qualifies(
                s.dealt[s.opener], requirement(s.to_open, self.rules), ranking_of(self.rules)
            )
            assert set(s.proof) <= set(s.dealt[s.opener]) and set(s.apart) <= set(s.proof)
        if s.phase == BETTING and s.round:  # (between DealStarted and the first RoundStarted: round 0)
            assert s.round <= self.rules.draw.exchanges + 1
            b = self.rules.betting
            if b.structure == "fixed_limit":
                assert s.step == (b.small_bet if s.round < b.big_bet_from_round else b.big_bet)
        if self.rules.betting.opening == "progressive":
            assert s.to_open in (0, 11, 12, 13, 14)
        else:
            assert s.to_open == 0
        cap = self.rules.betting.raise_cap
        fixed = self.rules.betting.structure == "fixed_limit"
        if fixed and s.phase == BETTING and cap is not None and raises_left(s, self.rules) is not None:
            assert s.raises <= cap

    @precondition(lambda self: self.state.phase == "between_deals")
    @rule(data=st.data(), seed=st.integers(0, 2**32 - 1))
    def deal(self, data, seed):
        deck = data.draw(st.permutations(deck_of(self.rules.deck.jokers)), label="deck")
        self._refused_or_done(cmd.StartDeal(tuple(deck), seed))  # (a broke player asked first, too few present)

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
        point, during a deal too. Done, or refused without a change."""
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
            command = E.Join(seat, name, buy_in, data.draw(st.sampled_from(["", "random"]), label="bot"))
        elif kind is E.Withdraw:  # mostly a request made (a newcomer's promised seat too)
            asked = [r.seat for r in s.requests]
            command = E.Withdraw(data.draw(st.sampled_from(asked + asked + [seat]), label="withdraw seat"))
        elif kind is E.TakeOver:
            command = E.TakeOver(seat, "random")
        elif kind is E.AddOn:
            command = E.AddOn(seat, data.draw(st.integers(0, 25), label="add-on"))
        elif kind is E.EndEvening:
            number = s.deal
            command = E.EndEvening(data.draw(st.integers(number - 1, number + 3), label="last deal"))
        else:
            command = kind(seat)
        self._refused_or_done(command)

    @precondition(lambda self: self.state.to_act is not None)
    @rule(data=st.data())
    def legal_move(self, data):
        legal = self.game.legal_actions(self.state)
        option = data.draw(st.sampled_from(legal.options), label="option")
        seat = legal.seat
        if option.action == "exchange":
            hand = self.state.hands[seat]
            if self.rules.betting.split_openers == "not_allowed":
                kept = openers_held(self.state, self.rules, seat)
                hand = tuple(c for c in hand if c not in kept)
            k = data.draw(st.integers(0, min(legal.max_exchange, len(hand))), label="k")
            command = cmd.Exchange(seat, tuple(data.draw(st.permutations(hand), label="order")[:k]))
            if len(command.discards) > len(self.state.stock) + len(self.state.discards):
                return
            if len(command.discards) > len(self.state.stock) and self.rules.draw.stock_exhaustion == "refuse":
                return
        elif option.action in ("bet", "raise") and legal.structure != "fixed_limit":
            ch = legal.amounts
            to = data.draw(st.integers(ch.min_to, ch.max_to), label="to")
            command = (cmd.Bet if option.action == "bet" else cmd.Raise)(seat, to)
        else:
            command = {
                "fold": cmd.Fold,
                "check": cmd.Check,
                "call": cmd.Call,
                "bet": cmd.Bet,
                "raise": cmd.Raise,
                "show": cmd.Show,
                "muck": cmd.Muck,
            }[option.action](seat)
        self._handle(command)

    @rule(data=st.data())
    def any_command(self, data):
        """A random command: either accepted (legal) or refused without a change."""
        n = len(self.state.names)
        seat = data.draw(st.integers(-1, n), label="seat")
        kind = data.draw(
            st.sampled_from([cmd.Check, cmd.Bet, cmd.Call, cmd.Raise, cmd.Fold, cmd.Show, cmd.Muck, cmd.Exchange])
        )
        if kind is cmd.Exchange:
            command = cmd.Exchange(
                seat, tuple(data.draw(st.lists(st.sampled_from(deck_of(1)), max_size=6), label="cards"))
            )
        elif kind in (cmd.Bet, cmd.Raise):
            command = kind(seat, data.draw(st.one_of(st.none(), st.integers(-1, 60)), label="to"))
        else:
            command = kind(seat)
        before = self.state.copy()
        try:
            self._handle(command)
        except IllegalAction as exc:
            assert str(exc)
            assert self.state == before

    @invariant()
    def the_new_seats_promised_are_the_next_ones(self):
        check_promised_seats(self.state)

    @invariant()
    def replay_reproduces_the_state(self):
        if self.events:
            replayed = replay(self.events)
            assert replayed == self.state
            assert replayed.carried_by == self.state.carried_by  # (not compared by ==: see DrawState)


MorkpokerMachine.TestCase.settings = settings(
    max_examples=60, stateful_step_count=120, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
TestMorkpokerMachine = MorkpokerMachine.TestCase
